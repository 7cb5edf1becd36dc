/* sgf-json-tree-type: an SGF-in-JSON game tree that is not an array:
 * ignored. Emitted by: convert/sgfjson.c. */
#include "core/rule.h"

const struct rule rule_sgf_json_tree_type = {
	.id = "sgf-json-tree-type",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "an SGF-in-JSON game tree that is not an array: ignored",
	.explanation =
		"What it checks\n"
		"  A collection of SGF-in-JSON is an array of game trees, each an array\n"
		"  (seed 002's sequence, or sgfgrove's `[sequence, children]`). Another\n"
		"  value in its place is ignored.\n"
		"\n"
		"Fix\n"
		"  None: `--fix` does not rewrite SGF-in-JSON; what the value was meant\n"
		"  to be is not known.\n"
		"\n"
		"Fails\n"
		"  [ [ { \"GM\": 1 } ], 7 ]\n"
		"\n"
		"Passes\n"
		"  [ [ { \"GM\": 1 } ] ]\n",
};
