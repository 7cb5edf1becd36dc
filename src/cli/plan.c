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
#include "convert/named.h"
#include "core/record.h"
#include "read/load.h"
#include "cli/expand.h"

/* A path that does not exist and holds a glob character: a quoted
 * pattern, or one the shell found nothing for and passed as it is. */
static bool unmatched_pattern(const char *path)
{
	struct stat st;
	return expand_is_pattern(path) && lstat(path, &st) != 0 && errno == ENOENT;
}

/* The endings of left->readable, in that order: .jgf, the formats named
 * by their ending, .json (a record by content: JGF, SGF-in-JSON, OGS;
 * package.json is none). */
#define READABLE_JSON (PLAN_READABLE - 1)

static void readable_endings(struct rule_list *out)
{
	const char *named[NAMED_ENDINGS];
	size_t n = named_endings(named);
	rule_list_add(out, ".jgf");
	for (size_t i = 0; i < n; i++)
		rule_list_add(out, named[i]);
	rule_list_add(out, ".json");
}

/* A walk's notice (files.h): a file left for its ending, counted or kept. */
static void left_unread(void *ctx, const char *path, size_t ending)
{
	struct left_out *left = ctx;
	if (!left->unread_keep && ending != READABLE_JSON) {
		left->unread[ending]++;
		return;
	}
	struct file_list *l = &left->unread_kept[ending];
	l->items = xgrow(l->items, &l->cap, l->len + 1, sizeof *l->items);
	l->items[l->len++] = xstrdup(path);
}

/* The walk of the directory dir as a run walks it: its configuration's
 * endings (unless --extensions), exclusions and symbolic links, what it
 * leaves out counted in left, and with notice, the files it leaves for
 * their ending of the formats jgflint reads (left_unread). */
static struct walk_options dir_walk(const struct run_options *o, const char *dir,
				    struct left_out *left, bool notice)
{
	struct buf probe = BUF_INIT;   /* the configuration of the directory itself */
	buf_printf(&probe, "%s/.", dir);
	const struct config *cfg = config_for(probe.data);
	buf_free(&probe);
	const struct rule_list *ext = o->cli.extensions.len || !cfg ? &o->cli.extensions
								 : &cfg->file.extensions;
	if (notice && !left->readable.len)   /* a run of files named walks none */
		readable_endings(&left->readable);
	return (struct walk_options){ ext, o->cli.extensions.len > 0, &o->cli.exclude, cfg,
				      &left->walked, o->follow_symlinks, &left->links, false,
				      notice ? &left->readable : NULL, left_unread, left };
}

/* A file by identity, and where it stands on the command line. */
struct file_key {
	dev_t dev;
	ino_t ino;
	size_t index;
};

/* The identities of the files named, as collect's look at what each is
 * found them (in the order of their indices), so that drop_duplicates
 * takes no second stat of each. */
struct known_keys {
	struct file_key *items;
	size_t len, cap;
};

/* Expands the command line into jobs, each with its configuration, and
 * counts what it left out; the files named by identity into known. */
