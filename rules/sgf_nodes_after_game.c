/* sgf-nodes-after-game: nodes right after a game tree's end, which a `)`
 * one too many closed early, or outside every game, whose `(` was lost.
 * Emitted by: convert/sgf.c. */
#include "core/rule.h"

const struct rule rule_sgf_nodes_after_game = {
	.id = "sgf-nodes-after-game",
	.category = "sgf",
	.severity = SEV_WARNING,
	.summary = "nodes right after a game tree's end (a `)` one too many?), or a game's `(` lost",
	.explanation =
		"What it checks\n"
		"  A game tree ends at the `)` that matches its `(`; what follows is\n"
		"  outside every game and not read (`sgf-text-outside`, an info, for a\n"
		"  header or a note). When what follows that `)` at once is a node with\n"
		"  a property (`;B[pp]`), the `)` was most likely one too many, and the\n"
		"  nodes after it are the game's own: `(;GM[1];B[pd];W[dp]);B[pp];W[dd])`\n"
		"  is a game of two moves for SGFC and jgflint alike (SGFC's error 8,\n"
		"  \"illegal char(s) found\"), where four were written. The game is read\n"
		"  as it ends; the nodes after it are not read.\n"
		"\n"
		"  The same loss where a game's `(` was lost: nodes outside every game\n"
		"  (at the file's start, after text, or after a game when their first\n"
		"  holds GM or FF) that a `)` ends before the next game's `(`,\n"
		"  `;GM[1];B[pd];W[dp])`, are not read (said at their first node).\n"
		"  And where both the `(` and the `;` of a game were lost: properties\n"
		"  outside every game (at the file's start or after a game, not inside\n"
		"  other text) that a `)` ends before the next game's `(`,\n"
		"  `GM[1]PB[Lee]RE[B+R])`, are a game's root, not a header or a note:\n"
		"  not read (said at their first property). Text before them, or\n"
		"  properties a game's `(` follows with no `)` between, are\n"
		"  `sgf-text-outside`'s.\n"
		"\n"
		"Fix\n"
		"  Unsafe (`--fix --unsafe-fixes`): the `)` that ended the game is\n"
		"  deleted (for a lost `(`, the `(` written before the nodes), so\n"
		"  that the nodes after it are read as the game's (which\n"
		"  changes what the file says). Properties whose `(;` were both lost\n"
		"  get no fix: where the game's nodes begin (one `;` or several), a\n"
		"  fix could only guess.\n"
		"\n"
		"  | file | --fix --unsafe-fixes writes |\n"
		"  | --- | --- |\n"
		"  | `(;B[pd];W[dp]);B[pp])` | `(;B[pd];W[dp];B[pp])` |\n"
		"  | `;GM[1];B[pd];W[dp])` | `(;GM[1];B[pd];W[dp])` |\n"
		"\n"
		"Fails\n"
		"    (;GM[1]SZ[19];B[pd];W[dp]);B[pp];W[dd])\n"
		"\n"
		"Passes\n"
		"    (;GM[1]SZ[19];B[pd];W[dp];B[pp];W[dd])\n"
		"    Game 2 follows\n"
		"    (;GM[1]SZ[19];B[dd])\n",
	.fix = FIX_UNSAFE,
};
