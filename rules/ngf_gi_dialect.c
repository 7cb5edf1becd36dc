/* ngf-gi-dialect: NGF with GI before each header line: read by the one such
 * record known. Emitted by: convert/ngf.c. */
#include "core/rule.h"

const struct rule rule_ngf_gi_dialect = {
	.id = "ngf-gi-dialect",
	.category = "ngf",
	.severity = SEV_INFO,
	.summary = "NGF with GI before each header line: read by the one such record known",
	.explanation =
		"What it checks\n"
		"  One known NGF writer puts `GI` before each header line and orders\n"
		"  them otherwise; its header is read by that record's layout (title,\n"
		"  white, black, date, board size, handicap and komi on lines 1, 2, 3, 6,\n"
		"  7, 8 and 10).\n"
		"\n"
		"Fails\n"
		"    GIRated game ...\n"
		"\n"
		"Passes\n"
		"    Rated game ...\n",
};
