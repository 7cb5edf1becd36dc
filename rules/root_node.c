/* root-node: the root node (tree[0]) holds no move and no variations. */
#include "engine/check.h"
#include "seki_pre4_variations.h"

extern const struct rule rule_root_node;

/* The fix: the move, then the variations, each into a node of its own
 * right after the root. */
static void fix_root(struct check *c, struct diag *d, const struct node_visit *n)
{
	check_fix_split_node(c, d, FIX_SAFE, n);
}

static void check_root(struct check *c, const struct node_visit *n)
{
	if (!n->is_root || !json_object_is_type(n->node, json_type_object))
		return;
	if (n->move)
		fix_root(c, check_report(c, &rule_root_node, "/move", true,
			     "the root node (tree[0]) holds a `move`, but the root may only hold "
			     "comments, setup (with `turn`), `name` and `markup`; Seki writes this "
			     "when an SGF file puts the first move on the root node's line: move "
			     "the `move` into its own node after the root (the root may stay `{}`)"), n);
	/* Seki's bare-node variations at the root are seki-pre4-variations'
	 * (one defect, one finding); once its fix writes the arrays, this
	 * rule moves them out of the root. */
	if (n->variations && !seki_pre4_variations(n->variations))
		fix_root(c, check_report(c, &rule_root_node, "/variations", true,
			     "the root node (tree[0]) holds `variations`, but the root may only "
			     "hold comments, setup (with `turn`), `name` and `markup`: move the "
			     "`variations` into their own node after the root"), n);
}

const struct rule rule_root_node = {
	.id = "root-node",
	.category = "tree",
	.severity = SEV_ERROR,
	.reads = READS_GIVEN,
	.summary = "the root node holds a move or variations",
	.explanation =
		"What it checks\n"
		"  The first node of the tree, tree[0], is the root node: it holds\n"
		"  comments, a board setup (with `turn`), a `name`, markup, or nothing\n"
		"  at all (`{}`). It may not hold a `move` or `variations`; those belong\n"
		"  in the nodes after it.\n"
		"\n"
		"Fix\n"
		"  Safe: the move, then the variations, each go into a node of their own\n"
		"  right after the root; the rest stays in the root.\n"
		"\n"
		"Why\n"
		"  Readers treat the root as the position before the first move, so a\n"
		"  move in it is misplaced or lost. Seki writes the first move into the\n"
		"  root node when an SGF file puts that move on the root node's line.\n"
		"\n"
		"Fails\n"
		"  { \"tree\": [ { \"comments\": [ \"Game start\" ],\n"
		"                \"move\": { \"color\": \"black\", \"x\": 15, \"y\": 3 } } ] }\n"
		"\n"
		"Passes\n"
		"  { \"tree\": [ { \"comments\": [ \"Game start\" ] },\n"
		"              { \"move\": { \"color\": \"black\", \"x\": 15, \"y\": 3 } } ] }\n",
	.fix = FIX_SAFE,
	.on_node = check_root,
};
