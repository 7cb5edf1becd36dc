/* gib-unreadable-line: a GIB move line that is not `STO 0 N COLOR X Y`
 * (nor a pass, `SKI 0 N`): ignored; a line of a kind not known among the
 * moves: kept under meta; a header line that is not `\[KEY=value\]`
 * (its beginning or end lost), a result code not known: not read.
 * Emitted by: convert/gib.c. */
#include "core/rule.h"

const struct rule rule_gib_unreadable_line = {
	.id = "gib-unreadable-line",
	.category = "gib",
	.severity = SEV_WARNING,
	.summary = "a GIB move line that is not `STO 0 N COLOR X Y` (nor `SKI 0 N`): ignored",
	.explanation =
		"What it checks\n"
		"  A GIB move line is `STO 0 N COLOR X Y` with numbers, or a pass,\n"
		"  `SKI 0 N` (the turn's colour); one that is neither is ignored, and\n"
		"  an N that is no number from 1 to 100,000,000 read as the next. A\n"
		"  line of another kind among the moves (`REM`, `IDX`: their meaning\n"
		"  is not known) is kept under meta.gib, said once a game. A header\n"
		"  line cut (no `\\]`) or a GRLT code not known is not read.\n"
		"\n"
		"Fails\n"
		"    STO 0 2 1 pd\n"
		"\n"
		"Passes\n"
		"    STO 0 2 1 15 3\n",
};
