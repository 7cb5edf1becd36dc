/* ngf-move-count: an NGF file with one move fewer than its header
 * announces. Emitted by: convert/ngf.c. */
#include "core/rule.h"

const struct rule rule_ngf_move_count = {
	.id = "ngf-move-count",
	.category = "ngf",
	.severity = SEV_WARNING,
	.summary = "an NGF file with one move fewer than its header announces: the last move may "
		   "be lost",
	.explanation =
		"What it checks\n"
		"  An NGF header's last line is the number of moves. A file with one\n"
		"  move fewer may have lost its last move, or its header may count one\n"
		"  too many (aeb's ngf2sgf saw such a file), so that it is a warning,\n"
		"  said at the end of the game; two or more fewer is `ngf-cut-short`'s,\n"
		"  an error.\n"
		"\n"
		"Fails\n"
		"    (the header's last line)\n"
		"    3\n"
		"    PMABBCCCC\n"
		"    PMACWEEEE\n"
		"\n"
		"Passes\n"
		"    (the header's last line)\n"
		"    2\n"
		"    PMABBCCCC\n"
		"    PMACWEEEE\n",
};
