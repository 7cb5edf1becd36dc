/* move-shape: a move is {color, x, y} or {color, pass: true}, never both. */
#include "core/record.h"
#include "engine/check.h"

extern const struct rule rule_move_shape;

/* The fixes: `"pass": true` is read as the pass it says (the coordinates
 * go: unsafe); `"pass": false` on a move on the board says nothing (safe). */
static void fix_keys(struct check *c, enum fix_safety safety, const char *keys, struct diag *d)
{
	check_fix_remove_keys(c, d, safety, "/move", keys);
}

static void check_node(struct check *c, const struct node_visit *n)
{
	json_object *move = n->move;
	if (!json_object_is_type(move, json_type_object))
		return;
	/* Presence only: a coordinate of the wrong type is wrong-type's. The
	 * move's keys as the engine read them (check.h's node_visit). */
	bool has_x = n->has_x, has_y = n->has_y, has_pass = n->has_pass;
	json_object *pass = n->pass; /* json-c's null is NULL: has_pass tells it from missing */
	if (has_pass) {
		if (!json_object_is_type(pass, json_type_boolean))
			return; /* wrong-type's */
		if (json_object_get_boolean(pass)) {
			/* Coordinates on the board could make it a stone there: the
			 * replay stops (engine/replay.c); elsewhere it is a pass, as
			 * in the point rules (the engine does not visit them). */
			long long x, y;
			bool on_board = has_x && has_y && get_int(member(move, "x"), &x) &&
					get_int(member(move, "y"), &y) && x >= 0 && y >= 0 &&
					x < c->rec->width && y < c->rec->height;
			char words[POINT_WORDS_SIZE];
			if (on_board)
				fix_keys(c, FIX_UNSAFE, "x y", check_report(c, &rule_move_shape, "/move/pass", true,
					     "this move has `\"pass\": true` and also `x` and `y`, "
					     "but a pass has no coordinates; a reader may take it for "
					     "a pass or for a stone at %s, so the rest of "
					     "this line is not replayed: remove `x` and `y` if it is "
					     "a pass, `pass` if it is a stone",
					     point_words(c->rec->width, c->rec->height, x, y, words)));
			else if (has_x && has_y)
				fix_keys(c, FIX_UNSAFE, "x y", check_report(c, &rule_move_shape, "/move/pass", true,
					     "this move has `\"pass\": true` and also `x` and `y`, "
					     "but a pass has no coordinates; it is read as a pass "
					     "and its `x` and `y` (off the board) are ignored: remove "
					     "them"));
			else if (has_x || has_y)
				fix_keys(c, FIX_UNSAFE, has_x ? "x" : "y", check_report(c, &rule_move_shape, "/move/pass", true,
					     "this move has `\"pass\": true` and also `%s`, but a "
					     "pass has no coordinates; it is read as a pass and its "
					     "`%s` is ignored: remove it",
					     has_x ? "x" : "y", has_x ? "x" : "y"));
		} else if (has_x && has_y) {
			fix_keys(c, FIX_SAFE, "pass", check_report(c, &rule_move_shape, "/move/pass", false,
				     "`\"pass\": false` is not part of a move: a move is {color, x, "
				     "y} or {color, pass: true}; remove `pass` from this move on the "
				     "board"));
		} else {
			check_report(c, &rule_move_shape, "/move/pass", false,
				     "`\"pass\": false` does not make a move: write `\"pass\": true` "
				     "for a pass, or give `x` and `y` (and no `pass`) for a move on "
				     "the board");
		}
		return;
	}
	if (has_x && !has_y)
		check_report(c, &rule_move_shape, "/move/x", true,
			     "this move has `x` but no `y`: a move on the board needs both `x` "
			     "and `y` (or write `\"pass\": true` and no coordinates for a pass)");
	else if (has_y && !has_x)
		check_report(c, &rule_move_shape, "/move/y", true,
			     "this move has `y` but no `x`: a move on the board needs both `x` "
			     "and `y` (or write `\"pass\": true` and no coordinates for a pass)");
	else if (!has_x)
		check_report(c, &rule_move_shape, "/move", false,
			     "this move has neither coordinates nor `pass`: give `x` and `y` for a "
			     "move on the board, or write `\"pass\": true` for a pass");
}

const struct rule rule_move_shape = {
	.id = "move-shape",
	.category = "tree",
	.severity = SEV_ERROR,
	.reads = READS_TREE_BOARD,
	.summary = "a move is neither {color, x, y} nor {color, pass: true}",
	.explanation =
		"What it checks\n"
		"  A move is either a stone on the board, {color, x, y}, or a pass,\n"
		"  {color, pass: true}. It is an error when a move has only one of `x`\n"
		"  and `y`, when a pass also has coordinates, when `pass` is false, or\n"
		"  when a move has neither coordinates nor `pass`. (A missing `color`\n"
		"  and values of the wrong type are reported by other rules.)\n"
		"\n"
		"  A move with `\"pass\": true` and coordinates off the board (such as\n"
		"  Seki's x 19, y 19) is read as a pass: the replay (see occupied-point)\n"
		"  plays it as one. With coordinates on the board it may just as well be\n"
		"  a stone there, and a guess either way would make findings later in\n"
		"  the line that are only its consequences (a capture that did or did\n"
		"  not happen): the replay stops there and the message says so. The\n"
		"  coordinates are never checked as a point (off-board, cut-off-point),\n"
		"  so the one finding is this one.\n"
		"\n"
		"Fix\n"
		"  Safe: \"pass\": false on a move on the board goes. Unsafe: a move with\n"
		"  \"pass\": true and coordinates becomes a pass (the coordinates go).\n"
		"\n"
		"Why\n"
		"  Readers decide between a pass and a stone by looking at `pass` or at\n"
		"  the coordinates, and they do not agree which comes first; a move that\n"
		"  is half of each is read differently by each of them.\n"
		"\n"
		"Fails\n"
		"  { \"move\": { \"color\": \"black\", \"x\": 3 } }\n"
		"  { \"move\": { \"color\": \"white\", \"pass\": true, \"x\": 19, \"y\": 19 } }\n"
		"\n"
		"Passes\n"
		"  { \"move\": { \"color\": \"black\", \"x\": 3, \"y\": 15 } }\n"
		"  { \"move\": { \"color\": \"white\", \"pass\": true } }\n",
	.fix = FIX_SAFE | FIX_UNSAFE,
	.on_node = check_node,
};
