/* sgf-empty-value: an empty value of a property that needs one.
 * Emitted by: convert/sgfrules.c. */
#include "core/rule.h"

const struct rule rule_sgf_empty_value = {
	.id = "sgf-empty-value",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "an empty value of a property that needs one (AB[], PL[], GB[])",
	.explanation =
		"What it checks\n"
		"  SGF FF[4] lets a value be empty only where its type says so: `B[]` is\n"
		"  a pass, a text (`C[]`, `N[]`) may be empty, and so may an `elist`\n"
		"  (`DD`, `VW`, `TB`, `TW`) and `KO[]`. A setup or mark list (`AB`, `AW`,\n"
		"  `AE`, `MA`, `TR`, `CR`, `SQ`, `SL`), an arrow or a line (`AR`, `LN`)\n"
		"  needs its points, `PL` a colour, a number (`ST`, `MN`, `BL`) or a\n"
		"  double (`GB`, `TE`) its value (SGFC's message 17 deletes such a\n"
		"  value; the property table of convert/sgfprops.c says which). An empty\n"
		"  one stands for nothing: a list's is left out, any other kept under\n"
		"  `meta.sgf` as written (`PL[]` gives no turn). `KM[]`, `HA[]`, `TM[]`,\n"
		"  `SZ[]` and `LB[]` have findings of their own (`sgf-kept-property`,\n"
		"  `sgf-board-size`, `sgf-label-value`), and an empty text\n"
		"  (`GN[]`, `C[]`) `sgf-empty-text`. Once a property.\n"
		"\n"
		"Fix\n"
		"  None: deleting the empty value (`AB[]`, `PL[]`) deletes a property\n"
		"  of the file, and what was meant is not known.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19]PL[]AB[])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19]PL[B]AB[dd];B[];C[])\n",
};
