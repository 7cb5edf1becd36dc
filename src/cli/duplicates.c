/* duplicates: `jgflint duplicates PATH...`, the same game twice across a
 * collection. A subcommand, not an option of check: it reads other files
 * (every format, not only JGF), answers a question about the collection
 * rather than about each file, and takes options of its own (from the
 * program's one table, cli/cmdline.c, parsed by main.c). */
#include "cli/duplicates.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/buf.h"
#include "base/dom.h"
#include "base/paths.h"
#include "cli/cmdline.h"
#include "cli/dupout.h"
#include "cli/files.h"
#include "cli/write.h"
#include "convert/named.h"
#include "core/diag.h"
#include "core/position.h"
#include "core/settings.h"
#include "dup/dup.h"
#include "dup/md5.h"
#include "dup/dupread.h"
#include "dup/index.h"
#include "output/format.h"
#include "read/load.h"

/* -o FILE, --output-file FILE: where the report goes (NULL or "-":
 * standard output). */
static const char *report_path;

/* The report out wrote (totals, summary and index as dup_out_write
 * takes them) to standard output, or to the file -o names (written
 * whole, atomically: a failure leaves what was there); false after
 * saying why it could not be written. */
static bool write_report(struct dup_out *out, const struct dup_totals *totals,
			 const char *summary, json_object *index)
{
	if (!report_path || !strcmp(report_path, "-")) {
		if (dup_out_write(out, stdout, totals, summary, index))
			return true;
		fprintf(stderr, "jgflint duplicates: cannot write or read back the temporary file: %s\n",
			strerror(errno));
		return false;
	}
	/* As the check writes --output: whole or not at all, and a device
	 * (-o /dev/null) or a FIFO as it is. */
	struct pending_file pf;
	int err = write_begin(&pf, report_path);
	if (err) {
		fprintf(stderr, "jgflint duplicates: cannot write %s: %s\n", report_path,
			write_error(err, NULL));
		return false;
	}
	if (!dup_out_write(out, pf.file, totals, summary, index)) {
		fprintf(stderr, "jgflint duplicates: cannot write or read back the temporary file: %s\n",
			strerror(errno));
		write_abandon(&pf);
		return false;
	}
	err = ferror(pf.file) ? EIO : 0;
	if (err)
		write_abandon(&pf);
	else
		err = write_commit(&pf);
	if (err) {
		fprintf(stderr, "jgflint duplicates: cannot write %s: %s; %s\n", report_path,
			write_error(err, NULL), write_outcome(&pf));
		return false;
	}
	return true;
}

/* A sink that writes the report (out) as it is made. */
static struct dup_report_sink out_sink(struct dup_out *out)
{
	return (struct dup_report_sink){ dup_out_key, dup_out_group, dup_out_fragment, out };
}

/* The indexes --indexes merges: open until the report is written (its
 * games' formats are theirs), and what the summary counts. */
struct merge {
	struct dup_index **held;
	size_t opened, games, files;
};

/* Adds index idx's files (absolute paths) to loaded (sorted, *n of them,
 * room for *cap); returns how many it shares with the indexes before it,
 * whose games it did not load. */
static size_t take_paths(struct dup_index *idx, char ***loaded, size_t *n, size_t *cap)
{
	char **own;
	size_t nown = dup_index_paths(idx, &own), before = *n, shared = 0;
	for (size_t k = 0; k < nown; k++) {
		if (before && bsearch(&own[k], *loaded, before, sizeof **loaded, by_string)) {
			shared++;
			free(own[k]);
			continue;
		}
		*loaded = xgrow(*loaded, cap, *n + 1, sizeof **loaded);
		(*loaded)[(*n)++] = own[k];
	}
	free(own);
	sort_items(*loaded, *n, sizeof **loaded, by_string);
	return shared;
}

/* Opens each index of paths (n of them) read-only into m, its games
 * added to set but those of files an index before it has; an index given
 * twice (the same database, by another name) taken once. EXIT_TROUBLE
 * when one cannot be used (said), else EXIT_CLEAN. */
