/* sgf-not-go: the game is not Go (GM is not 1): it is not read. Emitted by:
 * convert/convert.c. */
#include "core/rule.h"

const struct rule rule_sgf_not_go = {
	.id = "sgf-not-go",
	.category = "sgf",
	.severity = SEV_ERROR,
	.summary = "the game is not Go (GM is not 1): it is not read",
	.explanation =
		"What it checks\n"
		"  SGF records many games; GM[1] is Go (and a record without GM is\n"
		"  Go). A game of another type (GM[2] Othello, GM[3] chess...) is not\n"
		"  converted nor checked.\n"
		"\n"
		"Fix\n"
		"  None: a game of another kind is not Go's to repair.\n"
		"\n"
		"Fails\n"
		"    (;GM[2]SZ[8])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19])\n",
};
