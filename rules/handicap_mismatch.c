/* handicap-mismatch: rules.handicap disagrees with the stones set up and
 * the first moves. Emitted by the replay (src/replay.c). */
#include "rule.h"

const struct rule rule_handicap_mismatch = {
	.id = "handicap-mismatch",
	.category = "go",
	.severity = SEV_WARNING,
	.summary = "rules.handicap disagrees with the black stones set up or played first",
	.explanation =
		"What it checks\n"
		"  A handicap of N >= 2 is given either as N black stones set up in the\n"
		"  root node (fixed placement, white then plays first) or as N black\n"
		"  moves at the start of the main line (free placement). The finding is\n"
		"  at rules.handicap when the root node sets up another number of black\n"
		"  stones and the main line does not open with N black moves (a white\n"
		"  move comes before black's N-th). A main line that ends before that is\n"
		"  not reported. Points are (x, y), zero-based, from the top left.\n"
		"\n"
		"Why\n"
		"  Programs read the handicap to score the game (some rules give white\n"
		"  one point of compensation per stone) and to display it; a record whose\n"
		"  stones tell another story has a wrong handicap or lost its stones.\n"
		"\n"
		"Fails\n"
		"      0 1 2 3 4 5 6 7 8\n"
		"    0 . . . . . . . . .     rules.handicap 4, but the root node sets\n"
		"    1 . . . . . . . . .     up only two black stones\n"
		"    2 . . X . . . . . .\n"
		"    3 . . . . . . . . .\n"
		"    4 . . . . . . . . .\n"
		"    5 . . . . . . . . .\n"
		"    6 . . . . . . X . .\n"
		"\n"
		"Passes\n"
		"  The same with black stones also at (6, 2) and (2, 6); or no setup and\n"
		"  black's four first moves anywhere, then white's.\n",
};
