/* report: output formats over the same located, sorted diagnostics.
 *
 * Line formats (text, concise, github) are written as each document comes;
 * document formats (json, sarif) are built with json-c and written at the
 * end. Text from the input (keys in messages, paths) may hold control
 * characters: line formats escape them so that a finding stays one line. */
#include "report.h"

#include <json-c/json.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "catalog.h"
#include "fix.h"

struct rule_count {
	const struct rule *rule;
	size_t count;
};

struct reporter {
	enum format format;
	FILE *out;
	struct report_options opts;
	json_object *results;     /* json: diagnostics; sarif: results */
	struct rule_count *stats; /* --statistics */
	size_t nstats, stats_cap;
};

bool format_from_name(const char *name, enum format *out)
{
	static const char *const names[] = { "text", "concise", "json", "sarif", "github" };
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		if (strcmp(name, names[i]) == 0) {
			*out = (enum format)i;
			return true;
		}
	}
	return false;
}

struct reporter *reporter_new(enum format format, FILE *out, const struct report_options *opts)
{
	struct reporter *r = xcalloc(1, sizeof *r);
	r->format = format;
	r->out = out;
	r->opts = *opts;
	if (format == FORMAT_JSON || format == FORMAT_SARIF)
		r->results = json_object_new_array();
	return r;
}

static void put_escaped(FILE *out, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '\n')
			fputs("\\n", out);
		else if (c == '\r')
			fputs("\\r", out);
		else if (c == '\t')
			fputs("\\t", out);
		else if (c < 0x20 || c == 0x7F)
			fprintf(out, "\\u%04x", c);
		else
			putc(c, out);
	}
}

/* ANSI colours, when enabled. */
static const char *paint(const struct reporter *r, const char *code)
{
	return r->opts.color ? code : "";
}
#define BOLD "\033[1m"
#define RESET "\033[0m"
#define RED "\033[1;31m"
#define YELLOW "\033[1;33m"
#define CYAN "\033[1;36m"
#define BLUE "\033[1;34m"

static const char *severity_color(enum severity s)
{
	return s == SEV_ERROR ? RED : s == SEV_WARNING ? YELLOW : CYAN;
}

static void head_line(const struct reporter *r, const struct document *doc, const struct diag *d)
{
	fputs(paint(r, BOLD), r->out);
	put_escaped(r->out, doc->path);
	if (d->line)
		fprintf(r->out, ":%lu:%lu", d->line, d->col);
	fprintf(r->out, ":%s %s%s%s: %s", paint(r, RESET), paint(r, severity_color(d->severity)),
		severity_name(d->severity), paint(r, RESET), paint(r, BOLD));
	put_escaped(r->out, d->message);
	fprintf(r->out, "%s [%s]\n", paint(r, RESET), d->rule->id);
}

/* Longer source lines are not quoted. */
#define SNIPPET_MAX 400

/* The source line of d, and a caret (with ~ to the end of the value when it
 * ends on the same line) under its column. */
static void source_lines(const struct reporter *r, const struct document *doc, const struct diag *d)
{
	if (!d->line || !d->has_offset || !doc->text)
		return;
	size_t start = d->offset > doc->len ? doc->len : d->offset;
	if (start < doc->body)   /* a byte order mark is not shown */
		start = doc->body;
	size_t end = start;
	while (start > doc->body && doc->text[start - 1] != '\n' && doc->text[start - 1] != '\r')
		start--;
	while (end < doc->len && doc->text[end] != '\n' && doc->text[end] != '\r')
		end++;
	if (end - start > SNIPPET_MAX)   /* a minified file: the line is no help */
		return;
	char num[24];
	int width = snprintf(num, sizeof num, "%lu", d->line);
	fprintf(r->out, "%s%*s |%s ", paint(r, BLUE), width, num, paint(r, RESET));
	for (size_t i = start; i < end; i++) {
		unsigned char c = (unsigned char)doc->text[i];
		if (c == '\t' || c >= 0x20)
			putc(c, r->out);
		else
			putc(' ', r->out);
	}
	fprintf(r->out, "\n%s%*s |%s ", paint(r, BLUE), width, "", paint(r, RESET));
	/* Pad with the line's own tabs so the caret lines up. */
	unsigned long col = 1;
	for (size_t i = start; i < end && col < d->col; i++) {
		if (((unsigned char)doc->text[i] & 0xC0) == 0x80)
			continue;
		putc(doc->text[i] == '\t' ? '\t' : ' ', r->out);
		col++;
	}
	fprintf(r->out, "%s^", paint(r, severity_color(d->severity)));
	if (d->end_line == d->line && d->end_col > d->col + 1)
		for (unsigned long i = d->col + 1; i < d->end_col; i++)
			putc('~', r->out);
	fprintf(r->out, "%s\n", paint(r, RESET));
}

