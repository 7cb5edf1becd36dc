/* run: the files of one invocation.
 *
 * Checking a file (load, lint, fix, write) is a job that touches nothing
 * shared, so jobs run on worker threads; reporting happens on the main
 * thread, job after job in command-line order, so the output is the same
 * whatever the number of jobs. A worker keeps of a checked document only
 * what the reporters read (report_view: the findings and the windows of
 * lines the text format quotes; the whole text only for json/SARIF edits
 * of fixes) and
 * frees the rest itself, on the thread whose malloc arena holds
 * them: freed from the main thread, they cost a lock and an arena trim per
 * free (15,000 mprotect calls for 600 files) and documents waiting to be
 * reported held up to 64 × N whole files. Workers stay within a window of
 * the next job to report, which bounds the views held. */
#include "cli/run.h"

#include <errno.h>
#include <fcntl.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <sys/stat.h>
#include <unistd.h>

#include "cli/baseline.h"
#include "door/door.h"
#include "base/buf.h"
#include "base/dom.h"
#include "base/once.h"
#include "core/catalog.h"
#include "output/diff.h"
#include "cli/expand.h"
#include "cli/files.h"
#include "cli/outputs.h"
#include "cli/plan.h"
#include "core/fix.h"
#include "lint/fixloop.h"
#include "base/paths.h"
#include "base/jstring.h"
#include "lint/pipeline.h"
#include "cli/write.h"

/* io-error's words of a file --fix refuses to open (write_not_fixable's
 * reason). */
#define SAY_NOT_FIXABLE "cannot fix the file: %s; it was not read"

struct job {
	const char *path;          /* as given, or found in a directory; "-" for stdin */
	const char *walked;        /* the real path of the directory whose walk found it
				      (a fix is written only while it lies there), or NULL */
	struct config *cfg;
	struct document doc;
	struct doc_view view;      /* what the text format quotes, once doc's text is freed */
	char *out;                 /* for standard output before the findings: a diff, a fixed stdin */
	size_t out_len;
	struct buf err;            /* messages for standard error */
	struct buf fixed;          /* "fixed N problems", said once the result is written */
	size_t fixes;
	bool changed;              /* --diff: the file would change */
	bool trouble;              /* could not be written */
};

/* A file of the run being checked or waiting to be reported: its job
 * made when it is taken and freed once reported, so that a run holds the
 * results of at most its window of files, not a job (600 bytes) for each
 * of thousands. The window's tasks are a ring: a task for each file was
 * 40 bytes of each run's peak, 197 KB of checking 4,920 files (issue 52). */
struct task {
	struct job *job;
	bool done;
};

struct pool {
	struct run_options *o;
	/* Each file's path, the walk that found it (an index into real, or
	 * ORIGIN_NAMED or ORIGIN_MATCHED), and its configuration (found on
	 * the main thread). */
	char *const *paths;
	const struct file_runs *origin;
	char *const *real;
	struct file_runs cfgs;
	struct task *tasks;        /* window of them: file i's is i % window */
	size_t njobs;
	size_t next;               /* next job to take */
	size_t reported;           /* jobs reported so far */
	size_t window;
	size_t waiting;            /* workers waiting for the window to move */
	pthread_mutex_t lock;
	pthread_cond_t done;       /* the job the main thread reports next is done */
	pthread_cond_t room;       /* the window moved */
};

static void plural(struct buf *b, size_t n, const char *word)
{
	buf_printf(b, "%zu %s%s", n, word, n == 1 ? "" : "s");
}

/* "json-bom, v1-leftover (2)" */
static void describe_tally(struct buf *b, const struct fix_tally *t)
{
	for (size_t i = 0; i < t->len; i++) {
		buf_printf(b, "%s%s", i ? ", " : "", t->items[i].rule->id);
		if (t->items[i].count > 1)
			buf_printf(b, " (%zu)", t->items[i].count);
	}
}

/* Whether path (found by walking root, a real path) still lies in that
 * tree and is no symbolic link: a walk fixes what lies in the tree it
 * walks, never a file a link (or a directory replaced by one since the
 * walk) leads to elsewhere. Checked before writing; write_fixed then checks
 * that the path still leads to the same file, with the contents read. */
static bool in_walked_tree(const char *path, const char *root)
{
	struct stat st;
	if (!*root || lstat(path, &st) != 0 || S_ISLNK(st.st_mode))
		return false;
	char *real = realpath(path, NULL);
	size_t n = strlen(root);
	bool in = real && strncmp(real, root, n) == 0 && (real[n] == '/' || strcmp(root, "/") == 0);
	free(real);
	return in;
}

/* --fix and --diff: the document was fixed in memory; writes, keeps or
 * diffs it. */
