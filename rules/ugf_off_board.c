/* ugf-off-board: a UGF move off the board that is not a pass: read as a
 * pass. Emitted by: convert/ugfnode.c, convert/ugfreview.c. */
#include "core/rule.h"

const struct rule rule_ugf_off_board = {
	.id = "ugf-off-board",
	.category = "ugf",
	.severity = SEV_WARNING,
	.summary = "a UGF move off the board that is not a pass: read as a pass",
	.explanation =
		"What it checks\n"
		"  A UGF move is two letters from A (`[Data]`) or two numbers from 1\n"
		"  (a review's `NODE` line), within the board's `Size`. UGF writes a\n"
		"  pass off the board, as letters from Y (`YA`, `ZZ`) or as numbers\n"
		"  both past the board (`20,20`) or both 0; any other point off the\n"
		"  board is read as a pass too, and said, since the move it was is\n"
		"  lost (a wrong `Size`, a damaged line).\n"
		"\n"
		"Fails\n"
		"    [Header]\n"
		"    Size=9\n"
		"    [Data]\n"
		"    KC,B1,1,0\n"
		"\n"
		"Passes\n"
		"    [Header]\n"
		"    Size=9\n"
		"    [Data]\n"
		"    CC,B1,1,0\n"
		"    YA,W1,2,0\n",
};