/* GitHub workflow commands: data escapes %, CR, LF; property values also : and ,. */
static void put_github(FILE *out, const char *s, bool property)
{
	for (; *s; s++) {
		switch (*s) {
		case '%': fputs("%25", out); break;
		case '\r': fputs("%0D", out); break;
		case '\n': fputs("%0A", out); break;
		case ':': fputs(property ? "%3A" : ":", out); break;
		case ',': fputs(property ? "%2C" : ",", out); break;
		default: putc(*s, out);
		}
	}
}

static void github_line(const struct reporter *r, const struct document *doc, const struct diag *d)
{
	static const char *const commands[] = { "notice", "warning", "error" };
	fprintf(r->out, "::%s file=", commands[d->severity]);
	put_github(r->out, doc->path, true);
	if (d->line) {
		fprintf(r->out, ",line=%lu,col=%lu", d->line, d->col);
		if (d->end_line)
			fprintf(r->out, ",endLine=%lu,endColumn=%lu", d->end_line, d->end_col);
	}
	fputs(",title=", r->out);
	put_github(r->out, d->rule->id, true);
	fputs("::", r->out);
	put_github(r->out, d->message, false);
	putc('\n', r->out);
}

static void json_add(json_object *o, const char *key, json_object *v)
{
	json_object_object_add(o, key, v);
}

static void json_diag(struct reporter *r, const struct document *doc, const struct diag *d)
{
	json_object *o = json_object_new_object();
	json_add(o, "path", json_object_new_string(doc->path));
	json_add(o, "line", d->line ? json_object_new_int64((int64_t)d->line) : NULL);
	json_add(o, "column", d->line ? json_object_new_int64((int64_t)d->col) : NULL);
	json_add(o, "endLine", d->end_line ? json_object_new_int64((int64_t)d->end_line) : NULL);
	json_add(o, "endColumn", d->end_line ? json_object_new_int64((int64_t)d->end_col) : NULL);
	json_add(o, "pointer", d->pointer ? json_object_new_string(d->pointer) : NULL);
	json_add(o, "severity", json_object_new_string(severity_name(d->severity)));
	json_add(o, "rule", json_object_new_string(d->rule->id));
	json_add(o, "message", json_object_new_string(d->message));
	const char *fix = !d->fix ? NULL : d->fix->safety == FIX_UNSAFE ? "unsafe" : "safe";
	json_add(o, "fix", fix ? json_object_new_string(fix) : NULL);
	json_object_array_add(r->results, o);
}

/* Percent-encodes a path for a URI reference (RFC 3986 path characters). */
static void uri_path(struct buf *out, const char *path)
{
	static const char ok[] = "-._~!$&'()*+,;=:@/";
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    (*p && strchr(ok, *p)))
			buf_addc(out, (char)*p);
		else
			buf_printf(out, "%%%02X", *p);
	}
}

/* A stable identity for a finding that survives edits elsewhere in the
 * file and rewordings of messages (which may quote positions): rule, file,
 * pointer, and which of the findings with that rule and pointer it is. */
static char *fingerprint(const struct document *doc, const struct diag *d, size_t occurrence)
{
	uint64_t h = 14695981039346656037u;
	char nth[24];
	snprintf(nth, sizeof nth, "%zu", occurrence);
	const char *parts[] = { d->rule->id, doc->path, d->pointer ? d->pointer : "", nth };
	for (size_t i = 0; i < 4; i++) {
		for (const char *s = parts[i]; *s; s++)
			h = (h ^ (unsigned char)*s) * 1099511628211u;
		h = (h ^ 0xFF) * 1099511628211u;
	}
	struct buf b = BUF_INIT;
	buf_printf(&b, "%016llx", (unsigned long long)h);
	return buf_detach(&b);
}

struct same_place {
	const char *rule, *pointer;
	size_t index;
};

static int by_rule_pointer_index(const void *a, const void *b)
{
	const struct same_place *x = a, *y = b;
	int c = strcmp(x->rule, y->rule);
	if (!c)
		c = strcmp(x->pointer, y->pointer);
	return c ? c : x->index < y->index ? -1 : x->index > y->index;
}

