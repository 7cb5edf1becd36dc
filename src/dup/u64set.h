/* u64set: a set of 64-bit numbers (pairs of games, ids, hashes), open
 * addressed: whether each was added. One for the grouping's prefix links
 * (dupset.c) and the index's lookups (indexread.c). */
#ifndef JGF_U64SET_H
#define JGF_U64SET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

struct u64set {
	uint64_t *v;   /* 0: an empty slot (the number 0 is `zero`) */
	size_t cap, n;
	bool zero;
};

/* x's bits mixed, for a table of 64-bit keys (numbers alike, as pairs of
 * games or ids are, spread over it): the set's, and indexread.c's games. */
uint64_t u64_spread(uint64_t x);
/* Adds x; false when it was there. */
bool u64set_add(struct u64set *t, uint64_t x);
/* Whether x was added. */
bool u64set_has(const struct u64set *t, uint64_t x);
void u64set_free(struct u64set *t);

#endif
