/* sgf-duplicate-point: a point twice in one node's setup or marks.
 * Emitted by: convert/sgfrules.c. */
#include "core/rule.h"

const struct rule rule_sgf_duplicate_point = {
	.id = "sgf-duplicate-point",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "a point twice in one node's setup or marks",
	.explanation =
		"What it checks\n"
		"  SGF FF[4] says a point appears once in a node's setup (`AB`, `AW`,\n"
		"  `AE`, together) and once in its marks (`MA`, `TR`, `CR`, `SQ`, `SL`,\n"
		"  together): `AB[aa][aa]` sets up one stone, `AB[aa]AW[aa]` says two\n"
		"  things of one point, `MA[kk]TR[kk]` draws two marks on one point\n"
		"  (SGFC's message 38). A compressed rectangle (`AB[aa:cc]`, corners in\n"
		"  either order, as SGFC reads them) names each of its points:\n"
		"  `AB[cb:ab]AW[bb]` repeats bb. Points beyond the board (`SZ`) are no\n"
		"  point of it and are not compared (`sgf-off-board` says them).\n"
		"  The node is read as written: a point twice in\n"
		"  one list is set up or marked once, in two setup properties each is\n"
		"  read in the order written (the last stands), and both marks are\n"
		"  kept. FF[3]'s `M` is one of the marks, and a point labelled by both\n"
		"  FF[3]'s `L` and `LB` (`L[gg]LB[gg:b]`) has both labels in the\n"
		"  record, where SGF labels a point once: the SGF `--to sgf` writes\n"
		"  keeps the first, with a note for the other (a second label in `LB`\n"
		"  alone is `sgf-label-value`'s). The finding is at the later value;\n"
		"  once a node.\n"
		"\n"
		"Fix\n"
		"  None: deleting the second point deletes a value of the file (a stone\n"
		"  set up once, a mark and a triangle on one point are both read).\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19]AB[aa][aa];MA[kk]TR[kk])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19]AB[aa][bb];MA[kk]TR[ll])\n",
};
