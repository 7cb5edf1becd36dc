/* locate: offsets to line:column, pointers to offsets.
 *
 * The value index is one pass over the (already validated) text that records
 * every value's start, its member key and its parent; children are then
 * grouped by a counting sort, so a pointer resolves by index for arrays and,
 * for objects, by a scan of a few keys or a hash of many. Offsets are 32-bit: the loader
 * refuses larger files. */
#include "base/locate.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/jstring.h"
#include "base/pointer.h"

#define NONE UINT32_MAX

struct lnode {
	uint32_t start;  /* offset of the value's first byte */
	uint32_t end;    /* offset just past its last byte */
	uint32_t key;    /* offset of the member key's opening quote, or NONE */
	uint32_t parent; /* index of the containing value, or NONE */
};

struct locator {
	const char *text;
	size_t len;
	size_t body;
	size_t *lines;       /* start offset of each line */
	size_t nlines;
	struct lnode *nodes; /* every value, in document order */
	size_t nnodes;
	uint32_t *first;     /* children of node i: kids[first[i] .. first[i+1]) */
	uint32_t *kids;
	bool indexed;
	/* Members of large objects by key: parent and decoded key hashed to the
	 * member's node (the last of duplicates), built per object on its first
	 * lookup, so that many findings in one object stay linear. */
	struct keyslot { uint32_t parent, node, hash; } *slots;  /* node NONE: empty */
	size_t nslots, used;
	uint8_t *hashed;     /* per node: its members are in slots */
	/* The last position computed: findings come mostly in text order, so
	 * counting on from it keeps many findings on one long line linear. */
	size_t last_offset, last_line, last_col;
	/* locator_new_within: arrays indexed without their elements. */
	size_t (*leaf_end)(const void *ctx, size_t start);
	const void *leaf_ctx;
};

struct locator *locator_new(const char *text, size_t len, size_t body)
{
	struct locator *loc = xcalloc(1, sizeof *loc);
	loc->text = text;
	loc->len = len;
	loc->body = body;
	return loc;
}

struct locator *locator_new_within(const char *text, size_t len, size_t start,
				   size_t (*leaf_end)(const void *ctx, size_t start),
				   const void *ctx)
{
	struct locator *loc = locator_new(text, len, start);
	loc->leaf_end = leaf_end;
	loc->leaf_ctx = ctx;
	return loc;
}

void locator_free(struct locator *loc)
{
	if (!loc)
		return;
	free(loc->lines);
	free(loc->nodes);
	free(loc->first);
	free(loc->kids);
	free(loc->slots);
	free(loc->hashed);
	free(loc);
}

static void build_lines(struct locator *loc)
{
	size_t cap = 0;
	loc->lines = xgrow(NULL, &cap, 64, sizeof *loc->lines);
	loc->lines[loc->nlines++] = 0;
	/* By memchr: the editor server builds the table on every keystroke. */
	const char *p = loc->text, *end = loc->text + loc->len;
	/* The next of each at or after p (NULL: none). */
	const char *lf = memchr(p, '\n', loc->len), *cr = memchr(p, '\r', loc->len);
	for (;;) {
		if (lf && lf < p)
			lf = memchr(p, '\n', (size_t)(end - p));
		if (cr && cr < p)
			cr = memchr(p, '\r', (size_t)(end - p));
		const char *brk = !cr ? lf : !lf ? cr : cr < lf ? cr : lf;
		if (!brk)
			break;
		p = brk + 1;
		if (brk == cr && p < end && *p == '\n')
			p++;
		loc->lines = xgrow(loc->lines, &cap, loc->nlines + 1, sizeof *loc->lines);
		loc->lines[loc->nlines++] = (size_t)(p - loc->text);
	}
}

size_t locator_line(struct locator *loc, size_t offset)
{
	if (!loc->lines)
		build_lines(loc);
	size_t lo = 0, hi = loc->nlines;   /* last line start <= offset */
	while (hi - lo > 1) {
		size_t mid = lo + (hi - lo) / 2;
		if (loc->lines[mid] <= offset)
			lo = mid;
		else
			hi = mid;
	}
	return lo + 1;
}

size_t locator_line_count(struct locator *loc)
{
	if (!loc->lines)
		build_lines(loc);
	return loc->nlines;
}

