/* sgf-turn-read: PL[1] and PL[2] read as black's and white's turn.
 * Emitted by: convert/sgfrules.c. */
#include "core/rule.h"

const struct rule rule_sgf_turn_read = {
	.id = "sgf-turn-read",
	.category = "sgf",
	.severity = SEV_INFO,
	.summary = "PL[1] and PL[2] are read as black's and white's turn",
	.explanation =
		"What it checks\n"
		"  `PL` names the colour to play, `B` or `W`. Programs written for SGF\n"
		"  before FF[4] wrote the colour as a number, `1` for black and `2` for\n"
		"  white; jgflint reads them so, and says it (SGFC's message 14 corrects\n"
		"  them the same way). Any other value gives no turn and is kept under\n"
		"  `meta.sgf.nodes` (`sgf-kept-property`).\n"
		"\n"
		"Fix\n"
		"  None: they are read as `B` and `W`; the file is left as it is.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19]AB[dd]PL[2])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19]AB[dd]PL[W])\n",
};
