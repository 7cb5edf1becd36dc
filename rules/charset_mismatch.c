/* charset-mismatch: CA names a character set the bytes do not fit: they are
 * read in another. Emitted by: convert/decode.c. */
#include "core/rule.h"

const struct rule rule_charset_mismatch = {
	.id = "charset-mismatch",
	.category = "charset",
	.severity = SEV_WARNING,
	.summary = "CA names a character set the bytes do not fit: they are read in another",
	.explanation =
		"What it checks\n"
		"  `CA` names the character set of a game's text. When the bytes are\n"
		"  not valid in it but valid UTF-8, or most of its characters break in it\n"
		"  and another set reads them all, or iconv knows no such set, the game\n"
		"  is read in the set that fits, and the finding names both (said to be\n"
		"  a guess when another set reads them about as well). A set that\n"
		"  reads every byte (ISO-8859-1, which programs write whatever the text\n"
		"  is, Windows-1251, KOI8-R) breaks on nothing: when detection is sure\n"
		"  the bytes are another script's text (Windows-1251's Cyrillic, EUC-KR's\n"
		"  Hangul, or the other Cyrillic set's), they are read as that; so is\n"
		"  a single-byte set's text under a CA of two bytes a character (Shift_JIS,\n"
		"  EUC-JP, EUC-KR, GB2312, Big5), which reads its bytes in pairs as rare\n"
		"  characters of its own (KOI8-R's Александр as 睥ﾅﾋﾓﾁﾎﾄﾒ); so are\n"
		"  another language's Latin letters under ISO-8859-1 (Windows-1250's\n"
		"  Polish, Czech, Hungarian, Windows-1254's Turkish, Windows-1257's\n"
		"  Baltic), said to be a guess when another such set reads them about\n"
		"  as well. When ISO-8859-1 reads them nearly as well, they stay its,\n"
		"  and charset-guessed says it is a guess.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]CA[ISO-8859-1]SZ[19]C[caf<C3 A9>])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]CA[UTF-8]SZ[19]C[caf<C3 A9>])\n",
};
