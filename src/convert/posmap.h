/* posmap: where each converted node came from, JSON pointer of a JGF node
 * (or of its move, or of a field of the sections) to the position of the
 * SGF property it holds, as --convert and a check in place report a
 * finding about the record at the source's line and column. */
#ifndef JGF_POSMAP_H
#define JGF_POSMAP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "convert/sgf.h"

/* A trie of pointer segments, 24 bytes a node and the segment's bytes: a
 * long game has one a move. */
struct posmap_node {
	uint32_t parent;
	uint32_t seg, seglen;   /* the segment: bytes at seg in segs */
	uint32_t line, col;     /* the position, when has */
	uint32_t moves;         /* a node's: the moves of its line up to it, its own too */
	bool has;               /* a pointer ends here */
	bool node, move;        /* it is a node (posmap_add_node), holding a move */
};
struct posmap {
	struct posmap_node *nodes;   /* 0 is "" */
	size_t len, cap;
	uint32_t *slots;             /* (parent, segment) -> node + 1 */
	size_t nslots;
	struct buf segs;             /* the segments' bytes */
	struct buf last;             /* the pointer added last, */
	size_t last_segs;            /* its segments, */
	size_t *last_at, last_at_cap;   /* the node of each, */
	size_t *last_end, last_end_cap; /* and the offset where each ends */
};

/* Records that pointer (and what it holds) came from pos, unless it has a
 * position already. */
void posmap_add(struct posmap *map, const char *pointer, struct sgf_pos pos);
/* The same for a node of the record, which holds a move (move) and has
 * moves moves on its line up to it, its own too: a node as a player names
 * it (sgfplace.c). */
void posmap_add_node(struct posmap *map, const char *pointer, struct sgf_pos pos,
		     unsigned long moves, bool move);
/* The moves of the node at pointer (posmap_add_node's) and whether it holds
 * one; false when pointer is no node of the map. */
bool posmap_node_moves(struct posmap *map, const char *pointer, unsigned long *moves, bool *move);
/* The source position of the longest recorded prefix of pointer. */
struct sgf_pos posmap_find(struct posmap *map, const char *pointer);
void posmap_free(struct posmap *map);

#endif
