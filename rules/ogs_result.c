/* ogs-result: an OGS game's outcome or winner that does not say the result:
 * left out, or read as the winner alone. Emitted by: convert/ogs.c. */
#include "core/rule.h"

const struct rule rule_ogs_result = {
	.id = "ogs-result",
	.category = "ogs",
	.severity = SEV_WARNING,
	.summary = "an OGS game's outcome or winner that does not say the result",
	.explanation =
		"What it checks\n"
		"  An OGS game record says who won in `winner` (a player's id, or\n"
		"  \"black\", \"white\", \"tie\") and how in `outcome` (\"Resignation\",\n"
		"  \"Timeout\", \"7.5 points\", \"0 points\"; a forfeit: \"Disqualification\",\n"
		"  \"Disconnection\", \"Moderator Decision\", \"Decision\", \"Ladder\n"
		"  Withdrawn\"; a game annulled: \"Cancellation\"): together the result,\n"
		"  `B+R`, `W+7.5`, `0`, `B+F`, `Void`. A winner that is neither\n"
		"  player, or an outcome without a winner, leaves the result out; an\n"
		"  outcome OGS does not write is kept under meta.ogs, and the result is\n"
		"  the winner alone (`B+`).\n"
		"\n"
		"Fails\n"
		"  { \"game_id\": 1, \"players\": { \"black\": { \"id\": 7, \"username\": \"a\" },\n"
		"    \"white\": { \"id\": 8, \"username\": \"b\" } },\n"
		"    \"outcome\": \"Resignation\", \"winner\": 9 }\n"
		"\n"
		"Passes\n"
		"  { \"game_id\": 1, \"players\": { \"black\": { \"id\": 7, \"username\": \"a\" },\n"
		"    \"white\": { \"id\": 8, \"username\": \"b\" } },\n"
		"    \"outcome\": \"Resignation\", \"winner\": 8 }\n",
};
