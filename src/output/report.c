/* report: output formats over the same located, sorted diagnostics.
 *
 * Line formats (text, concise, github) are written as each document comes;
 * document formats (json, sarif) are built with json-c and written at the
 * end, except their findings: each is serialized as it comes into a spool
 * file and spliced into the document at the end, so that a million
 * findings never live as json-c objects at once (9.6 GB for SARIF). Text from the input (keys in messages, paths) may hold control
 * characters: line formats escape them so that a finding stays one line. */
#include "output/report.h"

#include <json-c/json.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/buf.h"
#include "core/catalog.h"
#include "lint/edit.h"
#include "core/fix.h"
#include "base/jstring.h"
#include "base/pointer.h"
#include "core/record.h"

struct rule_count {
	const struct rule *rule;
	size_t count;
};

struct reporter {
	enum format format;
	FILE *out;
	struct report_options opts;
	json_object *results;     /* json: diagnostics; sarif: results (when not spooled) */
	FILE *spool;              /* the same, serialized; NULL when tmpfile failed */
	size_t nspooled;
	struct rule_count *stats; /* --statistics */
	size_t nstats, stats_cap;
};

static const char *const format_names[] = { "text", "concise", "json", "sarif", "github", "gitlab" };

const char *format_name(enum format f)
{
	return format_names[f];
}