static int open_indexes(int n, char **paths, struct dup_set *set, struct merge *m)
{
	int status = EXIT_CLEAN;
	size_t shared = 0;
	struct stat *ids = xcalloc(n > 0 ? (size_t)n : 1, sizeof *ids);
	const char **names = xcalloc(n > 0 ? (size_t)n : 1, sizeof *names);
	char **loaded = NULL;   /* the files' absolute paths, sorted */
	size_t nloaded = 0, loaded_cap = 0;
	for (int i = 0; i < n; i++) {
		struct stat st;
		bool known = !stat(paths[i], &st);
		size_t again = m->opened;
		for (size_t k = 0; known && k < m->opened; k++)
			if (ids[k].st_dev == st.st_dev && ids[k].st_ino == st.st_ino)
				again = k;
		if (again < m->opened) {
			fprintf(stderr, "jgflint duplicates: %s is the index %s again: taken once\n",
				paths[i], names[again]);
			continue;
		}
		struct buf err = BUF_INIT;
		struct dup_index *idx = m->held[m->opened] = dup_index_open(paths[i], false, &err);
		bool failed = !idx;
		if (idx) {
			m->games += dup_index_load(idx, set, loaded, nloaded, false);
			shared += take_paths(idx, &loaded, &nloaded, &loaded_cap);
			ids[m->opened] = st;
			if (!known)
				ids[m->opened].st_ino = 0, ids[m->opened].st_dev = 0;
			names[m->opened++] = paths[i];
			failed = dup_index_failed(idx, &err);
		}
		if (failed) {
			fprintf(stderr, "jgflint duplicates: %s\n", err.data ? err.data : paths[i]);
			status = EXIT_TROUBLE;
		}
		buf_free(&err);
	}
	if (shared)
		fprintf(stderr,
			"jgflint duplicates: the indexes overlap: %zu file%s in more than one, "
			"each taken once, from the first index that has it\n",
			shared, shared == 1 ? " is" : "s are");
	m->files = nloaded;
	for (size_t k = 0; k < nloaded; k++)
		free(loaded[k]);
	free(loaded);
	free(ids);
	free(names);
	return status;
}

/* --indexes: the games of the indexes paths (n of them) searched together,
 * each index opened read-only, no record read. A file in more than one
 * index (shards that overlap) is taken from the first that has it, and
 * an index given twice (the same database, by another name) is taken
 * once: else each of its games would be its own duplicate. */
static int merged(int n, char **paths, const struct dup_options *o, const char *format,
		  bool exit_zero)
{
	struct dup_set *set = dup_set_new(o);
	struct merge m = { xcalloc(n > 0 ? (size_t)n : 1, sizeof *m.held), 0, 0, 0 };
	int status = open_indexes(n, paths, set, &m);
	struct dup_out *out = dup_out_new(format, o->keys);
	struct dup_report_sink sink = out_sink(out);
	struct dup_totals totals;
	bool read_back = dup_set_each(set, &sink, &totals);
	if (!read_back) {
		fprintf(stderr, "jgflint duplicates: cannot write or read back the temporary file: %s\n",
			strerror(errno));
		status = EXIT_TROUBLE;
	} else {
		struct buf summary = BUF_INIT;
		buf_printf(&summary, "%zu game%s of %zu file%s in %zu index%s: ", m.games,
			   m.games == 1 ? "" : "s", m.files, m.files == 1 ? "" : "s", m.opened,
			   m.opened == 1 ? "" : "es");
		dup_out_summary(&summary, &totals);
		if (!write_report(out, &totals, summary.data, NULL))
			status = EXIT_TROUBLE;
		fprintf(stderr, "%s\n", summary.data);
		buf_free(&summary);
	}
	dup_out_free(out);
	dup_set_free(set);
	for (size_t i = 0; i < m.opened; i++)
		dup_index_close(m.held[i]);
	free(m.held);
	if (read_back && status == EXIT_CLEAN && (totals.groups || totals.fragments) && !exit_zero)
		status = EXIT_FINDINGS;
	return status;
}


void duplicates_init(struct duplicates_command *d)
{
	*d = (struct duplicates_command){ .o = { .max_differ = 2 }, .format = "text" };
}

