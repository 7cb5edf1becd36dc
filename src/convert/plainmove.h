/* plainmove: the node of a plain move written without its DOM, byte for
 * byte as convtree.c writes what node_parts makes of it (or, in a small
 * game made as a DOM, a move with its name and comments made as
 * node_parts makes it). The page has it too (3 KB of its size budget for
 * a sixth of its CPU on SGF, issue 74); tests/sgf_reports.sh holds both
 * ways to the same output. */
#ifndef JGF_PLAINMOVE_H
#define JGF_PLAINMOVE_H

#include <stdbool.h>

#include "convert/conv.h"
#include "convert/sgf.h"

/* A node that is one move (B or W with one value, a point on the board or
 * a pass) and perhaps its name (N), comments (C), labels (LB) and marks
 * (CR, TR, SQ, MA, SL, M, MH, MS), each property once and as node_parts reads it
 * without a word, written as add_node writes what node_parts makes of it
 * without making it: most of a large tree's nodes, whose DOM made,
 * written and freed was a third of checking the tree in place. In a
 * record made as a DOM (a small game's), such a move without labels or
 * marks is made as node_parts makes it, without node_parts's reading of
 * every property. False for any other node. */
bool emit_plain_move(struct conv *c, const struct sgf_node *n, struct seq *seq, bool root);

#endif
