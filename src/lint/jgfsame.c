/* jgfsame: the guard of --fix on JGF (jgfsame.h): a record's game
 * digested, node by node, and two compared from their common head and
 * tail, what lies between allowed only where a fix's pointers name it. */
#include "lint/jgfsame.h"

#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

#include "base/dom.h"
#include "engine/walk.h"
#include "read/load.h"

static int by_key(const void *a, const void *b)
{
	return strcmp(*(const char *const *)a, *(const char *const *)b);
}

/* o's value, canonical: an object's members sorted by key (a node's
 * variations left out: they are nodes of their own), strings and keys
 * length-prefixed (no escape to tell apart). */
static void canon(struct buf *b, json_object *o, bool node)
{
	switch (json_object_get_type(o)) {
	case json_type_object: {
		size_t n = 0, cap = 0;
		const char **keys = NULL;
		json_object_object_foreach(o, k, v) {
			(void)v;
			if (node && strcmp(k, "variations") == 0)
				continue;
			keys = xgrow(keys, &cap, n + 1, sizeof *keys);
			keys[n++] = k;
		}
		sort_items(keys, n, sizeof *keys, by_key);
		buf_addc(b, '{');
		for (size_t i = 0; i < n; i++) {
			buf_printf(b, "%zu:%s=", strlen(keys[i]), keys[i]);
			canon(b, member(o, keys[i]), false);
			buf_addc(b, ',');
		}
		buf_addc(b, '}');
		free(keys);
		break;
	}
	case json_type_array:
		buf_addc(b, '[');
		for (size_t i = 0; i < json_object_array_length(o); i++) {
			canon(b, json_object_array_get_idx(o, i), false);
			buf_addc(b, ',');
		}
		buf_addc(b, ']');
		break;
	case json_type_string:
		buf_printf(b, "%d:", json_object_get_string_len(o));
		buf_add(b, json_object_get_string(o), (size_t)json_object_get_string_len(o));
		break;
	default: {
		size_t n;
		const char *text = dom_json(o, JSON_C_TO_STRING_PLAIN, &n);
		buf_add(b, text, n);
	}
	}
}

static void add(struct jgf_digest *d, const char *key, char *text)
{
	d->items = xgrow(d->items, &d->cap, d->len + 1, sizeof *d->items);
	d->items[d->len++] = (struct jgf_item){ key ? xstrdup(key) : NULL, text };
}

/* A key as a pointer's token (RFC 6901: ~ and / escaped). */
static void token(struct buf *b, const char *key)
{
	for (const char *p = key; *p; p++) {
		if (*p == '~')
			buf_adds(b, "~0");
		else if (*p == '/')
			buf_adds(b, "~1");
		else
			buf_addc(b, *p);
	}
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
	struct buf ptr = BUF_INIT, text = BUF_INIT;
	for (size_t i = 0; i < n; i++) {
		buf_truncate(&ptr, 0);
		buf_addc(&ptr, '/');
		token(&ptr, keys[i]);
		buf_truncate(&text, 0);
		canon(&text, member(root, keys[i]), false);
		add(d, ptr.data, buf_detach(&text));
	}
	buf_free(&ptr);
	buf_free(&text);
	free(keys);
	d->members = d->len;
}

void jgf_digest_read(struct jgf_digest *d, const struct document *doc)
{
	jgf_digest_free(d);
	if (json_object_get_type(doc->root) != json_type_object) {
		struct buf text = BUF_INIT;
		canon(&text, doc->root, false);
		add(d, "", buf_detach(&text));
		d->members = d->len;
		return;
	}
	/* The tree the engine walks: an array */
	bool walked = json_object_is_type(member(doc->root, "tree"), json_type_array);
	read_members(d, doc->root, walked);
	if (!walked)
		return;
	struct buf ptr = BUF_INIT, text = BUF_INIT;
	struct tree_walk w;
	walk_init(&w, doc->streamed ? doc : NULL, doc->root, &ptr);
	for (enum walk_step s; (s = walk_next(&w)) != WALK_DONE;) {
		if (s != WALK_NODE) {
			add(d, NULL, xstrdup(s == WALK_SEQUENCE ? "[" : s == WALK_VARIATIONS ? "(" : ")"));
			continue;
		}
		buf_truncate(&text, 0);
		canon(&text, w.node, true);
		add(d, ptr.data ? ptr.data : "", buf_detach(&text));
	}
	walk_free(&w);
	buf_free(&ptr);
	buf_free(&text);
}

