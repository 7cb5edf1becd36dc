/* board: the boards the text and html formats show under findings about a
 * position: the positions at their nodes (kept with each finding by the
 * replay that found it: lint_settings.positions), the part of the board around the points
 * each involves, and how edges and captions name things; and the text
 * board itself (board_draw: window, coordinates, star points, marks,
 * caption and legend), which the text format and the library's
 * jgf_finding_board draw. The html format draws the same board in SVG from
 * the same parts: board_mark, board_char, board_caption, board_legend. */
#include "output/format.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/position.h"
#include "core/record.h"

void board_positions(const struct document *doc, struct doc_view *view)
{
	for (size_t i = 0; i < doc->diags.len; i++) {
		const struct position *p = doc->diags.items[i].position;
		if (p && !p->unavailable)
			view->items[i].board = p;
	}
}

/* [*lo, *hi) of a side of length len around [a, b] (points; a > b: none,
 * around mid), at least span long, or the whole side when short. */
static void window_side(int len, int a, int b, int mid, int span, int *lo, int *hi)
{
	if (len <= span + 4) {
		*lo = 0, *hi = len;
		return;
	}
	if (a > b)
		a = b = mid;
	int n = b - a + 1 > span ? b - a + 1 : span;
	int start = (a + b + 1) / 2 - n / 2;
	if (start > len - n)
		start = len - n;
	if (start < 0)
		start = 0;
	*lo = start, *hi = start + n;
}

void board_window(const struct position *p, const struct diag *d, int span, struct board_window *w)
{
	int x0 = p->width, x1 = -1, y0 = p->height, y1 = -1;
	for (size_t k = 0; k < d->npoints; k++) {
		const struct diag_point *pt = &d->points[k];
		if (pt->x < 0 || pt->y < 0 || pt->x >= p->width || pt->y >= p->height)
			continue;
		x0 = pt->x < x0 ? pt->x : x0, x1 = pt->x > x1 ? pt->x : x1;
		y0 = pt->y < y0 ? pt->y : y0, y1 = pt->y > y1 ? pt->y : y1;
	}
	/* No point (a pass): around the last move, or the middle. */
	int mx = p->last.number && !p->last.pass ? p->last.x : p->width / 2;
	int my = p->last.number && !p->last.pass ? p->last.y : p->height / 2;
	/* Within the part of the board the record displays (its cut-offs),
	 * when every point is in it. */
	int left = p->cut_left, right = p->width - p->cut_right;
	int top = p->cut_top, bottom = p->height - p->cut_bottom;
	if (left >= right || (x1 >= 0 && (x0 < left || x1 >= right)))
		left = 0, right = p->width;
	if (top >= bottom || (y1 >= 0 && (y0 < top || y1 >= bottom)))
		top = 0, bottom = p->height;
	mx = mx < left ? left : mx >= right ? right - 1 : mx;
	my = my < top ? top : my >= bottom ? bottom - 1 : my;
	window_side(right - left, x0 - left, x1 - left, mx - left, span, &w->x0, &w->x1);
	window_side(bottom - top, y0 - top, y1 - top, my - top, span, &w->y0, &w->y1);
	w->x0 += left, w->x1 += left, w->y0 += top, w->y1 += top;
}

/* The star points of a side of n lines: the third or fourth line from each
 * edge, and the middle of an odd side. */
static bool star_line(int n, int i)
{
	int edge = n >= 13 ? 3 : 2;
	return i == edge || i == n - 1 - edge || (n % 2 && i == n / 2);
}

bool board_star(const struct position *p, int x, int y)
{
	if (p->width != p->height || p->width < 9)
		return false;
	int n = p->width, mid = n / 2;
	if (n < 15)   /* the four corner points, and tengen on an odd board */
		return (n % 2 && x == mid && y == mid) ||
		       (star_line(n, x) && star_line(n, y) && x != mid && y != mid);
	return star_line(n, x) && star_line(n, y);
}

int board_stone(const struct position *p, int x, int y)
{
	if (x < 0 || y < 0 || x >= p->width || y >= p->height)
		return 0;
	return p->stones[(size_t)y * (size_t)p->width + (size_t)x];
}

void board_column_label(const struct position *p, int x, char out[8])
{
	char name[POINT_NAME_SIZE];
	if (point_name(p->width, p->height, x, p->height - 1, name)) {
		out[0] = name[0];
		out[1] = '\0';
	} else {
		snprintf(out, 8, "%u", (unsigned)x % 10000000u);   /* a side is at most 52 */
	}
}

