/* sgf-unclosed-tree: game trees not closed by `)`: at the end of the file,
 * or before the next game of a collection.
 * Emitted by: convert/sgf.c. */
#include "core/rule.h"

const struct rule rule_sgf_unclosed_tree = {
	.id = "sgf-unclosed-tree",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "game trees not closed by `)`, at the end of the file or before the next game",
	.explanation =
		"What it checks\n"
		"  Each `(` has its `)`. A file cut short (a download stopped, a mail\n"
		"  truncated) ends with game trees open; jgflint closes them at the end\n"
		"  of the file and says how many were missing. A game of a collection\n"
		"  that lost its `)` (a truncated copy) would take every game after it\n"
		"  as its variations: a `(` whose first node holds GM or FF, where no\n"
		"  `)` closes the open game before the end of the file, starts the next\n"
		"  game, and the open trees are closed before it. A collection held as\n"
		"  one tree, its games variations that the tree's `)` closes, stays one\n"
		"  game.\n"
		"\n"
		"Fix\n"
		"  Safe: `--fix` writes the missing `)` where they were lost, unless a\n"
		"  value left open reads to it (`sgf-unclosed-value`: a `)` there would\n"
		"  be the value's):\n"
		"\n"
		"  | file | --fix writes |\n"
		"  | --- | --- |\n"
		"  | `(;GM[1];B[aa]` | `(;GM[1];B[aa])` |\n"
		"  | `(;GM[1];B[aa] (;GM[1];B[bb])` | `(;GM[1];B[aa] )(;GM[1];B[bb])` |\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19];B[aa]\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19];B[aa])\n",
	.fix = FIX_SAFE,
};
