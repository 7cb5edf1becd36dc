/* sgf-unclosed-tree: game trees not closed by `)` at the end of the file.
 * Emitted by: convert/sgf.c. */
#include "core/rule.h"

const struct rule rule_sgf_unclosed_tree = {
	.id = "sgf-unclosed-tree",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "game trees not closed by `)` at the end of the file",
	.explanation =
		"What it checks\n"
		"  Each `(` has its `)`. A file cut short (a download stopped, a mail\n"
		"  truncated) ends with game trees open; jgflint closes them at the end\n"
		"  of the file and says how many were missing.\n"
		"\n"
		"Fix\n"
		"  Safe: `--fix` writes the missing `)` at the end of the file, unless a\n"
		"  value left open reads to it (`sgf-unclosed-value`: a `)` there would\n"
		"  be the value's):\n"
		"\n"
		"  | file | --fix writes |\n"
		"  | --- | --- |\n"
		"  | `(;GM[1];B[aa]` | `(;GM[1];B[aa])` |\n"
		"\n"
		"Fails\n"
		"  (;GM[1]SZ[19];B[aa]\n"
		"\n"
		"Passes\n"
		"  (;GM[1]SZ[19];B[aa])\n",
	.fix = FIX_SAFE,
};
