/* ugf-no-game: a file named .ugf, .ugi or .ugz that holds no UGF data and
 * is not JSON or another record format either: nothing in it is read.
 * Emitted by: convert/named.c. */
#include "core/rule.h"

const struct rule rule_ugf_no_game = {
	.id = "ugf-no-game",
	.category = "ugf",
	.severity = SEV_ERROR,
	.summary = "a file named .ugf, .ugi or .ugz holds no UGF game: nothing in it is read",
	.explanation =
		"What it checks\n"
		"  UGF and UGI (PandaNet, Igowin) start with a `[Header]` line, after\n"
		"  `#` comment lines; UGZ is UGF compressed as an LHA archive. A file\n"
		"  with one of these names that holds neither (an empty file, only\n"
		"  white space, a saved HTML page, plain text, or bytes no text holds)\n"
		"  and is not JSON, SGF, GIB or NGF either gets this one finding, which\n"
		"  says what it holds, instead of the JSON syntax error of its first\n"
		"  word; nothing in it is read, and `--convert` has nothing to convert\n"
		"  (exit 2).\n"
		"\n"
		"Fails\n"
		"    Game 1: Black resigns\n"
		"\n"
		"Passes\n"
		"    [Header]\n"
		"    Size=19\n"
		"    [Data]\n"
		"    QD,B1,1,0\n",
};
