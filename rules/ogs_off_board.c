/* ogs-off-board: an OGS move off the board (other than the pass -1, -1):
 * read as a pass. Emitted by: convert/ogs.c. */
#include "core/rule.h"

const struct rule rule_ogs_off_board = {
	.id = "ogs-off-board",
	.category = "ogs",
	.severity = SEV_WARNING,
	.summary = "an OGS move off the board: read as a pass",
	.explanation =
		"What it checks\n"
		"  An OGS move [x, y, time] plays at x from 0 to `width` - 1 and y from\n"
		"  0 to `height` - 1; -1, -1 is a pass. Any other point off the board is\n"
		"  read as a pass, so that the colours of the moves after it stay as OGS\n"
		"  played them; a stone placed by hand (an edited move) off the board is\n"
		"  ignored.\n"
		"\n"
		"Fails\n"
		"  { \"game_id\": 1, \"width\": 9, \"height\": 9, \"moves\": [[9, 2, 1000]] }\n"
		"\n"
		"Passes\n"
		"  { \"game_id\": 1, \"width\": 9, \"height\": 9, \"moves\": [[-1, -1, 1000]] }\n",
};
