/* server: the LSP 3.17 server's main loop. The main thread owns every
 * document and answers requests; it never lints. Linting, fixing and
 * converting run on worker threads, on immutable snapshots of a document's
 * text, one job at a time per document; each document counts its
 * generations (one per change) and a result is kept only when it is of the
 * current generation. Requests that need a result (hover, code actions,
 * pulled diagnostics) wait for it, so they can be cancelled, and are
 * answered ContentModified when the document changes under them. */
#include "server/server.h"
#include "server/server_int.h"

#include <errno.h>
#include <fcntl.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/dom.h"

/* JSON-RPC and LSP error codes. */
#define E_PARSE -32700
#define E_INVALID_REQUEST -32600
#define E_METHOD_NOT_FOUND -32601
#define E_INVALID_PARAMS -32602
#define E_INTERNAL -32603
#define E_NOT_INITIALIZED -32002
#define E_REQUEST_FAILED -32803
#define E_CANCELLED -32800
#define E_CONTENT_MODIFIED -32801

#define NWORKERS 2
/* A fix's edits go into a diagnostic's data up to this many bytes. */
#define MAX_DATA_EDIT_BYTES 65536

/* ---- small helpers ---- */

int server_verbose;

void slog(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	fputs("jgflint server: ", stderr);
	vfprintf(stderr, fmt, ap);
	fputc('\n', stderr);
	va_end(ap);
}

void *xalloc(size_t n)
{
	void *p = calloc(1, n ? n : 1);
	if (!p) {
		slog("out of memory");
		abort();
	}
	return p;
}

char *xdup(const char *s)
{
	size_t n = strlen(s) + 1;
	char *p = xalloc(n);
	memcpy(p, s, n);
	return p;
}

char *vxasprintf(const char *fmt, va_list ap)
{
	va_list aq;
	va_copy(aq, ap);
	int n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	if (n < 0)
		return xdup("");
	char *p = xalloc((size_t)n + 1);
	vsnprintf(p, (size_t)n + 1, fmt, ap);
	return p;
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *p = vxasprintf(fmt, ap);
	va_end(ap);
	return p;
}

json_object *jstr(const char *s)
{
	return dom_string(s ? s : "");
}

json_object *jstrn(const char *s, size_t n)
{
	return dom_string_len(s, n);
}

json_object *jget(json_object *obj, const char *key, enum json_type type)
{
	json_object *v;
	if (!obj || !json_object_is_type(obj, json_type_object) ||
	    !json_object_object_get_ex(obj, key, &v) || !v)
		return NULL;
	return type == json_type_null || json_object_is_type(v, type) ? v : NULL;
}

const char *jget_str(json_object *obj, const char *key)
{
	json_object *v = jget(obj, key, json_type_string);
	return v ? json_object_get_string(v) : NULL;
}

/* obj.a.b.c is true */
bool jget_bool_path(json_object *obj, const char *path)
{
	char buf[256];
	snprintf(buf, sizeof buf, "%s", path);
	json_object *o = obj;
	for (char *save = NULL, *k = strtok_r(buf, ".", &save); k && o; k = strtok_r(NULL, ".", &save))
		o = jget(o, k, json_type_null);
	return o && json_object_is_type(o, json_type_boolean) && json_object_get_boolean(o);
}

static json_object *jpath(json_object *obj, const char *path)
{
	char buf[256];
	snprintf(buf, sizeof buf, "%s", path);
	json_object *o = obj;
	for (char *save = NULL, *k = strtok_r(buf, ".", &save); k && o; k = strtok_r(NULL, ".", &save))
		o = jget(o, k, json_type_null);
	return o;
}

static bool array_has_string(json_object *arr, const char *s)
{
	if (!arr || !json_object_is_type(arr, json_type_array))
		return false;
	for (size_t i = 0; i < json_object_array_length(arr); i++) {
		json_object *v = json_object_array_get_idx(arr, i);
		if (v && json_object_is_type(v, json_type_string) &&
		    !strcmp(json_object_get_string(v), s))
			return true;
	}
	return false;
}

static const char *base_name(const char *path)
{
	const char *slash = strrchr(path, '/');
	return slash ? slash + 1 : path;
}

/* ---- messages out ---- */

static void send_response(json_object *id, json_object *result)
{
	json_object *m = dom_object();
	dom_add(m, "jsonrpc", jstr("2.0"));
	dom_add(m, "id", json_object_get(id));
	dom_add(m, "result", result);
	transport_send(m);
}

