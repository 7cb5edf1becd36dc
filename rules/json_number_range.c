/* json-number-range: a number that readers cannot represent. Emitted by:
 * read/scan.c (the scanner). */
#include "core/rule.h"

const struct rule rule_json_number_range = {
	.id = "json-number-range",
	.category = "json",
	.severity = SEV_ERROR,
	.summary = "a number too large to be read as written",
	.explanation =
		"What it checks\n"
		"  Integers beyond 64 bits (json-c clamps them silently) and numbers too\n"
		"  large for a double (JSON.parse turns them into Infinity, which JSON\n"
		"  cannot express). Either way the value read is not the value written.\n"
		"\n"
		"Fails\n"
		"  { \"rules\": { \"time\": 99999999999999999999999 } }\n"
		"  { \"rules\": { \"komi\": 1e400 } }\n"
		"\n"
		"Passes\n"
		"  { \"rules\": { \"time\": 7200, \"komi\": 6.5 } }\n",
};