bool duplicates_option(struct duplicates_command *d, int c, const char *arg)
{
	switch (c) {
	case OPT_FORMAT:
		if (strcmp(arg, "text") && strcmp(arg, "json") && strcmp(arg, "html")) {
			fprintf(stderr, "jgflint duplicates: --format takes text, json or html, not "
				"'%s'\n", arg);
			return false;
		}
		d->format = arg;
		break;
	case OPT_MAX_DIFFER: {
		char *end;
		errno = 0;
		long k = strtol(arg, &end, 10);
		if (*arg < '0' || *arg > '9' || *end || errno || k > 100) {
			fprintf(stderr, "jgflint duplicates: --max-differ takes a number of "
				"moves from 0 to 100, not '%s'\n", arg);
			return false;
		}
		d->o.max_differ = (int)k;
		break;
	}
	case OPT_SWAP_COLORS: d->o.swap_colors = true; break;
	case OPT_ENCODING: d->encoding = arg; break;
	case OPT_KEYS: d->o.keys = true; break;
	case OPT_INDEX: d->index = arg; break;
	case OPT_AGAINST: d->against = arg; break;
	case OPT_INDEXES: d->indexes = true; break;
	case OPT_EXIT_ZERO: d->exit_zero = true; break;
	case OPT_OUTPUT_FILE:
		if (d->output_file) {
			fputs("jgflint duplicates: -o (--output-file) names one file; give it "
			      "once\n", stderr);
			return false;
		}
		if (!*arg) {
			fputs("jgflint duplicates: -o (--output-file) takes a file name, not "
			      "''\n", stderr);
			return false;
		}
		d->output_file = arg;
		break;
	case 'q': d->quiet = true; break;
	default:   /* the table gives it no other */
		fprintf(stderr, "jgflint duplicates: %s is not its option\n", cli_option_name(c));
		return false;
	}
	return true;
}

/* A search over files: the files read (and the index updated or read),
 * and what it counts. */
struct scan {
	const struct duplicates_command *d;
	struct dup_index *idx;
	struct dup_set *set;
	int status;
	size_t files, added, changed, unchanged, removed, indexed_games;
	size_t reread;   /* files of an index of an older schema read again */
	bool index_failed;
	struct dup_out *out;   /* the report, written as it is made */
	struct dup_totals totals;
	bool searched;   /* the games grouped, the report made (false: the spool failed);
			  * with --index, before the update ends, which holds the groups */
	struct buf log, changed_list, removed_list;
	char **fresh;   /* --against: the files read now, absolute */
	size_t nfresh, fresh_cap;
};

/* A file that --index holds (abs, stamped as st says), read into the index
 * unless it is the same as indexed; the document doc, loaded. */
static void index_file(struct scan *sc, struct document *doc, const char *abs, long long size,
		       long long mtime, enum dup_file_state state)
{
	/* the file's size and time as read (its stamp: the file's own size, not
	 * the length read, which for a UGZ of several files is its record and
	 * headers alone, so that the next run finds it the same unread), the
	 * content's hash */
	if (doc->stamp.known) {
		size = (long long)doc->stamp.size;
		mtime = (long long)doc->stamp.mtime.tv_sec * 1000000000LL + doc->stamp.mtime.tv_nsec;
	}
	struct md5 m;
	char hex[33];
	md5_init(&m);
	md5_add(&m, doc->text, doc->len);
	md5_hex(&m, hex);
	if (state == DUP_FILE_CHANGED && dup_index_same_content(sc->idx, abs, size, mtime, hex)) {
		sc->unchanged++;
		return;
	}
	dup_index_begin_file(sc->idx, abs, size, mtime, hex);
	dup_index_end_file(sc->idx, dup_read_games(dup_index_add, sc->idx, true, doc, doc->path,
						   sc->d->encoding, &sc->log));
	if (state == DUP_FILE_CHANGED) {
		sc->changed++;
		buf_printf(&sc->changed_list, "%s\n", doc->path);
	} else if (state == DUP_FILE_STALE) {
		sc->reread++;
	} else {
		sc->added++;
	}
}

