/* sgf-empty-text: a text property with no text (GN[], C[], PB[ ]).
 * Emitted by: convert/sgfrules.c. */
#include "core/rule.h"

const struct rule rule_sgf_empty_text = {
	.id = "sgf-empty-text",
	.category = "sgf",
	.severity = SEV_INFO,
	.summary = "a text property with no text (GN[], C[], PB[ ])",
	.explanation =
		"What it checks\n"
		"  A game information text (`GN`, `PB`, `PW`, `BR`, `WR`, `BT`, `WT`,\n"
		"  `EV`, `RO`, `PC`, `RE`, `RU`, `OT`, `ON`, `AN`, `SO`, `CP`, `US`, `GC`\n"
		"  in the root), a node's name `N` or a comment `C` with an empty value:\n"
		"  FF[4] allows it, and it says nothing. SGFC deletes such a value (its\n"
		"  warning 17, \"empty value found\"), and so does the SGF `--to sgf`\n"
		"  writes; `--convert` gives the record an empty string. A simple\n"
		"  text of blanks only (`PB[ ]`) is read as empty too; a comment of\n"
		"  blanks is kept as written. Info: the game is the same. An empty `DT`,\n"
		"  `BR` or `WR`, a property of more values (`GN[][]`) and game\n"
		"  information outside the root are kept under `meta.sgf`, with findings\n"
		"  of their own (`sgf-kept-property`, `sgf-info-outside-root`);\n"
		"  an empty value of a type that needs one is `sgf-empty-value`'s.\n"
		"\n"
		"Fix\n"
		"  Safe: `--fix` deletes the property, when its one value is empty and\n"
		"  stands on one line right after its name:\n"
		"\n"
		"  | file | --fix writes |\n"
		"  | --- | --- |\n"
		"  | `(;GM[1]GN[]PB[ ];B[aa]C[])` | `(;GM[1];B[aa])` |\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19]GN[]PB[ ];B[pd]C[])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19]GN[Final]PB[Lee];B[pd]C[ ];W[]DD[])\n",
	.fix = FIX_SAFE,
};
