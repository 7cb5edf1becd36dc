/* json-bom: a UTF-8 byte order mark before the JSON text. Emitted by:
 * read/scan.c (the scanner). */
#include "core/rule.h"

const struct rule rule_json_bom = {
	.id = "json-bom",
	.category = "json",
	.severity = SEV_WARNING,
	.summary = "the file starts with a UTF-8 byte order mark",
	.fix = FIX_SAFE,
	.explanation =
		"What it checks\n"
		"  That the file does not start with the bytes EF BB BF. RFC 8259 forbids\n"
		"  a byte order mark in JSON text. Readers that decode the file as UTF-8\n"
		"  first (a browser's TextDecoder, FileReader) drop it, so it is a\n"
		"  warning; but JSON.parse of the text as read (Node's readFileSync) and\n"
		"  json-c fail on it. Editors on Windows often add one. `--fix` removes\n"
		"  it.\n"
		"\n"
		"Fix\n"
		"  Safe: the byte order mark is removed.\n"
		"\n"
		"Fails\n"
		"    <EF BB BF>{ \"record\": { \"format\": \"JGF\", \"version\": 2 }, \"tree\": [{}] }\n"
		"\n"
		"Passes\n"
		"  { \"record\": { \"format\": \"JGF\", \"version\": 2 }, \"tree\": [{}] }\n",
};
