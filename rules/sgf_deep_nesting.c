/* sgf-deep-nesting: game trees nested deeper than 6666 levels (SGF_MAX_NESTING,
 * read/scan.h) are read as one line. Emitted by: convert/sgf.c. */
#include "core/rule.h"

const struct rule rule_sgf_deep_nesting = {
	.id = "sgf-deep-nesting",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "game trees nested deeper than 6666 levels are read as one line",
	.explanation =
		"What it checks\n"
		"  A record converted from variations nested this deeply could not be\n"
		"  checked (JSON deeper than jgflint reads); the deeper levels are read as\n"
		"  one line of play. No JGF record jgflint reads is nested deeper, so\n"
		"  the SGF --to sgf writes is always read whole.\n"
		"\n"
		"Fix\n"
		"  None: flattening the nesting would change the game tree; the file is\n"
		"  left as it is.\n"
		"\n"
		"Fails\n"
		"    (;GM[1](;B[aa](;W[bb](;B[cc] ... (more than 6666 levels)\n"
		"\n"
		"Passes\n"
		"    (;GM[1](;B[aa])(;B[bb]))\n",
};
