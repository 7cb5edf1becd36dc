/* ogs-value-type: a field of an OGS game record of the wrong type or out of
 * range: ignored. Emitted by: convert/ogs.c. */
#include "core/rule.h"

const struct rule rule_ogs_value_type = {
	.id = "ogs-value-type",
	.category = "ogs",
	.severity = SEV_WARNING,
	.summary = "a field of an OGS game record of the wrong type or out of range: ignored",
	.explanation =
		"What it checks\n"
		"  Each field of an OGS game record (online-go.com's game JSON) that\n"
		"  --convert reads has the type OGS writes: `width` and `height` whole\n"
		"  numbers from 1 to 52, `komi` a number, `handicap` a whole number,\n"
		"  `moves` an array, `time_control` an object with the numbers of its\n"
		"  `system`, `start_time` and `end_time` seconds since 1970, `winner` a\n"
		"  player's id or a colour. Another value is ignored (a board size is\n"
		"  then read as 19).\n"
		"\n"
		"Fails\n"
		"  { \"game_id\": 1, \"width\": \"19\", \"height\": 19, \"moves\": [] }\n"
		"\n"
		"Passes\n"
		"  { \"game_id\": 1, \"width\": 19, \"height\": 19, \"moves\": [] }\n",
};
