/* not-an-object: the JSON value at the top is not an object. Emitted by:
 * engine/engine.c (before the walk). */
#include "core/rule.h"

const struct rule rule_not_an_object = {
	.id = "not-an-object",
	.category = "json",
	.severity = SEV_ERROR,
	.summary = "the top-level JSON value is not an object",
	.explanation =
		"What it checks\n"
		"  A JGF record is one JSON object with keys such as \"record\", \"game\"\n"
		"  and \"tree\". A file whose top-level value is an array, string, number,\n"
		"  boolean or null is not a record.\n"
		"\n"
		"Fails\n"
		"  [ { \"move\": { \"color\": \"black\", \"x\": 3, \"y\": 3 } } ]\n"
		"\n"
		"Passes\n"
		"  { \"record\": { \"format\": \"JGF\", \"version\": 2 },\n"
		"    \"tree\": [ {}, { \"move\": { \"color\": \"black\", \"x\": 3, \"y\": 3 } } ] }\n",
};
