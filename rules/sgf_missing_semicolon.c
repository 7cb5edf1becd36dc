/* sgf-missing-semicolon: properties outside a node (no `;` before them) are
 * read as a node. Emitted by: convert/sgf.c. */
#include "core/rule.h"

const struct rule rule_sgf_missing_semicolon = {
	.id = "sgf-missing-semicolon",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "properties outside a node (no `;` before them) are read as a node",
	.explanation =
		"What it checks\n"
		"  SGF's nodes start with `;`. Properties after `(` or `)` with no `;`\n"
		"  before them, as in `(;B[aa])(B[bb])`, belong to no node; jgflint\n"
		"  reads them as a node of their own there, as SGFC does (here a second\n"
		"  variation, not two black moves in a row).\n"
		"\n"
		"Fix\n"
		"  Safe: `--fix` writes the `;` before the properties, unless they read\n"
		"  as nothing (`(b]`: no value), an empty node (sgf-empty-node):\n"
		"\n"
		"  | file | --fix writes |\n"
		"  | --- | --- |\n"
		"  | `(W[dd])` | `(;W[dd])` |\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19];B[aa])(B[bb])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19](;B[aa])(;B[bb]))\n",
	.fix = FIX_SAFE,
};
