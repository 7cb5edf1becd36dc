/* sgf-empty-value: an empty value of a property that needs one.
 * Emitted by: convert/sgfrules.c. */
#include "core/rule.h"

const struct rule rule_sgf_empty_value = {
	.id = "sgf-empty-value",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "an empty value of a property that needs one (AB[], PL[])",
	.explanation =
		"What it checks\n"
		"  SGF FF[4] lets a value be empty only where its type says so: `B[]` is\n"
		"  a pass, a text (`C[]`, `N[]`) may be empty, and so may an `elist`\n"
		"  (`DD`, `VW`, `TB`, `TW`). A setup or mark list (`AB`, `AW`, `AE`,\n"
		"  `MA`, `TR`, `CR`, `SQ`, `SL`), a label (`LB`), an arrow or a line\n"
		"  (`AR`, `LN`) needs its points, and `PL` a colour (SGFC's message 17\n"
		"  deletes such a value). An empty one stands for nothing: a list's is\n"
		"  left out, a `PL[]` is kept under `meta.sgf` as written and gives no\n"
		"  turn. Once a property.\n"
		"\n"
		"Fails\n"
		"  (;GM[1]SZ[19]PL[]AB[])\n"
		"\n"
		"Passes\n"
		"  (;GM[1]SZ[19]PL[B]AB[dd];B[];C[])\n",
};
