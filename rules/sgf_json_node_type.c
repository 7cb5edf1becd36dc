/* sgf-json-node-type: an SGF-in-JSON node that is not an object: ignored.
 * Emitted by: convert/sgfjson.c. */
#include "core/rule.h"

const struct rule rule_sgf_json_node_type = {
	.id = "sgf-json-node-type",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "an SGF-in-JSON node that is not an object: ignored",
	.explanation =
		"What it checks\n"
		"  A node of SGF-in-JSON is an object of properties; anything else in a\n"
		"  sequence is read as an empty node.\n"
		"\n"
		"Fix\n"
		"  None: `--fix` does not rewrite SGF-in-JSON; what the value was meant\n"
		"  to be is not known.\n"
		"\n"
		"Fails\n"
		"  [ { \"GM\": 1 }, \"B[aa]\" ]\n"
		"\n"
		"Passes\n"
		"  [ { \"GM\": 1 }, { \"B\": \"aa\" } ]\n",
};