/* For each finding, how many earlier findings share its rule and pointer. */
static size_t *occurrences(const struct diag_list *l)
{
	struct same_place *places = xcalloc(l->len + 1, sizeof *places);
	size_t *nth = xcalloc(l->len + 1, sizeof *nth);
	for (size_t i = 0; i < l->len; i++)
		places[i] = (struct same_place){ l->items[i].rule->id,
						 l->items[i].pointer ? l->items[i].pointer : "", i };
	qsort(places, l->len, sizeof *places, by_rule_pointer_index);
	for (size_t i = 1; i < l->len; i++)
		if (!strcmp(places[i].rule, places[i - 1].rule) &&
		    !strcmp(places[i].pointer, places[i - 1].pointer))
			nth[places[i].index] = nth[places[i - 1].index] + 1;
	free(places);
	return nth;
}

static size_t rule_index(const struct rule *rule)
{
	const struct rule *const *rules;
	size_t n = catalog_sorted(&rules);
	for (size_t i = 0; i < n; i++)
		if (rules[i] == rule)
			return i;
	return 0;
}

static const char *sarif_level(enum severity s)
{
	return s == SEV_ERROR ? "error" : s == SEV_WARNING ? "warning" : "note";
}

static void sarif_result(struct reporter *r, const struct document *doc, const struct diag *d,
			 size_t occurrence)
{
	json_object *res = json_object_new_object();
	json_add(res, "ruleId", json_object_new_string(d->rule->id));
	json_add(res, "ruleIndex", json_object_new_int64((int64_t)rule_index(d->rule)));
	json_add(res, "level", json_object_new_string(sarif_level(d->severity)));
	json_object *msg = json_object_new_object();
	json_add(msg, "text", json_object_new_string(d->message));
	json_add(res, "message", msg);

	struct buf uri = BUF_INIT;
	bool absolute = doc->path[0] == '/';
	const char *path = doc->path;
	char cwd[4096];
	if (absolute && getcwd(cwd, sizeof cwd)) {
		size_t n = strlen(cwd);
		if (strncmp(path, cwd, n) == 0 && path[n] == '/')
			path += n + 1, absolute = false;
	}
	if (absolute)
		buf_adds(&uri, "file://");
	uri_path(&uri, path[0] == '.' && path[1] == '/' ? path + 2 : path);
	json_object *artifact = json_object_new_object();
	json_add(artifact, "uri", json_object_new_string(uri.data ? uri.data : ""));
	if (!absolute)
		json_add(artifact, "uriBaseId", json_object_new_string("%SRCROOT%"));
	buf_free(&uri);
	json_object *phys = json_object_new_object();
	json_add(phys, "artifactLocation", artifact);
	if (d->line) {
		json_object *region = json_object_new_object();
		json_add(region, "startLine", json_object_new_int64((int64_t)d->line));
		json_add(region, "startColumn", json_object_new_int64((int64_t)d->col));
		if (d->end_line) {
			json_add(region, "endLine", json_object_new_int64((int64_t)d->end_line));
			json_add(region, "endColumn", json_object_new_int64((int64_t)d->end_col));
		}
		json_add(phys, "region", region);
	}
	json_object *loc = json_object_new_object();
	json_add(loc, "physicalLocation", phys);
	if (d->pointer) {
		json_object *logical = json_object_new_object();
		json_add(logical, "fullyQualifiedName", json_object_new_string(d->pointer));
		json_add(logical, "kind", json_object_new_string("member"));
		json_object *logicals = json_object_new_array();
		json_object_array_add(logicals, logical);
		json_add(loc, "logicalLocations", logicals);
	}
	json_object *locs = json_object_new_array();
	json_object_array_add(locs, loc);
	json_add(res, "locations", locs);
	json_object *fp = json_object_new_object();
	char *f = fingerprint(doc, d, occurrence);
	json_add(fp, "jgflint/v2", json_object_new_string(f));
	free(f);
	json_add(res, "partialFingerprints", fp);
	json_object_array_add(r->results, res);
}

static void count_rule(struct reporter *r, const struct rule *rule)
{
	for (size_t i = 0; i < r->nstats; i++) {
		if (r->stats[i].rule == rule) {
			r->stats[i].count++;
			return;
		}
	}
	r->stats = xgrow(r->stats, &r->stats_cap, r->nstats + 1, sizeof *r->stats);
	r->stats[r->nstats++] = (struct rule_count){ rule, 1 };
}

