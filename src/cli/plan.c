/* plan: the files of a run: the command line expanded (patterns,
 * directories walked, exclusions), each file once, none of them an
 * output; and, when none is left, why. */
#include "cli/plan.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/jstring.h"
#include "cli/expand.h"

/* A path that does not exist and holds a glob character: a quoted
 * pattern, or one the shell found nothing for and passed as it is. */
static bool unmatched_pattern(const char *path)
{
	struct stat st;
	return expand_is_pattern(path) && lstat(path, &st) != 0 && errno == ENOENT;
}

/* Expands the command line into jobs, each with its configuration, and
 * counts what it left out. */
static bool collect(struct run_options *o, char **paths, size_t npaths, bool matched_paths,
		    struct file_list *files, struct file_list *dirs, struct left_out *left,
		    struct origins *from)
{
	bool ok = true;
	for (size_t i = 0; i < npaths; i++) {
		size_t first = files->len, origin = ORIGIN_NAMED;
		if (unmatched_pattern(paths[i])) {
			/* A quoted pattern (jgflint 'games/' '*.jgf' without the
			 * space): expanded here, as eslint and ruff do, each match
			 * taken as if named. */
			struct file_list matched = { 0 };
			if (expand_pattern(paths[i], &matched)) {
				ok &= collect(o, matched.items, matched.len, true, files, dirs,
					      left, from);
				files_free(&matched);
				continue;
			}
			/* As eslint says it; --allow-no-files accepts it. */
			if (!o->allow_no_files) {
				fprintf(stderr, "jgflint: no file matches %s (--allow-no-files accepts "
					"this)\n", paths[i]);
				ok = false;
			}
			left->patterns++;
			continue;
		}
		if (o->force_exclude && strcmp(paths[i], "-") != 0) {
			struct buf probe = BUF_INIT;   /* a directory: its own configuration */
			buf_printf(&probe, files_is_directory(paths[i]) ? "%s/." : "%s", paths[i]);
			struct walk_options w = { .exclude = &o->cli.exclude, .cfg = config_for(probe.data) };
			buf_free(&probe);
			if (files_force_excluded(paths[i], &w)) {
				left->named++;
				continue;
			}
		}
		if (files_is_directory(paths[i])) {
			dirs->items = xgrow(dirs->items, &dirs->cap, dirs->len + 1, sizeof *dirs->items);
			dirs->items[dirs->len++] = xstrdup(paths[i]);
			struct buf probe = BUF_INIT;   /* the configuration of the directory itself */
			buf_printf(&probe, "%s/.", paths[i]);
			const struct config *cfg = config_for(probe.data);
			buf_free(&probe);
			const struct rule_list *ext = o->cli.extensions.len || !cfg ? &o->cli.extensions
										 : &cfg->file.extensions;
			struct walk_options w = { ext, o->cli.extensions.len > 0, &o->cli.exclude, cfg,
						  &left->walked, o->follow_symlinks, &left->links, false };
			ok &= files_collect(paths[i], &w, files);
			from->real.items = xgrow(from->real.items, &from->real.cap, dirs->len,
						 sizeof *from->real.items);
			from->real.items[from->real.len++] = realpath(paths[i], NULL);
			origin = dirs->len - 1;
		} else if (matched_paths) {
			files_collect(paths[i], &(struct walk_options){ 0 }, files);
			origin = ORIGIN_MATCHED;
		} else {
			files->items = xgrow(files->items, &files->cap, files->len + 1,
					     sizeof *files->items);
			files->items[files->len++] = paths[i];
		}
		from->dir = xgrow(from->dir, &from->cap, files->len + 1, sizeof *from->dir);
		for (size_t k = first; k < files->len; k++)
			from->dir[k] = origin;
	}
	return ok;
}

/* A file by identity, and where it stands on the command line. */
struct file_key {
	dev_t dev;
	ino_t ino;
	size_t index;
};

