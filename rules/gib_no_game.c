/* gib-no-game: a file named .gib that holds no GIB data and is not JSON
 * or another record format either: nothing in it is read. Emitted by:
 * convert/named.c. */
#include "core/rule.h"

const struct rule rule_gib_no_game = {
	.id = "gib-no-game",
	.category = "gib",
	.severity = SEV_ERROR,
	.summary = "a file named .gib holds no GIB game: nothing in it is read",
	.explanation =
		"What it checks\n"
		"  Tygem's GIB starts with a header: a `\\HS` line, or a `\\[KEY=` line.\n"
		"  A file named .gib that starts with neither (an empty file, only white\n"
		"  space, a saved HTML page, plain text, or bytes no text holds) and is\n"
		"  not JSON, SGF, NGF or UGF either gets this one finding, which says\n"
		"  what it holds, instead of the JSON syntax error of its first word;\n"
		"  nothing in it is read, and `--convert` has nothing to convert (exit\n"
		"  2). A GIB header with no move line is a game without moves, not this\n"
		"  rule.\n"
		"\n"
		"Fails\n"
		"    Game 1: Black resigns\n"
		"\n"
		"Passes\n"
		"    \\HS\n"
		"    \\[GAMEBLACKNAME=Black\\]\n"
		"    \\HE\n"
		"    \\GS\n"
		"    STO 0 1 1 15 3\n"
		"    \\GE\n",
};