static void send_error(json_object *id, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void send_error(json_object *id, int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *text = vxasprintf(fmt, ap);
	va_end(ap);
	json_object *m = dom_object();
	json_object *e = dom_object();
	dom_add(e, "code", dom_int(code));
	dom_add(e, "message", jstr(text));
	dom_add(m, "jsonrpc", jstr("2.0"));
	dom_add(m, "id", json_object_get(id));
	dom_add(m, "error", e);
	if (server_verbose)
		slog("error %d: %s", code, text);
	free(text);
	transport_send(m);
}

static void send_notification(const char *method, json_object *params)
{
	json_object *m = dom_object();
	dom_add(m, "jsonrpc", jstr("2.0"));
	dom_add(m, "method", jstr(method));
	dom_add(m, "params", params);
	transport_send(m);
}

static long next_request_id = 1;

static void send_request(const char *method, json_object *params)
{
	json_object *m = dom_object();
	char id[32];
	snprintf(id, sizeof id, "jgflint-%ld", next_request_id++);
	dom_add(m, "jsonrpc", jstr("2.0"));
	dom_add(m, "id", jstr(id));
	dom_add(m, "method", jstr(method));
	dom_add(m, "params", params);
	transport_send(m);
}

/* window/showMessage or window/logMessage (type 1 error .. 4 log). */
static void tell(const char *method, int type, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
static void tell(const char *method, int type, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *text = vxasprintf(fmt, ap);
	va_end(ap);
	slog("%s", text);
	json_object *p = dom_object();
	dom_add(p, "type", dom_int(type));
	dom_add(p, "message", jstr(text));
	free(text);
	send_notification(method, p);
}

/* ---- the session ---- */

enum state { ST_NEW, ST_RUNNING, ST_SHUTDOWN };

struct override_sev {
	char *rule;
	enum jgf_severity severity;
};

static struct {
	enum state state;
	enum encoding enc;
	bool doc_changes;      /* workspaceEdit.documentChanges */
	bool create_files;     /* workspaceEdit.resourceOperations has "create" */
	bool pull;             /* the client pulls diagnostics: none are pushed */
	bool refresh;          /* workspace.diagnostics.refreshSupport */
	bool watch_dynamic;
	bool disabled_support; /* codeAction.disabledSupport */
	bool markdown;         /* hover contentFormat has markdown */
	/* initializationOptions / workspace/didChangeConfiguration */
	char *select, *ignore;
	struct override_sev *sev;
	size_t nsev;
	uint64_t next_doc_id;
} S;

/* ---- configurations ---- */

struct cfgref {
	int refs;
	jgf_config *cfg;
};

static struct cfgref *cfgref_ref(struct cfgref *c)
{
	__atomic_add_fetch(&c->refs, 1, __ATOMIC_RELAXED);
	return c;
}

static void cfgref_unref(struct cfgref *c)
{
	if (c && __atomic_sub_fetch(&c->refs, 1, __ATOMIC_ACQ_REL) == 0) {
		jgf_config_free(c->cfg);
		free(c);
	}
}

/* Configuration files whose problems were told (once each until reloaded). */
static char **told;
static size_t ntold;

static bool told_before(const char *path)
{
	for (size_t i = 0; i < ntold; i++)
		if (!strcmp(told[i], path))
			return true;
	told = realloc(told, (ntold + 1) * sizeof *told);
	if (!told)
		abort();
	told[ntold++] = xdup(path);
	return false;
}

static void forget_told(void)
{
	for (size_t i = 0; i < ntold; i++)
		free(told[i]);
	free(told);
	told = NULL;
	ntold = 0;
}

/* The overrides as the client gave them, applied over cfg. */
static void apply_overrides(jgf_config *cfg)
{
	if (S.select && jgf_config_select(cfg, S.select) != 0)
		slog("select %s: names no rule", S.select);
	if (S.ignore && jgf_config_ignore(cfg, S.ignore) != 0)
		slog("ignore %s: names no rule", S.ignore);
	for (size_t i = 0; i < S.nsev; i++)
		jgf_config_severity(cfg, S.sev[i].rule, S.sev[i].severity);
}

/* What the CLI would apply to path (NULL: no file, the defaults), with the
 * client's overrides over it. */
static struct cfgref *config_for_path(const char *path)
{
	jgf_result *problems = NULL;
	jgf_config *cfg = path ? jgf_config_discover(path, &problems) : jgf_config_new();
	if (!cfg) {
		slog("out of memory reading the configuration");
		abort();
	}
	const char *file = jgf_config_path(cfg);
	if (problems && file && !told_before(file)) {
		size_t n = jgf_result_count(problems);
		for (size_t i = 0; i < n; i++)
			tell("window/logMessage", 2, "%s:%lu:%lu: %s [%s]", file,
			     jgf_finding_line(problems, i), jgf_finding_column(problems, i),
			     jgf_finding_message(problems, i), jgf_finding_rule(problems, i));
		if (n)
			tell("window/showMessage", 2, "jgflint: %s has %zu problem%s (the valid settings "
			     "apply): %s", file, n, n == 1 ? "" : "s", jgf_finding_message(problems, 0));
	}
	jgf_result_free(problems);
	apply_overrides(cfg);
	struct cfgref *c = xalloc(sizeof *c);
	c->refs = 1;
	c->cfg = cfg;
	return c;
}

/* Rule names: comma-separated text, or an array of strings; the unknown
 * ones are told and left out. Returns the valid ones, comma-separated, or
 * NULL when there are none (or the value is not one of those shapes). */
static char *rule_names(json_object *v, const char *what)
{
	if (!v)
		return NULL;
	char *joined = NULL;
	size_t len = 0;
	json_object *items = NULL;
	if (json_object_is_type(v, json_type_string)) {
		items = dom_array();
		const char *s = json_object_get_string(v);
		while (*s) {
			size_t n = strcspn(s, ",");
			dom_push(items, jstrn(s, n));
			s += n + (s[n] == ',');
		}
	} else if (json_object_is_type(v, json_type_array)) {
		items = json_object_get(v);
	} else {
		tell("window/showMessage", 2, "jgflint: %s must be a list of rule ids or categories",
		     what);
		return NULL;
	}
	jgf_config *probe = jgf_config_new();
	for (size_t i = 0; i < json_object_array_length(items); i++) {
		json_object *it = json_object_array_get_idx(items, i);
		const char *name = it && json_object_is_type(it, json_type_string) ?
				   json_object_get_string(it) : NULL;
		while (name && *name == ' ')
			name++;
		if (!name || !*name || jgf_config_ignore(probe, name) != 0) {
			tell("window/showMessage", 2, "jgflint: %s: %s names no rule or category; left "
			     "out", what, name ? name : "(not a string)");
			continue;
		}
		size_t n = strlen(name);
		joined = realloc(joined, len + n + 2);
		if (!joined)
			abort();
		if (len)
			joined[len++] = ',';
		memcpy(joined + len, name, n + 1);
		len += n;
	}
	jgf_config_free(probe);
	json_object_put(items);
	return joined;
}

static bool severity_named(const char *s, enum jgf_severity *out)
{
	if (!strcmp(s, "error"))
		*out = JGF_ERROR;
	else if (!strcmp(s, "warning"))
		*out = JGF_WARNING;
	else if (!strcmp(s, "info"))
		*out = JGF_INFO;
	else
		return false;
	return true;
}

static void add_sev(const char *rule, enum jgf_severity sev)
{
	S.sev = realloc(S.sev, (S.nsev + 1) * sizeof *S.sev);
	if (!S.sev)
		abort();
	S.sev[S.nsev++] = (struct override_sev){ xdup(rule), sev };
}

/* {select, ignore, severity} from initializationOptions or settings (also
 * under a "jgflint" key). */
static void read_settings(json_object *o)
{
	json_object *inner = jget(o, "jgflint", json_type_object);
	if (inner)
		o = inner;
	if (!o || !json_object_is_type(o, json_type_object))
		return;
	free(S.select);
	free(S.ignore);
	for (size_t i = 0; i < S.nsev; i++)
		free(S.sev[i].rule);
	free(S.sev);
	S.select = S.ignore = NULL;
	S.sev = NULL;
	S.nsev = 0;
	S.select = rule_names(jget(o, "select", json_type_null), "select");
	S.ignore = rule_names(jget(o, "ignore", json_type_null), "ignore");
	json_object *sev = jget(o, "severity", json_type_null);
	if (sev && !json_object_is_type(sev, json_type_object)) {
		tell("window/showMessage", 2, "jgflint: severity must be an object of RULE: LEVEL");
		sev = NULL;
	}
	if (sev) {
		json_object_object_foreach(sev, rule, level) {
			enum jgf_severity s;
			if (!level || !json_object_is_type(level, json_type_string) ||
			    !severity_named(json_object_get_string(level), &s)) {
				tell("window/showMessage", 2, "jgflint: severity of %s must be \"error\", "
				     "\"warning\" or \"info\"", rule);
				continue;
			}
			/* A category or "all": each of its rules. */
			bool any = false;
			for (size_t i = 0; i < jgf_rule_count(); i++) {
				if (!strcmp(rule, "all") || !strcmp(rule, jgf_rule_id(i)) ||
				    !strcmp(rule, jgf_rule_category(i))) {
					add_sev(jgf_rule_id(i), s);
					any = true;
				}
			}
			if (!any)
				tell("window/showMessage", 2, "jgflint: severity: %s names no rule or "
				     "category; left out", rule);
		}
	}
}

/* ---- documents and their results ---- */

/* A finding as the server keeps it between requests: what hovers and code
 * actions need, copied out of the library's result, which goes with its
 * DOM as soon as the diagnostics are made (a 30 MB record's DOM is some
 * hundreds of MB: an open document keeps its text, not that). */
struct edit {
	size_t start, end;      /* bytes of the snapshot's text */
	char *text;
	size_t len;
};

struct finding {
	size_t start, end;      /* bytes; 0, 0 for the whole document */
	bool located;           /* not about the whole document */
	long rule;              /* in the catalogue, or -1 */
	enum jgf_severity severity;
	unsigned fix;           /* 0, JGF_FIX or JGF_UNSAFE_FIXES */
	char *message;
	char *fix_description;
	struct edit *edits;     /* the fix's, in text order; none if any is out of the text */
	size_t nedits;
	bool foreign;           /* foreign-format */
	json_object *diag;      /* its Diagnostic */
};

struct lint_out {
	struct snap *snap;
	bool linted;            /* false when memory ran out, or for a configuration file */
	struct finding *f;
	size_t n;
	json_object *diags;     /* the array of Diagnostic */
	char *publish;          /* the publishDiagnostics message, serialised */
	size_t publish_len;
	bool foreign;           /* a foreign-format finding */
	bool safe_fixes;        /* a finding with a safe fix */
};

struct fix_out {
	size_t fixes;
	json_object *edit;      /* one TextEdit, or NULL when nothing changes */
};

struct conv_out {
	int status;
	size_t n;
	char **names;           /* base names */
	char **texts;
	bool *exists;
	char *messages;
};

enum job_kind { J_LINT, J_FIX, J_CONVERT, NKINDS };

struct doc {
	uint64_t id;
	char *uri;
	char *path;             /* NULL when not a file:// URI */
	char *name;             /* for the library: the path, or the URI */
	bool is_config;         /* a .jgflint.json */
	int64_t version;
	unsigned long gen;
	struct snap *snap;
	struct cfgref *cfg;
	struct lint_out *lint;  /* of gen, when done */
	struct fix_out *fix;
	struct conv_out *conv;
	bool pending[NKINDS];   /* a job of gen is queued or running */
	struct doc *next;
};

static struct doc *docs;

struct job {
	enum job_kind kind;
	uint64_t doc_id;
	unsigned long gen;
	int64_t version;
	char *uri, *name, *path;
	bool is_config;
	bool push;
	enum encoding enc;
	struct snap *snap;
	struct cfgref *cfg;
	int cancelled;
	struct lint_out *lint;
	struct fix_out *fix;
	struct conv_out *conv;
	struct job *next;
};

static void lint_out_free(struct lint_out *o)
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
	}
	free(o->f);
	json_object_put(o->diags);
	free(o->publish);
	free(o);
}

