/* sgf-info-outside-root: game information in a node other than the root.
 * Emitted by: convert/nodeprops.c. */
#include "core/rule.h"

const struct rule rule_sgf_info_outside_root = {
	.id = "sgf-info-outside-root",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "game information outside the root node: kept at its node, not the game's",
	.explanation =
		"What it checks\n"
		"  A root property (`FF`, `GM`, `SZ`, `CA`, `AP`, `ST`) or game\n"
		"  information (`PB`, `PW`, `KM`, `HA`, `RE`, `DT`, `EV`, ...) in a node\n"
		"  that is not the game tree's first. A JGF record has one set of game\n"
		"  information, from the root: the property is kept as written under\n"
		"  `meta.sgf.nodes` at its node (nothing is lost, and --to sgf writes it\n"
		"  back there), but it is not taken as the game's, so a handicap, komi\n"
		"  or player given there does not reach the record's `rules`, `game` or\n"
		"  `players`. SGFC reports the same (its messages 32 and 44). FF[4] lets\n"
		"  game information stand at the node where merged games part, which a\n"
		"  record of one game does not need.\n"
		"\n"
		"Fix\n"
		"  None: moving the game information to the root changes the game it\n"
		"  describes (a collection's game, a variation's own); it stays where\n"
		"  it is.\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19]GN[test];HA[4])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19]GN[test]HA[4];B[pd])\n",
};
