/* sgf-empty-variation: a variation with no node of its own, `()` or a `(`
 * right before another: ignored. Emitted by: convert/sgf.c. */
#include "core/rule.h"

const struct rule rule_sgf_empty_variation = {
	.id = "sgf-empty-variation",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "a variation with no node of its own: ignored",
	.explanation =
		"What it checks\n"
		"  Every game tree starts with a node: `(` is followed by `;`. An empty\n"
		"  variation `()` holds nothing and is ignored; a `(` followed by\n"
		"  another `(` starts no variation of its own, and the two are read as\n"
		"  one. Neither changes a move; a writer that leaves them most likely\n"
		"  lost a node there.\n"
		"\n"
		"Fails\n"
		"  (;GM[1];B[cc]())\n"
		"  (;GM[1];B[cc]((;W[dd])))\n"
		"\n"
		"Passes\n"
		"  (;GM[1];B[cc](;W[dd]))\n",
};