static void fix_out_free(struct fix_out *o)
{
	if (!o)
		return;
	json_object_put(o->edit);
	free(o);
}

static void conv_out_free(struct conv_out *o)
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
	free(o);
}

static void job_free(struct job *j)
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

static struct doc *doc_find(const char *uri)
{
	for (struct doc *d = docs; d; d = d->next)
		if (!strcmp(d->uri, uri))
			return d;
	return NULL;
}

static struct doc *doc_by_id(uint64_t id)
{
	for (struct doc *d = docs; d; d = d->next)
		if (d->id == id)
			return d;
	return NULL;
}

/* ---- workers ---- */

static pthread_mutex_t jq_lock = PTHREAD_MUTEX_INITIALIZER;
static pthread_cond_t jq_cond = PTHREAD_COND_INITIALIZER;
static struct job *jq_head;
static uint64_t running[NWORKERS];   /* the document each worker is on (0: idle) */
static int nrunning;

static const char *severity_name(enum jgf_severity s)
{
	return s == JGF_ERROR ? "error" : s == JGF_WARNING ? "warning" : "info";
}

static json_object *text_edit(const struct snap *s, size_t start, size_t end, const char *text,
			      size_t len, enum encoding enc)
{
	json_object *e = dom_object();
	dom_add(e, "range", json_range(s, start, end, enc));
	dom_add(e, "newText", jstrn(text, len));
	return e;
}

/* The edits of a finding's fix (NULL when it has none, or more than
 * max_bytes of text). */
static json_object *finding_edits(const struct snap *s, const struct finding *f,
				  enum encoding enc, size_t max_bytes)
{
	size_t total = 0;
	if (!f->nedits)
		return NULL;
	json_object *arr = dom_array();
	for (size_t k = 0; k < f->nedits; k++) {
		const struct edit *e = &f->edits[k];
		total += e->len;
		if (total > max_bytes) {
			json_object_put(arr);
			return NULL;
		}
		dom_push(arr, text_edit(s, e->start, e->end, e->text, e->len, enc));
	}
	return arr;
}

