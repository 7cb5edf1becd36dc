/* off-board: a coordinate outside the board. A move at x 19, y 19 on a
 * 19×19 board is SGF's pass `tt` converted as if it were a point (Seki does
 * this): it gets one diagnostic that says so and names the pass. */
#include "base/dom.h"
#include "engine/check.h"

extern const struct rule rule_off_board;

/* One axis of a point: its value when it is an integer, or its JSON text
 * when it is an integral number beyond 64 bits (1e300). */
struct axis {
	bool present;  /* an integer of some size: other types are wrong-type's */
	bool fits;     /* value is valid */
	long long value;
	const char *text;
};

static struct axis read_axis(json_object *point, const char *key)
{
	struct axis a = { 0 };
	json_object *v = member(point, key);
	if (!(json_type_bits(v) & J_INT))
		return a;
	a.present = true;
	a.fits = get_int(v, &a.value);
	if (!a.fits)
		a.text = dom_json(v, JSON_C_TO_STRING_PLAIN, NULL);
	return a;
}

static bool inside(const struct axis *a, int size)
{
	return a->fits && a->value >= 0 && a->value < size;
}

/* SGF's pass `tt` read as a point (record_pass_point). */
static bool looks_like_pass(const struct check *c, const struct axis *x, const struct axis *y)
{
	return x->fits && y->fits && record_pass_point(c->rec, x->value, y->value);
}

/* note: what the replay makes of it, for moves ("" for other points). */
static void report_axis(struct check *c, const struct axis *a, const char *key, int size,
			int width, int height, const char *note)
{
	if (!a->present || inside(a, size))
		return;
	char rel[4] = { '/', key[0], 0, 0 };
	if (a->fits)
		check_report(c, &rule_off_board, rel, false,
			     "%s %lld is off the %d×%d board (%s runs from 0 to %d)%s", key,
			     a->value, width, height, key, size - 1, note);
	else
		check_report(c, &rule_off_board, rel, false,
			     "%s %s is off the %d×%d board (%s runs from 0 to %d)%s", key, a->text,
			     width, height, key, size - 1, note);
}

/* The unsafe fix: the move becomes the pass its message names; `x`
 * becomes `"pass": true` in place, `y` goes, and everything else of the
 * move (timeLeft, periodsLeft, …) stays. */
static void fix_pass(struct check *c, struct diag *d, json_object *move)
{
	if (member(move, "pass"))
		return;
	check_fix_rename(c, d, FIX_UNSAFE, "/x", "pass");
	check_fix_replace(c, d, FIX_UNSAFE, "/x", "true");
	check_fix_remove(c, d, FIX_UNSAFE, "/y");
}

static void check_point(struct check *c, const struct point_visit *p)
{
	int width = c->rec->width, height = c->rec->height;
	if (width <= 0 || height <= 0)
		return;  /* the board size is invalid: its own rule says so */
	if (p->has_xy && p->x >= 0 && p->x < width && p->y >= 0 && p->y < height)
		return;  /* the common case, without looking again */
	struct axis x = read_axis(p->point, "x"), y = read_axis(p->point, "y");
	if (p->kind == POINT_MOVE && looks_like_pass(c, &x, &y)) {
		json_object *color = member(p->point, "color");
		const char *shown = "…";  /* no usable colour: its own rule says so */
		if (json_object_is_type(color, json_type_string) &&
		    json_object_get_string_len(color) <= 40)
			shown = dom_json(color, JSON_C_TO_STRING_PLAIN |
							       JSON_C_TO_STRING_NOSLASHESCAPE, NULL);
		bool tt = x.value == 19 && y.value == 19;
		fix_pass(c, check_report(c, &rule_off_board, "", false,
			     "x %lld, y %lld is off the %d×%d board: most likely a pass %s; write the "
			     "move as {\"color\": %s, \"pass\": true}", x.value, y.value, width, height,
			     tt ? "(SGF's `tt`) converted as if it were a point"
				: "written as the point just beyond the board's last column and row",
			     shown), p->point);
		return;
	}
	/* Any other move off the board stops the replay of its line
	 * (engine/replay.c): no second finding follows from a guess. */
	const char *note = p->kind == POINT_MOVE ? "; the rest of this line is not replayed" : "";
	report_axis(c, &x, "x", width, width, height, note);
	report_axis(c, &y, "y", height, width, height, note);
}

const struct rule rule_off_board = {
	.id = "off-board",
	.category = "points",
	.severity = SEV_ERROR,
	.reads = READS_TREE_BOARD,
	.summary = "a coordinate lies outside the board",
	.explanation =
		"What it checks\n"
		"  Every point of the tree: moves, and the coords of setup, score and\n"
		"  markup. Coordinates are zero-based: x counts columns from the left and\n"
		"  runs from 0 to width - 1, y counts rows from the top and runs from 0 to\n"
		"  height - 1 (the board is 19×19 when `board` does not say). Each\n"
		"  coordinate outside that range is reported at its value. A point on the\n"
		"  board is named as players name it, then as the record writes it (D16\n"
		"  (3, 3): column D, the letters skip I, and row 16 counted from the\n"
		"  bottom); one off the board has no such name, and is given as x and y.\n"
		"\n"
		"  A move at x 19, y 19 on a 19×19 board (generally: x and y both equal\n"
		"  to the board's size, or SGF's `tt` on a board up to 19×19) is a pass\n"
		"  that a converter (Seki among them) wrote as a point: it is reported\n"
		"  once, with the pass that replaces it.\n"
		"\n"
		"  The replay of the go rules (see occupied-point) reads a move at that\n"
		"  point as the pass it most likely is, and goes on with its line. Any\n"
		"  other move off the board (x -5, y 99, a one-based 19) has no certain\n"
		"  reading: a stone somewhere, or a pass? Guessing would make findings\n"
		"  later in the line that are only consequences of the guess (a capture\n"
		"  that did not happen, then a move on a point still occupied), so the\n"
		"  replay stops there, and the message says that the rest of the line\n"
		"  is not replayed. A move with `\"pass\": true` beside its coordinates\n"
		"  is move-shape's: its coordinates are not checked here.\n"
		"\n"
		"Fix\n"
		"  Unsafe: a move at the point just past the board's last column and row\n"
		"  becomes the pass it most likely is (`x` becomes \"pass\": true, `y`\n"
		"  goes; timeLeft, periodsLeft and the rest stay).\n"
		"\n"
		"Why\n"
		"  A reader cannot show a point off the board: it rejects the record or\n"
		"  silently drops the point. A one-based coordinate (1 to 19) is the usual\n"
		"  cause, besides the pass.\n"
		"\n"
		"Fails\n"
		"  { \"board\": { \"size\": 19 },\n"
		"    \"tree\": [ {}, { \"move\": { \"color\": \"black\", \"x\": 19, \"y\": 3 } },\n"
		"                  { \"move\": { \"color\": \"white\", \"x\": 19, \"y\": 19 } } ] }\n"
		"\n"
		"Passes\n"
		"  { \"board\": { \"size\": 19 },\n"
		"    \"tree\": [ {}, { \"move\": { \"color\": \"black\", \"x\": 18, \"y\": 3 } },\n"
		"                  { \"move\": { \"color\": \"white\", \"pass\": true } } ] }\n",
	.fix = FIX_UNSAFE,
	.on_point = check_point,
};
