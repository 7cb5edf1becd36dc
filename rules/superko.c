/* superko: with rules.disallowRepeats, a move that recreates an earlier
 * whole-board position.
 * The replay (engine/replay.c) meets the event on its board; this file
 * words it. */
#include <stdio.h>

#include "engine/replay.h"

extern const struct rule rule_superko;

static void word(const struct go_event *e)
{
	if (e->kind != GO_SUPERKO)
		return;
	char at[GO_WHERE_SIZE], earlier[64];
	switch (e->earlier) {
	case GO_AFTER_MOVE:
		snprintf(earlier, sizeof earlier, "after move %lu", e->earlier_move);
		break;
	case GO_SET_UP_AFTER:
		snprintf(earlier, sizeof earlier, "set up after move %lu", e->earlier_move);
		break;
	case GO_SET_UP_BEFORE:
		snprintf(earlier, sizeof earlier, "set up before move 1");
		break;
	case GO_EMPTY_BOARD:
		snprintf(earlier, sizeof earlier, "of the empty board");
		break;
	}
	go_finding(e, &rule_superko,
		   "move %lu (%s at %s) repeats the whole-board position %s, which "
		   "%s forbids (positional superko)%s", e->move,
		   go_color_name[e->color], go_where(e, at), earlier,
		   go_field(e, "/rules/disallowRepeats", "rules.disallowRepeats"), GO_STOPS);
}


const struct rule rule_superko = {
	.id = "superko",
	.category = "go",
	.severity = SEV_ERROR,
	.summary = "with rules.disallowRepeats, a move recreates an earlier whole-board position",
	.explanation =
		"What it checks\n"
		"  When rules.disallowRepeats is true, no move may recreate a whole-board\n"
		"  position seen before in the same line of play: the position after any\n"
		"  earlier move or setup, or the empty board. This is positional superko\n"
		"  (the stones on the board, whoever is to play), as in Chinese and\n"
		"  Tromp-Taylor rules; situational superko (AGA, New Zealand) allows a\n"
		"  few of these repetitions in rare shapes. The replay (see\n"
		"  occupied-point) keeps a hash of every position of the line; the\n"
		"  finding names the move whose position repeats, and the line stops. An\n"
		"  immediate ko retake is reported as ko-retake instead. Passes do not\n"
		"  create positions.\n"
		"  Points are named as players name them, then as the record writes them:\n"
		"  D16 (3, 3) is column D (the letters skip I) and row 16 counted from\n"
		"  the bottom, and (x, y) zero-based from the top left.\n"
		"\n"
		"Why\n"
		"  Triple ko, eternal life and similar shapes can cycle forever under the\n"
		"  simple ko rule; rules with superko forbid the repeating move, so a\n"
		"  record that plays it was not played under the rules it names.\n"
		"\n"
		"Fails\n"
		"      0 1 2 3 4     With disallowRepeats: black 1 at (0, 0), white 2 at\n"
		"    0 . X . O X     (2, 0) captures two, black 3 at (1, 0) captures two,\n"
		"    1 O O X X X     white 4 at (3, 0) brings back the position before 1:\n"
		"    2 . . . . .     a cycle of four moves (eternal life). White 4 fails.\n"
		"\n"
		"Passes\n"
		"  The same moves without disallowRepeats (the simple ko rule allows the\n"
		"  cycle), or with white 4 played elsewhere.\n",
	.on_go = word,
};
