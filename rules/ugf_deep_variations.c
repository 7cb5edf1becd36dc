/* ugf-deep-variations: UGF review variations nested too deeply: ignored.
 * Emitted by: convert/ugfreview.c. */
#include "core/rule.h"

const struct rule rule_ugf_deep_variations = {
	.id = "ugf-deep-variations",
	.category = "ugf",
	.severity = SEV_WARNING,
	.summary = "UGF review variations nested too deeply: ignored",
	.explanation =
		"What it checks\n"
		"  A review's variations nest; those deeper than jgflint reads (64\n"
		"  levels) are ignored.\n"
		"\n"
		"Fails\n"
		"  (a review nested more than 64 levels)\n"
		"\n"
		"Passes\n"
		"  (a review nested a few levels)\n",
};
