/* sgf-swallowed-property: a text value runs on over the next property, its
 * `]` lost. Emitted by: convert/sgfproperty.c. */
#include "core/rule.h"

const struct rule rule_sgf_swallowed_property = {
	.id = "sgf-swallowed-property",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "a text value runs on over the next property (its `]` lost)",
	.explanation =
		"What it checks\n"
		"  A text value ends at its first `]`. When that `]` is lost, the value\n"
		"  runs on over what follows up to the next `]`: in `PW[Cho;B[pd];W[dp]`\n"
		"  White's name is `Cho;B[pd` and the game starts with W[dp], a move\n"
		"  short; in `PB[Lee BR[9d]` Black's rank is part of the name. The file\n"
		"  is valid SGF, and SGFC reads it so without a word. jgflint reads it\n"
		"  so too, and says it when a value (of `C`, `GN`, `PB`, any text) holds\n"
		"  a property of SGF's (`BR[`, `;B[`, `LeeBR[`, FF[1-3]'s spelling\n"
		"  `PlayerWhite[` of two capitals) with a `[` that no `]`\n"
		"  of the value closes, and SGF goes on after the value (a property, a\n"
		"  node, a variation: text there means a `]` of the text was not\n"
		"  escaped, which `sgf-stray-text` says). Text that means a bracket\n"
		"  writes `\\]` (`C[play B[pd\\] here]`), and is left alone.\n"
		"\n"
		"Fix\n"
		"  Unsafe (`--fix --unsafe-fixes`): the `]` is written where the\n"
		"  value's text ends, before the property (and a `;` before it), which\n"
		"  changes what the file says:\n"
		"\n"
		"  | file | --fix --unsafe-fixes writes |\n"
		"  | --- | --- |\n"
		"  | `PB[Lee BR[9d]` | `PB[Lee] BR[9d]` |\n"
		"  | `PW[Cho;B[pd];W[dp]` | `PW[Cho];B[pd];W[dp]` |\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19]PB[Lee]PW[Cho\n"
		"    ;B[pd];W[dp])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19]PB[Lee]PW[Cho]\n"
		"    ;B[pd]C[B[pd\\] is the move of the game];W[dp])\n",
	.fix = FIX_UNSAFE,
};
