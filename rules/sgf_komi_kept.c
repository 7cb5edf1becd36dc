/* sgf-komi-kept: a KM value that is no komi a game has: kept under meta,
 * rules.komi left out. Emitted by: convert/rootprops.c. */
#include "core/rule.h"

const struct rule rule_sgf_komi_kept = {
	.id = "sgf-komi-kept",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "a KM value that is no komi a game has: kept under meta, rules.komi left out",
	.explanation =
		"What it checks\n"
		"  Some servers write komi in their own units (`KM[375]` for 3.75, a\n"
		"  Chinese komi of 7.5 as `KM[750]`). A komi beyond what any game has is\n"
		"  not written as `rules.komi`: the finding says what it most likely\n"
		"  means, and the value is kept under `meta.sgf`.\n"
		"\n"
		"Fix\n"
		"  None: the message says what the value most likely means (`KM[375]`:\n"
		"  3.75), but a server's unit is a guess; the file is left as it is.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19]KM[650])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19]KM[6.5])\n",
};
