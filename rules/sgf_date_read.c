/* sgf-date-read: a date written with an English month's name is read as
 * an ISO date.
 * Emitted by: convert/rootprops.c. */
#include "core/rule.h"

const struct rule rule_sgf_date_read = {
	.id = "sgf-date-read",
	.category = "sgf",
	.severity = SEV_INFO,
	.summary = "a date written with an English month's name is read as an ISO date",
	.explanation =
		"What it checks\n"
		"  SGF's `DT` is a list of ISO dates (`1997-04-14`). A date written with an\n"
		"  English month's name or its abbreviation, in one of the orders people\n"
		"  write it (`14 apr 97`, `14-Apr-1997`, `14th of April 1997`,\n"
		"  `April 14, 1997`, `Apr 14 1997`, `1997 Apr 14`, `April 1997`), is read\n"
		"  as its ISO date, as SGFC corrects it; the original is kept under\n"
		"  `meta.sgf`. A year of two digits is the 1900s, as SGFC reads it, and\n"
		"  only one that cannot be a day (32 to 99): `14 Apr 05` is not read.\n"
		"  Anything else (`DT[sometime]`, two months' names, a day a month does\n"
		"  not have) stays unread, kept under `meta.sgf` (`sgf-kept-property`).\n"
		"  The message says what to write instead (`DT[1997-04-14]`), as\n"
		"  `--convert --to sgf` writes it.\n"
		"\n"
		"Fails\n"
		"  (;GM[1]SZ[19]DT[14 apr 97])\n"
		"\n"
		"Passes\n"
		"  (;GM[1]SZ[19]DT[1997-04-14])\n",
};
