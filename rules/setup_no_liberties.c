/* setup-no-liberties: a setup that leaves a chain without liberties.
 * The replay (engine/replay.c) meets the event on its board; this file
 * words it. */
#include "engine/replay.h"

extern const struct rule rule_setup_no_liberties;

static void word(const struct go_event *e)
{
	if (e->kind != GO_SETUP_NO_LIBERTIES)
		return;
	char at[GO_WHERE_SIZE];
	const char *color = go_color_name[e->there];
	if (e->len == 1)
		go_finding(e, &rule_setup_no_liberties,
			   "after this setup the %s stone at %s has no liberties, a position that "
			   "cannot arise in a game", color, go_where(e, at));
	else
		go_finding(e, &rule_setup_no_liberties,
			   "after this setup the chain of %zu %s stones at %s has no liberties, a "
			   "position that cannot arise in a game", e->len, color, go_where(e, at));
}


const struct rule rule_setup_no_liberties = {
	.id = "setup-no-liberties",
	.category = "go",
	.severity = SEV_WARNING,
	.summary = "a setup leaves a chain of stones without liberties",
	.explanation =
		"What it checks\n"
		"  After each setup node of the replay (see occupied-point), every chain\n"
		"  that touches a stone the node placed must have a liberty. A chain\n"
		"  without one is reported once, at the setup point that placed one of\n"
		"  its stones or took its last liberty. Setup does not capture: the\n"
		"  stones stay, and the next move next to them captures them.\n"
		"  Points are named as players name them, then as the record writes them:\n"
		"  D16 (3, 3) is column D (the letters skip I) and row 16 counted from\n"
		"  the bottom, and (x, y) zero-based from the top left.\n"
		"\n"
		"Why\n"
		"  No game reaches a position with a chain that has no liberties, so such\n"
		"  a setup is a mistake in a problem or a diagram (a stone on the wrong\n"
		"  point, or a colour swapped), and players disagree on what it means.\n"
		"\n"
		"Fails\n"
		"      0 1 2\n"
		"    0 X O .         setup: black (0, 0), white (1, 0) and (0, 1)\n"
		"    1 O . .         the black stone has no liberty\n"
		"\n"
		"  { \"setup\": [ { \"type\": \"black\", \"coords\": [ { \"x\": 0, \"y\": 0 } ] },\n"
		"               { \"type\": \"white\", \"coords\": [ { \"x\": 1, \"y\": 0 },\n"
		"                                               { \"x\": 0, \"y\": 1 } ] } ] }\n"
		"\n"
		"Passes\n"
		"      0 1 2\n"
		"    0 X O .         setup: black (0, 0), white (1, 0): the black stone\n"
		"    1 . . .         keeps the liberty (0, 1)\n",
	.on_go = word,
};
