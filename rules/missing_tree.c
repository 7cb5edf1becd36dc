/* missing-tree: every record has a game tree with at least its root node.
 * A `tree` of another type is wrong-type's. */
#include "engine/check.h"

extern const struct rule rule_missing_tree;

static void check_tree(struct check *c, json_object *root)
{
	json_object *tree = member(root, "tree");
	if (!tree)
		check_report(c, &rule_missing_tree, "", false,
			     "the record has no `tree`; add a `tree` array whose first element is "
			     "the root node, e.g. \"tree\": [{}]");
	else if (json_object_is_type(tree, json_type_array) && json_object_array_length(tree) == 0)
		check_report(c, &rule_missing_tree, "/tree", false,
			     "`tree` is empty; it must hold at least the root node (the empty "
			     "board), e.g. [{}]");
}

const struct rule rule_missing_tree = {
	.id = "missing-tree",
	.category = "schema",
	.severity = SEV_ERROR,
	.summary = "the record has no tree, or an empty one",
	.explanation =
		"What it checks\n"
		"  `tree` is required: an array whose first element is the root node\n"
		"  (comments, board setup, or just an empty object for an empty\n"
		"  board), followed by the moves. A missing `tree` or an empty array is\n"
		"  an error. (A `tree` that is not an array is reported by wrong-type.)\n"
		"\n"
		"Why\n"
		"  Readers start from tree[0]; without it there is no board to show.\n"
		"\n"
		"Fails\n"
		"  { \"record\": { \"format\": \"JGF\", \"version\": 2 } }\n"
		"  { \"record\": { \"format\": \"JGF\", \"version\": 2 }, \"tree\": [] }\n"
		"\n"
		"Passes\n"
		"  { \"record\": { \"format\": \"JGF\", \"version\": 2 }, \"tree\": [ {} ] }\n",
	.on_record = check_tree,
};
