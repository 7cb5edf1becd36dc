/* ugf-data-differs: the UGF [Data] moves differ from the review's main line:
 * kept under meta. Emitted by: convert/ugfreview.c. */
#include "core/rule.h"

const struct rule rule_ugf_data_differs = {
	.id = "ugf-data-differs",
	.category = "ugf",
	.severity = SEV_WARNING,
	.summary = "the UGF [Data] moves differ from the review's main line: kept under meta",
	.explanation =
		"What it checks\n"
		"  A UGI review file holds the game's moves twice: in `[Data]` and as\n"
		"  the review's main line. Where they differ, the review is read and the\n"
		"  `[Data]` section kept under `meta.ugf`.\n"
		"\n"
		"Fails\n"
		"  [Data] with CC,B1 where the review's first node plays DD\n"
		"\n"
		"Passes\n"
		"  [Data] and the review's main line the same moves\n",
};
