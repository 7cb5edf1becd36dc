/* text: for a person at a terminal: each finding's concise line, then its
 * source line with a caret (and ~ to the end of the value) under the exact
 * column in display columns, and its JSON pointer with the point's name as
 * players read it; under a finding about a position, the part of the board
 * around its points. Characters that could act on the terminal are shown
 * escaped; a long (minified) line is shown as a window around the column. */
#include "output/format.h"

#include <stdlib.h>
#include <string.h>

#include "base/dom.h"
#include "base/jstring.h"
#include "base/locate.h"
#include "base/pointer.h"
#include "core/record.h"
#include "engine/replay.h"


/* For a finding about a point ({x, y} on the board), the point as players
 * read it (point_name): ", (3, 3) is D16". Writes nothing for other
 * findings, boards wider than 25, or points off the board. */
static void point_label(struct buf *out, const struct document *doc, const struct record_info *rec,
			const struct diag *d)
{
	json_object *p = doc->parsed && d->pointer ? dom_resolve(doc->root, d->pointer) : NULL;
	long long x, y;
	char name[POINT_NAME_SIZE];
	if (!json_object_is_type(p, json_type_object) || !get_int(member(p, "x"), &x) ||
	    !get_int(member(p, "y"), &y))
		return;
	if (rec->dialect == DIALECT_JGF && point_name(rec->width, rec->height, x, y, name))
		buf_printf(out, ", (%lld, %lld) is %s", x, y, name);
}

/* Tabs in a quoted line are expanded to spaces, as a terminal shows them:
 * to the next multiple of TAB_STOP columns from the first character shown.
 * Where that column is not known yet (fitting a window around the caret),
 * a tab is taken at its widest, so that no row wraps. */
enum { TAB_STOP = 8, COLUMN_UNKNOWN = -1 };

static size_t tab_width(long column)
{
	return column < 0 ? TAB_STOP : TAB_STOP - (size_t)column % TAB_STOP;
}

/* Columns the character of n bytes at s takes in a source line as shown,
 * at column (COLUMN_UNKNOWN: anywhere). */
