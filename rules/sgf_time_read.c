/* sgf-time-read: a time written in words, or as a number SGF does not
 * write (TM[5400,5], BL[12,5]), is read as seconds.
 * Emitted by: convert/rootprops.c, convert/nodeprops.c. */
#include "core/rule.h"

const struct rule rule_sgf_time_read = {
	.id = "sgf-time-read",
	.category = "sgf",
	.severity = SEV_INFO,
	.summary = "a time written in words, or as a number SGF does not write, is read as seconds",
	.explanation =
		"What it checks\n"
		"  SGF's `TM` is a number of seconds. A time in English words (`9 hours`,\n"
		"  `1 hour 30 minutes`, `1 hour and 30 minutes`, `90 min`, `30 seconds`,\n"
		"  `1h30m`, `2 hours each`; hours, minutes and seconds once each, in that\n"
		"  order), as SGFC corrects it, or in Japanese, Chinese or Korean (`1時間`,\n"
		"  `3時間30分`, `90分钟`, `1시간 30분`), is read as its seconds; the\n"
		"  original is kept under `meta.sgf`. Anything else (`TM[long]`, a time\n"
		"  with byo-yomi in it) stays unread, kept under `meta.sgf`\n"
		"  (`sgf-kept-property`).\n"
		"  A time (`TM`, or a move's time left, `BL` and `WL`) written as a\n"
		"  number SGF does not write, a decimal comma (`BL[12,5]`), no digit\n"
		"  before or after the point (`WL[.5]`), an exponent (`TM[1e3]`),\n"
		"  blanks around it (`TM[ 600]`), is read as the number it is, as SGFC\n"
		"  corrects it.\n"
		"  The message says what to write instead (`TM[32400]`), as\n"
		"  `--convert --to sgf` writes it.\n"
		"\n"
		"Fix\n"
		"  Safe: `--fix` writes the time read in seconds, in the file's own bytes:\n"
		"\n"
		"  | file | --fix writes |\n"
		"  | --- | --- |\n"
		"  | `TM[9 hours]` | `TM[32400]` |\n"
		"  | `TM[1 hour]` | `TM[3600]` |\n"
		"  | `BL[12,5]` | `BL[12.5]` |\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19]TM[9 hours])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19]TM[32400])\n",
	.fix = FIX_SAFE,
};
