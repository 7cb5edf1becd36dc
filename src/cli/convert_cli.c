/* convert_cli: `jgflint --convert`: reads each input, converts it
 * (convert/conversion.h: every game mapped and linted), and writes the
 * records beside the input, into --output DIR, or to standard output. */
#include "cli/convert_cli.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/charset.h"
#include "base/dom.h"
#include "convert/inplace.h"
#include "door/door.h"
#include "convert/named.h"
#include "convert/sgftojson.h"
#include "convert/sgfwrite.h"
#include "lint/pipeline.h"
#include "cli/files.h"
#include "base/jstring.h"
#include "read/load.h"
#include "cli/records.h"
#include "cli/run.h"
#include "cli/write.h"

struct job {
	const struct convert_options *o;
	struct run_report *report;   /* where the findings go; NULL: nowhere */
	FILE *msg;
	int status;
	size_t bugs;   /* findings outside go in the records written */
	size_t keep;   /* bytes of an output path that are the --output directory */
	const char *file;   /* --output's name when it names the one record's file */
	/* For the summary. */
	size_t files, failed_files, skipped, games, records, not_written, with_errors;
	/* The records this run wrote: with --force, a second game bound for the
	 * same name (a.sgf and a.ugf, or two inputs named alike into --output)
	 * must not replace the first. */
	struct inode_set written;
	/* The inputs converted: a file named twice (a directory and a file in
	 * it, ./a.sgf and a.sgf) is converted once. */
	struct inode_set inputs;
	/* --sgf-collection: the SGF of the input's games so far, one after
	 * another, and how many; written as one file after its last game. */
	struct buf collected;
	size_t ncollected;
};

static void worse(struct job *j, int status)
{
	if (status > j->status)
		j->status = status;
}

/* The directory records go into: --output's, or NULL (beside the input,
 * standard output, or --output's file). */
static const char *out_dir(const struct job *j)
{
	return j->o->output && strcmp(j->o->output, "-") && !j->file ? j->o->output : NULL;
}

/* The name of game g's record (of ngames) of the input path (root: the
 * directory its walk started from, or NULL), as written: --output's file,
 * else BASE.jgf or BASE-N.jgf in dir or beside it, .sgf or .json under
 * --to sgf or sgfjson. Free it. */
static char *record_name(const struct job *j, const char *path, const char *root, const char *dir,
			 size_t g, size_t ngames)
{
	if (j->file)
		return xstrdup(j->file);
	char *name = conversion_record_name(path, root, dir, g, ngames);
	return j->o->to_sgf ? conversion_sgf_name(name, j->o->to_sgfjson) : name;
}

static bool put_text(struct job *j, const char *path, const char *src, const char *name,
		     const char *shown_name, bool to_stdout, const struct converted *rec);

/* Writes the record of one game (or a collection's) where it goes; returns
 * whether it was written. --to sgfjson: the SGF written as SGF-in-JSON. */
static bool put_record(struct job *j, const char *path, const char *src, const char *name,
		       const char *shown_name, bool to_stdout, const struct converted *rec)
{
	if (!j->o->to_sgfjson)
		return put_text(j, path, src, name, shown_name, to_stdout, rec);
	struct buf json = BUF_INIT;
	if (!sgf_to_json(rec->text, rec->len, &json)) {
		buf_free(&json);
		fprintf(j->msg, "%s: error: %s: the SGF written does not read back: not written as "
			"SGF-in-JSON (please report this)\n", src, shown_name);
		worse(j, EXIT_TROUBLE);
		return false;
	}
	struct converted as_json = { .text = json.data, .len = json.len };
	bool ok = put_text(j, path, src, name, shown_name, to_stdout, &as_json);
	buf_free(&json);
	return ok;
}

