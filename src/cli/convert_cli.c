/* convert_cli: `jgflint --convert`: reads each input (SGF, SGF-in-JSON or
 * UGF/UGI), converts every game (src/convert.c), lints the record, and
 * writes it beside the input, into --output DIR, or to standard output. */
#include "cli/convert_cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/buf.h"
#include "core/catalog.h"
#include "base/charset.h"
#include "convert/convert.h"
#include "cli/files.h"
#include "base/jstring.h"
#include "lint/lint.h"
#include "read/load.h"
#include "core/record.h"
#include "cli/run.h"
#include "convert/sgf.h"
#include "convert/sgfjson.h"
#include "read/sniff.h"
#include "convert/ugf.h"
#include "cli/write.h"

/* The value of the first CA[...] in the raw bytes: the identifier and its
 * value are ASCII in every character set SGF files use. */
static char *find_ca(const char *s, size_t len)
{
	for (size_t i = 0; i + 2 < len; i++) {
		if (s[i] != 'C' || s[i + 1] != 'A' || (i && s[i - 1] >= 'A' && s[i - 1] <= 'Z'))
			continue;
		size_t j = i + 2;
		while (j < len && (s[j] == ' ' || s[j] == '\t' || s[j] == '\r' || s[j] == '\n'))
			j++;
		if (j >= len || s[j] != '[')
			continue;
		size_t k = ++j;
		while (k < len && s[k] != ']' && k - j < 40)
			k++;
		if (k >= len || s[k] != ']')
			return NULL;
		char *v = xstrndup(s + j, k - j);
		/* trim */
		char *a = v, *e = v + strlen(v);
		while (*a == ' ')
			a++;
		while (e > a && e[-1] == ' ')
			e--;
		*e = '\0';
		memmove(v, a, strlen(a) + 1);
		return v;
	}
	return NULL;
}

/* Decodes SGF bytes to UTF-8 as CA says, else as the bytes allow; the note
 * says which character set was used and why. */
static void decode_sgf(const char *s, size_t len, struct buf *out, struct sgf_notes *notes)
{
	struct sgf_pos file = { 0, 0 };
	const char *used;
	if (len >= 2 && (!memcmp(s, "\xFF\xFE", 2) || !memcmp(s, "\xFE\xFF", 2))) {
		if (charset_decode(s, len, "UTF-16", out, &used)) {
			sgf_note(notes, file, "read as UTF-16 (its byte order mark)");
			return;
		}
	}
	/* UTF-16 without a mark: the first character, `(`, is ASCII. */
	if (len >= 2 && (!s[0] != !s[1]) &&
	    charset_decode(s, len, s[0] ? "UTF-16LE" : "UTF-16BE", out, &used)) {
		sgf_note(notes, file, "read as %s (a zero byte beside every ASCII character)", used);
		return;
	}
	if (len >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3) && charset_valid_utf8(s + 3, len - 3)) {
		buf_add(out, s + 3, len - 3);
		sgf_note(notes, file, "read as UTF-8 (its byte order mark)");
		return;
	}
	char *ca = find_ca(s, len);
	if (ca && charset_decode(s, len, ca, out, &used)) {
		sgf_note(notes, file, "read as %s (CA[%s])", used, ca);
	} else if (charset_valid_utf8(s, len)) {
		buf_add(out, s, len);
		if (ca)
			sgf_note(notes, file, "CA[%s] does not fit the bytes, which are valid UTF-8: "
				 "read as UTF-8", ca);
		else
			sgf_note(notes, file, "no CA: the bytes are valid UTF-8, read as UTF-8 (not "
				 "ISO-8859-1, SGF's default)");
	} else {
		charset_decode(s, len, "ISO-8859-1", out, &used);
		if (ca)
			sgf_note(notes, file, "CA[%s] is not a character set iconv knows or does not "
				 "fit the bytes: read as ISO-8859-1", ca);
		else
			sgf_note(notes, file, "no CA: read as ISO-8859-1, SGF's default");
	}
	free(ca);
	if (!out->data)
		buf_adds(out, "");
}

/* Whether "(;" starts a line in the first 64 KiB. */
static bool game_tree_after_text(const char *s, size_t len)
{
	if (len > 65536)
		len = 65536;
	for (size_t i = 0; i + 1 < len; i++)
		if (s[i] == '(' && s[i + 1] == ';' && (i == 0 || s[i - 1] == '\n' || s[i - 1] == '\r'))
			return true;
	return false;
}

/* The record's path: beside the input, or in DIR (below DIR, the input's
 * directories under the walked directory root, when it came from a walk),
 * named BASE.jgf or BASE-N.jgf. */