static bool collect(struct run_options *o, char **paths, size_t npaths, bool matched_paths,
		    struct file_list *files, struct file_list *dirs, struct left_out *left,
		    struct origins *from, struct known_keys *known)
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
					      left, from, known);
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
		struct stat st;   /* what it is (files_is_directory's look) and who */
		bool seen = stat(paths[i], &st) == 0, dir = seen && S_ISDIR(st.st_mode);
		if (o->force_exclude && strcmp(paths[i], "-") != 0) {
			struct buf probe = BUF_INIT;   /* a directory: its own configuration */
			buf_printf(&probe, dir ? "%s/." : "%s", paths[i]);
			struct walk_options w = { .exclude = &o->cli.exclude, .cfg = config_for(probe.data) };
			buf_free(&probe);
			if (files_force_excluded(paths[i], &w)) {
				left->named++;
				continue;
			}
		}
		if (dir) {
			dirs->items = xgrow(dirs->items, &dirs->cap, dirs->len + 1, sizeof *dirs->items);
			dirs->items[dirs->len++] = xstrdup(paths[i]);
			/* What it holds unread is noticed as it is walked, for
			 * the summary: -q prints none (plan_say_nothing walks
			 * again should nothing be checked). */
			struct walk_options w = dir_walk(o, paths[i], left, !o->quiet);
			ok &= files_collect(paths[i], &w, files);
			from->real.items = xgrow(from->real.items, &from->real.cap, dirs->len,
						 sizeof *from->real.items);
			from->real.items[from->real.len++] = realpath(paths[i], NULL);
			origin = dirs->len - 1;
		} else if (matched_paths) {
			files_collect(paths[i], &(struct walk_options){ 0 }, files);
			origin = ORIGIN_MATCHED;
		} else {
			if (seen && strcmp(paths[i], "-") != 0) {
				known->items = xgrow(known->items, &known->cap, known->len + 1,
						     sizeof *known->items);
				known->items[known->len++] = (struct file_key){ st.st_dev, st.st_ino,
										files->len };
			}
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

static int by_identity(const void *a, const void *b)
{
	const struct file_key *x = a, *y = b;
	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	if (x->ino != y->ino)
		return x->ino < y->ino ? -1 : 1;
	return x->index < y->index ? -1 : x->index > y->index;
}

/* by_identity's order without the index: the same file. */
static int by_file_only(const void *a, const void *b)
{
	const struct file_key *x = a, *y = b;
	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	return x->ino < y->ino ? -1 : x->ino > y->ino;
}

/* Keeps the first of the names of each file (by device and inode: the
 * same name twice, overlapping directories, a symlink and its target), so
 * that no file is checked or fixed twice, or by two threads at once.
 * Returns the identities left, sorted, for outputs_are_inputs. */
static struct file_key *drop_duplicates(struct file_list *files, size_t *origin,
					const struct known_keys *known, size_t *nkeys)
{
	struct file_key *keys = xcalloc(files->len + 1, sizeof *keys);
	size_t n = 0, k = 0;
	struct stat st;
	for (size_t i = 0; i < files->len; i++)
		if (k < known->len && known->items[k].index == i)
			keys[n++] = known->items[k++];
		else if (strcmp(files->items[i], "-") != 0 && stat(files->items[i], &st) == 0)
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

/* Whether the .json file at path is a game record jgflint reads: one of
 * at most a megabyte (this is a note's, not a check's), read whole. */
static bool json_record(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0 || st.st_size > 1024 * 1024)
		return false;
	struct document doc;
	document_load_file(&doc, path);
	bool yes = false;
	if (!doc.io_failed && doc.parsed) {
		const struct record_info *rec = document_record(&doc);
		yes = rec->dialect == DIALECT_JGF || rec->dialect == DIALECT_NGGO ||
		      (rec->dialect == DIALECT_FOREIGN && rec->convertible);
	}
	document_free(&doc);
	return yes;
}

/* A file kept by name, by identity, and whether it is a game record. */
struct kept_file {
	dev_t dev;
	ino_t ino;
	bool record;
};

static int by_file(const void *a, const void *b)
{
	const struct kept_file *x = a, *y = b;
	if (x->dev != y->dev)
		return x->dev < y->dev ? -1 : 1;
	return x->ino < y->ino ? -1 : x->ino > y->ino;
}

/* How many files l names, each once (by identity); with json, how many
 * of them are game records, and into *others how many are not. */
static size_t count_kept(const struct file_list *l, bool json, size_t *others)
{
	struct kept_file *ids = xcalloc(l->len + 1, sizeof *ids);
	size_t n = 0, count = 0;
	struct stat st;
	for (size_t i = 0; i < l->len; i++)
		if (stat(l->items[i], &st) == 0)
			ids[n++] = (struct kept_file){ st.st_dev, st.st_ino,
						       !json || json_record(l->items[i]) };
	sort_items(ids, n, sizeof *ids, by_file);
	for (size_t i = 0; i < n; i++) {
		if (i && !by_file(&ids[i - 1], &ids[i]))
			continue;
		count += ids[i].record;
		*others += !ids[i].record;
	}
	free(ids);
	return count;
}

/* What the walks left unread, by ending (the .json files that are game
 * records), into count; their total, and into *others the .json files
 * that are none. */
static size_t count_unread(const struct left_out *left, size_t count[PLAN_READABLE],
			   size_t *others)
{
	size_t total = 0;
	*others = 0;
	for (size_t i = 0; i < PLAN_READABLE; i++) {
		count[i] = left->unread[i] + count_kept(&left->unread_kept[i], i == READABLE_JSON,
							others);
		total += count[i];
	}
	return total;
}

/* " (and 2 .json files that hold no game: --exclude them)", which the
 * --extensions named would check too. */
static void say_others(struct buf *out, const size_t count[PLAN_READABLE], size_t others)
{
	if (count[READABLE_JSON] && others)
		buf_printf(out, " (and %zu .json file%s that hold%s no game: --exclude %s)", others,
			   others == 1 ? "" : "s", others == 1 ? "s" : "", others == 1 ? "it" : "them");
}

/* The --extensions that checks the files counted: ext's own first when
 * with_ext (a run that checked some), then the endings counted. */
static void say_extensions(struct buf *out, const struct rule_list *ext, bool with_ext,
			   const struct left_out *left, const size_t count[PLAN_READABLE])
{
	size_t k = 0;
	buf_adds(out, "--extensions ");
	for (size_t i = 0; with_ext && i < ext->len; i++)
		buf_printf(out, "%s%s", k++ ? "," : "", ext->items[i]);
	if (with_ext && !ext->len)
		buf_printf(out, "%s", k++ ? ",.jgf" : ".jgf");
	for (size_t i = 0; i < PLAN_READABLE; i++)
		if (count[i])
			buf_printf(out, "%s%s", k++ ? "," : "", left->readable.items[i]);
}

/* The endings of a walk: --extensions', else the configuration's of the
 * first directory (collect() used each directory's own). */
static const struct rule_list *walk_endings(const struct run_options *o,
					    const struct file_list *dirs)
{
	const struct rule_list *ext = &o->cli.extensions;
	if (!ext->len && dirs->len) {
		struct buf probe = BUF_INIT;
		buf_printf(&probe, "%s/.", dirs->items[0]);
		const struct config *cfg = config_for(probe.data);
		buf_free(&probe);
		if (cfg)
			ext = &cfg->file.extensions;
	}
	return ext;
}

/* "; it holds 2 files ending in .sgf and 1 .gib, which jgflint reads too:
 * --extensions .sgf,.gib checks them", of a run that checked nothing. */
static void say_readable(const struct file_list *dirs, const struct rule_list *ext,
			 const struct left_out *left)
{
	size_t count[PLAN_READABLE], others;
	size_t total = count_unread(left, count, &others), kinds = 0;
	if (!total)
		return;
	for (size_t i = 0; i < PLAN_READABLE; i++)
		kinds += count[i] > 0;
	fprintf(stderr, "; %s ", dirs->len == 1 ? "it holds" : "they hold");
	size_t k = 0;
	for (size_t i = 0; i < PLAN_READABLE; i++) {
		if (!count[i])
			continue;
		k++;
		fprintf(stderr, "%s%zu %s%s%s", k == 1 ? "" : k == kinds ? " and " : ", ", count[i],
			k > 1 ? "" : count[i] == 1 ? "file ending in " : "files ending in ",
			left->readable.items[i], i == READABLE_JSON ? " (game records)" : "");
	}
	struct buf option = BUF_INIT;
	say_extensions(&option, ext, false, left, count);
	buf_printf(&option, " checks %s", total == 1 ? "it" : "them");
	say_others(&option, count, others);
	fprintf(stderr, ", which jgflint reads too: %s", option.data);
	buf_free(&option);
}

void plan_say_unread(struct buf *out, const struct run_options *o, const struct file_list *dirs,
		     const struct left_out *left)
{
	size_t count[PLAN_READABLE], others;
	size_t total = count_unread(left, count, &others);
	if (!total)
		return;
	buf_printf(out, "; %zu file%s of %s format%s not checked (", total, total == 1 ? "" : "s",
		   total == 1 ? "another" : "other", total == 1 ? "" : "s");
	for (size_t i = 0, k = 0; i < PLAN_READABLE; i++)
		if (count[i])
			buf_printf(out, "%s%zu %s", k++ ? ", " : "", count[i],
				   left->readable.items[i]);
	buf_adds(out, "): ");
	say_extensions(out, walk_endings(o, dirs), true, left, count);
	buf_printf(out, " checks %s", total == 1 ? "it" : "them");
	say_others(out, count, others);
}

void plan_say_nothing(const struct run_options *o, const struct file_list *dirs,
		      size_t npaths, struct left_out *left)
{
	/* -q noticed nothing as it walked: the walks again, quietly. */
	if (o->quiet && dirs->len && !left->readable.len)
		readable_endings(&left->readable);
	for (size_t d = 0; o->quiet && d < dirs->len; d++) {
		struct left_out again = { .readable = left->readable, .unread_keep = dirs->len > 1 };
		struct walk_options w = dir_walk(o, dirs->items[d], &again, true);
		w.quiet = true;
		struct file_list found = { 0 };
		files_collect(dirs->items[d], &w, &found);
		files_free(&found);
		for (size_t i = 0; i < PLAN_READABLE; i++) {
			left->unread[i] += again.unread[i];
			struct file_list *l = &left->unread_kept[i];
			for (size_t k = 0; k < again.unread_kept[i].len; k++) {
				l->items = xgrow(l->items, &l->cap, l->len + 1, sizeof *l->items);
				l->items[l->len++] = again.unread_kept[i].items[k];
			}
			free(again.unread_kept[i].items);
		}
	}
	fputs("jgflint: no file was checked: ", stderr);
	if (dirs->len == 1 && npaths == 1) {
		struct buf shown = BUF_INIT;
		fprintf(stderr, "%s has no file ending in ", shown_text(&shown, dirs->items[0]));
		buf_free(&shown);
	} else {
		fputs("the directories given have no file ending in ", stderr);
	}
	const struct rule_list *ext = walk_endings(o, dirs);   /* the endings collect() used */
	for (size_t i = 0; i < ext->len; i++)
		fprintf(stderr, "%s%s", i ? (i + 1 == ext->len ? " or " : ", ") : "", ext->items[i]);
	fputs(ext->len ? "" : ".jgf", stderr);
	if (left->walked)   /* not absent: left out */
		fprintf(stderr, " that is not excluded: --exclude, the configuration's "
			"exclude and .gitignore left out %zu path%s", left->walked,
			left->walked == 1 ? "" : "s");
	say_readable(dirs, ext, left);
	if (left->links)   /* not absent: not followed */
		fprintf(stderr, "; %zu symbolic link%s named like one %s not followed "
			"(--follow-symlinks follows them;", left->links, left->links == 1 ? "" : "s",
			left->links == 1 ? "was" : "were");
	fputs(left->links ? " --allow-no-files accepts this)\n" : " (--allow-no-files accepts this)\n",
	      stderr);
}

void file_runs_put(struct file_runs *r, size_t first, uintptr_t v)
{
	if (r->len && r->items[r->len - 1].value == v)
		return;
	r->items = xgrow(r->items, &r->cap, r->len + 1, sizeof *r->items);
	r->items[r->len++] = (struct file_run){ first, v };
}

uintptr_t file_runs_get(const struct file_runs *r, size_t i)
{
	size_t lo = 0, hi = r->len;   /* the last run whose first is at most i */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (r->items[mid].first <= i)
			lo = mid;
		else
			hi = mid;
	}
	return r->items[lo].value;
}

