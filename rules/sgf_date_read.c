/* sgf-date-read: a date SGF does not write so (English words, dots or
 * slashes, numbers with the year last, a day of the week, a time of day) is
 * read as an ISO date.
 * Emitted by: convert/rootprops.c. */
#include "core/rule.h"

const struct rule rule_sgf_date_read = {
	.id = "sgf-date-read",
	.category = "sgf",
	.severity = SEV_INFO,
	.summary = "a date SGF does not write so (words, dots, slashes, a time of day) is read as an ISO date",
	.explanation =
		"What it checks\n"
		"  SGF's `DT` is a list of ISO dates (`1997-04-14`). A date written\n"
		"  otherwise is read as SGFC's -i reads it, as its ISO date, and the\n"
		"  original is kept under `meta.sgf`:\n"
		"\n"
		"  - with an English month's name or its abbreviation, in one of the\n"
		"    orders people write it (`14 apr 97`, `14-Apr-1997`, `14th of April\n"
		"    1997`, `April 14, 1997`, `Apr 14 1997`, `1997 Apr 14`, `April 1997`);\n"
		"  - with dots, slashes or Chinese characters, the year first\n"
		"    (`2024.03.01`, `1997/04/14`, `2016年12月29日`);\n"
		"  - in numbers with the year last (`14.04.1997`, `04/14/1997`), when one\n"
		"    of the day and the month cannot be a month (14) or both are the same;\n"
		"  - with a time of day after it (`2024-03-01 14:30`,\n"
		"    `2024-03-01T14:30:00`, `14 Apr 1997 2:30 pm`), which is set aside,\n"
		"    or a range of days (`1940.10.30-31`), read as its first day;\n"
		"  - with a day of the week (`Mon, 14 Apr 1997`, `Monday April 14 1997`),\n"
		"    set aside when the date falls on it.\n"
		"\n"
		"  A year of two digits is the 1900s, as SGFC reads it, and only one that\n"
		"  cannot be a day (32 to 99): `14 Apr 05` is not read. What has no one\n"
		"  reading is not guessed: `03/04/1997` (3 April or March 4), a day of the\n"
		"  week the date does not fall on (`Tue, 14 Apr 1997`), `DT[sometime]`,\n"
		"  two months' names, a day a month does not have. These stay unread,\n"
		"  kept under `meta.sgf` (`sgf-kept-property`, whose message says why).\n"
		"  The message says what to write instead (`DT[1997-04-14]`), as\n"
		"  `--convert --to sgf` writes it. Dates of GIB, NGF, UGF and OGS records,\n"
		"  which their formats write so, are read without a finding.\n"
		"\n"
		"Fix\n"
		"  `--fix` writes the date read in FF[4]'s form, in the file's own bytes.\n"
		"  Safe when nothing is set aside. Unsafe (`--unsafe-fixes`) for the days\n"
		"  of a range, written out, every one, in FF[4]'s list: the record then\n"
		"  reads them all where it read the first. A time of day has no fix:\n"
		"  FF[4]'s `DT` cannot hold it, and the rewrite would lose it.\n"
		"\n"
		"  | file | --fix writes | safety |\n"
		"  | --- | --- | --- |\n"
		"  | `DT[14 apr 97]` | `DT[1997-04-14]` | safe |\n"
		"  | `DT[2018.04.27]` | `DT[2018-04-27]` | safe |\n"
		"  | `DT[1934.03.28-29]` | `DT[1934-03-28,29]` | unsafe |\n"
		"  | `DT[2024-03-01 14:30]` | nothing | no fix |\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19]DT[14 apr 97])\n"
		"    (;GM[1]SZ[19]DT[2024-03-01 14:30])\n"
		"    (;GM[1]SZ[19]DT[Mon, 14 Apr 1997])\n"
		"    (;GM[1]SZ[19]DT[14.04.1997])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19]DT[1997-04-14])\n"
		"    (;GM[1]SZ[19]DT[1997-04-14,15])\n",
	.fix = FIX_SAFE | FIX_UNSAFE,
};
