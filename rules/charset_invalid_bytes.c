/* charset-invalid-bytes: bytes that are not valid in the character set read:
 * read as U+FFFD. Emitted by: convert/decodeout.c, convert/decode.c (an
 * ISO-2022-JP shift its line does not close). */
#include "core/rule.h"

const struct rule rule_charset_invalid_bytes = {
	.id = "charset-invalid-bytes",
	.category = "charset",
	.severity = SEV_WARNING,
	.summary = "bytes that are not valid in the character set read: read as U+FFFD",
	.explanation =
		"What it checks\n"
		"  Each game is read in one character set (its `CA`, the one detected,\n"
		"  or `--encoding`'s). Byte sequences that are not valid in it (a UTF-8\n"
		"  character cut short, a byte no Shift_JIS character starts with) are\n"
		"  read as U+FFFD, the replacement character: the text around them is\n"
		"  kept, the characters they were are lost. The first 20 are located,\n"
		"  the rest counted.\n"
		"  A file in ISO-2022-JP whose shift to JIS X 0208 (ESC $ B) its line\n"
		"  does not close (the standard closes every line in ASCII) has the\n"
		"  shift ended at its value's `]`, or at the line's end, said here:\n"
		"  read on, `]PW[` would be two kanji and the next property lost.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]CA[UTF-8]SZ[19]C[<C3 A9>t<C3 A9> <C3 A0> No<C3 AB>l, caf<C3>])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]CA[UTF-8]SZ[19]C[caf<C3 A9>])\n",
};
