/* ogs-no-moves: an OGS file that holds no game record (no moves): its
 * position, if it has one, read as setup. Emitted by: convert/ogs.c. */
#include "core/rule.h"

const struct rule rule_ogs_no_moves = {
	.id = "ogs-no-moves",
	.category = "ogs",
	.severity = SEV_WARNING,
	.summary = "an OGS file that holds no game record: its position read as setup",
	.explanation =
		"What it checks\n"
		"  An OGS game record (online-go.com's game JSON) has its `moves`. A file\n"
		"  with a `game_id` and none, as OGS's autoscore snapshots are (a `board`\n"
		"  grid, 0 empty, 1 black, 2 white, and ownership grids or an estimated\n"
		"  score), is no game record: --convert says so and reads the `board`,\n"
		"  a position, as the setup of an empty game, so that nothing of it is\n"
		"  thrown away unsaid; the grids beside it are named, not read.\n"
		"\n"
		"Fails\n"
		"  { \"game_id\": 1, \"board\": [[0, 1], [2, 0]], \"ownership\": [[0, 1], [-1, 0]] }\n"
		"\n"
		"Passes\n"
		"  { \"game_id\": 1, \"width\": 19, \"height\": 19, \"moves\": [[15, 3, 1200]] }\n",
};