void board_row_label(const struct position *p, int y, char out[8])
{
	unsigned row = (unsigned)(p->width <= 25 ? p->height - y : y);
	snprintf(out, 8, "%u", row % 10000000u);   /* a side is at most 52 */
}

void board_caption(struct buf *out, const struct position *p)
{
	if (p->stop_node && strcmp(p->stop_node, p->node) == 0)
		buf_printf(out, "the position before %s (the line stops there)", p->node);
	else if (p->stop_node)
		buf_printf(out, "the position before %s, where the line stops", p->stop_node);
	else if (p->last.number && strcmp(p->last.node, p->node) == 0 && p->last.pass)
		buf_printf(out, "the position after move %lu, %s, passes, at %s", p->last.number,
			   p->last.color == STONE_WHITE ? "white" : "black", p->node);
	else if (p->last.number && strcmp(p->last.node, p->node) == 0)
		buf_printf(out, "the position after move %lu, at %s", p->last.number, p->node);
	else
		buf_printf(out, "the position after %s", p->node);
}

/* The text board: one drawer for the terminal and the library (the
 * editor's hover). */


char board_mark(const struct diag *d, int x, int y, const struct diag_point **point)
{
	char mark = 0;
	*point = NULL;
	for (size_t k = 0; k < d->npoints; k++) {
		const struct diag_point *pt = &d->points[k];
		if (pt->x != x || pt->y != y)
			continue;
		bool main = pt->role == ROLE_MOVE || pt->role == ROLE_SETUP;
		if (!mark || (main && mark != '[')) {
			mark = main ? '[' : '(';
			*point = pt;
		}
	}
	return mark;
}

char board_char(const struct position *p, int x, int y, const struct diag_point *pt)
{
	static const char stones[] = ".XO", missing[] = ".xo";
	int stone = board_stone(p, x, y);
	if (stone)
		return stones[stone];
	if (pt && pt->color && pt->color <= 2)
		return missing[pt->color];
	return board_star(p, x, y) ? '+' : '.';
}

/* The row of column labels, over and under the board. */
static void board_columns(struct buf *out, const struct board_paint *paint,
			  const struct position *p, const struct board_window *w, int gutter, int label)
{
	buf_printf(out, "%s%*s | %*s ", paint->label, gutter, "", label, "");
	for (int x = w->x0; x < w->x1; x++) {
		char col[8];
		board_column_label(p, x, col);
		/* Over the stone, the middle of its three columns (a number from
		 * there on); nothing after the last. */
		buf_printf(out, " %s%s", col, strlen(col) == 1 && x + 1 < w->x1 ? " " : "");
	}
	buf_printf(out, "%s\n", paint->reset);
}

void board_legend(struct buf *out, const struct position *p, const struct diag *d)
{
	static const char *const colors[] = { "no", "black", "white" };
	unsigned seen = 0;
	/* A pass has no point to mark: said first, when it is the finding's. */
	if (p->last.number && p->last.pass && d->node && strcmp(p->last.node, d->node) == 0 &&
	    !p->stop_node)
		buf_printf(out, "move %lu, %s, passes", p->last.number,
			   colors[p->last.color <= 2 ? p->last.color : 0]);
	for (size_t k = 0; k < d->npoints; k++) {
		const struct diag_point *pt = &d->points[k], *shown;
		char mark = board_mark(d, pt->x, pt->y, &shown);
		if (shown != pt || (seen & 1u << pt->role))
			continue;  /* drawn as another point, or said already */
		seen |= 1u << pt->role;
		char c = board_char(p, pt->x, pt->y, pt);
		const char *color = colors[pt->color <= 2 ? pt->color : 0];
		if (out->len)
			buf_adds(out, "; ");
		buf_printf(out, "%c%c%c ", mark, c, mark == '[' ? ']' : ')');
		switch ((enum point_role)pt->role) {
		case ROLE_MOVE:
			buf_printf(out, "move %lu, %s%s", pt->move, color,
				   board_stone(p, pt->x, pt->y) ? "" : ", not played");
			break;
		case ROLE_SETUP:
			buf_adds(out, pt->color ? "the setup point" : "the point the setup clears");
			break;
		case ROLE_STONE:
			buf_printf(out, "the %s stone", color);
			break;
		case ROLE_CAPTURE:
			buf_adds(out, "what it would capture");
			break;
		case ROLE_CHAIN:
			buf_adds(out, "the chain without liberties");
			break;
		case ROLE_PREVIOUS:
			buf_printf(out, "move %lu, %s, before it", pt->move, color);
			break;
		}
		/* A stone under the move or setup point: who placed it. */
		for (size_t j = 0; j < d->npoints; j++) {
			const struct diag_point *under = &d->points[j];
			if (under->role == ROLE_STONE && under != pt && under->x == pt->x &&
			    under->y == pt->y) {
				buf_printf(out, ", on the %s stone ", colors[under->color <= 2 ? under->color : 0]);
				if (under->move)
					buf_printf(out, "of move %lu", under->move);
				else
					buf_adds(out, "set up");
			} else if (pt->role == ROLE_STONE && j == k) {
				if (pt->move)
					buf_printf(out, " of move %lu", pt->move);
				else
					buf_adds(out, " set up");
			}
		}
	}
}

