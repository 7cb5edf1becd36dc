/* sgf-property-no-value: a property identifier has no value: it is ignored.
 * Emitted by: convert/sgfproperty.c. */
#include "core/rule.h"

const struct rule rule_sgf_property_no_value = {
	.id = "sgf-property-no-value",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "a property identifier has no value: it is ignored",
	.explanation =
		"What it checks\n"
		"  Every SGF property has at least one `[value]` (an empty one, `[]`,\n"
		"  for a pass or a property without a value). An identifier with no `[`\n"
		"  after it is ignored.\n"
		"\n"
		"Fix\n"
		"  None: what was meant (a value lost, a word in the wrong place) is\n"
		"  not known; the identifier is ignored where it is read and left in\n"
		"  the file.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19];B[aa]W)\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19];B[aa];W[])\n",
};
