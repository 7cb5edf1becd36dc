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
		"  Unsafe (`--unsafe-fixes`) for `DO`, `IT` and `BM` (not 1 or 2) in\n"
		"  the root, which `--convert --to sgf` writes in `GC`: the fix takes\n"
		"  the property out and writes it in `GC` (`DO[x]` as `GC[DO[x\\]]`, or\n"
		"  added to the root's `GC`), one repair of two edits, written together\n"
		"  or not at all. Any other has none: deleting the annotation, or moving\n"
		"  it to a node with a move, changes what the file says of the game.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19];B[cc];TE[2])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19];B[cc]TE[2])\n",
	.fix = FIX_UNSAFE,
};
