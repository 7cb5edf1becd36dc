/* sgf-json-grove-variations: `variations` in a node of sgfgrove's form:
 * ignored. Emitted by: convert/sgfjson.c. */
#include "core/rule.h"

const struct rule rule_sgf_json_grove_variations = {
	.id = "sgf-json-grove-variations",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "`variations` in a node of sgfgrove's form: ignored",
	.explanation =
		"What it checks\n"
		"  In sgfgrove's form a game tree is `[sequence, children]`: its\n"
		"  variations are the children. A `variations` key in a node is ignored.\n"
		"\n"
		"Fix\n"
		"  None: `--fix` does not rewrite SGF-in-JSON (a `.json` of it is\n"
		"  foreign-format there); `--convert` writes it as JGF.\n"
		"\n"
		"Fails\n"
		"  [ [ [ { \"GM\": 1, \"variations\": [] } ], [] ] ]\n"
		"\n"
		"Passes\n"
		"  [ [ [ { \"GM\": 1 } ], [] ] ]\n",
};
