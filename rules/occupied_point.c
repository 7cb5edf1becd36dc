/* occupied-point: a move on a point that already holds a stone.
 * The replay (engine/replay.c) meets the event on its board; this file
 * words it. */
#include "engine/replay.h"

extern const struct rule rule_occupied_point;

static void word(const struct go_event *e)
{
	if (e->kind != GO_OCCUPIED)
		return;
	char at[GO_WHERE_SIZE];
	const char *who = go_color_name[e->color], *there = go_color_name[e->there];
	if (e->there_move)
		go_finding(e, &rule_occupied_point,
			   "move %lu (%s at %s) is on an occupied point: the %s stone of move %lu "
			   "stands there%s", e->move, who, go_where(e, at), there, e->there_move,
			   GO_STOPS);
	else
		go_finding(e, &rule_occupied_point,
			   "move %lu (%s at %s) is on an occupied point: a %s stone placed by "
			   "setup stands there%s", e->move, who, go_where(e, at), there, GO_STOPS);
}


const struct rule rule_occupied_point = {
	.id = "occupied-point",
	.category = "go",
	.severity = SEV_ERROR,
	.summary = "a move is played on a point that already holds a stone",
	.explanation =
		"What it checks\n"
		"  jgflint replays every Go record on a board: the root node's setup, then\n"
		"  the main line and every variation, each from the position of the node\n"
		"  it branches from, with setup nodes, turns and captures applied. A move\n"
		"  must land on an empty point. The finding names the move's number\n"
		"  (counted from the start of its line, passes included) and the move that\n"
		"  put the stone there. A line stops at its first error, because the\n"
		"  positions after it mean nothing; other lines still replay.\n"
		"  Points are named as players name them, then as the record writes them:\n"
		"  D16 (3, 3) is column D (the letters skip I) and row 16 counted from\n"
		"  the bottom, and (x, y) zero-based from the top left.\n"
		"  Records whose game.type is not \"go\", boards larger than 52x52, and\n"
		"  players of colours other than black and white are not replayed, nor\n"
		"  a board whose size disagrees with its width or height (see\n"
		"  board-size-conflict). A move at the point a converter writes for a\n"
		"  pass (x 19, y 19: see off-board) is played as that pass; any other\n"
		"  move off the board, and a move with `\"pass\": true` beside\n"
		"  coordinates on the board (see move-shape), could be a stone or a\n"
		"  pass, so its line stops there; a move beside `variations` is played\n"
		"  before the variations (see variations-node). These findings cause no\n"
		"  other one.\n"
		"\n"
		"Why\n"
		"  A point holds one stone. A record that plays on a stone is corrupt\n"
		"  (a mistyped coordinate, an SGF pass converted as a point, two games\n"
		"  merged), and every player shows something else from there on.\n"
		"\n"
		"Fails\n"
		"      0 1 2 3 4\n"
		"    0 . . . . .     move 1: black (2, 2)\n"
		"    1 . . . . .     move 2: white (3, 2)\n"
		"    2 . . X O .     move 3: black (2, 2), where move 1 stands\n"
		"    3 . . . . .\n"
		"\n"
		"  { \"tree\": [ {}, { \"move\": { \"color\": \"black\", \"x\": 2, \"y\": 2 } },\n"
		"                 { \"move\": { \"color\": \"white\", \"x\": 3, \"y\": 2 } },\n"
		"                 { \"move\": { \"color\": \"black\", \"x\": 2, \"y\": 2 } } ] }\n"
		"\n"
		"Passes\n"
		"  The same moves with move 3 on an empty point, such as (2, 3). A point\n"
		"  that a capture emptied may be played again.\n",
	.on_go = word,
};
