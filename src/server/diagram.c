/* diagram: the board around a finding's points, or at a node, as text for
 * a hover: a monospace block every client shows (Markdown's fenced code,
 * or the same lines as plain text), its legend inside it, so that no
 * Markdown reads the brackets:
 *
 *          A  B  C  D  E  F  G  H  J
 *       9  .  .  .  .  .  .  .  .  .
 *       8  .  X [x](O) .  .  .  .  .
 *       7  .  .  X  O  .  .  +  .  .
 *     X black, O white
 *     [x] C8: black's move 9, not played
 *     (O) B8: it captures white's stone of move 8
 *
 * Columns lettered as players read them (I skipped), rows counted from the
 * bottom; on a board wider than 25, where points have no such name, x and
 * y from 0 as JGF counts them and the messages name them ("x 27, y 3"; x
 * from the left, y from the top). Three characters a point, as the text
 * format draws it: square brackets mark what the finding is about (its
 * move, or its setup point), round ones the points around it (the stone in
 * the way, a capture, a chain, the move before), a move not played in
 * lower case, + an empty star point. The window is 9 by 9 points, more to
 * take in every mark (up to 19), within the part of the board the record
 * displays (its cut-offs) unless a mark lies outside it.
 *
 * The text format's board (output/) is drawn from the engine's own
 * structures, a layer the server does not reach: this one reads the
 * library's jgf_position and jgf_finding_point_*, and its star points
 * from jgf_position_star, which asks the text format's board_star: one
 * rule for both. */
#include "server/server_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define WINDOW 9
#define MAX_WINDOW 19
/* Legend lines beyond these are counted, not listed (a superko's
 * captures, a long chain). */
#define MAX_LEGEND 12

enum { NONE, ROUND, SQUARE };

static const char *const role_names[] = {
	[MARK_MOVE] = "move",   [MARK_STONE] = "stone", [MARK_CAPTURE] = "capture",
	[MARK_CHAIN] = "chain", [MARK_SETUP] = "setup", [MARK_PREVIOUS] = "previous",
};

enum mark_role mark_role(const char *name)
{
	for (size_t i = 0; i < sizeof role_names / sizeof *role_names; i++)
		if (role_names[i] && name && !strcmp(name, role_names[i]))
			return (enum mark_role)i;
	return MARK_OTHER;
}

static int mark_class(enum mark_role role)
{
	return role == MARK_MOVE || role == MARK_SETUP ? SQUARE : ROUND;
}

/* One axis of the window: its first point and length, over a board of
 * size points of which cut_lo and cut_hi are hidden, around marks from lo
 * to hi (none: lo > hi). */
static void axis(int size, int cut_lo, int cut_hi, int lo, int hi, int *start, int *len)
{
	int vlo = cut_lo, vhi = size - 1 - cut_hi;
	if (vlo > vhi || vlo < 0 || vhi >= size)
		vlo = 0, vhi = size - 1;
	if (lo > hi)
		lo = hi = (vlo + vhi) / 2;
	int alo = lo < vlo ? lo : vlo, ahi = hi > vhi ? hi : vhi;
	int want = hi - lo + 3 > WINDOW ? hi - lo + 3 : WINDOW;
	if (want > MAX_WINDOW)
		want = MAX_WINDOW;
	*len = ahi - alo + 1 < want ? ahi - alo + 1 : want;
	int s = (lo + hi) / 2 - *len / 2;
	if (s + *len - 1 > ahi)
		s = ahi - *len + 1;
	*start = s < alo ? alo : s;
}

static const char *color_word(enum jgf_color c)
{
	return c == JGF_BLACK ? "black" : c == JGF_WHITE ? "white" : "empty";
}

/* What the point is to the finding, in words. */
static void describe(struct buf *b, const jgf_position *p, const struct board_mark *m)
{
	const char *c = color_word(m->color);
	switch (m->role) {
	case MARK_MOVE:
		buf_printf(b, "%s's move %lu", c, m->move);
		/* A line stopped there shows the board before it. */
		if (jgf_position_stone(p, m->x, m->y) != m->color ||
		    jgf_position_stone_move(p, m->x, m->y) != m->move)
			buf_adds(b, ", not played");
		break;
	case MARK_STONE:
		if (m->move)
			buf_printf(b, "%s's stone of move %lu stands there", c, m->move);
		else
			buf_printf(b, "a %s stone set up stands there", c);
		break;
	case MARK_CAPTURE:
		if (m->move)
			buf_printf(b, "it captures %s's stone of move %lu", c, m->move);
		else
			buf_printf(b, "it captures a %s stone set up", c);
		break;
	case MARK_CHAIN:
		if (m->move)
			buf_printf(b, "%s's stone of move %lu, without liberties", c, m->move);
		else
			buf_printf(b, "a %s stone set up, without liberties", c);
		break;
	case MARK_SETUP:
		if (m->color == JGF_EMPTY)
			buf_adds(b, "the setup clears it");
		else
			buf_printf(b, "the setup places a %s stone", c);
		break;
	case MARK_PREVIOUS:
		buf_printf(b, "%s's move %lu, the move before of the same colour", c, m->move);
		break;
	case MARK_OTHER:
		buf_adds(b, "a point of the finding");
		break;
	}
}

