/* handicap-mismatch: rules.handicap disagrees with the stones set up and
 * the first moves.
 * The replay (engine/replay.c) meets the event on its board; this file
 * words it. */
#include "engine/replay.h"

extern const struct rule rule_handicap_mismatch;

static void word(const struct go_event *e)
{
	if (e->kind != GO_HANDICAP)
		return;
	long long h = e->handicap;
	unsigned long long black = e->set_black + e->played_black;
	const char *hn = go_field(e, "/rules/handicap", "rules.handicap");
	if (e->too_many)
		go_finding(e, &rule_handicap_mismatch,
			   "%s is %lld, but %llu black stones (and no white ones) are "
			   "set up before the first move; a handicap of %lld is %lld black stones, "
			   "set up before the first move or played before white's first", hn, h,
			   e->set_black, h, h);
	else
		go_finding(e, &rule_handicap_mismatch,
			   "%s is %lld, but black has only %llu stone%s by white's first "
			   "move (%llu set up, %lu played); a handicap of %lld is %lld black stones, "
			   "set up before the first move or played before white's first", hn, h, black,
			   black == 1 ? "" : "s", e->set_black, e->played_black, h, h);
}


const struct rule rule_handicap_mismatch = {
	.id = "handicap-mismatch",
	.category = "go",
	.severity = SEV_WARNING,
	.summary = "rules.handicap disagrees with the black stones set up or played first",
	/* "At most 9" is MAX_PLAIN_HANDICAP in engine/replay.c. */
	.explanation =
		"What it checks\n"
		"  A handicap of N >= 2 gives black N stones before white's first move:\n"
		"  set up before the first move of the main line (fixed placement, white\n"
		"  then plays first), played as black's first moves (free placement), or\n"
		"  some of each. The finding is at rules.handicap when\n"
		"  - the setup is a plain handicap (black stones only, at most 9, or N\n"
		"    when N is larger) with more than N stones; or\n"
		"  - white moves on the main line while black has fewer than N stones\n"
		"    (those set up before the first move plus black's moves before\n"
		"    white's first). A white pass right after one of black's opening\n"
		"    stones (;B[dd];W[];B[pp] in SGF) is no move of white's: black is\n"
		"    placing its handicap, as jgflint duplicates reads it too.\n"
		"  Not reported: a main line without moves; a setup before the first\n"
		"  move with white stones, or with more black stones than a plain\n"
		"  handicap (a whole position, as in problem collections that keep the\n"
		"  original game's handicap); a main line of black moves only.\n"
		"  Points are named as players name them, then as the record writes them:\n"
		"  D16 (3, 3) is column D (the letters skip I) and row 16 counted from\n"
		"  the bottom, and (x, y) zero-based from the top left.\n"
		"\n"
		"Why\n"
		"  Programs read the handicap to score the game (some rules give white\n"
		"  one point of compensation per stone) and to display it; a record whose\n"
		"  stones tell another story has a wrong handicap or lost its stones.\n"
		"\n"
		"Fails\n"
		"      0 1 2 3 4 5 6 7 8\n"
		"    0 . . . . . . . . .     rules.handicap 4, but the root node sets\n"
		"    1 . . . . . . . . .     up only two black stones, and white plays\n"
		"    2 . . X . . . . . .\n"
		"    3 . . . . . . . . .\n"
		"    4 . . . . . . . . .\n"
		"    5 . . . . . . . . .\n"
		"    6 . . . . . . X . .     the first move\n"
		"\n"
		"  rules.handicap 4 and five black stones set up.\n"
		"\n"
		"Passes\n"
		"  The same with black stones also at (6, 2) and (2, 6); or no setup and\n"
		"  black's four first moves anywhere (with or without white passes\n"
		"  between them), then white's; or the two stones and black's two first\n"
		"  moves; or a problem that sets up black and white stones, whatever its\n"
		"  rules.handicap.\n",
	.on_go = word,
};
