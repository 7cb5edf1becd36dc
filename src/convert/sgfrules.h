/* sgfrules: what SGF FF[4] says of a game's properties that reading it
 * into JGF does not check (SGFC's messages 17, 38, 41-43 and 46): an empty
 * value where one is needed, a point twice in a node, annotations that
 * contradict or judge no move, an FF that is no version, PL's old
 * spellings and values it cannot have. Notes only: the mapping reads the
 * game as it does without them. */
#ifndef JGF_SGFRULES_H
#define JGF_SGFRULES_H

#include "convert/sgf.h"

/* Notes what root's game (every node) breaks of these. */
void sgf_rules_check(const struct sgf_node *root, struct sgf_notes *notes);

#endif
