/* sgf-unclosed-value: a property value is not closed by `]`. Emitted by:
 * convert/sgfproperty.c. */
#include "core/rule.h"

const struct rule rule_sgf_unclosed_value = {
	.id = "sgf-unclosed-value",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "a property value is not closed by `]`",
	.explanation =
		"What it checks\n"
		"  A value runs to its `]`. When the `]` is missing, the value would\n"
		"  swallow the rest of the file; jgflint ends it where the `]` was most\n"
		"  likely lost (before the next property on its line, or at the end of\n"
		"  its line or of the file) and reads on from there.\n"
		"\n"
		"Fix\n"
		"  None: where the `]` was lost is a guess (its line's end, or its\n"
		"  first word for a short value); the file is left as it is.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19]AB[aa][bb;W[cc]\n"
		"    ;B[dd])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19]AB[aa][bb];W[cc]\n"
		"    ;B[dd])\n",
};
