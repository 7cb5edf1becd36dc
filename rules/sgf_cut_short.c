/* sgf-cut-short: an SGF file that ends inside a node: in a value, after a
 * property's identifier or after a `;`. Emitted by: convert/sgf.c. */
#include "core/rule.h"

const struct rule rule_sgf_cut_short = {
	.id = "sgf-cut-short",
	.category = "sgf",
	.severity = SEV_ERROR,
	.summary = "an SGF file that ends inside a node: it was cut short, and what followed is lost",
	.explanation =
		"What it checks\n"
		"  A file cut short (a download stopped, a copy truncated, a disk\n"
		"  full) ends where the cut fell: most often inside a value, no `]`\n"
		"  after it to the end of the file, else after a property's identifier,\n"
		"  a `;` or a game tree's `(`, before what they begin. What followed is\n"
		"  lost, the moves and comments of the rest of the game: an error, as\n"
		"  SGFC's \"unexpected end of file\" is a critical one. It is said at the\n"
		"  end of the file; the value is read up to it (a point or a number up\n"
		"  to its line's end), and the game trees are closed there. A value\n"
		"  whose `]` was lost where the file goes on (the next line holds only\n"
		"  `;`, `(` or `)`) is `sgf-unclosed-value`'s, and a file that ends\n"
		"  after a whole node, only its `)` missing, is `sgf-unclosed-tree`'s:\n"
		"  neither is certain to have lost anything.\n"
		"\n"
		"Fix\n"
		"  None: what was lost is not in the file. Read the record again from\n"
		"  where it came from.\n"
		"\n"
		"Fails\n"
		"  (;GM[1]SZ[19];B[pd];W[dp];B[pp]C[Black takes the last co\n"
		"\n"
		"Passes\n"
		"  (;GM[1]SZ[19];B[pd];W[dp];B[pp]C[Black takes the last corner.])\n",
};
