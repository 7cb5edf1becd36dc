/* sgf-label-value: labels that are not point:text on the board: kept under
 * meta. Emitted by: convert/nodeprops.c. */
#include "core/rule.h"

const struct rule rule_sgf_label_value = {
	.id = "sgf-label-value",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "labels that are not point:text on the board: kept under meta",
	.explanation =
		"What it checks\n"
		"  `LB` is a list of `point:text` on the board, one label a point; the\n"
		"  obsolete `L` labels up to 26 points a, b, c... in the order listed,\n"
		"  each point once. Others are kept under `meta.sgf.nodes` (an `L` that\n"
		"  lists a point twice: whole, its points labelled as listed, `L[ee][ee][ff]`\n"
		"  labels `ff` c).\n"
		"\n"
		"Fix\n"
		"  None: the label's point or text is not known; the value is kept as\n"
		"  written.\n"
		"\n"
		"Fails\n"
		"  (;GM[1]SZ[9]LB[ee])\n"
		"\n"
		"Passes\n"
		"  (;GM[1]SZ[9]LB[ee:A])\n",
};
