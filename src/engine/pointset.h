/* pointset: the points of one scope (a node's score, one setup or markup
 * entry), to find a point listed twice. No allocation in the common case:
 * a bitmap over a 52×52 grid (the largest board SGF can write) holds the
 * small coordinates; a hash table, allocated on first need, any others
 * (off-board points, larger boards). A set lives on the stack of one hook
 * call: no state outlives it, so threads cannot interfere. */
#ifndef JGF_POINTSET_H
#define JGF_POINTSET_H

#include <stddef.h>
#include <stdint.h>

#include "engine/check.h"

#define POINTSET_GRID 52

/* Where a point was first listed: its entry, and its index in coords. */
struct first {
	uint32_t entry, index;
};

struct pointset_slot {
	long long x, y;
	unsigned scope;  /* in use when it equals the set's scope */
	struct first first;
};

struct point_set {
	unsigned char seen[(POINTSET_GRID * POINTSET_GRID + 7) / 8];
	struct first grid[POINTSET_GRID * POINTSET_GRID];
	struct pointset_slot *table;
	size_t cap, used;
	unsigned scope;
};

void pointset_init(struct point_set *s);
/* Starts a new scope: the points seen so far are forgotten. */
void pointset_scope(struct point_set *s);
void pointset_free(struct point_set *s);
/* Where (x, y) was first seen in the scope, or NULL after recording it. */
const struct first *pointset_add(struct point_set *s, long long x, long long y, size_t entry,
			    size_t index);
/* "12:9": where the point at key/entry/coords/index of the visited node is. */
void pointset_locate(struct check *c, const char *key, const struct first *f, char *out, size_t size);

#endif
