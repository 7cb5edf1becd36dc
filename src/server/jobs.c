/* jobs: what the worker threads do. Linting, fixing and converting run on
 * immutable snapshots of a document's text, one job at a time per
 * document, and come back to the main loop as events (documents.c keeps a
 * result only when it is of the document's current generation). */
#include "server/jobs.h"

#include <errno.h>
#include <fcntl.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "base/charset.h"
#include "base/dom.h"
#include "base/once.h"
#include "lib/jgflint.h"
#include "server/doc.h"
#include "server/edits.h"
#include "server/events.h"
#include "server/log.h"
#include "server/places.h"
#include "server/session.h"
#include "server/settings.h"
#include "server/text.h"
#include "server/transport.h"

#define NWORKERS 2
/* A fix's edits go into a diagnostic's data up to this many bytes. */
#define MAX_DATA_EDIT_BYTES 65536
/* A go finding's board is kept for hovers, for the first this many of a
 * document (each is a replay up to its node). */
#define MAX_POSITIONS 100

void lint_out_free(struct lint_out *o)
{
	if (!o)
		return;
	snap_unref(o->snap);
	for (size_t i = 0; i < o->n; i++) {
		free(o->f[i].message);
		free(o->f[i].fix_description);
		for (size_t k = 0; k < o->f[i].nedits; k++)
			free(o->f[i].edits[k].text);
		free(o->f[i].edits);
		jgf_free(o->f[i].board);
	}
	free(o->f);
	json_object_put(o->diags);
	free(o->publish);
	free(o);
}

void fix_out_free(struct fix_out *o)
{
	if (!o)
		return;
	json_object_put(o->edit);
	free(o);
}

void conv_out_free(struct conv_out *o)
{
	if (!o)
		return;
	for (size_t i = 0; i < o->n; i++) {
		free(o->names[i]);
		free(o->texts[i]);
	}
	free(o->names);
	free(o->texts);
	free(o->exists);
	free(o->messages);
	free(o->refused);
	free(o);
}

