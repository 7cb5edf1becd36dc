/* sgf-result-read: a result written in another form is read in JGF's
 * grammar. Emitted by: convert/rootprops.c. */
#include "core/rule.h"

const struct rule rule_sgf_result_read = {
	.id = "sgf-result-read",
	.category = "sgf",
	.severity = SEV_INFO,
	.summary = "a result written in another form is read in SGF's and JGF's grammar",
	.explanation =
		"What it checks\n"
		"  `RE` has one grammar (`B+R`, `W+3.5`, `0`, `?`, ...). A result\n"
		"  in words (`Black wins by 12 points`, `b+r`, `jigo`, a result in\n"
		"  Japanese, Korean or Chinese), or a score with a decimal comma\n"
		"  (`B+6,5`), that has one certain reading is read so,\n"
		"  as SGFC reads it, and the value as written is kept under `meta.sgf`;\n"
		"  the finding names both. SGF's own long forms (`Draw`, `Void`,\n"
		"  `B+Resign`, `W+Time`, `B+Forfeit`) are read without a finding. A\n"
		"  result with no certain reading is kept\n"
		"  as it is (`sgf-kept-property`).\n"
		"\n"
		"Fix\n"
		"  Safe: `--fix` writes the result read in SGF's grammar, in the file's\n"
		"  own bytes (a Shift_JIS file stays Shift_JIS); Unsafe\n"
		"  (`--unsafe-fixes`) where the reading sets words aside (below):\n"
		"\n"
		"  | file | --fix writes |\n"
		"  | --- | --- |\n"
		"  | `RE[Black wins by resignation]` | `RE[B+R]` |\n"
		"  | `RE[白3目半勝ち]` | `RE[W+3.5]` |\n"
		"\n"
		"  Where the reading sets words aside, `RE[共185手 黑中盘胜]` is read\n"
		"  as B+R, and `RE[B+R]` alone would lose\n"
		"  its count of moves. The fix writes `RE[B+R]` and the value in `GC`, as\n"
		"  `--convert --to sgf` does (`GC[RE[共185手 黑中盘胜\\]]`, or added to the\n"
		"  root's `GC` after a blank line): one repair of two edits, written\n"
		"  together or not at all (not in a file whose set is not UTF-8, where\n"
		"  the words are not ASCII, nor for a value on two lines).\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19]RE[Black wins by 12 points])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19]RE[B+12])\n"
		"    (;GM[1]SZ[19]RE[W+Resign])\n",
	.fix = FIX_SAFE | FIX_UNSAFE,
};
