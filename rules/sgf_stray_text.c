/* sgf-stray-text: characters that are no part of SGF's syntax inside a game
 * tree: ignored. Emitted by: convert/sgf.c. */
#include "core/rule.h"

const struct rule rule_sgf_stray_text = {
	.id = "sgf-stray-text",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "characters that are no part of SGF's syntax inside a game tree: ignored",
	.explanation =
		"What it checks\n"
		"  Inside a game tree only nodes, properties, values and parentheses\n"
		"  have a meaning. Other characters (digits, punctuation) are ignored.\n"
		"\n"
		"Fix\n"
		"  None: the characters may be a lost property or value; deleting them\n"
		"  deletes text of the file.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19];B[aa]%;W[bb])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19];B[aa];W[bb])\n",
};
