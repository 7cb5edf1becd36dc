/* json-syntax: the text is not RFC 8259 JSON. Emitted by: read/scan.c (the
 * scanner). */
#include "core/rule.h"

const struct rule rule_json_syntax = {
	.id = "json-syntax",
	.category = "json",
	.severity = SEV_ERROR,
	.fix = FIX_SAFE | FIX_UNSAFE,
	.summary = "the file is not valid JSON (RFC 8259)",
	.explanation =
		"What it checks\n"
		"  That the file is strict JSON. The reference reader (Seki) uses\n"
		"  JSON.parse, which rejects comments, trailing commas, single quotes,\n"
		"  unquoted keys, NaN and Infinity, leading zeros (01), numbers such as 1.\n"
		"  and .5, raw control characters inside strings, and anything after the\n"
		"  document. jgflint reports the first such problem at its exact line and\n"
		"  column; checking stops there, because past it the structure is unknown.\n"
		"\n"
		"Fix\n"
		"  When the JavaScript style of the specifications' examples is all that\n"
		"  keeps a file from being JSON, --fix repairs it and then lints and fixes\n"
		"  it like any other. Safe (the value JavaScript reads): trailing commas\n"
		"  go, unquoted keys and single-quoted strings get double quotes.\n"
		"  Unsafe (their text is lost): // and /* */ comments are removed.\n"
		"  A file with any other syntax error is never rewritten.\n"
		"\n"
		"Why\n"
		"  JavaScript-style files (like the examples in the spec text) look right\n"
		"  but cannot be opened by the reference player.\n"
		"\n"
		"Fails\n"
		"  { \"board\": { \"size\": 19, }, // nineteen\n"
		"  }\n"
		"\n"
		"Passes\n"
		"  { \"board\": { \"size\": 19 } }\n",
};
