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
		"  `OB`, `OW`: digits, a sign first), a Real (`V`, `BL`, `WL`: a Number\n"
		"  with a decimal point and digits), a Double (`BM`, `TE`, `DM`, `GB`,\n"
		"  `GW`, `HO`, `UC`: 1 or 2), None (`KO`, `DO`, `IT`: an empty value),\n"
		"  a list of points (`DD`: points, or rectangles `aa:cc`, of the board),\n"
		"  a line (`LN`, `AR`: two different points of the board, `aa:cc`) or a\n"
		"  figure (`FG`: empty, or a Number and a name, `0:Figure 1`). A node's\n"
		"  property whose value is not of its type is kept under\n"
		"  `meta.sgf.nodes` as written, where it was kept without a word\n"
		"  before; SGFC deletes or corrects it (errors 14 and 15). An empty\n"
		"  value is `sgf-empty-value`'s, a move's `sgf-point-value`'s, a\n"
		"  label's `sgf-label-value`'s, a turn's and the game information's\n"
		"  `sgf-kept-property`'s.\n"
		"\n"
		"Fix\n"
		"  None: what the writer meant by the value is not certain (SGFC's\n"
		"  corrections, `BM[3]` read as `BM[1]`, `OB[1.5]` as `OB[15]`, are\n"
		"  guesses).\n"
		"\n"
		"Fails\n"
		"  (;GM[1]SZ[9];B[ee]BM[3]V[high]LN[cc:cc])\n"
		"\n"
		"Passes\n"
		"  (;GM[1]SZ[9];B[ee]BM[2]V[-1.5]LN[cc:ee])\n",
};
