/* gib-unclosed-game: a GIB game whose moves have no \GE after them, where
 * no move is known to be lost. Emitted by: convert/gib.c. */
#include "core/rule.h"

const struct rule rule_gib_unclosed_game = {
	.id = "gib-unclosed-game",
	.category = "gib",
	.severity = SEV_WARNING,
	.summary = "a GIB game whose moves have no \\GE after them: the file was cut short",
	.explanation =
		"What it checks\n"
		"  A GIB game's moves, its `STO` lines, are closed by a `\\GE` line, as\n"
		"  every Tygem file has them. Moves with no `\\GE` before the file's end\n"
		"  or the next game's `\\HS` are read as they are, and said where the\n"
		"  game ends: the file was cut short. When the game's count (its second\n"
		"  line, `3 0 &4`) names the last move read, no move was lost; when it\n"
		"  names a later one, moves were, and that is `gib-cut-short`'s, an\n"
		"  error; without a count, the rest of the game may have been cut off.\n"
		"\n"
		"Fails\n"
		"  \\GS\n"
		"  2 1 0\n"
		"  3 0 &4\n"
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