static void fix_job(struct job *j, const struct run_options *o, struct checked *c,
		    const struct lint_settings *ls)
{
	struct document *doc = &c->doc;
	struct fix_tally *tally = &c->tally;
	/* What the file gets: the fixed text, or an SGF file's fixed bytes
	 * (doc's text is them decoded). */
	const char *fixed = c->bytes ? c->bytes : doc->text;
	size_t fixed_len = c->bytes ? c->bytes_len : doc->len;
	if (c->fix_broke) {
		buf_printf(&j->err, "jgflint: %s: internal error: a fix produced invalid JSON; "
			   "the file was not changed (please report this)\n", doc->path);
		j->trouble = true;
	}
	if (strcmp(j->path, "-") == 0 && !o->diff) {
		/* Standard output always gets the document, fixed or as it came
		 * (a syntax error no repair removes): a pipeline never gets an
		 * empty one. */
		j->out = xmalloc(fixed_len + 1);
		memcpy(j->out, fixed ? fixed : "", fixed_len);
		j->out[fixed_len] = '\0';
		j->out_len = fixed_len;
	} else if (c->fix_broke || (!doc->parsed && !c->bytes)) {
		/* A syntax error no repair removes: the file is left alone. */
	} else if (o->diff) {
		if (tally->total) {
			FILE *f = open_memstream(&j->out, &j->out_len);
			if (!f)
				die_oom();
			diff_unified(f, doc->path, c->original, c->original_len, fixed, fixed_len);
			fclose(f);
			j->changed = true;
		}
	} else if (tally->total) {
		int err = j->walked && !in_walked_tree(j->path, j->walked) ? WRITE_OUTSIDE :
			  write_fixed(j->path, &doc->stamp, c->original, c->original_len, fixed,
				      fixed_len, o->fix_hard_links);
		if (err == WRITE_CHANGED) {
			buf_printf(&j->err, "jgflint: %s: changed while being fixed; not written\n",
				   doc->path);
		} else if (err) {
			buf_printf(&j->err, "jgflint: %s: cannot write the fixed file: %s; it was not "
				   "changed\n", doc->path, write_error(err, &doc->stamp));
		}
		if (err) {
			j->trouble = true;
			tally->total = 0;
			/* Report the file as it still is on disk. */
			struct document unchanged;
			document_load_buffer(&unchanged, doc->path, c->original, c->original_len);
			document_free(doc);
			struct checked as_is;
			door_check(&as_is, &unchanged, &(struct door_request){ .settings = ls,
									    .bugs = &j->err });
			*doc = as_is.doc;
		}
	}
	/* Fixes left out are always said: the user asked for them. */
	if (tally->notes)
		buf_add(&j->err, tally->notes, tally->notes_len);
	if (tally->total && (o->verbose || o->show_fixes)) {
		escape_invisible(&j->fixed, doc->path, strlen(doc->path));
		buf_printf(&j->fixed, ": %s %zu problem%s: ",
			   o->diff ? "would fix" : "fixed", tally->total, tally->total == 1 ? "" : "s");
		describe_tally(&j->fixed, tally);
		buf_addc(&j->fixed, '\n');
	}
	j->fixes = tally->total;
}

/* --show-fixes without --fix: what --fix would apply, found by fixing a
 * copy, so fixes it would leave out (or that follow others) count right. */
static void show_fixes_job(struct job *j, const struct run_options *o,
			   const struct lint_settings *ls)
{
	struct document copy;
	document_load_buffer(&copy, j->doc.path, j->doc.text, j->doc.len);
	struct checked c;
	struct buf bugs = BUF_INIT;   /* said by the check itself */
	door_check(&c, &copy, &(struct door_request){ .settings = ls, .fix = true,
						      .unsafe = o->unsafe, .bugs = &bugs });
	buf_free(&bugs);
	if (!c.fix_broke && (c.doc.parsed || c.bytes) && c.tally.total) {
		escape_invisible(&j->fixed, c.doc.path, strlen(c.doc.path));   /* a name can hold anything */
		buf_printf(&j->fixed, ": %s would fix %zu problem%s: ",
			   o->unsafe ? "--fix --unsafe-fixes" : "--fix", c.tally.total,
			   c.tally.total == 1 ? "" : "s");
		describe_tally(&j->fixed, &c.tally);
		buf_addc(&j->fixed, '\n');
	}
	checked_free(&c);
}

/* Whether a file's findings meet a baseline, which matches SGF's by their
 * places: one read (--baseline's, its configuration's) or written. */
static bool baseline_read(const struct run_options *o, const struct config *cfg)
{
	return o->baseline || o->write_baseline || (cfg && cfg->baseline);
}