void board_draw(struct buf *out, const struct position *p, const struct diag *d, int gutter,
		const struct board_paint *paint)
{
	struct board_window w;
	board_window(p, d, BOARD_SPAN, &w);
	char num[8];
	board_row_label(p, w.y0, num);
	int label = (int)strlen(num);
	board_row_label(p, w.y1 - 1, num);
	label = (int)strlen(num) > label ? (int)strlen(num) : label;
	struct buf caption = BUF_INIT;
	board_caption(&caption, p);
	buf_printf(out, "%s%*s =%s %s:\n", paint->label, gutter, "", paint->reset, caption.data);
	buf_free(&caption);
	board_columns(out, paint, p, &w, gutter, label);
	for (int y = w.y0; y < w.y1; y++) {
		board_row_label(p, y, num);
		buf_printf(out, "%s%*s | %*s%s ", paint->label, gutter, "", label, num, paint->reset);
		for (int x = w.x0; x < w.x1; x++) {
			const struct diag_point *pt;
			char mark = board_mark(d, x, y, &pt);
			if (mark)
				buf_printf(out, "%s%c%c%c%s", paint->mark, mark, board_char(p, x, y, pt),
					   mark == '[' ? ']' : ')', paint->reset);
			else
				buf_printf(out, " %c ", board_char(p, x, y, NULL));
		}
		buf_printf(out, " %s%s%s\n", paint->label, num, paint->reset);
	}
	board_columns(out, paint, p, &w, gutter, label);
	struct buf legend = BUF_INIT;
	board_legend(&legend, p, d);
	if (legend.len)
		buf_printf(out, "%s%*s |%s %*s %s\n", paint->label, gutter, "", paint->reset, label, "",
			   legend.data);
	buf_free(&legend);
}

/* out's lines without the text format's gutter: each line's " = " or
 * " | ". */
static char *without_gutter(struct buf *out)
{
	size_t to = 0;
	for (size_t at = 0; at < out->len;) {
		const char *end = memchr(out->data + at, '\n', out->len - at);
		size_t next = end ? (size_t)(end - out->data) + 1 : out->len;
		size_t skip = next - at >= 3 ? 3 : 0;
		memmove(out->data + to, out->data + at + skip, next - at - skip);
		to += next - at - skip;
		at = next;
	}
	buf_truncate(out, to);
	return buf_detach(out);
}

char *board_text(const struct position *p, const struct diag *d)
{
	struct buf out = BUF_INIT;
	board_draw(&out, p, d, 0, &(struct board_paint){ "", "", "" });
	return without_gutter(&out);
}

/* The board at a position's node: its move and the stones its setup
 * places marked, as a finding's points are. */
char *board_text_at_node(const struct position *p)
{
	if (!p->node || p->width <= 0 || p->height <= 0)
		return NULL;
	struct diag d = { .node = p->node };
	/* The node's own move (a stopped line's stays unplayed: no mark). */
	if (p->last.number && !p->last.pass && p->last.node && !strcmp(p->last.node, p->node) &&
	    !p->stop_node)
		diag_add_point(&d, ROLE_MOVE, p->last.x, p->last.y, p->last.color, p->last.number,
			       p->node, "");
	for (int y = 0; p->placed_at && y < p->height; y++)
		for (int x = 0; x < p->width; x++) {
			size_t k = (size_t)y * (size_t)p->width + (size_t)x;
			if (p->placed_at[k] && !strcmp(p->placed_at[k], p->node) && !p->placed_by[k])
				diag_add_point(&d, ROLE_SETUP, x, y, p->stones[k], 0, p->node, "");
		}
	struct buf out = BUF_INIT;
	board_draw(&out, p, &d, 0, &(struct board_paint){ "", "", "" });
	d.node = NULL;
	diag_free(&d);
	return without_gutter(&out);
}
