/* sgf-empty-variation: a variation with no node of its own, `()` or a `(`
 * right after another: ignored. Emitted by: convert/sgf.c. */
#include "core/rule.h"

const struct rule rule_sgf_empty_variation = {
	.id = "sgf-empty-variation",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "a variation with no node of its own: ignored",
	.explanation =
		"What it checks\n"
		"  Every game tree starts with a node: `(` is followed by `;`. An empty\n"
		"  variation `()` holds nothing and is ignored; a `(` right after\n"
		"  another `(`, before any node, starts nothing and is ignored, as SGFC\n"
		"  ignores it: the `)` that follow close the levels SGFC closes, so that\n"
		"  in `(;GM[1]((;C[a]))(;GM[1])` the game ends at the second `)` and the\n"
		"  next game is a game of its own. Neither changes a move; a writer that\n"
		"  leaves them most likely lost a node there.\n"
		"\n"
		"Fix\n"
		"  None: the `()` is read as if it were not there; it is left in the\n"
		"  file.\n"
		"\n"
		"Fails\n"
		"    (;GM[1];B[cc]())\n"
		"    (;GM[1];B[cc]((;W[dd])))\n"
		"\n"
		"Passes\n"
		"    (;GM[1];B[cc](;W[dd]))\n",
};
