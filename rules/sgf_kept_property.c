/* sgf-kept-property: a property value JGF cannot write is kept under meta as
 * it was. Emitted by: convert/keep.c. */
#include "core/rule.h"

const struct rule rule_sgf_kept_property = {
	.id = "sgf-kept-property",
	.category = "sgf",
	.severity = SEV_INFO,
	.summary = "a property value JGF cannot write is kept under meta as it was",
	.explanation =
		"What it checks\n"
		"  A value that does not fit its property's type in JGF (a rank such as\n"
		"  `RA[strong]`, a result or date with no certain reading, a handicap\n"
		"  that is not a number, a view that is not one rectangle) is not\n"
		"  guessed at: the property is kept as written under `meta.sgf` (or the\n"
		"  source format's key), so nothing is lost, and the finding says why.\n"
		"  So are values past the one a property takes (`SZ[13][19]`).\n"
		"\n"
		"Fix\n"
		"  Unsafe (`--unsafe-fixes`), for game information FF[4] cannot hold\n"
		"  in the root (a result, a date, a komi or a handicap out of FF[4]'s\n"
		"  grammar for it: `DT[1940年(报知新闻5月18日至6月1日连载)]`), which\n"
		"  `--convert --to sgf` writes as FF[4] holds it (`RE[?]`, the date's\n"
		"  year, or none) with the value in `GC`: the fix writes the same in the\n"
		"  file (`DT[1940]` and `GC[DT[1940年(...)\\]]`, or the value added to\n"
		"  the root's `GC` after a blank line), one repair of two edits, written\n"
		"  together or not at all. So are FF[3]'s values in a root, which FF[4]\n"
		"  rejects there and this finding names: `TE` that is not 1 or 2 (an\n"
		"  event's name) and `KO` with a value (its komi), taken out when it is\n"
		"  the record's komi (`KM[6.5]KO[黒6目半]`), else written in `GC`. Any\n"
		"  other value has none: it is kept under\n"
		"  `meta.sgf` as written; rewriting it would guess what it means.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19]BR[strong])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19]BR[3d])\n",
	.fix = FIX_UNSAFE,
};
