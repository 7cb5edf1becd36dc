/* sgf-komi-read: komi written in a KO property, in words, is read as komi.
 * Emitted by: convert/rootprops.c. */
#include "core/rule.h"

const struct rule rule_sgf_komi_read = {
	.id = "sgf-komi-read",
	.category = "sgf",
	.severity = SEV_INFO,
	.summary = "komi written in a KO property, in words, is read as komi",
	.explanation =
		"What it checks\n"
		"  Some Japanese programs write komi in their own property, `KO`, in words\n"
		"  (`KO[黒6目半]`); when there is no `KM`, it is read as the komi, and the\n"
		"  original kept under `meta.sgf`.\n"
		"\n"
		"Fails\n"
		"  (;GM[1]SZ[19]KO[6目半])\n"
		"\n"
		"Passes\n"
		"  (;GM[1]SZ[19]KM[6.5])\n",
};
