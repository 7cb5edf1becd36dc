/* sgf-time-read: a time written in words is read as seconds.
 * Emitted by: convert/rootprops.c. */
#include "core/rule.h"

const struct rule rule_sgf_time_read = {
	.id = "sgf-time-read",
	.category = "sgf",
	.severity = SEV_INFO,
	.summary = "a time written in words is read as seconds",
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
		"\n"
		"Fails\n"
		"  (;GM[1]SZ[19]TM[9 hours])\n"
		"\n"
		"Passes\n"
		"  (;GM[1]SZ[19]TM[32400])\n",
	.fix = FIX_SAFE,
};
