/* duplicate-score-point: a point scored twice in one node, within one
 * score entry or across its entries (the spec: "points must be unique"). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "check.h"

extern const struct rule rule_duplicate_score_point;

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

/* The colour of a score entry, when it is a reasonable string. */
static json_object *entry_color(json_object *entry)
{
	json_object *color = member(entry, "color");
	if (!json_object_is_type(color, json_type_string) || json_object_get_string_len(color) > 40)
		return NULL;
	return color;
}

static void report(struct check *c, json_object *score, size_t i, size_t j, long long x,
		   long long y, const struct first *f)
{
	char rel[64], at[48];
	snprintf(rel, sizeof rel, "/score/%zu/coords/%zu", i, j);
	locate_point(c, "score", f, at, sizeof at);
	if (f->entry == i) {
		check_report(c, &rule_duplicate_score_point, rel, false,
			     "x %lld, y %lld is listed twice in this score entry (first as point %u, "
			     "at %s): points must be unique, so remove this one",
			     x, y, (unsigned)f->index, at);
		return;
	}
	json_object *first_color = entry_color(json_object_array_get_idx(score, f->entry));
	json_object *color = entry_color(json_object_array_get_idx(score, i));
	struct buf which = BUF_INIT;
	buf_printf(&which, "score entry %u", (unsigned)f->entry);
	if (first_color)
		buf_printf(&which, " (%s)", json_object_to_json_string_ext(first_color,
			   JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE));
	const char *fix = first_color && color &&
			  strcmp(json_object_get_string(first_color), json_object_get_string(color))
			  ? "keep it only in the entry of the colour whose territory it is"
			  : "remove this one";
	check_report(c, &rule_duplicate_score_point, rel, false,
		     "x %lld, y %lld is already scored in this node: %s has it as point %u, at %s; "
		     "points must be unique, so %s", x, y, which.data, (unsigned)f->index, at, fix);
	buf_free(&which);
}

static void check_node(struct check *c, const struct node_visit *n)
{
	json_object *score = member(n->node, "score");
	if (!json_object_is_type(score, json_type_array) || !json_object_array_length(score))
		return;
	struct point_set set;
	set_init(&set);
	size_t entries = json_object_array_length(score);
	for (size_t i = 0; i < entries; i++) {
		json_object *coords = member(json_object_array_get_idx(score, i), "coords");
		if (!json_object_is_type(coords, json_type_array))
			continue;
		size_t m = json_object_array_length(coords);
		for (size_t j = 0; j < m; j++) {
			json_object *pt = json_object_array_get_idx(coords, j);
			long long x, y;
			if (!get_int(member(pt, "x"), &x) || !get_int(member(pt, "y"), &y))
				continue;
			const struct first *f = set_add(&set, x, y, i, j);
			if (f)
				report(c, score, i, j, x, y, f);
		}
	}
	set_free(&set);
}

const struct rule rule_duplicate_score_point = {
	.id = "duplicate-score-point",
	.category = "points",
	.severity = SEV_ERROR,
	.summary = "a point is scored twice in one node",
	.explanation =
		"What it checks\n"
		"  The `score` of a node marks territory: an array of entries, each with a\n"
		"  colour and its coords. The specification says its points must be\n"
		"  unique: a point may appear once in all the entries of one node\n"
		"  together. Each repeat is reported, naming where the point first\n"
		"  appears. Score points may lie on stones (Japanese counting leaves\n"
		"  living stones out, Chinese counting counts them in); that is fine.\n"
		"\n"
		"Why\n"
		"  A point listed twice is counted twice, and a point listed for both\n"
		"  colours belongs to neither.\n"
		"\n"
		"Fails\n"
		"  \"score\": [ { \"color\": \"black\", \"coords\": [ { \"x\": 0, \"y\": 0 } ] },\n"
		"             { \"color\": \"white\", \"coords\": [ { \"x\": 0, \"y\": 0 } ] } ]\n"
		"\n"
		"Passes\n"
		"  \"score\": [ { \"color\": \"black\", \"coords\": [ { \"x\": 0, \"y\": 0 } ] },\n"
		"             { \"color\": \"white\", \"coords\": [ { \"x\": 0, \"y\": 1 } ] } ]\n",
	.on_node = check_node,
};
