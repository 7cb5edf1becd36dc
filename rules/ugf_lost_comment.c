/* ugf-lost-comment: a UGF comment on a move or node that is not in the game:
 * ignored. Emitted by: convert/ugf.c. */
#include "core/rule.h"

const struct rule rule_ugf_lost_comment = {
	.id = "ugf-lost-comment",
	.category = "ugf",
	.severity = SEV_WARNING,
	.summary = "a UGF comment on a move or node that is not in the game: ignored",
	.explanation =
		"What it checks\n"
		"  A `[Comment]` section's comments name the move (or the review's node)\n"
		"  they are on; one on a move the game does not have is ignored.\n"
		"\n"
		"Fails\n"
		"    [Comment]\n"
		"    .Comment,999\n"
		"\n"
		"Passes\n"
		"    [Comment]\n"
		"    .Comment,1\n",
};