static void run_job(struct job *j, struct run_options *o)
{
	struct document doc;
	load_share_budget(true);   /* the jobs at once stay within the budget */
	const char *refused = o->fix && !o->diff && strcmp(j->path, "-") != 0 ?
			      write_not_fixable(j->path) : NULL;
	if (refused) {
		/* Not opened: --fix would wait for a FIFO's writer for ever. */
		doc = (struct document){ .path = xstrdup(j->path), .io_failed = true };
		diag_file(&doc.diags, &rule_io_error, SAY_NOT_FIXABLE, refused);
	} else {
		document_load_file(&doc, j->path);
	}
	if (strcmp(j->path, "-") == 0 && o->stdin_filename) {
		free(doc.path);
		doc.path = xstrdup(o->stdin_filename);
	}
	struct lint_settings ls = config_settings(&o->cli, j->cfg, doc.path);
	bool quotes = false, places = baseline_read(o, j->cfg);
	for (size_t i = 0; i < o->noutputs; i++) {
		quotes |= format_wants_view(o->outputs[i].format);
		places |= format_reads_places(o->outputs[i].format);
	}
	ls.no_places = !places;
	/* A format that quotes draws boards under go findings (text, html),
	 * from the positions the lint's replay keeps. */
	ls.positions = quotes && !o->no_board;
	struct checked c;
	/* A converter bug is the program's trouble, as --convert's (exit 2). */
	j->trouble = door_check(&c, &doc, &(struct door_request){ .settings = &ls,
		.fix = o->fix || o->diff, .unsafe = o->unsafe, .bugs = &j->err }) > 0;
	if ((o->fix || o->diff) && !c.doc.io_failed)
		fix_job(j, o, &c, &ls);
	j->doc = c.doc;
	c.doc = (struct document){ 0 };
	checked_free(&c);
	if (o->show_fixes && !o->fix && !o->diff && !j->doc.io_failed)
		show_fixes_job(j, o, &ls);
	config_settings_done(&ls);
	bool keep = false;
	for (size_t i = 0; i < o->noutputs; i++)
		keep |= report_needs_text(o->outputs[i].format, &j->doc);
	report_view(&j->doc, keep, quotes, !o->no_board, o->text_columns, &j->view);
	load_share_budget(false);
}

/* The job of file i. */
static struct job *task_job(const struct pool *p, size_t i)
{
	struct job *j = xcalloc(1, sizeof *j);
	j->path = p->paths[i];
	size_t dir = file_runs_get(p->origin, i);
	if (!p->o->follow_symlinks && dir != ORIGIN_NAMED && dir != ORIGIN_MATCHED)
		j->walked = p->real[dir] ? p->real[dir] : "";
	j->cfg = (struct config *)file_runs_get(&p->cfgs, i);
	return j;
}

static void *worker(void *arg)
{
	struct pool *p = arg;
	struct dom_pool *values = dom_pool_new(DOM_POOL_RECORDS);
	dom_pool_use(values);
	pthread_mutex_lock(&p->lock);
	for (;;) {
		while (p->next < p->njobs && p->next >= p->reported + p->window) {
			p->waiting++;
			pthread_cond_wait(&p->room, &p->lock);
			p->waiting--;
		}
		if (p->next >= p->njobs)
			break;
		size_t i = p->next++;
		struct task *k = &p->tasks[i % p->window];
		pthread_mutex_unlock(&p->lock);
		struct job *j = task_job(p, i);
		run_job(j, p->o);
		pthread_mutex_lock(&p->lock);
		k->job = j;
		k->done = true;
		/* Wake the main thread only for the job it waits for. */
		if (i == p->reported)
			pthread_cond_signal(&p->done);
	}
	pthread_mutex_unlock(&p->lock);
	dom_pool_use(NULL);
	dom_pool_free(values);
	return NULL;
}

/* A baseline in use: --baseline's, or a configuration's `baseline`. */
struct baseline_use {
	char *path;
	struct baseline *b;              /* NULL: it could not be read */
};

struct totals {
	struct summary sum;
	bool changed;
	bool trouble;
	struct baseline_use *baselines;  /* [0] is --baseline's when given */
	size_t nbaselines, baselines_cap;
	struct baseline *recording;      /* --write-baseline */
	struct config **configs;         /* every configuration that applied */
	size_t nconfigs, configs_cap;
	size_t unconfigured_warnings;    /* of files no configuration applies to */
	/* With -q, the first warnings of each configuration's files (and of
	 * files with none), as concise lines: what a run that fails on
	 * warnings names. */
	struct hidden_warning { const struct config *cfg; char *line; } *hidden;
	size_t nhidden, hidden_cap;
	struct buf unread;   /* what the walks held and the run did not check, said */
};

/* How many warnings -q names when they fail a run, per warning policy. */
enum { HIDDEN_NAMED = 10 };

