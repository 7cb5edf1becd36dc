/* sgf-duplicate-property: a property is given twice in one node: its values
 * are merged. Emitted by: convert/sgf.c. */
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
		"  the rest of the node is counted in one finding).\n"
		"\n"
		"Fails\n"
		"  (;GM[1]SZ[19]AB[aa]AB[bb])\n"
		"\n"
		"Passes\n"
		"  (;GM[1]SZ[19]AB[aa][bb])\n",
};