static bool put_text(struct job *j, const char *path, const char *src, const char *name,
		     const char *shown_name, bool to_stdout, const struct converted *rec)
{
	bool gone = false;   /* nothing at name: neither the input nor written */
	if (to_stdout) {
		fwrite(rec->text, 1, rec->len, stdout);
		if (write_flush_stdout())   /* which says it, once a run */
			return true;
	} else if (!(gone = records_absent(name)) && strcmp(path, "-") &&
		   records_same_file(path, name)) {
		fprintf(j->msg, "%s: error: %s is the input itself: not overwritten (give "
			"--output DIR)\n", src, shown_name);
	} else if (!gone && inode_set_has(&j->written, name)) {
		fprintf(j->msg, "%s: error: %s was written by this run from another game: "
			"not overwritten (rename one of the inputs)\n", src, shown_name);
	} else {
		int err = records_make_parents(name, j->keep);
		struct stat made;
		if (!err)
			err = records_write(name, rec->text, rec->len, j->o->force, gone, &made);
		if (!err) {
			/* A new file: its identity as written, not stat'ed again. */
			if (made.st_ino)
				inode_set_add_stat(&j->written, &made);
			else
				inode_set_add(&j->written, name);
			return true;
		}
		if (err == EEXIST)
			fprintf(j->msg, "%s: error: %s exists: not overwritten (give --force to "
				"replace it)\n", src, shown_name);
		else if (err == ELOOP)
			fprintf(j->msg, "%s: error: %s is, or is below, a symbolic link: not written "
				"through it\n", src, shown_name);
		else if (err == EISDIR)
			fprintf(j->msg, "%s: error: %s exists and is not a regular file: not "
				"replaced\n", src, shown_name);
		else if (err == WRITE_CHANGED)
			fprintf(j->msg, "%s: error: %s changed while being replaced: not "
				"replaced\n", src, shown_name);
		else
			fprintf(j->msg, "%s: error: cannot write %s: %s\n", src, shown_name,
				err == ENOSPC ? "No space left on device: the disk is full" :
				strerror(err));
	}
	worse(j, EXIT_TROUBLE);
	return false;
}

/* The record name of game g when name, its own, was written by this run
 * from another input (a.gib and a.ngf in one folder): the input's ending
 * after the stem (a-ngf.jgf, a-ngf-2.jgf for a collection's second game),
 * then a number (a-ngf-2-1.jgf ...), the first this run has not written
 * (with --to sgf, the name it is written under: a-ngf.sgf).
 * The order of the inputs decides which keeps the plain name, and it is
 * the order they are named and walked in (sorted): the same every run. */
static char *own_name(struct job *j, const char *path, const char *root, const char *dir,
		      size_t g, size_t ngames)
{
	const char *slash = strrchr(path, '/');
	const char *dot = strrchr(slash ? slash + 1 : path, '.');
	struct buf stem = BUF_INIT;   /* the input's name with its ending as a word */
	if (dot && dot != (slash ? slash + 1 : path)) {
		buf_add(&stem, path, (size_t)(dot - path));
		buf_printf(&stem, "-%s", dot + 1);
	} else {
		buf_adds(&stem, path);
	}
	size_t len = stem.len;
	char *name = NULL;
	for (unsigned k = 0; k < 100000; k++) {
		buf_truncate(&stem, len);
		if (k)
			buf_printf(&stem, "-%u", k);
		buf_adds(&stem, ".x");   /* the ending conversion_record_name drops */
		free(name);
		name = conversion_record_name(stem.data, root, dir, g, ngames);
		if (j->o->to_sgf)
			name = conversion_sgf_name(name, j->o->to_sgfjson);
		if (!inode_set_has(&j->written, name))
			break;
	}
	buf_free(&stem);
	return name;
}

/* --to sgf: what SGF cannot hold (lost, a line each), a note of the record. */
static void lost_notes(const struct job *j, const char *shown_name, struct buf *lost)
{
	if (lost->len && !j->o->quiet) {
		for (char *line = lost->data, *nl; line && *line; line = nl + 1) {
			nl = strchr(line, '\n');
			*nl = '\0';
			fprintf(j->msg, "%s: note: not in SGF: %s\n", shown_name, line);
		}
	}
	buf_free(lost);
}

static const struct sgfwrite_options *sgf_options(const struct job *j, struct sgfwrite_options *o)
{
	*o = (struct sgfwrite_options){ .pass_tt = j->o->pass_tt, .compress = j->o->compress };
	return o;
}

/* --to sgf: rec's JGF text replaced by its SGF; what SGF cannot hold is said
 * as a note of the record. */
static void to_sgf(struct job *j, const char *shown_name, struct converted *rec)
{
	struct buf sgf = BUF_INIT, lost = BUF_INIT;
	struct sgfwrite_options o;
	char *text = rec->text;   /* taken over by the writer */
	rec->text = NULL;
	if (!sgf_write_text(text, rec->len, sgf_options(j, &o), &sgf, &lost)) {
		buf_free(&sgf);
		buf_free(&lost);
		fprintf(j->msg, "%s: error: the record is not a JSON object: not written as SGF\n",
			shown_name);
		return;
	}
	rec->len = sgf.len;
	rec->text = buf_detach(&sgf);
	lost_notes(j, shown_name, &lost);
}

