/* sgf-rectangle: a compressed point list's rectangle not written as FF[4]
 * writes it: its corners in another order than upper-left:lower-right, or
 * one point written as a rectangle (SGFC's errors 25 and 15), of every
 * point list nodeprops.c reads and of VW. Emitted by: convert/rootprops.c. */
#include "core/rule.h"

const struct rule rule_sgf_rectangle = {
	.id = "sgf-rectangle",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "a rectangle of a point list is not written upper-left:lower-right",
	.explanation =
		"What it checks\n"
		"  SGF FF[4] compresses a point list (`AB`, `AW`, `AE`, the marks, `TB`,\n"
		"  `TW`; `VW`'s view) into rectangles written by their upper-left, then\n"
		"  their lower-right corner: `AB[ab:cd]`. Another order (`AB[cd:ab]`,\n"
		"  `AB[cb:ad]`) and a rectangle of one point (`TR[dd:dd]`) are not\n"
		"  FF[4]'s; jgflint reads them as the rectangle they name, as SGFC does\n"
		"  (its errors 25 and 15), where a reader that takes FF[4] at its word\n"
		"  may read no point.\n"
		"\n"
		"Fix\n"
		"  Safe: `--fix` writes the rectangle as FF[4] does, the same points:\n"
		"\n"
		"  | file | --fix writes |\n"
		"  | --- | --- |\n"
		"  | `AB[cd:ab]` | `AB[ab:cd]` |\n"
		"  | `AB[cb:ad]` | `AB[ab:cd]` |\n"
		"  | `TR[dd:dd]` | `TR[dd]` |\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19]AB[cd:ab];TR[dd:dd])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19]AB[ab:cd];TR[dd])\n",
	.fix = FIX_SAFE,
};
