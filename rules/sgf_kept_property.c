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
		"  None: the value is kept under `meta.sgf` as written; rewriting it\n"
		"  would guess what it means.\n"
		"\n"
		"Fails\n"
		"  (;GM[1]SZ[19]BR[strong])\n"
		"\n"
		"Passes\n"
		"  (;GM[1]SZ[19]BR[3d])\n",
};
