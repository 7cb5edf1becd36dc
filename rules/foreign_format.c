/* foreign-format: the document is JSON in another format. Emitted by the
 * engine's classification (src/record.c), which names the format. */
#include "rule.h"

const struct rule rule_foreign_format = {
	.id = "foreign-format",
	.category = "format",
	.severity = SEV_ERROR,
	.summary = "the file is another JSON format, not a JGF record",
	.explanation =
		"What it checks\n"
		"  Files named .jgf, or JSON files in a Go collection, are not always\n"
		"  JGF records. jgflint recognises the JSON Graph Format (which also uses\n"
		"  .jgf), OGS game records, JGOF, KGS protocol JSON, SGF-in-JSON, SGF\n"
		"  libraries' JSON trees, WGo.js JGO and ngGo's early bare tree array, and\n"
		"  says in one sentence what the file is instead of reporting a pile of\n"
		"  schema errors. A JSON object with none of JGF's sections is reported\n"
		"  the same way. Nothing else is checked in such a file.\n"
		"\n"
		"Fails\n"
		"  { \"graph\": { \"nodes\": [], \"edges\": [] } }\n"
		"\n"
		"Passes\n"
		"  { \"record\": { \"format\": \"JGF\", \"version\": 2 }, \"tree\": [ {} ] }\n",
};
