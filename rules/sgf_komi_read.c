/* sgf-komi-read: komi written in words (in KM, or in a KO property), or as
 * a number SGF does not write (KM[6,5]), is read as komi.
 * Emitted by: convert/rootprops.c. */
#include "core/rule.h"

const struct rule rule_sgf_komi_read = {
	.id = "sgf-komi-read",
	.category = "sgf",
	.severity = SEV_INFO,
	.summary = "komi written in words, or as a number SGF does not write, is read as komi",
	.explanation =
		"What it checks\n"
		"  SGF's `KM` is a number. Komi in English words (`five and a half`,\n"
		"  `6.5 points`, `5 1/2`, `a half`, `zero`, `none`, `no komi`), as SGFC\n"
		"  corrects it, or in Japanese, Chinese or Korean (`6目半`), is read as\n"
		"  the komi; the original is kept under `meta.sgf`. Some Japanese\n"
		"  programs write komi in their own property, `KO`, in words\n"
		"  (`KO[黒6目半]`); when there is no `KM`, it is read as the komi too.\n"
		"  Anything else (`KM[lots]`, `six or seven`), and words for a komi no\n"
		"  game has (`KM[999 points]`, `KM[1000目]`), stays unread, kept under\n"
		"  `meta.sgf` (`sgf-kept-property`).\n"
		"  A number SGF does not write, a decimal comma (`KM[6,5]`), no digit\n"
		"  before or after the point (`KM[.5]`, `KM[6.]`), an exponent\n"
		"  (`KM[1e1]`), blanks around it (`KM[ 6.5]`), is read as the number it\n"
		"  is, as SGFC corrects it.\n"
		"  The message of either says what to write instead (`KM[5.5]`), as\n"
		"  `--convert --to sgf` writes it.\n"
		"\n"
		"Fix\n"
		"  Safe: `--fix` writes the komi read as SGF's number, in the file's own\n"
		"  bytes (every other byte kept). Unsafe (`--unsafe-fixes`): a `KO` read\n"
		"  as the komi is written as `KM` in its place, as `--convert --to sgf`\n"
		"  writes it (FF[4] has no komi in `KO`):\n"
		"\n"
		"  | file | --fix writes |\n"
		"  | --- | --- |\n"
		"  | `KM[five and a half]` | `KM[5.5]` |\n"
		"  | `KM[6目半]` | `KM[6.5]` |\n"
		"  | `KM[6,5]` | `KM[6.5]` |\n"
		"  | `KO[黒6目半]` | `KM[6.5]` (unsafe) |\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19]KO[6目半])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19]KM[6.5])\n",
	.fix = FIX_SAFE | FIX_UNSAFE,
};
