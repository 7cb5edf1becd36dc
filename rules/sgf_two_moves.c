/* sgf-two-moves: more than one move in one node. Emitted by:
 * convert/nodeprops.c. */
#include "core/rule.h"

const struct rule rule_sgf_two_moves = {
	.id = "sgf-two-moves",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "more than one move in one node",
	.explanation =
		"What it checks\n"
		"  A node holds at most one move (`B` or `W`). A second move in the same\n"
		"  node gets a node of its own after the first; a third, or a move with\n"
		"  several values, is kept under `meta.sgf.nodes`.\n"
		"\n"
		"Fix\n"
		"  None: keeping one move and deleting the other changes the game;\n"
		"  which one is meant is the keeper's to say.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19];B[aa]W[bb])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19];B[aa];W[bb])\n",
};
