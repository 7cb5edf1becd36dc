/* json-too-large: a document whose DOM would not fit the memory budget.
 * Emitted by: read/load.c (the loader), before the DOM is built. */
#include "core/rule.h"

const struct rule rule_json_too_large = {
	.id = "json-too-large",
	.category = "json",
	.severity = SEV_ERROR,
	.summary = "the document would need more memory than the budget",
	.explanation =
		"What it reports\n"
		"  A JSON document takes many times its size in memory once read: about\n"
		"  300 bytes for every object and 96 for every other value. Before\n"
		"  reading a large file as a document, jgflint estimates that cost from\n"
		"  the text (counting objects, arrays and values outside strings) and\n"
		"  refuses a file that would need more than the memory budget, instead\n"
		"  of exhausting the machine. The budget is half of the smallest of the\n"
		"  physical memory and the process's RLIMIT_AS and RLIMIT_DATA limits\n"
		"  (ulimit -v, ulimit -d); --max-memory SIZE sets it. The file is not\n"
		"  checked further; the other files are. The files checked at once\n"
		"  (--jobs, the lines of --stream) share the budget: a large one waits\n"
		"  until the others leave it room. Fixing holds a document twice (it and\n"
		"  its fixed version): a file the budget holds once but not twice is\n"
		"  checked, not fixed, and a note says so. A UGZ file (LHA-compressed\n"
		"  UGF) whose UGF record is longer than the budget, as the archive's\n"
		"  header gives its length, is refused the same way before a byte of it\n"
		"  is inflated.\n"
		"\n"
		"Fails\n"
		"    $ jgflint --max-memory 1M moves.jgf     # 100,000 moves, 4 MB\n"
		"    moves.jgf: error: reading this 4 MB file as a document would take about\n"
		"    91 MB of memory, more than the 1 MB budget (--max-memory); it was not\n"
		"    checked [json-too-large]\n"
		"\n"
		"Passes\n"
		"  any record whose estimate fits the budget (every real game record by\n"
		"  far: a 300-move game needs about 350 KB)\n",
};
