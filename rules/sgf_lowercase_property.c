/* sgf-lowercase-property: a property identifier has lower-case letters.
 * Emitted by: convert/sgf.c. */
#include "core/rule.h"

const struct rule rule_sgf_lowercase_property = {
	.id = "sgf-lowercase-property",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "a property identifier has lower-case letters",
	.explanation =
		"What it checks\n"
		"  FF[4] identifiers are upper-case letters only. FF[1]-[3] allowed\n"
		"  lower-case letters in them (`GaMe[1]` is `GM`), and some programs write\n"
		"  whole identifiers in lower case (`b[aa]`); jgflint reads the upper-case\n"
		"  letters, or the whole name upper-cased when it has none.\n"
		"\n"
		"Fails\n"
		"  (;GM[1]SZ[19];b[aa])\n"
		"\n"
		"Passes\n"
		"  (;GM[1]SZ[19];B[aa])\n",
};
