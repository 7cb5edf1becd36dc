/* json-encoding: the bytes are not UTF-8, or a \u escape is a lone
 * surrogate. Emitted by: read/scan.c (the scanner). */
#include "core/rule.h"

const struct rule rule_json_encoding = {
	.id = "json-encoding",
	.category = "json",
	.severity = SEV_ERROR,
	.summary = "invalid UTF-8, or a \\u escape that is a lone surrogate",
	.explanation =
		"What it checks\n"
		"  JSON text is UTF-8. Bytes that are not UTF-8 (a Latin-1 or CP932 file,\n"
		"  a truncated sequence), overlong forms, encoded UTF-16 surrogates and\n"
		"  code points beyond U+10FFFF are errors at the offending byte; checking\n"
		"  stops there. A \\uD800-\\uDFFF escape that is not half of a surrogate\n"
		"  pair is reported too: it is not a character, and readers silently turn\n"
		"  it into U+FFFD.\n"
		"\n"
		"Fails\n"
		"  { \"game\": { \"name\": \"Honinbo \\ud800\" } }\n"
		"  (or the byte 0xE9 for \"é\" in a file saved as Latin-1)\n"
		"\n"
		"Passes\n"
		"  { \"game\": { \"name\": \"Honinbō \\ud83d\\ude00\" } }\n",
};
