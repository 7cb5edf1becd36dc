/* ngf-no-game: a file named .ngf that holds no NGF data and is not JSON or
 * another record format either: nothing in it is read. Emitted by:
 * convert/named.c. */
#include "core/rule.h"

const struct rule rule_ngf_no_game = {
	.id = "ngf-no-game",
	.category = "ngf",
	.severity = SEV_ERROR,
	.summary = "a file named .ngf holds no NGF game: nothing in it is read",
	.explanation =
		"What it checks\n"
		"  WBaduk's NGF holds a title line, the board size alone on the second\n"
		"  line, and `PM` move lines. A file named .ngf that has neither the\n"
		"  board size nor a move line (an empty file, only white space, a saved\n"
		"  HTML page, plain text, or bytes no text holds) and is not JSON, SGF,\n"
		"  GIB or UGF either gets this one finding, which says what it holds,\n"
		"  instead of the JSON syntax error of its first word; nothing in it is\n"
		"  read, and `--convert` has nothing to convert (exit 2).\n"
		"\n"
		"Fails\n"
		"    Game 1: Black resigns\n"
		"\n"
		"Passes\n"
		"    Rated game\n"
		"    9\n"
		"    W         1DP\n"
		"    B         1DP\n"
		"    www.cyberoro.com\n"
		"    0\n"
		"    0\n"
		"    0\n"
		"    20170316 [09:37]\n"
		"    5\n"
		"    Black wins by 3!\n"
		"    1\n"
		"    PMABBCCCC\n",
};
