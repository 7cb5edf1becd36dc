/* ngf-cut-short: an NGF file that lost moves: two or more fewer than its
 * header announces, a move line cut short, or move numbers out of
 * sequence; or header lines lost, doubled or moved. Emitted by:
 * convert/ngf.c. */
#include "core/rule.h"

const struct rule rule_ngf_cut_short = {
	.id = "ngf-cut-short",
	.category = "ngf",
	.severity = SEV_ERROR,
	.summary = "an NGF file that lost moves: two or more fewer than its header announces, a "
		   "move line cut short, move numbers that skip or repeat, or header lines out of place",
	.explanation =
		"What it checks\n"
		"  An NGF header's last line is the number of moves, each move a line\n"
		"  `PMnnCxyyx`. Two or more fewer moves than announced were lost (a file\n"
		"  cut short), said at the game's end; a `PM` line too short or with no\n"
		"  colour is a move lost, kept under meta.ngf; a number `nn` (AB is 1)\n"
		"  that skips lost the moves between (one repeated or out of place is a\n"
		"  line doubled or moved). Moves lost are an error:\n"
		"  the record is not the game. One fewer is `ngf-move-count`'s; more is\n"
		"  not said (a pass is seen left out of the count). Header lines lost,\n"
		"  doubled or moved move the fields after them: each is read where every\n"
		"  arrangement of the lines that fits their shapes agrees, and said.\n"
		"\n"
		"Fails\n"
		"    (the header's last line)\n"
		"    4\n"
		"    PMABBCCCC\n"
		"    PMACWEEEE\n"
		"\n"
		"Passes\n"
		"    (the header's last line)\n"
		"    2\n"
		"    PMABBCCCC\n"
		"    PMACWEEEE\n",
};
