/* charset-guessed: the file names no character set: one was detected or
 * assumed. Emitted by: convert/decode.c. */
#include "core/rule.h"

const struct rule rule_charset_guessed = {
	.id = "charset-guessed",
	.category = "charset",
	.severity = SEV_INFO,
	.summary = "the file names no character set: one was detected or assumed",
	.explanation =
		"What it checks\n"
		"  SGF without `CA` is ISO-8859-1 by the standard, but most such files\n"
		"  with characters beyond ASCII are UTF-8 or an East Asian set; GIB, NGF\n"
		"  and UGF name none. jgflint reads valid UTF-8 as UTF-8, else the set\n"
		"  the format's writers use, else the set that reads the bytes best, and\n"
		"  says which (`--encoding NAME` chooses another). A file of ASCII only,\n"
		"  or read as SGF's default, has no finding. A `CA` that is a set's name\n"
		"  with stray blanks, quotes or brackets around it, or with punctuation\n"
		"  its names do not have (`CA[[GBK]`, `CA[\"UTF-8\"]`, `CA[UTF_8]`), is read\n"
		"  as that set, which a stricter reader would not find: the fix writes\n"
		"  the name (`CA[GBK]`).\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19]C[caf<C3 A9>])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]CA[UTF-8]SZ[19]C[caf<C3 A9>])\n",
};
