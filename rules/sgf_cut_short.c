/* sgf-cut-short: an SGF file that ends inside a node: in a value, after a
 * property's identifier or after a `;`. Emitted by: convert/sgf.c,
 * convert/sgfproperty.c. */
#include "core/rule.h"

const struct rule rule_sgf_cut_short = {
	.id = "sgf-cut-short",
	.category = "sgf",
	.severity = SEV_ERROR,
	.summary = "an SGF file that ends inside a node: it was cut short, and what followed is lost",
	.explanation =
		"What it checks\n"
		"  A file cut short (a download stopped, a copy truncated, a disk\n"
		"  full) ends inside a value (no `]` after it), after a property's\n"
		"  identifier, a `;` or a `(`. What followed is lost: an error, as\n"
		"  SGFC's \"unexpected end of file\" is critical. It is said at the end\n"
		"  of the file; the value is read up to it (a point or number to its\n"
		"  line's end). A `]` lost where only `;`, `(` or `)` follow is\n"
		"  `sgf-unclosed-value`'s, a file that ends after a whole node\n"
		"  `sgf-unclosed-tree`'s: neither is certain loss.\n"
		"\n"
		"Fix\n"
		"  None: what was lost is not in the file; fetch the record again.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19];B[pd];W[dp];B[pp]C[Black takes the last co\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19];B[pd];W[dp];B[pp]C[Black takes the last corner.])\n",
};
