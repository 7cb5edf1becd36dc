/* diagram: the board around a point as text for a hover, in a monospace
 * block every client shows (Markdown's fenced code, or plain text alone):
 *
 *        C D E F G
 *     18 . . . . .
 *     17 . X O . .
 *     16 .(X)O . .
 *     15 . . . . .
 *
 * X black, O white, parentheses around the points the finding is about;
 * columns lettered as players read them (I skipped), rows counted from the
 * bottom; a window of at most 9 by 9 points, the whole board when it is
 * that small. */
#include "server/server_int.h"

#include <stdlib.h>
#include <string.h>

#define WINDOW 9

/* The first of n points of a window of w around the marks, within size. */
static int window_start(int lo, int hi, int size, int w)
{
	int start = (lo + hi) / 2 - w / 2;
	if (start + w > size)
		start = size - w;
	return start < 0 ? 0 : start;
}

static char column_name(int x)
{
	return (char)('A' + x + (x >= 8));   /* no I */
}

static bool marked(const struct diagram_mark *marks, size_t n, int x, int y)
{
	for (size_t i = 0; i < n; i++)
		if (marks[i].x == x && marks[i].y == y)
			return true;
	return false;
}

void board_diagram(struct buf *out, const struct diagram *d, bool markdown)
{
	int lox = d->width, hix = 0, loy = d->height, hiy = 0;
	for (size_t i = 0; i < d->nmarks; i++) {
		const struct diagram_mark *m = &d->marks[i];
		lox = m->x < lox ? m->x : lox;
		hix = m->x > hix ? m->x : hix;
		loy = m->y < loy ? m->y : loy;
		hiy = m->y > hiy ? m->y : hiy;
	}
	if (!d->nmarks)
		lox = hix = d->width / 2, loy = hiy = d->height / 2;
	int w = d->width < WINDOW ? d->width : WINDOW, h = d->height < WINDOW ? d->height : WINDOW;
	int x0 = window_start(lox, hix, d->width, w), y0 = window_start(loy, hiy, d->height, h);
	bool letters = d->width <= 25;
	if (markdown)
		buf_adds(out, "```text\n");
	/* Column names over each point, right of a 3-character row number. */
	buf_adds(out, "   ");
	for (int x = x0; x < x0 + w; x++) {
		if (letters)
			buf_printf(out, " %c", column_name(x));
		else
			buf_printf(out, "%2d", x % 100);
	}
	buf_adds(out, "\n");
	for (int y = y0; y < y0 + h; y++) {
		char row[2 * WINDOW + 2];
		memset(row, ' ', sizeof row);
		for (int x = x0; x < x0 + w; x++) {
			int c = 2 * (x - x0) + 1;
			int s = d->stone(d->ctx, x, y);
			row[c] = s == 1 ? 'X' : s == 2 ? 'O' : '.';
			if (marked(d->marks, d->nmarks, x, y)) {
				row[c - 1] = '(';
				row[c + 1] = ')';
			}
		}
		int end = 2 * w + 1;
		while (end > 0 && row[end - 1] == ' ')
			end--;
		buf_printf(out, "%3d", letters ? d->height - y : y);
		buf_add(out, row, (size_t)end);
		buf_adds(out, "\n");
	}
	if (markdown)
		buf_adds(out, "```\n");
	buf_adds(out, "X black, O white");
	if (d->nmarks)
		buf_adds(out, ", ( ) the points it is about");
	if (!letters)
		buf_adds(out, "; x from the left and y from the top, from 0");
	buf_adds(out, "\n");
}

static int stone_of(const void *ctx, int x, int y)
{
	return (int)jgf_position_stone(ctx, x, y);
}

void position_diagram(struct buf *out, const jgf_position *p, bool markdown)
{
	struct diagram_mark marks[1];
	size_t n = 0;
	enum jgf_color color;
	int x, y;
	const char *node = jgf_position_node(p), *last = jgf_position_last_move_node(p);
	/* The node's own move (a stopped line's stays unplayed: no mark). */
	if (jgf_position_last_move(p, &color, &x, &y) && x >= 0 && node && last &&
	    !strcmp(node, last))
		marks[n++] = (struct diagram_mark){ x, y };
	struct diagram d = { jgf_position_width(p), jgf_position_height(p), stone_of, p, marks, n };
	if (d.width <= 0 || d.height <= 0)
		return;
	const char *stopped = jgf_position_stopped(p);
	buf_printf(out, markdown ? "*the board at %s%s*\n\n" : "the board at %s%s\n\n", node,
		   stopped ? ", before the move the replay stops at" : "");
	board_diagram(out, &d, markdown);
}