/* -q leaves the warnings of a document out of the report: keeps the first
 * few, counted by the policy of its configuration, marked `[*]` where
 * --fix repairs them (--unsafe-fixes: UNSAFE too), as the report marks them. */
static void keep_hidden(struct totals *t, const struct config *cfg, const struct document *doc,
			bool unsafe)
{
	size_t kept = 0;
	for (size_t i = 0; i < t->nhidden; i++)
		kept += t->hidden[i].cfg == cfg;
	for (size_t i = 0; i < doc->diags.len && kept < HIDDEN_NAMED; i++) {
		const struct diag *d = &doc->diags.items[i];
		if (d->severity != SEV_WARNING)
			continue;
		struct buf line = BUF_INIT;
		shown_text(&line, doc->path);
		if (d->line)
			buf_printf(&line, ":%lu:%lu", d->line, d->col);
		buf_adds(&line, ": warning: ");
		if (d->fix && (d->fix->safety != FIX_UNSAFE || unsafe))
			buf_adds(&line, "[*] ");
		shown_text(&line, d->message);
		buf_printf(&line, " [%s]\n", d->rule->id);
		t->hidden = xgrow(t->hidden, &t->hidden_cap, t->nhidden + 1, sizeof *t->hidden);
		t->hidden[t->nhidden++] = (struct hidden_warning){ cfg, buf_detach(&line) };
		kept++;
	}
}

/* The baseline for a file: --baseline's, else its configuration's (read
 * once), none when writing one. */
static struct baseline *baseline_for(const struct run_options *o, struct totals *t,
				     const struct config *cfg)
{
	if (o->baseline)
		return t->baselines[0].b;
	if (o->write_baseline || !cfg || !cfg->baseline)
		return NULL;
	for (size_t i = 0; i < t->nbaselines; i++)
		if (strcmp(t->baselines[i].path, cfg->baseline) == 0)
			return t->baselines[i].b;
	char *shown = display_path(cfg->baseline);
	struct baseline *b = baseline_load(shown);
	free(shown);
	t->trouble |= !b;
	t->baselines = xgrow(t->baselines, &t->baselines_cap, t->nbaselines + 1, sizeof *t->baselines);
	t->baselines[t->nbaselines++] = (struct baseline_use){ xstrdup(cfg->baseline), b };
	return b;
}

/* With --diff, standard output carries the diff: findings (those the fixes
 * leave) go only to the outputs written to files. */
static void report_document(struct run_options *o, const struct document *doc,
			    const struct doc_view *view)
{
	for (size_t i = 0; i < o->noutputs; i++)
		if (!o->diff || o->outputs[i].path)
			reporter_document(o->outputs[i].reporter, doc, view);
}

static void count(struct totals *t, const struct document *doc)
{
	for (int s = SEV_INFO; s <= SEV_ERROR; s++)
		t->sum.counts[s] += diag_list_count(&doc->diags, (enum severity)s);
}

/* Whether a report goes to standard output or error (one without a file). */
static bool reports_to_terminal(const struct run_options *o)
{
	for (size_t i = 0; i < o->noutputs; i++)
		if (!o->outputs[i].path)
			return true;
	return false;
}

/* A configuration's problems, once, before the first file it applies to
 * (or at the end of a walk it gave its extensions to and nothing to check). */
static void report_config(struct run_options *o, struct totals *t, struct config *cfg)
{
	if (!cfg || cfg->reported)
		return;
	cfg->reported = true;
	if (cfg->doc.diags.len) {
		report_document(o, &cfg->doc, NULL);
		count(t, &cfg->doc);
	}
	t->trouble |= !cfg->valid;
}

