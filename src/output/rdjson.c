/* rdjson: the Reviewdog Diagnostic Format's DiagnosticResult, as
 * `reviewdog -f=rdjson` reads it: each finding with its message, location
 * (path and range; columns count UTF-8 bytes from the start of the line, as
 * the format says), severity (ERROR, WARNING, INFO), source, code (the rule
 * and its page) and, when --fix would repair it safely, its fix as
 * suggestions: the edits of one fix, each a range and its new text,
 * applied together. */
#include "output/format.h"

#include <stdint.h>
#include <string.h>

#include "base/dom.h"
#include "base/jstring.h"
#include "base/locate.h"
#include "core/catalog.h"
#include "core/fixop.h"
#include "lint/edit.h"

/* {"line": L, "column": C} of a byte offset: C in bytes from the line's start. */
static json_object *position_at(const struct document *doc, size_t offset)
{
	unsigned long line, col;
	size_t start, end;
	locator_linecol(doc->loc, offset, &line, &col);
	locator_line_bounds(doc->loc, line, &start, &end);   /* a byte order mark counts */
	json_object *p = dom_object();
	dom_add(p, "line", dom_int((int64_t)line));
	dom_add(p, "column", dom_int((int64_t)(offset - start + 1)));
	return p;
}

/* {"line": L, "column": C} of a line and a column in code points, when the
 * text is gone (a document format keeps it whenever it has findings). */
static json_object *position(unsigned long line, unsigned long col)
{
	json_object *p = dom_object();
	dom_add(p, "line", dom_int((int64_t)line));
	dom_add(p, "column", dom_int((int64_t)col));
	return p;
}

static json_object *range(json_object *start, json_object *end)
{
	json_object *r = dom_object();
	dom_add(r, "start", start);
	if (end)
		dom_add(r, "end", end);
	return r;
}

static json_object *suggestions(const struct document *doc, size_t i)
{
	size_t n;
	struct fix_edit *e = fix_edits(doc, i, &n);
	json_object *arr = dom_array();
	for (size_t k = 0; k < n; k++) {
		json_object *s = dom_object();
		dom_add(s, "range", range(position_at(doc, e[k].start),
						  position_at(doc, e[k].end)));
		dom_add(s, "text", dom_string(e[k].text));
		dom_push(arr, s);
	}
	fix_edits_free(e, n);
	return arr;
}

static json_object *source(void)
{
	json_object *s = dom_object();
	dom_add(s, "name", dom_string("jgflint"));
	return s;
}

static void finding(struct reporter *r, const struct document *doc, const struct doc_view *view,
		    size_t i, size_t nth)
{
	(void)view, (void)nth;
	static const char *const severities[] = { "INFO", "WARNING", "ERROR" };
	const struct diag *d = &doc->diags.items[i];
	json_object *o = dom_object(), *loc = dom_object();
	dom_add(o, "message", dom_string(d->message));
	struct buf path = BUF_INIT;   /* valid UTF-8, as the json format writes names */
	utf8_escape_invalid(&path, report_project_path(doc->path));
	dom_add(loc, "path", dom_string(path.data));
	buf_free(&path);
	bool bytes = doc->loc && d->has_offset;
	if (d->line && bytes)
		dom_add(loc, "range", range(position_at(doc, d->offset),
						    d->end_line ? position_at(doc, d->end_offset) : NULL));
	else if (d->line)
		dom_add(loc, "range", range(position(d->line, d->col), d->end_line ?
						    position(d->end_line, d->end_col) : NULL));
	dom_add(o, "location", loc);
	dom_add(o, "severity", dom_string(severities[d->severity]));
	dom_add(o, "source", source());
	json_object *code = dom_object();
	dom_add(code, "value", dom_string(d->rule->id));
	const char *url = report_web_doc_url(d->rule);
	if (url)
		dom_add(code, "url", dom_string(url));
	dom_add(o, "code", code);
	/* Suggestions a reviewer accepts one by one: safe fixes only. */
	if (d->fix && d->fix->safety != FIX_UNSAFE && doc->loc && doc->text)
		dom_add(o, "suggestions", suggestions(doc, i));
	report_add_result(r, o);
}

static json_object *wrap(struct reporter *r, json_object *results, const struct summary *sum)
{
	(void)r, (void)sum;
	json_object *doc = dom_object();
	dom_add(doc, "source", source());
	dom_add(doc, "diagnostics", results);
	return doc;
}

const struct format format_rdjson = {
	.name = "rdjson",
	.document = true,
	.results_level = 1,
	.finding = finding,
	.wrap = wrap,
	.byte_columns = true,
	.edits = true,
};
