/* setup-no-effect: a setup instruction that changes nothing.
 * The replay (engine/replay.c) meets the event on its board; this file
 * words it. */
#include "engine/replay.h"

extern const struct rule rule_setup_no_effect;

static void word(const struct go_event *e)
{
	if (e->kind != GO_SETUP_NO_EFFECT)
		return;
	char at[GO_WHERE_SIZE];
	const char *color = go_color_name[e->color];
	if (e->color == STONE_NONE)
		go_finding(e, &rule_setup_no_effect, "setup clears %s, which is already empty",
			   go_where(e, at));
	else
		go_finding(e, &rule_setup_no_effect,
			   "setup places a %s stone at %s, where a %s stone already stands", color,
			   go_where(e, at), color);
}


const struct rule rule_setup_no_effect = {
	.id = "setup-no-effect",
	.category = "go",
	.severity = SEV_WARNING,
	.summary = "a setup point changes nothing: the stone is already there, or the point is empty",
	.explanation =
		"What it checks\n"
		"  In the replay (see occupied-point), each point of a setup entry must\n"
		"  change the position: a black or white entry must not name a point\n"
		"  where a stone of that colour already stands (placed by a move, by an\n"
		"  earlier setup, or earlier in the same node), and a clear entry must\n"
		"  not name an empty point. Points are (x, y), zero-based, from the top\n"
		"  left.\n"
		"\n"
		"Why\n"
		"  A setup that changes nothing is usually a point meant for somewhere\n"
		"  else (a mistyped coordinate, or a diagram drawn on the wrong position),\n"
		"  or a leftover from conversion that bloats the record.\n"
		"\n"
		"Fails\n"
		"      0 1 2 3\n"
		"    0 . . . .       move 1: black (1, 1)\n"
		"    1 . X . .       then setup: black (1, 1)   (already black)\n"
		"    2 . . . .               clear (3, 2)   (already empty)\n"
		"\n"
		"  { \"setup\": [ { \"type\": \"black\", \"coords\": [ { \"x\": 1, \"y\": 1 } ] },\n"
		"               { \"type\": \"clear\", \"coords\": [ { \"x\": 3, \"y\": 2 } ] } ] }\n"
		"\n"
		"Passes\n"
		"  Any of these setups: white (1, 1) (replaces the black stone); clear\n"
		"  (1, 1) (removes it); black (3, 2) (an empty point).\n",
	.on_go = word,
};
