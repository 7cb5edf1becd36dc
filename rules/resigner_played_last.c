/* resigner-played-last: the result says who resigned or ran out of time,
 * and that player made the main line's last move (sgfcheck's "resigner
 * played last"). The replay (engine/replay.c) gives the main line's end;
 * this file compares it with game.result. */
#include <string.h>

#include "engine/replay.h"

extern const struct rule rule_resigner_played_last;

static void word(const struct go_event *e)
{
	if (e->kind != GO_MAIN_LINE_END)
		return;
	json_object *result = member(member(e->root, "game"), "result");
	if (!json_object_is_type(result, json_type_string))
		return;
	const char *r = json_object_get_string(result);
	if ((r[0] != 'B' && r[0] != 'W') || r[1] != '+' || (r[2] != 'R' && r[2] != 'T') || r[3])
		return;
	int loser = r[0] == 'B' ? STONE_WHITE : STONE_BLACK;
	if (e->color != loser)
		return;
	const char *who = go_color_name[loser], *other = go_color_name[loser ^ 3];
	const char *rn = go_field(e, "/game/result", "result");
	if (r[2] == 'R')
		go_finding(e, &rule_resigner_played_last,
			   "`%s` \"%s\" says %s resigned, but %s made the main line's last move "
			   "(move %lu): a player resigns on their turn, so %s's reply or the "
			   "result's winner may be missing or wrong", rn, r, who, who, e->move, other);
	else
		go_finding(e, &rule_resigner_played_last,
			   "`%s` \"%s\" says %s lost on time, but %s made the main line's last move "
			   "(move %lu), after which it was %s's clock that ran: %s's reply or the "
			   "result's winner may be missing or wrong", rn, r, who, who, e->move, other, other);
}

const struct rule rule_resigner_played_last = {
	.id = "resigner-played-last",
	.category = "go",
	.severity = SEV_INFO,
	.summary = "game.result has a player resign or lose on time who made the last move",
	.explanation =
		"What it checks\n"
		"  A result by resignation or time (\"B+R\", \"W+R\", \"B+T\", \"W+T\")\n"
		"  names the loser (white in \"B+R\"). The finding is at game.result when\n"
		"  the loser made the last move of the main line (a pass counts): a\n"
		"  player resigns, or runs out of time, when it is their turn, after the\n"
		"  opponent's move. sgfcheck calls this \"resigner played last\".\n"
		"  The main line goes on, at each variations node, into the first\n"
		"  variation that has a node: an empty one before it (variations-shape\n"
		"  reports it) ends no line.\n"
		"  Not reported: a main line without moves, or one the replay stops\n"
		"  (an occupied point, a suicide: those findings come first); other\n"
		"  results; records the replay does not play (not Go, boards over\n"
		"  52x52, colours other than black and white).\n"
		"\n"
		"Why\n"
		"  Often the winner's last move was lost when the record was cut or\n"
		"  copied, or the result names the wrong winner. Some servers let a\n"
		"  player resign during the opponent's turn, so real collections have\n"
		"  such records that are right: the severity is info.\n"
		"\n"
		"Fails\n"
		"  \"game\": { \"result\": \"B+R\" }, and the main line ends with white's\n"
		"  move: white resigned just after moving.\n"
		"  \"game\": { \"result\": \"W+T\" }, and the main line ends with black's\n"
		"  move: black lost on time with white to play.\n"
		"\n"
		"Passes\n"
		"  \"game\": { \"result\": \"B+R\" }, and the main line ends with black's\n"
		"  move; \"game\": { \"result\": \"B+3.5\" }, whoever moved last.\n",
	.on_go = word,
};
