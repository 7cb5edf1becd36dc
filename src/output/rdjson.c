/* rdjson: the Reviewdog Diagnostic Format's DiagnosticResult, as
 * `reviewdog -f=rdjson` reads it: each finding with its message, location
 * (path and range; columns count bytes from the start of the line, as the
 * format says, the file's own: an SGF file in another set than UTF-8 is
 * its bytes, not the UTF-8 text read from them), severity (ERROR, WARNING,
 * INFO), source, code (the rule and its page) and, when --fix would repair
 * it safely, its fix as suggestions: the edits of one fix, each a range
 * and its new text, applied together (none where a text beyond ASCII
 * would be written in a file in another set, which reviewdog writes as
 * UTF-8). */
#include "output/format.h"

#include <stdint.h>
#include <string.h>

#include "base/charset.h"
#include "base/dom.h"
#include "base/jstring.h"
#include "base/locate.h"
#include "core/catalog.h"
#include "core/fixop.h"
#include "lint/edit.h"

/* Where the text's byte offset is in the file: its line, and its byte
 * from the line's start (the file's bytes where the text was read from
 * others, SGF in another set or after a byte order mark: read/load.h's
 * file); false when those bytes have no such place. */
static bool file_place(const struct document *doc, size_t offset, unsigned long *line,
		       size_t *byte)
{
	unsigned long col;
	size_t start, end;
	locator_linecol(doc->loc, offset, line, &col);
	if (doc->file) {
		size_t at = charset_file_at(doc->file, *line, col, &start);
		*byte = at == SIZE_MAX ? 0 : at - start;
		return at != SIZE_MAX;
	}
	locator_line_bounds(doc->loc, *line, &start, &end);   /* a byte order mark counts */
	*byte = offset - start;
	return true;
}

/* {"line": L, "column": C} of a byte offset of the text: C in the file's
 * bytes from the line's start (none when it has no place in them: the
 * format's column is optional); *placed whether it has. */
static json_object *position_at(const struct document *doc, size_t offset, bool *placed)
{
	unsigned long line;
	size_t byte;
	bool at = file_place(doc, offset, &line, &byte);
	json_object *p = dom_object();
	dom_add(p, "line", dom_int((int64_t)line));
	if (at)
		dom_add(p, "column", dom_int((int64_t)(byte + 1)));
	if (placed)
		*placed = *placed && at;
	return p;
}

/* Whether text (UTF-8), written as it is, is the characters it says in
 * doc's file: the file is UTF-8, or text ASCII (a suggestion's text is
 * written as its bytes: a file in another set would get UTF-8 in it). */
static bool writes_as_is(const struct document *doc, const char *text)
{
	if (!doc->file || !strcmp(doc->file->set, "UTF-8"))
		return true;
	for (const unsigned char *c = (const unsigned char *)text; *c; c++)
		if (*c >= 0x80)
			return false;
	return true;
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
	bool placed = true;
	for (size_t k = 0; k < n; k++) {
		placed = placed && writes_as_is(doc, e[k].text);
		json_object *s = dom_object();
		dom_add(s, "range", range(position_at(doc, e[k].start, &placed),
						  position_at(doc, e[k].end, &placed)));
		dom_add(s, "text", dom_string(e[k].text));
		dom_push(arr, s);
	}
	fix_edits_free(e, n);
	if (!placed) {   /* no suggestion is better than a wrong one */
		json_object_put(arr);
		return NULL;
	}
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
		dom_add(loc, "range", range(position_at(doc, d->offset, NULL),
						    d->end_line ? position_at(doc, d->end_offset, NULL) : NULL));
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
	json_object *fix = d->fix && d->fix->safety != FIX_UNSAFE && doc->loc && doc->text &&
					   fix_text_said(d->fix) ? suggestions(doc, i) : NULL;
	if (fix)
		dom_add(o, "suggestions", fix);
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
