/* sgf-empty-node: a node without properties (`;;`) is left out of the
 * record. Emitted by: convert/convtree.c. */
#include "core/rule.h"

const struct rule rule_sgf_empty_node = {
	.id = "sgf-empty-node",
	.category = "sgf",
	.severity = SEV_INFO,
	.summary = "a node without properties is left out of the record",
	.explanation =
		"What it checks\n"
		"  An SGF node is `;` and its properties. One with none (`;;`, a `;`\n"
		"  before a `)`) holds no move, setup, comment or mark: the record\n"
		"  leaves it out, and a variation of such nodes only goes with them. No\n"
		"  move changes its number; SGFC deletes such nodes when asked (its\n"
		"  message 55). Info: the game is the same, but a program that counts\n"
		"  nodes (a node number, a link to one) counts one fewer.\n"
		"\n"
		"Fix\n"
		"  Safe: `--fix` takes out the `;` of an empty node that another node\n"
		"  follows, or that ends its variation after a node's value (`;B[aa];)`).\n"
		"  A variation's only empty node stays (it would be left with none), and\n"
		"  the last of a variation of empty nodes; so does one that opens its\n"
		"  variation before variations of its own, `(;(;B[aa])(;B[bb]))`, which\n"
		"  would be left without a node and read as other games; one at the end\n"
		"  of a file cut short; and one of properties that read as nothing with\n"
		"  no `;` before them, `(b]`:\n"
		"\n"
		"  | file | --fix writes |\n"
		"  | --- | --- |\n"
		"  | `(;GM[1];;B[aa])` | `(;GM[1];B[aa])` |\n"
		"  | `(;GM[1];B[aa];)` | `(;GM[1];B[aa])` |\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19];B[pd];;W[dp];)\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19];B[pd];W[dp])\n",
	.fix = FIX_SAFE,
};
