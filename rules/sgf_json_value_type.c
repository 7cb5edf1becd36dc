/* sgf-json-value-type: an SGF-in-JSON property value is neither a string nor
 * a number: ignored. Emitted by: convert/sgfjson.c. */
#include "core/rule.h"

const struct rule rule_sgf_json_value_type = {
	.id = "sgf-json-value-type",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "an SGF-in-JSON property value is neither a string nor a number: ignored",
	.explanation =
		"What it checks\n"
		"  In SGF-in-JSON a property's value is a string or number, or an array\n"
		"  of them. Others (objects, `true`, `null`) are ignored.\n"
		"\n"
		"Fix\n"
		"  None: `--fix` does not rewrite SGF-in-JSON; what the value was meant\n"
		"  to be is not known.\n"
		"\n"
		"Fails\n"
		"  [ { \"GM\": 1, \"C\": { \"text\": \"hi\" } } ]\n"
		"\n"
		"Passes\n"
		"  [ { \"GM\": 1, \"C\": \"hi\" } ]\n",
};
