/* sgf-text-outside: text outside a game tree is ignored. Emitted by:
 * convert/sgf.c. */
#include "core/rule.h"

const struct rule rule_sgf_text_outside = {
	.id = "sgf-text-outside",
	.category = "sgf",
	.severity = SEV_INFO,
	.summary = "text outside a game tree is ignored",
	.explanation =
		"What it checks\n"
		"  A collection is a sequence of game trees; text between or after them\n"
		"  (a mail's lines, a header a server writes, `CA[UTF-8]` before the\n"
		"  `(;`) is no part of any game and is ignored. SGFC reads it so too.\n"
		"\n"
		"Fix\n"
		"  None: the text outside the game trees is the file's own (a header, a\n"
		"  note); it is left as it is.\n"
		"\n"
		"Fails\n"
		"    Game 1 of the match\n"
		"    (;GM[1]SZ[19];B[aa])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19];B[aa])\n",
};