/* One file found: into the index (--index), or into the search. */
static void read_one(struct scan *sc, const char *name)
{
	const struct duplicates_command *d = sc->d;
	bool input = !strcmp(name, "-");
	char *abs = sc->idx && !input ? absolute_path(name) : NULL;
	struct stat st;
	bool stamped = abs && !stat(abs, &st);
	long long size = stamped ? (long long)st.st_size : 0;
	long long mtime = stamped ? (long long)st.st_mtim.tv_sec * 1000000000LL +
				    st.st_mtim.tv_nsec : 0;
	enum dup_file_state state = DUP_FILE_NEW;
	if (abs)   /* its games named as the run was given it, whether read or indexed */
		dup_index_given(sc->idx, abs, name);
	if (d->index && stamped) {
		state = dup_index_check(sc->idx, abs, size, mtime);
		if (state == DUP_FILE_SAME) {
			sc->unchanged++;
			sc->files++;
			free(abs);
			return;
		}
	}
	struct document doc;
	document_load_file(&doc, name);
	if (doc.io_failed)
		sc->status = EXIT_TROUBLE;
	if (d->index && stamped && !doc.io_failed) {
		index_file(sc, &doc, abs, size, mtime, state);
	} else {
		if (d->index && abs && state == DUP_FILE_STALE)
			dup_index_forget(sc->idx, abs);   /* its games' terms unknown: not kept */
		else if (d->index && abs)
			dup_index_keep(sc->idx, abs);   /* not readable now: as indexed */
		if (d->against && abs) {
			sc->fresh = xgrow(sc->fresh, &sc->fresh_cap, sc->nfresh + 1, sizeof *sc->fresh);
			sc->fresh[sc->nfresh++] = abs;
			abs = NULL;
		}
		dup_read_document(sc->set, &doc, doc.path, d->encoding, &sc->log);
	}
	free(abs);
	document_free(&doc);
	sc->files++;
	if (!d->quiet || doc.io_failed)
		fputs(sc->log.data ? sc->log.data : "", stderr);
	buf_truncate(&sc->log, 0);
}

/* --index of an index brought up from an older schema: its files that
 * the paths did not hold read again (those gone are pruned after). */
static void read_stale(struct scan *sc)
{
	char **stale;
	size_t n = dup_index_stale(sc->idx, &stale);
	for (size_t i = 0; i < n; i++) {
		struct stat st;
		if (!stat(stale[i], &st) && S_ISREG(st.st_mode)) {
			char *shown = display_path(stale[i]);
			read_one(sc, shown);
			free(shown);
		}
		free(stale[i]);
	}
	free(stale);
}

/* --index: each piece of the report written as it comes, and each group
 * and fragment to the index too. */
static void scan_key(void *ctx, json_object *k)
{
	dup_out_key(((struct scan *)ctx)->out, k);
}

static void scan_group(void *ctx, json_object *g)
{
	struct scan *sc = ctx;
	dup_index_group(sc->idx, g);
	dup_out_group(sc->out, g);
}

static void scan_fragment(void *ctx, json_object *f)
{
	struct scan *sc = ctx;
	dup_index_fragment(sc->idx, f);
	dup_out_fragment(sc->out, f);
}

/* The games grouped, the report written (to its spool) as it is made,
 * and with --index its groups to the index. */
static void search(struct scan *sc)
{
	struct dup_report_sink sink = out_sink(sc->out);
	if (sc->d->index) {
		dup_index_groups_begin(sc->idx);
		sink = (struct dup_report_sink){ scan_key, scan_group, scan_fragment, sc };
	}
	sc->searched = dup_set_each(sc->set, &sink, &sc->totals);
	if (!sc->searched && sc->d->index)
		dup_index_groups_begin(sc->idx);   /* no groups, rather than some of them */
}

/* The files of the paths (npaths), read; then the index pruned, its
 * games loaded and the update committed. */
