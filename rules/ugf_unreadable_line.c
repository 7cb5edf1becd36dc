/* ugf-unreadable-line: a UGF move or review line that cannot be read:
 * ignored. Emitted by: convert/ugf.c, convert/ugfnode.c,
 * convert/ugfreview.c. */
#include "core/rule.h"

const struct rule rule_ugf_unreadable_line = {
	.id = "ugf-unreadable-line",
	.category = "ugf",
	.severity = SEV_WARNING,
	.summary = "a UGF move or review line that cannot be read: ignored",
	.explanation =
		"What it checks\n"
		"  UGF's `[Data]` lines are `XY,COLOR,NUMBER,TIME` and a review's node\n"
		"  lines have their fields (`NODE,ID,COLOR,X,Y`, numbers, COLOR 0 to 2),\n"
		"  as a comment's label lines (`.#,X,Y,LABEL` on the board); a line\n"
		"  that is none is ignored. A move whose NUMBER is none from 1 to\n"
		"  100,000,000 is read as the one after the last.\n"
		"  A game with no `[Data]` (nor a review) whose lines hold a move line\n"
		"  lost its `[Data]` line, or has it damaged: said at the first move\n"
		"  line, as the moves are not read.\n"
		"\n"
		"Fails\n"
		"    [Data]\n"
		"    CC,B1\n"
		"\n"
		"Passes\n"
		"    [Data]\n"
		"    CC,B1,0,0\n",
};