void locator_linecol(struct locator *loc, size_t offset,
		     unsigned long *line, unsigned long *col)
{
	if (!loc->lines)
		build_lines(loc);
	if (offset > loc->len)
		offset = loc->len;
	size_t lo = locator_line(loc, offset) - 1;
	size_t start = loc->lines[lo];
	if (start < loc->body)
		start = loc->body < offset ? loc->body : offset;
	unsigned long c = 1;
	if (loc->last_col && loc->last_line == lo && loc->last_offset <= offset &&
	    loc->last_offset >= start)
		start = loc->last_offset, c = loc->last_col;
	for (size_t i = start; i < offset; i++)
		c += ((unsigned char)loc->text[i] & 0xC0) != 0x80;
	loc->last_offset = offset;
	loc->last_line = lo;
	loc->last_col = c;
	*line = lo + 1;
	*col = c;
}

void locator_line_bounds(struct locator *loc, unsigned long line, size_t *start, size_t *end)
{
	if (!loc->lines)
		build_lines(loc);
	size_t i = line ? line - 1 : 0;
	if (i >= loc->nlines)
		i = loc->nlines - 1;
	*start = loc->lines[i];
	*end = i + 1 < loc->nlines ? loc->lines[i + 1] : loc->len;
	while (*end > *start && (loc->text[*end - 1] == '\n' || loc->text[*end - 1] == '\r'))
		(*end)--;
}

static size_t skip_ws(const char *s, size_t p)
{
	while (s[p] == ' ' || s[p] == '\t' || s[p] == '\n' || s[p] == '\r')
		p++;
	return p;
}

static size_t skip_scalar(const char *s, size_t p)
{
	if (s[p] == '"')
		return (size_t)(jstring_skip(s + p) - s);
	while (s[p] && !strchr(",]} \t\n\r", s[p]))
		p++;
	return p;
}

static void build_index(struct locator *loc)
{
	const char *s = loc->text;
	size_t cap = 0, stack_cap = 0, depth = 0;
	uint32_t *stack = NULL;
	uint32_t pending_key = NONE;
	size_t p = skip_ws(s, loc->body);
	loc->indexed = true;
	for (;;) {
		loc->nodes = xgrow(loc->nodes, &cap, loc->nnodes + 1, sizeof *loc->nodes);
		uint32_t id = (uint32_t)loc->nnodes++;
		loc->nodes[id] = (struct lnode){ (uint32_t)p, 0, pending_key,
						 depth ? stack[depth - 1] : NONE };
		size_t leaf = id && s[p] == '[' && loc->leaf_end ? loc->leaf_end(loc->leaf_ctx, p) : 0;
		if (leaf) {
			p = leaf;
			loc->nodes[id].end = (uint32_t)p;
		} else if (s[p] == '{' || s[p] == '[') {
			stack = xgrow(stack, &stack_cap, depth + 1, sizeof *stack);
			stack[depth++] = id;
			p++;
		} else {
			p = skip_scalar(s, p);
			loc->nodes[id].end = (uint32_t)p;
		}
		/* Move to the next value, closing containers on the way. */
		for (;;) {
			p = skip_ws(s, p);
			if (depth == 0)
				goto done;
			if (s[p] == '}' || s[p] == ']') {
				loc->nodes[stack[--depth]].end = (uint32_t)++p;
				continue;
			}
			if (s[p] == ',')
				p = skip_ws(s, p + 1);
			pending_key = NONE;
			if (s[loc->nodes[stack[depth - 1]].start] == '{') {
				pending_key = (uint32_t)p;
				p = skip_ws(s, (size_t)(jstring_skip(s + p) - s));
				p = skip_ws(s, p + 1); /* the ':' */
			}
			break;
		}
	}
done:
	free(stack);
	/* Group children by parent; document order keeps them in order. */
	loc->first = xcalloc(loc->nnodes + 1, sizeof *loc->first);
	loc->kids = xcalloc(loc->nnodes, sizeof *loc->kids);
	for (size_t i = 1; i < loc->nnodes; i++)
		loc->first[loc->nodes[i].parent + 1]++;
	for (size_t i = 0; i < loc->nnodes; i++)
		loc->first[i + 1] += loc->first[i];
	uint32_t *fill = xcalloc(loc->nnodes, sizeof *fill);
	for (size_t i = 1; i < loc->nnodes; i++) {
		uint32_t par = loc->nodes[i].parent;
		loc->kids[loc->first[par] + fill[par]++] = (uint32_t)i;
	}
	free(fill);
}

