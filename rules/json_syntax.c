/* json-syntax: the text is not RFC 8259 JSON. Emitted by: read/scan.c (the
 * scanner), read/hint.c (what it says after a syntax error). */
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
		"  document. jgflint reports each problem at its exact line and column,\n"
		"  one finding for one defect, with a hint that names what is missing\n"
		"  (\"is a `}` missing?\").\n"
		"\n"
		"How the reader resumes\n"
		"  Past the first problem the reader reads on as a person would: past\n"
		"  what --fix repairs (a comment, a trailing comma, a key or string not in\n"
		"  double quotes), and past a string that meets a line break, which it\n"
		"  ends at its line's end (a key before its `:`). When that reading is\n"
		"  JSON, it resumed with certainty: the rest of the record is checked as\n"
		"  it would be without the defect (a later off-board move is still\n"
		"  reported). When it is not, no rule saw the record, and the finding\n"
		"  where the reading stops says so (\"nothing else in the record was\n"
		"  checked\"; after a guessed end of a string, \"the rest of the file was\n"
		"  not checked\" and why). A bracket after a comma, where a\n"
		"  key or a value should stand, followed by that key or value, is one\n"
		"  bracket too many: one finding, at it, and the reader reads on\n"
		"  without it, as for a string's end (checked when that reading is\n"
		"  JSON, else said not to be).\n"
		"  Values after a member's value, up to a `]`, are an array whose `[`\n"
		"  is missing (`\"dates\": \"2023\", \"2024\"]`): one finding, naming\n"
		"  where the `[` belongs.\n"
		"\n"
		"Fix\n"
		"  When the JavaScript style of the specifications' examples is all that\n"
		"  keeps a file from being JSON, --fix repairs it and then lints and fixes\n"
		"  it like any other. Safe (the value JavaScript reads): trailing commas\n"
		"  go, unquoted keys and single-quoted strings get double quotes.\n"
		"  Unsafe (their text is lost): // and /* */ comments are removed.\n"
		"  Each problem repaired is a fix of its own, marked and counted; all\n"
		"  are unsafe when a comment is among them (the repair is made whole or\n"
		"  not at all). A file with any other syntax error is never rewritten.\n"
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
