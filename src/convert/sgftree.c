/* sgftree: the property tree every reader builds (nodes, their properties
 * and values, held inside the node while there is one of each), and the
 * blocks the readers of other formats build it with (an escaped value, a
 * point, Tygem's handicap stones). */
#include "convert/sgf.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#ifdef __GLIBC__
#include <malloc.h>
#endif

#include "base/buf.h"
#include "base/dom.h"
#include "base/charset.h"

/* The ids of one and two upper-case letters (all that SGF defines) are
 * shared, not copied: a move's "B" would cost an allocation. */
#define LETTERS(a) a "A\0" a "B\0" a "C\0" a "D\0" a "E\0" a "F\0" a "G\0" a "H\0" a "I\0" \
	a "J\0" a "K\0" a "L\0" a "M\0" a "N\0" a "O\0" a "P\0" a "Q\0" a "R\0" a "S\0" \
	a "T\0" a "U\0" a "V\0" a "W\0" a "X\0" a "Y\0" a "Z\0"
static const char one_letter[] = LETTERS("");
static const char two_letters[] = LETTERS("A") LETTERS("B") LETTERS("C") LETTERS("D")
	LETTERS("E") LETTERS("F") LETTERS("G") LETTERS("H") LETTERS("I") LETTERS("J")
	LETTERS("K") LETTERS("L") LETTERS("M") LETTERS("N") LETTERS("O") LETTERS("P")
	LETTERS("Q") LETTERS("R") LETTERS("S") LETTERS("T") LETTERS("U") LETTERS("V")
	LETTERS("W") LETTERS("X") LETTERS("Y") LETTERS("Z");
#undef LETTERS

static bool is_upper(char c) { return c >= 'A' && c <= 'Z'; }

/* The shared copy of id, or NULL when it has none. */
static const char *shared_id(const char *id)
{
	if (is_upper(id[0]) && !id[1])
		return &one_letter[2 * (id[0] - 'A')];
	if (is_upper(id[0]) && is_upper(id[1]) && !id[2])
		return &two_letters[3 * (26 * (id[0] - 'A') + (id[1] - 'A'))];
	return NULL;
}

static const char *id_copy(const char *id)
{
	const char *shared = shared_id(id);
	return shared ? shared : xstrdup(id);
}

static void id_free(const char *id)
{
	if (shared_id(id) != id)
		free((char *)id);
}

/* The capacity after cap (at least 1: the element inside the node) for
 * need elements of size bytes; the counts are 32 bits. */
static uint32_t next_cap(uint32_t cap, size_t need, size_t size)
{
	size_t n = cap;
	while (n < need) {
		if (n > UINT32_MAX / 2 || n > SIZE_MAX / 2 / size)
			die_oom();
		n *= 2;
	}
	return (uint32_t)n;
}

/* Room for need elements in an array of a node: its first is one, the
 * element inside the node (cap 1); an array that outgrows it moves to the
 * heap, and one on the heap is reallocated. The caller sets again what
 * pointed into the elements it held. */
static void *grow_out(void *heap, void *one, uint32_t *cap, size_t need, size_t size)
{
	if (*cap == 0) {
		*cap = 1;
		return one;
	}
	uint32_t n = next_cap(*cap, need, size);
	void *a = xrealloc(*cap == 1 ? NULL : heap, (size_t)n * size);
	if (*cap == 1)
		memcpy(a, one, size);
	*cap = n;
	return a;
}

/* A value's raw is its own small when short: set again once it moved. */
static void value_placed(struct sgf_value *v)
{
	if (v->len < SGF_SMALL)
		v->raw = v->small;
}

/* A property moved to another place: its one value moved with it. */
static void prop_placed(struct sgf_prop *p)
{
	if (p->cap == 1) {
		p->vals = &p->one_value;
		value_placed(&p->one_value);
	}
}

struct sgf_node *sgf_node_new(struct sgf_pos pos)
{
	struct sgf_node *n = xcalloc(1, sizeof *n);
	n->pos = pos;
	return n;
}

/* A block of a game's nodes: each twice the one before, up to SLAB_MAX
 * nodes (a game of one node takes no more than four). The largest are
 * over malloc's mapping threshold (128 KB, src/cli/main.c): one freed
 * while its game is converted (sgf_node_release) goes back to the system,
 * where a block in the heap stayed resident for nothing else to use. */
