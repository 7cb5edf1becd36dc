/* board: the boards the text and html formats show under findings about a
 * position: the positions at their nodes (one replay for a document, on
 * the worker that holds its DOM), the part of the board around the points
 * each involves, and how edges and captions name things. Drawing is each
 * format's own (text.c, html.c). */
#include "output/format.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/record.h"
#include "engine/replay.h"

void board_positions(const struct document *doc, struct doc_view *view)
{
	if (!doc->parsed || !doc->root)
		return;
	size_t n = 0;
	for (size_t i = 0; i < doc->diags.len; i++)
		n += doc->diags.items[i].node != NULL;
	if (!n)
		return;
	struct record_info rec;
	record_classify(doc->root, &rec);
	const char **targets = xcalloc(n, sizeof *targets);
	size_t *owner = xcalloc(n, sizeof *owner);
	struct position *found = xcalloc(n, sizeof *found);
	size_t k = 0;
	for (size_t i = 0; i < doc->diags.len; i++)
		if (doc->diags.items[i].node) {
			owner[k] = i;
			targets[k++] = doc->diags.items[i].node;
		}
	replay_positions(doc->root, &rec, targets, n, false, found);
	for (k = 0; k < n; k++) {
		if (found[k].unavailable) {
			position_free(&found[k]);
			continue;
		}
		struct position *p = xmalloc(sizeof *p);
		*p = found[k];
		view->items[owner[k]].board = p;
	}
	free(found);
	free(owner);
	free(targets);
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
	window_side(p->width, x0, x1, mx, span, &w->x0, &w->x1);
	window_side(p->height, y0, y1, my, span, &w->y0, &w->y1);
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
		snprintf(out, 8, "%d", x);
	}
}

void board_row_label(const struct position *p, int y, char out[8])
{
	if (p->width <= 25)
		snprintf(out, 8, "%d", p->height - y);
	else
		snprintf(out, 8, "%d", y);
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
