/* run: the files of one invocation.
 *
 * Checking a file (load, lint, fix, write) is a job that touches nothing
 * shared, so jobs run on worker threads; reporting happens on the main
 * thread, job after job in command-line order, so the output is the same
 * whatever the number of jobs. A worker keeps of a checked document only
 * its report view (report_view: findings and the quoted source lines) and
 * frees the DOM and text itself, on the thread whose malloc arena holds
 * them: freed from the main thread, they cost a lock and an arena trim per
 * free (15,000 mprotect calls for 600 files) and documents waiting to be
 * reported held up to 64 × N whole files. Workers stay within a window of
 * the next job to report, which bounds the views held. */
#include "run.h"

#include <errno.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "baseline.h"
#include "buf.h"
#include "catalog.h"
#include "diff.h"
#include "engine.h"
#include "files.h"
#include "fix.h"
#include "lint.h"
#include "write.h"

struct job {
	const char *path;          /* as given, or found in a directory; "-" for stdin */
	struct config *cfg;
	struct document doc;
	char *out;                 /* for standard output before the findings: a diff, a fixed stdin */
	size_t out_len;
	struct buf err;            /* messages for standard error */
	size_t fixes;
	bool changed;              /* --diff: the file would change */
	bool trouble;              /* could not be written */
	bool done;
};