/* The findings of an input checked (or of one that could not be read):
 * reported with the run's, or with no report (the fuzz target's), dropped. */
static void report(struct job *j, struct checked *ck)
{
	if (j->report)
		run_report_file(j->report, &ck->doc, false);
	checked_free(ck);
}

/* --to sgf of a JGF record (any version --fix reads): fixed as --fix fixes
 * it, then written as SGF (sgf_write_fixed: doc, loaded whole when small,
 * else streamed and read through, never held whole). False when doc is
 * not a JSON record. */
static bool jgf_to_sgf(struct job *j, struct document *doc, const char *path, const char *root,
		       const char *src)
{
	if (!doc->parsed || !json_object_is_type(doc->root, json_type_object))
		return false;
	const char *dir = out_dir(j);
	bool to_stdout = (j->o->output && !strcmp(j->o->output, "-")) ||
			 (!j->o->output && !strcmp(path, "-"));
	char *name = to_stdout ? xstrdup("<stdout>") : record_name(j, path, root, dir, 0, 1);
	struct buf shown_name = BUF_INIT, sgf = BUF_INIT, lost = BUF_INIT;
	if (!to_stdout && inode_set_has(&j->written, name)) {   /* as game_name does */
		char *other = own_name(j, path, root, dir, 0, 1);
		if (!j->o->quiet) {
			shown_text(&shown_name, name);
			fprintf(j->msg, "%s: note: %s was written by this run from another "
				"input: this game is written as ", src, shown_name.data);
			buf_truncate(&shown_name, 0);
			fprintf(j->msg, "%s\n", shown_text(&shown_name, other));
			buf_truncate(&shown_name, 0);
		}
		free(name);
		name = other;
	}
	shown_text(&shown_name, name);
	struct sgfwrite_options o;
	j->games++;
	/* The record's findings, reported as a check of the file reports
	 * them (and its exit status with them): --to sgf writes the record,
	 * it does not vouch for it. */
	struct lint_settings ls = j->report ? run_report_settings(j->report, doc->path) :
				  (struct lint_settings){ 0 };
	struct checked found = { 0 };
	bool written = sgf_write_fixed(doc, sgf_options(j, &o), &sgf, &lost, j->report ? &ls : NULL,
				       j->report ? &found : NULL);
	if (j->report) {
		config_settings_done(&ls);
		for (size_t i = 0; i < found.doc.diags.len; i++)
			if (found.doc.diags.items[i].severity == SEV_ERROR) {
				j->with_errors++;
				break;
			}
		report(j, &found);
	}
	if (!written) {
		buf_free(&lost);
		fprintf(j->msg, "%s: error: the record could not be fixed to JGF v2: not written\n",
			src);
		worse(j, EXIT_TROUBLE);
		j->not_written++;
		j->failed_files++;
	} else {
		lost_notes(j, shown_name.data, &lost);
		struct converted rec = { .text = sgf.data ? sgf.data : "", .len = sgf.len };
		if (put_record(j, path, src, name, shown_name.data, to_stdout, &rec)) {
			j->records++;
			if (!j->o->quiet)
				fprintf(j->msg, "%s: %s %s (JGF)\n", src,
					to_stdout ? "converted to" : "wrote", shown_name.data);
		} else {
			j->not_written++;
			j->failed_files++;
		}
	}
	buf_free(&sgf);
	free(name);
	buf_free(&shown_name);
	return true;
}

/* One input's games as its check gives them (conversion_sink): each named
 * in dir (or to standard output), written, counted. */
struct input {
	struct job *j;
	const char *path, *root, *dir, *src;
	bool to_stdout;
	bool collect;              /* --to sgf --sgf-collection: the games in one file */
	char *name;                /* the record's name of the game being checked */
	struct buf shown_name;     /* ... as messages show it */
};

