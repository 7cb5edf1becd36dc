/* sgf-lowercase-property: a property identifier has lower-case letters.
 * Emitted by: convert/sgfproperty.c. */
#include "core/rule.h"

const struct rule rule_sgf_lowercase_property = {
	.id = "sgf-lowercase-property",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "a property identifier has lower-case letters",
	.explanation =
		"What it checks\n"
		"  FF[4] identifiers are upper-case letters only. FF[1]-[3] allowed\n"
		"  lower-case letters in them (`AddBlack[aa]` is `AB`, `GaMe[1]` is `GM`):\n"
		"  in a game whose root says FF[1], FF[2] or FF[3], or no FF (SGF's\n"
		"  default is FF[1]), such a name is read silently, as SGFC does; in an\n"
		"  FF[4] game it is said. Some programs write whole identifiers in lower\n"
		"  case (`b[aa]`), which no FF allows: said in every game. jgflint reads\n"
		"  the upper-case letters, or the whole name upper-cased when it has none.\n"
		"\n"
		"Fix\n"
		"  Safe: `--fix` writes the identifier as it is read:\n"
		"\n"
		"  | file | --fix writes |\n"
		"  | --- | --- |\n"
		"  | `;Black[cc]` (FF[4]) | `;B[cc]` |\n"
		"  | `;w[dd]` | `;W[dd]` |\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19];b[aa])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19];B[aa])\n",
	.fix = FIX_SAFE,
};