struct sgf_slab {
	struct sgf_slab *next;    /* the block before */
	struct sgf_node *owner;   /* the game's root */
	size_t used, cap;
	size_t released;          /* of its nodes, by sgf_node_release */
	struct sgf_more *more;    /* the game's nodes still to read (sgf_game_set_more),
				   * kept by its newest block */
	struct sgf_node nodes[];
};
#define SLAB_FIRST 4
/* The nodes of the largest block, just over the mapping threshold
 * whatever a node's size (1,171 of 112 bytes). */
#define SLAB_MAX (128 * 1024 / sizeof(struct sgf_node) + 1)

static void slab_freed(struct sgf_slab *b);

struct sgf_node *sgf_node_in(struct sgf_node *root, struct sgf_pos pos)
{
#ifdef __EMSCRIPTEN__
	(void)root;
	return sgf_node_new(pos);   /* (the page's smaller code: a node an allocation) */
#else
	struct sgf_slab *b = root ? root->slab : NULL;
	if (!b || b->used == b->cap) {
		size_t cap = !b ? SLAB_FIRST : b->cap < SLAB_MAX / 2 ? 2 * b->cap : SLAB_MAX;
		struct sgf_slab *more = xmalloc(sizeof *more + cap * sizeof *more->nodes);
		*more = (struct sgf_slab){ .next = b, .owner = root, .cap = cap,
					   .more = b ? b->more : NULL };
		if (b && b->next && b->released == b->used) {   /* all freed while the newest */
			more->next = b->next;
			slab_freed(b);
		}
		b = more;
	}
	struct sgf_node *n = &b->nodes[b->used++];
	*n = (struct sgf_node){ .pos = pos, .slab = b };
	if (!root)
		b->owner = root = n;
	root->slab = b;
	return n;
#endif
}

void sgf_node_add_kid(struct sgf_node *parent, struct sgf_node *kid)
{
	uint32_t n = parent->nkids;
	if (!n) {   /* its first: the one inside it, without a call */
		parent->kids = &parent->one_kid;
	} else if (!(n & (n - 1))) {   /* full: its capacity is a power of two */
		uint32_t cap = n;
		parent->kids = grow_out(parent->kids, &parent->one_kid, &cap, (size_t)n + 1,
					sizeof *parent->kids);
	}
	parent->kids[parent->nkids++] = kid;
}

#define SGF_INDEX_FROM 16

/* The index of a node's properties: slot i holds a property + 1 (0 free),
 * of the first `indexed` ones. */
struct sgf_index {
	size_t *slots, cap, indexed;
};

/* A node's properties on the heap (more than one) follow a header holding
 * their capacity and their index, which only a node of SGF_INDEX_FROM
 * properties has: in every node they would be 16 bytes of each move's 104. */
struct props_head {
	struct sgf_index *index;
	uint32_t cap;
};
#define PROPS_HEAD sizeof(struct props_head)

static struct props_head *props_head(const struct sgf_node *n)
{
	return (struct props_head *)(void *)((char *)n->props - PROPS_HEAD);
}

/* 64-bit FNV-1a whatever size_t is (32 bits in the page's WebAssembly):
 * the index takes its low bits. */
static size_t id_hash(const char *id)
{
	uint64_t h = 14695981039346656037u;
	for (; *id; id++)
		h = (h ^ (unsigned char)*id) * 1099511628211u;
	return (size_t)h;
}

static void index_add(struct sgf_node *n, size_t k)
{
	struct sgf_index *x = props_head(n)->index;
	size_t mask = x->cap - 1, at = id_hash(n->props[k].id) & mask;
	while (x->slots[at])
		at = (at + 1) & mask;
	x->slots[at] = k + 1;
}

/* (Re)builds the index of every property, at most half full. */
static void index_build(struct sgf_node *n)
{
	size_t cap = 64;
	while (cap < 2 * ((size_t)n->nprops + 1))
		cap *= 2;
	struct sgf_index **x = &props_head(n)->index;
	if (!*x)
		*x = xcalloc(1, sizeof **x);
	free((*x)->slots);
	(*x)->slots = xcalloc(cap, sizeof *(*x)->slots);
	(*x)->cap = cap;
	for (size_t k = 0; k < n->nprops; k++)
		index_add(n, k);
	(*x)->indexed = n->nprops;
}

