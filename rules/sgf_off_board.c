/* sgf-off-board: setup stones, marks or territory off the board: kept under
 * meta. Emitted by: convert/nodeprops.c. */
#include "core/rule.h"

const struct rule rule_sgf_off_board = {
	.id = "sgf-off-board",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "setup stones, marks or territory off the board: kept under meta",
	.explanation =
		"What it checks\n"
		"  Points of `AB`, `AW`, `AE`, the marks and `TB`/`TW` lie on the board.\n"
		"  A list with points beyond it (or territory of both colours on one\n"
		"  point) is kept under `meta.sgf.nodes` rather than written in part.\n"
		"\n"
		"Fix\n"
		"  None: deleting the points off the board deletes values of the file\n"
		"  (a board size written wrong may be the fault).\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[9]AB[ss])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[9]AB[ee])\n",
};