void reporter_document(struct reporter *r, const struct document *doc)
{
	bool statistics = r->opts.statistics && r->format != FORMAT_SARIF &&
			  r->format != FORMAT_GITHUB;
	size_t *nth = r->format == FORMAT_SARIF ? occurrences(&doc->diags) : NULL;
	for (size_t i = 0; i < doc->diags.len; i++) {
		const struct diag *d = &doc->diags.items[i];
		if (r->opts.quiet && d->severity != SEV_ERROR)
			continue;
		if (statistics) {
			count_rule(r, d->rule);
			continue;
		}
		switch (r->format) {
		case FORMAT_TEXT:
			head_line(r, doc, d);
			source_lines(r, doc, d);
			break;
		case FORMAT_CONCISE:
			head_line(r, doc, d);
			break;
		case FORMAT_GITHUB:
			github_line(r, doc, d);
			break;
		case FORMAT_JSON:
			json_diag(r, doc, d);
			break;
		case FORMAT_SARIF:
			sarif_result(r, doc, d, nth[i]);
			break;
		}
	}
	free(nth);
}

static int by_count(const void *a, const void *b)
{
	const struct rule_count *x = a, *y = b;
	if (x->count != y->count)
		return x->count > y->count ? -1 : 1;
	return strcmp(x->rule->id, y->rule->id);
}

static json_object *sarif_rules(void)
{
	const struct rule *const *rules;
	size_t n = catalog_sorted(&rules);
	json_object *arr = json_object_new_array();
	for (size_t i = 0; i < n; i++) {
		const struct rule *rule = rules[i];
		json_object *o = json_object_new_object(), *t;
		json_add(o, "id", json_object_new_string(rule->id));
		json_add(o, "name", json_object_new_string(rule->id));
		t = json_object_new_object();
		json_add(t, "text", json_object_new_string(rule->summary));
		json_add(o, "shortDescription", t);
		t = json_object_new_object();
		json_add(t, "text", json_object_new_string(rule->explanation));
		json_add(o, "fullDescription", t);
		t = json_object_new_object();
		struct buf help = BUF_INIT;
		buf_printf(&help, "%s\n\n%s\nRun `jgflint --explain %s` for this text.", rule->summary,
			   rule->explanation, rule->id);
		json_add(t, "text", json_object_new_string(help.data));
		buf_free(&help);
		json_add(o, "help", t);
		t = json_object_new_object();
		json_add(t, "level", json_object_new_string(sarif_level(rule->severity)));
		json_add(o, "defaultConfiguration", t);
		t = json_object_new_object();
		json_add(t, "category", json_object_new_string(rule->category));
		json_add(o, "properties", t);
		json_object_array_add(arr, o);
	}
	return arr;
}

static json_object *sarif_document(json_object *results)
{
	json_object *driver = json_object_new_object();
	json_add(driver, "name", json_object_new_string("jgflint"));
	json_add(driver, "version", json_object_new_string(PACKAGE_VERSION));
	json_add(driver, "semanticVersion", json_object_new_string(PACKAGE_VERSION));
	json_add(driver, "rules", sarif_rules());
	json_object *tool = json_object_new_object();
	json_add(tool, "driver", driver);
	json_object *run = json_object_new_object();
	json_add(run, "tool", tool);
	char cwd[4096];
	if (getcwd(cwd, sizeof cwd)) {
		struct buf uri = BUF_INIT;
		buf_adds(&uri, "file://");
		uri_path(&uri, cwd);
		buf_addc(&uri, '/');
		json_object *base = json_object_new_object(), *root = json_object_new_object();
		json_add(root, "uri", json_object_new_string(uri.data));
		json_add(base, "%SRCROOT%", root);
		json_add(run, "originalUriBaseIds", base);
		buf_free(&uri);
	}
	json_add(run, "columnKind", json_object_new_string("unicodeCodePoints"));
	json_add(run, "results", results);
	json_object *runs = json_object_new_array();
	json_object_array_add(runs, run);
	json_object *doc = json_object_new_object();
	json_add(doc, "$schema", json_object_new_string(
		"https://json.schemastore.org/sarif-2.1.0.json"));
	json_add(doc, "version", json_object_new_string("2.1.0"));
	json_add(doc, "runs", runs);
	return doc;
}

