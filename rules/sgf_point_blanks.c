/* sgf-point-blanks: a point written with white space around it (B[ cc],
 * MA[aa :bb], LB[ ee:A]), read as the point.
 * Emitted by: convert/sgfrules.c. */
#include "core/rule.h"

const struct rule rule_sgf_point_blanks = {
	.id = "sgf-point-blanks",
	.category = "sgf",
	.severity = SEV_INFO,
	.summary = "a point is written with blanks around it",
	.explanation =
		"What it checks\n"
		"  SGF's point is two letters and nothing else: a move (`B`, `W`), a\n"
		"  point of a list (`AB`, `MA`, `TR`, `TB`, `VW`, `DD`, ...; either\n"
		"  corner of a rectangle `aa:cc`), of a line or arrow (`LN`, `AR`) or\n"
		"  a label's point (`LB`) written with blanks, tabs or a line break\n"
		"  around it (`B[ cc]`, `MA[aa :bb]`, `LB[ ee:A]`) is read as the\n"
		"  point, as SGFC corrects it (its errors 15 and 25). A label's text\n"
		"  is its own: blanks around it are not this rule's.\n"
		"\n"
		"Fix\n"
		"  Safe: `--fix` writes the point alone (`B[ cc]` as `B[cc]`; a\n"
		"  label's text as it is). A line break around a point is said and\n"
		"  left.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]FF[4]SZ[19];B[ pd]MA[ dd])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]FF[4]SZ[19];B[pd]MA[dd])\n",
	.fix = FIX_SAFE,
};
