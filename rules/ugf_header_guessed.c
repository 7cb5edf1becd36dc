/* ugf-header-guessed: a UGF game whose [Header] lacks Size= or
 * CoordinateType= (or gives neither a size nor IGS or JPN): the board's
 * size or its rows' direction guessed. Emitted by: convert/ugf.c. */
#include "core/rule.h"

const struct rule rule_ugf_header_guessed = {
	.id = "ugf-header-guessed",
	.category = "ugf",
	.severity = SEV_WARNING,
	.summary = "a UGF [Header] without Size= or CoordinateType=: the board size or the "
		   "rows' direction guessed",
	.explanation =
		"What it checks\n"
		"  A game's moves are read on the board `Size=` names, their rows\n"
		"  counted from the bottom (`CoordinateType=IGS`) or the top (`JPN`).\n"
		"  Without the line (lost) or with another value, 19 and IGS are\n"
		"  guessed: the moves may be misplaced.\n"
		"\n"
		"Fails\n"
		"    [Header]\n"
		"    Size=19\n"
		"\n"
		"Passes\n"
		"    [Header]\n"
		"    Size=19\n"
		"    CoordinateType=IGS\n",
};