struct pool {
	struct run_options *o;
	struct job *jobs;
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

/* --fix and --diff: fixes the document in memory, then writes, keeps or
 * diffs it. */
static void fix_job(struct job *j, const struct run_options *o)
{
	struct document *doc = &j->doc;
	bool is_stdin = strcmp(j->path, "-") == 0;
	char *original = xstrndup(doc->text, doc->len);
	size_t original_len = doc->len;
	struct fix_tally tally = { 0 };
	if (!fix_document(doc, o->unsafe, &tally)) {
		buf_printf(&j->err, "jgflint: %s: internal error: a fix produced invalid JSON; "
			   "the file was not changed (please report this)\n", doc->path);
		j->trouble = true;
	} else if (o->diff) {
		if (tally.total) {
			FILE *f = open_memstream(&j->out, &j->out_len);
			if (!f)
				abort();
			diff_unified(f, doc->path, original, original_len, doc->text, doc->len);
			fclose(f);
			j->changed = true;
		}
	} else if (is_stdin) {
		j->out = xstrndup(doc->text, doc->len);
		j->out_len = doc->len;
	} else if (tally.total) {
		int err = write_atomic(j->path, doc->text, doc->len);
		if (err) {
			buf_printf(&j->err, "jgflint: %s: cannot write the fixed file: %s; it was not "
				   "changed\n", doc->path, strerror(err));
			j->trouble = true;
			tally.total = 0;
			/* Report the file as it still is on disk. */
			struct document unchanged;
			document_load_buffer(&unchanged, doc->path, original, original_len);
			unchanged.cli = doc->cli;
			unchanged.cfg = doc->cfg;
			lint_document(&unchanged);
			document_free(doc);
			*doc = unchanged;
		}
	}
	if (tally.total) {
		buf_printf(&j->err, "%s: %s %zu problem%s: ", doc->path,
			   o->diff ? "would fix" : "fixed", tally.total, tally.total == 1 ? "" : "s");
		describe_tally(&j->err, &tally);
		buf_addc(&j->err, '\n');
		j->fixes = tally.total;
	}
	fix_tally_free(&tally);
	free(original);
}

static void run_job(struct job *j, struct run_options *o)
{
	document_load_file(&j->doc, j->path);
	if (strcmp(j->path, "-") == 0 && o->stdin_filename) {
		free(j->doc.path);
		j->doc.path = xstrdup(o->stdin_filename);
	}
	j->doc.cli = &o->cli;
	j->doc.cfg = j->cfg;
	lint_document(&j->doc);
	/* A file with syntax errors is never rewritten. */
	if ((o->fix || o->diff) && j->doc.parsed)
		fix_job(j, o);
	report_view(&j->doc);
}

static void *worker(void *arg)
{
	struct pool *p = arg;
	pthread_mutex_lock(&p->lock);
	for (;;) {
		while (p->next < p->njobs && p->next >= p->reported + p->window) {
			p->waiting++;
			pthread_cond_wait(&p->room, &p->lock);
			p->waiting--;
		}
		if (p->next >= p->njobs)
			break;
		struct job *j = &p->jobs[p->next++];
		pthread_mutex_unlock(&p->lock);
		run_job(j, p->o);
		pthread_mutex_lock(&p->lock);
		j->done = true;
		/* Wake the main thread only for the job it waits for. */
		if ((size_t)(j - p->jobs) == p->reported)
			pthread_cond_signal(&p->done);
	}
	pthread_mutex_unlock(&p->lock);
	return NULL;
}

struct totals {
	struct summary sum;
	bool changed;
	bool trouble;
	struct baseline *baseline;       /* --baseline */
	struct baseline *recording;      /* --write-baseline */
};

static void report_document(struct run_options *o, const struct document *doc)
{
	for (size_t i = 0; i < o->noutputs; i++)
		reporter_document(o->outputs[i].reporter, doc);
}

static void count(struct totals *t, const struct document *doc)
{
	for (int s = SEV_INFO; s <= SEV_ERROR; s++)
		t->sum.counts[s] += diag_list_count(&doc->diags, (enum severity)s);
}

/* On the main thread, in order: what the job printed, then its findings. */
static void finish_job(struct job *j, struct run_options *o, struct totals *t)
{
	struct config *cfg = j->cfg;
	if (cfg && !cfg->reported) {
		cfg->reported = true;
		if (cfg->doc.diags.len) {
			report_document(o, &cfg->doc);
			count(t, &cfg->doc);
		}
		t->trouble |= !cfg->valid;
	}
	if (j->out)
		fwrite(j->out, 1, j->out_len, stdout);
	fflush(stdout);
	fputs(j->err.data ? j->err.data : "", stderr);
	if (t->baseline)
		baseline_filter(t->baseline, &j->doc);
	if (t->recording)
		baseline_record(t->recording, &j->doc);
	if (!o->diff)
		report_document(o, &j->doc);
	count(t, &j->doc);
	t->sum.fixes += j->fixes;
	t->sum.fixed_files += j->fixes > 0;
	t->changed |= j->changed;
	t->trouble |= j->trouble || j->doc.io_failed;
	t->sum.files += !j->doc.io_failed;
	document_free(&j->doc);
	free(j->out);
	buf_free(&j->err);
}

static bool want_color(const struct run_options *o, FILE *f)
{
	if (o->color != COLOR_AUTO)
		return o->color == COLOR_ALWAYS;
	const char *force = getenv("FORCE_COLOR"), *no = getenv("NO_COLOR");
	if (force && *force && strcmp(force, "0") != 0)
		return true;
	if (no && *no)
		return false;
	return isatty(fileno(f));
}

/* Opens every output; with `--fix -`, standard output carries the fixed
 * document, so findings meant for it go to standard error. */
static bool open_outputs(struct run_options *o, bool fixed_to_stdout)
{
	if (o->noutputs == 0) {
		const char *gha = getenv("GITHUB_ACTIONS");
		enum format f = gha && *gha ? FORMAT_GITHUB :
				isatty(STDOUT_FILENO) ? FORMAT_TEXT : FORMAT_CONCISE;
		o->outputs[o->noutputs++] = (struct output){ f, NULL, NULL, NULL };
	}
	for (size_t i = 0; i < o->noutputs; i++) {
		struct output *out = &o->outputs[i];
		out->file = out->path ? fopen(out->path, "w") : fixed_to_stdout ? stderr : stdout;
		if (!out->file) {
			fprintf(stderr, "jgflint: cannot write %s: %s\n", out->path, strerror(errno));
			return false;
		}
		struct report_options ro = { want_color(o, out->file), o->statistics, o->quiet };
		out->reporter = reporter_new(out->format, out->file, &ro);
	}
	return true;
}

static bool close_outputs(struct run_options *o, const struct summary *sum)
{
	bool ok = true;
	for (size_t i = 0; i < o->noutputs; i++) {
		struct output *out = &o->outputs[i];
		if (out->reporter)
			reporter_finish(out->reporter, sum);
		out->reporter = NULL;
		if (out->path && out->file && fclose(out->file) != 0) {
			fprintf(stderr, "jgflint: cannot write %s: %s\n", out->path, strerror(errno));
			ok = false;
		}
		out->file = NULL;
	}
	return ok;
}

/* The warning policy: the command line's, else that of the configuration
 * that applies to the working directory. */
static int policy(const struct run_options *o, const struct config *here, bool max)
{
	if (max)
		return o->cli.max_warnings >= 0 ? (int)o->cli.max_warnings :
		       here && here->file.max_warnings >= 0 ? (int)here->file.max_warnings : -1;
	return o->cli.warnings_as_errors >= 0 ? o->cli.warnings_as_errors :
	       here && here->file.warnings_as_errors >= 0 ? here->file.warnings_as_errors : 0;
}

/* Expands the command line into jobs, each with its configuration. */
static bool collect(struct run_options *o, char **paths, size_t npaths, struct file_list *files)
{
	bool ok = true;
	for (size_t i = 0; i < npaths; i++) {
		if (files_is_directory(paths[i])) {
			struct buf probe = BUF_INIT;   /* the configuration of the directory itself */
			buf_printf(&probe, "%s/.", paths[i]);
			const struct config *cfg = config_for(probe.data);
			buf_free(&probe);
			const struct rule_list *ext = o->cli.extensions.len || !cfg ? &o->cli.extensions
										 : &cfg->file.extensions;
			ok &= files_collect(paths[i], ext, files);
		} else {
			files_collect(paths[i], &o->cli.extensions, files);
		}
	}
	return ok;
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

static void print_summary(const struct run_options *o, const struct totals *t)
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
	fprintf(stderr, "%s\n", sum.data);
	buf_free(&sum);
}

int run(struct run_options *o, char **paths, size_t npaths)
{
	struct totals t = { 0 };
	struct config *fixed = NULL;
	if (o->config) {
		fixed = config_load(o->config);
		if (fixed->doc.io_failed) {
			fprintf(stderr, "jgflint: --config %s: %s\n", o->config, fixed->doc.diags.items[0].message);
			config_free(fixed);
			return EXIT_TROUBLE;
		}
		config_set_fixed(fixed);
	}
	if (o->baseline && !(t.baseline = baseline_load(o->baseline))) {
		config_free(fixed);
		return EXIT_TROUBLE;
	}
	if (o->write_baseline)
		t.recording = baseline_new();

	struct file_list files = { 0 };
	t.trouble |= !collect(o, paths, npaths, &files);
	bool stdin_fixed = false;
	struct pool p = { .o = o, .njobs = files.len };
	p.jobs = xcalloc(files.len + 1, sizeof *p.jobs);
	for (size_t i = 0; i < files.len; i++) {
		struct job *j = &p.jobs[i];
		j->path = files.items[i];
		bool is_stdin = strcmp(j->path, "-") == 0;
		stdin_fixed |= is_stdin && o->fix;
		/* Configurations are found here, on one thread (they are cached). */
		j->cfg = config_for(is_stdin ? (o->stdin_filename ? o->stdin_filename : "./-") : j->path);
	}
	if (!open_outputs(o, stdin_fixed)) {
		close_outputs(o, &t.sum);
		t.trouble = true;
		p.njobs = 0;
	}

	/* Everything lazily built and shared is built now, before the threads. */
	engine_init();
	long n = worker_count(o, p.njobs);
	p.window = 64 * (size_t)n;
	pthread_mutex_init(&p.lock, NULL);
	pthread_cond_init(&p.done, NULL);
	pthread_cond_init(&p.room, NULL);
	pthread_t *threads = xcalloc((size_t)n + 1, sizeof *threads);
	long started = 0;
	while (n > 1 && started < n && pthread_create(&threads[started], NULL, worker, &p) == 0)
		started++;
	for (size_t i = 0; i < p.njobs; i++) {
		struct job *j = &p.jobs[i];
		if (started == 0) {
			run_job(j, o);
		} else {
			pthread_mutex_lock(&p.lock);
			while (!j->done)
				pthread_cond_wait(&p.done, &p.lock);
			pthread_mutex_unlock(&p.lock);
		}
		finish_job(j, o, &t);
		pthread_mutex_lock(&p.lock);
		p.reported = i + 1;
		if (p.waiting)
			pthread_cond_broadcast(&p.room);
		pthread_mutex_unlock(&p.lock);
	}
	for (long i = 0; i < started; i++)
		pthread_join(threads[i], NULL);
	free(threads);
	pthread_mutex_destroy(&p.lock);
	pthread_cond_destroy(&p.done);
	pthread_cond_destroy(&p.room);

	if (t.baseline) {
		struct document stale;
		baseline_stale(t.baseline, &stale);
		if (!o->diff)
			report_document(o, &stale);
		count(&t, &stale);
		document_free(&stale);
	}
	if (p.njobs && !close_outputs(o, &t.sum))
		t.trouble = true;
	fflush(stdout);
	if (t.recording) {
		int err = baseline_write(t.recording, o->write_baseline);
		if (err) {
			fprintf(stderr, "jgflint: cannot write the baseline %s: %s\n", o->write_baseline,
				strerror(err));
			t.trouble = true;
		}
	}
	if (!o->quiet)
		print_summary(o, &t);

	/* The warning policy comes from the configuration of the working directory. */
	const struct config *here = config_for("./.");
	bool as_errors = policy(o, here, false) > 0;
	int max = policy(o, here, true);
	size_t warnings = t.sum.counts[SEV_WARNING];
	bool too_many = as_errors ? warnings > 0 : max >= 0 && warnings > (size_t)max;
	if (too_many && max >= 0 && !as_errors && !o->quiet)
		fprintf(stderr, "jgflint: %zu warnings, more than --max-warnings %d\n", warnings, max);

	int status = t.trouble ? EXIT_TROUBLE :
		     o->diff ? (t.changed ? EXIT_FINDINGS : EXIT_CLEAN) :
		     t.recording ? EXIT_CLEAN :
		     t.sum.counts[SEV_ERROR] || too_many ? EXIT_FINDINGS : EXIT_CLEAN;
	free(p.jobs);
	files_free(&files);
	baseline_free(t.baseline);
	baseline_free(t.recording);
	config_cache_free();
	config_free(fixed);
	return status;
}
