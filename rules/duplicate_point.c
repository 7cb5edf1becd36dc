/* duplicate-point: a point listed twice within one setup entry or one
 * markup entry. (Score has its own rule: its points must be unique across
 * the entries of a node too.) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

extern const struct rule rule_duplicate_point;

/* The points of one scope, seen so far. No allocation in the common case:
 * a bitmap over a 52×52 grid (the largest board SGF can write) holds the
 * small coordinates; a hash table, allocated on first need, any others
 * (off-board points, larger boards). Everything lives in the set of one
 * on_node call: no state outlives it, so threads cannot interfere. */
#define GRID 52
struct first {
	uint32_t entry, index;
};
struct slot {
	long long x, y;
	unsigned scope;  /* the slot is in use when it equals the set's scope */
	struct first first;
};
struct point_set {
	unsigned char seen[(GRID * GRID + 7) / 8];
	struct first grid[GRID * GRID];
	struct slot *table;
	size_t cap, used;
	unsigned scope;
};

static void set_init(struct point_set *s)
{
	memset(s->seen, 0, sizeof s->seen);
	s->table = NULL;
	s->cap = s->used = 0;
	s->scope = 1;
}

/* Starts a new scope: the points seen so far are forgotten. */
static void set_scope(struct point_set *s)
{
	memset(s->seen, 0, sizeof s->seen);
	s->used = 0;
	s->scope++;
}

static void set_free(struct point_set *s)
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

static struct slot *probe(struct slot *table, size_t cap, unsigned scope, long long x, long long y)
{
	size_t mask = cap - 1, i = hash(x, y) & mask;
	while (table[i].scope == scope && (table[i].x != x || table[i].y != y))
		i = (i + 1) & mask;
	return &table[i];
}

static void set_grow(struct point_set *s)
{
	size_t cap = s->cap ? 2 * s->cap : 64;
	struct slot *t = xcalloc(cap, sizeof *t);  /* scope 0: free */
	for (size_t i = 0; i < s->cap; i++)
		if (s->table[i].scope == s->scope)
			*probe(t, cap, s->scope, s->table[i].x, s->table[i].y) = s->table[i];
	free(s->table);
	s->table = t;
	s->cap = cap;
}

/* Where (x, y) was first seen in the scope, or NULL after recording it. */
static const struct first *set_add(struct point_set *s, long long x, long long y,
				   size_t entry, size_t index)
{
	struct first here = { (uint32_t)entry, (uint32_t)index };
	if (x >= 0 && x < GRID && y >= 0 && y < GRID) {
		size_t i = (size_t)y * GRID + (size_t)x;
		unsigned char bit = (unsigned char)(1u << (i & 7));
		if (s->seen[i >> 3] & bit)
			return &s->grid[i];
		s->seen[i >> 3] |= bit;
		s->grid[i] = here;
		return NULL;
	}
	if (2 * (s->used + 1) > s->cap)
		set_grow(s);
	struct slot *slot = probe(s->table, s->cap, s->scope, x, y);
	if (slot->scope == s->scope)
		return &slot->first;
	*slot = (struct slot){ x, y, s->scope, here };
	s->used++;
	return NULL;
}

/* "12:9": where the point at key/entry/coords/index of the visited node is. */
static void locate_point(struct check *c, const char *key, const struct first *f, char *out,
			 size_t size)
{
	struct buf ptr = BUF_INIT;
	buf_add(&ptr, c->ptr.data ? c->ptr.data : "", c->ptr.len);
	buf_printf(&ptr, "/%s/%u/coords/%u", key, (unsigned)f->entry, (unsigned)f->index);
	size_t offset = 0;
	unsigned long line = 0, col = 0;
	locator_find(c->doc->loc, ptr.data, false, &offset);
	locator_linecol(c->doc->loc, offset, &line, &col);
	snprintf(out, size, "%lu:%lu", line, col);
	buf_free(&ptr);
}

static void check_entries(struct check *c, struct point_set *set, json_object *node,
			  const char *key)
{
	json_object *entries = member(node, key);
	if (!json_object_is_type(entries, json_type_array))
		return;
	size_t n = json_object_array_length(entries);
	for (size_t i = 0; i < n; i++) {
		json_object *coords = member(json_object_array_get_idx(entries, i), "coords");
		if (!json_object_is_type(coords, json_type_array))
			continue;
		size_t m = json_object_array_length(coords);
		if (m < 2)
			continue;
		set_scope(set);
		for (size_t j = 0; j < m; j++) {
			json_object *pt = json_object_array_get_idx(coords, j);
			long long x, y;
			if (!get_int(member(pt, "x"), &x) || !get_int(member(pt, "y"), &y))
				continue;
			const struct first *f = set_add(set, x, y, i, j);
			if (!f)
				continue;
			char rel[64], at[48];
			snprintf(rel, sizeof rel, "/%s/%zu/coords/%zu", key, i, j);
			locate_point(c, key, f, at, sizeof at);
			check_report(c, &rule_duplicate_point, rel, false,
				     "x %lld, y %lld is listed twice in this %s entry: it is already "
				     "point %u of its coords (at %s); remove the repeat", x, y, key,
				     (unsigned)f->index, at);
		}
	}
}

static void check_node(struct check *c, const struct node_visit *n)
{
	if (!member(n->node, "setup") && !member(n->node, "markup"))
		return;
	struct point_set set;
	set_init(&set);
	check_entries(c, &set, n->node, "setup");
	check_entries(c, &set, n->node, "markup");
	set_free(&set);
}

const struct rule rule_duplicate_point = {
	.id = "duplicate-point",
	.category = "points",
	.severity = SEV_WARNING,
	.summary = "a point is listed twice in one setup or markup entry",
	.explanation =
		"What it checks\n"
		"  The coords of one setup entry (the black stones, the white stones, the\n"
		"  points to clear) or of one markup entry (the circles, the labels, ...)\n"
		"  list each point once. A repeat is reported, naming the point it\n"
		"  repeats. The same point in different entries is not this rule's\n"
		"  concern; for score, duplicate-score-point checks the whole node.\n"
		"\n"
		"Why\n"
		"  A repeat adds nothing; it is usually a copy-and-paste slip, or a typo\n"
		"  in a point that was meant to be another one.\n"
		"\n"
		"Fails\n"
		"  \"setup\": [ { \"type\": \"black\",\n"
		"               \"coords\": [ { \"x\": 3, \"y\": 3 }, { \"x\": 3, \"y\": 3 } ] } ]\n"
		"\n"
		"Passes\n"
		"  \"setup\": [ { \"type\": \"black\",\n"
		"               \"coords\": [ { \"x\": 3, \"y\": 3 }, { \"x\": 3, \"y\": 4 } ] } ]\n",
	.on_node = check_node,
};
