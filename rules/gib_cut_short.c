/* gib-cut-short: a GIB game whose moves have no \GE after them, or whose
 * move numbers skip some: moves lost. Emitted by: convert/gib.c. */
#include "core/rule.h"

const struct rule rule_gib_cut_short = {
	.id = "gib-cut-short",
	.category = "gib",
	.severity = SEV_WARNING,
	.summary = "a GIB game whose moves have no \\GE after them, or whose move numbers skip: "
		   "moves may be lost",
	.explanation =
		"What it checks\n"
		"  A GIB game's moves, its `STO` lines, are closed by a `\\GE` line, as\n"
		"  every Tygem file has them. Moves with no `\\GE` before the file's end\n"
		"  or the next game's `\\HS` are read as they are, and said at the last\n"
		"  move: the rest of the game may have been cut off. A move whose\n"
		"  number (`STO 0 N ...`) is more than one past the last move's is\n"
		"  said too: the moves between are not in the file.\n"
		"\n"
		"Fails\n"
		"  \\GS\n"
		"  STO 0 2 1 15 15\n"
		"  STO 0 3 2 3 3\n"
		"\n"
		"Passes\n"
		"  \\GS\n"
		"  STO 0 2 1 15 15\n"
		"  STO 0 3 2 3 3\n"
		"  \\GE\n",
};
