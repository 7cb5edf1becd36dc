/* sgfdigest: a game read into sgfsame.h's digest, the form sgfsame.c
 * compares: each game's nodes in order, a node's properties sorted by id
 * with their values as read, the variations marked, and where each node,
 * property and value was read. */
#include "convert/sgfsame.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "convert/decode.h"

static void add_value(struct buf *out, const char *raw, size_t len)
{
	size_t from = 0;
	for (size_t i = 0; i < len; i++) {
		if ((unsigned char)raw[i] > SGF_DIGEST_ESCAPE)
			continue;
		buf_add(out, raw + from, i - from);
		buf_addc(out, SGF_DIGEST_ESCAPE);
		buf_addc(out, (char)(raw[i] | 0x40));
		from = i + 1;
	}
	buf_add(out, raw + from, len - from);
}

void sgf_digest_clear(struct sgf_digest *d)
{
	buf_truncate(&d->text, 0);
	d->len = 0;
	d->unsorted = false;
	d->all = 0;
	d->nodes = 0;
}

void sgf_digest_free(struct sgf_digest *d)
{
	buf_free(&d->text);
	free(d->places);
	*d = (struct sgf_digest){ .text = BUF_INIT };
}

void sgf_digest_text(struct sgf_digest *d, const char *text, size_t len)
{
	struct sgf_notes notes = { .bare = true };
	struct sgf_games games = { 0 };
	sgf_read(text, len, &games, &notes);
	sgf_digest_clear(d);
	for (size_t g = 0; g < games.len; g++)
		sgf_digest_game(d, games.games[g]);
	sgf_games_free(&games);
	sgf_notes_free(&notes);
}

void sgf_digest_read(struct sgf_digest *d, const char *bytes, size_t len)
{
	struct sgf_notes notes = { 0 };
	struct buf text = BUF_INIT;
	decode_sgf(bytes, len, NULL, &text, &notes);
	sgf_notes_free(&notes);
	sgf_digest_text(d, text.data ? text.data : "", text.len);
	buf_free(&text);
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
			push(w, NULL, SGF_DIGEST_CLOSE);
		push(w, n->kids[k], 0);
		if (n->nkids > 1)
			push(w, NULL, SGF_DIGEST_OPEN);
	}
}

/* By id, a property given twice in the order of the text (the names
 * count a node's properties of one id in that order). */
static int by_id(const void *a, const void *b)
{
	const struct sgf_prop *x = *(const struct sgf_prop *const *)a;
	const struct sgf_prop *y = *(const struct sgf_prop *const *)b;
	int c = strcmp(x->id, y->id);
	return c ? c : (x > y) - (x < y);
}

static void place(struct sgf_digest *d, struct sgf_pos pos, uint32_t id, uint32_t val)
{
	d->places = xgrow(d->places, &d->cap, d->len + 1, sizeof *d->places);
	d->unsorted |= d->len && sgf_pos_before(pos, d->places[d->len - 1].pos);
	d->places[d->len++] = (struct sgf_place){ pos, id, (uint32_t)d->all, val };
}

/* A node's properties sorted by id, and each one's id's offset in the
 * digest (by its index in the node). */
struct sorted {
	const struct sgf_prop **props;
	uint32_t *ids;
	size_t cap, ids_cap;
};

/* A node's digest: its mark, then its properties sorted by id, each with
 * its values (none for an empty node: counted, so that the nodes after it
 * are counted alike whether a round empties it or not). Its places in the
 * order of the text, as the reading holds its properties (no copy of the
 * places sorted to find an edit's: 14 MB of a 1.2 MB file's --fix). */
static void node_digest(struct sgf_digest *d, const struct sgf_node *n, struct sorted *s)
{
	buf_addc(&d->text, SGF_DIGEST_NODE);
	d->all++;
	place(d, n->pos, SGF_NO_PLACE, SGF_NO_PLACE);
	if (!n->nprops)
		return;
	s->props = xgrow(s->props, &s->cap, n->nprops, sizeof *s->props);
	s->ids = xgrow(s->ids, &s->ids_cap, n->nprops, sizeof *s->ids);
	for (uint32_t i = 0; i < n->nprops; i++)
		s->props[i] = &n->props[i];
	sort_items(s->props, n->nprops, sizeof *s->props, by_id);
	d->nodes++;
	for (uint32_t i = 0; i < n->nprops; i++) {
		const struct sgf_prop *p = s->props[i];
		buf_addc(&d->text, SGF_DIGEST_PROP);
		s->ids[p - n->props] = (uint32_t)d->text.len;
		buf_adds(&d->text, p->id);
		for (uint32_t v = 0; v < p->nvals; v++) {
			buf_addc(&d->text, SGF_DIGEST_VALUE);
			add_value(&d->text, p->vals[v].raw, p->vals[v].len);
		}
	}
	for (uint32_t i = 0; i < n->nprops; i++) {
		const struct sgf_prop *p = &n->props[i];
		place(d, p->pos, s->ids[i], SGF_NO_PLACE);
		for (uint32_t v = 0; v < p->nvals; v++)
			place(d, p->vals[v].pos, s->ids[i], v);
	}
}

void sgf_digest_game(struct sgf_digest *d, const struct sgf_node *game)
{
	struct walk w = { 0 };
	struct sorted s = { 0 };
	buf_addc(&d->text, SGF_DIGEST_GAME);
	push(&w, game, 0);
	while (w.len) {
		struct item it = w.stack[--w.len];
		if (!it.node) {
			buf_addc(&d->text, it.mark);
			continue;
		}
		node_digest(d, it.node, &s);
		push_kids(&w, it.node);
	}
	free(s.props);
	free(s.ids);
	free(w.stack);
}

