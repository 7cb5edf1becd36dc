/* sgf-stray-paren: a `)` without a `(`: ignored. Emitted by: convert/sgf.c. */
#include "core/rule.h"

const struct rule rule_sgf_stray_paren = {
	.id = "sgf-stray-paren",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "a `)` without a `(`: ignored",
	.explanation =
		"What it checks\n"
		"  Outside a game tree a `)` closes nothing; it is ignored.\n"
		"\n"
		"Fails\n"
		"  (;GM[1]SZ[19];B[aa]))\n"
		"\n"
		"Passes\n"
		"  (;GM[1]SZ[19];B[aa])\n",
};