static const char *game_name(void *ctx, struct conversion *conv, size_t g)
{
	struct input *in = ctx;
	struct job *j = in->j;
	size_t ngames = conv->games.len;
	free(in->name);
	buf_truncate(&in->shown_name, 0);
	in->name = in->to_stdout ? xstrdup("<stdout>") :
		   record_name(j, in->path, in->root, in->dir, g, ngames);
	if (!in->to_stdout && inode_set_has(&j->written, in->name)) {
		char *other = own_name(j, in->path, in->root, in->dir, g, ngames);
		if (!j->o->quiet) {
			shown_text(&in->shown_name, in->name);
			fprintf(j->msg, "%s: note: %s was written by this run from another "
				"input: this game is written as ", in->src, in->shown_name.data);
			buf_truncate(&in->shown_name, 0);
			fprintf(j->msg, "%s\n", shown_text(&in->shown_name, other));
			buf_truncate(&in->shown_name, 0);
		}
		free(in->name);
		in->name = other;   /* named for --to sgf already */
	}
	shown_text(&in->shown_name, in->name);
	return in->shown_name.data;
}

/* Game g checked: its record written where it goes, and counted. */
static void game_done(void *ctx, struct conversion *conv, size_t g, struct converted *rec)
{
	struct input *in = ctx;
	struct job *j = in->j;
	size_t ngames = conv->games.len;
	const char *shown_name = in->shown_name.data;
	(void)g;
	if ((in->to_stdout || j->file) && ngames > 1 && !in->collect)
		return;   /* said before the first game: none is written */
	if (rec->text && j->o->to_sgf)
		to_sgf(j, shown_name, rec);
	const char *lines = rec->log.data ? rec->log.data : "";
	if (j->o->quiet)   /* what was not written, not the notes */
		lines += rec->log_notes;
	fputs(lines, j->msg);
	j->bugs += rec->bugs;
	j->games++;
	if (rec->errors && rec->text)   /* a record written: not a game not Go, which is not */
		j->with_errors++;
	if (rec->refused || rec->bugs)   /* a record jgflint could not check, or a bug */
		worse(j, EXIT_TROUBLE);
	if (rec->text && j->o->to_sgf && j->o->collection) {
		buf_add(&j->collected, rec->text, rec->len);   /* written after the last game */
		j->ncollected++;
	} else if (!rec->text && j->o->to_sgf && j->o->collection) {
		j->not_written++;
	} else if (rec->text && put_record(j, in->path, in->src, in->name, shown_name,
					   in->to_stdout, rec)) {
		j->records++;
		if (!j->o->quiet)
			fprintf(j->msg, "%s: %s %s (%s game %zu of %zu)\n", in->src,
				in->to_stdout ? "converted to" : "wrote", shown_name, conv->format,
				g + 1, ngames);
		if (!j->o->quiet && !j->o->to_sgf) {
			struct buf kept = BUF_INIT;
			conversion_kept(&kept, shown_name, conv, rec);
			if (kept.len)
				fputs(kept.data, j->msg);
			buf_free(&kept);
		}
	} else {
		j->not_written++;
	}
}

/* --sgf-collection: the games of path collected so far written as one SGF
 * file, BASE.sgf, the name of an input's single game. */
static void write_collection(struct job *j, const char *path, const char *root, const char *dir,
			     bool to_stdout, const char *src, const char *format)
{
	char *name = to_stdout ? xstrdup("<stdout>") : record_name(j, path, root, dir, 0, 1);
	struct buf shown_name = BUF_INIT;
	shown_text(&shown_name, name);
	struct converted rec = { .text = j->collected.data, .len = j->collected.len };
	if (put_record(j, path, src, name, shown_name.data, to_stdout, &rec)) {
		j->records += j->ncollected;
		if (!j->o->quiet)
			fprintf(j->msg, "%s: %s %s (%zu %s game%s in one collection)\n", src,
				to_stdout ? "converted to" : "wrote", shown_name.data,
				j->ncollected, format, j->ncollected == 1 ? "" : "s");
	} else {
		j->not_written += j->ncollected;
	}
	buf_truncate(&j->collected, 0);
	j->ncollected = 0;
	free(name);
	buf_free(&shown_name);
}

/* Whether the input's ngames games would go to one place, standard output
 * or --output's file, that holds one (not --sgf-collection's): said, and
 * none is written. */
