/* sgf-value-type: a value of a property FF[4] defines that is not of the
 * type FF[4] gives it (SGFC's errors 14 and 15), where jgflint keeps the
 * property as written. Emitted by: convert/nodeprops.c. */
#include "core/rule.h"

const struct rule rule_sgf_value_type = {
	.id = "sgf-value-type",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "a property's value is not of the type SGF FF[4] gives it: kept under meta",
	.explanation =
		"What it checks\n"
		"  SGF FF[4] gives each property a value type: a Number (`MN`, `PM`,\n"
		"  `OB`, `OW`), a Real (`V`, `BL`, `WL`), a Double, 1 or 2 (`BM`, `TE`,\n"
		"  `DM`, `GB`, `GW`, `HO`, `UC`), None (`DO`, `IT`), points (`DD`), a\n"
		"  line of two different points (`LN`, `AR`), a figure (`FG`). A node's\n"
		"  value not of its type is kept under `meta.sgf.nodes` as written;\n"
		"  SGFC deletes or corrects it (errors 14 and 15). The root's values\n"
		"  are kept as applications write them (`TE[Event]`), but a move's\n"
		"  judgement beside a move in the root (`B[dd]V[high]`: the move goes\n"
		"  to a node of its own, the value stays under `meta.sgf`) is said.\n"
		"\n"
		"Fix\n"
		"  None: SGFC's corrections (`BM[3]` as `BM[1]`) are guesses.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[9];B[ee]BM[3]V[high]LN[cc:cc])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[9];B[ee]BM[2]V[-1.5]LN[cc:ee])\n",
};