static void read_paths(struct scan *sc, int npaths, char **paths)
{
	const struct duplicates_command *d = sc->d;
	const char *endings[NAMED_ENDINGS];   /* every format's: .jgf and what --convert reads */
	struct rule_list every = { 0 };
	rule_list_add(&every, ".jgf");
	for (size_t i = 0, n = named_endings(endings); i < n; i++)
		rule_list_add(&every, endings[i]);
	for (int i = 0; i < npaths; i++) {
		struct file_list found = { 0 };
		if (!files_collect(paths[i], &(struct walk_options){ .extensions = &every,
								      .cli_extensions = true },
				   &found))
			sc->status = EXIT_TROUBLE;
		for (size_t k = 0; k < found.len; k++)
			read_one(sc, found.items[k]);
		files_free(&found);
	}
	for (size_t i = 0; i < every.len; i++)
		free(every.items[i]);
	free(every.items);
	if (!sc->idx)
		return;
	if (d->index)
		read_stale(sc);
	if (d->index)
		sc->removed = dup_index_prune(sc->idx, &sc->removed_list);
	sc->indexed_games = d->against ? dup_index_against(sc->idx, sc->set, sc->fresh, sc->nfresh)
			    : dup_index_load(sc->idx, sc->set, NULL, 0, false);
	if (d->index)
		search(sc);
	struct buf err = BUF_INIT;
	if (d->index ? !dup_index_commit(sc->idx, &err) : dup_index_failed(sc->idx, &err)) {
		fprintf(stderr, "jgflint duplicates: %s%s\n", err.data ? err.data :
			d->index ? d->index : d->against,
			!d->index ? "" : dup_index_new(sc->idx) ? " (no index made: none is left "
			"behind)" : " (the index is left as it was)");
		sc->status = EXIT_TROUBLE;
		sc->index_failed = true;
	}
	buf_free(&err);
}

/* The report's "index": what the index holds, and what --index did. */
static json_object *index_about(const struct scan *sc)
{
	const struct duplicates_command *d = sc->d;
	json_object *about = dom_object();
	dom_add(about, "path", dom_string(d->index ? d->index : d->against));
	dom_add(about, "files", dom_uint(dup_index_files(sc->idx)));
	dom_add(about, "games", dom_uint(sc->indexed_games));
	if (!d->index)
		return about;
	dom_add(about, "updated", dom_bool(!sc->index_failed));
	dom_add(about, "added", dom_uint(sc->added));
	dom_add(about, "changed", dom_uint(sc->changed));
	dom_add(about, "removed", dom_uint(sc->removed));
	dom_add(about, "unchanged", dom_uint(sc->unchanged));
	if (sc->reread)
		dom_add(about, "readAgain", dom_uint(sc->reread));
	const struct buf *lists[2] = { &sc->changed_list, &sc->removed_list };
	const char *names[2] = { "changedFiles", "removedFiles" };
	for (int l = 0; l < 2; l++) {
		json_object *arr = dom_array();
		for (char *p = lists[l]->data, *nl; p && (nl = strchr(p, '\n')); p = nl + 1)
			dom_push(arr, dom_string_len(p, (size_t)(nl - p)));
		dom_add(about, names[l], arr);
	}
	return about;
}

/* The summary's beginning (standard error, and the html page's header). */
static void summary_start(struct buf *summary, const struct scan *sc)
{
	const struct duplicates_command *d = sc->d;
	size_t files = sc->files;
	if (d->index) {
		size_t added = sc->added, indexed = sc->indexed_games, held = dup_index_files(sc->idx);
		buf_printf(summary, "index %s: %zu file%s added, %zu changed, %zu removed, %zu "
			   "unchanged (not read again)", d->index, added, added == 1 ? "" : "s",
			   sc->changed, sc->removed, sc->unchanged);
		if (sc->reread)
			buf_printf(summary, ", %zu read again (the index brought up to schema "
				   "version %d)", sc->reread, DUP_INDEX_VERSION);
		buf_printf(summary, "; %zu game%s in %zu file%s: ", indexed, indexed == 1 ? "" : "s",
			   held, held == 1 ? "" : "s");
	} else if (d->against) {
		size_t now = dup_set_games(sc->set) - sc->indexed_games;
		buf_printf(summary, "%zu game%s read from %zu file%s, against %zu game%s in %s: ",
			   now, now == 1 ? "" : "s", files, files == 1 ? "" : "s",
			   sc->indexed_games, sc->indexed_games == 1 ? "" : "s", d->against);
	} else {
		size_t games = dup_set_games(sc->set);
		buf_printf(summary, "%zu game%s read from %zu file%s: ", games, games == 1 ? "" : "s",
			   files, files == 1 ? "" : "s");
	}
}

/* What --index changed, file by file, on standard error. */
static void say_index_changes(const struct scan *sc)
{
	for (char *p = sc->changed_list.data, *nl; p && (nl = strchr(p, '\n')); p = nl + 1)
		fprintf(stderr, "%.*s: changed since it was indexed: read again\n", (int)(nl - p), p);
	for (char *p = sc->removed_list.data, *nl; p && (nl = strchr(p, '\n')); p = nl + 1)
		fprintf(stderr, "%.*s: gone since it was indexed: dropped from the index\n",
			(int)(nl - p), p);
}

