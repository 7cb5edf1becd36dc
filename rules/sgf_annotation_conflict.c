/* sgf-annotation-conflict: two annotations of one node that exclude each
 * other. Emitted by: convert/sgfrules.c. */
#include "core/rule.h"

const struct rule rule_sgf_annotation_conflict = {
	.id = "sgf-annotation-conflict",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "annotations of one node that exclude each other (GB and GW, TE and BM)",
	.explanation =
		"What it checks\n"
		"  A node judges its position one way at most (`DM` even, `GB` good for\n"
		"  black, `GW` good for white, `UC` unclear) and its move one way at\n"
		"  most (`TE` tesuji, `BM` bad move, `DO` doubtful, `IT` interesting):\n"
		"  SGF FF[4] says so, and SGFC reports `GB[2]GW[1]` (its message 41) and\n"
		"  `TE[1]BM[1]` (42). JGF has no place for annotations: both are kept\n"
		"  under `meta.sgf` as written, and a player shows one or the other. The\n"
		"  finding is at the second.\n"
		"\n"
		"Fix\n"
		"  None: which of the two annotations is meant is the keeper's to say;\n"
		"  deleting one deletes a value of the file.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19]GB[2]GW[1];B[cc]TE[1]BM[1])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19]GB[2];B[cc]TE[1])\n",
};
