/* ko-retake: a move that takes back a ko at once. Emitted by:
 * engine/replay.c (the replay). */
#include "core/rule.h"

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
		"  losing two, and a snapback. Points are (x, y), zero-based, from the top\n"
		"  left.\n"
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
};
