/* node-after-variations: nodes that follow a variations node in the same
 * sequence. */
#include <string.h>

#include "engine/check.h"

extern const struct rule rule_node_after_variations;

/* The unsafe fix: the nodes after the variations node continue its first
 * variation (one reading of an ambiguous record). */
static void fix_continue_first(struct check *c, struct diag *d, const struct node_visit *n)
{
	json_object *first = json_object_array_get_idx(member(n->prev, "variations"), 0);
	if (!json_object_is_type(first, json_type_array))
		return;
	struct buf here = BUF_INIT;
	const char *ptr = check_pointer(c, "", &here);
	const char *slash = strrchr(ptr, '/');
	struct buf dest = BUF_INIT;
	buf_printf(&dest, "#%.*s/%zu/variations/0", (int)(slash - ptr), ptr, n->index - 1);
	check_fix_move_tail(c, d, FIX_UNSAFE, dest.data);
	buf_free(&dest);
	buf_free(&here);
}

static void check_node(struct check *c, const struct node_visit *n)
{
	/* One finding per sequence: at the first node after its first
	 * variations node (the engine keeps where that is). */
	if (n->index == 0 || n->first_variations != n->index - 1)
		return;
	size_t after = n->seq_len - n->index - 1;
	struct diag *d;
	if (after == 0)
		d = check_report(c, &rule_node_after_variations, "", false,
			     "this node follows a variations node in the same sequence, so its "
			     "parent is ambiguous and readers disagree about which line it belongs "
			     "to: a variations node ends its sequence; move this node into the "
			     "variations (e.g. to the end of the first variation)");
	else
		d = check_report(c, &rule_node_after_variations, "", false,
			     "this node and the %zu after it follow a variations node in the same "
			     "sequence, so their parent is ambiguous and readers disagree about "
			     "which line they belong to: a variations node ends its sequence; move "
			     "these nodes into the variations (e.g. to the end of the first "
			     "variation)", after);
	fix_continue_first(c, d, n);
}

const struct rule rule_node_after_variations = {
	.id = "node-after-variations",
	.category = "tree",
	.severity = SEV_ERROR,
	.reads = READS_GIVEN,
	.summary = "a node follows a variations node in the same sequence",
	.explanation =
		"What it checks\n"
		"  A variations node ends its sequence (the main line or a variation):\n"
		"  the lines go on inside its variations. A node after it in the same\n"
		"  sequence is an error. It is reported once per sequence, at the first\n"
		"  such node, with the number of nodes that follow it.\n"
		"\n"
		"Fix\n"
		"  Unsafe (the record is ambiguous): the nodes after the variations node\n"
		"  move to the end of its first variation.\n"
		"\n"
		"Why\n"
		"  Such a node has no clear parent: it could continue any of the\n"
		"  variations or none, and readers disagree about which line it belongs\n"
		"  to (some drop it).\n"
		"\n"
		"Fails\n"
		"  [ {}, { \"variations\": [ [ { \"move\": { \"color\": \"black\", \"x\": 3, \"y\": 3 } } ],\n"
		"                         [ { \"move\": { \"color\": \"black\", \"x\": 4, \"y\": 3 } } ] ] },\n"
		"    { \"move\": { \"color\": \"white\", \"x\": 15, \"y\": 15 } } ]\n"
		"\n"
		"Passes\n"
		"  [ {}, { \"variations\": [ [ { \"move\": { \"color\": \"black\", \"x\": 3, \"y\": 3 } },\n"
		"                           { \"move\": { \"color\": \"white\", \"x\": 15, \"y\": 15 } } ],\n"
		"                         [ { \"move\": { \"color\": \"black\", \"x\": 4, \"y\": 3 } } ] ] } ]\n",
	.fix = FIX_UNSAFE,
	.on_node = check_node,
};
