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

/* A trie of pointer segments, 20 bytes a node and the segment's bytes, for
 * the pointers that are not the record's nodes (its sections, a turn). */
struct posmap_node {
	uint32_t parent;
	uint32_t seg, seglen;   /* the segment: bytes at seg in segs */
	uint32_t line, col;     /* the position, when has */
	bool has;               /* a pointer ends here */
};
/* The record's nodes, each where the converter made it: a sequence of
 * the tree (the tree, 0, or a variation) holds its nodes one after the
 * other (a sequence's nodes are made together: its variations come after
 * its last node). No pointer text: a pointer is read against them. */
struct posmap_place {
	uint32_t line, col;
	uint32_t moves;         /* the moves of its line up to it, its own too
				 * (at most POSMAP_MOVES_MAX) */
	bool move;              /* it holds a move */
};
#define POSMAP_MOVES_MAX 0x7FFFFFFFu
/* The places are held as each differs from the one before it, a byte for
 * most (the next line, or further on the same; one more move), and every
 * POSMAP_BLOCK-th whole, where reading one begins (posmap_place_at): a
 * UGF record of a million moves is a million nodes, 12 MB held whole
 * beside its 15 MB (bench/ugf-memory.sh). */
#define POSMAP_BLOCK 32
struct posmap_mark {
	uint32_t at;                  /* its block's next place's bytes in deltas */
	struct posmap_place first;    /* its block's first place */
};
struct posmap_seq {
	uint32_t first, count;  /* its nodes: places[first], ... */
	uint32_t parent, node, variation;   /* a variation's: which, of which node */
	uint32_t named;         /* the nearest sequence above it that is not the
				 * first variation (variation > 0), or 0 */
	uint32_t vline, vcol;   /* its variations node's place (posmap_variations_at) */
	bool vhas;
};
/* A variations node's place met by a walk of a pointer: its pointer's
 * length. */
struct vplace {
	struct sgf_pos pos;
	size_t len;
};
/* Where a walk of a pointer's levels is at the start of one (posmap.c's
 * node_prefix): the offset in the pointer, the sequence, and the deepest
 * node (index in places, SIZE_MAX: none; its pointer's length and
 * sequence) and variations node met so far. */
struct posmap_step {
	size_t at, seq, found, found_len, found_seq;
	struct vplace vp;
};
struct posmap_walk {
	struct buf ptr;              /* the pointer walked last */
	struct posmap_step *steps;   /* its levels */
	size_t nsteps, cap;
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
	struct posmap_mark *marks;   /* the places, a mark a block, */
	size_t nmarks, marks_cap;
	struct buf deltas;           /* the others as they differ, */
	struct posmap_place placed;  /* from the one added last */
	size_t nplaces;
	struct posmap_seq *seqs;
	size_t nseqs, seqs_cap;
	uint32_t *vslots;            /* (parent, node, variation) -> sequence + 1 */
	size_t nvslots;
	struct posmap_walk walk;     /* the last lookup's, for the next */
};

/* Records that pointer (and what it holds) came from pos, unless it has a
 * position already. */
void posmap_add(struct posmap *map, const char *pointer, struct sgf_pos pos);
/* The record's tree (a sequence, the first), and a variation of it: the
 * variation'th of the variations at node node of sequence parent (a later
 * one of the same replaces an earlier, left out for its nodes were empty). */
size_t posmap_tree(struct posmap *map);
size_t posmap_variation(struct posmap *map, size_t parent, size_t node, size_t variation);
/* Records that the node index of sequence seq (the next one of it) came
 * from pos, and that it holds a move (move) and has moves moves on its
 * line up to it, its own too: a node as a player names it (sgfplace.c). */
void posmap_node_at(struct posmap *map, size_t seq, size_t index, struct sgf_pos pos,
		    unsigned long moves, bool move);
/* Records that the variations node of sequence seq, the one after its last
 * node, came from pos: the place of its pointer's NODE/variations/NODE
 * (NODE its index), as posmap_add of that pointer would record it, held by
 * the sequence rather than as pointer text as long as the depth. */
void posmap_variations_at(struct posmap *map, size_t seq, struct sgf_pos pos);
/* Room for the places of nodes nodes made at once (posmap_node_at). */
void posmap_reserve(struct posmap *map, size_t nodes);
/* Of the sequences from the tree's down to seq (the tree's own, 0, not
 * among them), those that are not their node's first variation
 * (variation > 0), the ones a node's name says: in a new array of *n, the
 * topmost first; the caller frees. */
size_t *posmap_named_chain(const struct posmap *map, size_t seq, size_t *n);

/* The place of the k'th node made (k < map->nplaces; a sequence's
 * nodes are places first, first + 1, ...). */
struct posmap_place posmap_place_at(const struct posmap *map, size_t k);
/* The node at pointer: its sequence (map->seqs, whose parents lead to the
 * tree's, 0) and its place; false when pointer is no node of the map. */
bool posmap_node(struct posmap *map, const char *pointer, size_t *seq,
		 struct posmap_place *place);
/* The moves of the node at pointer (posmap_node_at's) and whether it holds
 * one; false when pointer is no node of the map. */
bool posmap_node_moves(struct posmap *map, const char *pointer, unsigned long *moves, bool *move);
/* The other way: the pointer of the node made from the property at pos
 * (its move; or a stone it sets up), appended to out; false when none is. */
bool posmap_node_from(const struct posmap *map, struct sgf_pos pos, struct buf *out);
/* The source position of the longest recorded prefix of pointer. */
struct sgf_pos posmap_find(struct posmap *map, const char *pointer);
void posmap_free(struct posmap *map);

#endif