/* Objects with more members than this are looked up through the slots. */
#define HASHED_MEMBERS 16

static uint32_t key_hash(uint32_t parent, const char *key, size_t len)
{
	uint32_t h = 2166136261u ^ parent;
	h *= 16777619u;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)key[i]) * 16777619u;
	return h;
}

/* The slot for (parent, key): the one holding it, or the empty one where it
 * goes. */
static struct keyslot *slot_of(struct locator *loc, uint32_t parent, const char *key,
			       size_t len, uint32_t h, struct buf *scratch)
{
	size_t mask = loc->nslots - 1;
	for (size_t i = h & mask;; i = (i + 1) & mask) {
		struct keyslot *sl = &loc->slots[i];
		if (sl->node == NONE)
			return sl;
		if (sl->hash != h || sl->parent != parent)
			continue;
		buf_truncate(scratch, 0);
		jstring_decode(loc->text + loc->nodes[sl->node].key, scratch);
		if (scratch->len == len && memcmp(scratch->data, key, len) == 0)
			return sl;
	}
}

static void grow_slots(struct locator *loc, size_t need)
{
	if (2 * need < loc->nslots)
		return;
	size_t n = loc->nslots ? loc->nslots : 64;
	while (2 * need >= n)
		n *= 2;
	struct keyslot *old = loc->slots;
	size_t nold = loc->nslots;
	loc->slots = xcalloc(n, sizeof *loc->slots);
	loc->nslots = n;
	for (size_t i = 0; i < n; i++)
		loc->slots[i].node = NONE;
	for (size_t i = 0; i < nold; i++) {
		if (old[i].node == NONE)
			continue;
		size_t j = old[i].hash & (n - 1);
		while (loc->slots[j].node != NONE)
			j = (j + 1) & (n - 1);
		loc->slots[j] = old[i];
	}
	free(old);
}

/* Puts the members of object `at` in the slots; later duplicates win. */
static void hash_members(struct locator *loc, uint32_t at, struct buf *scratch)
{
	if (!loc->hashed)
		loc->hashed = xcalloc(loc->nnodes, 1);
	loc->hashed[at] = 1;
	const uint32_t *k = loc->kids + loc->first[at];
	size_t n = loc->first[at + 1] - loc->first[at];
	grow_slots(loc, loc->used + n);
	struct buf key = BUF_INIT;
	for (size_t i = 0; i < n; i++) {
		buf_truncate(&key, 0);
		jstring_decode(loc->text + loc->nodes[k[i]].key, &key);
		uint32_t h = key_hash(at, key.data ? key.data : "", key.len);
		struct keyslot *sl = slot_of(loc, at, key.data ? key.data : "", key.len, h, scratch);
		loc->used += sl->node == NONE;
		*sl = (struct keyslot){ at, k[i], h };
	}
	buf_free(&key);
}

/* The child of node `at` named by token, or NONE. */
static uint32_t child(struct locator *loc, uint32_t at, const struct buf *tok,
		      struct buf *scratch)
{
	const uint32_t *k = loc->kids + loc->first[at];
	size_t n = loc->first[at + 1] - loc->first[at];
	if (loc->text[loc->nodes[at].start] == '[') {
		if (tok->len == 0 || tok->len > 10 || (tok->data[0] == '0' && tok->len > 1))
			return NONE;
		size_t i = 0;
		for (size_t j = 0; j < tok->len; j++) {
			if (tok->data[j] < '0' || tok->data[j] > '9')
				return NONE;
			i = i * 10 + (size_t)(tok->data[j] - '0');
		}
		return i < n ? k[i] : NONE;
	}
	if (n > HASHED_MEMBERS) {
		if (!loc->hashed || !loc->hashed[at])
			hash_members(loc, at, scratch);
		const char *key = tok->data ? tok->data : "";
		return slot_of(loc, at, key, tok->len, key_hash(at, key, tok->len), scratch)->node;
	}
	uint32_t found = NONE;
	for (size_t i = 0; i < n; i++) {
		buf_truncate(scratch, 0);
		jstring_decode(loc->text + loc->nodes[k[i]].key, scratch);
		if (scratch->len == tok->len && memcmp(scratch->data, tok->data, tok->len) == 0)
			found = k[i];
	}
	return found;
}