/* On the main thread, in order: what the job printed, then its findings. */
static void finish_job(struct job *j, struct run_options *o, struct totals *t)
{
	struct config *cfg = j->cfg;
	report_config(o, t, cfg);
	if (j->out)
		fwrite(j->out, 1, j->out_len, stdout);
	/* A fixed document lost on the way out is not reported as fixed. */
	if (!write_flush_stdout()) {
		t->trouble = true;
		if (j->out && !o->diff) {
			j->fixes = 0;
			buf_free(&j->fixed);
		}
	}
	fputs(j->err.data ? j->err.data : "", stderr);
	fputs(j->fixed.data ? j->fixed.data : "", stderr);
	struct baseline *b = baseline_for(o, t, cfg);
	if (b)
		t->sum.baselined += baseline_filter(b, &j->doc);
	if (j->doc.io_failed && !reports_to_terminal(o)) {
		/* Every report goes to a file (-f html=FILE): a file that
		 * could not be read is said here too, beside the summary
		 * that counts it. */
		struct buf shown = BUF_INIT;
		const char *path = shown_text(&shown, j->doc.path);
		for (size_t i = 0; i < j->doc.diags.len; i++) {
			const struct diag *d = &j->doc.diags.items[i];
			fprintf(stderr, "%s: %s: %s [%s]\n", path, severity_name(d->severity),
				d->message, d->rule->id);
		}
		buf_free(&shown);
	}
	for (size_t i = 0; i < j->doc.diags.len; i++) {
		const struct fix *f = j->doc.diags.items[i].fix;
		if (f && (f->safety != FIX_UNSAFE || o->unsafe))
			t->sum.fixable++;
		else if (f)
			t->sum.unsafe_fixable++;
	}
	size_t warnings = diag_list_count(&j->doc.diags, SEV_WARNING);
	if (o->quiet && warnings)
		keep_hidden(t, cfg, &j->doc, o->unsafe);
	if (!cfg)
		t->unconfigured_warnings += warnings;
	else {
		cfg->warnings += warnings;
		size_t k = 0;
		while (k < t->nconfigs && t->configs[k] != cfg)
			k++;
		if (k == t->nconfigs) {
			t->configs = xgrow(t->configs, &t->configs_cap, t->nconfigs + 1, sizeof *t->configs);
			t->configs[t->nconfigs++] = cfg;
		}
	}
	if (t->recording)
		baseline_record(t->recording, &j->doc);
	count(t, &j->doc);   /* every finding counts, shown or not */
	if (!o->statistics)  /* which counts them all */
		diag_list_cap(&j->doc.diags, settings_findings_cap(&o->cli));
	report_document(o, &j->doc, j->view.items ? &j->view : NULL);
	t->sum.fixes += j->fixes;
	t->sum.fixed_files += j->fixes > 0;
	t->changed |= j->changed;
	t->trouble |= j->trouble || j->doc.io_failed;
	t->sum.files += !j->doc.io_failed;
	document_free(&j->doc);
	doc_view_free(&j->view);
	free(j->out);
	buf_free(&j->err);
	buf_free(&j->fixed);
}

/* The warning policy: the command line's over all warnings, else each
 * configuration's over the warnings of the files it applies to, so the
 * exit status does not depend on the working directory. Returns whether it
 * fails the run, after saying why in why, and with -q naming the warnings
 * it counted (which the report left out). */
static bool policy_fails(const struct run_options *o, const struct totals *t, struct buf *why)
{
	bool cli = o->cli.warnings_as_errors >= 0 || o->cli.max_warnings >= 0;
	for (size_t i = 0; i <= t->nconfigs; i++) {
		const struct config *cfg = i < t->nconfigs ? t->configs[i] : NULL;
		size_t here = cfg ? cfg->warnings : t->unconfigured_warnings;
		if (!settings_warnings_fail(&o->cli, cfg ? &cfg->file : NULL, cfg ? cfg->doc.path : NULL,
					    here, t->sum.counts[SEV_WARNING], why))
			continue;
		size_t counted = cli ? t->sum.counts[SEV_WARNING] : here, named = 0;
		for (size_t k = 0; k < t->nhidden && named < HIDDEN_NAMED; k++) {
			if (cli || t->hidden[k].cfg == cfg) {
				buf_adds(why, t->hidden[k].line);
				named++;
			}
		}
		if (named && counted > named)
			buf_printf(why, "jgflint: and %zu more warning%s (without -q, the report lists "
				   "them all)\n", counted - named, counted - named == 1 ? "" : "s");
		return true;
	}
	return false;
}

static int exit_status(const struct run_options *o, const struct totals *t, bool nothing,
		       bool too_many)
{
	struct outcome out = { .trouble = t->trouble, .nothing = nothing, .exit_zero = o->exit_zero,
			       .diff = o->diff, .changed = t->changed, .recording = t->recording != NULL,
			       .errors = t->sum.counts[SEV_ERROR], .warnings_fail = too_many };
	return outcome_status(&out);
}

static long worker_count(const struct run_options *o, size_t njobs)
{
	long n = o->jobs > 0 ? o->jobs : sysconf(_SC_NPROCESSORS_ONLN);
	if (n < 1)
		n = 1;
	if ((size_t)n > njobs)
		n = (long)njobs;
	return n;
}

static void summary_text(struct buf *sum, const struct run_options *o, const struct totals *t);

static void print_summary(const struct run_options *o, const struct totals *t)
{
	struct buf sum = BUF_INIT;
	summary_text(&sum, o, t);
	fprintf(stderr, "%s\n", sum.data);
	buf_free(&sum);
}

