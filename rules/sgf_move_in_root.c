/* sgf-move-in-root: a move in the game tree's first node. Emitted by:
 * convert/convtree.c. */
#include "core/rule.h"

const struct rule rule_sgf_move_in_root = {
	.id = "sgf-move-in-root",
	.category = "sgf",
	.severity = SEV_INFO,
	.summary = "a move in the root node: read as the first node after the root",
	.explanation =
		"What it checks\n"
		"  JGF's root node holds no move (the game information, and a setup,\n"
		"  come before the first move); SGF allows one there, and SGFC splits\n"
		"  it off (its message 24). The move becomes the first node after the\n"
		"  root, with its comments, marks and judgements (BM[1], DM[2], V);\n"
		"  the game is the same. --to sgf writes it so too.\n"
		"\n"
		"Fix\n"
		"  None: moving the move out of the root into a node of its own changes\n"
		"  the game tree (each node after it one further on), as `--convert`\n"
		"  writes it; the file is left as it is.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19]B[dd];W[pp])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19];B[dd];W[pp])\n",
};
