/* json: one JSON document: {"diagnostics": [...], "summary": {...}}; each
 * finding with its span, pointer, rule, message and its fix as edits (or,
 * with --statistics, {"statistics": [...]} counts per rule). */
#include "output/format.h"

#include <stdint.h>

#include "base/jstring.h"
#include "base/locate.h"
#include "core/catalog.h"
#include "core/fixop.h"
#include "lint/edit.h"

/* The fix itself: each edit's span (line and column as in findings; the
 * end is just past the span) and its new text. */
static json_object *edits(const struct document *doc, size_t i)
{
	size_t n;
	struct fix_edit *e = fix_edits(doc, i, &n);
	json_object *arr = json_object_new_array();
	for (size_t k = 0; k < n && doc->loc; k++) {
		unsigned long l1, c1, l2, c2;
		locator_linecol(doc->loc, e[k].start, &l1, &c1);
		locator_linecol(doc->loc, e[k].end, &l2, &c2);
		json_object *o = json_object_new_object();
		report_json_add(o, "line", json_object_new_int64((int64_t)l1));
		report_json_add(o, "column", json_object_new_int64((int64_t)c1));
		report_json_add(o, "endLine", json_object_new_int64((int64_t)l2));
		report_json_add(o, "endColumn", json_object_new_int64((int64_t)c2));
		report_json_add(o, "byteOffset", json_object_new_int64((int64_t)e[k].start));
		report_json_add(o, "byteLength", json_object_new_int64((int64_t)(e[k].end - e[k].start)));
		report_json_add(o, "content", json_object_new_string(e[k].text));
		json_object_array_add(arr, o);
	}
	fix_edits_free(e, n);
	return arr;
}

static void finding(struct reporter *r, const struct document *doc, const struct doc_view *view,
		    size_t i, size_t nth)
{
	(void)view, (void)nth;
	const struct diag *d = &doc->diags.items[i];
	json_object *o = json_object_new_object();
	struct buf path = BUF_INIT;
	utf8_escape_invalid(&path, doc->path);
	report_json_add(o, "path", json_object_new_string(path.data));
	buf_free(&path);
	report_json_add(o, "line", d->line ? json_object_new_int64((int64_t)d->line) : NULL);
	report_json_add(o, "column", d->line ? json_object_new_int64((int64_t)d->col) : NULL);
	report_json_add(o, "endLine", d->end_line ? json_object_new_int64((int64_t)d->end_line) : NULL);
	report_json_add(o, "endColumn", d->end_line ? json_object_new_int64((int64_t)d->end_col) : NULL);
	report_json_add(o, "pointer", d->pointer ? json_object_new_string(d->pointer) : NULL);
	report_json_add(o, "severity", json_object_new_string(severity_name(d->severity)));
	report_json_add(o, "rule", json_object_new_string(d->rule->id));
	report_json_add(o, "message", json_object_new_string(d->message));
	const char *fix = !d->fix ? NULL : d->fix->safety == FIX_UNSAFE ? "unsafe" : "safe";
	report_json_add(o, "fix", fix ? json_object_new_string(fix) : NULL);
	report_json_add(o, "edits", d->fix ? edits(doc, i) : NULL);
	report_add_result(r, o);
}

static json_object *wrap(struct reporter *r, json_object *results, const struct summary *sum)
{
	json_object *doc = json_object_new_object(), *s = json_object_new_object();
	if (!results) {
		json_object *stats = json_object_new_array();
		for (size_t i = 0; i < r->nstats; i++) {
			json_object *o = json_object_new_object();
			report_json_add(o, "rule", json_object_new_string(r->stats[i].rule->id));
			report_json_add(o, "severity", json_object_new_string(
				severity_name(r->stats[i].rule->severity)));
			report_json_add(o, "count", json_object_new_int64((int64_t)r->stats[i].count));
			json_object_array_add(stats, o);
		}
		report_json_add(doc, "statistics", stats);
	} else {
		report_json_add(doc, "diagnostics", results);
	}
	report_json_add(s, "files", json_object_new_int64((int64_t)sum->files));
	report_json_add(s, "errors", json_object_new_int64((int64_t)sum->counts[SEV_ERROR]));
	report_json_add(s, "warnings", json_object_new_int64((int64_t)sum->counts[SEV_WARNING]));
	report_json_add(s, "infos", json_object_new_int64((int64_t)sum->counts[SEV_INFO]));
	report_json_add(s, "fixed", json_object_new_int64((int64_t)sum->fixes));
	report_json_add(s, "fixable", json_object_new_int64((int64_t)sum->fixable));
	report_json_add(s, "unsafeFixable", json_object_new_int64((int64_t)sum->unsafe_fixable));
	report_json_add(doc, "summary", s);
	return doc;
}

const struct format format_json = {
	.name = "json",
	.statistics = true,
	.document = true,
	.results_level = 1,
	.finding = finding,
	.wrap = wrap,
	.edits = true,
};
