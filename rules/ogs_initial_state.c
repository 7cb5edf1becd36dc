/* ogs-initial-state: setup stones of an OGS game record that are not points
 * on the board: ignored. Emitted by: convert/ogs.c. */
#include "core/rule.h"

const struct rule rule_ogs_initial_state = {
	.id = "ogs-initial-state",
	.category = "ogs",
	.severity = SEV_WARNING,
	.summary = "OGS setup stones (initial_state) that are not points on the board: ignored",
	.explanation =
		"What it checks\n"
		"  An OGS game record's `initial_state` gives the stones on the board\n"
		"  before the first move (a fixed handicap, a problem) as strings of\n"
		"  letter pairs, x then y from `a` at the top left: `\"pddp\"` is two\n"
		"  stones. A pair off the board, a letter left over, or a value that is\n"
		"  not a string is ignored.\n"
		"\n"
		"Fails\n"
		"  { \"game_id\": 1, \"width\": 9, \"height\": 9,\n"
		"    \"initial_state\": { \"black\": \"ccggzz\", \"white\": \"\" } }\n"
		"\n"
		"Passes\n"
		"  { \"game_id\": 1, \"width\": 9, \"height\": 9,\n"
		"    \"initial_state\": { \"black\": \"ccgg\", \"white\": \"\" } }\n",
};