/* The groups of the games read, reported; the exit status. */
static int report_scan(struct scan *sc)
{
	const struct duplicates_command *d = sc->d;
	if (!d->index)
		search(sc);
	if (!sc->searched) {
		fprintf(stderr, "jgflint duplicates: cannot write or read back the temporary file: %s\n",
			strerror(errno));
		return EXIT_TROUBLE;
	}
	if (sc->index_failed) {
		/* Nothing was added, and the games read went to the index (or
		 * the index could not be read): no report, which would say
		 * there are no duplicates. */
		if (d->index && dup_index_new(sc->idx))
			fprintf(stderr, "index %s not made: %zu file%s read, duplicates not "
				"searched\n", d->index, sc->files, sc->files == 1 ? "" : "s");
		else if (d->index)
			fprintf(stderr, "index %s not updated (left as it was): %zu file%s read, "
				"duplicates not searched\n", d->index, sc->files,
				sc->files == 1 ? "" : "s");
		return EXIT_TROUBLE;
	}
	json_object *about = sc->idx ? index_about(sc) : NULL;
	struct buf summary = BUF_INIT;
	summary_start(&summary, sc);
	dup_out_summary(&summary, &sc->totals);
	int status = sc->status;
	if (!write_report(sc->out, &sc->totals, summary.data, about))
		status = EXIT_TROUBLE;
	if (about)
		json_object_put(about);
	if (d->index && !d->quiet)
		say_index_changes(sc);
	fprintf(stderr, "%s\n", summary.data);
	buf_free(&summary);
	bool found = sc->totals.groups || sc->totals.fragments;
	if (status == EXIT_CLEAN && found && !d->exit_zero)
		status = EXIT_FINDINGS;
	return status;
}

/* Options that do not go together; the message, or NULL. */
static const char *conflict(const struct duplicates_command *d, int npaths)
{
	if (npaths <= 0)
		return "no PATH given (a directory, files, or - for standard input)\n"
		       "Try 'jgflint duplicates --help'.";
	if (d->index && d->against)
		return "--index and --against take one index each: --index updates one, --against "
		       "only reads one";
	if (d->indexes && (d->index || d->against))
		return "--indexes searches the indexes given as PATHs; it takes neither --index nor "
		       "--against";
	return NULL;
}

int duplicates_run(const struct duplicates_command *d, int npaths, char **paths)
{
	const char *why = conflict(d, npaths);
	if (why) {
		fprintf(stderr, "jgflint duplicates: %s\n", why);
		return EXIT_TROUBLE;
	}
	/* a page not to a terminal, as the check's --format html; -o - names
	 * standard output, asked for by name */
	if (!strcmp(d->format, "html") &&
	    !write_page_ok("jgflint duplicates", d->output_file, "-o report.html"))
		return EXIT_TROUBLE;
	report_path = d->output_file;
	if (d->indexes)
		return merged(npaths, paths, &d->o, d->format, d->exit_zero);
	struct scan sc = { .d = d, .status = EXIT_CLEAN };
	const char *idx_path = d->index ? d->index : d->against;
	if (idx_path) {
		struct buf err = BUF_INIT;
		sc.idx = dup_index_open(idx_path, d->index != NULL, &err);
		if (!sc.idx) {
			fprintf(stderr, "jgflint duplicates: %s\n", err.data ? err.data : idx_path);
			buf_free(&err);
			return EXIT_TROUBLE;
		}
		buf_free(&err);
	}
	struct dup_options o = d->o;
	o.only_new = d->against != NULL;
	sc.set = dup_set_new(&o);
	sc.out = dup_out_new(d->format, o.keys);
	read_paths(&sc, npaths, paths);
	int status = report_scan(&sc);
	dup_out_free(sc.out);
	for (size_t i = 0; i < sc.nfresh; i++)
		free(sc.fresh[i]);
	free(sc.fresh);
	buf_free(&sc.log);
	dup_set_free(sc.set);
	dup_index_close(sc.idx);
	buf_free(&sc.changed_list);
	buf_free(&sc.removed_list);
	return status;
}
