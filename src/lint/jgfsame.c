/* jgfsame: the guard of --fix on JGF (jgfsame.h): a record's game
 * digested, node by node, and two compared from their common head and
 * tail, what lies between allowed only where a fix's pointers name it. */
#include "lint/jgfsame.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

#include "base/dom.h"
#include "base/pointer.h"
#include "engine/walk.h"
#include "read/load.h"

static int by_key(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* Whether two nodes hold the same members but their variations (their
 * nodes are items of their own). */
static bool node_equal(json_object *a, json_object *b)
{
	if (!json_object_is_type(a, json_type_object) || !json_object_is_type(b, json_type_object))
		return json_object_equal(a, b);
	size_t n = 0;
	json_object_object_foreach(a, k, v) {
		if (strcmp(k, "variations") == 0)
			continue;
		json_object *w;
		if (!json_object_object_get_ex(b, k, &w) || !json_object_equal(v, w))
			return false;
		n++;
	}
	json_object_object_foreach(b, k2, v2) {
		(void)v2;
		n -= strcmp(k2, "variations") != 0;
	}
	return n == 0;
}

static void add(struct jgf_digest *d, const char *key, json_object *value, char mark)
{
	d->items = xgrow(d->items, &d->cap, d->len + 1, sizeof *d->items);
	d->items[d->len++] = (struct jgf_item){ key ? xstrdup(key) : NULL, json_object_get(value),
						mark };
}

/* The members of root (but its tree when it is walked) sorted. */
static void read_members(struct jgf_digest *d, json_object *root, bool walked)
{
	size_t n = 0, cap = 0;
	const char **keys = NULL;
	json_object_object_foreach(root, k, v) {
		(void)v;
		if (!walked || strcmp(k, "tree") != 0) {
			keys = xgrow(keys, &cap, n + 1, sizeof *keys);
			keys[n++] = k;
		}
	}
	sort_items(keys, n, sizeof *keys, by_key);
	struct buf ptr = BUF_INIT;
	for (size_t i = 0; i < n; i++) {
		buf_truncate(&ptr, 0);
		pointer_push_key(&ptr, keys[i], strlen(keys[i]));
		add(d, ptr.data, member(root, keys[i]), 0);
	}
	buf_free(&ptr);
	free(keys);
	d->members = d->len;
}

void jgf_digest_read(struct jgf_digest *d, const struct document *doc, bool nodes)
{
	jgf_digest_free(d);
	if (json_object_get_type(doc->root) != json_type_object) {
		add(d, "", doc->root, 0);
		d->members = d->len;
		return;
	}
	/* The tree the engine walks: an array */
	bool walked = json_object_is_type(member(doc->root, "tree"), json_type_array);
	read_members(d, doc->root, walked);
	if (!walked || !nodes)
		return;
	struct buf ptr = BUF_INIT;
	struct tree_walk w;
	walk_init(&w, doc->streamed ? doc : NULL, doc->root, &ptr);
	for (enum walk_step s; (s = walk_next(&w)) != WALK_DONE;) {
		if (s != WALK_NODE)
			add(d, NULL, NULL, s == WALK_SEQUENCE ? '[' : s == WALK_VARIATIONS ? '(' : ')');
		else   /* the walk's node, held (a streamed walk frees its own) */
			add(d, ptr.data ? ptr.data : "", w.node, 0);
	}
	walk_free(&w);
	buf_free(&ptr);
}

void jgf_digest_free(struct jgf_digest *d)
{
	for (size_t i = 0; i < d->len; i++) {
		free(d->items[i].key);
		json_object_put(d->items[i].value);
	}
	free(d->items);
	*d = (struct jgf_digest){ 0 };
}

/* The pointers a fix names, as a set of what lies in them and what holds
 * them, so that whether a pointer is named costs its length, not a walk
 * of every named pointer (a --fix of n nodes, each named, compared n
 * nodes with n pointers each: n squared). A pointer lies in another when
 * that one is it or begins it up to a `/`, but for the nodes of its
 * variations (a node holds its members, not those nodes); "" names all. */
struct named_set {
	struct named_entry {
		const char *s;     /* a named pointer's first len bytes */
		size_t len;
		uint64_t hash;
		unsigned char is;  /* NAMED_WHOLE: a named pointer; NAMED_HOLDS: it
				    * holds one (a proper prefix, at a `/`) */
	} *slots;
	size_t cap;            /* a power of two, at least twice the entries */
	bool all;              /* "" is named */
};

enum { NAMED_WHOLE = 1, NAMED_HOLDS = 2 };

/* FNV-1a, one byte more of a prefix at a time */
#define NAMED_HASH_START 14695981039346656037u

static uint64_t hash_on(uint64_t h, char c)
{
	return (h ^ (unsigned char)c) * 1099511628211u;
}

/* Whether p[n] begins the nodes of a variation (`/variations/`): what
 * follows does not lie in p[0 .. n). */
static bool into_variations(const char *p, size_t n)
{
	return p[n] == '/' && strncmp(p + n + 1, "variations/", 11) == 0;
}

static struct named_entry *named_slot(const struct named_set *set, const char *s, size_t len,
				      uint64_t hash)
{
	for (size_t i = hash & (set->cap - 1);; i = (i + 1) & (set->cap - 1)) {
		struct named_entry *e = &set->slots[i];
		if (!e->s || (e->hash == hash && e->len == len && memcmp(e->s, s, len) == 0))
			return e;
	}
}

static void named_put(struct named_set *set, const char *s, size_t len, uint64_t hash,
		      unsigned char is)
{
	struct named_entry *e = named_slot(set, s, len, hash);
	if (!e->s)
		*e = (struct named_entry){ s, len, hash, 0 };
	e->is |= is;
}

/* The set of named's n pointers (each NUL-terminated, one after the
 * other), each with the prefixes that hold it. */
static void named_set_init(struct named_set *set, const char *named, size_t n)
{
	size_t prefixes = 0;
	const char *p = named;
	for (size_t i = 0; i < n; i++, p += strlen(p) + 1)
		for (const char *c = p; *c; c++)
			prefixes += *c == '/';
	*set = (struct named_set){ .cap = 4 };
	while (set->cap < 2 * (n + prefixes))
		set->cap *= 2;
	set->slots = xcalloc(set->cap, sizeof *set->slots);
	p = named;
	for (size_t i = 0; i < n; i++, p += strlen(p) + 1) {
		set->all |= !*p;
		uint64_t h = NAMED_HASH_START;
		size_t k = 0;
		for (; p[k]; h = hash_on(h, p[k]), k++)
			if (p[k] == '/' && !into_variations(p, k))
				named_put(set, p, k, h, NAMED_HOLDS);
		named_put(set, p, k, h, NAMED_WHOLE);
	}
}

static void named_set_free(struct named_set *set)
{
	free(set->slots);
}

/* Whether a named pointer names key: it lies in key (key is it or holds
 * it), or key lies in it (one of key's prefixes that hold key is named). */
static bool is_named(const char *key, const struct named_set *set)
{
	if (set->all)
		return true;
	uint64_t h = NAMED_HASH_START;
	size_t k = 0;
	for (; key[k]; h = hash_on(h, key[k]), k++)
		if (key[k] == '/' && !into_variations(key, k) &&
		    (named_slot(set, key, k, h)->is & NAMED_WHOLE))
			return true;
	return named_slot(set, key, k, h)->s != NULL;
}

/* Whether two items are the same: marks alike, nodes (but their
 * variations) or members of equal values. */
static bool same_item(const struct jgf_item *a, const struct jgf_item *b, bool node)
{
	if (a->mark || b->mark)
		return a->mark == b->mark;
	return node ? node_equal(a->value, b->value) : json_object_equal(a->value, b->value);
}

/* The record's members: compared by key, one that parts named. */
static bool members_same(const struct jgf_digest *was, const struct jgf_digest *now,
			 const struct named_set *named, struct buf *why)
{
	size_t i = 0, j = 0;
	while (i < was->members || j < now->members) {
		int c = i == was->members ? 1 : j == now->members ? -1 :
			strcmp(was->items[i].key, now->items[j].key);
		const struct jgf_item *it = c <= 0 ? &was->items[i] : &now->items[j];
		bool same = c == 0 && same_item(&was->items[i], &now->items[j], false);
		i += c <= 0, j += c >= 0;
		if (!same && !is_named(it->key, named)) {
			if (why)
				buf_printf(why, "it would change the game: %s would read otherwise",
					   it->key);
			return false;
		}
	}
	return true;
}

/* Whether the nodes nearest to a[from .. to) (the last before it, the
 * first after it, in a's n items) or one of b's k items are named:
 * nodes added, or variations marked, beside a fix. */
static bool near_named(const struct jgf_item *a, size_t n, size_t from, size_t to,
		       const struct jgf_item *b, size_t k, const struct named_set *named)
{
	size_t i = from;
	while (i > 0 && !a[i - 1].key)
		i--;
	if (i > 0 && is_named(a[i - 1].key, named))
		return true;
	for (i = to; i < n && !a[i].key; i++)
		;
	if (i < n && is_named(a[i].key, named))
		return true;
	for (i = 0; i < k; i++)
		if (b[i].key && is_named(b[i].key, named))
			return true;
	return false;
}

static bool parted(struct buf *why, const char *key)
{
	if (why && key)
		buf_printf(why, "it would change the game: the node at %s would read otherwise",
			   *key ? key : "/");
	else if (why)
		buf_adds(why, "it would change the game's nodes where no fix is");
	return false;
}

/* jgf_digest_same's comparison, named a set. */
static bool digest_same(const struct jgf_digest *was, const struct jgf_digest *now,
			const struct named_set *named, bool tree_named, struct buf *why)
{
	if (!members_same(was, now, named, why))
		return false;
	if (tree_named)
		return true;   /* the tree named: all of it may change */
	const struct jgf_item *a = was->items + was->members, *b = now->items + now->members;
	size_t an = was->len - was->members, bn = now->len - now->members, h = 0, t = 0;
	while (h < an && h < bn && same_item(&a[h], &b[h], true))
		h++;
	while (t < an - h && t < bn - h && same_item(&a[an - 1 - t], &b[bn - 1 - t], true))
		t++;
	/* What lies between, aligned as it goes: a node of was named (it may
	 * change or go), a node of now named or beside a named one (added,
	 * moved there), a mark beside a named node (variations cut otherwise) */
	size_t i = h, j = h, ae = an - t, be = bn - t;
	while (i < ae || j < be) {
		if (i < ae && j < be && same_item(&a[i], &b[j], true))
			i++, j++;
		else if (i < ae && (a[i].key ? is_named(a[i].key, named) :
				    near_named(a, an, i, i + 1, NULL, 0, named)))
			i++;
		else if (j < be && near_named(a, an, i, i, b + j, 1, named))
			j++;
		else
			return parted(why, i < ae ? a[i].key : NULL);
	}
	return true;
}

bool jgf_digest_same(const struct jgf_digest *was, const struct jgf_digest *now,
		     const char *named, size_t n, struct buf *why)
{
	bool tree_named = false;
	const char *p = named;
	for (size_t i = 0; i < n; i++, p += strlen(p) + 1)
		tree_named |= !*p || strcmp(p, "/tree") == 0;
	struct named_set set;
	named_set_init(&set, named, n);
	bool same = digest_same(was, now, &set, tree_named, why);
	named_set_free(&set);
	return same;
}
