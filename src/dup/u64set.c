/* u64set: a set of 64-bit numbers (u64set.h). */
#include "dup/u64set.h"

#include <stdlib.h>

#include "base/buf.h"

uint64_t u64_spread(uint64_t x)
{
	x ^= x >> 33;
	x *= 0xff51afd7ed558ccdULL;
	return x ^ (x >> 33);
}

/* The slot x starts looking at. */
static size_t slot(const struct u64set *t, uint64_t x)
{
	return (size_t)u64_spread(x) & (t->cap - 1);
}

bool u64set_add(struct u64set *t, uint64_t x)
{
	if (!x) {
		bool added = !t->zero;
		t->zero = true;
		return added;
	}
	if (2 * (t->n + 1) > t->cap) {
		struct u64set old = *t;
		t->cap = old.cap ? 2 * old.cap : 64;
		t->v = xcalloc(t->cap, sizeof *t->v);
		t->n = 0;
		for (size_t i = 0; i < old.cap; i++)
			if (old.v[i])
				u64set_add(t, old.v[i]);
		free(old.v);
	}
	size_t i = slot(t, x);
	for (; t->v[i]; i = (i + 1) & (t->cap - 1))
		if (t->v[i] == x)
			return false;
	t->v[i] = x;
	t->n++;
	return true;
}

bool u64set_has(const struct u64set *t, uint64_t x)
{
	if (!x)
		return t->zero;
	if (!t->cap)
		return false;
	for (size_t i = slot(t, x); t->v[i]; i = (i + 1) & (t->cap - 1))
		if (t->v[i] == x)
			return true;
	return false;
}

void u64set_free(struct u64set *t)
{
	free(t->v);
	*t = (struct u64set){ 0 };
}
