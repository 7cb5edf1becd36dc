/* sgf-board-size: SZ is not a board size from 1 to 52: the board is read as
 * 19x19. Emitted by: convert/rootprops.c. */
#include "core/rule.h"

const struct rule rule_sgf_board_size = {
	.id = "sgf-board-size",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "SZ is not a board size from 1 to 52: the board is read as 19x19",
	.explanation =
		"What it checks\n"
		"  SGF's points are letters a-z and A-Z: a board has 1 to 52 lines. A\n"
		"  size beyond, or that is no number, is kept under `meta.sgf` and the\n"
		"  board read as 19x19.\n"
		"\n"
		"Fix\n"
		"  None: the size meant is not known (the board is read as 19x19);\n"
		"  writing one would guess it.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[big];B[aa])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19];B[aa])\n",
};
