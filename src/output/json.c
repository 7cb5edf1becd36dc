/* json: one JSON document: {"diagnostics": [...], "summary": {...}}; each
 * finding with its span, pointer, rule, message, its fix as edits, and for
 * a finding about a position its node and points (or, with --statistics,
 * {"statistics": [...]} counts per rule). */
#include "output/format.h"

#include <stdint.h>

#include "base/dom.h"
#include "base/jstring.h"
#include "base/locate.h"
#include "core/catalog.h"
#include "core/fixop.h"
#include "lint/edit.h"

/* The fix itself: each edit's span (line and column as in findings; the
 * end is just past the span; the bytes of the file, where SGF's text was
 * decoded from other bytes, those --fix writes) and its new text (null
 * where --fix writes words as the file's bytes that no text says: a byte
 * that is not UTF-8, REVIEW.md R131). */
static json_object *edits(const struct document *doc, size_t i)
{
	size_t n;
	struct fix_edit *e = fix_edits(doc, i, &n);
	const struct fix *f = doc->diags.items[i].fix;
	const struct fix_op *op = f->nops == 1 && f->ops[0].kind == FIX_BYTES ? &f->ops[0] : NULL;
	json_object *arr = dom_array();
	for (size_t k = 0; k < n && doc->loc; k++) {
		unsigned long l1, c1, l2, c2;
		locator_linecol(doc->loc, e[k].start, &l1, &c1);
		locator_linecol(doc->loc, e[k].end, &l2, &c2);
		json_object *o = dom_object();
		dom_add(o, "line", dom_int((int64_t)l1));
		dom_add(o, "column", dom_int((int64_t)c1));
		dom_add(o, "endLine", dom_int((int64_t)l2));
		dom_add(o, "endColumn", dom_int((int64_t)c2));
		size_t a = e[k].start, b = e[k].end;
		if (op && op->bytes.in_file && n == 1)
			a = op->bytes.file_start, b = op->bytes.file_end;
		dom_add(o, "byteOffset", dom_int((int64_t)a));
		dom_add(o, "byteLength", dom_int((int64_t)(b - a)));
		dom_add(o, "content", fix_text_said(f) ? dom_string(e[k].text) : NULL);
		dom_push(arr, o);
	}
	fix_edits_free(e, n);
	return arr;
}

/* The points of a finding about a position: what each is to it, where it
 * is on the board, and the move or setup that is it or placed its stone. */
static json_object *points(const struct diag *d)
{
	static const char *const colors[] = { NULL, "black", "white" };
	json_object *arr = dom_array();
	for (size_t k = 0; k < d->npoints; k++) {
		const struct diag_point *p = &d->points[k];
		json_object *o = dom_object();
		dom_add(o, "role", dom_string(diag_role_name((enum point_role)p->role)));
		dom_add(o, "x", dom_int(p->x));
		dom_add(o, "y", dom_int(p->y));
		dom_add(o, "point", p->name[0] ? dom_string(p->name) : NULL);
		dom_add(o, "color", p->color <= 2 && colors[p->color] ? dom_string(colors[p->color]) : NULL);
		dom_add(o, "move", p->move ? dom_uint(p->move) : NULL);
		dom_add(o, "node", p->node ? dom_string(p->node) : NULL);
		dom_add(o, "pointer", p->pointer ? dom_string(p->pointer) : NULL);
		dom_add(o, "line", p->line ? dom_int((int64_t)p->line) : NULL);
		dom_add(o, "column", p->line ? dom_int((int64_t)p->col) : NULL);
		dom_push(arr, o);
	}
	return arr;
}

static void finding(struct reporter *r, const struct document *doc, const struct doc_view *view,
		    size_t i, size_t nth)
{
	(void)view, (void)nth;
	const struct diag *d = &doc->diags.items[i];
	json_object *o = dom_object();
	struct buf path = BUF_INIT;
	utf8_escape_invalid(&path, doc->path);
	dom_add(o, "path", dom_string(path.data));
	buf_free(&path);
	dom_add(o, "line", d->line ? dom_int((int64_t)d->line) : NULL);
	dom_add(o, "column", d->line ? dom_int((int64_t)d->col) : NULL);
	dom_add(o, "endLine", d->end_line ? dom_int((int64_t)d->end_line) : NULL);
	dom_add(o, "endColumn", d->end_line ? dom_int((int64_t)d->end_col) : NULL);
	dom_add(o, "pointer", d->pointer ? dom_string(d->pointer) : NULL);
	dom_add(o, "severity", dom_string(severity_name(d->severity)));
	dom_add(o, "rule", dom_string(d->rule->id));
	dom_add(o, "message", dom_string(d->message));
	const char *fix = !d->fix ? NULL : d->fix->safety == FIX_UNSAFE ? "unsafe" : "safe";
	dom_add(o, "fix", fix ? dom_string(fix) : NULL);
	dom_add(o, "edits", d->fix ? edits(doc, i) : NULL);
	dom_add(o, "node", d->node ? dom_string(d->node) : NULL);
	dom_add(o, "points", d->node ? points(d) : NULL);
	struct buf place = BUF_INIT;
	if (diag_place_words(d, &place))   /* SGF checked in place: where in its tree (JGF's have none) */
		dom_add(o, "place", dom_string(place.data));
	buf_free(&place);
	report_add_result(r, o);
}

static json_object *wrap(struct reporter *r, json_object *results, const struct summary *sum)
{
	json_object *doc = dom_object(), *s = dom_object();
	if (!results) {
		json_object *stats = dom_array();
		for (size_t i = 0; i < r->nstats; i++) {
			json_object *o = dom_object();
			dom_add(o, "rule", dom_string(r->stats[i].rule->id));
			dom_add(o, "severity", dom_string(
				severity_name(r->stats[i].rule->severity)));
			dom_add(o, "count", dom_int((int64_t)r->stats[i].count));
			dom_add(o, "fixable", dom_int((int64_t)r->stats[i].fixable));
			dom_push(stats, o);
		}
		dom_add(doc, "statistics", stats);
	} else {
		dom_add(doc, "diagnostics", results);
	}
	dom_add(s, "files", dom_int((int64_t)sum->files));
	dom_add(s, "errors", dom_int((int64_t)sum->counts[SEV_ERROR]));
	dom_add(s, "warnings", dom_int((int64_t)sum->counts[SEV_WARNING]));
	dom_add(s, "infos", dom_int((int64_t)sum->counts[SEV_INFO]));
	dom_add(s, "fixed", dom_int((int64_t)sum->fixes));
	dom_add(s, "fixable", dom_int((int64_t)sum->fixable));
	dom_add(s, "unsafeFixable", dom_int((int64_t)sum->unsafe_fixable));
	dom_add(doc, "summary", s);
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
	.places = true,
};
