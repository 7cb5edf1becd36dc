/* walk: the tree of a JGF record, node by node in document order: each
 * node, then its variations (each a sequence of nodes), then the node after
 * it. From the DOM; or, for a streamed document (read/load.h), from its
 * text, one node at a time: the walk holds the node it gave last and the
 * one before it in each sequence it is in, and frees the others. The
 * engine's walk and the replay's both follow it, so that they visit the
 * same nodes in the same order however the record was read. Iterative:
 * deep variation trees cost heap, not C stack. */
#ifndef JGF_WALK_H
#define JGF_WALK_H

#include <stdbool.h>
#include <stddef.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "read/load.h"

enum walk_step {
	WALK_SEQUENCE,    /* a sequence begins: the tree, or a variation */
	WALK_NODE,        /* a node of the sequence */
	WALK_VARIATIONS,  /* the variations of the node just given begin */
	WALK_END,         /* the sequence, or the variations, that began last ends */
	WALK_DONE,        /* the tree ends */
};

struct walk_frame;

struct tree_walk {
	/* What the last step gave. */
	json_object *node;        /* WALK_NODE: the node (the walk's own) */
	json_object *prev;        /* WALK_NODE: the node before it in its sequence, or NULL */
	size_t index;             /* WALK_NODE: its index in its sequence; WALK_SEQUENCE:
				   * the variation's among the variations (0 for the tree) */
	size_t count;             /* WALK_NODE, WALK_SEQUENCE: the sequence's length;
				   * WALK_VARIATIONS: how many variations (arrays or not) */
	size_t first_variations;  /* WALK_NODE: node_visit's (engine/check.h) */
	size_t variation_depth;   /* WALK_NODE: 0 on the main line */
	bool is_root;             /* WALK_NODE: tree[0] */
	size_t start;             /* WALK_NODE: a streamed document's node's offset, else
				   * SIZE_MAX */
	struct buf *ptr;          /* the pointer of what the step gave (the caller's), or
				   * NULL: a walk that needs no pointer builds none, but
				   * on asking (walk_pointer) */

	/* The walk's own. */
	const struct document *doc;   /* a streamed document, else NULL */
	size_t seq_near;          /* scan_tree_seq_near's of doc's tree */
	json_object *tree;
	struct walk_frame *stack;
	size_t top, cap;
	struct scan_reader *reader;
	size_t vars_at;           /* the node given last has variations: at this offset,
				   * or (from the DOM) in vars */
	json_object *vars;
	bool vars_unread;         /* from the DOM: the node given last's variations not
				   * looked up yet (walk_node_variations) */
	bool started;
	struct buf asked;         /* walk_pointer's, of a walk without ptr */
	bool asked_made;          /* asked is the pointer of the node given last */
	size_t asked_from;        /* the lowest frame pushed or moved on since asked */
};

/* Walks the tree of root (an array: member(root, "tree")), or of doc when it
 * is streamed (doc may be NULL), writing pointers to ptr unless it is NULL. */
void walk_init(struct tree_walk *w, const struct document *doc, json_object *root,
	       struct buf *ptr);
enum walk_step walk_next(struct tree_walk *w);
/* After a WALK_NODE step, for a caller that has read the node's members
 * anyway: its "variations" member (or NULL), which the walk would
 * otherwise look up at the next step. */
void walk_node_variations(struct tree_walk *w, json_object *variations);
/* After a WALK_VARIATIONS step of a walk from the DOM: the walk goes on at
 * variation i, those before it passed over (i at or past their count: all
 * of them; the node after the variations node comes next). A streamed
 * walk, which reads each node in turn, ignores it. */
void walk_skip_to(struct tree_walk *w, size_t i);
/* After a WALK_NODE step: the node's pointer, the walk's ptr; or, of a
 * walk without one, made from the indices it is at when asked (the
 * caller that needs a node's pointer seldom, the SGF writer for a note or
 * a kept node, does not build one at every node). */
const struct buf *walk_pointer(struct tree_walk *w);
void walk_free(struct tree_walk *w);

#endif
