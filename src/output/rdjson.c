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
	json_object *p = json_object_new_object();
	report_json_add(p, "line", json_object_new_int64((int64_t)line));
	report_json_add(p, "column", json_object_new_int64((int64_t)(offset - start + 1)));
	return p;
}

/* {"line": L, "column": C} of a line and a column in code points, when the
 * text is gone (a document format keeps it whenever it has findings). */
static json_object *position(unsigned long line, unsigned long col)
{
	json_object *p = json_object_new_object();
	report_json_add(p, "line", json_object_new_int64((int64_t)line));
	report_json_add(p, "column", json_object_new_int64((int64_t)col));
	return p;
}

static json_object *range(json_object *start, json_object *end)
{
	json_object *r = json_object_new_object();
	report_json_add(r, "start", start);
	if (end)
		report_json_add(r, "end", end);
	return r;
}

static json_object *suggestions(const struct document *doc, size_t i)
{
	size_t n;
	struct fix_edit *e = fix_edits(doc, i, &n);
	json_object *arr = json_object_new_array();
	for (size_t k = 0; k < n; k++) {
		json_object *s = json_object_new_object();
		report_json_add(s, "range", range(position_at(doc, e[k].start),
						  position_at(doc, e[k].end)));
		report_json_add(s, "text", json_object_new_string(e[k].text));
		json_object_array_add(arr, s);
	}
	fix_edits_free(e, n);
	return arr;
}

static json_object *source(void)
{
	json_object *s = json_object_new_object();
	report_json_add(s, "name", json_object_new_string("jgflint"));
	return s;
}

static void finding(struct reporter *r, const struct document *doc, const struct doc_view *view,
		    size_t i, size_t nth)
{
	(void)view, (void)nth;
	static const char *const severities[] = { "INFO", "WARNING", "ERROR" };
	const struct diag *d = &doc->diags.items[i];
	json_object *o = json_object_new_object(), *loc = json_object_new_object();
	report_json_add(o, "message", json_object_new_string(d->message));
	struct buf path = BUF_INIT;   /* valid UTF-8, as the json format writes names */
	utf8_escape_invalid(&path, report_project_path(doc->path));
	report_json_add(loc, "path", json_object_new_string(path.data));
	buf_free(&path);
	bool bytes = doc->loc && d->has_offset;
	if (d->line && bytes)
		report_json_add(loc, "range", range(position_at(doc, d->offset),
						    d->end_line ? position_at(doc, d->end_offset) : NULL));
	else if (d->line)
		report_json_add(loc, "range", range(position(d->line, d->col), d->end_line ?
						    position(d->end_line, d->end_col) : NULL));
	report_json_add(o, "location", loc);
	report_json_add(o, "severity", json_object_new_string(severities[d->severity]));
	report_json_add(o, "source", source());
	json_object *code = json_object_new_object();
	report_json_add(code, "value", json_object_new_string(d->rule->id));
	const char *url = catalog_doc_url(d->rule);
	if (strncmp(url, "https://", 8) == 0 || strncmp(url, "http://", 7) == 0)
		report_json_add(code, "url", json_object_new_string(url));
	report_json_add(o, "code", code);
	/* Suggestions a reviewer accepts one by one: safe fixes only. */
	if (d->fix && d->fix->safety != FIX_UNSAFE && doc->loc && doc->text)
		report_json_add(o, "suggestions", suggestions(doc, i));
	report_add_result(r, o);
}

static json_object *wrap(struct reporter *r, json_object *results, const struct summary *sum)
{
	(void)r, (void)sum;
	json_object *doc = json_object_new_object();
	report_json_add(doc, "source", source());
	report_json_add(doc, "diagnostics", results);
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