/* Frees n's properties' array, with their index. */
static void props_free(struct sgf_node *n)
{
	if (!n->props || n->props == &n->one_prop)
		return;
	struct props_head *h = props_head(n);
	if (h->index)
		free(h->index->slots);
	free(h->index);
	free(h);
}

struct sgf_prop *sgf_prop_find(const struct sgf_node *node, const char *id)
{
	if (node->nprops < SGF_INDEX_FROM) {
		for (size_t i = 0; i < node->nprops; i++)
			if (key_eq(node->props[i].id, id))   /* (ids of a letter or two: no call) */
				return &node->props[i];
		return NULL;
	}
	struct sgf_node *n = (struct sgf_node *)node;   /* the index is a cache */
	const struct sgf_index *x = props_head(n)->index;
	if (!x || x->indexed != n->nprops)   /* a property dropped since */
		index_build(n);
	x = props_head(n)->index;
	size_t mask = x->cap - 1;
	for (size_t at = id_hash(id) & mask; x->slots[at]; at = (at + 1) & mask)
		if (key_eq(n->props[x->slots[at] - 1].id, id))
			return &n->props[x->slots[at] - 1];
	return NULL;
}

struct sgf_prop *sgf_prop_get(struct sgf_node *node, const char *id, struct sgf_pos pos,
			      bool *existed)
{
	struct sgf_prop *p = sgf_prop_find(node, id);
	*existed = p != NULL;
	if (p)
		return p;
	bool one = node->props == &node->one_prop;
	if (!node->props) {   /* its first: the one inside it, without a call */
		node->props = &node->one_prop;
	} else if (node->nprops == (one ? 1 : props_head(node)->cap)) {
		uint32_t n = next_cap(one ? 1 : props_head(node)->cap, (size_t)node->nprops + 1,
				      sizeof *node->props);
		struct props_head *h = xrealloc(one ? NULL : props_head(node),
						PROPS_HEAD + (size_t)n * sizeof *node->props);
		struct sgf_prop *props = (struct sgf_prop *)(void *)((char *)h + PROPS_HEAD);
		if (one) {
			h->index = NULL;
			props[0] = node->one_prop;
		}
		h->cap = n;
		node->props = props;
		for (size_t i = 0; i < node->nprops; i++)
			prop_placed(&node->props[i]);
	}
	p = &node->props[node->nprops++];
	*p = (struct sgf_prop){ .id = id_copy(id), .pos = pos };
	if (node->nprops >= SGF_INDEX_FROM) {
		struct sgf_index *x = props_head(node)->index;
		if (!x || x->indexed + 1 != node->nprops || 2 * ((size_t)node->nprops + 1) > x->cap) {
			index_build(node);
		} else {
			index_add(node, node->nprops - 1);
			x->indexed = node->nprops;
		}
	}
	return p;
}

/* Whether a value cut from text that is valid UTF-8 (every reader's
 * decoded text, a JSON string) was cut inside a character: at its first
 * byte, a trail byte, or at its last, a character without all its trail
 * bytes (a GIB header value cut two bytes short of a `\]` it did not end
 * in took the last two of 돌's three). Its ends only: the rest is its
 * text's. */
static bool cut_inside_character(const char *s, size_t len)
{
	const unsigned char *u = (const unsigned char *)s;
	if (!len || (u[0] & 0xC0) == 0x80)
		return len != 0;
	size_t i = len, trail = 0;
	while (i > 1 && trail < 4 && (u[i - 1] & 0xC0) == 0x80)
		i--, trail++;
	unsigned lead = u[i - 1];
	size_t need = lead < 0x80 ? 0 : lead >= 0xF0 ? 3 : lead >= 0xE0 ? 2 : 1;
	return need != trail && !(i == len && lead < 0x80);
}

/* Whether the len bytes at s hold a NUL: a point's or a number's few
 * without memchr's call (every move's value comes here). */
static bool has_nul(const char *s, size_t len)
{
	if (len > 4)
		return memchr(s, '\0', len) != NULL;
	for (size_t i = 0; i < len; i++)
		if (!s[i])
			return true;
	return false;
}

