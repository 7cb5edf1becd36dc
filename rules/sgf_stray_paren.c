/* sgf-stray-paren: a `)` without a `(`: ignored. Emitted by: convert/sgf.c. */
#include "core/rule.h"

const struct rule rule_sgf_stray_paren = {
	.id = "sgf-stray-paren",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "a `)` without a `(`: ignored",
	.explanation =
		"What it checks\n"
		"  Outside a game tree a `)` closes nothing; it is ignored. A `)` in\n"
		"  text before a game tree, or between two (`Game (1) (;GM[1]...)`),\n"
		"  is that text's, which is ignored as a whole (`sgf-text-outside`).\n"
		"\n"
		"Fix\n"
		"  None: taking the `)` out changes where the game trees end for other\n"
		"  readers; it is ignored where it is read and left in the file.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19];B[aa]))\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19];B[aa])\n",
};
