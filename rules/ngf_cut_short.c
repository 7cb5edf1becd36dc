/* ngf-cut-short: an NGF file with fewer moves than its header announces,
 * or a move line cut short. Emitted by: convert/ngf.c. */
#include "core/rule.h"

const struct rule rule_ngf_cut_short = {
	.id = "ngf-cut-short",
	.category = "ngf",
	.severity = SEV_WARNING,
	.summary = "an NGF file with fewer moves than its header announces, or a move line cut short",
	.explanation =
		"What it checks\n"
		"  An NGF header's last line is the number of moves, and each move is a\n"
		"  line `PMnnCxyyx`. Fewer moves than announced (a file cut short, or a\n"
		"  header that counts wrong) is said at the count; a `PM` line too short\n"
		"  to be a move, or with no colour B or W, is ignored and kept under\n"
		"  meta.ngf. More moves than announced is not said: a pass is seen left\n"
		"  out of the count.\n"
		"\n"
		"Fails\n"
		"  (the header's last line)\n"
		"  3\n"
		"  PMABBCCCC\n"
		"  PMACWEEEE\n"
		"  PMADB\n"
		"\n"
		"Passes\n"
		"  (the header's last line)\n"
		"  2\n"
		"  PMABBCCCC\n"
		"  PMACWEEEE\n",
};