void sgf_prop_add(struct sgf_prop *prop, const char *raw, size_t len, struct sgf_pos pos)
{
	/* Every reader's values are made here: valid UTF-8, so that no record
	 * made of them is refused (a GIB header value cut inside a character
	 * was: a converter bug, no record), its broken bytes U+FFFD. A value
	 * cut so is a reader's bug, which a fuzzing build stops on. */
	struct buf valid = BUF_INIT;
#ifdef FUZZING_BUILD_MODE_UNSAFE_FOR_PRODUCTION
	if (!charset_valid_utf8(raw, len))
		abort();
#endif
	if (cut_inside_character(raw, len)) {
		charset_decode_lenient(raw, len, "UTF-8", &valid, NULL, NULL, NULL);
		raw = valid.data, len = valid.len;
	}
	/* Copied first: raw may be a value of prop itself, which may move.
	 * Without its NUL bytes (the SGF reader notes them, sgf-nul-byte):
	 * no reading of a value sees one, as its text has none. */
	size_t n = len;
	if (has_nul(raw, len))
		for (size_t i = n = 0; i < len; i++)
			n += raw[i] != '\0';
	struct sgf_value v = { .len = (uint32_t)n, .pos = pos };
	char *to = n < SGF_SMALL ? v.small : (v.raw = xmalloc(n + 1));
	if (n == len) {
		if (len)
			memcpy(to, raw, len);
	} else {
		for (size_t i = 0, k = 0; i < len; i++)
			if (raw[i])
				to[k++] = raw[i];
	}
	if (n >= SGF_SMALL)
		v.raw[n] = '\0';
	if (!prop->cap) {   /* its first: the one inside it, without a call */
		prop->cap = 1;
		prop->vals = &prop->one_value;
	} else if (prop->nvals == prop->cap) {
		prop->vals = grow_out(prop->vals, &prop->one_value, &prop->cap,
				      (size_t)prop->nvals + 1, sizeof *prop->vals);
		for (size_t i = 0; i < prop->nvals; i++)
			value_placed(&prop->vals[i]);
	}
	struct sgf_value *slot = &prop->vals[prop->nvals++];
	*slot = v;
	value_placed(slot);
	if (valid.data)   /* (made for a value cut inside a character only) */
		buf_free(&valid);
}

void sgf_prop_clear(struct sgf_prop *prop)
{
	for (size_t i = 0; i < prop->nvals; i++)
		if (prop->vals[i].len >= SGF_SMALL)
			free(prop->vals[i].raw);
	if (prop->cap > 1)
		free(prop->vals);
	prop->vals = NULL;
	prop->nvals = prop->cap = 0;
}

void sgf_prop_drop_last(struct sgf_node *node)
{
	struct sgf_prop *p = &node->props[--node->nprops];
	sgf_prop_clear(p);
	id_free(p->id);
	p->id = NULL;
}

void sgf_escape(struct buf *out, const char *text, size_t len, bool compose)
{
	for (size_t i = 0; i < len; i++) {
		if (text[i] == ']' || text[i] == '\\' || (compose && text[i] == ':'))
			buf_addc(out, '\\');
		buf_addc(out, text[i]);
	}
	if (!out->data)
		buf_adds(out, "");
}

void sgf_prop_text(struct sgf_node *n, const char *id, const char *text, size_t len,
		   struct sgf_pos pos)
{
	bool existed;
	struct sgf_prop *p = sgf_prop_get(n, id, pos, &existed);
	struct buf b = BUF_INIT;
	sgf_escape(&b, text, len, false);
	sgf_prop_add(p, b.data, b.len, pos);
	buf_free(&b);
}

void sgf_point(int x, int y, int size, char out[3])
{
	if (x < 0 || y < 0 || x >= size || y >= size || size > 52) {
		out[0] = '\0';
		return;
	}
	out[0] = (char)(x < 26 ? 'a' + x : 'A' + x - 26);
	out[1] = (char)(y < 26 ? 'a' + y : 'A' + y - 26);
	out[2] = '\0';
}

int sgf_tygem_handicap(int size, int count, int xy[9][2])
{
	if (size < 7 || count < 2)
		return 0;
	int near = size >= 13 ? 3 : 2, far = size - near - 1, mid = (size - 1) / 2, n = 0;
	int pts[9][2];
	const int corners[4][2] = { { near, far }, { far, near }, { near, near }, { far, far } };
	for (int i = 0; i < 4; i++)
		pts[n][0] = corners[i][0], pts[n++][1] = corners[i][1];
	if (size % 2 && size != 7) {
		if (count == 5)
			pts[n][0] = mid, pts[n++][1] = mid;
		pts[n][0] = near, pts[n++][1] = mid;
		pts[n][0] = far, pts[n++][1] = mid;
		if (count == 7)
			pts[n][0] = mid, pts[n++][1] = mid;
		if (n < 9)
			pts[n][0] = mid, pts[n++][1] = near;
		if (n < 9)
			pts[n][0] = mid, pts[n++][1] = far;
		if (n < 9)
			pts[n][0] = mid, pts[n++][1] = mid;
	}
	if (count > n)
		count = n;
	for (int i = 0; i < count; i++)
		xy[i][0] = pts[i][0], xy[i][1] = pts[i][1];
	return count;
}