/* What stands on (x, y): X, O, + on a star point, . elsewhere; as the
 * text format draws it, a marked point whose stone the position does not
 * hold (a move not played) in lower case, the colour of its finding's own
 * mark. */
static char stone_char(const jgf_position *p, const struct board_mark *marks, size_t n, int x,
		       int y)
{
	enum jgf_color s = jgf_position_stone(p, x, y);
	for (size_t i = 0; i < n && s == JGF_EMPTY; i++)
		if (marks[i].x == x && marks[i].y == y && mark_class(marks[i].role) == SQUARE &&
		    marks[i].color != JGF_EMPTY)
			return marks[i].color == JGF_BLACK ? 'x' : 'o';
	if (s == JGF_EMPTY)
		return jgf_position_star(p, x, y) ? '+' : '.';
	return s == JGF_BLACK ? 'X' : 'O';
}

/* The class of the marks on (x, y): SQUARE over ROUND. */
static int class_at(const struct board_mark *marks, size_t n, int x, int y)
{
	int c = NONE;
	for (size_t i = 0; i < n; i++)
		if (marks[i].x == x && marks[i].y == y && mark_class(marks[i].role) > c)
			c = mark_class(marks[i].role);
	return c;
}

/* Drops the spaces that end the buffer's last line. */
static void trim_end(struct buf *b)
{
	size_t len = b->len;
	while (len > 0 && b->data[len - 1] == ' ')
		len--;
	buf_truncate(b, len);
}

struct window {
	int x0, y0, w, h;
};

/* What a legend line starts with for the point of m: how it is drawn, or
 * that the window leaves it out. */
static void cell_words(char *out, size_t size, const jgf_position *p,
		       const struct board_mark *marks, size_t n, const struct board_mark *m,
		       const struct window *win)
{
	if (m->x >= win->x0 && m->x < win->x0 + win->w && m->y >= win->y0 &&
	    m->y < win->y0 + win->h) {
		bool square = class_at(marks, n, m->x, m->y) == SQUARE;
		snprintf(out, size, "%c%c%c", square ? '[' : '(', stone_char(p, marks, n, m->x, m->y),
			 square ? ']' : ')');
	} else {
		snprintf(out, size, "not shown:");
	}
}

/* Everything the marks on m's point say, the finding's own first. */
static void point_words(struct buf *b, const jgf_position *p, const struct board_mark *marks,
			size_t n, const struct board_mark *m)
{
	bool any = false;
	for (int pass = SQUARE; pass >= ROUND; pass--)
		for (size_t k = 0; k < n; k++)
			if (marks[k].x == m->x && marks[k].y == m->y &&
			    mark_class(marks[k].role) == pass) {
				if (any)
					buf_adds(b, "; ");
				describe(b, p, &marks[k]);
				any = true;
			}
}

static bool first_on_point(const struct board_mark *marks, size_t i)
{
	for (size_t k = 0; k < i; k++)
		if (marks[k].x == marks[i].x && marks[k].y == marks[i].y)
			return false;
	return true;
}

/* The legend: a line per kind of marked point ("[X] D4, Q16: the setup
 * places a black stone"), the finding's own first. */
static void legend(struct buf *b, const jgf_position *p, const struct board_mark *marks, size_t n,
		   const struct window *win)
{
	int width = jgf_position_width(p), height = jgf_position_height(p);
	char name[16];
	bool named = jgf_point_name(width, height, 0, 0, name) == 0;
	buf_adds(b, "X black, O white\n");
	/* Each point's cell and words, grouped: a point is listed with the
	 * first point before it drawn and said alike. */
	char (*cells)[16] = xcalloc(n + 1, sizeof *cells);
	char **words = xcalloc(n + 1, sizeof *words);
	bool *done = xcalloc(n + 1, sizeof *done);
	for (size_t i = 0; i < n; i++) {
		if (!first_on_point(marks, i)) {
			done[i] = true;
			continue;
		}
		cell_words(cells[i], sizeof cells[i], p, marks, n, &marks[i], win);
		struct buf w = BUF_INIT;
		point_words(&w, p, marks, n, &marks[i]);
		words[i] = buf_detach(&w);
	}
	size_t lines = 0, left = 0;
	for (int pass = SQUARE; pass >= ROUND; pass--)
		for (size_t i = 0; i < n; i++) {
			if (done[i] || class_at(marks, n, marks[i].x, marks[i].y) != pass)
				continue;
			if (lines == MAX_LEGEND) {
				left++;
				done[i] = true;
				continue;
			}
			buf_printf(b, "%s ", cells[i]);
			for (size_t k = i; k < n; k++) {
				if (done[k] || strcmp(cells[k], cells[i]) || strcmp(words[k], words[i]))
					continue;
				if (k != i)
					buf_adds(b, named ? ", " : "; ");
				if (jgf_point_name(width, height, marks[k].x, marks[k].y, name) == 0)
					buf_adds(b, name);
				else
					buf_printf(b, "x %d, y %d", marks[k].x, marks[k].y);
				if (k != i)
					done[k] = true;
			}
			buf_printf(b, ": %s\n", words[i]);
			done[i] = true;
			lines++;
		}
	if (left)
		buf_printf(b, "and %zu more point%s\n", left, left == 1 ? "" : "s");
	for (size_t i = 0; i < n; i++)
		free(words[i]);
	free(words);
	free(cells);
	free(done);
}