void jgf_digest_free(struct jgf_digest *d)
{
	for (size_t i = 0; i < d->len; i++) {
		free(d->items[i].key);
		free(d->items[i].text);
	}
	free(d->items);
	*d = (struct jgf_digest){ 0 };
}

/* Whether b lies in a (b is a's or below it), but in a's variations: a
 * node holds its members, not the nodes of its variations. */
static bool within(const char *a, const char *b)
{
	size_t n = strlen(a);
	return strncmp(a, b, n) == 0 && (b[n] == '\0' ||
		(b[n] == '/' && strncmp(b + n + 1, "variations/", 11) != 0));
}

/* Whether a pointer of named names key: it lies in key, or holds it. */
static bool is_named(const char *key, const char *named, size_t n)
{
	const char *p = named;
	for (size_t i = 0; i < n; i++, p += strlen(p) + 1)
		if (!*p || within(key, p) || within(p, key))
			return true;
	return false;
}

static bool same_item(const struct jgf_item *a, const struct jgf_item *b)
{
	return strcmp(a->text, b->text) == 0;
}

/* The record's members: compared by key, one that parts named. */
static bool members_same(const struct jgf_digest *was, const struct jgf_digest *now,
			 const char *named, size_t n, struct buf *why)
{
	size_t i = 0, j = 0;
	while (i < was->members || j < now->members) {
		int c = i == was->members ? 1 : j == now->members ? -1 :
			strcmp(was->items[i].key, now->items[j].key);
		const struct jgf_item *it = c <= 0 ? &was->items[i] : &now->items[j];
		bool same = c == 0 && same_item(&was->items[i], &now->items[j]);
		i += c <= 0, j += c >= 0;
		if (!same && !is_named(it->key, named, n)) {
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
		       const struct jgf_item *b, size_t k, const char *named, size_t nn)
{
	size_t i = from;
	while (i > 0 && !a[i - 1].key)
		i--;
	if (i > 0 && is_named(a[i - 1].key, named, nn))
		return true;
	for (i = to; i < n && !a[i].key; i++)
		;
	if (i < n && is_named(a[i].key, named, nn))
		return true;
	for (i = 0; i < k; i++)
		if (b[i].key && is_named(b[i].key, named, nn))
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

bool jgf_digest_same(const struct jgf_digest *was, const struct jgf_digest *now,
		     const char *named, size_t n, struct buf *why)
{
	if (!members_same(was, now, named, n, why))
		return false;
	const struct jgf_item *a = was->items + was->members, *b = now->items + now->members;
	size_t an = was->len - was->members, bn = now->len - now->members, h = 0, t = 0;
	while (h < an && h < bn && same_item(&a[h], &b[h]))
		h++;
	while (t < an - h && t < bn - h && same_item(&a[an - 1 - t], &b[bn - 1 - t]))
		t++;
	const char *p = named;
	for (size_t i = 0; i < n; i++, p += strlen(p) + 1)
		if (!*p || strcmp(p, "/tree") == 0)
			return true;   /* the tree named: all of it may change */
	/* What lies between, aligned as it goes: a node of was named (it may
	 * change or go), a node of now named or beside a named one (added,
	 * moved there), a mark beside a named node (variations cut otherwise) */
	size_t i = h, j = h, ae = an - t, be = bn - t;
	while (i < ae || j < be) {
		if (i < ae && j < be && same_item(&a[i], &b[j]))
			i++, j++;
		else if (i < ae && (a[i].key ? is_named(a[i].key, named, n) :
				    near_named(a, an, i, i + 1, NULL, 0, named, n)))
			i++;
		else if (j < be && near_named(a, an, i, i, b + j, 1, named, n))
			j++;
		else
			return parted(why, i < ae ? a[i].key : NULL);
	}
	return true;
}
