/* sgfsame: a safe fix never changes the game (issue 70). A round of --fix
 * on SGF is read again, and its games compared with those before it: a
 * lost `;` the empty-node fix deleted turned a move into text, a `;` before
 * values without a property made them a comment's. The comparison is of a
 * digest: each game's nodes in order, a node's properties sorted by id
 * with their values as read, the variations marked. */
#include "convert/sgfsame.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "convert/decode.h"

/* The digest's marks; a value's bytes up to MARK_ESCAPE are written
 * escaped (MARK_ESCAPE, then the byte with 0x40 set): a control character
 * is a value's byte as any other (PW[W\001hite]). */
#define MARK_GAME '\x01'
#define MARK_NODE '\x02'
#define MARK_PROP '\x03'
#define MARK_VALUE '\x04'
#define MARK_OPEN '\x05'
#define MARK_CLOSE '\x06'
#define MARK_ESCAPE '\x07'

static void add_value(struct buf *out, const char *raw, size_t len)
{
	size_t from = 0;
	for (size_t i = 0; i < len; i++) {
		if ((unsigned char)raw[i] > MARK_ESCAPE)
			continue;
		buf_add(out, raw + from, i - from);
		buf_addc(out, MARK_ESCAPE);
		buf_addc(out, (char)(raw[i] | 0x40));
		from = i + 1;
	}
	buf_add(out, raw + from, len - from);
}

void sgf_digest_clear(struct sgf_digest *d)
{
	buf_truncate(&d->text, 0);
	d->len = 0;
	d->nodes = 0;
}

void sgf_digest_free(struct sgf_digest *d)
{
	buf_free(&d->text);
	free(d->places);
	*d = (struct sgf_digest){ .text = BUF_INIT };
}

void sgf_digest_read(struct sgf_digest *d, const char *bytes, size_t len)
{
	struct sgf_notes notes = { 0 };
	struct buf text = BUF_INIT;
	struct sgf_games games = { 0 };
	decode_sgf(bytes, len, NULL, &text, &notes);
	sgf_read(text.data ? text.data : "", text.len, &games, &notes);
	sgf_digest_clear(d);
	for (size_t g = 0; g < games.len; g++)
		sgf_digest_game(d, games.games[g]);
	sgf_games_free(&games);
	sgf_notes_free(&notes);
	buf_free(&text);
}

static bool pos_before(struct sgf_pos a, struct sgf_pos b)
{
	return a.line < b.line || (a.line == b.line && a.col < b.col);
}

/* A walk of every node of r's games, in the order of the text (a node,
 * then its variations, each whole). The stack holds the nodes to come and
 * the marks of variations opened and closed. */
struct walk {
	struct item {
		const struct sgf_node *node;   /* NULL: a mark */
		char mark;
	} *stack;
	size_t len, cap;
};

static void push(struct walk *w, const struct sgf_node *node, char mark)
{
	w->stack = xgrow(w->stack, &w->cap, w->len + 1, sizeof *w->stack);
	w->stack[w->len++] = (struct item){ node, mark };
}

/* The kids of n pushed so that the first comes out first, each of
 * several inside its marks. */
static void push_kids(struct walk *w, const struct sgf_node *n)
{
	for (uint32_t k = n->nkids; k-- > 0;) {
		if (n->nkids > 1)
			push(w, NULL, MARK_CLOSE);
		push(w, n->kids[k], 0);
		if (n->nkids > 1)
			push(w, NULL, MARK_OPEN);
	}
}

/* Whether ids names property id (n bytes) of node ordinal node. */
static bool named(const char *ids, size_t node, const char *id, size_t n)
{
	char key[48];
	if (n > 16)   /* no SGF id is so long: none named */
		return false;
	snprintf(key, sizeof key, " %zu:%.*s ", node, (int)n, id);
	return ids && strstr(ids, key) != NULL;
}

