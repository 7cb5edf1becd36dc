/* variations-shape: variations is a non-empty array of non-empty arrays. */
#include <stdio.h>
#include <string.h>

#include "engine/check.h"

extern const struct rule rule_variations_shape;

static void check_node(struct check *c, const struct node_visit *n)
{
	json_object *vars = n->variations;
	if (!json_object_is_type(vars, json_type_array))
		return;
	size_t count = json_object_array_length(vars);
	if (count == 0) {
		check_report(c, &rule_variations_shape, "/variations", false,
			     "`variations` is empty: a variations node needs at least one "
			     "variation (an array of nodes); remove the node if there are none");
		return;
	}
	for (size_t i = 0; i < count; i++) {
		json_object *var = json_object_array_get_idx(vars, i);
		/* Elements that are not arrays are wrong-type's. */
		if (!json_object_is_type(var, json_type_array) || json_object_array_length(var))
			continue;
		char rel[48];
		snprintf(rel, sizeof rel, "/variations/%zu", i);
		check_report(c, &rule_variations_shape, rel, false,
			     "this variation is empty: a variation is a non-empty array of nodes; "
			     "remove it or give it its nodes");
	}
}

const struct rule rule_variations_shape = {
	.id = "variations-shape",
	.category = "tree",
	.severity = SEV_ERROR,
	.reads = READS_GIVEN,
	.summary = "variations is empty or holds an empty variation",
	.explanation =
		"What it checks\n"
		"  `variations` is an array of variations, and each variation an array\n"
		"  of nodes. An empty `variations` array and an empty variation `[]` are\n"
		"  errors. A single variation is allowed.\n"
		"\n"
		"Why\n"
		"  An empty variation is a branch that leads nowhere: readers show a\n"
		"  choice with nothing behind it, or fail on it.\n"
		"\n"
		"Fails\n"
		"  { \"variations\": [] }\n"
		"  { \"variations\": [ [ { \"move\": { \"color\": \"black\", \"x\": 3, \"y\": 3 } } ], [] ] }\n"
		"\n"
		"Passes\n"
		"  { \"variations\": [ [ { \"move\": { \"color\": \"black\", \"x\": 3, \"y\": 3 } } ],\n"
		"                    [ { \"move\": { \"color\": \"black\", \"x\": 4, \"y\": 3 } } ] ] }\n",
	.on_node = check_node,
};
