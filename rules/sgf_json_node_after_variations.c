/* sgf-json-node-after-variations: an SGF-in-JSON node after a node with
 * variations: read as the first line. Emitted by: convert/sgfjson.c. */
#include "core/rule.h"

const struct rule rule_sgf_json_node_after_variations = {
	.id = "sgf-json-node-after-variations",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "an SGF-in-JSON node after a node with variations: read as the first line",
	.explanation =
		"What it checks\n"
		"  In seed 002's form, a node's `variations` end its sequence. A node\n"
		"  after it is read as the first line of play from there.\n"
		"\n"
		"Fix\n"
		"  None: `--fix` does not rewrite SGF-in-JSON; making the node a\n"
		"  variation of its own would change the game tree.\n"
		"\n"
		"Fails\n"
		"  [ { \"GM\": 1, \"variations\": [ [ { \"B\": \"aa\" } ] ] }, { \"B\": \"bb\" } ]\n"
		"\n"
		"Passes\n"
		"  [ { \"GM\": 1, \"variations\": [ [ { \"B\": \"aa\" } ], [ { \"B\": \"bb\" } ] ] } ]\n",
};
