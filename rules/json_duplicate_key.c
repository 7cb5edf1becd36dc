/* json-duplicate-key: one object holds the same key twice. Emitted by:
 * read/scan.c (the scanner). */
#include "core/rule.h"

const struct rule rule_json_duplicate_key = {
	.id = "json-duplicate-key",
	.category = "json",
	.severity = SEV_ERROR,
	.fix = FIX_UNSAFE,
	.summary = "an object holds the same key twice",
	.explanation =
		"What it checks\n"
		"  That no object repeats a key (after decoding escapes, so \"a\" and\n"
		"  \"\\u0061\" are the same key). It is reported at the second occurrence.\n"
		"\n"
		"Fix\n"
		"  Unsafe: the earlier member goes, keeping the last value as JSON.parse\n"
		"  does (--diff shows the one that goes).\n"
		"\n"
		"Why\n"
		"  JSON.parse keeps only the last value without a word, so the first is\n"
		"  silently lost: a record that says \"komi\": 6.5 and later \"komi\": 0.5\n"
		"  means 0.5 to every reader.\n"
		"\n"
		"Fails\n"
		"  { \"rules\": { \"komi\": 6.5, \"komi\": 0.5 } }\n"
		"\n"
		"Passes\n"
		"  { \"rules\": { \"komi\": 6.5 } }\n",
};