static bool games_have_no_place(struct job *j, const struct input *in, size_t ngames)
{
	if (!(in->to_stdout || j->file) || ngames < 2 || in->collect)
		return false;
	if (in->to_stdout) {
		fprintf(j->msg, "%s: error: %zu games cannot all go to standard output: give "
			"--output DIR\n", in->src, ngames);
	} else {
		struct buf shown = BUF_INIT;
		fprintf(j->msg, "%s: error: %zu games cannot all go to one file, %s: give --output "
			"DIR%s\n", in->src, ngames, shown_text(&shown, j->file),
			j->o->to_sgf ? " (or --sgf-collection, one collection)" : "");
		buf_free(&shown);
	}
	worse(j, EXIT_TROUBLE);
	return true;
}

/* The input at path (st: its stat, NULL when there is none): a large JGF
 * record to be written as SGF is only read through (jgf_to_sgf), never
 * held whole. */
static void load_input(const struct job *j, struct document *doc, const char *path,
		       const struct stat *st)
{
	if (j->o->to_sgf && (!strcmp(path, "-") || !st || !S_ISREG(st->st_mode) ||
			     !sgf_write_whole((size_t)st->st_size)))
		document_load_file_record(doc, path);
	else
		document_load_file(doc, path);
}

/* An input none of whose games is read (conv: what its reading said):
 * JGF written as SGF (--to sgf), skipped (by_content), or said why. */
static void not_read(struct job *j, struct document *doc, struct conversion *conv,
		     const char *path, const char *root, const char *src, bool by_content,
		     struct buf *log)
{
	if (j->o->to_sgf && jgf_to_sgf(j, doc, path, root, src)) {
		;
	} else if (by_content) {
		j->files--, j->skipped++;
	} else if (conversion_no_game(doc)) {
		/* Named for a format it holds nothing of: the finding that
		 * says what it holds, reported as a check's */
		struct lint_settings ls = j->report ? run_report_settings(j->report, doc->path) :
					  (struct lint_settings){ 0 };
		struct checked ck;
		struct buf bugs = BUF_INIT;
		door_check(&ck, doc, &(struct door_request){ .settings = j->report ? &ls : NULL,
							      .bugs = &bugs });
		if (j->report)
			config_settings_done(&ls);
		buf_free(&bugs);
		report(j, &ck);
		worse(j, EXIT_TROUBLE);
		j->failed_files++;
	} else {
		conversion_nothing(log, src, conv, doc, j->o->to_sgf);
		fputs(log->data, j->msg);
		worse(j, EXIT_TROUBLE);
		j->failed_files++;
	}
}

/* root: the directory the walk that found path started from, or NULL;
 * by_content: a file the walk took for an --extensions ending, converted
 * only when it is one of the formats (else skipped, and counted). */
static void convert_one(struct job *j, const char *path, const char *root, bool by_content)
{
	/* One stat for the set of inputs and the way the input is loaded. */
	struct stat st;
	bool known = stat(path, &st) == 0;
	if (known && inode_set_add_stat(&j->inputs, &st) && strcmp(path, "-"))
		return;   /* named before: converted once */
	struct document doc;
	load_input(j, &doc, path, known ? &st : NULL);
	/* The name as messages show it (a name can hold anything). */
	struct buf shown_src = BUF_INIT, log = BUF_INIT;
	const char *src = shown_text(&shown_src, doc.path);
	struct conversion conv;
	size_t failed = j->not_written;
	j->files++;
	if (doc.io_failed) {
		fprintf(j->msg, "%s: error: %s\n", src, doc.diags.items[0].message);
		worse(j, EXIT_TROUBLE);
		j->failed_files++;
		goto done;
	}
	if (!conversion_check_read(&conv, &doc, j->o->encoding)) {
		not_read(j, &doc, &conv, path, root, src, by_content, &log);
		goto done;
	}
	if (!j->o->quiet) {   /* the notes that name no rule: the findings are reported */
		conversion_print_plain_notes(&log, src, &conv.notes);
		fputs(log.data ? log.data : "", j->msg);
	}
	size_t ngames = conv.games.len;
	buf_truncate(&log, 0);
	if (conversion_nothing(&log, src, &conv, &doc, j->o->to_sgf)) {
		fputs(log.data, j->msg);
		worse(j, EXIT_TROUBLE);
	}
	bool collect = j->o->to_sgf && j->o->collection;
	struct input in = { .j = j, .path = path, .root = root, .src = src, .dir = out_dir(j),
			    .to_stdout = (j->o->output && !strcmp(j->o->output, "-")) ||
					 (!j->o->output && !strcmp(path, "-")),
			    .collect = collect, .shown_name = BUF_INIT };
	bool all_out = games_have_no_place(j, &in, ngames);   /* none written */
	/* The games are read from conv's decoded text, or were read whole: the
	 * check reports that text, and the input's bytes are freed. */
	const char *format = conv.format;   /* conv is freed by its check */
	struct lint_settings ls = j->report ? run_report_settings(j->report, doc.path) :
				  (struct lint_settings){ 0 };
	struct checked ck;
	struct buf bugs = BUF_INIT;
	struct conversion_sink sink = { .src = src, .name = game_name, .game = game_done,
					.ctx = &in };
	door_convert(&ck, &conv, &doc, &(struct door_request){ .settings = j->report ? &ls : NULL,
								.bugs = &bugs }, &sink);
	if (j->report)
		config_settings_done(&ls);
	free(in.name);
	buf_free(&in.shown_name);
	buf_free(&bugs);
	report(j, &ck);
	if (collect && j->ncollected)
		write_collection(j, path, root, in.dir, in.to_stdout, src, format);
	if (!ngames || j->not_written > failed || all_out)
		j->failed_files++;
done:
	document_free(&doc);
	buf_free(&shown_src);
	buf_free(&log);
}

