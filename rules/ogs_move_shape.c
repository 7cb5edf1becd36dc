/* ogs-move-shape: an OGS move that is not [x, y, time]: ignored. Emitted by:
 * convert/ogs.c. */
#include "core/rule.h"

const struct rule rule_ogs_move_shape = {
	.id = "ogs-move-shape",
	.category = "ogs",
	.severity = SEV_WARNING,
	.summary = "an OGS move that is not [x, y, time]: ignored",
	.explanation =
		"What it checks\n"
		"  Each element of an OGS game record's `moves` is an array of x and y\n"
		"  (whole numbers from 0 at the top left; -1, -1 is a pass), the\n"
		"  milliseconds the move took, and optionally a colour and an object of\n"
		"  extras (or goban's `{\"x\": 3, \"y\": 3}`). Another value is ignored:\n"
		"  the colours of the moves after it still alternate.\n"
		"\n"
		"Fails\n"
		"  { \"game_id\": 1, \"moves\": [[15, 3, 5000], \"dd\", [3, 15, 4000]] }\n"
		"\n"
		"Passes\n"
		"  { \"game_id\": 1, \"moves\": [[15, 3, 5000], [3, 3, 3000], [3, 15, 4000]] }\n",
};