/* "2 files checked: 1 error, ...", and what was fixed and baselined. */
static void summary_text(struct buf *b, const struct run_options *o, const struct totals *t)
{
	struct buf sum = BUF_INIT;
	plural(&sum, t->sum.files, "file");
	buf_adds(&sum, " checked: ");
	plural(&sum, t->sum.counts[SEV_ERROR], "error");
	buf_adds(&sum, ", ");
	plural(&sum, t->sum.counts[SEV_WARNING], "warning");
	buf_adds(&sum, ", ");
	plural(&sum, t->sum.counts[SEV_INFO], "info");
	if (o->fix || o->diff) {
		buf_printf(&sum, "; %s ", o->diff ? "would fix" : "fixed");
		plural(&sum, t->sum.fixes, "problem");
		buf_adds(&sum, " in ");
		plural(&sum, t->sum.fixed_files, "file");
	}
	if (t->nbaselines && t->sum.baselined)
		buf_printf(&sum, "; %zu in the baseline", t->sum.baselined);
	if (t->unread.len)
		buf_add(&sum, t->unread.data, t->unread.len);
	buf_add(b, sum.data, sum.len);
	buf_free(&sum);
}

/* What the run's totals hold, and the configurations cached for it. */
static void totals_free(struct totals *t)
{
	for (size_t i = 0; i < t->nbaselines; i++) {
		baseline_free(t->baselines[i].b);
		free(t->baselines[i].path);
	}
	free(t->baselines);
	free(t->configs);
	for (size_t i = 0; i < t->nhidden; i++)
		free(t->hidden[i].line);
	free(t->hidden);
	buf_free(&t->unread);
	baseline_free(t->recording);
	config_cache_free();
}

bool run_configure(const struct run_options *o, struct config **fixed)
{
	*fixed = NULL;
	if (o->no_config) {
		config_set_none();
		return true;
	}
	if (!o->config)
		return true;
	*fixed = config_load(o->config);
	if ((*fixed)->doc.io_failed) {
		fprintf(stderr, "jgflint: --config %s: %s\n", o->config, (*fixed)->doc.diags.items[0].message);
		config_free(*fixed);
		*fixed = NULL;
		return false;
	}
	config_set_fixed(*fixed);
	return true;
}

/* Checks the jobs on worker threads (or on this one), and reports each,
 * in order, as soon as it and those before it are done. */
static void run_jobs(struct run_options *o, struct pool *p, struct totals *t)
{
	long n = worker_count(o, p->njobs);
	p->window = 64 * (size_t)n;
	p->tasks = xcalloc(p->window, sizeof *p->tasks);
	pthread_mutex_init(&p->lock, NULL);
	pthread_cond_init(&p->done, NULL);
	pthread_cond_init(&p->room, NULL);
	pthread_t *threads = xcalloc((size_t)n + 1, sizeof *threads);
	long started = 0;
	run_prepare_threads(n);
	pthread_attr_t attr;
	thread_attr_worker(&attr);
	while (n > 1 && started < n && pthread_create(&threads[started], &attr, worker, p) == 0)
		started++;
	pthread_attr_destroy(&attr);
	struct dom_pool *values = started ? NULL : dom_pool_new(DOM_POOL_RECORDS),
			*was = dom_pool_use(values);
	for (size_t i = 0; i < p->njobs; i++) {
		struct task *k = &p->tasks[i % p->window];
		if (started == 0) {
			k->job = task_job(p, i);
			run_job(k->job, o);
		} else {
			pthread_mutex_lock(&p->lock);
			while (!k->done)
				pthread_cond_wait(&p->done, &p->lock);
			pthread_mutex_unlock(&p->lock);
		}
		finish_job(k->job, o, t);
		free(k->job);
		if (started == 0)
			run_trim_heap();
		pthread_mutex_lock(&p->lock);
		/* (the task is file i + window's once reported moves past i) */
		*k = (struct task){ 0 };
		p->reported = i + 1;
		if (p->waiting)
			pthread_cond_broadcast(&p->room);
		pthread_mutex_unlock(&p->lock);
	}
	dom_pool_use(was);
	dom_pool_free(values);
	for (long i = 0; i < started; i++)
		pthread_join(threads[i], NULL);
	free(threads);
	free(p->tasks);
	pthread_mutex_destroy(&p->lock);
	pthread_cond_destroy(&p->done);
	pthread_cond_destroy(&p->room);
}

/* The entries of each baseline that no finding matched, reported. */
static void report_stale(struct run_options *o, struct totals *t, const struct file_list *dirs)
{
	for (size_t i = 0; i < t->nbaselines; i++) {
		struct baseline *b = t->baselines[i].b;
		if (!b)
			continue;
		for (size_t k = 0; k < dirs->len; k++)
			baseline_scope_directory(b, dirs->items[k]);
		struct document stale;
		baseline_stale(b, &stale);
		report_document(o, &stale, NULL);
		count(t, &stale);
		/* A configuration's policy counts the stale entries of its own
		 * baseline, as --max-warnings counts them. */
		size_t warnings = diag_list_count(&stale.diags, SEV_WARNING);
		for (size_t k = 0; warnings && k < t->nconfigs; k++) {
			struct config *cfg = t->configs[k];
			if (cfg->baseline && !o->baseline && strcmp(cfg->baseline, t->baselines[i].path) == 0)
				cfg->warnings += warnings;
		}
		document_free(&stale);
	}
}

