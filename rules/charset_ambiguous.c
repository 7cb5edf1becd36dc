/* charset-ambiguous: the file names no character set, and two read its text
 * about as well: one was chosen. Emitted by: convert/decodenote.c. */
#include "core/rule.h"

const struct rule rule_charset_ambiguous = {
	.id = "charset-ambiguous",
	.category = "charset",
	.severity = SEV_WARNING,
	.summary = "the file names no character set, and two read its text about as well: "
		   "one was chosen",
	.explanation =
		"What it checks\n"
		"  A file that names no character set (SGF without `CA`, GIB, NGF) is\n"
		"  read in the set that reads its bytes best (`charset-guessed`). When\n"
		"  another set of another reading scores about as well, or the text is\n"
		"  too short to tell them apart, the choice may be wrong and every name\n"
		"  and comment with it: names in capitals (Windows-1251's capitals are\n"
		"  KOI8-R's small letters), Korean written in hanja alone, a name or two\n"
		"  of two Chinese characters (GBK, Big5 and Shift_JIS all read them as\n"
		"  ideographs). The finding shows the first text beyond ASCII as each\n"
		"  of the two sets reads it, and `--encoding NAME` reads the file in\n"
		"  the other (or write `CA[NAME]` into the file). SGF's default,\n"
		"  ISO-8859-1, chosen between two sets of Latin letters, stays\n"
		"  `charset-guessed`'s.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19]PB[<B9 C5 C1 A6>])   古力 in GBK, 뮴제 in EUC-KR\n"
		"\n"
		"Passes\n"
		"    (;GM[1]CA[GBK]SZ[19]PB[<B9 C5 C1 A6>])\n",
};
