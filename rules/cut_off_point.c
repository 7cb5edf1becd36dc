/* cut-off-point: a point on the board but in the rows or columns that the
 * board's cut-offs hide when the record is displayed. */
#include "core/record.h"
#include "engine/check.h"

extern const struct rule rule_cut_off_point;

/* Appends "`cutOffTop` 5 (rows 0 to 4)" for a cut-off that hides the point. */
static void name_cut(struct buf *b, const char *key, int n, const char *what, int first)
{
	buf_adds(b, b->len ? " and " : "");
	if (n == 1)
		buf_printf(b, "`%s` %d (%s %d)", key, n, what, first);
	else
		buf_printf(b, "`%s` %d (%ss %d to %d)", key, n, what, first, first + n - 1);
}

static void check_point(struct check *c, const struct point_visit *p)
{
	const struct record_info *r = c->rec;
	if (!p->has_xy || r->width <= 0 || r->height <= 0)
		return;
	long long x = p->x, y = p->y;
	if (x < 0 || x >= r->width || y < 0 || y >= r->height)
		return;  /* off the board: off-board's */
	bool top = y < r->cut_top, bottom = y >= r->height - (long long)r->cut_bottom;
	bool left = x < r->cut_left, right = x >= r->width - (long long)r->cut_right;
	if (!top && !bottom && !left && !right)
		return;
	struct buf cuts = BUF_INIT;
	if (top)
		name_cut(&cuts, "cutOffTop", r->cut_top, "row", 0);
	if (bottom)
		name_cut(&cuts, "cutOffBottom", r->cut_bottom, "row", r->height - r->cut_bottom);
	if (left)
		name_cut(&cuts, "cutOffLeft", r->cut_left, "column", 0);
	if (right)
		name_cut(&cuts, "cutOffRight", r->cut_right, "column", r->width - r->cut_right);
	static const char *const what[] = {
		[POINT_MOVE] = "the move", [POINT_SETUP] = "this setup point",
		[POINT_SCORE] = "this score point", [POINT_MARKUP] = "this markup point",
	};
	char at[POINT_WORDS_SIZE];
	check_report(c, &rule_cut_off_point, "", false,
		     "%s at %s is hidden when the record is displayed: it lies in the "
		     "area cut off by %s; move it into the visible area or reduce the cut-off",
		     what[p->kind], point_words(r->width, r->height, x, y, at), cuts.data);
	buf_free(&cuts);
}

const struct rule rule_cut_off_point = {
	.id = "cut-off-point",
	.category = "points",
	.severity = SEV_WARNING,
	.summary = "a point lies in the part of the board that the cut-offs hide",
	.explanation =
		"What it checks\n"
		"  `board` may cut rows and columns off the displayed board (cutOffTop,\n"
		"  cutOffBottom, cutOffLeft, cutOffRight), to show only the corner a\n"
		"  problem is about. A move, setup, score or markup point on the board but\n"
		"  inside a cut-off area is not shown: x < cutOffLeft, x >= width -\n"
		"  cutOffRight, y < cutOffTop or y >= height - cutOffBottom (coordinates\n"
		"  are zero-based, y counts rows from the top).\n"
		"  Points are named as players name them, then as the record writes them:\n"
		"  Q10 (x 15, y 9) is column Q (the letters skip I) and row 10 counted\n"
		"  from the bottom of a 19×19 board.\n"
		"\n"
		"Why\n"
		"  A stone or mark the reader cannot see usually means the cut-offs are\n"
		"  too large, or count from the wrong side.\n"
		"\n"
		"Fails\n"
		"  { \"board\": { \"size\": 19, \"cutOffTop\": 10 },\n"
		"    \"tree\": [ {}, { \"move\": { \"color\": \"black\", \"x\": 3, \"y\": 3 } } ] }\n"
		"\n"
		"Passes\n"
		"  { \"board\": { \"size\": 19, \"cutOffTop\": 10 },\n"
		"    \"tree\": [ {}, { \"move\": { \"color\": \"black\", \"x\": 3, \"y\": 15 } } ] }\n",
	.on_point = check_point,
};
