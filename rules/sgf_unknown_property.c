/* sgf-unknown-property: a property SGF FF[4] does not define (unknown,
 * private, or of FF[1]-FF[3]) is kept under meta as written. Emitted by:
 * convert/nodeprops.c. */
#include "core/rule.h"

const struct rule rule_sgf_unknown_property = {
	.id = "sgf-unknown-property",
	.category = "sgf",
	.severity = SEV_INFO,
	.summary = "a property SGF FF[4] does not define is kept under meta as written",
	.explanation =
		"What it checks\n"
		"  Each property of an SGF game against FF[4]'s list. One the list does\n"
		"  not have (a typing error such as `KK`, an application's private\n"
		"  property such as MultiGo's `MULTIGOGM`, or one of FF[1] to FF[3] that\n"
		"  FF[4] dropped, such as `BS`, `RG` or `KI`) has no place in JGF: it is\n"
		"  kept under `meta.sgf` (a node's under `meta.sgf.nodes`) as written,\n"
		"  and `--convert --to sgf` writes it back where it was. Said at its\n"
		"  first use in a game (an application's own may stand in every node).\n"
		"  SGFC reports the same (its messages 29 and 35) and deletes obsolete\n"
		"  ones; nothing is deleted here. The private properties of Seki's own\n"
		"  converter, which `--to sgf` writes (`XL`, `XT`, `XR`, `XB`, `TC`,\n"
		"  `TT`), are not reported. Info: nothing is lost, but no other program\n"
		"  reads it.\n"
		"\n"
		"Fix\n"
		"  Unsafe (`--unsafe-fixes`), for FF[1]'s `LT`, `DO` and `IT` with a\n"
		"  value in the root, which `--convert --to sgf` writes in `GC`: the fix\n"
		"  takes the property out and writes it in `GC` (`LT[30秒]` as\n"
		"  `GC[LT[30秒\\]]`, or added to the root's `GC`), one repair of two\n"
		"  edits, written together or not at all. Any other has none: a\n"
		"  property FF[4] does not define is an application's own; it is kept\n"
		"  as written.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19]KK[txt];B[pd])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19]GC[txt];B[pd])\n",
	.fix = FIX_UNSAFE,
};
