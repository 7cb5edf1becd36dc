/* ngf-off-board: an NGF move off the board: read as a pass. Emitted by:
 * convert/ngf.c. */
#include "core/rule.h"

const struct rule rule_ngf_off_board = {
	.id = "ngf-off-board",
	.category = "ngf",
	.severity = SEV_WARNING,
	.summary = "an NGF move off the board: read as a pass",
	.explanation =
		"What it checks\n"
		"  An NGF move `PMxxCyyyy` plays at two letters from B, and `AA` is a\n"
		"  pass; any other point off the board is read as a pass too, and said.\n"
		"\n"
		"Fails\n"
		"    PMABBZZZZ\n"
		"\n"
		"Passes\n"
		"    PMABBREER\n",
};
