/* pointset: a set of points, bitmap for the board, hash table beyond. */
#include "engine/pointset.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/locate.h"

void pointset_init(struct point_set *s)
{
	memset(s->seen, 0, sizeof s->seen);
	s->table = NULL;
	s->cap = s->used = 0;
	s->scope = 1;
}

void pointset_scope(struct point_set *s)
{
	memset(s->seen, 0, sizeof s->seen);
	s->used = 0;
	s->scope++;
}

void pointset_free(struct point_set *s)
{
	free(s->table);
}

static size_t hash(long long x, long long y)
{
	uint64_t h = (uint64_t)x * UINT64_C(0x9E3779B97F4A7C15) + (uint64_t)y;
	h ^= h >> 31;
	h *= UINT64_C(0xD6E8FEB86659FD93);
	h ^= h >> 32;
	return (size_t)h;
}

static struct pointset_slot *probe(struct pointset_slot *table, size_t cap, unsigned scope, long long x, long long y)
{
	size_t mask = cap - 1, i = hash(x, y) & mask;
	while (table[i].scope == scope && (table[i].x != x || table[i].y != y))
		i = (i + 1) & mask;
	return &table[i];
}

static void pointset_grow(struct point_set *s)
{
	size_t cap = s->cap ? 2 * s->cap : 64;
	struct pointset_slot *t = xcalloc(cap, sizeof *t);  /* scope 0: free */
	for (size_t i = 0; i < s->cap; i++)
		if (s->table[i].scope == s->scope)
			*probe(t, cap, s->scope, s->table[i].x, s->table[i].y) = s->table[i];
	free(s->table);
	s->table = t;
	s->cap = cap;
}

const struct first *pointset_add(struct point_set *s, long long x, long long y, size_t entry,
			    size_t index)
{
	struct first here = { (uint32_t)entry, (uint32_t)index };
	if (x >= 0 && x < POINTSET_GRID && y >= 0 && y < POINTSET_GRID) {
		size_t i = (size_t)y * POINTSET_GRID + (size_t)x;
		unsigned char bit = (unsigned char)(1u << (i & 7));
		if (s->seen[i >> 3] & bit)
			return &s->grid[i];
		s->seen[i >> 3] |= bit;
		s->grid[i] = here;
		return NULL;
	}
	if (2 * (s->used + 1) > s->cap)
		pointset_grow(s);
	struct pointset_slot *slot = probe(s->table, s->cap, s->scope, x, y);
	if (slot->scope == s->scope)
		return &slot->first;
	*slot = (struct pointset_slot){ x, y, s->scope, here };
	s->used++;
	return NULL;
}

void pointset_locate(struct check *c, const char *key, const struct first *f, char *out,
			 size_t size)
{
	struct buf ptr = BUF_INIT;
	buf_add(&ptr, c->ptr.data ? c->ptr.data : "", c->ptr.len);
	buf_printf(&ptr, "/%s/%u/coords/%u", key, (unsigned)f->entry, (unsigned)f->index);
	size_t offset = 0;
	unsigned long line = 0, col = 0;
	const char *rel;
	struct locator *loc = check_locator(c, ptr.data, &rel);
	if (loc) {   /* none in a record made as a DOM (read/load.h) */
		locator_find(loc, rel, false, &offset);
		locator_linecol(c->doc->loc, offset, &line, &col);
	}
	snprintf(out, size, "%lu:%lu", line, col);
	buf_free(&ptr);
}