static int by_text(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static int by_id(const void *a, const void *b)
{
	return strcmp((*(const struct sgf_prop *const *)a)->id,
		      (*(const struct sgf_prop *const *)b)->id);
}

static void place(struct sgf_digest *d, struct sgf_pos pos, size_t id)
{
	d->places = xgrow(d->places, &d->cap, d->len + 1, sizeof *d->places);
	d->places[d->len++] = (struct sgf_place){ pos, id, d->nodes };
}

/* A node's digest: its properties sorted by id, each with its values;
 * nothing for an empty node. */
static void node_digest(struct sgf_digest *d, const struct sgf_node *n,
			const struct sgf_prop ***props, size_t *cap)
{
	place(d, n->pos, SIZE_MAX);
	if (!n->nprops)
		return;
	*props = xgrow(*props, cap, n->nprops, sizeof **props);
	for (uint32_t i = 0; i < n->nprops; i++)
		(*props)[i] = &n->props[i];
	sort_items(*props, n->nprops, sizeof **props, by_id);
	buf_addc(&d->text, MARK_NODE);
	d->nodes++;
	for (uint32_t i = 0; i < n->nprops; i++) {
		const struct sgf_prop *p = (*props)[i];
		buf_addc(&d->text, MARK_PROP);
		size_t id = d->text.len;
		buf_adds(&d->text, p->id);
		place(d, p->pos, id);
		for (uint32_t v = 0; v < p->nvals; v++) {
			buf_addc(&d->text, MARK_VALUE);
			add_value(&d->text, p->vals[v].raw, p->vals[v].len);
			place(d, p->vals[v].pos, id);
		}
	}
}

void sgf_digest_game(struct sgf_digest *d, const struct sgf_node *game)
{
	struct walk w = { 0 };
	const struct sgf_prop **props = NULL;
	size_t cap = 0;
	buf_addc(&d->text, MARK_GAME);
	push(&w, game, 0);
	while (w.len) {
		struct item it = w.stack[--w.len];
		if (!it.node) {
			buf_addc(&d->text, it.mark);
			continue;
		}
		node_digest(d, it.node, &props, &cap);
		push_kids(&w, it.node);
	}
	free(props);
	free(w.stack);
}

static size_t id_len(const struct buf *t, size_t id)
{
	size_t n = 0;
	while (id + n < t->len && (unsigned char)t->data[id + n] > MARK_CLOSE)
		n++;
	return n;
}

static int by_pos(const void *a, const void *b)
{
	const struct sgf_place *x = a, *y = b;
	return pos_before(x->pos, y->pos) ? -1 : pos_before(y->pos, x->pos);
}

static void name(const struct sgf_digest *d, const struct sgf_place *p, struct buf *ids)
{
	size_t n = id_len(&d->text, p->id);
	if (!named(ids->data, p->node, d->text.data + p->id, n))
		buf_printf(ids, " %zu:%.*s ", p->node, (int)n, d->text.data + p->id);
}

/* A few edits each look through the places as they are, unsorted (a
 * sort of a large game's places cost more than the round's check). */
#define FEW_EDITS 8

static void named_scan(const struct sgf_digest *d, const struct sgf_span *e, struct buf *ids)
{
	const struct sgf_place *last = NULL;
	struct sgf_pos last_at = { 0, 0 };
	for (size_t i = 0; i < d->len; i++) {
		const struct sgf_place *p = &d->places[i];
		if (!pos_before(e->from, p->pos) && !pos_before(p->pos, last_at))
			last = p, last_at = p->pos;   /* at or before the edit, the latest */
		if (p->id != SIZE_MAX && pos_before(e->from, p->pos) && pos_before(p->pos, e->to))
			name(d, p, ids);
	}
	if (last && last->id != SIZE_MAX)
		name(d, last, ids);
}

void sgf_digest_named(const struct sgf_digest *d, const struct sgf_span *edits, size_t n,
		      struct buf *ids)
{
	if (n <= FEW_EDITS) {
		for (size_t k = 0; k < n; k++)
			if (!edits[k].spelling)
				named_scan(d, &edits[k], ids);
		return;
	}
	/* The places in the text's order (a property given twice holds a
	 * later value), each edit's found by halving: linear in the edits */
	struct sgf_place *at = xmalloc((d->len + 1) * sizeof *at);
	memcpy(at, d->places, d->len * sizeof *at);
	sort_items(at, d->len, sizeof *at, by_pos);
	for (size_t k = 0; k < n; k++) {
		if (edits[k].spelling)
			continue;
		size_t lo = 0, hi = d->len;   /* the first place after from */
		while (lo < hi) {
			size_t mid = lo + (hi - lo) / 2;
			if (pos_before(edits[k].from, at[mid].pos))
				hi = mid;
			else
				lo = mid + 1;
		}
		if (lo && at[lo - 1].id != SIZE_MAX)
			name(d, &at[lo - 1], ids);
		for (size_t i = lo; i < d->len && pos_before(at[i].pos, edits[k].to); i++)
			if (at[i].id != SIZE_MAX)
				name(d, &at[i], ids);
	}
	free(at);
}

/* The end of the id or value whose mark is at i in digest t. */
static size_t item_end(const struct buf *t, size_t i)
{
	i++;
	while (i < t->len && (unsigned char)t->data[i] > MARK_CLOSE)
		i++;
	return i;
}

/* d's digest from `from` to `to` without the properties ids names
 * (" NODE:ID " each, in their nodes), and the nodes they leave empty,
 * into out; nodes: the nodes before `from`. A node is counted by its
 * place in t, emptied or not: a name is of that node alone. */
static void without_in(const struct buf *t, size_t from, size_t to, const char *ids,
		       size_t nodes, struct buf *out)
{
	buf_truncate(out, 0);
	for (size_t i = from; i < to;) {
		if (t->data[i] != MARK_NODE) {
			buf_addc(out, t->data[i++]);
			continue;
		}
		size_t node = out->len;
		nodes++;
		buf_addc(out, MARK_NODE);
		for (i++; i < to && t->data[i] == MARK_PROP;) {
			size_t start = i, end = item_end(t, i);
			while (end < t->len && t->data[end] == MARK_VALUE)
				end = item_end(t, end);
			if (!named(ids, nodes, t->data + start + 1, id_len(t, start + 1)))
				buf_add(out, t->data + start, end - start);
			i = end;
		}
		if (out->len == node + 1)
			buf_truncate(out, node);
	}
}

static void without(const struct sgf_digest *d, const char *ids, struct buf *out)
{
	without_in(&d->text, 0, d->text.len, ids, 0, out);
}

/* The nodes of t before offset at. */
static size_t nodes_before(const struct buf *t, size_t at)
{
	size_t n = 0;
	for (size_t i = 0; i < at; i++)
		n += t->data[i] == MARK_NODE;
	return n;
}

static bool node_mark(char c)
{
	return c == MARK_NODE || c == MARK_GAME || c == MARK_OPEN || c == MARK_CLOSE;
}

/* Whether a and b are the same but for the properties ids names, looking
 * only at the nodes where they part: a round's edits are few, its game
 * large (the whole of both copied, stripped, cost as much as its check). */
static bool same_where_parted(const struct buf *a, const struct buf *b, const char *ids)
{
	size_t pre = 0, suf = 0, min = a->len < b->len ? a->len : b->len;
	while (pre < min && a->data[pre] == b->data[pre])
		pre++;
	if (pre == a->len && pre == b->len)
		return true;
	while (suf < min - pre && a->data[a->len - 1 - suf] == b->data[b->len - 1 - suf])
		suf++;
	size_t from = pre;   /* back to the node the first difference is in */
	while (from > 0 && !node_mark(a->data[from - 1]))
		from--;
	if (from)
		from--;
	size_t ta = a->len - suf, tb = b->len - suf;   /* on to the next node */
	while (ta < a->len && !node_mark(a->data[ta]))
		ta++, tb++;
	struct buf x = BUF_INIT, y = BUF_INIT;
	size_t nodes = nodes_before(a, from);   /* a and b alike up to from */
	without_in(a, from, ta, ids, nodes, &x);
	without_in(b, from, tb, ids, nodes, &y);
	bool same = x.len == y.len && (!x.len || !memcmp(x.data, y.data, x.len));
	buf_free(&x);
	buf_free(&y);
	return same;
}

/* Where two digests part, in words: the game, its node (counted as the
 * digest holds them, nodes with something in them) and the property. */
static void say_where(const struct buf *a, const struct buf *b, struct buf *why)
{
	size_t i = 0, game = 0, node = 0, prop = SIZE_MAX;
	for (; i < a->len && i < b->len && a->data[i] == b->data[i]; i++) {
		if (a->data[i] == MARK_GAME)
			game++, node = 0;
		node += a->data[i] == MARK_NODE;
		if (a->data[i] == MARK_PROP)
			prop = i + 1;
		else if (a->data[i] == MARK_NODE || a->data[i] == MARK_GAME)
			prop = SIZE_MAX;
	}
	buf_printf(why, "it would change the game: game %zu", game ? game : 1);
	if (node)
		buf_printf(why, ", node %zu", node);
	if (prop != SIZE_MAX)
		buf_printf(why, ", %.*s", (int)strspn(a->data + prop, "ABCDEFGHIJKLMNOPQRSTUVWXYZ"),
			   a->data + prop);
	buf_adds(why, " would read otherwise");
}

/* The values of digest d, each with its property's id ("B\x04pd"), sorted,
 * into *out (the caller's to free, each); returns how many. */
static size_t values_of(const struct buf *d, char ***out)
{
	size_t n = 0, cap = 0, i = 0, id = 0, idlen = 0;
	*out = NULL;
	while (i < d->len) {
		char c = d->data[i++];
		if (c == MARK_PROP) {
			id = i;
			while (i < d->len && (unsigned char)d->data[i] > MARK_CLOSE)
				i++;
			idlen = i - id;
		} else if (c == MARK_VALUE) {
			size_t v = i;
			while (i < d->len && (unsigned char)d->data[i] > MARK_CLOSE)
				i++;
			*out = xgrow(*out, &cap, n + 1, sizeof **out);
			(*out)[n++] = xasprintf("%.*s%c%.*s", (int)idlen, d->data + id, MARK_VALUE,
						(int)(i - v), d->data + v);
		}
	}
	sort_items(*out, n, sizeof **out, by_text);
	return n;
}

/* Whether every value of a (with its property) is among b's, as many
 * times (b may hold more, its nodes and games cut otherwise); why gets
 * the first lost. */
static bool holds_all(const struct buf *a, const struct buf *b, struct buf *why)
{
	char **x, **y;
	size_t nx = values_of(a, &x), ny = values_of(b, &y), j = 0;
	const char *lost = NULL;
	for (size_t i = 0; i < nx && !lost; i++) {
		while (j < ny && strcmp(y[j], x[i]) < 0)
			j++;
		if (j < ny && !strcmp(y[j], x[i]))
			j++;
		else
			lost = x[i];
	}
	if (lost && why)
		buf_printf(why, "it would lose %.*s of the game", (int)strcspn(lost, "\x04"), lost);
	for (size_t i = 0; i < nx; i++)
		free(x[i]);
	for (size_t i = 0; i < ny; i++)
		free(y[i]);
	free(x);
	free(y);
	return !lost;
}

bool sgf_digest_same(const struct sgf_digest *was, const struct sgf_digest *now,
		     const char *ids, bool more, struct buf *why)
{
	if (same_where_parted(&was->text, &now->text, ids ? ids : ""))
		return true;
	struct buf a = BUF_INIT, b = BUF_INIT;
	without(was, ids ? ids : "", &a);
	without(now, ids ? ids : "", &b);
	bool same = a.len == b.len && (!a.len || !memcmp(a.data, b.data, a.len));
	if (!same && more)
		same = holds_all(&a, &b, why);
	else if (!same && why)
		say_where(&a, &b, why);
	buf_free(&a);
	buf_free(&b);
	return same;
}
