/* setup-no-effect: a setup instruction that changes nothing.
 * The replay (engine/replay.c) meets the event on its board; this file
 * words it. */
#include <stdbool.h>

#include "base/buf.h"
#include "engine/replay.h"

extern const struct rule rule_setup_no_effect;

/* Whether spot i of colour is the first of its point (a point the setup
 * lists twice is named once). */
static bool first_of(const struct go_event *e, size_t i, int color)
{
	const struct go_spot *s = &e->spots[i];
	if (s->color != color)
		return false;
	for (size_t j = 0; j < i; j++)
		if (e->spots[j].x == s->x && e->spots[j].y == s->y && e->spots[j].color == color)
			return false;
	return true;
}

/* "A", "A and B", "A, B and C": the names of the points of colour. */
static size_t names(struct buf *out, const struct go_event *e, int color)
{
	size_t n = 0, k = 0;
	for (size_t i = 0; i < e->nspots; i++)
		n += first_of(e, i, color);
	char at[GO_WHERE_SIZE];
	for (size_t i = 0; i < e->nspots; i++) {
		if (!first_of(e, i, color))
			continue;
		if (k++)
			buf_adds(out, k == n ? " and " : ", ");
		buf_adds(out, go_name(e, e->spots[i].x, e->spots[i].y, at));
	}
	return n;
}

/* One finding a node, naming every point of its setup that changes
 * nothing, by colour. */
static void word(const struct go_event *e)
{
	if (e->kind != GO_SETUP_NO_EFFECT)
		return;
	char at[GO_WHERE_SIZE];
	const char *color = go_color_name[e->color];
	size_t points = 0;
	for (size_t i = 0; i < e->nspots; i++)
		points += first_of(e, i, e->spots[i].color);
	if (points == 1 && e->color == STONE_NONE) {
		go_finding(e, &rule_setup_no_effect, "setup clears %s, which is already empty",
			   go_where(e, at));
		return;
	}
	if (points == 1) {
		go_finding(e, &rule_setup_no_effect,
			   "setup places a %s stone at %s, where a %s stone already stands", color,
			   go_where(e, at), color);
		return;
	}
	struct buf msg = BUF_INIT, list = BUF_INIT;
	buf_printf(&msg, "setup changes nothing at %zu points: ", points);
	static const int order[] = { STONE_BLACK, STONE_WHITE, STONE_NONE };
	bool first = true;
	for (size_t c = 0; c < 3; c++) {
		buf_truncate(&list, 0);
		size_t n = names(&list, e, order[c]);
		if (!n)
			continue;
		if (!first)
			buf_adds(&msg, "; ");
		first = false;
		if (order[c] == STONE_NONE)
			buf_printf(&msg, "%s %s already empty", list.data, n == 1 ? "is" : "are");
		else if (n == 1)
			buf_printf(&msg, "a %s stone already stands at %s", go_color_name[order[c]],
				   list.data);
		else
			buf_printf(&msg, "%s stones already stand at %s", go_color_name[order[c]],
				   list.data);
	}
	go_finding(e, &rule_setup_no_effect, "%s", msg.data);
	buf_free(&list);
	buf_free(&msg);
}

const struct rule rule_setup_no_effect;

const struct rule rule_setup_no_effect = {
	.id = "setup-no-effect",
	.category = "go",
	.severity = SEV_WARNING,
	.summary = "a setup point changes nothing: the stone is already there, or the point is empty",
	.explanation =
		"What it checks\n"
		"  In the replay (see occupied-point), each point of a setup entry must\n"
		"  change the position: a black or white entry must not name a point\n"
		"  where a stone of that colour already stands (placed by a move, by an\n"
		"  earlier setup, or earlier in the same node), and a clear entry must\n"
		"  not name an empty point.\n"
		"  Points are named as players name them, then as the record writes them:\n"
		"  D16 (3, 3) is column D (the letters skip I) and row 16 counted from\n"
		"  the bottom, and (x, y) zero-based from the top left.\n"
		"  The points of one node that change nothing are one finding, at\n"
		"  the first of them, naming each.\n"
		"\n"
		"Why\n"
		"  A setup that changes nothing is usually a point meant for somewhere\n"
		"  else (a mistyped coordinate, or a diagram drawn on the wrong position),\n"
		"  or a leftover from conversion that bloats the record.\n"
		"\n"
		"Fails\n"
		"      0 1 2 3\n"
		"    0 . . . .       move 1: black (1, 1)\n"
		"    1 . X . .       then setup: black (1, 1)   (already black)\n"
		"    2 . . . .               clear (3, 2)   (already empty)\n"
		"\n"
		"  { \"setup\": [ { \"type\": \"black\", \"coords\": [ { \"x\": 1, \"y\": 1 } ] },\n"
		"               { \"type\": \"clear\", \"coords\": [ { \"x\": 3, \"y\": 2 } ] } ] }\n"
		"\n"
		"Passes\n"
		"  Any of these setups: white (1, 1) (replaces the black stone); clear\n"
		"  (1, 1) (removes it); black (3, 2) (an empty point).\n",
	.on_go = word,
};
