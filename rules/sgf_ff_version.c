/* sgf-ff-version: an FF that is no version of SGF.
 * Emitted by: convert/sgfrules.c. */
#include "core/rule.h"

const struct rule rule_sgf_ff_version = {
	.id = "sgf-ff-version",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "FF names no version of SGF (FF[1] to FF[4])",
	.explanation =
		"What it checks\n"
		"  `FF` gives the version of SGF the game is written in: 1 to 4. `FF[5]`\n"
		"  or `FF[four]` names none (SGFC's message 46 reads such a file as\n"
		"  FF[4]); a program that trusts `FF` may refuse the file. The game is\n"
		"  read as SGF, lower-case letters in identifiers as the number says\n"
		"  (FF[4] and beyond: a finding each), and `FF` is kept under\n"
		"  `meta.sgf` as written.\n"
		"\n"
		"Fix\n"
		"  None: the version the file is written in is not guessed.\n"
		"\n"
		"Fails\n"
		"    (;FF[5]GM[1]SZ[19])\n"
		"\n"
		"Passes\n"
		"    (;FF[4]GM[1]SZ[19])\n",
};
