/* turn-mismatch: the move after a node's `turn` is by the other colour.
 * The replay (engine/replay.c) meets the event on its board; this file
 * words it. */
#include <stdio.h>

#include "base/buf.h"
#include "engine/replay.h"

extern const struct rule rule_turn_mismatch;

/* The finding is at the move: the turn is named by its place. */
static void word(const struct go_event *e)
{
	if (e->kind != GO_TURN_MISMATCH)
		return;
	struct buf place = BUF_INIT;
	if (e->words && e->words->place) {   /* the source's place: "1:21 (the root node)" */
		buf_adds(&place, " at ");
		e->words->place(e->words->ctx, e->turn_pointer, &place);
	} else {
		if (e->turn_line)
			buf_printf(&place, " at %lu:%lu", e->turn_line, e->turn_col);
		buf_printf(&place, " (%s)", e->turn_pointer);
	}
	const char *who = go_color_name[e->color];
	char should[48];
	if (e->words)
		snprintf(should, sizeof should, "`PL` should be `PL[%c]`", who[0] == 'b' ? 'B' : 'W');
	else
		snprintf(should, sizeof should, "turn should be \"%s\"", who);
	go_finding(e, &rule_turn_mismatch,
		   "move %lu is %s's, but the `%s`%s says %s is to play: if the move is "
		   "right, that %s; if the %s is right, this move's colour is wrong", e->move, who,
		   go_field(e, "/turn", "turn"), place.data, go_color_name[e->turn], should,
		   e->words ? "`PL`" : "turn");
	buf_free(&place);
}


const struct rule rule_turn_mismatch = {
	.id = "turn-mismatch",
	.category = "go",
	.severity = SEV_WARNING,
	.summary = "the next move is not by the colour a node's turn says is to play",
	.explanation =
		"What it checks\n"
		"  A node may say whose turn it is (`turn`, usually on a setup node). It\n"
		"  names the colour to play after the node: on a node with a move, after\n"
		"  that move (as SGF's PL, and Seki's reader, which plays the move and\n"
		"  then applies the turn). In the replay (see occupied-point), the next\n"
		"  move of each line that goes through that node must be by that colour;\n"
		"  a move on the node itself is not checked against its own `turn`. The\n"
		"  finding is at the next move; it names the `turn`'s line:col and\n"
		"  pointer, and what each of the two would be if the other is right.\n"
		"  Points are named as players name them, then as the record writes them:\n"
		"  D16 (3, 3) is column D (the letters skip I) and row 16 counted from\n"
		"  the bottom, and (x, y) zero-based from the top left.\n"
		"\n"
		"Why\n"
		"  Players show whose turn it is from `turn`, and problem viewers decide\n"
		"  which side the user plays from it; a move of the other colour means\n"
		"  one of the two is wrong.\n"
		"\n"
		"Fails\n"
		"      0 1 2 3\n"
		"    0 . X O .       setup: black (1, 0), white (2, 0); turn: white\n"
		"    1 . . . .       next move: black (1, 2)\n"
		"    2 . 1 . .\n"
		"\n"
		"  { \"tree\": [ { \"setup\": [ ... ], \"turn\": \"white\" },\n"
		"              { \"move\": { \"color\": \"black\", \"x\": 1, \"y\": 2 } } ] }\n"
		"\n"
		"  { \"move\": { \"color\": \"white\", \"x\": 1, \"y\": 2 }, \"turn\": \"white\" },\n"
		"  { \"move\": { \"color\": \"black\", \"x\": 2, \"y\": 2 } }\n"
		"                    (white plays and says white is to play again)\n"
		"\n"
		"Passes\n"
		"  { \"tree\": [ { \"setup\": [ ... ], \"turn\": \"white\" },\n"
		"              { \"move\": { \"color\": \"white\", \"x\": 1, \"y\": 2 } } ] }\n"
		"  { \"move\": { \"color\": \"white\", \"x\": 1, \"y\": 2 }, \"turn\": \"black\" },\n"
		"  { \"move\": { \"color\": \"black\", \"x\": 2, \"y\": 2 } }\n",
	.on_go = word,
};
