/* ngf-cut-short: an NGF file that lost moves: two or more fewer than its
 * header announces, or a move line cut short. Emitted by: convert/ngf.c. */
#include "core/rule.h"

const struct rule rule_ngf_cut_short = {
	.id = "ngf-cut-short",
	.category = "ngf",
	.severity = SEV_ERROR,
	.summary = "an NGF file that lost moves: two or more fewer than its header announces, or "
		   "a move line cut short",
	.explanation =
		"What it checks\n"
		"  An NGF header's last line is the number of moves, and each move is a\n"
		"  line `PMnnCxyyx`. A file with two or more moves fewer than announced\n"
		"  was cut short (a download stopped, a copy truncated): the moves it\n"
		"  lost are said at the end of the game, with how many. A `PM` line too\n"
		"  short to be a move, or with no colour B or W, is a move lost too: it\n"
		"  is ignored and kept under meta.ngf. Moves lost are an error, as\n"
		"  SGFC's \"unexpected end of file\" is for an SGF file cut short: the\n"
		"  record is not the game. One move fewer than announced is\n"
		"  `ngf-move-count`'s; more moves than announced is not said: a pass is\n"
		"  seen left out of the count.\n"
		"\n"
		"Fails\n"
		"  (the header's last line)\n"
		"  4\n"
		"  PMABBCCCC\n"
		"  PMACWEEEE\n"
		"\n"
		"Passes\n"
		"  (the header's last line)\n"
		"  2\n"
		"  PMABBCCCC\n"
		"  PMACWEEEE\n",
};