/* --write-baseline: the baseline recorded, and a line that says so. */
static void write_baseline(const struct run_options *o, struct totals *t)
{
	int err = baseline_write(t->recording, o->write_baseline);
	if (err) {
		fprintf(stderr, "jgflint: cannot write the baseline %s: %s\n", o->write_baseline,
			write_error(err, NULL));
		t->trouble = true;
	} else if (!o->quiet) {
		/* One line: what was recorded, and the run's summary. */
		size_t entries, findings, nfiles;
		baseline_counts(t->recording, &entries, &findings, &nfiles);
		struct buf sum = BUF_INIT;
		summary_text(&sum, o, t);
		fprintf(stderr, "jgflint: wrote %s: %zu finding%s in %zu file%s (%zu entr%s); %s\n",
			o->write_baseline, findings, findings == 1 ? "" : "s", nfiles,
			nfiles == 1 ? "" : "s", entries, entries == 1 ? "y" : "ies", sum.data);
		buf_free(&sum);
	}
}

/* What run() and show_files() work over: the configuration of the command
 * line, the run's totals, the files and the directories walked, what the
 * walks left out and which walk found each file. */
struct run_frame {
	struct config *fixed;
	struct totals t;
	struct file_list files, dirs;
	struct left_out left;
	struct origins from;
};

static void frame_free(struct run_frame *f)
{
	plan_free(&f->files, &f->from, &f->left);
	files_free(&f->dirs);
	totals_free(&f->t);
	config_free(f->fixed);
}

/* The files of the run, each once, with none of them an output; false
 * after saying why when an output would destroy an input. */
static bool plan(struct run_options *o, char **paths, size_t npaths, struct run_frame *f)
{
	return plan_files(o, paths, npaths, &f->files, &f->dirs, &f->left, &f->from, &f->t.trouble);
}

/* A run that checks nothing: a CI job that checks nothing must not pass
 * unnoticed; paths named and excluded on purpose (a pre-commit hook's)
 * are not that. */
static bool checks_nothing(const struct run_options *o, const struct run_frame *f)
{
	return f->files.len == 0 && !f->t.trouble && !o->allow_no_files && !f->left.named &&
	       !f->left.patterns;
}

/* --baseline's baseline, read; false after saying why it cannot be. */
static bool read_baseline(const struct run_options *o, struct totals *t)
{
	if (o->baseline) {
		struct baseline *b = baseline_load(o->baseline);
		if (!b)
			return false;
		t->baselines = xcalloc(1, sizeof *t->baselines);
		t->baselines[0] = (struct baseline_use){ xstrdup(o->baseline), b };
		t->nbaselines = t->baselines_cap = 1;
	}
	if (o->write_baseline)
		t->recording = baseline_new(o->write_baseline);
	return true;
}

int run(struct run_options *o, char **paths, size_t npaths)
{
	struct run_frame f = { 0 };
	struct totals *t = &f.t;
	struct pool p = { .o = o };
	int status = EXIT_TROUBLE;
	if (!run_configure(o, &f.fixed))
		return EXIT_TROUBLE;
	if (!read_baseline(o, t) || !plan(o, paths, npaths, &f))
		goto out;
	bool nothing = checks_nothing(o, &f);
	bool stdin_fixed = false;
	p.njobs = f.files.len;
	p.paths = f.files.items;
	p.origin = &f.from.runs;
	p.real = f.from.real.items;
	for (size_t i = 0; i < f.files.len; i++) {
		const char *path = f.files.items[i];
		bool is_stdin = strcmp(path, "-") == 0;
		stdin_fixed |= is_stdin && o->fix;
		/* Configurations are found here, on one thread (they are cached:
		 * a directory's files share one). */
		file_runs_put(&p.cfgs, i, (uintptr_t)config_for(is_stdin ? (o->stdin_filename ?
					  o->stdin_filename : "./-") : path));
	}
	/* An output that cannot be written stops the run before any work: no
	 * summary of nothing, no baseline of nothing over the old one. */
	if (!outputs_open(o, stdin_fixed))
		goto out;
	run_jobs(o, &p, t);
	/* The configuration of a directory walked whose files were none, or
	 * all another's: its extensions chose what was walked for. */
	for (size_t i = 0; i < f.dirs.len; i++) {
		struct buf probe = BUF_INIT;
		buf_printf(&probe, "%s/.", f.dirs.items[i]);
		report_config(o, t, config_for(probe.data));
		buf_free(&probe);
	}
	report_stale(o, t, &f.dirs);
	struct buf why = BUF_INIT;
	bool too_many = policy_fails(o, t, &why);
	t->sum.status = exit_status(o, t, nothing, too_many);   /* for SARIF's invocation */
	if (!outputs_close(o, &t->sum))
		t->trouble = true;
	if (!write_flush_stdout())
		t->trouble = true;
	if (!o->quiet && !nothing && f.dirs.len)   /* what the walks left unread */
		plan_say_unread(&t->unread, o, &f.dirs, &f.left);
	if (t->recording)
		write_baseline(o, t);
	else if (!o->quiet)
		print_summary(o, t);
	status = exit_status(o, t, nothing, too_many);
	/* Even with -q, a run that fails on warnings alone says why. */
	if (too_many && status == EXIT_FINDINGS && (!o->quiet || !t->sum.counts[SEV_ERROR]))
		fputs(why.data, stderr);
	buf_free(&why);
	if (nothing)
		plan_say_nothing(o, &f.dirs, npaths, &f.left);
out:
	file_runs_free(&p.cfgs);
	frame_free(&f);
	return status;
}

