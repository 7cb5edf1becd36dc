/* gib-cut-short: a GIB game that lost moves: its move numbers skip some,
 * or its moves end, with no \GE, before the number its count names.
 * Emitted by: convert/gib.c. */
#include "core/rule.h"

const struct rule rule_gib_cut_short = {
	.id = "gib-cut-short",
	.category = "gib",
	.severity = SEV_ERROR,
	.summary = "a GIB game that lost moves: its move numbers skip, or it ends with no \\GE "
		   "before the last move its count names",
	.explanation =
		"What it checks\n"
		"  Tygem numbers a game's moves one after another (`STO 0 N ...`, the\n"
		"  first move 2), writes its last move's number on the game's second\n"
		"  line (`119 0 &4`) and closes the moves with `\\GE`. A move whose\n"
		"  number is more than one past the last move's lost the moves between\n"
		"  (lines lost from the middle of the file): said at the move. Moves\n"
		"  that end with no `\\GE`, at the end of the file or the next game's\n"
		"  `\\HS`, before the number the count names lost the rest of the game\n"
		"  (a file cut short): said where the game ends, with how many. Moves\n"
		"  lost are an error, as SGFC's \"unexpected end of file\" is for an SGF\n"
		"  file cut short: the record is not the game. Moves with no `\\GE` that\n"
		"  may have lost none are `gib-unclosed-game`'s.\n"
		"\n"
		"Fails\n"
		"  \\GS\n"
		"  2 1 0\n"
		"  5 0 &4\n"
		"  INI 0 1 0 &4\n"
		"  STO 0 2 1 15 15\n"
		"  STO 0 3 2 3 3\n"
		"\n"
		"Passes\n"
		"  \\GS\n"
		"  2 1 0\n"
		"  3 0 &4\n"
		"  INI 0 1 0 &4\n"
		"  STO 0 2 1 15 15\n"
		"  STO 0 3 2 3 3\n"
		"  \\GE\n",
};