/* The node pointer names, or the deepest one it reaches (*ok false). */
static uint32_t resolve(struct locator *loc, const char *pointer, bool *ok)
{
	if (!loc->indexed)
		build_index(loc);
	struct buf tok = BUF_INIT, scratch = BUF_INIT;
	uint32_t at = 0;
	const char *p = pointer;
	*ok = true;
	while (pointer_next(&p, &tok)) {
		char kind = loc->text[loc->nodes[at].start];
		uint32_t next = kind == '{' || kind == '[' ? child(loc, at, &tok, &scratch) : NONE;
		if (next == NONE) {
			*ok = false;
			break;
		}
		at = next;
	}
	if (*p && *p != '/')
		*ok = false; /* not a pointer at all */
	buf_free(&tok);
	buf_free(&scratch);
	return at;
}

bool locator_find(struct locator *loc, const char *pointer, bool at_key,
		  size_t *offset)
{
	bool ok;
	uint32_t at = resolve(loc, pointer, &ok); /* builds the index first */
	const struct lnode *n = &loc->nodes[at];
	*offset = ok && at_key && n->key != NONE ? n->key : n->start;
	return ok;
}

static struct span span_of(const struct locator *loc, uint32_t i)
{
	const struct lnode *n = &loc->nodes[i];
	struct span sp = { SIZE_MAX, SIZE_MAX, n->start, n->end };
	if (n->key != NONE) {
		sp.key_start = n->key;
		sp.key_end = (size_t)(jstring_skip(loc->text + n->key) - loc->text);
	}
	return sp;
}

bool locator_span(struct locator *loc, const char *pointer, struct span *out)
{
	bool ok;
	uint32_t at = resolve(loc, pointer, &ok);
	if (ok)
		*out = span_of(loc, at);
	return ok;
}

size_t locator_children(struct locator *loc, const char *pointer, struct span **out)
{
	bool ok;
	uint32_t at = resolve(loc, pointer, &ok);
	*out = NULL;
	if (!ok)
		return 0;
	size_t n = loc->first[at + 1] - loc->first[at];
	*out = xcalloc(n, sizeof **out);
	for (size_t i = 0; i < n; i++)
		(*out)[i] = span_of(loc, loc->kids[loc->first[at] + i]);
	return n;
}

bool locator_pointer_at(struct locator *loc, size_t offset, struct buf *out)
{
	if (!loc->indexed)
		build_index(loc);
	/* The innermost: the last in document order whose span holds it. */
	size_t found = NONE;
	for (size_t i = 0; i < loc->nnodes; i++) {
		const struct lnode *n = &loc->nodes[i];
		size_t from = n->key != NONE ? n->key : n->start;
		if (from <= offset && offset < n->end)
			found = i;
		else if (from > offset)
			break;
	}
	if (found == NONE)
		return false;
	uint32_t *chain = NULL;
	size_t depth = 0, cap = 0;
	for (uint32_t i = (uint32_t)found; loc->nodes[i].parent != NONE; i = loc->nodes[i].parent) {
		chain = xgrow(chain, &cap, depth + 1, sizeof *chain);
		chain[depth++] = i;
	}
	struct buf key = BUF_INIT;
	while (depth--) {
		uint32_t i = chain[depth], par = loc->nodes[i].parent;
		if (loc->text[loc->nodes[par].start] == '{') {
			buf_truncate(&key, 0);
			jstring_decode(loc->text + loc->nodes[i].key, &key);
			pointer_push_key(out, key.data ? key.data : "", key.len);
		} else {
			size_t k = loc->first[par];
			while (loc->kids[k] != i)
				k++;
			pointer_push_index(out, k - loc->first[par]);
		}
	}
	buf_free(&key);
	free(chain);
	if (!out->data)
		buf_adds(out, "");
	return true;
}
