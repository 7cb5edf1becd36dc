/* sgf-rank-read: a rank written in another form is read as a JGF rank.
 * Emitted by: convert/rootprops.c. */
#include "core/rule.h"

const struct rule rule_sgf_rank_read = {
	.id = "sgf-rank-read",
	.category = "sgf",
	.severity = SEV_INFO,
	.summary = "a rank written in another form is read as a JGF rank",
	.explanation =
		"What it checks\n"
		"  Ranks such as `5 dan`, `3k*` or a rank in Japanese, Korean or Chinese\n"
		"  are read as JGF writes them (`5d`, `3k`); the original spelling is\n"
		"  kept under `meta.sgf`.\n"
		"\n"
		"Fix\n"
		"  None: SGF's `BR` and `WR` are SimpleText, so `3 dan` is SGF as it\n"
		"  is: the rank is read, not rewritten.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19]BR[5 dan])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19]BR[5d])\n",
};