/* Whether path ends in one of the endings (case-insensitively). */
static bool ends_in(const char *path, const struct rule_list *endings)
{
	size_t n = strlen(path);
	for (size_t i = 0; endings && i < endings->len; i++) {
		size_t k = strlen(endings->items[i]);
		if (k && k <= n && !strcasecmp(path + n - k, endings->items[i]))
			return true;
	}
	return false;
}

/* A directory where --convert found nothing to convert: the first file
 * below it, named .jgf or .json, that holds SGF-in-JSON, whose ending
 * --extensions would add (".jgf" or ".json"); NULL when there is none. */
static const char *sgf_json_ending(const char *dir, const struct config *cfg)
{
	static char *endings[] = { ".jgf", ".json" };
	const struct rule_list json_endings = { endings, 2, 2 };
	struct file_list found = { 0 };
	const char *ending = NULL;
	if (files_collect(dir, &(struct walk_options){ .extensions = &json_endings,
						       .cli_extensions = true, .cfg = cfg }, &found)) {
		for (size_t k = 0; k < found.len && !ending; k++) {
			struct document doc;
			struct conversion conv;
			document_load_file(&doc, found.items[k]);
			if (!doc.io_failed && conversion_read(&conv, &doc))
				ending = ends_in(found.items[k], &(struct rule_list){ endings, 1, 1 }) ?
					 endings[0] : endings[1];
			if (!doc.io_failed)
				conversion_free(&conv);
			document_free(&doc);
		}
	}
	files_free(&found);
	return ending;
}

/* Whether --output names the one record's file, not a directory: a name
 * that is no directory and ends in the ending of what is written (.jgf;
 * .sgf with --to sgf, .json with --to sgfjson), as a compiler's -o x.o is
 * a file, for one input that is a file. Such a name for several inputs or
 * a directory, or one ending in another format's ending (x.sgf when JGF is
 * written), is a usage error, said (*bad). */
static bool output_is_file(const struct convert_options *o, char **paths, size_t npaths,
			   bool *bad)
{
	const char *name = o->output, *written = o->to_sgfjson ? ".json" : o->to_sgf ? ".sgf"
										       : ".jgf";
	*bad = false;
	if (!name || !strcmp(name, "-") || files_is_directory(name))
		return false;
	const char *endings[NAMED_ENDINGS + 3];
	size_t n = named_endings(endings);
	endings[n++] = ".jgf", endings[n++] = ".json";
	const char *ending = NULL;
	for (size_t i = 0; i < n && !ending; i++) {
		size_t k = strlen(endings[i]), len = strlen(name);
		if (len > k && name[len - k - 1] != '/' && !strcasecmp(name + len - k, endings[i]))
			ending = name + len - k;
	}
	if (!ending)
		return false;
	struct buf shown = BUF_INIT;
	shown_text(&shown, name);
	if (strcasecmp(ending, written)) {
		struct buf fit = BUF_INIT;
		buf_add(&fit, name, (size_t)(ending - name));
		buf_adds(&fit, written);
		buf_truncate(&shown, 0);
		shown_text(&shown, fit.data);
		buf_truncate(&fit, 0);
		fprintf(stderr, "jgflint: --output %s ends in %s, but the records written are %s: "
			"name the file %s%s, or a directory without an ending\n",
			shown_text(&fit, name), ending,
			o->to_sgfjson ? "SGF-in-JSON" : o->to_sgf ? "SGF" : "JGF", shown.data,
			o->to_sgf || strcasecmp(ending, ".sgf") ? "" : " (or write SGF: --to sgf)");
		buf_free(&fit);
		*bad = true;
	} else if (npaths != 1 || (strcmp(paths[0], "-") && files_is_directory(paths[0]))) {
		fprintf(stderr, "jgflint: --output %s names one file (it ends in %s), but %s: give "
			"--output DIR, a directory, for their records\n", shown.data, written,
			npaths != 1 ? "several inputs are given" : "the input is a directory");
		*bad = true;
	}
	buf_free(&shown);
	return !*bad;
}