/* What the board shows, said before it. */
static void heading(struct buf *b, const jgf_position *p, bool markdown)
{
	const char *node = jgf_position_node(p), *stopped = jgf_position_stopped(p);
	const char *last_node = jgf_position_last_move_node(p);
	enum jgf_color color;
	int x, y;
	unsigned long last = jgf_position_last_move(p, &color, &x, &y);
	const char *em = markdown ? "*" : "";
	buf_adds(b, em);
	if (stopped && !strcmp(stopped, node))
		buf_printf(b, "the board before %s, where the replay stops", node);
	else if (stopped)
		buf_printf(b, "the board at %s as the replay left it: it stops at %s", node, stopped);
	else if (last && last_node && !strcmp(last_node, node))
		buf_printf(b, "the board after move %lu%s (%s)", last, x < 0 ? ", a pass" : "", node);
	else
		buf_printf(b, "the board at %s", node);
	buf_adds(b, em);
	buf_adds(b, "\n\n");
}

void board_diagram(struct buf *out, const jgf_position *p, const struct board_mark *marks,
		   size_t n, bool markdown)
{
	int width = jgf_position_width(p), height = jgf_position_height(p);
	if (width <= 0 || height <= 0)
		return;
	int lox = width, hix = -1, loy = height, hiy = -1;
	for (size_t i = 0; i < n; i++) {
		const struct board_mark *m = &marks[i];
		if (m->x < 0 || m->y < 0 || m->x >= width || m->y >= height)
			continue;
		lox = m->x < lox ? m->x : lox;
		hix = m->x > hix ? m->x : hix;
		loy = m->y < loy ? m->y : loy;
		hiy = m->y > hiy ? m->y : hiy;
	}
	int top, bottom, left, right;
	struct window win;
	jgf_position_cut_offs(p, &top, &bottom, &left, &right);
	axis(width, left, right, lox, hix, &win.x0, &win.w);
	axis(height, top, bottom, loy, hiy, &win.y0, &win.h);
	char name[16];
	bool named = jgf_point_name(width, height, 0, 0, name) == 0;

	heading(out, p, markdown);
	if (markdown)
		buf_adds(out, "```text\n");
	/* Three characters a point, the stone in the middle, a mark's brackets
	 * either side; column names over the stones, right of a 3-character
	 * row number and a space. */
	buf_adds(out, "    ");
	for (int x = win.x0; x < win.x0 + win.w; x++)
		if (named && jgf_point_name(width, height, x, height - 1, name) == 0)
			/* The letter of the point's name ("D16"): the library's, the
			 * one place column letters are written. */
			buf_printf(out, " %c ", name[0]);
		else
			buf_printf(out, " %-2d", x);
	trim_end(out);
	buf_adds(out, "\n");
	for (int y = win.y0; y < win.y0 + win.h; y++) {
		buf_printf(out, "%3d ", named ? height - y : y);
		for (int x = win.x0; x < win.x0 + win.w; x++) {
			int c = class_at(marks, n, x, y);
			buf_printf(out, "%c%c%c", c == SQUARE ? '[' : c == ROUND ? '(' : ' ',
				   stone_char(p, marks, n, x, y), c == SQUARE ? ']' : c == ROUND ? ')' : ' ');
		}
		trim_end(out);
		buf_adds(out, "\n");
	}
	legend(out, p, marks, n, &win);
	if (markdown)
		buf_adds(out, "```\n");
}

void node_diagram(struct buf *out, const jgf_position *p, bool markdown)
{
	int width = jgf_position_width(p), height = jgf_position_height(p);
	const char *node = jgf_position_node(p), *last = jgf_position_last_move_node(p);
	if (width <= 0 || height <= 0 || !node)
		return;
	struct board_mark *marks = xcalloc((size_t)width * (size_t)height + 1, sizeof *marks);
	size_t n = 0;
	struct board_mark m = { .role = MARK_MOVE };
	m.move = jgf_position_last_move(p, &m.color, &m.x, &m.y);
	/* The node's own move (a stopped line's stays unplayed: no mark). */
	if (m.move && m.x >= 0 && last && !strcmp(node, last) && !jgf_position_stopped(p))
		marks[n++] = m;
	/* The stones its setup places (none where the move stands). */
	for (int y = 0; y < height; y++)
		for (int x = 0; x < width; x++) {
			const char *by = jgf_position_stone_node(p, x, y);
			if (by && !strcmp(by, node) && !jgf_position_stone_move(p, x, y))
				marks[n++] = (struct board_mark){ MARK_SETUP, x, y,
								  jgf_position_stone(p, x, y), 0 };
		}
	board_diagram(out, p, marks, n, markdown);
	free(marks);
}
