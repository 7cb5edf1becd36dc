/* json-key-nul: an object key contains \u0000. Emitted by: read/scan.c
 * (the scanner). */
#include "core/rule.h"

const struct rule rule_json_key_nul = {
	.id = "json-key-nul",
	.category = "json",
	.severity = SEV_ERROR,
	.summary = "an object key contains the NUL character \\u0000",
	.explanation =
		"What it checks\n"
		"  That no key contains U+0000. C JSON libraries, json-c among them, cut\n"
		"  the key at that character, so \"a\\u0000b\" becomes \"a\" and can replace\n"
		"  another key. No JGF key contains it.\n"
		"\n"
		"Fails\n"
		"  { \"meta\": { \"a\\u0000b\": 1 } }\n"
		"\n"
		"Passes\n"
		"  { \"meta\": { \"ab\": 1 } }\n",
};