/* --output DIR: a directory, made when its parent is one. False after
 * saying why. */
static bool output_dir(struct job *j, const char *dir)
{
	struct stat st;
	if (stat(dir, &st) == 0) {
		if (S_ISDIR(st.st_mode))
			return true;
		fprintf(stderr, "jgflint: --output %s is not a directory\n", dir);
		return false;
	}
	if (errno == ENOENT && mkdir(dir, 0777) == 0) {
		if (!j->o->quiet)
			fprintf(j->msg, "jgflint: created the --output directory %s\n", dir);
		return true;
	}
	if (errno == ENOENT)
		fprintf(stderr, "jgflint: --output %s: its parent directory does not exist (the "
			"output directory is created only in one that does)\n", dir);
	else
		fprintf(stderr, "jgflint: --output %s: %s\n", dir, strerror(errno));
	return false;
}

static const char *plural(size_t n, const char *one, const char *many)
{
	return n == 1 ? one : many;
}

/* The closing summary: what was read, written and failed. */
static void summary(struct job *j)
{
	bool trouble = j->failed_files || j->not_written || j->with_errors;
	if (j->o->quiet && !trouble)
		return;
	fprintf(j->msg, "%zu %s read, %zu %s: %zu %s written", j->files,
		plural(j->files, "file", "files"), j->games, plural(j->games, "game", "games"),
		j->records, plural(j->records, "record", "records"));
	if (j->with_errors)
		fprintf(j->msg, ", %zu from a source game with errors", j->with_errors);
	if (j->not_written)
		fprintf(j->msg, ", %zu not written", j->not_written);
	if (j->failed_files)
		fprintf(j->msg, "; %zu %s failed", j->failed_files,
			plural(j->failed_files, "file", "files"));
	if (j->skipped)
		fprintf(j->msg, "; %zu %s skipped (not a format --convert reads)", j->skipped,
			plural(j->skipped, "file", "files"));
	fputc('\n', j->msg);
}

/* The directory dir (a path given): every file below it with one of the
 * endings of sources converted (those not of own, the formats' own
 * endings, taken only when their content is one of the formats), or why
 * none is. */
static void convert_directory(struct job *j, const char *dir, bool to_stdout,
			      const struct rule_list *sources, const struct rule_list *own)
{
	struct buf shown = BUF_INIT;
	shown_text(&shown, dir);
	struct file_list found = { 0 };
	struct buf probe = BUF_INIT;   /* the directory's own configuration */
	buf_printf(&probe, "%s/.", dir);
	const struct config *cfg = config_for(probe.data);
	buf_free(&probe);
	if (to_stdout) {
		fprintf(stderr, "jgflint: %s is a directory: its records cannot all go to "
			"standard output (give --output DIR)\n", shown.data);
		worse(j, EXIT_TROUBLE);
	} else if (!files_collect(dir, &(struct walk_options){ .extensions = sources,
								      .cli_extensions = true,
								      .cfg = cfg },
				  &found)) {
		worse(j, EXIT_TROUBLE);
	} else if (!found.len) {
		/* SGF-in-JSON is taken only from the endings --extensions
		 * names; a record named .jgf would be its input's name. */
		const char *ending = sgf_json_ending(dir, cfg);
		struct buf hint = BUF_INIT;
		if (ending && j->o->output) {
			buf_printf(&hint, "; its %s files hold SGF-in-JSON, which --convert "
				   "takes from the endings --extensions names: add --extensions "
				   "%s", ending, ending);
		} else if (ending) {
			buf_printf(&hint, "; its %s files hold SGF-in-JSON, which --convert "
				   "takes from the endings --extensions names: jgflint --convert ",
				   ending);
			shell_file_arg(&hint, dir);
			buf_printf(&hint, " --extensions %s%s", ending,
				   strcmp(ending, ".jgf") ? "" : " --output converted");
		}
		struct buf endings = BUF_INIT;
		named_endings_words(&endings, " or ");
		fprintf(stderr, "jgflint: %s: no %s file to convert%s\n", shown.data, endings.data,
			hint.data ? hint.data : "");
		buf_free(&endings);
		buf_free(&hint);
		worse(j, EXIT_TROUBLE);
	}
	for (size_t k = 0; k < found.len; k++)
		convert_one(j, found.items[k], dir, !ends_in(found.items[k], own));
	files_free(&found);
	buf_free(&shown);
}

