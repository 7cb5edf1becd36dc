/* setup-with-move: a node holding both setup and a move. */
#include "engine/check.h"

extern const struct rule rule_setup_with_move;

static void check_node(struct check *c, const struct node_visit *n)
{
	/* The root's move is reported by root-node, whose fix splits them. */
	if (n->is_root || !json_object_is_type(n->move, json_type_object) ||
	    !json_object_is_type(n->setup, json_type_array))
		return;
	/* The fix: a setup node, then this node with the move and the rest. */
	check_fix_split_node(c, check_report(c, &rule_setup_with_move, "/move", true,
			     "this node holds both `setup` and `move`, but setup always gets its "
			     "own node and is never combined with a move: split it into a setup "
			     "node followed by a node with the `move`"), FIX_SAFE, n);
}

const struct rule rule_setup_with_move = {
	.id = "setup-with-move",
	.category = "tree",
	.severity = SEV_ERROR,
	.reads = READS_GIVEN,
	.summary = "a node holds both setup and a move",
	.explanation =
		"What it checks\n"
		"  A node with `setup` (stones added or removed) may not also hold a\n"
		"  `move`: the specification gives setup a node of its own and never\n"
		"  combines it with a move.\n"
		"\n"
		"Fix\n"
		"  Safe: the setup (with `turn`) gets a node of its own before the node;\n"
		"  the move keeps the comments, name, markup and everything else (setup\n"
		"  applies first, as in SGF).\n"
		"\n"
		"Why\n"
		"  Whether the setup applies before or after the move is undefined, so\n"
		"  readers build different positions. Seki writes such nodes when an SGF\n"
		"  node holds both AB/AW/AE and B/W.\n"
		"\n"
		"Fails\n"
		"  { \"setup\": [ { \"type\": \"black\", \"coords\": [ { \"x\": 3, \"y\": 3 } ] } ],\n"
		"    \"move\": { \"color\": \"white\", \"x\": 15, \"y\": 15 } }\n"
		"\n"
		"Passes\n"
		"  { \"setup\": [ { \"type\": \"black\", \"coords\": [ { \"x\": 3, \"y\": 3 } ] } ] },\n"
		"  { \"move\": { \"color\": \"white\", \"x\": 15, \"y\": 15 } }\n",
	.fix = FIX_SAFE,
	.on_node = check_node,
};
