/* gib-cut-short: a GIB game that lost moves: its move numbers skip some,
 * or its moves end before the number its count names, or are fewer
 * than GAMEINFOMAIN's TCNT; or a
 * move line doubled or out of order.
 * Emitted by: convert/gib.c. */
#include "core/rule.h"

const struct rule rule_gib_cut_short = {
	.id = "gib-cut-short",
	.category = "gib",
	.severity = SEV_ERROR,
	.summary = "a GIB game that lost moves: its move numbers skip, or they end before the "
		   "last move its count names",
	.explanation =
		"What it checks\n"
		"  Tygem numbers a game's moves one after another (`STO 0 N ...`, the\n"
		"  first 2), names the last one on the game's second line (`119 0 &4`)\n"
		"  and closes them with `\\GE`. A number that skips lost the moves\n"
		"  between (a number repeated, or one whose skipped numbers come\n"
		"  later, is a line doubled or moved); moves that end before the\n"
		"  number the count names lost the rest (a file cut short, or lines\n"
		"  lost before its `\\GE`), said where they end (a cut that lost none:\n"
		"  `gib-unclosed-game`); so did fewer moves than TCNT counts. Moves\n"
		"  lost are an error: the record is not the game.\n"
		"\n"
		"Fails\n"
		"    \\GS\n"
		"    2 1 0\n"
		"    5 0 &4\n"
		"    INI 0 1 0 &4\n"
		"    STO 0 2 1 15 15\n"
		"    STO 0 3 2 3 3\n"
		"\n"
		"Passes\n"
		"    \\GS\n"
		"    2 1 0\n"
		"    3 0 &4\n"
		"    INI 0 1 0 &4\n"
		"    STO 0 2 1 15 15\n"
		"    STO 0 3 2 3 3\n"
		"    \\GE\n",
};