void job_free(struct job *j)
{
	free(j->uri);
	free(j->name);
	free(j->path);
	snap_unref(j->snap);
	cfgref_unref(j->cfg);
	lint_out_free(j->lint);
	fix_out_free(j->fix);
	conv_out_free(j->conv);
	free(j);
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

static pthread_mutex_t jq_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t jq_cond = PTHREAD_COND_INITIALIZER;
static struct job *jq_head;
static uint64_t running[NWORKERS];   /* the document each worker is on (0: idle) */
static int nrunning;



/* Finding i of r, copied out of it: its range in the text r read (tlen
 * bytes; an SGF finding's is the property or value it names); edits only
 * when they are edits of the editor's text (s). */
static void take_finding(struct finding *f, const struct snap *s, const jgf_result *r, size_t i,
			 size_t tlen, bool edits)
{
	f->located = jgf_finding_line(r, i) != 0;
	if (f->located) {
		f->start = jgf_finding_offset(r, i);
		f->end = jgf_finding_end_offset(r, i);
		if (f->start > tlen)
			f->start = tlen;
		if (f->end < f->start || f->end > tlen)
			f->end = f->start;
	}
	const char *rule = jgf_finding_rule(r, i);
	f->rule = jgf_rule_find(rule);
	f->foreign = !strcmp(rule, "foreign-format");
	f->severity = jgf_finding_severity(r, i);
	f->fix = jgf_finding_fix(r, i);
	f->message = xstrdup(jgf_finding_message(r, i));
	const char *what = jgf_finding_fix_description(r, i);
	f->fix_description = what ? xstrdup(what) : NULL;
	size_t n = f->fix && edits ? jgf_finding_edit_count(r, i) : 0;
	f->edits = xcalloc(n + 1, sizeof *f->edits);
	for (size_t k = 0; k < n; k++) {
		size_t a, b;
		const char *e;
		if (jgf_finding_edit(r, i, k, &a, &b, &e) != 0 || a > b || b > s->len) {
			/* Not edits of this text: none offered. */
			for (size_t m = 0; m < k; m++)
				free(f->edits[m].text);
			n = 0;
			break;
		}
		f->edits[k] = (struct edit){ a, b, xstrdup(e), strlen(e) };
	}
	f->nedits = n;
}

static json_object *make_diagnostic(const struct snap *s, const jgf_result *r, size_t i,
				    const struct finding *f, enum encoding enc)
{
	json_object *d = dom_object();
	const char *rule = jgf_finding_rule(r, i);
	dom_add(d, "range", json_range(s, f->start, f->end, enc));
	dom_add(d, "severity", dom_int(f->severity == JGF_ERROR ? 1 :
								  f->severity == JGF_WARNING ? 2 : 3));
	dom_add(d, "code", dom_string(rule));
	const char *url = jgf_finding_url(r, i);
	if (url) {
		json_object *cd = dom_object();
		dom_add(cd, "href", dom_string(url));
		dom_add(d, "codeDescription", cd);
	}
	dom_add(d, "source", dom_string("jgflint"));
	dom_add(d, "message", dom_string(f->message));
	json_object *data = dom_object();
	const char *ptr = jgf_finding_pointer(r, i);
	dom_add(data, "rule", dom_string(rule));
	dom_add(data, "pointer", ptr ? dom_string(ptr) : NULL);
	if (f->fix) {
		json_object *fx = dom_object();
		dom_add(fx, "safety", dom_string(f->fix == JGF_FIX ? "safe" : "unsafe"));
		dom_add(fx, "description", dom_string(f->fix_description ? f->fix_description : ""));
		json_object *edits = finding_edits(s, f, enc, MAX_DATA_EDIT_BYTES);
		dom_add(fx, "edits", edits);
		if (!edits && f->nedits)
			dom_add(fx, "editsOmitted", dom_bool(1));
		dom_add(data, "fix", fx);
	} else {
		dom_add(data, "fix", NULL);
	}
	dom_add(d, "data", data);
	return d;
}

static json_object *misread_diagnostic(const struct snap *s, const struct finding *f,
				      enum encoding enc)
{
	json_object *d = dom_object();
	dom_add(d, "range", json_range(s, 0, 0, enc));
	dom_add(d, "severity", dom_int(2));
	dom_add(d, "source", dom_string("jgflint"));
	dom_add(d, "message", dom_string(f->message));
	return d;
}

/* What the lint reads instead of the editor's text: the file's bytes, when
 * the buffer is the file unchanged but its text is not them and they are
 * not UTF-8. The editor decoded the file in a character set of its own
 * choice (Neovim reads a Shift_JIS game as Latin-1; another as UTF-8,
 * each bad byte a U+FFFD) and sends it as UTF-8: its text is not the game
 * jgflint --convert and the CLI read. */
static bool lint_the_file(const struct job *j, struct buf *file)
{
	if (j->is_config || !j->path || j->modified ||
	    !file_read_whole(j->path, file, MAX_MESSAGE_BYTES))
		return false;
	const char *b = file->data ? file->data : "";
	if ((file->len == j->snap->len && !memcmp(b, j->snap->text, file->len)) ||
	    charset_valid_utf8(b, file->len)) {
		buf_free(file);
		return false;
	}
	return true;
}

/* The findings' ranges, in the text the library read, placed in the
 * editor's: false when the editor decoded the file otherwise. */
static bool place_findings(struct lint_out *o, const char *t, size_t tlen)
{
	struct place_mark *m = xcalloc(2 * o->n + 1, sizeof *m);
	size_t nm = 0;
	for (size_t i = 0; i < o->n; i++) {
		struct finding *f = &o->f[i];
		if (!f->located)
			continue;
		m[nm++] = (struct place_mark){ f->start, false, &f->start };
		m[nm++] = (struct place_mark){ f->end, true, &f->end };
	}
	bool same = places_align(t, tlen, o->snap->text, o->snap->len, m, nm);
	free(m);
	for (size_t i = 0; i < o->n; i++)
		if (o->f[i].end < o->f[i].start)
			o->f[i].end = o->f[i].start;
	return same;
}

/* The one finding that says the editor read the file in another character
 * set than its own, and how to open it in its own. */
static void misread_finding(struct finding *f, const struct buf *file, const char *t,
			    size_t tlen)
{
	const char *set = places_charset(file->data, file->len, t, tlen);
	f->rule = -1;
	f->severity = JGF_WARNING;
	f->edits = xcalloc(1, sizeof *f->edits);
	if (set)
		f->message = xasprintf(
			"the editor decoded this file in another character set than its own, "
			"%s: the text shown is not the game's. The findings are the file's "
			"(as jgflint FILE reports them), placed where they fall in this text. "
			"Open it as %s: in Neovim :e ++enc=%s, in Emacs C-x RET r %s RET",
			set, set, set, set);
	else
		f->message = xstrdup(
			"the editor decoded this file in another character set than its own: "
			"the text shown is not the game's. The findings are the file's (as "
			"jgflint FILE reports them), placed where they fall in this text. Open "
			"it in its own set (its CA, or what the charset finding names): in "
			"Neovim :e ++enc=SET, in Emacs C-x RET r SET RET");
}

static void run_lint(struct job *j)
{
	struct lint_out *o = xcalloc(1, sizeof *o);
	o->snap = snap_ref(j->snap);
	o->diags = dom_array();
	struct buf file = BUF_INIT;
	jgf_result *r;
	bool from_file = false;
	if (j->is_config) {
		/* A configuration file: its own problems. */
		char *dir = j->path ? xstrdup(j->path) : NULL;
		if (dir)
			*strrchr(dir, '/') = '\0';
		r = NULL;
		jgf_config *c = jgf_config_parse(j->name, j->snap->text, j->snap->len,
						 dir && *dir ? dir : dir ? "/" : NULL, &r);
		free(dir);
		jgf_config_free(c);
	} else {
		from_file = lint_the_file(j, &file);
		r = from_file ? jgf_lint(j->cfg->cfg, j->name, file.data, file.len, 0) :
				jgf_lint(j->cfg->cfg, j->name, j->snap->text, j->snap->len, 0);
		if (!r)
			slog("out of memory linting %s", j->uri);
		o->linted = r != NULL;
	}
	/* The text the findings are placed in: a record's own bytes, or (SGF,
	 * GIB, ...) the file decoded, which may not be the editor's text. */
	size_t tlen = 0;
	const char *t = r ? jgf_result_text(r, &tlen) : "";
	bool moved = r && (tlen != j->snap->len || memcmp(t, j->snap->text, tlen) != 0);
	const char *format = jgf_result_format(r);
	/* The library caps each rule's findings as the CLI does (1,000, then
	 * one finding that counts the rest). */
	size_t nr = r ? jgf_result_count(r) : 0;
	o->n = nr;
	o->f = xcalloc(o->n + 2, sizeof *o->f);
	size_t nboards = 0;
	for (size_t i = 0; i < nr; i++) {
		struct finding *f = &o->f[i];
		take_finding(f, j->snap, r, i, tlen, !moved);
		/* The board the CLI's text format draws, from the result's one
		 * replay of positions (never one per finding). */
		if (f->rule >= 0 && nboards < MAX_POSITIONS &&
		    !strcmp(jgf_rule_category((size_t)f->rule), "go")) {
			f->board = jgf_finding_board(r, i);
			nboards += f->board != NULL;
		}
	}
	if (moved && !place_findings(o, t, tlen) && from_file) {
		/* First, before the file's own findings. */
		memmove(o->f + 1, o->f, o->n * sizeof *o->f);
		misread_finding(&o->f[0], &file, t, tlen);
		o->n++;
	}
	buf_free(&file);
	for (size_t i = 0; i < o->n; i++) {
		struct finding *f = &o->f[i];
		f->diag = f->rule < 0 ? misread_diagnostic(j->snap, f, j->enc) :
					make_diagnostic(j->snap, r, i - (o->n - nr), f, j->enc);
		dom_push(o->diags, f->diag);
		o->foreign |= f->foreign;
		o->safe_fixes |= f->fix == JGF_FIX;
	}
	o->foreign |= format != NULL;   /* checked in place: --convert reads it */
	jgf_result_free(r);
	if (j->push) {
		json_object *p = dom_object();
		dom_add(p, "uri", dom_string(j->uri));
		dom_add(p, "version", dom_int(j->version));
		dom_add(p, "diagnostics", json_object_get(o->diags));
		json_object *m = dom_object();
		dom_add(m, "jsonrpc", dom_string("2.0"));
		dom_add(m, "method", dom_string("textDocument/publishDiagnostics"));
		dom_add(m, "params", p);
		size_t len;
		const char *s = dom_json(
			m, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, &len);
		o->publish = xcalloc(1, len + 1);
		memcpy(o->publish, s, len);
		o->publish_len = len;
		json_object_put(m);
	}
	j->lint = o;
}

/* off when a line starts there, else the start of the next line (the end
 * of the text after the last). */
static size_t line_start_at_or_after(const struct snap *s, size_t off)
{
	size_t line = snap_line(s, off);
	if (snap_line_start(s, line) == off)
		return off;
	size_t next = snap_line(s, s->len) > line ? snap_line_start(s, line + 1) : s->len;
	return next;
}

static void run_fix(struct job *j)
{
	struct fix_out *o = xcalloc(1, sizeof *o);
	jgf_result *r = jgf_lint(j->cfg->cfg, j->name, j->snap->text, j->snap->len, JGF_FIX);
	if (!r) {
		slog("out of memory fixing %s", j->uri);
		j->fix = o;
		return;
	}
	size_t flen;
	const char *fixed = jgf_result_text(r, &flen);
	o->fixes = jgf_result_fixes(r);
	const struct snap *s = j->snap;
	if (o->fixes && (flen != s->len || memcmp(fixed, s->text, flen) != 0)) {
		/* One edit: from the start of the first line that differs to the
		 * end of the last one. */
		size_t p = 0, max = flen < s->len ? flen : s->len;
		while (p < max && fixed[p] == s->text[p])
			p++;
		p = snap_line_start(s, snap_line(s, p));
		size_t q = 0;
		while (q < max - p && fixed[flen - 1 - q] == s->text[s->len - 1 - q])
			q++;
		size_t eo = line_start_at_or_after(s, s->len - q);
		if (eo < p)
			eo = p;
		size_t en = flen - (s->len - eo);
		o->edit = text_edit(s, p, eo, fixed + p, en - p, j->enc);
	}
	jgf_result_free(r);
	j->fix = o;
}

bool file_read_whole(const char *path, struct buf *out, size_t max)
{
	int fd = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
	struct stat st;
	if (fd < 0)
		return false;
	bool read_all = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
			(uint64_t)st.st_size <= max;
	char chunk[65536];
	while (read_all) {
		ssize_t n = read(fd, chunk, sizeof chunk);
		if (n > 0 && out->len + (size_t)n <= max)
			buf_add(out, chunk, (size_t)n);
		else if (n == 0)
			break;
		else if (n > 0 || errno != EINTR)
			read_all = false;
	}
	close(fd);
	return read_all;
}

/* What the conversion reads: the file's bytes, as jgflint --convert reads
 * them, while the buffer holds what the file holds (the editor's text is
 * the file decoded, in whatever character set the editor guessed: a
 * Shift_JIS game decoded as Latin-1 and converted would be mojibake under
 * a CA that still says Shift_JIS); the buffer once it has unsaved changes,
 * when the file is UTF-8 (so the editor's text is what the file would be)
 * or cannot be read. NULL, with o->refused set, when neither holds. */
static const char *convert_input(struct job *j, struct buf *file, size_t *len,
				 struct conv_out *o)
{
	bool readable = j->path && file_read_whole(j->path, file, MAX_MESSAGE_BYTES);
	if (readable && !j->modified) {
		*len = file->len;
		return file->data ? file->data : "";
	}
	size_t ignored;
	char *repaired = readable ? utf8_repaired(file->data ? file->data : "", file->len,
						  &ignored) : NULL;
	if (repaired) {
		free(repaired);
		o->status = 2;
		o->refused = xstrdup("the buffer has unsaved changes and its file is not UTF-8: "
				     "save it, then convert (jgflint converts the file's bytes)");
		return NULL;
	}
	*len = j->snap->len;
	return j->snap->text;
}

/* J_CONVERT: the records --convert writes (JGF); J_SGF: as --convert --to
 * sgf writes them (a JGF record too). */
static void run_convert(struct job *j)
{
	struct conv_out *o = xcalloc(1, sizeof *o);
	struct buf file = BUF_INIT;
	size_t len;
	const char *data = convert_input(j, &file, &len, o);
	jgf_conversion *c = data ? jgf_convert_to(j->path ? j->path : j->name, data, len,
						  j->kind == J_SGF ? "sgf" : "jgf") : NULL;
	buf_free(&file);
	if (!c) {
		o->status = 2;
		o->messages = xstrdup(o->refused ? "" : "out of memory");
		j->conv = o;
		return;
	}
	o->status = jgf_conversion_status(c);
	o->messages = xstrdup(jgf_conversion_messages(c));
	o->n = jgf_conversion_count(c);
	o->names = xcalloc(o->n + 1, sizeof *o->names);
	o->texts = xcalloc(o->n + 1, sizeof *o->texts);
	o->exists = xcalloc(o->n + 1, sizeof *o->exists);
	char *dir = j->path ? xstrdup(j->path) : NULL;
	if (dir)
		*strrchr(dir, '/') = '\0';
	for (size_t i = 0; i < o->n; i++) {
		size_t tlen;
		const char *t = jgf_conversion_text(c, i, &tlen);
		o->names[i] = xstrdup(base_name(jgf_conversion_name(c, i)));
		o->texts[i] = xcalloc(1, tlen + 1);
		memcpy(o->texts[i], t, tlen);
		if (dir) {
			char *p = xasprintf("%s/%s", dir, o->names[i]);
			struct stat st;
			o->exists[i] = lstat(p, &st) == 0;
			free(p);
		}
	}
	free(dir);
	jgf_conversion_free(c);
	j->conv = o;
}

/* How long the workers stay idle before what a large document's lint freed
 * goes back to the system (glibc keeps it in the thread's arena): not after
 * each job, where giving it back and faulting it in again would cost every
 * keystroke some milliseconds per MB (bench/lsp.sh). */
#define TRIM_AFTER_IDLE_SECONDS 2
#define TRIM_FROM_BYTES ((size_t)1 << 20)

static void *worker(void *arg)
{
	int me = (int)(intptr_t)arg;
	bool trim = false;   /* a large job ran since the last trim */
	pthread_mutex_lock(&jq_lock);
	for (;;) {
		struct job *j = NULL, **pp;
		for (pp = &jq_head; *pp; pp = &(*pp)->next) {
			bool busy = false;
			for (int w = 0; w < NWORKERS; w++)
				busy |= running[w] == (*pp)->doc_id;
			if (!busy) {
				j = *pp;
				*pp = j->next;
				break;
			}
		}
		if (!j && trim) {
			struct timespec until;
			clock_gettime(CLOCK_REALTIME, &until);
			until.tv_sec += TRIM_AFTER_IDLE_SECONDS;
			if (pthread_cond_timedwait(&jq_cond, &jq_lock, &until) == ETIMEDOUT) {
				trim = false;
#ifdef __GLIBC__
				pthread_mutex_unlock(&jq_lock);
				malloc_trim(0);
				pthread_mutex_lock(&jq_lock);
#endif
			}
			continue;
		}
		if (!j) {
			pthread_cond_wait(&jq_cond, &jq_lock);
			continue;
		}
		running[me] = j->doc_id;
		nrunning++;
		pthread_mutex_unlock(&jq_lock);
		if (!__atomic_load_n(&j->cancelled, __ATOMIC_ACQUIRE)) {
			if (j->kind == J_LINT)
				run_lint(j);
			else if (j->kind == J_FIX)
				run_fix(j);
			else
				run_convert(j);
		}
		trim |= j->snap->len >= TRIM_FROM_BYTES;
		struct event *e = xcalloc(1, sizeof *e);
		e->kind = EV_JOB_DONE;
		e->job = j;
		events_push(e);
		pthread_mutex_lock(&jq_lock);
		running[me] = 0;
		nrunning--;
		pthread_cond_broadcast(&jq_cond);
	}
	return NULL;
}

void enqueue(struct doc *d, enum job_kind kind)
{
	pthread_mutex_lock(&jq_lock);
	struct job *j;
	for (j = jq_head; j; j = j->next)
		if (j->doc_id == d->id && j->kind == kind && !j->cancelled)
			break;
	bool fresh = !j;
	if (fresh) {
		j = xcalloc(1, sizeof *j);
		j->kind = kind;
		j->doc_id = d->id;
		j->uri = xstrdup(d->uri);
		j->name = xstrdup(d->name);
		j->path = d->path ? xstrdup(d->path) : NULL;
		j->is_config = d->is_config;
	} else {
		snap_unref(j->snap);
		cfgref_unref(j->cfg);
	}
	j->gen = d->gen;
	j->version = d->version;
	j->modified = d->modified;
	j->push = !S.pull;
	j->enc = S.enc;
	j->snap = snap_ref(d->snap);
	j->cfg = cfgref_ref(d->cfg);
	if (fresh) {
		struct job **pp = &jq_head;
		while (*pp)
			pp = &(*pp)->next;
		*pp = j;
	}
	d->pending[kind] = true;
	pthread_cond_signal(&jq_cond);
	pthread_mutex_unlock(&jq_lock);
}

void cancel_queued(uint64_t doc_id, int kind)
{
	pthread_mutex_lock(&jq_lock);
	for (struct job *j = jq_head; j; j = j->next)
		if (j->doc_id == doc_id && (kind == NKINDS || (int)j->kind == kind))
			__atomic_store_n(&j->cancelled, 1, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&jq_lock);
}

bool workers_start(void)
{
	static bool started_once;
	if (started_once)
		return true;
	pthread_attr_t attr;
	thread_attr_worker(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	bool started = true;
	for (int w = 0; w < NWORKERS && started; w++) {
		pthread_t t;
		started = pthread_create(&t, &attr, worker, (void *)(intptr_t)w) == 0;
	}
	pthread_attr_destroy(&attr);
	started_once = started;
	return started;
}

void workers_quiesce(void)
{
	pthread_mutex_lock(&jq_lock);
	for (struct job *j = jq_head; j; j = j->next)
		__atomic_store_n(&j->cancelled, 1, __ATOMIC_RELEASE);
	while (jq_head || nrunning)
		pthread_cond_wait(&jq_cond, &jq_lock);
	pthread_mutex_unlock(&jq_lock);
}

bool workers_busy(void)
{
	pthread_mutex_lock(&jq_lock);
	bool busy = nrunning > 0;
	pthread_mutex_unlock(&jq_lock);
	return busy;
}