int show_files(struct run_options *o, char **paths, size_t npaths)
{
	struct run_frame f = { 0 };
	if (!run_configure(o, &f.fixed))
		return EXIT_TROUBLE;
	bool planned = plan(o, paths, npaths, &f);
	struct buf line = BUF_INIT;
	for (size_t i = 0; planned && i < f.files.len; i++) {
		buf_truncate(&line, 0);
		shown_text(&line, f.files.items[i]);
		puts(line.data);
	}
	buf_free(&line);
	bool nothing = planned && checks_nothing(o, &f);
	if (nothing)
		plan_say_nothing(o, &f.dirs, npaths, &f.left);
	bool trouble = !planned || f.t.trouble || nothing;
	frame_free(&f);
	return trouble ? EXIT_TROUBLE : EXIT_CLEAN;
}

/* --convert's report: its inputs' findings reported as run() reports the
 * files it checks. */
struct run_report {
	struct run_options *o;
	struct totals t;
	struct config *fixed;
	struct config *cfg;   /* the configuration of the input being checked */
};

struct run_report *run_report_begin(struct run_options *o, bool to_stderr)
{
	struct run_report *r = xcalloc(1, sizeof *r);
	r->o = o;
	if (!run_configure(o, &r->fixed)) {
		free(r);
		return NULL;
	}
	if (!read_baseline(o, &r->t) || !outputs_open(o, to_stderr)) {
		totals_free(&r->t);
		config_free(r->fixed);
		free(r);
		return NULL;
	}
	return r;
}

struct lint_settings run_report_settings(struct run_report *r, const char *path)
{
	r->cfg = config_for(strcmp(path, "-") == 0 ? "./-" : path);
	struct lint_settings ls = config_settings(&r->o->cli, r->cfg, path);
	bool quotes = false;
	for (size_t i = 0; i < r->o->noutputs; i++)
		quotes |= format_wants_view(r->o->outputs[i].format);
	ls.positions = quotes && !r->o->no_board;
	return ls;
}

void run_report_file(struct run_report *r, struct document *doc, bool trouble)
{
	struct run_options *o = r->o;
	struct job j = { .path = doc->path, .cfg = r->cfg, .doc = *doc, .trouble = trouble };
	*doc = (struct document){ 0 };
	bool keep = false, quotes = false;
	for (size_t i = 0; i < o->noutputs; i++) {
		keep |= report_needs_text(o->outputs[i].format, &j.doc);
		quotes |= format_wants_view(o->outputs[i].format);
	}
	report_view(&j.doc, keep, quotes, !o->no_board, o->text_columns, &j.view);
	finish_job(&j, o, &r->t);
}

int run_report_end(struct run_report *r, bool *trouble)
{
	struct run_options *o = r->o;
	struct totals *t = &r->t;
	struct file_list none = { 0 };
	report_stale(o, t, &none);
	struct buf why = BUF_INIT;
	bool too_many = policy_fails(o, t, &why);
	t->sum.status = exit_status(o, t, false, too_many);
	if (!outputs_close(o, &t->sum))
		t->trouble = true;
	if (!write_flush_stdout())
		t->trouble = true;
	if (t->recording)
		write_baseline(o, t);
	int status = exit_status(o, t, false, too_many);
	if (too_many && status == EXIT_FINDINGS && (!o->quiet || !t->sum.counts[SEV_ERROR]))
		fputs(why.data, stderr);
	buf_free(&why);
	*trouble = t->trouble;
	totals_free(t);
	config_free(r->fixed);
	free(r);
	return status;
}
