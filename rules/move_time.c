/* move-time: a move's timeLeft and periodsLeft are not negative. */
#include "base/dom.h"
#include "engine/check.h"

extern const struct rule rule_move_time;

static void check_node(struct check *c, const struct node_visit *n)
{
	/* The move's, as the engine read them (check.h's node_visit): NULL
	 * for no move, none of them, or null. */
	json_object *time = n->time_left, *periods = n->periods_left;
	if (!time && !periods)
		return;
	if (json_object_is_type(time, json_type_int) || json_object_is_type(time, json_type_double)) {
		double t = json_object_get_double(time);
		if (t < 0)
			check_report(c, &rule_move_time, "/move/timeLeft", false,
				     "`timeLeft` is the time left in seconds and cannot be negative, "
				     "found %s: write 0 if the time ran out, or leave the key out if it is "
				     "unknown",
				     dom_json(time, JSON_C_TO_STRING_SPACED, NULL));
	}
	/* An integer of any size (beyond 64 bits too), quoted as written. */
	if (periods && json_object_get_double(periods) < 0 && (json_type_bits(periods) & J_INT))
		check_report(c, &rule_move_time, "/move/periodsLeft", false,
			     "`periodsLeft` counts the byo-yomi periods left and cannot be negative, "
			     "found %s: write 0 if none are left, or leave the key out if it is "
			     "unknown", dom_json(periods, JSON_C_TO_STRING_PLAIN, NULL));
}

const struct rule rule_move_time = {
	.id = "move-time",
	.category = "tree",
	.severity = SEV_ERROR,
	.reads = READS_GIVEN,
	.summary = "a move's timeLeft or periodsLeft is negative",
	.explanation =
		"What it checks\n"
		"  A move's `timeLeft` (seconds left on the player's clock) must be a\n"
		"  number of zero or more, and its `periodsLeft` (byo-yomi periods\n"
		"  left) an integer of zero or more. (Values of the wrong type are\n"
		"  reported by wrong-type.)\n"
		"\n"
		"Why\n"
		"  A negative clock is meaningless; it usually comes from a converter\n"
		"  that subtracted the wrong way or wrote -1 for \"unknown\" (leave the\n"
		"  key out instead).\n"
		"\n"
		"Fails\n"
		"  { \"move\": { \"color\": \"black\", \"x\": 3, \"y\": 3, \"timeLeft\": -12,\n"
		"              \"periodsLeft\": -1 } }\n"
		"\n"
		"Passes\n"
		"  { \"move\": { \"color\": \"black\", \"x\": 3, \"y\": 3, \"timeLeft\": 0,\n"
		"              \"periodsLeft\": 3 } }\n",
	.on_node = check_node,
};
