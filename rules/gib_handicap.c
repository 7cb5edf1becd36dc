/* gib-handicap: a GIB handicap Tygem places no stones for. Emitted by:
 * convert/gib.c. */
#include "core/rule.h"

const struct rule rule_gib_handicap = {
	.id = "gib-handicap",
	.category = "gib",
	.severity = SEV_WARNING,
	.summary = "a GIB handicap Tygem places no stones for",
	.explanation =
		"What it checks\n"
		"  Tygem's GIB does not write handicap stones: it places 2 to 9 on a\n"
		"  19x19 board. A handicap beyond is kept as `HA` without stones.\n"
		"\n"
		"Fails\n"
		"    \\[GAMECONDITION=12 Handicap\\] ... INI 0 1 12\n"
		"\n"
		"Passes\n"
		"    \\[GAMECONDITION=2 Handicap\\] ... INI 0 1 2\n",
};
