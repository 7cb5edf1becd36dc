/* convert: the one mapping from the SGF property tree (convert/sgf.h, read
 * from SGF text, SGF-in-JSON or UGF/UGI) to a JGF v2 record. What JGF has no
 * key for is kept under meta.sgf, never dropped; every loss or repair is a
 * note at the property's position in the source. */
#ifndef JGF_CONVERT_H
#define JGF_CONVERT_H

#include <stdbool.h>
#include <stddef.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "convert/sgf.h"

/* Where each converted node came from: JSON pointer of a JGF node (or of
 * its move) to the position of the SGF property it holds. */
struct posmap_node {
	size_t parent;
	char *seg;
	size_t seglen;
	struct sgf_pos pos;
	bool has;      /* a pointer ends here: pos is its position */
};
struct posmap {
	struct posmap_node *nodes;   /* a trie of pointer segments; 0 is "" */
	size_t len, cap;
	size_t *slots, nslots;       /* (parent, segment) -> node + 1 */
	struct buf last;             /* the pointer added last, */
	size_t *last_at, last_at_cap;   /* and the node of each of its segments */
};

/* Records that pointer (and what it holds) came from pos, unless it has a
 * position already. */
void posmap_add(struct posmap *map, const char *pointer, struct sgf_pos pos);
/* The source position of the longest recorded prefix of pointer. */
struct sgf_pos posmap_find(struct posmap *map, const char *pointer);
void posmap_free(struct posmap *map);

/* Converts one game. Returns the record, or NULL when the game is not Go
 * (GM other than 1), said in the last note (--convert shows it as an
 * error). What JGF has no key for goes under
 * meta.SOURCE ("sgf", or "ugf" for UGF, whose own variables are read as
 * properties named "UGF:Name"); kept lists those properties. */
json_object *convert_game(const struct sgf_node *root, const char *source,
			  struct sgf_notes *notes, struct posmap *map, struct buf *kept);

#endif