void file_runs_free(struct file_runs *r)
{
	free(r->items);
	*r = (struct file_runs){ 0 };
}

void plan_free(struct file_list *files, struct origins *from, struct left_out *left)
{
	for (size_t i = 0; i < PLAN_READABLE; i++)
		files_free(&left->unread_kept[i]);
	for (size_t i = 0; i < left->readable.len; i++)
		free(left->readable.items[i]);
	free(left->readable.items);
	for (size_t i = 0; i < files->len; i++)
		if (file_runs_get(&from->runs, i) == ORIGIN_NAMED)
			files->items[i] = NULL;   /* the command line's */
	files_free(files);
	free(from->dir);
	file_runs_free(&from->runs);
	files_free(&from->real);
	*from = (struct origins){ 0 };
}

/* The files a walk left for their ending that the run checks all the
 * same, named beside the folder that holds them (`jgflint DIR DIR/a.sgf`),
 * taken out of left's kept ones: they are not unread. keys: the files
 * checked, sorted by identity. */
static void drop_checked(struct left_out *left, const struct file_key *keys, size_t nkeys)
{
	struct stat st;
	for (size_t i = 0; i < PLAN_READABLE; i++) {
		struct file_list *l = &left->unread_kept[i];
		size_t len = 0;
		for (size_t k = 0; k < l->len; k++) {
			bool checked = nkeys && stat(l->items[k], &st) == 0 &&
				       bsearch(&(struct file_key){ st.st_dev, st.st_ino, 0 }, keys,
					       nkeys, sizeof *keys, by_file_only);
			if (checked)
				free(l->items[k]);
			else
				l->items[len++] = l->items[k];
		}
		l->len = len;
	}
}

bool plan_files(struct run_options *o, char **paths, size_t npaths, struct file_list *files,
		struct file_list *dirs, struct left_out *left, struct origins *from, bool *trouble)
{
	left->unread_keep = npaths > 1;
	struct known_keys known = { 0 };
	*trouble |= !collect(o, paths, npaths, false, files, dirs, left, from, &known);
	from->dir = xgrow(from->dir, &from->cap, files->len + 1, sizeof *from->dir);
	size_t nkeys;
	struct file_key *keys = drop_duplicates(files, from->dir, &known, &nkeys);
	free(known.items);
	bool stdin_read = false;
	for (size_t i = 0; i < files->len; i++)
		stdin_read |= strcmp(files->items[i], "-") == 0;
	bool clash = outputs_are_inputs(o, keys, nkeys, stdin_read);
	drop_checked(left, keys, nkeys);
	free(keys);
	for (size_t i = 0; i < files->len; i++)
		file_runs_put(&from->runs, i, from->dir[i]);
	free(from->dir);
	from->dir = NULL, from->cap = 0;
	return !clash;
}
