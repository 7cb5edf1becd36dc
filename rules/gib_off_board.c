/* gib-off-board: a GIB move off the 19x19 board: read as a pass. Emitted by:
 * convert/gib.c. */
#include "core/rule.h"

const struct rule rule_gib_off_board = {
	.id = "gib-off-board",
	.category = "gib",
	.severity = SEV_WARNING,
	.summary = "a GIB move off the 19x19 board: read as a pass",
	.explanation =
		"What it checks\n"
		"  A GIB move line `STO 0 N COLOR X Y` plays at X, Y from 0 to 18. One\n"
		"  beyond is read as a pass.\n"
		"\n"
		"Fails\n"
		"    STO 0 2 1 19 3\n"
		"\n"
		"Passes\n"
		"    STO 0 2 1 15 3\n",
};