static size_t shown_width(const char *s, size_t n, uint32_t cp, long column)
{
	char esc[13];
	return cp == '\t' ? tab_width(column) : report_shown_escape(esc, s, n, cp) ? strlen(esc) :
	       (size_t)char_width(cp);
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

/* Moves from byte at over characters, backward or forward within [lo, hi),
 * as long as the columns they take as shown stay within cols; *used gets
 * the columns taken. Forward from lo, the columns of tabs are known. */
static size_t step_columns(const char *t, size_t at, size_t lo, size_t hi, size_t cols, bool back,
			   size_t *used)
{
	*used = 0;
	bool from_start = !back && at == lo;
	while (back ? at > lo : at < hi) {
		size_t next = step_chars(t, at, lo, hi, 1, back);
		size_t a = back ? next : at, b = back ? at : next;
		uint32_t cp;
		size_t n = utf8_next(t + a, b - a, &cp);
		size_t w = shown_width(t + a, n, cp, from_start ? (long)*used : COLUMN_UNKNOWN);
		if (*used + w > cols)
			break;
		*used += w;
		at = next;
	}
	return at;
}

/* A window of [start, end) around at that fits room columns as shown: a
 * third of it before at, the rest after (or before, at the line's end). */
static void fit_columns(const char *t, size_t start, size_t end, size_t at, size_t room,
			size_t *from, size_t *to)
{
	size_t before, after, more;
	*from = step_columns(t, at, start, end, room / 3, true, &before);
	*to = step_columns(t, at, start, end, room - before, false, &after);
	*from = step_columns(t, *from, start, end, room - before - after, true, &more);
}

/* The part of d's line that is quoted: [*from, *to) of doc's text around
 * *at, cut to a window on a long line, or to the terminal's columns. False
 * when there is nothing to quote. */
static bool quoted_window(const struct document *doc, const struct diag *d, size_t columns,
			  size_t *from, size_t *to, size_t *at_out, bool *cut_left, bool *cut_right)
{
	if (!d->line || !d->has_offset || !doc->text || !doc->loc)
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
	if (columns) {
		/* The line as shown fits the terminal, its gutter ("12 | ")
		 * and the last column (where some terminals wrap) aside; cut, it
		 * leaves a column for the "…" on each side. */
		char num[24];
		size_t gutter = (size_t)snprintf(num, sizeof num, "%lu", d->line) + 3, used;
		size_t room = columns > gutter + 12 ? columns - gutter - 1 : 11;
		if (step_columns(t, start, start, end, room, false, &used) < end)
			fit_columns(t, start, end, at, room - 2, from, to);
	} else if (step_chars(t, start, start, end, 160, false) < end) {   /* long: a window */
		*from = step_chars(t, at, start, end, 60, true);
		*to = step_chars(t, at, start, end, 90, false);
	}
	*cut_left = *from > start, *cut_right = *to < end;
	*at_out = at;
	return true;
}

/* Each finding's quoted window and point name, from the text and DOM;
 * windows shared by findings in a row are copied once. */
void text_view(const struct document *doc, size_t columns, bool boards, struct doc_view *view)
{
	struct record_info rec;
	if (doc->root)
		record_classify(doc->root, &rec);
	struct buf text = BUF_INIT;
	view->len = doc->diags.len;
	view->items = xcalloc(view->len + 1, sizeof *view->items);
	size_t last_from = SIZE_MAX, last_to = 0, at_view = 0;
	for (size_t i = 0; i < doc->diags.len; i++) {
		const struct diag *d = &doc->diags.items[i];
		struct finding_view *v = &view->items[i];
		struct buf point = BUF_INIT;
		if (doc->root && d->pointer && d->pointer[0])
			point_label(&point, doc, &rec, d);
		buf_adds(&point, "");
		v->point = buf_detach(&point);
		size_t from, to, at;
		if (!quoted_window(doc, d, columns, &from, &to, &at, &v->cut_left, &v->cut_right))
			continue;
		if (from != last_from || to != last_to) {
			at_view = text.len;
			buf_add(&text, doc->text + from, to - from);
			last_from = from, last_to = to;
		}
		v->quoted = true;
		v->from = at_view;
		v->to = at_view + (to - from);
		v->at = at_view + (at - from);
	}
	view->text = buf_detach(&text);
	if (boards)
		board_positions(doc, view);
}

const struct finding_view *finding_view_of(const struct doc_view *view, const struct diag *d,
					   size_t i)
{
	return &view->items[view->by_diag && d->view ? d->view - 1 : i];
}

static void source_lines(const struct reporter *r, const struct diag *d,
			 const struct doc_view *view, const struct finding_view *v)
{
	if (!v->quoted)
		return;
	const char *t = view->text;
	char num[24];
	int width = snprintf(num, sizeof num, "%lu", d->line);
	fprintf(r->out, "%s%*s |%s %s", report_paint(r, BLUE), width, num, report_paint(r, RESET),
		v->cut_left ? "…" : "");
	size_t column = 0;   /* from the first character shown, for tabs */
	for (size_t i = v->from; i < v->to;) {
		uint32_t cp;
		size_t n = utf8_next(t + i, v->to - i, &cp);
		char esc[13];
		size_t w = shown_width(t + i, n, cp, (long)column);
		if (cp == '\t')
			fprintf(r->out, "%*s", (int)w, "");
		else if (report_shown_escape(esc, t + i, n, cp))
			fputs(esc, r->out);
		else
			fwrite(t + i, 1, n, r->out);
		column += w;
		i += n;
	}
	fprintf(r->out, "%s\n%s%*s |%s %s", v->cut_right ? "…" : "", report_paint(r, BLUE), width, "",
		report_paint(r, RESET), v->cut_left ? " " : "");
	column = 0;
	for (size_t i = v->from; i < v->at;) {
		uint32_t cp;
		size_t n = utf8_next(t + i, v->at - i, &cp);
		size_t w = shown_width(t + i, n, cp, (long)column);
		fprintf(r->out, "%*s", (int)w, "");
		column += w;
		i += n;
	}
	fprintf(r->out, "%s^", report_paint(r, report_severity_color(d->severity)));
	if (d->end_line == d->line && d->end_col > d->col + 1) {
		size_t cols = 0, i = v->at;
		for (unsigned long c = d->col; c < d->end_col && i < v->to; c++) {
			uint32_t cp;
			size_t n = utf8_next(t + i, v->to - i, &cp);
			cols += shown_width(t + i, n, cp, (long)(column + cols));
			i += n;
		}
		for (size_t k = 1; k < cols; k++)
			putc('~', r->out);
	}
	fprintf(r->out, "%s\n", report_paint(r, RESET));
	if (d->pointer && d->pointer[0]) {
		fprintf(r->out, "%s%*s =%s at ", report_paint(r, BLUE), width, "",
			report_paint(r, RESET));
		report_put_escaped(r->out, d->pointer);
		fprintf(r->out, "%s\n", v->point);
	}
}

/* The board under a finding about a position: output/board.c draws it. */
static void board_lines(const struct reporter *r, const struct diag *d, const struct position *p,
			int gutter)
{
	struct buf out = BUF_INIT;
	board_draw(&out, p, d, gutter, &(struct board_paint){
		report_paint(r, BLUE), report_paint(r, report_severity_color(d->severity)),
		report_paint(r, RESET) });
	fputs(out.data, r->out);
	buf_free(&out);
}

static void finding(struct reporter *r, const struct document *doc, const struct doc_view *view,
		    size_t i, size_t nth)
{
	(void)nth;
	const struct diag *d = &doc->diags.items[i];
	const struct finding_view *v = finding_view_of(view, d, i);
	concise_line(r, doc, d);
	source_lines(r, d, view, v);
	if (v->board && d->node && !r->opts.no_board) {
		char num[24];
		board_lines(r, d, v->board, snprintf(num, sizeof num, "%lu", d->line));
	}
}

const struct format format_text = {
	.name = "text",
	.terminal = true,
	.statistics = true,
	.view = true,
	.finding = finding,
};
