/* sgf-value-without-property: a `[value]` with no property identifier before
 * it: ignored. Emitted by: convert/sgf.c. */
#include "core/rule.h"

const struct rule rule_sgf_value_without_property = {
	.id = "sgf-value-without-property",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "a `[value]` with no property identifier before it: ignored",
	.explanation =
		"What it checks\n"
		"  A value belongs to the property named before it. A `[...]` after a\n"
		"  `;` or another token, with no identifier, is ignored.\n"
		"\n"
		"Fix\n"
		"  None: the value's property is not known; deleting the value deletes\n"
		"  text of the file.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19];[aa])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19];B[aa])\n",
};
