/* sgf-no-game-tree: a file named .sgf that holds no SGF data (no game tree
 * `(;`) and is not JSON either: nothing in it is read. Emitted by:
 * convert/named.c (a check in place, the library, and --convert). */
#include "core/rule.h"

const struct rule rule_sgf_no_game_tree = {
	.id = "sgf-no-game-tree",
	.category = "sgf",
	.severity = SEV_ERROR,
	.summary = "a file named .sgf holds no game tree `(;`: nothing in it is read",
	.explanation =
		"What it checks\n"
		"  SGF data starts with a game tree, `(;`. A file named .sgf that holds\n"
		"  none (an empty file, only white space, a saved HTML page, a note in\n"
		"  plain text, or bytes no text holds: a control character before any\n"
		"  game tree) and is not JSON either is SGFC's \"no SGF data\": one\n"
		"  finding says what the file holds instead, at its start (or at the\n"
		"  control character), rather than the JSON syntax error of its first\n"
		"  word; nothing in it is read, and `--convert` has nothing to convert\n"
		"  (exit 2). A file named .sgf that holds JSON is checked as a record;\n"
		"  one that starts with a binary format's magic number (gzip, ZIP, a\n"
		"  PNG...) is `foreign-format`, which names it. Text before a game tree\n"
		"  is `sgf-text-outside`, not this rule.\n"
		"\n"
		"Fix\n"
		"  None: there is no game to repair.\n"
		"\n"
		"Fails\n"
		"    <!DOCTYPE html><html><body>Game 1</body></html>\n"
		"\n"
		"Passes\n"
		"    Game 1 (;GM[1]SZ[19];B[pd])\n",
};
