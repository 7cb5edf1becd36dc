/* seki-players-object: `players` written as an object keyed by colour, the
 * shape Seki 4.3 writes, instead of the specification's array. */
#include "check.h"

extern const struct rule rule_seki_players_object;

static void check_shape(struct check *c, json_object *root)
{
	/* The values inside are other rules' business, whatever their type. */
	if (json_object_is_type(member(root, "players"), json_type_object))
		check_report(c, &rule_seki_players_object, "/players", false,
			     "`players` is an object keyed by colour (as Seki 4.3 writes it), but the "
			     "specification wants an array of player objects, each with its `color`: "
			     "write [{\"color\": \"black\", \"name\": …}, {\"color\": \"white\", …}]");
}

const struct rule rule_seki_players_object = {
	.id = "seki-players-object",
	.category = "players",
	.severity = SEV_WARNING,
	.summary = "players is an object keyed by colour (Seki 4.3's shape), not an array",
	.explanation =
		"What it checks\n"
		"  The specification makes `players` an array of player objects, each\n"
		"  naming its colour in `color`, so that a game may have more than two\n"
		"  players. Seki 4.3 writes an object keyed by colour instead. Readers\n"
		"  that follow the specification find no players in such a file.\n"
		"  Only the shape is reported here; the colours (the keys) and the\n"
		"  players inside are checked by the other players rules.\n"
		"\n"
		"Fails\n"
		"  { \"players\": { \"black\": { \"name\": \"Kuro\", \"rank\": \"5d\" },\n"
		"                 \"white\": { \"name\": \"Shiro\", \"rank\": \"3d\" } } }\n"
		"\n"
		"Passes\n"
		"  { \"players\": [ { \"color\": \"black\", \"name\": \"Kuro\", \"rank\": \"5d\" },\n"
		"                 { \"color\": \"white\", \"name\": \"Shiro\", \"rank\": \"3d\" } ] }\n",
	.on_record = check_shape,
};
