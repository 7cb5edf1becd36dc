/* sgf-number-blanks: a Number written with blanks around it (GM[1 ],
 * HA[ 2], SZ[ 9]), read as the number.
 * Emitted by: convert/sgfrules.c. */
#include "core/rule.h"

const struct rule rule_sgf_number_blanks = {
	.id = "sgf-number-blanks",
	.category = "sgf",
	.severity = SEV_INFO,
	.summary = "a number is written with blanks around it",
	.explanation =
		"What it checks\n"
		"  SGF's Number is digits, a sign first, and nothing else: a Number\n"
		"  property (`FF`, `GM`, `HA`, `MN`, `OB`, `OW`, `PM`) or `SZ` written\n"
		"  with blanks around it (`GM[1 ]`, `HA[ 2]`, `SZ[ 9]`) is read as the\n"
		"  number, as SGFC corrects it (its error 15). Komi and times with\n"
		"  blanks are `sgf-komi-read`'s and `sgf-time-read`'s.\n"
		"\n"
		"Fix\n"
		"  Safe: `--fix` writes the number alone (`HA[ 2]` as `HA[2]`).\n"
		"\n"
		"Fails\n"
		"    (;GM[1]FF[4]SZ[19]HA[ 2])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]FF[4]SZ[19]HA[2])\n",
	.fix = FIX_SAFE,
};