bool format_from_name(const char *name, enum format *out)
{
	for (size_t i = 0; i < sizeof format_names / sizeof *format_names; i++) {
		if (strcmp(name, format_names[i]) == 0) {
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
	if (format == FORMAT_JSON || format == FORMAT_SARIF || format == FORMAT_GITLAB) {
		r->results = json_object_new_array();
		r->spool = tmpfile();
		if (!r->results)
			die_oom();
	}
	return r;
}

#define JSON_FLAGS (JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE)

/* Nesting level of the results array: json {"diagnostics": [ ... ]}, sarif
 * {"runs": [{"results": [ ... ]}]}, gitlab [ ... ]. */
static int results_level(const struct reporter *r)
{
	return r->format == FORMAT_SARIF ? 3 : r->format == FORMAT_GITLAB ? 0 : 1;
}

static void indent(FILE *out, int level)
{
	for (int i = 0; i < level; i++)
		fputs("  ", out);
}

/* JSON text as json_escape_invisible writes it. */
static void write_escaped(FILE *out, const char *t, size_t len)
{
	struct buf b = BUF_INIT;
	json_escape_invisible(&b, t, len);
	if (b.len)
		fwrite(b.data, 1, b.len, out);
	buf_free(&b);
}

/* One finding of a document format: written to the spool exactly as json-c
 * would print it as an element of the results array (strings never hold a
 * raw line break, so each line is indented as a whole). */
static void add_result(struct reporter *r, json_object *o)
{
	if (!o)
		die_oom();
	if (!r->spool) {
		json_object_array_add(r->results, o);
		return;
	}
	const char *text = json_object_to_json_string_ext(o, JSON_FLAGS);
	if (!text)
		die_oom();
	if (r->nspooled++)
		fputs(",\n", r->spool);
	for (const char *line = text; *line;) {
		const char *nl = strchr(line, '\n');
		size_t len = nl ? (size_t)(nl - line + 1) : strlen(line);
		indent(r->spool, results_level(r) + 1);
		write_escaped(r->spool, line, len);
		line += len;
	}
	json_object_put(o);
}

/* Writes doc, whose results array is the placeholder string, with the
 * spooled results in its place. */
static void write_spliced(struct reporter *r, json_object *doc)
{
	const char *text = json_object_to_json_string_ext(doc, JSON_FLAGS);
	const char *at = text ? strstr(text, "\"\\u0001results\"") : NULL;
	if (!at)
		die_oom();
	write_escaped(r->out, text, (size_t)(at - text));
	fputs("[\n", r->out);
	rewind(r->spool);
	char chunk[65536];
	for (size_t n; (n = fread(chunk, 1, sizeof chunk, r->spool));)
		fwrite(chunk, 1, n, r->out);
	if (r->nspooled)
		putc('\n', r->out);
	indent(r->out, results_level(r));
	putc(']', r->out);
	at += strlen("\"\\u0001results\"");
	write_escaped(r->out, at, strlen(at));
	putc('\n', r->out);
}

/* The results for a document: the real array, or the placeholder that
 * write_spliced replaces. */
static json_object *results_for(struct reporter *r)
{
	if (!r->spool)
		return r->results;
	json_object_put(r->results);
	r->results = NULL;
	return json_object_new_string("\001results");
}

/* The escape of the character of n bytes at s (code point cp) as a line
 * format shows it, or NULL to show it as it is: \n, \r and \t, \uXXXX for
 * the other invisible characters, \xNN for a byte that is not UTF-8 (a
 * lone C1 byte acts on some terminals). */
static const char *shown_escape(char esc[13], const char *s, size_t n, uint32_t cp)
{
	if (cp == '\n' || cp == '\r' || cp == '\t')
		snprintf(esc, 13, "\\%c", cp == '\n' ? 'n' : cp == '\r' ? 'r' : 't');
	else if (char_invisible(cp))
		char_escape(esc, cp);
	else if (cp == 0xFFFD && n == 1)
		snprintf(esc, 13, "\\x%02X", (unsigned char)*s);
	else
		return NULL;
	return esc;
}

static void put_escaped(FILE *out, const char *s)
{
	for (size_t len = strlen(s); *s;) {
		uint32_t cp;
		char esc[13];
		size_t n = utf8_next(s, len, &cp);
		if (shown_escape(esc, s, n, cp))
			fputs(esc, out);
		else
			fwrite(s, 1, n, out);
		s += n, len -= n;
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

/* Whether --fix (with --unsafe-fixes when given) would repair d. */
static bool fixable(const struct reporter *r, const struct diag *d)
{
	return d->fix && (d->fix->safety != FIX_UNSAFE || r->opts.unsafe);
}

static void head_line(const struct reporter *r, const struct document *doc, const struct diag *d)
{
	fputs(paint(r, BOLD), r->out);
	struct buf path = BUF_INIT;
	utf8_escape_invalid(&path, doc->path);
	put_escaped(r->out, path.data);
	buf_free(&path);
	if (d->line)
		fprintf(r->out, ":%lu:%lu", d->line, d->col);
	fprintf(r->out, ":%s %s%s%s: %s%s", paint(r, RESET), paint(r, severity_color(d->severity)),
		severity_name(d->severity), paint(r, RESET), fixable(r, d) ? "[*] " : "",
		paint(r, BOLD));
	put_escaped(r->out, d->message);
	fprintf(r->out, "%s [%s]\n", paint(r, RESET), d->rule->id);
}

/* The value pointer names in root, or NULL. */
static json_object *resolve(json_object *root, const char *pointer)
{
	struct buf tok = BUF_INIT;
	json_object *v = root;
	while (v && pointer_next(&pointer, &tok)) {
		if (json_object_is_type(v, json_type_object)) {
			v = member(v, tok.data ? tok.data : "");
		} else if (json_object_is_type(v, json_type_array)) {
			char *end;
			unsigned long i = strtoul(tok.data ? tok.data : "", &end, 10);
			v = tok.len && !*end && i < json_object_array_length(v) ?
			    json_object_array_get_idx(v, i) : NULL;
		} else {
			v = NULL;
		}
	}
	buf_free(&tok);
	return v;
}

/* For a finding about a point ({x, y} on the board), the point as players
 * read it: columns A to T without I, rows counted from the bottom, so
 * (3, 3) on 19×19 is D16. Writes nothing for other findings, boards wider
 * than 25, or points off the board. */
static void point_name(struct buf *out, const struct document *doc, const struct record_info *rec,
		       const struct diag *d)
{
	static const char letters[] = "ABCDEFGHJKLMNOPQRSTUVWXYZ";
	json_object *p = doc->parsed && d->pointer ? resolve(doc->root, d->pointer) : NULL;
	long long x, y;
	if (!json_object_is_type(p, json_type_object) || !get_int(member(p, "x"), &x) ||
	    !get_int(member(p, "y"), &y))
		return;
	if (rec->dialect != DIALECT_JGF || rec->width < 1 || rec->width > 25 || rec->height < 1 ||
	    x < 0 || y < 0 || x >= rec->width || y >= rec->height)
		return;
	buf_printf(out, ", (%lld, %lld) is %c%lld", x, y, letters[x], rec->height - y);
}

/* Columns the character of n bytes at s takes in a source line as shown
 * (tabs are echoed, and count 1 here). */
static size_t shown_width(const char *s, size_t n, uint32_t cp)
{
	char esc[13];
	return cp == '\t' ? 1 : shown_escape(esc, s, n, cp) ? strlen(esc) : (size_t)char_width(cp);
}

/* Moves from byte at over up to n characters, backward or forward, within
 * [lo, hi). */
static size_t step_chars(const char *t, size_t at, size_t lo, size_t hi, size_t n, bool back)
{
	while (n-- > 0) {
		if (back ? at <= lo : at >= hi)
			break;
		if (back)
			while (--at > lo && ((unsigned char)t[at] & 0xC0) == 0x80)
				;
		else
			while (++at < hi && ((unsigned char)t[at] & 0xC0) == 0x80)
				;
	}
	return at;
}

/* The source line of d, and a caret (with ~ to the end of the value when it
 * ends on the same line) under its column, counted in display columns (a
 * CJK character takes two). Characters that could act on the terminal are
 * shown escaped; a long (minified) line is shown as a window around the
 * column. */
/* The part of d's line that is quoted: [*from, *to) around *at, cut to a
 * window on a long line. False when there is nothing to quote. */
static bool quoted_window(const struct document *doc, const struct diag *d, size_t *from,
			  size_t *to, size_t *at_out, bool *cut_left, bool *cut_right)
{
	if (!d->line || !d->has_offset || !doc->text)
		return false;
	if (d->in_view) {
		*from = d->view_from, *to = d->view_to, *at_out = d->offset;
		*cut_left = d->view_cut_left, *cut_right = d->view_cut_right;
		return true;
	}
	if (!doc->loc)
		return false;
	/* The line's bounds from the line table, not by scanning: many findings
	 * on one long line would make that quadratic. */
	const char *t = doc->text;
	size_t at = d->offset > doc->len ? doc->len : d->offset;
	if (at < doc->body)   /* a byte order mark is not shown */
		at = doc->body;
	size_t start, end;
	locator_line_bounds(doc->loc, d->line, &start, &end);
	if (start < doc->body)
		start = doc->body;
	if (at < start)
		at = start;
	if (at > end)
		at = end;
	*from = start, *to = end;
	if (step_chars(t, start, start, end, 160, false) < end) {   /* long: a window */
		*from = step_chars(t, at, start, end, 60, true);
		*to = step_chars(t, at, start, end, 90, false);
	}
	*cut_left = *from > start, *cut_right = *to < end;
	*at_out = at;
	return true;
}

static void source_lines(const struct reporter *r, const struct document *doc,
			 const struct record_info *rec, const struct diag *d)
{
	size_t from, to, at;
	bool cut_left, cut_right;
	if (!quoted_window(doc, d, &from, &to, &at, &cut_left, &cut_right))
		return;
	const char *t = doc->text;
	char num[24];
	int width = snprintf(num, sizeof num, "%lu", d->line);
	fprintf(r->out, "%s%*s |%s %s", paint(r, BLUE), width, num, paint(r, RESET),
		cut_left ? "…" : "");
	for (size_t i = from; i < to;) {
		uint32_t cp;
		size_t n = utf8_next(t + i, to - i, &cp);
		char esc[13];
		if (cp == '\t')
			putc('\t', r->out);
		else if (shown_escape(esc, t + i, n, cp))
			fputs(esc, r->out);
		else
			fwrite(t + i, 1, n, r->out);
		i += n;
	}
	fprintf(r->out, "%s\n%s%*s |%s %s", cut_right ? "…" : "", paint(r, BLUE), width, "",
		paint(r, RESET), cut_left ? " " : "");
	/* Pad with the line's own tabs so the caret lines up. */
	for (size_t i = from; i < at;) {
		uint32_t cp;
		size_t n = utf8_next(t + i, at - i, &cp);
		if (cp == '\t')
			putc('\t', r->out);
		else
			fprintf(r->out, "%*s", (int)shown_width(t + i, n, cp), "");
		i += n;
	}
	fprintf(r->out, "%s^", paint(r, severity_color(d->severity)));
	if (d->end_line == d->line && d->end_col > d->col + 1) {
		size_t cols = 0, i = at;
		for (unsigned long c = d->col; c < d->end_col && i < to; c++) {
			uint32_t cp;
			size_t n = utf8_next(t + i, to - i, &cp);
			cols += shown_width(t + i, n, cp);
			i += n;
		}
		for (size_t k = 1; k < cols; k++)
			putc('~', r->out);
	}
	fprintf(r->out, "%s\n", paint(r, RESET));
	if (d->pointer && d->pointer[0]) {
		struct buf point = BUF_INIT;
		if (!d->in_view && rec)
			point_name(&point, doc, rec, d);
		fprintf(r->out, "%s%*s =%s at ", paint(r, BLUE), width, "", paint(r, RESET));
		put_escaped(r->out, d->pointer);
		const char *name = d->in_view ? d->point : point.data;
		fprintf(r->out, "%s\n", name ? name : "");
		buf_free(&point);
	}
}

/* GitHub workflow commands: data escapes %, CR, LF; property values also : and ,.
 * Before that, invisible characters and bytes that are not UTF-8 are
 * escaped as in the other line formats: the log shows what the file holds. */
static void put_github(FILE *out, const char *text, bool property)
{
	struct buf shown = BUF_INIT, valid = BUF_INIT;
	utf8_escape_invalid(&valid, text);
	escape_invisible(&shown, valid.data, valid.len);
	buf_free(&valid);
	for (const char *s = shown.data ? shown.data : ""; *s; s++) {
		switch (*s) {
		case '%': fputs("%25", out); break;
		case '\r': fputs("%0D", out); break;
		case '\n': fputs("%0A", out); break;
		case ':': fputs(property ? "%3A" : ":", out); break;
		case ',': fputs(property ? "%2C" : ",", out); break;
		default: putc(*s, out);
		}
	}
	buf_free(&shown);
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

/* v may be NULL (a JSON null); a NULL object means json-c's malloc failed. */
static void json_add(json_object *o, const char *key, json_object *v)
{
	if (!o || json_object_object_add(o, key, v) != 0)
		die_oom();
}

/* The fix itself: each edit's span (line and column as in findings; the
 * end is just past the span) and its new text. */
static json_object *json_edits(const struct document *doc, const struct diag *d)
{
	size_t n;
	struct fix_edit *e = fix_edits(doc, (size_t)(d - doc->diags.items), &n);
	json_object *arr = json_object_new_array();
	for (size_t i = 0; i < n && doc->loc; i++) {
		unsigned long l1, c1, l2, c2;
		locator_linecol(doc->loc, e[i].start, &l1, &c1);
		locator_linecol(doc->loc, e[i].end, &l2, &c2);
		json_object *o = json_object_new_object();
		json_add(o, "line", json_object_new_int64((int64_t)l1));
		json_add(o, "column", json_object_new_int64((int64_t)c1));
		json_add(o, "endLine", json_object_new_int64((int64_t)l2));
		json_add(o, "endColumn", json_object_new_int64((int64_t)c2));
		json_add(o, "byteOffset", json_object_new_int64((int64_t)e[i].start));
		json_add(o, "byteLength", json_object_new_int64((int64_t)(e[i].end - e[i].start)));
		json_add(o, "content", json_object_new_string(e[i].text));
		json_object_array_add(arr, o);
	}
	fix_edits_free(e, n);
	return arr;
}

static void json_diag(struct reporter *r, const struct document *doc, const struct diag *d)
{
	json_object *o = json_object_new_object();
	struct buf path = BUF_INIT;
	utf8_escape_invalid(&path, doc->path);
	json_add(o, "path", json_object_new_string(path.data));
	buf_free(&path);
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
	json_add(o, "edits", d->fix ? json_edits(doc, d) : NULL);
	add_result(r, o);
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

/* A path as code scanning and code quality reports want it: relative to the
 * working directory (the project root in CI) when below it, without ./. */
static const char *project_path(const char *path)
{
	char cwd[4096];
	if (path[0] == '/' && getcwd(cwd, sizeof cwd)) {
		size_t n = strlen(cwd);
		if (strncmp(path, cwd, n) == 0 && path[n] == '/')
			path += n + 1;
	}
	while (path[0] == '.' && path[1] == '/')
		path += 2;
	return path;
}

/* A stable identity for a finding that survives edits elsewhere in the
 * file and rewordings of messages (which may quote positions): rule, file
 * (as reports name it, however the command line spelt it: a.jgf, ./a.jgf
 * or $PWD/a.jgf), pointer, and which of the findings with that rule and
 * pointer it is. */
static char *fingerprint(const struct document *doc, const struct diag *d, size_t occurrence)
{
	uint64_t h = 14695981039346656037u;
	char nth[24];
	snprintf(nth, sizeof nth, "%zu", occurrence);
	const char *parts[] = { d->rule->id, project_path(doc->path), d->pointer ? d->pointer : "", nth };
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

/* GitLab Code Quality: description, check_name, fingerprint, severity
 * (info, minor, major, critical or blocker) and location.path/lines.begin. */
static void gitlab_issue(struct reporter *r, const struct document *doc, const struct diag *d,
			 size_t occurrence)
{
	static const char *const severities[] = { "info", "minor", "major" };
	json_object *o = json_object_new_object(), *loc = json_object_new_object();
	json_object *lines = json_object_new_object();
	json_add(o, "description", json_object_new_string(d->message));
	json_add(o, "check_name", json_object_new_string(d->rule->id));
	char *f = fingerprint(doc, d, occurrence);
	json_add(o, "fingerprint", json_object_new_string(f));
	free(f);
	json_add(o, "severity", json_object_new_string(severities[d->severity]));
	struct buf path = BUF_INIT;   /* valid UTF-8, as the json format writes names */
	utf8_escape_invalid(&path, project_path(doc->path));
	json_add(loc, "path", json_object_new_string(path.data));
	buf_free(&path);
	json_add(lines, "begin", json_object_new_int64(d->line ? (int64_t)d->line : 1));
	json_add(loc, "lines", lines);
	json_add(o, "location", loc);
	add_result(r, o);
}

/* Standard base64 of n bytes (RFC 4648), for SARIF's artifactContent.binary. */
static void base64(struct buf *out, const unsigned char *p, size_t n)
{
	static const char digits[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	for (size_t i = 0; i < n; i += 3) {
		unsigned long v = (unsigned long)p[i] << 16;
		if (i + 1 < n)
			v |= (unsigned long)p[i + 1] << 8;
		if (i + 2 < n)
			v |= p[i + 2];
		buf_addc(out, digits[v >> 18 & 63]);
		buf_addc(out, digits[v >> 12 & 63]);
		buf_addc(out, i + 1 < n ? digits[v >> 6 & 63] : '=');
		buf_addc(out, i + 2 < n ? digits[v & 63] : '=');
	}
}

/* One SARIF replacement. SARIF 2.1.0 (3.57) wants a text region for a text
 * file, and the inserted content of a binary region as `binary`: so an edit
 * of the text is a line/column region (columns in code points, as
 * columnKind says, not counting a byte order mark), and only an edit of
 * the byte order mark itself, which no text region can name, is a byte
 * region. */
static json_object *sarif_replacement(const struct document *doc, const struct fix_edit *e)
{
	json_object *rep = json_object_new_object(), *region = json_object_new_object();
	json_object *content = NULL;
	if (e->start < doc->body) {
		json_add(region, "byteOffset", json_object_new_int64((int64_t)e->start));
		json_add(region, "byteLength", json_object_new_int64((int64_t)(e->end - e->start)));
		if (e->text[0]) {
			struct buf b = BUF_INIT;
			base64(&b, (const unsigned char *)e->text, strlen(e->text));
			content = json_object_new_object();
			json_add(content, "binary", json_object_new_string(b.data));
			buf_free(&b);
		}
	} else {
		unsigned long l1, c1, l2, c2;
		locator_linecol(doc->loc, e->start, &l1, &c1);
		locator_linecol(doc->loc, e->end, &l2, &c2);
		json_add(region, "startLine", json_object_new_int64((int64_t)l1));
		json_add(region, "startColumn", json_object_new_int64((int64_t)c1));
		json_add(region, "endLine", json_object_new_int64((int64_t)l2));
		json_add(region, "endColumn", json_object_new_int64((int64_t)c2));
		content = json_object_new_object();
		json_add(content, "text", json_object_new_string(e->text));
	}
	json_add(rep, "deletedRegion", region);
	if (content)
		json_add(rep, "insertedContent", content);
	return rep;
}

/* SARIF fixes: the edits as replacements in the artifact. */
static void sarif_fix(json_object *res, const struct document *doc, const struct diag *d,
		      json_object *artifact)
{
	size_t n;
	struct fix_edit *e = fix_edits(doc, (size_t)(d - doc->diags.items), &n);
	if (n && doc->loc) {
		json_object *reps = json_object_new_array();
		for (size_t i = 0; i < n; i++)
			json_object_array_add(reps, sarif_replacement(doc, &e[i]));
		json_object *change = json_object_new_object(), *loc = NULL;
		json_object_deep_copy(artifact, &loc, NULL);
		json_add(change, "artifactLocation", loc);
		json_add(change, "replacements", reps);
		json_object *changes = json_object_new_array();
		json_object_array_add(changes, change);
		json_object *fix = json_object_new_object(), *desc = json_object_new_object();
		json_add(desc, "text", json_object_new_string(d->fix->safety == FIX_UNSAFE ?
			 "jgflint --fix --unsafe-fixes (an unsafe fix: it moves data)" : "jgflint --fix"));
		json_add(fix, "description", desc);
		json_add(fix, "artifactChanges", changes);
		json_object *fixes = json_object_new_array();
		json_object_array_add(fixes, fix);
		json_add(res, "fixes", fixes);
	}
	fix_edits_free(e, n);
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
	const char *path = project_path(doc->path);
	bool absolute = path[0] == '/';
	if (absolute)
		buf_adds(&uri, "file://");
	uri_path(&uri, path);
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
	if (d->fix)
		sarif_fix(res, doc, d, artifact);
	json_object *fp = json_object_new_object();
	char *f = fingerprint(doc, d, occurrence);
	json_add(fp, "jgflint/v2", json_object_new_string(f));
	free(f);
	json_add(res, "partialFingerprints", fp);
	add_result(r, res);
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
			  r->format != FORMAT_GITHUB && r->format != FORMAT_GITLAB;
	size_t *nth = r->format == FORMAT_SARIF || r->format == FORMAT_GITLAB ?
		      occurrences(&doc->diags) : NULL;
	struct record_info rec, *classified = NULL;
	if (r->format == FORMAT_TEXT && doc->root) {
		record_classify(doc->root, &rec);
		classified = &rec;
	}
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
			source_lines(r, doc, classified, d);
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
		case FORMAT_GITLAB:
			gitlab_issue(r, doc, d, nth[i]);
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
		struct buf url = BUF_INIT;
		catalog_doc_url(rule, &url);
		json_add(o, "helpUri", json_object_new_string(url.data));
		buf_free(&url);
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

static json_object *sarif_document(json_object *results, const struct summary *sum)
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
	/* Lines (of regions, and of the replacements of fixes) end as the
	 * locator ends them: a lone CR too, which SARIF's default omits. */
	json_object *newlines = json_object_new_array();
	json_object_array_add(newlines, json_object_new_string("\r\n"));
	json_object_array_add(newlines, json_object_new_string("\n"));
	json_object_array_add(newlines, json_object_new_string("\r"));
	json_add(run, "newlineSequences", newlines);
	json_object *inv = json_object_new_object(), *invs = json_object_new_array();
	json_add(inv, "executionSuccessful", json_object_new_boolean(sum->status != 2));
	json_add(inv, "exitCode", json_object_new_int(sum->status));
	json_object_array_add(invs, inv);
	json_add(run, "invocations", invs);
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

static void write_json(struct reporter *r, json_object *doc)
{
	if (r->spool && !r->results) {
		write_spliced(r, doc);
		return;
	}
	const char *t = json_object_to_json_string_ext(doc, JSON_FLAGS);
	if (!t)
		die_oom();
	write_escaped(r->out, t, strlen(t));
	putc('\n', r->out);
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
			r->results = NULL;
			if (r->spool)
				fclose(r->spool);
			r->spool = NULL;
		} else {
			json_add(doc, "diagnostics", results_for(r));
		}
		json_add(s, "files", json_object_new_int64((int64_t)sum->files));
		json_add(s, "errors", json_object_new_int64((int64_t)sum->counts[SEV_ERROR]));
		json_add(s, "warnings", json_object_new_int64((int64_t)sum->counts[SEV_WARNING]));
		json_add(s, "infos", json_object_new_int64((int64_t)sum->counts[SEV_INFO]));
		json_add(s, "fixed", json_object_new_int64((int64_t)sum->fixes));
		json_add(s, "fixable", json_object_new_int64((int64_t)sum->fixable));
		json_add(s, "unsafeFixable", json_object_new_int64((int64_t)sum->unsafe_fixable));
		json_add(doc, "summary", s);
		write_json(r, doc);
		json_object_put(doc);
	} else if (r->format == FORMAT_SARIF) {
		json_object *doc = sarif_document(results_for(r), sum);
		write_json(r, doc);
		json_object_put(doc);
	} else if (r->format == FORMAT_GITLAB) {
		json_object *doc = results_for(r);
		write_json(r, doc);
		json_object_put(doc);
	} else if (r->opts.statistics && r->format != FORMAT_GITHUB) {
		for (size_t i = 0; i < r->nstats; i++)
			fprintf(r->out, "%6zu  %-24s %-8s %s\n", r->stats[i].count, r->stats[i].rule->id,
				severity_name(r->stats[i].rule->severity), r->stats[i].rule->summary);
	}
	if ((r->format == FORMAT_TEXT || r->format == FORMAT_CONCISE) && !r->opts.quiet &&
	    (sum->fixable || sum->unsafe_fixable)) {
		/* As ruff does: what `[*]` marks, counted. */
		if (sum->fixable)
			fprintf(r->out, "[*] %zu fixable with `--fix%s`", sum->fixable,
				r->opts.unsafe ? " --unsafe-fixes" : "");
		if (sum->unsafe_fixable)
			fprintf(r->out, "%s%zu %s with `--fix --unsafe-fixes`", sum->fixable ? ", " : "",
				sum->unsafe_fixable, sum->fixable ? "more" : "fixable");
		putc('\n', r->out);
	}
	if (r->spool)
		fclose(r->spool);
	free(r->stats);
	free(r);
}

bool report_needs_text(enum format format, const struct document *doc)
{
	if (format != FORMAT_JSON && format != FORMAT_SARIF)
		return false;   /* the text format keeps a view of its own */
	for (size_t i = 0; i < doc->diags.len; i++)
		if (doc->diags.items[i].fix)
			return true;   /* the edits of a fix are located in the text */
	return false;
}

void report_view(struct document *doc, bool keep_text, bool text_format)
{
	if (keep_text)
		return;
	struct buf view = BUF_INIT;
	if (text_format) {
		/* Each finding's quoted window and point name, from the text and
		 * DOM about to be freed; windows shared by findings in a row are
		 * copied once. */
		struct record_info rec;
		if (doc->root)
			record_classify(doc->root, &rec);
		size_t last_from = SIZE_MAX, last_to = 0, at_view = 0;
		for (size_t i = 0; i < doc->diags.len; i++) {
			struct diag *d = &doc->diags.items[i];
			struct buf point = BUF_INIT;
			if (doc->root && d->pointer && d->pointer[0])
				point_name(&point, doc, &rec, d);
			d->point = buf_detach(&point);
			size_t from, to, at;
			bool cut_left, cut_right;
			if (!quoted_window(doc, d, &from, &to, &at, &cut_left, &cut_right)) {
				d->has_offset = false;
				d->in_view = true;
				continue;
			}
			if (from != last_from || to != last_to) {
				at_view = view.len;
				buf_add(&view, doc->text + from, to - from);
				last_from = from, last_to = to;
			}
			d->in_view = true;
			d->view_from = at_view;
			d->view_to = at_view + (to - from);
			d->offset = at_view + (at - from);
			d->view_cut_left = cut_left, d->view_cut_right = cut_right;
		}
	}
	json_put_deep(doc->root, doc->depth);
	doc->root = NULL;
	locator_free(doc->loc);
	doc->loc = NULL;
	free(doc->text);
	doc->len = view.len;
	doc->text = view.len ? buf_detach(&view) : NULL;
	buf_free(&view);
	doc->body = 0;
}
