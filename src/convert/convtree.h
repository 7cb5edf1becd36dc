/* convtree: the tree of a converted game (convert_game), written node by
 * node as it is converted, each node on one line and freed; or made as a
 * DOM (a record asked whole). Each SGF node gives one JGF node or more (a
 * setup node before a move, JGF never combining them), and its places in
 * the source go to the position map; what has no place in JGF is kept
 * (keep.c). */
#ifndef JGF_CONVTREE_H
#define JGF_CONVTREE_H

#include "convert/conv.h"
#include "convert/sgf.h"

/* Converts the tree from root (the game's root node) into seq, the tree's
 * sequence: its text to c->out and its sequences' spans to c->seqs, or
 * its nodes to seq->array when the record is made as a DOM. */
void convert_tree(struct conv *c, const struct sgf_node *root, struct seq *seq);

#endif