static void write_json(FILE *out, json_object *doc)
{
	fputs(json_object_to_json_string_ext(doc, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
						  JSON_C_TO_STRING_NOSLASHESCAPE), out);
	putc('\n', out);
}

void reporter_finish(struct reporter *r, const struct summary *sum)
{
	if (r->nstats)
		qsort(r->stats, r->nstats, sizeof *r->stats, by_count);
	if (r->format == FORMAT_JSON) {
		json_object *doc = json_object_new_object(), *s = json_object_new_object();
		if (r->opts.statistics) {
			json_object *stats = json_object_new_array();
			for (size_t i = 0; i < r->nstats; i++) {
				json_object *o = json_object_new_object();
				json_add(o, "rule", json_object_new_string(r->stats[i].rule->id));
				json_add(o, "severity", json_object_new_string(
					severity_name(r->stats[i].rule->severity)));
				json_add(o, "count", json_object_new_int64((int64_t)r->stats[i].count));
				json_object_array_add(stats, o);
			}
			json_add(doc, "statistics", stats);
			json_object_put(r->results);
		} else {
			json_add(doc, "diagnostics", r->results);
		}
		json_add(s, "files", json_object_new_int64((int64_t)sum->files));
		json_add(s, "errors", json_object_new_int64((int64_t)sum->counts[SEV_ERROR]));
		json_add(s, "warnings", json_object_new_int64((int64_t)sum->counts[SEV_WARNING]));
		json_add(s, "infos", json_object_new_int64((int64_t)sum->counts[SEV_INFO]));
		json_add(s, "fixed", json_object_new_int64((int64_t)sum->fixes));
		json_add(doc, "summary", s);
		write_json(r->out, doc);
		json_object_put(doc);
	} else if (r->format == FORMAT_SARIF) {
		json_object *doc = sarif_document(r->results);
		write_json(r->out, doc);
		json_object_put(doc);
	} else if (r->opts.statistics && r->format != FORMAT_GITHUB) {
		for (size_t i = 0; i < r->nstats; i++)
			fprintf(r->out, "%6zu  %-24s %-8s %s\n", r->stats[i].count, r->stats[i].rule->id,
				severity_name(r->stats[i].rule->severity), r->stats[i].rule->summary);
	}
	free(r->stats);
	free(r);
}

/* The line source_lines quotes for d, as [*start, *end), found without
 * reading more than SNIPPET_MAX + 1 bytes either way; false when there is
 * none to quote (no position, or a line too long). */
static bool quoted_line(const struct document *doc, const struct diag *d, size_t *start,
			size_t *end)
{
	if (!d->line || !d->has_offset || !doc->text)
		return false;
	size_t s = d->offset > doc->len ? doc->len : d->offset, e = s;
	if (s < doc->body)
		s = e = doc->body;
	while (s > doc->body && doc->text[s - 1] != '\n' && doc->text[s - 1] != '\r' &&
	       e - s <= SNIPPET_MAX)
		s--;
	while (e < doc->len && doc->text[e] != '\n' && doc->text[e] != '\r' && e - s <= SNIPPET_MAX)
		e++;
	*start = s;
	*end = e;
	return e - s <= SNIPPET_MAX;
}

void report_view(struct document *doc)
{
	json_put_deep(doc->root, doc->depth);
	doc->root = NULL;
	locator_free(doc->loc);
	doc->loc = NULL;
	struct buf view = BUF_INIT;
	bool any = false;
	size_t line_start = 0, at = 0;   /* the previous quoted line, in doc and in view */
	for (size_t i = 0; i < doc->diags.len; i++) {
		struct diag *d = &doc->diags.items[i];
		size_t start, end;
		if (!quoted_line(doc, d, &start, &end)) {
			d->has_offset = false;   /* nothing to quote: source_lines skips it */
			continue;
		}
		size_t offset = d->offset > doc->len ? doc->len : d->offset;
		if (offset < doc->body)
			offset = doc->body;
		if (!any || start != line_start) {
			/* Lines are separated by a newline, where source_lines stops. */
			if (any)
				buf_addc(&view, '\n');
			at = view.len;
			buf_add(&view, doc->text + start, end - start);
			any = true;
			line_start = start;
		}
		d->offset = at + (offset - start);
	}
	free(doc->text);
	doc->len = view.len;
	doc->text = any ? buf_detach(&view) : NULL;
	doc->body = 0;
}
