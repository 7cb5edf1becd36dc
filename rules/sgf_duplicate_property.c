/* sgf-duplicate-property: a property is given twice in one node: its values
 * are merged; --fix merges a list or a Text as SGFC does (convert/sgfmerge.c).
 * Emitted by: convert/sgfproperty.c. */
#include "core/rule.h"

const struct rule rule_sgf_duplicate_property = {
	.id = "sgf-duplicate-property",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "a property is given twice in one node: its values are merged",
	.explanation =
		"What it checks\n"
		"  FF[4] allows each property once per node. A second `B`, `AB` or `C`\n"
		"  in the same node is read as more values of the first (the same for\n"
		"  the rest of the node is counted in one finding: one for those\n"
		"  `--fix` merges, one for the others).\n"
		"\n"
		"Fix\n"
		"  Safe, as SGFC merges them: a list's values (setup, marks, labels,\n"
		"  territory, arrows, lines) are moved to the end of its first, which\n"
		"  is read the same; a Text's value (`C`, `GC`) is joined to the\n"
		"  first's, a blank line between (one comment, where two were read);\n"
		"  an empty one says nothing and is left out (`C[a]C[]` is `C[a]`).\n"
		"  Every other byte is kept, the properties between too:\n"
		"\n"
		"  | file | --fix writes |\n"
		"  | --- | --- |\n"
		"  | `AB[aa]AB[bb]` | `AB[aa][bb]` |\n"
		"  | `TR[dd]LB[ee:1]TR[ff]` | `TR[dd][ff]LB[ee:1]` |\n"
		"  | `C[a]C[b]` | `C[a` (a blank line) `b]` |\n"
		"\n"
		"  None for any other property (two moves `B[aa]B[bb]`, two komis\n"
		"  `KM[5]KM[6]`, two names): SGFC keeps the first and deletes the\n"
		"  rest, which changes what the file says (a move of the game, its\n"
		"  komi); the message says so, and which to keep is yours.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19]AB[aa]AB[bb])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19]AB[aa][bb])\n",
	.fix = FIX_SAFE,
};