int convert_files(char **paths, size_t npaths, const struct convert_options *o,
		  size_t *converter_bugs)
{
	bool to_stdout = (o->output && !strcmp(o->output, "-"));
	for (size_t i = 0; i < npaths; i++)
		to_stdout |= !o->output && !strcmp(paths[i], "-");
	/* The notes and the summary go to standard output, beside the report's
	 * default format; to standard error when the records go to standard
	 * output, or a --format names standard output for its report. */
	bool report_out = false;
	for (size_t i = 0; o->run && i < o->run->noutputs; i++)
		report_out |= !o->run->outputs[i].path;
	struct job j = { .o = o, .msg = to_stdout || report_out ? stderr : stdout,
			 .status = EXIT_CLEAN };
	bool bad;
	if (output_is_file(o, paths, npaths, &bad)) {
		j.file = o->output;
		j.keep = strlen(o->output);   /* its directory is the user's: none is made */
	} else if (bad) {
		return EXIT_TROUBLE;
	} else if (o->output && !to_stdout) {
		if (!output_dir(&j, o->output))
			return EXIT_TROUBLE;
		j.keep = strlen(o->output);
	}
	if (o->run && !(j.report = run_report_begin(o->run, to_stdout)))
		return EXIT_TROUBLE;
	/* A directory: every SGF, UGF/UGI, UGZ, GIB and NGF file below it, and those
	 * with the --extensions endings whose content is one of the formats,
	 * walked as the linter walks (hidden directories, node_modules and
	 * .gitignore skipped). */
	const char *source_ext[NAMED_ENDINGS + 1];
	size_t nsource = named_endings(source_ext);
	source_ext[nsource] = ".jgf";
	nsource += o->to_sgf;   /* --to sgf: JGF records too */
	struct rule_list sources = { 0 }, own = { 0 };
	for (size_t i = 0; i < nsource; i++) {
		rule_list_add(&sources, source_ext[i]);
		rule_list_add(&own, source_ext[i]);
	}
	for (size_t i = 0; o->extensions && i < o->extensions->len; i++)
		if (!ends_in(o->extensions->items[i], &own))
			rule_list_add(&sources, o->extensions->items[i]);
	struct dom_pool *pool = dom_pool_new(DOM_POOL_RECORDS), *was = dom_pool_use(pool);
	for (size_t i = 0; i < npaths; i++) {
		if (!strcmp(paths[i], "-") || !files_is_directory(paths[i])) {
			convert_one(&j, paths[i], NULL, false);
			continue;
		}
		convert_directory(&j, paths[i], to_stdout, &sources, &own);
	}
	dom_pool_use(was);
	dom_pool_free(pool);
	/* The new records, durable at once (a replaced file was synced when
	 * it was replaced). */
	int err = write_durable();
	if (err) {
		fprintf(j.msg, "jgflint: error: the records written may not be on disk: %s\n",
			err == ENOSPC ? "No space left on device: the disk is full" : strerror(err));
		worse(&j, EXIT_TROUBLE);
	}
	if (j.report) {
		fflush(j.msg);
		bool trouble;
		worse(&j, run_report_end(j.report, &trouble));
		if (trouble)
			worse(&j, EXIT_TROUBLE);
	}
	summary(&j);
	for (size_t i = 0; i < sources.len; i++)
		free(sources.items[i]);
	free(sources.items);
	for (size_t i = 0; i < own.len; i++)
		free(own.items[i]);
	free(own.items);
	free(j.written.items);
	free(j.inputs.items);
	buf_free(&j.collected);
	fflush(j.msg);
	if (converter_bugs)
		*converter_bugs = j.bugs;
	return j.status;
}