static int by_identity(const void *a, const void *b)
{
	const struct file_key *x = a, *y = b;
	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	if (x->ino != y->ino)
		return x->ino < y->ino ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

/* Keeps the first of the names of each file (by device and inode: the
 * same name twice, overlapping directories, a symlink and its target), so
 * that no file is checked or fixed twice, or by two threads at once.
 * Returns the identities left, sorted, for outputs_are_inputs. */
static struct file_key *drop_duplicates(struct file_list *files, size_t *origin, size_t *nkeys)
{
	struct file_key *keys = xcalloc(files->len + 1, sizeof *keys);
	size_t n = 0;
	struct stat st;
	for (size_t i = 0; i < files->len; i++)
		if (strcmp(files->items[i], "-") != 0 && stat(files->items[i], &st) == 0)
			keys[n++] = (struct file_key){ st.st_dev, st.st_ino, i };
	sort_items(keys, n, sizeof *keys, by_identity);
	size_t kept = 0;
	for (size_t i = 0; i < n; i++) {
		if (kept && keys[kept - 1].dev == keys[i].dev && keys[kept - 1].ino == keys[i].ino) {
			if (origin[keys[i].index] != ORIGIN_NAMED)
				free(files->items[keys[i].index]);
			files->items[keys[i].index] = NULL;
		} else {
			keys[kept++] = keys[i];
		}
	}
	size_t len = 0;
	for (size_t i = 0; i < files->len; i++) {
		if (files->items[i]) {
			origin[len] = origin[i];
			files->items[len++] = files->items[i];
		}
	}
	files->len = len;
	*nkeys = kept;
	return keys;
}

/* An output (--format FMT=PATH, --write-baseline) that is also an input
 * would be emptied before it is read: a usage error, said before anything
 * is written. */
static bool outputs_are_inputs(const struct run_options *o, const struct file_key *keys, size_t n,
			       bool stdin_read)
{
	const char *paths[MAX_OUTPUTS + 1];
	const char *options[MAX_OUTPUTS + 1];
	size_t np = 0;
	for (size_t i = 0; i < o->noutputs; i++)
		if (o->outputs[i].path)
			options[np] = "--format", paths[np++] = o->outputs[i].path;
	if (o->write_baseline)
		options[np] = "--write-baseline", paths[np++] = o->write_baseline;
	/* Standard input redirected from a file is an input too. */
	struct stat in;
	bool stdin_file = stdin_read && fstat(STDIN_FILENO, &in) == 0 && S_ISREG(in.st_mode);
	bool clash = false;
	for (size_t i = 0; i < np; i++) {
		struct stat st;
		if (stat(paths[i], &st) != 0)
			continue;
		bool same = stdin_file && in.st_dev == st.st_dev && in.st_ino == st.st_ino;
		for (size_t j = 0; j < n && !same; j++)
			same = keys[j].dev == st.st_dev && keys[j].ino == st.st_ino;
		if (same && !clash) {
			fprintf(stderr, "jgflint: %s %s: this output is also an input, which "
				"writing it would destroy; choose another file\n", options[i], paths[i]);
			clash = true;
		}
	}
	/* A file that is standard output (/dev/stdout, /proc/self/fd/1, the
	 * file `>` redirects to) is standard output: with another output there
	 * (a format without =PATH, the diff, --fix -'s document), the two
	 * would be mixed. /dev/null holds nothing to mix. */
	struct stat out, null;
	bool stdout_used = o->diff || (stdin_read && o->fix);
	for (size_t i = 0; i < o->noutputs; i++)
		stdout_used |= !o->outputs[i].path;
	bool stdout_known = fstat(STDOUT_FILENO, &out) == 0 &&
			    !(S_ISCHR(out.st_mode) && stat("/dev/null", &null) == 0 &&
			      out.st_rdev == null.st_rdev);
	for (size_t i = 0; i < np && !clash && stdout_used && stdout_known; i++) {
		struct stat st;
		if (stat(paths[i], &st) == 0 && st.st_dev == out.st_dev && st.st_ino == out.st_ino) {
			fprintf(stderr, "jgflint: %s %s is standard output, where %s already goes; "
				"two outputs there would be mixed: write one of them to a file\n",
				options[i], paths[i], o->diff ? "the diff" : stdin_read && o->fix ?
				"the fixed document" : "a report");
			clash = true;
		}
	}
	/* Two outputs to one file would overwrite each other. */
	for (size_t i = 0; i < np && !clash; i++) {
		struct stat a, b;
		bool a_exists = stat(paths[i], &a) == 0;
		for (size_t j = 0; j < i && !clash; j++) {
			clash = strcmp(paths[i], paths[j]) == 0 || (a_exists && stat(paths[j], &b) == 0 &&
								    a.st_dev == b.st_dev && a.st_ino == b.st_ino);
			if (clash)
				fprintf(stderr, "jgflint: %s %s and %s %s are one file: each output needs "
					"its own\n", options[j], paths[j], options[i], paths[i]);
		}
	}
	return clash;
}

/* Whether a file ending in `ending` is one the walk with ext takes. */
static bool taken(const char *ending, const struct rule_list *ext)
{
	size_t n = strlen(ending);
	if (!ext->len)
		return strcasecmp(ending, ".jgf") == 0;
	for (size_t i = 0; i < ext->len; i++) {
		size_t e = strlen(ext->items[i]);
		if (e <= n && strcasecmp(ending + n - e, ext->items[i]) == 0)
			return true;
	}
	return false;
}

/* The files of the formats jgflint reads that the directories hold under
 * other endings than ext's (a folder of SGF walked for .jgf), walked
 * again as collect() walked them, and the option that checks them. */
static void say_readable(const struct run_options *o, const struct file_list *dirs,
			 const struct rule_list *ext)
{
	static char *const readable[] = { ".jgf", ".sgf", ".gib", ".ngf", ".ugf", ".ugi", ".ugz" };
	enum { NREADABLE = sizeof readable / sizeof *readable };
	size_t count[NREADABLE] = { 0 };
	struct rule_list others = { 0 };
	for (size_t i = 0; i < NREADABLE; i++)
		if (!taken(readable[i], ext))
			rule_list_add(&others, readable[i]);
	for (size_t d = 0; others.len && d < dirs->len; d++) {
		struct buf probe = BUF_INIT;
		buf_printf(&probe, "%s/.", dirs->items[d]);
		struct walk_options w = { .extensions = &others, .cli_extensions = true,
					  .exclude = &o->cli.exclude, .cfg = config_for(probe.data),
					  .follow_symlinks = o->follow_symlinks, .quiet = true };
		buf_free(&probe);
		struct file_list found = { 0 };
		files_collect(dirs->items[d], &w, &found);
		for (size_t f = 0; f < found.len; f++) {
			size_t n = strlen(found.items[f]);
			for (size_t i = 0; i < NREADABLE; i++)
				if (n > 4 && strcasecmp(found.items[f] + n - 4, readable[i]) == 0)
					count[i]++;
		}
		files_free(&found);
	}
	for (size_t i = 0; i < others.len; i++)
		free(others.items[i]);
	free(others.items);
	size_t kinds = 0, total = 0;
	for (size_t i = 0; i < NREADABLE; i++)
		kinds += count[i] > 0, total += count[i];
	if (!kinds)
		return;
	fprintf(stderr, "; %s ", dirs->len == 1 ? "it holds" : "they hold");
	size_t k = 0;
	for (size_t i = 0; i < NREADABLE; i++) {
		if (!count[i])
			continue;
		k++;
		fprintf(stderr, "%s%zu %s%s", k == 1 ? "" : k == kinds ? " and " : ", ", count[i],
			k > 1 ? "" : count[i] == 1 ? "file ending in " : "files ending in ",
			readable[i]);
	}
	fprintf(stderr, ", which jgflint reads too: --extensions ");
	k = 0;
	for (size_t i = 0; i < NREADABLE; i++)
		if (count[i])
			fprintf(stderr, "%s%s", k++ ? "," : "", readable[i]);
	fprintf(stderr, " checks %s", total == 1 ? "it" : "them");
}

void plan_say_nothing(const struct run_options *o, const struct file_list *dirs,
		      size_t npaths, const struct left_out *left)
{
	fputs("jgflint: no file was checked: ", stderr);
	if (dirs->len == 1 && npaths == 1) {
		struct buf shown = BUF_INIT;
		fprintf(stderr, "%s has no file ending in ", shown_text(&shown, dirs->items[0]));
		buf_free(&shown);
	} else {
		fputs("the directories given have no file ending in ", stderr);
	}
	const struct rule_list *ext = &o->cli.extensions;
	if (!ext->len && dirs->len) {   /* the endings collect() used */
		struct buf probe = BUF_INIT;
		buf_printf(&probe, "%s/.", dirs->items[0]);
		const struct config *cfg = config_for(probe.data);
		buf_free(&probe);
		if (cfg)
			ext = &cfg->file.extensions;
	}
	for (size_t i = 0; i < ext->len; i++)
		fprintf(stderr, "%s%s", i ? (i + 1 == ext->len ? " or " : ", ") : "", ext->items[i]);
	fputs(ext->len ? "" : ".jgf", stderr);
	if (left->walked)   /* not absent: left out */
		fprintf(stderr, " that is not excluded: --exclude, the configuration's "
			"exclude and .gitignore left out %zu path%s", left->walked,
			left->walked == 1 ? "" : "s");
	say_readable(o, dirs, ext);
	if (left->links)   /* not absent: not followed */
		fprintf(stderr, "; %zu symbolic link%s named like one %s not followed "
			"(--follow-symlinks follows them;", left->links, left->links == 1 ? "" : "s",
			left->links == 1 ? "was" : "were");
	fputs(left->links ? " --allow-no-files accepts this)\n" : " (--allow-no-files accepts this)\n",
	      stderr);
}

void plan_free(struct file_list *files, struct origins *from)
{
	for (size_t i = 0; i < files->len; i++)
		if (from->dir[i] == ORIGIN_NAMED)
			files->items[i] = NULL;   /* the command line's */
	files_free(files);
	free(from->dir);
	files_free(&from->real);
	*from = (struct origins){ 0 };
}

bool plan_files(struct run_options *o, char **paths, size_t npaths, struct file_list *files,
		struct file_list *dirs, struct left_out *left, struct origins *from, bool *trouble)
{
	*trouble |= !collect(o, paths, npaths, false, files, dirs, left, from);
	from->dir = xgrow(from->dir, &from->cap, files->len + 1, sizeof *from->dir);
	size_t nkeys;
	struct file_key *keys = drop_duplicates(files, from->dir, &nkeys);
	bool stdin_read = false;
	for (size_t i = 0; i < files->len; i++)
		stdin_read |= strcmp(files->items[i], "-") == 0;
	bool clash = outputs_are_inputs(o, keys, nkeys, stdin_read);
	free(keys);
	return !clash;
}
