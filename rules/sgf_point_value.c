/* sgf-point-value: a move's value is not a point on the board: kept under
 * meta. Emitted by: convert/nodeprops.c. */
#include "core/rule.h"

const struct rule rule_sgf_point_value = {
	.id = "sgf-point-value",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "a move's value is not a point on the board: kept under meta",
	.explanation =
		"What it checks\n"
		"  A move is a point of the board (`B[pd]`) or a pass (`B[]`, or `B[tt]`\n"
		"  on a board up to 19x19). Another value cannot be played; it is kept\n"
		"  under `meta.sgf.nodes`.\n"
		"\n"
		"Fix\n"
		"  None: the move's value is no point on the board; replacing or\n"
		"  deleting it changes the game.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[9];B[zz])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[9];B[ee])\n",
};
