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
		"  A GIB game's moves (`STO` lines) are closed by `\\GE`. Moves with no\n"
		"  `\\GE` before the file's end or the next `\\HS` are read and said where\n"
		"  the game ends: the file was cut short, losing no move when the\n"
		"  game's count (its second line, `3 0 &4`) names the last one read,\n"
		"  maybe some when there is no count (a later one: `gib-cut-short`).\n"
		"\n"
		"Fails\n"
		"    \\GS\n"
		"    2 1 0\n"
		"    3 0 &4\n"
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