static char *output_path(const char *input, const char *root, const char *dir, size_t game,
			 size_t ngames)
{
	const char *slash = strrchr(input, '/');
	const char *base = slash ? slash + 1 : input;
	if (!strcmp(input, "-"))
		base = "stdin";
	const char *dot = strrchr(base, '.');
	size_t stem = dot && dot != base ? (size_t)(dot - base) : strlen(base);
	struct buf b = BUF_INIT;
	if (dir) {
		buf_printf(&b, "%s/", dir);
		size_t rootlen = root ? strlen(root) : 0;
		while (rootlen > 0 && root[rootlen - 1] == '/')   /* the walk writes "games/x" */
			rootlen--;
		if (root && slash && (size_t)(slash - input) > rootlen)
			buf_add(&b, input + rootlen + 1, (size_t)(slash - input) - rootlen);
	} else if (slash) {
		buf_add(&b, input, (size_t)(slash - input) + 1);
	}
	buf_add(&b, base, stem);
	if (ngames > 1)
		buf_printf(&b, "-%zu", game + 1);
	buf_adds(&b, ".jgf");
	return buf_detach(&b);
}

/* Creates the directories of path's parent that do not exist (mkdir -p). */
static int make_parents(const char *path)
{
	char *p = xstrdup(path);
	int err = 0;
	for (char *slash = strchr(p + 1, '/'); slash && !err; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		if (mkdir(p, 0777) != 0 && errno != EEXIST)
			err = errno;
		*slash = '/';
	}
	free(p);
	return err;
}

static bool same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

/* Writes data to path: a new file is created exclusively (so nothing
 * appears over a file made meanwhile), then filled atomically. */
static int write_record(const char *path, const char *data, size_t len, bool force)
{
	bool created = false;
	int fd = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
	if (fd >= 0) {
		close(fd);
		created = true;
	} else if (errno != EEXIST) {
		return errno;
	} else if (!force) {
		return EEXIST;
	}
	int err = write_atomic(path, data, len);
	if (err && created)
		unlink(path);
	return err;
}

static void print_note(FILE *msg, const char *src, const struct sgf_note *n)
{
	/* The name and the values a note quotes are the file's: shown escaped. */
	struct buf name = BUF_INIT, text = BUF_INIT;
	shown_text(&name, src);
	shown_text(&text, n->text);
	if (n->pos.line)
		fprintf(msg, "%s:%lu:%lu: note: %s\n", name.data, n->pos.line, n->pos.col, text.data);
	else
		fprintf(msg, "%s: note: %s\n", name.data, text.data);
	buf_free(&name);
	buf_free(&text);
}

struct inode_set {
	struct { dev_t dev; ino_t ino; } *items;
	size_t len, cap;
};

struct job {
	const struct convert_options *o;
	FILE *msg;
	int status;
	size_t bugs;   /* findings outside go in the records written */
	/* The records this run wrote: with --force, a second game bound for the
	 * same name (a.sgf and a.ugf, or two inputs named alike into --output)
	 * must not replace the first. */
	struct inode_set written;
	/* The inputs converted: a file named twice (a directory and a file in
	 * it, ./a.sgf and a.sgf) is converted once. */
	struct inode_set inputs;
};

static bool inode_set_has(const struct inode_set *set, const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return false;
	for (size_t i = 0; i < set->len; i++)
		if (set->items[i].dev == st.st_dev && set->items[i].ino == st.st_ino)
			return true;
	return false;
}

static void inode_set_add(struct inode_set *set, const char *path)
{
	struct stat st;
	if (inode_set_has(set, path) || stat(path, &st) != 0)
		return;
	set->items = xgrow(set->items, &set->cap, set->len + 1, sizeof *set->items);
	set->items[set->len].dev = st.st_dev;
	set->items[set->len++].ino = st.st_ino;
}

static void worse(struct job *j, int status)
{
	if (status > j->status)
		j->status = status;
}

/* Lints the record: go findings are the source game's own and are reported
 * at its positions; anything else is a converter bug. */
static void lint_record(struct job *j, const char *src, const char *name, const char *json,
			size_t len, struct posmap *map)
{
	struct document doc;
	document_load_buffer(&doc, name, json, len);
	lint_document(&doc, NULL);
	for (size_t i = 0; i < doc.diags.len; i++) {
		const struct diag *d = &doc.diags.items[i];
		if (!strcmp(d->rule->category, "go")) {
			struct sgf_pos pos = d->pointer ? posmap_find(map, d->pointer) : (struct sgf_pos){0};
			fprintf(j->msg, "%s:%lu:%lu: %s: %s [%s]\n", src, pos.line, pos.col,
				severity_name(d->severity), d->message, d->rule->id);
			if (d->severity == SEV_ERROR)
				worse(j, EXIT_FINDINGS);
		} else {
			fprintf(j->msg, "%s:%lu:%lu: error: converter bug: the record it wrote has "
				"this finding: %s [%s]\n", name, d->line, d->col, d->message, d->rule->id);
			worse(j, EXIT_FINDINGS);
			j->bugs++;
		}
	}
	document_free(&doc);
}