static void node_free_one(struct sgf_node *n)
{
	for (size_t i = 0; i < n->nprops; i++) {
		sgf_prop_clear(&n->props[i]);
		id_free(n->props[i].id);
	}
	props_free(n);
	if (n->kids && n->kids != &n->one_kid)
		free(n->kids);
	if (!n->slab)
		free(n);
}

void sgf_node_free(struct sgf_node *root)
{
	if (!root)
		return;
	/* (more's free first: a paused SGF game's reads the rest of its line) */
	if (root->slab && root->slab->owner == root && root->slab->more)
		root->slab->more->free(root->slab->more);
	/* The blocks of its game's nodes, freed once the nodes' own memory is */
	struct sgf_slab *slab = root->slab && root->slab->owner == root ? root->slab : NULL;
	size_t cap = 0, len = 0;
	struct sgf_node **stack = xgrow(NULL, &cap, 16, sizeof *stack);
	stack[len++] = root;
	while (len) {
		struct sgf_node *n = stack[--len];
		stack = xgrow(stack, &cap, len + n->nkids, sizeof *stack);
		for (size_t i = 0; i < n->nkids; i++)
			stack[len++] = n->kids[i];
		node_free_one(n);
	}
	free(stack);
	while (slab) {
		struct sgf_slab *before = slab->next;
		free(slab);
		slab = before;
	}
}

bool sgf_game_set_more(struct sgf_node *root, struct sgf_more *more)
{
	if (!root->slab || root->slab->owner != root)
		return false;   /* (a node an allocation: the page's) */
	root->slab->more = more;
	return true;
}

size_t sgf_game_pending(const struct sgf_node *root)
{
	const struct sgf_slab *b = root->slab;
	return b && b->owner == root && b->more ? b->more->pending : 0;
}

bool sgf_game_read_more(struct sgf_node *root, struct sgf_node *last)
{
	struct sgf_slab *b = root->slab;
	return b && b->owner == root && b->more && b->more->pending &&
	       b->more->next(b->more, root, last);
}

void sgf_node_release(struct sgf_node *root, struct sgf_node *n)
{
	struct sgf_slab *b = n->slab;
	node_free_one(n);   /* n itself too when it is no block's */
	if (!b || b->owner != root)
		return;
	/* (counted in the newest block too: a line read as it is converted
	 * frees nodes of the block it is still filling, freed once another
	 * is begun: sgf_node_in) */
	b->released++;
	if (b == root->slab || !b->next || b->released < b->used)
		return;
	struct sgf_slab *s = root->slab;
	while (s && s->next != b)
		s = s->next;
	if (!s)
		return;
	s->next = b->next;
	slab_freed(b);
}

/* Frees block b, unlinked from its game's. */
static void slab_freed(struct sgf_slab *b)
{
	bool heap = b->cap < SLAB_MAX, large = b->cap * sizeof *b->nodes >= 16 * 1024;
	free(b);
#ifdef __GLIBC__
	/* A block of the heap freed stays resident there, where nothing of
	 * the conversion takes it (a large game's text and position map are
	 * mapped): the blocks of a line's first 2,044 nodes held 229 KB idle
	 * beside the rest of the game (6,767 nodes in one line, the real
	 * set's peak). Given back once the largest of them is free. */
	if (heap && large)
		malloc_trim(0);
#else
	(void)heap, (void)large;
#endif
}

bool sgf_games_full(struct sgf_games *games, size_t nodes)
{
	if (games->max_nodes && nodes > games->max_nodes)
		games->over = true;
	return games->over;
}

void sgf_games_free(struct sgf_games *games)
{
	for (size_t i = 0; i < games->len; i++)
		sgf_node_free(games->games[i]);
	free(games->games);
	*games = (struct sgf_games){0};
}
