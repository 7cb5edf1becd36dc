/* sgf-label-value: labels, or jgflint's XM markup, that are not point:text
 * on the board: kept under meta. Emitted by: convert/nodeprops.c. */
#include "core/rule.h"

const struct rule rule_sgf_label_value = {
	.id = "sgf-label-value",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "labels or XM markup that are not point:text on the board: kept under meta",
	.explanation =
		"What it checks\n"
		"  `LB` is a list of `point:text` on the board, one label a point; the\n"
		"  obsolete `L` labels up to 26 points a, b, c... in the order listed,\n"
		"  each point once. `XM` is jgflint's own property for markup of a type\n"
		"  SGF has no property for (`--to sgf` writes JGF's `diamond` at D16 as\n"
		"  `XM[dd:diamond]`): a list of `point:type` on the board, each point\n"
		"  once a type. A property with a value that is not so is kept under\n"
		"  `meta.sgf.nodes` as written, whole, and the finding names its first\n"
		"  such value; its other values are read all the same (an `L` that lists\n"
		"  a point twice: its points labelled as listed, `L[ee][ee][ff]` labels\n"
		"  `ff` c; an `XM` with a value off the board: its values on the board\n"
		"  are markup of their types).\n"
		"\n"
		"Fix\n"
		"  None: the label's point or text, or the markup's point or type, is\n"
		"  not known; the value is kept as written.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[9]LB[ee])\n"
		"    (;GM[1]SZ[9]XM[cc:diamond][zz:diamond])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[9]LB[ee:A])\n"
		"    (;GM[1]SZ[9]XM[cc:diamond][ee:diamond][cc:star])\n",
};
