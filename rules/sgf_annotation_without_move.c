/* sgf-annotation-without-move: a move annotation in a node without a move.
 * Emitted by: convert/sgfrules.c. */
#include "core/rule.h"

const struct rule rule_sgf_annotation_without_move = {
	.id = "sgf-annotation-without-move",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "a move annotation (TE, BM, DO, IT) in a node without a move",
	.explanation =
		"What it checks\n"
		"  `TE`, `BM`, `DO` and `IT` judge the move of their node; SGF FF[4] puts\n"
		"  them beside a `B` or `W` only, and SGFC reports one without (its\n"
		"  message 43). Most often the annotation was meant for the move before\n"
		"  or after. It is kept under `meta.sgf` as written.\n"
		"\n"
		"Fix\n"
		"  None: deleting the annotation, or moving it to a node with a move,\n"
		"  changes what the file says of the game.\n"
		"\n"
		"Fails\n"
		"  (;GM[1]SZ[19];B[cc];TE[2])\n"
		"\n"
		"Passes\n"
		"  (;GM[1]SZ[19];B[cc]TE[2])\n",
};
