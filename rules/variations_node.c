/* variations-node: a node holding variations holds nothing else. */
#include <stdio.h>

#include "engine/check.h"

extern const struct rule rule_variations_node;

static void check_node(struct check *c, const struct node_visit *n)
{
	/* The root's variations are reported by root-node, whose fix moves
	 * them out and leaves the rest in place. */
	if (n->is_root || !json_object_is_type(n->variations, json_type_array))
		return;
	if (json_object_object_length(n->node) == 1)
		return;
	char rel[32];
	json_object_object_foreach(n->node, key, val) {
		(void)val;
		/* Unknown keys are unknown-key's; known keys need no escaping. */
		if (key_eq(key, "variations") || !schema_field(&schema_node, key))
			continue;
		snprintf(rel, sizeof rel, "/%s", key);
		/* The fix: everything beside `variations` stays in a node
		 * before it (a setup with a move split as setup-with-move
		 * does). */
		check_fix_split_node(c, check_report(c, &rule_variations_node, rel, true,
				     "`%s` beside `variations` is dropped by the reference reader: a "
				     "variations node holds nothing else; move `%s` into its own node "
				     "before this one (or into the first node of a variation)", key,
				     key), FIX_SAFE, n);
	}
}

const struct rule rule_variations_node = {
	.id = "variations-node",
	.category = "tree",
	.severity = SEV_ERROR,
	.reads = READS_GIVEN,
	.summary = "a node holding variations holds something else too",
	.explanation =
		"What it checks\n"
		"  A node with `variations` is a variations node and holds nothing but\n"
		"  `variations`: no move, setup, comments, name, markup or anything\n"
		"  else. Each key beside `variations` is reported. (The root node may not\n"
		"  hold variations at all: see root-node.)\n"
		"\n"
		"Fix\n"
		"  Safe: the node is split so that the variations node comes last and\n"
		"  holds only `variations`; everything else stays in the node before it.\n"
		"\n"
		"Why\n"
		"  The reference reader (Seki) reads only the variations of such a node\n"
		"  and drops everything beside them, so a move or comment there is lost.\n"
		"\n"
		"Fails\n"
		"  { \"comments\": [ \"Two ways to answer\" ],\n"
		"    \"variations\": [ [ { \"move\": { \"color\": \"white\", \"x\": 3, \"y\": 3 } } ],\n"
		"                    [ { \"move\": { \"color\": \"white\", \"x\": 4, \"y\": 3 } } ] ] }\n"
		"\n"
		"Passes\n"
		"  { \"comments\": [ \"Two ways to answer\" ] },\n"
		"  { \"variations\": [ [ { \"move\": { \"color\": \"white\", \"x\": 3, \"y\": 3 } } ],\n"
		"                    [ { \"move\": { \"color\": \"white\", \"x\": 4, \"y\": 3 } } ] ] }\n",
	.fix = FIX_SAFE,
	.on_node = check_node,
};
