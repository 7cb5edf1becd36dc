/* suicide: a move that leaves its own chain without liberties when the rules
 * forbid it.
 * The replay (engine/replay.c) meets the event on its board; this file
 * words it. */
#include "engine/replay.h"

extern const struct rule rule_suicide;

static void word(const struct go_event *e)
{
	if (e->kind != GO_SUICIDE)
		return;
	char at[GO_WHERE_SIZE];
	const char *who = go_color_name[e->color];
	if (e->len == 1)
		go_finding(e, &rule_suicide,
			   "move %lu (%s at %s) is suicide: it captures nothing and its stone has "
			   "no liberty, which these rules forbid (rules.allowSuicide is not true)%s",
			   e->move, who, go_where(e, at), GO_STOPS);
	else
		go_finding(e, &rule_suicide,
			   "move %lu (%s at %s) is suicide: it captures nothing and leaves its chain "
			   "of %zu stones without liberties, which these rules forbid "
			   "(rules.allowSuicide is not true)%s", e->move, who, go_where(e, at), e->len,
			   GO_STOPS);
}


const struct rule rule_suicide = {
	.id = "suicide",
	.category = "go",
	.severity = SEV_ERROR,
	.summary = "a move leaves its own chain without liberties, and the rules forbid suicide",
	.explanation =
		"What it checks\n"
		"  In the replay (see occupied-point), a move first captures every enemy\n"
		"  chain it leaves without liberties; if its own chain then has no\n"
		"  liberty, the move is suicide. Unless rules.allowSuicide is true (it is\n"
		"  false by default), that is an error and the line stops there. With\n"
		"  allowSuicide, the chain is removed from the board and replay goes on.\n"
		"  Points are named as players name them, then as the record writes them:\n"
		"  D16 (3, 3) is column D (the letters skip I) and row 16 counted from\n"
		"  the bottom, and (x, y) zero-based from the top left.\n"
		"\n"
		"Why\n"
		"  Most rulesets (Japanese, Chinese, Korean, AGA) forbid suicide, so the\n"
		"  move could not have been played; the record is corrupt or its rules\n"
		"  are wrong (New Zealand and Tromp-Taylor rules allow it).\n"
		"\n"
		"Fails\n"
		"      0 1 2 3\n"
		"    0 * O . .       black * at (0, 0): the stone has no liberty and\n"
		"    1 O . . .       captures nothing (both white stones keep liberties)\n"
		"    2 . . . .\n"
		"\n"
		"Passes\n"
		"      0 1 2 3\n"
		"    0 * O X .       black * at (0, 0) takes the last liberty of both\n"
		"    1 O X . .       white stones: they are captured first, and the\n"
		"    2 X . . .       black stone then has two liberties\n"
		"\n"
		"  { \"rules\": { \"allowSuicide\": true }, ... }   (the first diagram, legal)\n",
	.on_go = word,
};
