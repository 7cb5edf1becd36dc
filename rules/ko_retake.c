/* ko-retake: a move that takes back a ko at once.
 * The replay (engine/replay.c) meets the event on its board; this file
 * words it. */
#include "engine/replay.h"

extern const struct rule rule_ko_retake;

static void word(const struct go_event *e)
{
	if (e->kind != GO_KO_RETAKE)
		return;
	char at[GO_WHERE_SIZE];
	const char *who = go_color_name[e->color];
	go_finding(e, &rule_ko_retake,
		   "move %lu (%s at %s) retakes the ko at once: it recreates the position before "
		   "move %lu, %s's capture; %s must play elsewhere first%s", e->move, who,
		   go_where(e, at), e->ko_move, go_color_name[e->color ^ 3], who, GO_STOPS);
}


const struct rule rule_ko_retake = {
	.id = "ko-retake",
	.category = "go",
	.severity = SEV_ERROR,
	.summary = "a move retakes a ko at once, recreating the position before the opponent's move",
	.explanation =
		"What it checks\n"
		"  In the replay (see occupied-point), a move that captures and thereby\n"
		"  recreates the position before the opponent's last move is an\n"
		"  immediate ko retake, forbidden by every ruleset. The finding names the\n"
		"  opponent's capturing move; the line stops there. Capturing back after\n"
		"  a move elsewhere (a ko threat and its answer, or a pass) is legal, and\n"
		"  so are shapes that only look like ko: recapturing one stone after\n"
		"  losing two, and a snapback.\n"
		"  Points are named as players name them, then as the record writes them:\n"
		"  D16 (3, 3) is column D (the letters skip I) and row 16 counted from\n"
		"  the bottom, and (x, y) zero-based from the top left.\n"
		"\n"
		"Why\n"
		"  Without the ko rule the two players could capture back and forth\n"
		"  forever. A record with an immediate retake was not played under any\n"
		"  rules: a move (usually a ko threat and its answer) is missing.\n"
		"\n"
		"Fails\n"
		"      0 1 2 3\n"
		"    0 . X O .       white 1 at (1, 1) has just captured a black stone\n"
		"    1 X 1 a O       at a = (2, 1). Black 2 at a captures 1 and recreates\n"
		"    2 . X O .       the position before it: black must play elsewhere\n"
		"    3 . . . .       first\n"
		"\n"
		"Passes\n"
		"  Black 2 elsewhere (a ko threat), white 3 answers it, then black 4 at a\n"
		"  captures 1: the position before white's last move (3) is not repeated.\n",
	.on_go = word,
};
