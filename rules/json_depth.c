/* json-depth: nesting beyond the documented limit. Emitted by: read/scan.c
 * (the scanner). */
#include "core/rule.h"

const struct rule rule_json_depth = {
	.id = "json-depth",
	.category = "json",
	.severity = SEV_ERROR,
	.summary = "nesting deeper than 20,000 levels",
	.explanation =
		"What it checks\n"
		"  jgflint reads documents nested up to 20,000 levels of objects and\n"
		"  arrays: each level of nested variations takes three (node object,\n"
		"  variations array, variation array), so about 6,600 levels of nested\n"
		"  variations. Deeper input is reported at the bracket that crosses the\n"
		"  limit, and checking stops; no valid game record comes near it.\n"
		"\n"
		"Fails\n"
		"  [[[[[[ … 20,001 levels … ]]]]]]\n"
		"\n"
		"Passes\n"
		"  any record with fewer levels\n",
};