/* root: the directory the walk that found path started from, or NULL. */
static void convert_one(struct job *j, const char *path, const char *root)
{
	if (strcmp(path, "-") && inode_set_has(&j->inputs, path))
		return;   /* named before: converted once */
	inode_set_add(&j->inputs, path);
	struct document doc;
	document_load_file(&doc, path);
	/* The name as messages show it (a name can hold anything). */
	struct buf shown_src = BUF_INIT;
	const char *src = shown_text(&shown_src, doc.path);
	if (doc.io_failed) {
		fprintf(j->msg, "%s: error: %s\n", src, doc.diags.items[0].message);
		worse(j, EXIT_TROUBLE);
		document_free(&doc);
		buf_free(&shown_src);
		return;
	}
	struct sgf_games games = {0};
	struct sgf_notes notes = {0};
	enum text_format kind = sniff_text(doc.text, doc.len);
	/* Text before the first game tree (a mail header, a web page's words):
	 * SGFC skips it, and so does the reader, with a note. */
	if (kind == TEXT_OTHER && !doc.parsed && game_tree_after_text(doc.text, doc.len))
		kind = TEXT_SGF;
	const char *format = "SGF";
	if (kind == TEXT_SGF) {
		struct buf text = BUF_INIT;
		decode_sgf(doc.text, doc.len, &text, &notes);
		size_t skip = text.len >= 3 && !memcmp(text.data, "\xEF\xBB\xBF", 3) ? 3 : 0;
		sgf_read(text.data + skip, text.len - skip, &games, &notes);
		buf_free(&text);
	} else if (kind == TEXT_UGF) {
		format = "UGF";
		ugf_read(doc.text, doc.len, &games, &notes);
	} else {
		struct record_info rec;
		if (doc.parsed)
			record_classify(doc.root, &rec);
		if (!doc.parsed || !rec.convertible) {
			fprintf(j->msg, "%s: error: not SGF, SGF-in-JSON or UGF/UGI: nothing to convert\n",
				src);
			worse(j, EXIT_TROUBLE);
			document_free(&doc);
			buf_free(&shown_src);
			return;
		}
		format = "SGF-in-JSON";
		sgfjson_read(&doc, &games, &notes);
	}
	for (size_t i = 0; i < notes.len; i++)
		print_note(j->msg, src, &notes.items[i]);
	if (!games.len) {
		fprintf(j->msg, "%s: error: no game found in this %s file\n", src, format);
		worse(j, EXIT_TROUBLE);
	}
	const char *dir = j->o->output && strcmp(j->o->output, "-") ? j->o->output : NULL;
	bool to_stdout = (j->o->output && !strcmp(j->o->output, "-")) ||
			 (!j->o->output && !strcmp(path, "-"));
	if (to_stdout && games.len > 1) {
		fprintf(j->msg, "%s: error: %zu games cannot all go to standard output: give "
			"--output DIR\n", src, games.len);
		worse(j, EXIT_TROUBLE);
		sgf_games_free(&games);
	}
	for (size_t g = 0; g < games.len; g++) {
		struct sgf_notes gnotes = {0};
		struct posmap map = {0};
		struct buf kept = BUF_INIT;
		json_object *rec = convert_game(games.games[g], kind == TEXT_UGF ? "ugf" : "sgf",
						&gnotes, &map, &kept);
		for (size_t i = 0; i < gnotes.len; i++)
			print_note(j->msg, src, &gnotes.items[i]);
		if (!rec) {
			worse(j, EXIT_FINDINGS);
			goto next;
		}
		size_t len;
		const char *json = json_object_to_json_string_length(
			rec, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
			JSON_C_TO_STRING_NOSLASHESCAPE, &len);
		/* The same values, with no invisible character raw in the
		 * record a terminal (--output -) or an editor shows. */
		struct buf out = BUF_INIT;
		json_escape_invisible(&out, json, len);
		buf_addc(&out, '\n');
		char *name = to_stdout ? xstrdup("<stdout>") : output_path(path, root, dir, g, games.len);
		struct buf shown_name = BUF_INIT;
		shown_text(&shown_name, name);
		lint_record(j, src, shown_name.data, out.data, out.len, &map);
		bool written = false;
		if (to_stdout) {
			fwrite(out.data, 1, out.len, stdout);
			written = fflush(stdout) == 0 && !ferror(stdout);
			if (!written) {
				fprintf(stderr, "jgflint: cannot write to standard output\n");
				worse(j, EXIT_TROUBLE);
			}
		} else if (strcmp(path, "-") && same_file(path, name)) {
			fprintf(j->msg, "%s: error: %s is the input itself: not overwritten (give "
				"--output DIR)\n", src, shown_name.data);
			worse(j, EXIT_TROUBLE);
		} else if (inode_set_has(&j->written, name)) {
			fprintf(j->msg, "%s: error: %s was written by this run from another game: "
				"not overwritten (rename one of the inputs)\n", src, shown_name.data);
			worse(j, EXIT_TROUBLE);
		} else {
			int err = make_parents(name);
			if (!err)
				err = write_record(name, out.data, out.len, j->o->force);
			if (!err)
				inode_set_add(&j->written, name);
			if (err == EEXIST)
				fprintf(j->msg, "%s: error: %s exists: not overwritten (give --force to "
					"replace it)\n", src, shown_name.data);
			else if (err)
				fprintf(j->msg, "%s: error: cannot write %s: %s\n", src, shown_name.data,
					strerror(err));
			if (err)
				worse(j, EXIT_TROUBLE);
			written = !err;
		}
		if (written)
			fprintf(j->msg, "%s: %s %s (%s game %zu of %zu)\n", src,
				to_stdout ? "converted to" : "wrote", shown_name.data, format, g + 1,
				games.len);
		if (kept.len && written)
			fprintf(j->msg, "%s: kept under meta.%s: %s\n", shown_name.data,
				kind == TEXT_UGF ? "ugf" : "sgf", kept.data);
		free(name);
		buf_free(&shown_name);
		buf_free(&out);
		json_object_put(rec);
next:
		buf_free(&kept);
		posmap_free(&map);
		sgf_notes_free(&gnotes);
	}
	sgf_games_free(&games);
	sgf_notes_free(&notes);
	document_free(&doc);
	buf_free(&shown_src);
}

