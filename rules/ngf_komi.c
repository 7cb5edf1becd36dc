/* ngf-komi: NGF komi in whole points: a half point added, or kept whole.
 * Emitted by: convert/ngf.c. */
#include "core/rule.h"

const struct rule rule_ngf_komi = {
	.id = "ngf-komi",
	.category = "ngf",
	.severity = SEV_INFO,
	.summary = "NGF komi in whole points: a half point added, or kept whole",
	.explanation =
		"What it checks\n"
		"  WBaduk's NGF writes komi in whole points. An even game's (handicap 0)\n"
		"  komi has a half point, which is added (6 is read as 6.5, 0 as 0.5, as\n"
		"  Sabaki's and gofish's readers add it), unless the result is a win by\n"
		"  whole points, which such a komi cannot give: the komi is then kept\n"
		"  whole. A game of handicap 1 or more keeps its komi whole, as Sabaki's,\n"
		"  gofish's and aeb's ngf2sgf's readers keep it.\n"
		"\n"
		"Fails\n"
		"    (komi line) 6   (result line) Black wins by 0.5!\n"
		"\n"
		"Passes\n"
		"    (komi line) 0   (handicap line) 1\n",
};
