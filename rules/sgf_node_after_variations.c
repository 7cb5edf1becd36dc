/* sgf-node-after-variations: a node after the variations of its game tree:
 * read as one more variation. Emitted by: convert/sgf.c. */
#include "core/rule.h"

const struct rule rule_sgf_node_after_variations = {
	.id = "sgf-node-after-variations",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "a node after the variations of its game tree: read as one more variation",
	.explanation =
		"What it checks\n"
		"  In SGF a game tree is a sequence of nodes, then its variations:\n"
		"  nothing may follow the last `)` of a variation but another `(` or\n"
		"  the tree's own `)`. Nodes written there are read as one more\n"
		"  variation, after the others, so that nothing is lost (some readers\n"
		"  drop them, others append them to the last variation).\n"
		"\n"
		"Fix\n"
		"  None: making the node a variation of its own changes the game tree;\n"
		"  the file is left as it is.\n"
		"\n"
		"Fails\n"
		"    (;GM[1](;B[aa])(;B[bb]);W[cc])\n"
		"\n"
		"Passes\n"
		"    (;GM[1](;B[aa])(;B[bb])(;W[cc]))\n",
};