/* Finding i of r, copied out of it. */
static void take_finding(struct finding *f, const struct snap *s, const jgf_result *r, size_t i)
{
	f->located = jgf_finding_line(r, i) != 0;
	if (f->located) {
		f->start = jgf_finding_offset(r, i);
		f->end = jgf_finding_end_offset(r, i);
		if (f->start > s->len)
			f->start = s->len;
		if (f->end < f->start || f->end > s->len)
			f->end = f->start;
	}
	const char *rule = jgf_finding_rule(r, i);
	f->rule = jgf_rule_find(rule);
	f->foreign = !strcmp(rule, "foreign-format");
	f->severity = jgf_finding_severity(r, i);
	f->fix = jgf_finding_fix(r, i);
	f->message = xdup(jgf_finding_message(r, i));
	const char *what = jgf_finding_fix_description(r, i);
	f->fix_description = what ? xdup(what) : NULL;
	size_t n = f->fix ? jgf_finding_edit_count(r, i) : 0;
	f->edits = xalloc((n + 1) * sizeof *f->edits);
	for (size_t k = 0; k < n; k++) {
		size_t a, b;
		const char *t;
		if (jgf_finding_edit(r, i, k, &a, &b, &t) != 0 || a > b || b > s->len) {
			/* Not edits of this text: none offered. */
			for (size_t m = 0; m < k; m++)
				free(f->edits[m].text);
			n = 0;
			break;
		}
		f->edits[k] = (struct edit){ a, b, xdup(t), strlen(t) };
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
	dom_add(d, "code", jstr(rule));
	const char *url = jgf_finding_url(r, i);
	if (url) {
		json_object *cd = dom_object();
		dom_add(cd, "href", jstr(url));
		dom_add(d, "codeDescription", cd);
	}
	dom_add(d, "source", jstr("jgflint"));
	dom_add(d, "message", jstr(f->message));
	json_object *data = dom_object();
	const char *ptr = jgf_finding_pointer(r, i);
	dom_add(data, "rule", jstr(rule));
	dom_add(data, "pointer", ptr ? jstr(ptr) : NULL);
	if (f->fix) {
		json_object *fx = dom_object();
		dom_add(fx, "safety", jstr(f->fix == JGF_FIX ? "safe" : "unsafe"));
		dom_add(fx, "description", jstr(f->fix_description));
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

static void run_lint(struct job *j)
{
	struct lint_out *o = xalloc(sizeof *o);
	o->snap = snap_ref(j->snap);
	o->diags = dom_array();
	jgf_result *r;
	if (j->is_config) {
		/* A configuration file: its own problems. */
		char *dir = j->path ? xdup(j->path) : NULL;
		if (dir)
			*strrchr(dir, '/') = '\0';
		r = NULL;
		jgf_config *c = jgf_config_parse(j->name, j->snap->text, j->snap->len,
						 dir && *dir ? dir : dir ? "/" : NULL, &r);
		free(dir);
		jgf_config_free(c);
	} else {
		r = jgf_lint(j->cfg->cfg, j->name, j->snap->text, j->snap->len, 0);
		if (!r)
			slog("out of memory linting %s", j->uri);
		o->linted = r != NULL;
	}
	/* The library caps each rule's findings as the CLI does (1,000, then
	 * one finding that counts the rest). */
	o->n = r ? jgf_result_count(r) : 0;
	o->f = xalloc((o->n + 1) * sizeof *o->f);
	for (size_t i = 0; i < o->n; i++) {
		struct finding *f = &o->f[i];
		take_finding(f, j->snap, r, i);
		f->diag = make_diagnostic(j->snap, r, i, f, j->enc);
		dom_push(o->diags, f->diag);
		o->foreign |= f->foreign;
		o->safe_fixes |= f->fix == JGF_FIX;
	}
	jgf_result_free(r);
	if (j->push) {
		json_object *p = dom_object();
		dom_add(p, "uri", jstr(j->uri));
		dom_add(p, "version", dom_int(j->version));
		dom_add(p, "diagnostics", json_object_get(o->diags));
		json_object *m = dom_object();
		dom_add(m, "jsonrpc", jstr("2.0"));
		dom_add(m, "method", jstr("textDocument/publishDiagnostics"));
		dom_add(m, "params", p);
		size_t len;
		const char *s = dom_json(
			m, JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, &len);
		o->publish = xalloc(len + 1);
		memcpy(o->publish, s, len);
		o->publish_len = len;
		json_object_put(m);
	}
	j->lint = o;
}

static size_t line_start_at_or_after(const struct snap *s, size_t off)
{
	size_t a = s->lines[snap_line(s, off)];
	if (a == off)
		return off;
	size_t lo = 0, hi = s->nlines;
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (s->lines[mid] <= off)
			lo = mid;
		else
			hi = mid;
	}
	return lo + 1 < s->nlines ? s->lines[lo + 1] : s->len;
}

static void run_fix(struct job *j)
{
	struct fix_out *o = xalloc(sizeof *o);
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
		p = s->lines[snap_line(s, p)];
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

static void run_convert(struct job *j)
{
	struct conv_out *o = xalloc(sizeof *o);
	jgf_conversion *c = jgf_convert(j->path ? j->path : j->name, j->snap->text, j->snap->len);
	if (!c) {
		o->status = 2;
		o->messages = xdup("out of memory");
		j->conv = o;
		return;
	}
	o->status = jgf_conversion_status(c);
	o->messages = xdup(jgf_conversion_messages(c));
	o->n = jgf_conversion_count(c);
	o->names = xalloc((o->n + 1) * sizeof *o->names);
	o->texts = xalloc((o->n + 1) * sizeof *o->texts);
	o->exists = xalloc((o->n + 1) * sizeof *o->exists);
	char *dir = j->path ? xdup(j->path) : NULL;
	if (dir)
		*strrchr(dir, '/') = '\0';
	for (size_t i = 0; i < o->n; i++) {
		size_t len;
		const char *t = jgf_conversion_text(c, i, &len);
		o->names[i] = xdup(base_name(jgf_conversion_name(c, i)));
		o->texts[i] = xalloc(len + 1);
		memcpy(o->texts[i], t, len);
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
		struct event *e = xalloc(sizeof *e);
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

/* Queues a job of kind for d's current generation: a job of the same kind
 * for d still waiting in the queue is brought up to date instead. */
static void enqueue(struct doc *d, enum job_kind kind)
{
	pthread_mutex_lock(&jq_lock);
	struct job *j;
	for (j = jq_head; j; j = j->next)
		if (j->doc_id == d->id && j->kind == kind && !j->cancelled)
			break;
	bool fresh = !j;
	if (fresh) {
		j = xalloc(sizeof *j);
		j->kind = kind;
		j->doc_id = d->id;
		j->uri = xdup(d->uri);
		j->name = xdup(d->name);
		j->path = d->path ? xdup(d->path) : NULL;
		j->is_config = d->is_config;
	} else {
		snap_unref(j->snap);
		cfgref_unref(j->cfg);
	}
	j->gen = d->gen;
	j->version = d->version;
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

/* Cancels d's queued jobs of kind (all kinds: NKINDS). */
static void cancel_queued(uint64_t doc_id, int kind)
{
	pthread_mutex_lock(&jq_lock);
	for (struct job *j = jq_head; j; j = j->next)
		if (j->doc_id == doc_id && (kind == NKINDS || (int)j->kind == kind))
			__atomic_store_n(&j->cancelled, 1, __ATOMIC_RELEASE);
	pthread_mutex_unlock(&jq_lock);
}

/* ---- requests that wait for a result ---- */

struct preq {
	json_object *id;
	char *method;
	json_object *params;
	uint64_t doc_id;
	unsigned long gen;
	struct preq *next;
};

static struct preq *preqs;

static void preq_free(struct preq *q)
{
	json_object_put(q->id);
	json_object_put(q->params);
	free(q->method);
	free(q);
}

/* Answers with an error every waiting request of doc (all documents: 0)
 * older than gen. */
static void fail_waiting(uint64_t doc_id, unsigned long gen, int code, const char *why)
{
	for (struct preq **pp = &preqs; *pp;) {
		struct preq *q = *pp;
		if ((doc_id == 0 || q->doc_id == doc_id) && q->gen < gen) {
			send_error(q->id, code, "%s", why);
			*pp = q->next;
			preq_free(q);
		} else {
			pp = &q->next;
		}
	}
}

/* Whether a code action of kind is asked for by only (NULL: any). */
static bool kind_wanted(json_object *only, const char *kind)
{
	if (!only)
		return true;
	for (size_t i = 0; i < json_object_array_length(only); i++) {
		json_object *v = json_object_array_get_idx(only, i);
		if (!v || !json_object_is_type(v, json_type_string))
			continue;
		const char *k = json_object_get_string(v);
		size_t n = strlen(k);
		if (!strncmp(kind, k, n) && (kind[n] == '\0' || kind[n] == '.'))
			return true;
	}
	return false;
}

static json_object *workspace_edit(const char *uri, int64_t version, json_object *edits)
{
	json_object *we = dom_object();
	if (S.doc_changes) {
		json_object *tde = dom_object();
		json_object *td = dom_object();
		dom_add(td, "uri", jstr(uri));
		dom_add(td, "version", dom_int(version));
		dom_add(tde, "textDocument", td);
		dom_add(tde, "edits", edits);
		json_object *dc = dom_array();
		dom_push(dc, tde);
		dom_add(we, "documentChanges", dc);
	} else {
		json_object *ch = dom_object();
		dom_add(ch, uri, edits);
		dom_add(we, "changes", ch);
	}
	return we;
}

/* What a code action request wants beyond the lint result. */
static void code_action_wants(struct doc *d, json_object *params, bool *fixall, bool *convert)
{
	json_object *only = jget(jget(params, "context", json_type_object), "only", json_type_array);
	const struct lint_out *l = d->lint;
	*fixall = !d->is_config && l->linted && kind_wanted(only, "source.fixAll.jgflint") &&
		  (only || l->safe_fixes);
	*convert = !d->is_config && d->path && l->foreign && kind_wanted(only, "quickfix") &&
		   S.create_files && S.doc_changes;
}

static void answer_code_action(struct doc *d, struct preq *q)
{
	json_object *params = q->params;
	json_object *ctx = jget(params, "context", json_type_object);
	json_object *only = jget(ctx, "only", json_type_array);
	const struct lint_out *l = d->lint;
	const struct snap *s = l->snap;
	struct lsp_pos a, b;
	parse_position(jget(jget(params, "range", json_type_object), "start", json_type_object), &a);
	parse_position(jget(jget(params, "range", json_type_object), "end", json_type_object), &b);
	size_t rs = snap_offset(s, a, S.enc), re = snap_offset(s, b, S.enc);
	if (re < rs) {
		size_t t = rs;
		rs = re;
		re = t;
	}
	json_object *actions = dom_array();
	if (!d->is_config && kind_wanted(only, "quickfix")) {
		/* Safe fixes first, then unsafe ones. */
		for (int pass = 0; pass < 2; pass++) {
			for (size_t i = 0; i < l->n; i++) {
				const struct finding *f = &l->f[i];
				if (!f->fix || (pass == 0) != (f->fix == JGF_FIX))
					continue;
				if (f->start > re || rs > f->end)
					continue;
				json_object *edits = finding_edits(s, f, S.enc, (size_t)-1);
				if (!edits)
					continue;
				json_object *act = dom_object();
				/* What the fix does, as ruff titles its fixes. */
				char *title = xasprintf("jgflint (%s): %s%s",
							f->rule >= 0 ? jgf_rule_id((size_t)f->rule) : "?",
							f->fix_description ? f->fix_description : "fix",
							f->fix == JGF_FIX ? "" :
							" (unsafe fix: review the result)");
				dom_add(act, "title", jstr(title));
				free(title);
				dom_add(act, "kind", jstr("quickfix"));
				json_object *ds = dom_array();
				dom_push(ds, json_object_get(f->diag));
				dom_add(act, "diagnostics", ds);
				dom_add(act, "isPreferred",
						       dom_bool(f->fix == JGF_FIX));
				dom_add(act, "edit", workspace_edit(d->uri, d->version, edits));
				dom_push(actions, act);
			}
		}
	}
	bool fixall, convert;
	code_action_wants(d, params, &fixall, &convert);
	if (convert && d->conv && d->conv->n) {
		const struct conv_out *c = d->conv;
		json_object *act = dom_object();
		char *title = c->n == 1 ? xasprintf("jgflint: convert to JGF (%s)", c->names[0]) :
			      xasprintf("jgflint: convert to JGF (%s … %s, %zu records)", c->names[0],
					c->names[c->n - 1], c->n);
		dom_add(act, "title", jstr(title));
		free(title);
		dom_add(act, "kind", jstr("quickfix"));
		json_object *ds = dom_array();
		for (size_t i = 0; i < l->n; i++)
			if (l->f[i].foreign)
				dom_push(ds, json_object_get(l->f[i].diag));
		dom_add(act, "diagnostics", ds);
		dom_add(act, "isPreferred", dom_bool(0));
		const char *existing = NULL;
		for (size_t i = 0; i < c->n && !existing; i++)
			if (c->exists[i])
				existing = c->names[i];
		if (existing) {
			json_object *dis = dom_object();
			char *why = xasprintf("%s exists: jgflint --convert does not replace a file",
					      existing);
			dom_add(dis, "reason", jstr(why));
			free(why);
			dom_add(act, "disabled", dis);
		} else {
			json_object *dc = dom_array();
			for (size_t i = 0; i < c->n; i++) {
				char *u = uri_sibling(d->uri, c->names[i]);
				json_object *cf = dom_object();
				dom_add(cf, "kind", jstr("create"));
				dom_add(cf, "uri", jstr(u));
				json_object *opt = dom_object();
				dom_add(opt, "overwrite", dom_bool(0));
				dom_add(opt, "ignoreIfExists", dom_bool(0));
				dom_add(cf, "options", opt);
				dom_push(dc, cf);
				json_object *tde = dom_object();
				json_object *td = dom_object();
				dom_add(td, "uri", jstr(u));
				dom_add(td, "version", NULL);
				dom_add(tde, "textDocument", td);
				json_object *edits = dom_array();
				json_object *e = dom_object();
				json_object *r = dom_object();
				dom_add(r, "start", json_position((struct lsp_pos){ 0, 0 }));
				dom_add(r, "end", json_position((struct lsp_pos){ 0, 0 }));
				dom_add(e, "range", r);
				dom_add(e, "newText", jstr(c->texts[i]));
				dom_push(edits, e);
				dom_add(tde, "edits", edits);
				dom_push(dc, tde);
				free(u);
			}
			json_object *we = dom_object();
			dom_add(we, "documentChanges", dc);
			dom_add(act, "edit", we);
		}
		if (!existing || S.disabled_support)
			dom_push(actions, act);
		else
			json_object_put(act);
	}
	if (fixall && d->fix && d->fix->edit) {
		json_object *act = dom_object();
		char *title = xasprintf("jgflint: fix all (%zu safe fix%s, as jgflint --fix)",
					d->fix->fixes, d->fix->fixes == 1 ? "" : "es");
		dom_add(act, "title", jstr(title));
		free(title);
		dom_add(act, "kind", jstr("source.fixAll.jgflint"));
		json_object *edits = dom_array();
		dom_push(edits, json_object_get(d->fix->edit));
		dom_add(act, "edit", workspace_edit(d->uri, d->version, edits));
		dom_push(actions, act);
	}
	send_response(q->id, actions);
}

static void answer_hover(struct doc *d, struct preq *q)
{
	const struct lint_out *l = d->lint;
	struct lsp_pos p;
	parse_position(jget(q->params, "position", json_type_object), &p);
	size_t off = snap_offset(l->snap, p, S.enc);
	char *text = NULL;
	size_t best = (size_t)-1, bs = 0, be = 0;
	bool any = false;
	for (size_t i = 0; i < l->n; i++) {
		const struct finding *f = &l->f[i];
		size_t s = f->start, e = f->end;
		if (!f->located || f->rule < 0 || !(s <= off && (off < e || (s == e && off == s))))
			continue;
		char *md = rule_markdown((size_t)f->rule, f->message, severity_name(f->severity));
		char *joined = text ? xasprintf("%s\n\n---\n\n%s", text, md) : xdup(md);
		free(text);
		free(md);
		text = joined;
		if (e - s < best) {
			best = e - s;
			bs = s;
			be = e;
		}
		any = true;
	}
	if (!any) {
		send_response(q->id, NULL);
		return;
	}
	json_object *h = dom_object();
	json_object *c = dom_object();
	dom_add(c, "kind", jstr(S.markdown ? "markdown" : "plaintext"));
	dom_add(c, "value", jstr(text));
	free(text);
	dom_add(h, "contents", c);
	dom_add(h, "range", json_range(l->snap, bs, be, S.enc));
	send_response(q->id, h);
}

static void answer_diagnostic(struct doc *d, struct preq *q)
{
	char rid[64];
	snprintf(rid, sizeof rid, "%llu-%lu", (unsigned long long)d->id, d->gen);
	const char *prev = jget_str(q->params, "previousResultId");
	json_object *r = dom_object();
	dom_add(r, "resultId", jstr(rid));
	if (prev && !strcmp(prev, rid)) {
		dom_add(r, "kind", jstr("unchanged"));
	} else {
		dom_add(r, "kind", jstr("full"));
		dom_add(r, "items", json_object_get(d->lint->diags));
	}
	send_response(q->id, r);
}

/* Answers q if what it needs is there, else queues the jobs it needs.
 * Returns whether it was answered. */
static bool try_answer(struct preq *q)
{
	struct doc *d = doc_by_id(q->doc_id);
	if (!d) {
		send_error(q->id, E_CONTENT_MODIFIED, "the document was closed");
		return true;
	}
	if (!d->lint) {
		if (!d->pending[J_LINT])
			enqueue(d, J_LINT);
		return false;
	}
	if (!strcmp(q->method, "textDocument/hover")) {
		answer_hover(d, q);
	} else if (!strcmp(q->method, "textDocument/diagnostic")) {
		answer_diagnostic(d, q);
	} else {
		bool fixall, convert, wait = false;
		code_action_wants(d, q->params, &fixall, &convert);
		if (fixall && !d->fix) {
			if (!d->pending[J_FIX])
				enqueue(d, J_FIX);
			wait = true;
		}
		if (convert && !d->conv) {
			if (!d->pending[J_CONVERT])
				enqueue(d, J_CONVERT);
			wait = true;
		}
		if (wait)
			return false;
		answer_code_action(d, q);
	}
	return true;
}

static void retry_waiting(uint64_t doc_id)
{
	for (struct preq **pp = &preqs; *pp;) {
		struct preq *q = *pp;
		if (q->doc_id == doc_id && try_answer(q)) {
			*pp = q->next;
			preq_free(q);
		} else {
			pp = &q->next;
		}
	}
}

static bool id_equal(json_object *a, json_object *b)
{
	if (!a || !b)
		return !a && !b;
	if (json_object_is_type(a, json_type_int) && json_object_is_type(b, json_type_int))
		return json_object_get_int64(a) == json_object_get_int64(b);
	if (json_object_is_type(a, json_type_string) && json_object_is_type(b, json_type_string))
		return !strcmp(json_object_get_string(a), json_object_get_string(b));
	return false;
}

static void cancel_request(json_object *id)
{
	for (struct preq **pp = &preqs; *pp; pp = &(*pp)->next) {
		struct preq *q = *pp;
		if (!id_equal(q->id, id))
			continue;
		send_error(q->id, E_CANCELLED, "the request was cancelled");
		*pp = q->next;
		uint64_t doc_id = q->doc_id;
		preq_free(q);
		/* Jobs only waiting requests asked for go with the last of them. */
		bool needed = false;
		for (struct preq *r = preqs; r; r = r->next)
			needed |= r->doc_id == doc_id && strcmp(r->method, "textDocument/hover") &&
				  strcmp(r->method, "textDocument/diagnostic");
		struct doc *d = doc_by_id(doc_id);
		if (!needed && d) {
			cancel_queued(doc_id, J_FIX);
			cancel_queued(doc_id, J_CONVERT);
			d->pending[J_FIX] = d->pending[J_CONVERT] = false;
		}
		return;
	}
}

/* ---- document events ---- */

static void doc_results_clear(struct doc *d)
{
	lint_out_free(d->lint);
	fix_out_free(d->fix);
	conv_out_free(d->conv);
	d->lint = NULL;
	d->fix = NULL;
	d->conv = NULL;
	cancel_queued(d->id, J_FIX);
	cancel_queued(d->id, J_CONVERT);
	d->pending[J_FIX] = d->pending[J_CONVERT] = false;
}

/* The document's text or settings changed: a new generation. */
static void doc_changed(struct doc *d)
{
	d->gen++;
	doc_results_clear(d);
	fail_waiting(d->id, d->gen, E_CONTENT_MODIFIED, "the document changed");
	enqueue(d, J_LINT);
}

static void publish_empty(const char *uri)
{
	if (S.pull)
		return;
	json_object *p = dom_object();
	dom_add(p, "uri", jstr(uri));
	dom_add(p, "diagnostics", dom_array());
	send_notification("textDocument/publishDiagnostics", p);
}

static void reload_configs(void)
{
	forget_told();
	for (struct doc *d = docs; d; d = d->next) {
		cfgref_unref(d->cfg);
		d->cfg = config_for_path(d->path);
		doc_changed(d);
	}
	if (S.pull && S.refresh)
		send_request("workspace/diagnostic/refresh", NULL);
}

static bool is_config_name(const char *uri)
{
	const char *b = base_name(uri);
	return !strcmp(b, ".jgflint.json");
}

static void did_open(json_object *params)
{
	json_object *td = jget(params, "textDocument", json_type_object);
	const char *uri = jget_str(td, "uri");
	json_object *text = jget(td, "text", json_type_string);
	json_object *ver = jget(td, "version", json_type_int);
	if (!uri || !text) {
		slog("didOpen without textDocument.uri and text: ignored");
		return;
	}
	struct doc *d = doc_find(uri);
	if (d) {
		slog("%s opened again: its text is replaced", uri);
	} else {
		d = xalloc(sizeof *d);
		d->id = ++S.next_doc_id;
		d->uri = xdup(uri);
		d->path = uri_to_path(uri);
		d->name = xdup(d->path ? d->path : uri);
		d->is_config = is_config_name(uri);
		d->cfg = config_for_path(d->path);
		d->next = docs;
		docs = d;
	}
	size_t len = (size_t)json_object_get_string_len(text);
	char *copy = xalloc(len + 1);
	memcpy(copy, json_object_get_string(text), len);
	snap_unref(d->snap);
	d->snap = snap_new(copy, len);
	d->version = ver ? json_object_get_int64(ver) : 0;
	doc_changed(d);
}

/* Applies one contentChange to text; false when it is not one. */
static bool apply_change(struct doc *d, json_object *ch)
{
	json_object *text = jget(ch, "text", json_type_string);
	if (!text)
		return false;
	const char *t = json_object_get_string(text);
	size_t tl = (size_t)json_object_get_string_len(text);
	json_object *range = jget(ch, "range", json_type_object);
	char *out;
	size_t len;
	if (!range) {
		out = xalloc(tl + 1);
		memcpy(out, t, tl);
		len = tl;
	} else {
		struct lsp_pos a, b;
		if (!parse_position(jget(range, "start", json_type_object), &a) ||
		    !parse_position(jget(range, "end", json_type_object), &b))
			return false;
		const struct snap *s = d->snap;
		size_t so = snap_offset(s, a, S.enc), eo = snap_offset(s, b, S.enc);
		if (eo < so)
			return false;
		len = s->len - (eo - so) + tl;
		out = xalloc(len + 1);
		memcpy(out, s->text, so);
		memcpy(out + so, t, tl);
		memcpy(out + so + tl, s->text + eo, s->len - eo);
	}
	snap_unref(d->snap);
	d->snap = snap_new(out, len);
	return true;
}

static void did_change(json_object *params)
{
	json_object *td = jget(params, "textDocument", json_type_object);
	const char *uri = jget_str(td, "uri");
	json_object *changes = jget(params, "contentChanges", json_type_array);
	struct doc *d = uri ? doc_find(uri) : NULL;
	if (!d || !changes) {
		slog("didChange %s: %s; ignored", uri ? uri : "(no uri)",
		     !d ? "the document is not open" : "no contentChanges");
		return;
	}
	for (size_t i = 0; i < json_object_array_length(changes); i++) {
		if (!apply_change(d, json_object_array_get_idx(changes, i))) {
			slog("didChange %s: change %zu is not a TextDocumentContentChangeEvent; "
			     "the rest are ignored", uri, i);
			break;
		}
	}
	json_object *ver = jget(td, "version", json_type_int);
	if (ver)
		d->version = json_object_get_int64(ver);
	doc_changed(d);
}

static void did_close(json_object *params)
{
	const char *uri = jget_str(jget(params, "textDocument", json_type_object), "uri");
	struct doc **pp;
	for (pp = &docs; *pp && (!uri || strcmp((*pp)->uri, uri)); pp = &(*pp)->next)
		;
	if (!*pp) {
		slog("didClose %s: the document is not open; ignored", uri ? uri : "(no uri)");
		return;
	}
	struct doc *d = *pp;
	*pp = d->next;
	cancel_queued(d->id, NKINDS);
	fail_waiting(d->id, (unsigned long)-1, E_CONTENT_MODIFIED, "the document was closed");
	publish_empty(d->uri);
	lint_out_free(d->lint);
	fix_out_free(d->fix);
	conv_out_free(d->conv);
	snap_unref(d->snap);
	cfgref_unref(d->cfg);
	free(d->uri);
	free(d->path);
	free(d->name);
	free(d);
}

static void job_done(struct job *j)
{
	struct doc *d = doc_by_id(j->doc_id);
	bool current = d && j->gen == d->gen && !j->cancelled;
	if (!current) {
		if (server_verbose)
			slog("a stale result (generation %lu) is dropped", j->gen);
		job_free(j);
		return;
	}
	d->pending[j->kind] = false;
	if (j->kind == J_LINT && j->lint) {
		lint_out_free(d->lint);
		d->lint = j->lint;
		j->lint = NULL;
		if (d->lint->publish)
			transport_send_bytes(d->lint->publish, d->lint->publish_len);
		free(d->lint->publish);
		d->lint->publish = NULL;
	} else if (j->kind == J_FIX && j->fix) {
		d->fix = j->fix;
		j->fix = NULL;
	} else if (j->kind == J_CONVERT && j->conv) {
		d->conv = j->conv;
		j->conv = NULL;
		if (*d->conv->messages)
			slog("%s", d->conv->messages);
	}
	job_free(j);
	retry_waiting(d->id);
}

/* ---- initialize ---- */

static json_object *initialize(json_object *params)
{
	json_object *caps = jget(params, "capabilities", json_type_object);
	json_object *encs = jpath(caps, "general.positionEncodings");
	if (array_has_string(encs, "utf-8"))
		S.enc = ENC_UTF8;
	else if (array_has_string(encs, "utf-32"))
		S.enc = ENC_UTF32;
	else
		S.enc = ENC_UTF16;
	S.doc_changes = jget_bool_path(caps, "workspace.workspaceEdit.documentChanges");
	S.create_files = array_has_string(jpath(caps, "workspace.workspaceEdit.resourceOperations"),
					  "create");
	S.pull = jpath(caps, "textDocument.diagnostic") != NULL;
	S.refresh = jget_bool_path(caps, "workspace.diagnostics.refreshSupport");
	S.watch_dynamic = jget_bool_path(caps, "workspace.didChangeWatchedFiles.dynamicRegistration");
	S.disabled_support = jget_bool_path(caps, "textDocument.codeAction.disabledSupport");
	S.markdown = array_has_string(jpath(caps, "textDocument.hover.contentFormat"), "markdown");
	read_settings(jget(params, "initializationOptions", json_type_object));

	json_object *c = dom_object();
	static const char *const enc_names[] = { "utf-16", "utf-8", "utf-32" };
	dom_add(c, "positionEncoding", jstr(enc_names[S.enc]));
	json_object *sync = dom_object();
	dom_add(sync, "openClose", dom_bool(1));
	dom_add(sync, "change", dom_int(2));
	json_object *save = dom_object();
	dom_add(save, "includeText", dom_bool(0));
	dom_add(sync, "save", save);
	dom_add(c, "textDocumentSync", sync);
	dom_add(c, "hoverProvider", dom_bool(1));
	json_object *ca = dom_object();
	json_object *kinds = dom_array();
	dom_push(kinds, jstr("quickfix"));
	dom_push(kinds, jstr("source.fixAll.jgflint"));
	dom_add(ca, "codeActionKinds", kinds);
	dom_add(ca, "resolveProvider", dom_bool(0));
	dom_add(c, "codeActionProvider", ca);
	if (S.pull) {
		json_object *dp = dom_object();
		dom_add(dp, "identifier", jstr("jgflint"));
		dom_add(dp, "interFileDependencies", dom_bool(0));
		dom_add(dp, "workspaceDiagnostics", dom_bool(0));
		dom_add(c, "diagnosticProvider", dp);
	}
	json_object *r = dom_object();
	dom_add(r, "capabilities", c);
	json_object *info = dom_object();
	dom_add(info, "name", jstr("jgflint"));
	dom_add(info, "version", jstr(jgf_version()));
	dom_add(r, "serverInfo", info);
	return r;
}

static void initialized(void)
{
	if (!S.watch_dynamic)
		return;
	json_object *w = dom_object();
	dom_add(w, "globPattern", jstr("**/.jgflint.json"));
	json_object *watchers = dom_array();
	dom_push(watchers, w);
	json_object *opts = dom_object();
	dom_add(opts, "watchers", watchers);
	json_object *reg = dom_object();
	dom_add(reg, "id", jstr("jgflint-configuration-files"));
	dom_add(reg, "method", jstr("workspace/didChangeWatchedFiles"));
	dom_add(reg, "registerOptions", opts);
	json_object *regs = dom_array();
	dom_push(regs, reg);
	json_object *p = dom_object();
	dom_add(p, "registrations", regs);
	send_request("client/registerCapability", p);
}

/* ---- dispatch ---- */

static int exit_code = -1;

/* Checks a text document request's params; answers the error and returns
 * NULL when they are not right. */
static struct doc *doc_request(json_object *id, const char *method, json_object *params)
{
	const char *uri = jget_str(jget(params, "textDocument", json_type_object), "uri");
	if (!uri) {
		send_error(id, E_INVALID_PARAMS, "%s: params.textDocument.uri must be a string", method);
		return NULL;
	}
	struct lsp_pos p;
	if (!strcmp(method, "textDocument/hover") &&
	    !parse_position(jget(params, "position", json_type_object), &p)) {
		send_error(id, E_INVALID_PARAMS, "%s: params.position must be {line, character}",
			   method);
		return NULL;
	}
	if (!strcmp(method, "textDocument/codeAction")) {
		json_object *range = jget(params, "range", json_type_object);
		json_object *ctx = jget(params, "context", json_type_null);
		json_object *only = jget(ctx, "only", json_type_null);
		if (!parse_position(jget(range, "start", json_type_object), &p) ||
		    !parse_position(jget(range, "end", json_type_object), &p)) {
			send_error(id, E_INVALID_PARAMS, "%s: params.range must be {start, end}", method);
			return NULL;
		}
		if (!ctx || !json_object_is_type(ctx, json_type_object) ||
		    (only && !json_object_is_type(only, json_type_array))) {
			send_error(id, E_INVALID_PARAMS, "%s: params.context must be a "
				   "CodeActionContext", method);
			return NULL;
		}
	}
	struct doc *d = doc_find(uri);
	if (!d)
		send_error(id, E_INVALID_PARAMS, "%s: %s is not open (textDocument/didOpen first)",
			   method, uri);
	return d;
}

static void handle_request(json_object *id, const char *method, json_object *params)
{
	if (server_verbose)
		slog("request %s", method);
	if (S.state == ST_NEW && strcmp(method, "initialize")) {
		send_error(id, E_NOT_INITIALIZED, "%s before initialize", method);
		return;
	}
	if (S.state == ST_SHUTDOWN) {
		send_error(id, E_INVALID_REQUEST, "%s after shutdown: only exit is accepted", method);
		return;
	}
	if (!strcmp(method, "initialize")) {
		if (S.state != ST_NEW) {
			send_error(id, E_INVALID_REQUEST, "initialize was already received");
			return;
		}
		if (!params || !json_object_is_type(params, json_type_object) ||
		    !jget(params, "capabilities", json_type_object)) {
			send_error(id, E_INVALID_PARAMS, "initialize: params.capabilities must be an object");
			return;
		}
		send_response(id, initialize(params));
		S.state = ST_RUNNING;
		return;
	}
	if (!strcmp(method, "shutdown")) {
		S.state = ST_SHUTDOWN;
		fail_waiting(0, (unsigned long)-1, E_REQUEST_FAILED, "the server is shutting down");
		send_response(id, NULL);
		return;
	}
	if (!strcmp(method, "textDocument/hover") || !strcmp(method, "textDocument/codeAction") ||
	    !strcmp(method, "textDocument/diagnostic")) {
		struct doc *d = doc_request(id, method, params);
		if (!d)
			return;
		struct preq *q = xalloc(sizeof *q);
		q->id = json_object_get(id);
		q->method = xdup(method);
		q->params = json_object_get(params);
		q->doc_id = d->id;
		q->gen = d->gen;
		if (try_answer(q)) {
			preq_free(q);
		} else {
			/* In arrival order, so that they are answered in it. */
			struct preq **pp = &preqs;
			while (*pp)
				pp = &(*pp)->next;
			*pp = q;
		}
		return;
	}
	send_error(id, E_METHOD_NOT_FOUND, "%s: no such method", method);
}

static void handle_notification(const char *method, json_object *params)
{
	if (server_verbose)
		slog("notification %s", method);
	if (!strcmp(method, "exit")) {
		exit_code = S.state == ST_SHUTDOWN ? 0 : 1;
		return;
	}
	if (S.state != ST_RUNNING)
		return;   /* before initialize and after shutdown: dropped */
	if (!strcmp(method, "initialized"))
		initialized();
	else if (!strcmp(method, "textDocument/didOpen"))
		did_open(params);
	else if (!strcmp(method, "textDocument/didChange"))
		did_change(params);
	else if (!strcmp(method, "textDocument/didClose"))
		did_close(params);
	else if (!strcmp(method, "textDocument/didSave")) {
		const char *uri = jget_str(jget(params, "textDocument", json_type_object), "uri");
		if (uri && is_config_name(uri))
			reload_configs();
	} else if (!strcmp(method, "workspace/didChangeWatchedFiles")) {
		json_object *changes = jget(params, "changes", json_type_array);
		bool config = false;
		for (size_t i = 0; changes && i < json_object_array_length(changes); i++) {
			const char *uri = jget_str(json_object_array_get_idx(changes, i), "uri");
			config |= uri && is_config_name(uri);
		}
		if (config)
			reload_configs();
	} else if (!strcmp(method, "workspace/didChangeConfiguration")) {
		json_object *settings = jget(params, "settings", json_type_object);
		if (settings && (jget(settings, "jgflint", json_type_object) ||
				 jget(settings, "select", json_type_null) ||
				 jget(settings, "ignore", json_type_null) ||
				 jget(settings, "severity", json_type_null))) {
			read_settings(settings);
			reload_configs();
		}
	} else if (!strcmp(method, "$/cancelRequest")) {
		json_object *id = jget(params, "id", json_type_null);
		if (id)
			cancel_request(id);
	}
	/* Anything else ($/setTrace, $/progress, unknown methods): ignored. */
}

static bool valid_id(json_object *id)
{
	return !id || json_object_is_type(id, json_type_int) ||
	       json_object_is_type(id, json_type_string);
}

static void handle_message(json_object *msg)
{
	if (!json_object_is_type(msg, json_type_object)) {
		send_error(NULL, E_INVALID_REQUEST, "Invalid Request: a message is a JSON object%s",
			   json_object_is_type(msg, json_type_array) ? " (batches are not supported)" :
			   "");
		return;
	}
	json_object *id = NULL;
	bool has_id = json_object_object_get_ex(msg, "id", &id);
	json_object *idv = has_id && valid_id(id) ? id : NULL;
	const char *version = jget_str(msg, "jsonrpc");
	json_object *method = jget(msg, "method", json_type_null);
	json_object *params = jget(msg, "params", json_type_null);
	if (!version || strcmp(version, "2.0")) {
		send_error(idv, E_INVALID_REQUEST, "Invalid Request: jsonrpc must be \"2.0\"");
		return;
	}
	if (!method) {
		if (has_id && (json_object_object_get_ex(msg, "result", NULL) ||
			       json_object_object_get_ex(msg, "error", NULL))) {
			json_object *err = jget(msg, "error", json_type_object);
			if (err)
				slog("the client answered our request %s with an error: %s",
				     id ? json_object_get_string(id) : "null", jget_str(err, "message") ?
				     jget_str(err, "message") : "?");
			return;   /* a response to one of our requests */
		}
		send_error(idv, E_INVALID_REQUEST, "Invalid Request: no method");
		return;
	}
	if (!json_object_is_type(method, json_type_string)) {
		send_error(idv, E_INVALID_REQUEST, "Invalid Request: method must be a string");
		return;
	}
	if (has_id && !valid_id(id)) {
		send_error(NULL, E_INVALID_REQUEST, "Invalid Request: id must be a number or a string");
		return;
	}
	if (params && !json_object_is_type(params, json_type_object) &&
	    !json_object_is_type(params, json_type_array)) {
		if (has_id)
			send_error(id, E_INVALID_PARAMS, "params must be an object or an array");
		return;
	}
	const char *m = json_object_get_string(method);
	if (has_id)
		handle_request(id, m, params);
	else
		handle_notification(m, params);
}

static void usage(FILE *f)
{
	fputs("Usage: jgflint server [--max-memory SIZE] [--verbose] [--stdio]\n"
	      "A Language Server Protocol 3.17 server over standard input and output: findings\n"
	      "as diagnostics, fixes as code actions, rule documentation on hover. Editors\n"
	      "start it; see `man jgflint` (EDITORS) for their settings.\n"
	      "\n"
	      "  --max-memory SIZE  refuse a document that would need more memory than SIZE\n"
	      "                     (bytes, or with K, M, G), as jgflint --max-memory does\n"
	      "  -v, --verbose      log each message's method to standard error\n"
	      "  --stdio            accepted and ignored: standard input and output are the\n"
	      "                     only transport\n"
	      "  -h, --help         show this help and exit\n", f);
}

/* SIZE as --max-memory reads it: bytes, or with K, M or G. */
static bool parse_size(const char *arg, size_t *out)
{
	if (*arg < '0' || *arg > '9')
		return false;
	errno = 0;
	char *end;
	unsigned long long n = strtoull(arg, &end, 10);
	int shift = 0;
	if (*end && strchr("kK", *end))
		shift = 10, end++;
	else if (*end && strchr("mM", *end))
		shift = 20, end++;
	else if (*end && strchr("gG", *end))
		shift = 30, end++;
	if (errno || *end || n == 0 || n > (SIZE_MAX >> shift))
		return false;
	*out = (size_t)n << shift;
	return true;
}

int server_main(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (!strcmp(a, "--stdio"))
			continue;
		if (!strcmp(a, "-v") || !strcmp(a, "--verbose")) {
			server_verbose = 1;
		} else if (!strncmp(a, "--clientProcessId", 17)) {
			/* Some clients pass it (vscode-languageclient); the server
			 * ends with its input instead. */
			if (!a[17] && i + 1 < argc)
				i++;
		} else if (!strcmp(a, "--max-memory") || !strncmp(a, "--max-memory=", 13)) {
			const char *v = a[12] == '=' ? a + 13 : i + 1 < argc ? argv[++i] : NULL;
			size_t size;
			if (!v || !parse_size(v, &size)) {
				fprintf(stderr, "jgflint server: --max-memory takes a size (bytes, or "
					"with K, M or G), not '%s'\n", v ? v : "");
				return 2;
			}
			jgf_set_memory_budget(size);
		} else if (!strcmp(a, "-h") || !strcmp(a, "--help")) {
			usage(stdout);
			return 0;
		} else {
			fprintf(stderr, "jgflint server: unknown option '%s'\n", a);
			usage(stderr);
			return 2;
		}
	}
	signal(SIGPIPE, SIG_IGN);
	/* Nothing but protocol on standard output: the protocol gets its own
	 * descriptor, and whatever else writes to descriptor 1 goes to
	 * standard error. */
	fflush(stdout);
	int proto = fcntl(1, F_DUPFD_CLOEXEC, 3);
	if (proto < 0 || dup2(2, 1) < 0) {
		fprintf(stderr, "jgflint server: cannot set up standard output: %s\n", strerror(errno));
		return 2;
	}
	S.enc = ENC_UTF16;
	jgf_rule_count();   /* the library's tables, before the threads */
	pthread_attr_t attr;
	pthread_attr_init(&attr);
	pthread_attr_setdetachstate(&attr, PTHREAD_CREATE_DETACHED);
	for (int w = 0; w < NWORKERS; w++) {
		pthread_t t;
		if (pthread_create(&t, &attr, worker, (void *)(intptr_t)w) != 0) {
			fprintf(stderr, "jgflint server: cannot start a thread\n");
			return 2;
		}
	}
	pthread_attr_destroy(&attr);
	transport_start(0, proto);
	while (exit_code < 0) {
		struct event *e = events_pop();
		switch (e->kind) {
		case EV_MESSAGE:
			handle_message(e->msg);
			json_object_put(e->msg);
			break;
		case EV_BAD_MESSAGE:
			send_error(NULL, e->code, "%s", e->text ? e->text : "bad message");
			break;
		case EV_EOF:
			if (S.state != ST_SHUTDOWN)
				slog("the input ended without shutdown and exit");
			exit_code = S.state == ST_SHUTDOWN ? 0 : 1;
			break;
		case EV_JOB_DONE:
			job_done(e->job);
			break;
		}
		free(e->text);
		free(e);
	}
	transport_flush();
	fflush(stderr);
	/* Workers may be inside the library still: then leave without
	 * unwinding (exit handlers could pull tables from under them). */
	pthread_mutex_lock(&jq_lock);
	bool busy = nrunning > 0;
	pthread_mutex_unlock(&jq_lock);
	if (busy)
		_exit(exit_code);
	return exit_code;
}