int convert_files(char **paths, size_t npaths, const struct convert_options *o,
		  size_t *converter_bugs)
{
	bool to_stdout = (o->output && !strcmp(o->output, "-"));
	for (size_t i = 0; i < npaths; i++)
		to_stdout |= !o->output && !strcmp(paths[i], "-");
	struct job j = { .o = o, .msg = to_stdout ? stderr : stdout, .status = EXIT_CLEAN };
	if (o->output && !to_stdout) {
		struct stat st;
		if (stat(o->output, &st) != 0 || !S_ISDIR(st.st_mode)) {
			fprintf(stderr, "jgflint: --output %s is not a directory\n", o->output);
			return EXIT_TROUBLE;
		}
	}
	/* A directory: every SGF and UGF/UGI file below it, walked as the linter
	 * walks (hidden directories, node_modules and .gitignore skipped). */
	static char *source_ext[] = { ".sgf", ".ugf", ".ugi" };
	const struct rule_list sources = { source_ext, 3, 3 };
	for (size_t i = 0; i < npaths; i++) {
		if (!strcmp(paths[i], "-") || !files_is_directory(paths[i])) {
			convert_one(&j, paths[i], NULL);
			continue;
		}
		struct buf shown = BUF_INIT;
		shown_text(&shown, paths[i]);
		struct file_list found = { 0 };
		struct buf probe = BUF_INIT;   /* the directory's own configuration */
		buf_printf(&probe, "%s/.", paths[i]);
		const struct config *cfg = config_for(probe.data);
		buf_free(&probe);
		if (to_stdout) {
			fprintf(stderr, "jgflint: %s is a directory: its records cannot all go to "
				"standard output (give --output DIR)\n", shown.data);
			worse(&j, EXIT_TROUBLE);
		} else if (!files_collect(paths[i], &(struct walk_options){ .extensions = &sources,
									      .cli_extensions = true,
									      .cfg = cfg },
					  &found)) {
			worse(&j, EXIT_TROUBLE);
		} else if (!found.len) {
			fprintf(stderr, "jgflint: %s: no .sgf, .ugf or .ugi file to convert\n",
				shown.data);
			worse(&j, EXIT_TROUBLE);
		}
		for (size_t k = 0; k < found.len; k++)
			convert_one(&j, found.items[k], paths[i]);
		files_free(&found);
		buf_free(&shown);
	}
	free(j.written.items);
	free(j.inputs.items);
	fflush(j.msg);
	if (converter_bugs)
		*converter_bugs = j.bugs;
	return j.status;
}
