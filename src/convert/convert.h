/* convert: the one mapping from the SGF property tree (convert/sgf.h, read
 * from SGF text, SGF-in-JSON or UGF/UGI) to a JGF v2 record. What JGF has no
 * key for is kept under meta.sgf, never dropped; every loss or repair is a
 * note at the property's position in the source. */
#ifndef JGF_CONVERT_H
#define JGF_CONVERT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "convert/sgf.h"

/* Where each converted node came from: JSON pointer of a JGF node (or of
 * its move, or of a field of the sections) to the position of the SGF
 * property it holds. A trie of pointer segments, 24 bytes a node and the
 * segment's bytes: a long game has one a move. */
struct posmap_node {
	uint32_t parent;
	uint32_t seg, seglen;   /* the segment: bytes at seg in segs */
	uint32_t line, col;     /* the position, when has */
	bool has;               /* a pointer ends here */
};
struct posmap {
	struct posmap_node *nodes;   /* 0 is "" */
	size_t len, cap;
	uint32_t *slots;             /* (parent, segment) -> node + 1 */
	size_t nslots;
	struct buf segs;             /* the segments' bytes */
	struct buf last;             /* the pointer added last, */
	size_t *last_at, last_at_cap;   /* and the node of each of its segments */
};

/* Records that pointer (and what it holds) came from pos, unless it has a
 * position already. */
void posmap_add(struct posmap *map, const char *pointer, struct sgf_pos pos);
/* The source position of the longest recorded prefix of pointer. */
struct sgf_pos posmap_find(struct posmap *map, const char *pointer);
void posmap_free(struct posmap *map);

/* Variations nested deeper than this are written on one line. */
#define CONVERT_FLAT_DEPTH 50

/* Converts one game: appends the record's text as --convert writes it (its
 * sections indented, then its tree a node a line, ending in a newline) to
 * out, and sets *depth to its deepest JSON nesting and *nesting to that of
 * its variations. False, with nothing written, when the game is not Go
 * (GM other than 1), said in the last note (--convert shows it as an
 * error). What JGF has no key for goes under meta.SOURCE ("sgf", or "ugf"
 * for UGF, whose own variables are read as properties named "UGF:Name");
 * kept lists those properties. */
bool convert_game(const struct sgf_node *root, const char *source, struct sgf_notes *notes,
		  struct posmap *map, struct buf *kept, struct buf *out, size_t *depth,
		  size_t *nesting);

#endif
