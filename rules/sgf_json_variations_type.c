/* sgf-json-variations-type: SGF-in-JSON `variations` that is not an array:
 * ignored. Emitted by: convert/sgfjson.c. */
#include "core/rule.h"

const struct rule rule_sgf_json_variations_type = {
	.id = "sgf-json-variations-type",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "SGF-in-JSON `variations` that is not an array: ignored",
	.explanation =
		"What it checks\n"
		"  `variations` is an array of sequences; another value is ignored.\n"
		"\n"
		"Fix\n"
		"  None: `--fix` does not rewrite SGF-in-JSON; what the value was meant\n"
		"  to be is not known.\n"
		"\n"
		"Fails\n"
		"  [ { \"GM\": 1, \"variations\": \"none\" } ]\n"
		"\n"
		"Passes\n"
		"  [ { \"GM\": 1, \"variations\": [] } ]\n",
};
