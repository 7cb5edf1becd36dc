/* same-color-twice: the same colour moves twice in a row.
 * The replay (engine/replay.c) meets the event on its board; this file
 * words it. */
#include <stdio.h>

#include "engine/replay.h"

extern const struct rule rule_same_color_twice;

/* One finding per run of moves: rewritten as the run grows. */
static void word(const struct go_event *e)
{
	if (e->kind != GO_SAME_COLOR)
		return;
	const char *who = go_color_name[e->color], *other = go_color_name[e->color ^ 3];
	/* A pass as the record writes it: {"color": "white", "pass": true}, W[] */
	char pass[48];
	if (e->words)
		snprintf(pass, sizeof pass, "%c[]", other[0] == 'b' ? 'B' : 'W');
	else
		snprintf(pass, sizeof pass, "{\"color\": \"%s\", \"pass\": true}", other);
	const char *turn = go_field(e, "/turn", "turn");
	if (!e->extends)
		go_finding(e, &rule_same_color_twice,
			   "move %lu is %s's, and so was move %lu before it, with no setup or "
			   "`%s` between; if %s passed, record it as %s", e->last, who, e->first,
			   turn, other, pass);
	else
		go_reword(e->extends,
			  "moves %lu–%lu are all %s's, %lu in a row with no setup or `%s` "
			  "between; if %s passed between them, record each pass as %s", e->first,
			  e->last, who, e->last - e->first + 1, turn, other, pass);
}


const struct rule rule_same_color_twice = {
	.id = "same-color-twice",
	.category = "go",
	.severity = SEV_WARNING,
	.summary = "the same colour moves twice in a row with no setup or turn between",
	.explanation =
		"What it checks\n"
		"  In the replay (see occupied-point), consecutive moves of a line must\n"
		"  alternate colours, passes included, unless a setup node or a node\n"
		"  with `turn` comes between them. Black's first moves in a game with\n"
		"  rules.handicap N >= 2 that places its handicap stones by playing them\n"
		"  are not reported: when fewer than N black stones and no white ones are\n"
		"  set up before a line's first move, black's first moves make up the\n"
		"  rest (free placement). A run of moves of one colour is one finding,\n"
		"  at its second move, naming the run (\"moves 289–295 are all\n"
		"  white's\"); where lines branch inside a run, it names the longest.\n"
		"  Points are named as players name them, then as the record writes them:\n"
		"  D16 (3, 3) is column D (the letters skip I) and row 16 counted from\n"
		"  the bottom, and (x, y) zero-based from the top left.\n"
		"\n"
		"Why\n"
		"  Players alternate. Two moves of one colour usually mean a lost pass\n"
		"  (the SGF had W[] or W[tt] and a converter dropped it) or a wrong\n"
		"  colour; players then disagree on who is to play.\n"
		"\n"
		"Fails\n"
		"      0 1 2 3 4\n"
		"    0 . . . . .     move 1: black (3, 1)\n"
		"    1 . . . 1 .     move 2: white (1, 3)\n"
		"    2 . . . . .     move 3: white (3, 3)   (white again)\n"
		"    3 . 2 . 3 .\n"
		"\n"
		"Passes\n"
		"  move 3 by black; or move 3 white after { \"move\": { \"color\": \"black\",\n"
		"  \"pass\": true } }; or after a node with { \"turn\": \"white\" }.\n",
	.on_go = word,
};
