/* sgf-setup-with-move: setup (AB, AW, AE, PL) and a move in one node.
 * Emitted by: convert/convtree.c. */
#include "core/rule.h"

const struct rule rule_sgf_setup_with_move = {
	.id = "sgf-setup-with-move",
	.category = "sgf",
	.severity = SEV_INFO,
	.summary = "setup and a move in one node: read as the setup's node, then the move's",
	.explanation =
		"What it checks\n"
		"  SGF FF[4] says setup (`AB`, `AW`, `AE`) and a move do not share a\n"
		"  node, and JGF never combines them. Such a node is read as two: the\n"
		"  setup first, then the move, which is the order the stones stand in\n"
		"  (SGFC splits it the same way, its message 30). The game is the same;\n"
		"  the finding says where the record is not FF[4]. `PL` is setup too: a\n"
		"  `PL` of the move's own colour (`B[cc]PL[B]`) is read as a node of its\n"
		"  own before the move, with this finding; one of the other colour\n"
		"  (`W[mo]PL[B]`, as editors write who plays next) is read as the turn\n"
		"  after the move, which the move gives anyway, without one.\n"
		"\n"
		"Fix\n"
		"  None: splitting the setup from the move into a node of its own\n"
		"  changes the game tree (a node more), as `--convert` writes it; the\n"
		"  file is left as it is.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19];B[cc]AW[dd])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19];AW[dd];B[cc])\n",
};
