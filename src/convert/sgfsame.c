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

#include "base/bound.h"
#include "convert/decode.h"
#include "convert/sgfmerge.h"

static size_t id_len(const struct buf *t, size_t id)
{
	size_t n = 0;
	while (id + n < t->len && (unsigned char)t->data[id + n] > SGF_DIGEST_CLOSE)
		n++;
	return n;
}

static int by_pos(const void *a, const void *b)
{
	const struct sgf_place *x = a, *y = b;
	return sgf_pos_before(x->pos, y->pos) ? -1 : sgf_pos_before(y->pos, x->pos);
}

/* The end of the id or value whose mark is at i in digest t. */
static size_t item_end(const struct buf *t, size_t i)
{
	i++;
	while (i < t->len && (unsigned char)t->data[i] > SGF_DIGEST_CLOSE)
		i++;
	return i;
}

static bool node_mark(char c)
{
	return c == SGF_DIGEST_NODE || c == SGF_DIGEST_GAME || c == SGF_DIGEST_OPEN ||
	       c == SGF_DIGEST_CLOSE;
}

/* How many properties of its node before the one whose id is at id in t
 * have that id (a node's properties are sorted by id). */
static size_t occurrence(const struct buf *t, size_t id)
{
	size_t n = id_len(t, id), occ = 0, i = id - 1;
	for (;;) {
		size_t k = i;
		while (k > 0 && t->data[k - 1] != SGF_DIGEST_PROP && !node_mark(t->data[k - 1]))
			k--;
		if (!k || t->data[k - 1] != SGF_DIGEST_PROP || id_len(t, k) != n ||
		    memcmp(t->data + k, t->data + id, n))
			return occ;
		occ++;
		i = k - 1;
	}
}

static size_t values_count(const struct buf *t, size_t id)
{
	size_t n = 0;
	for (size_t i = item_end(t, id - 1); i < t->len && t->data[i] == SGF_DIGEST_VALUE;
	     i = item_end(t, i))
		n++;
	return n;
}

/* The property of place p (an id or a value) named; a value place's value
 * among those its edit lies in (its count: names_counted's). */
static void name_add(struct sgf_names *ns, const struct sgf_digest *d, const struct sgf_place *p,
		     bool whole, unsigned char keep, long long delta)
{
	size_t n = id_len(&d->text, p->id);
	if (n >= sizeof ns->items->id)
		return;   /* no SGF id is so long: none named */
	ns->items = xgrow(ns->items, &ns->cap, ns->len + 1, sizeof *ns->items);
	struct sgf_name *m = &ns->items[ns->len++];
	size_t val = p->val == SGF_NO_PLACE ? SIZE_MAX : p->val;
	*m = (struct sgf_name){ p->node, 0, "", whole, keep, val, val, 0, delta, p->id };
	memcpy(m->id, d->text.data + p->id, n), m->id[n] = '\0';
}

static int by_id_offset(const void *a, const void *b)
{
	const struct sgf_name *x = a, *y = b;
	return (x->id_at > y->id_at) - (x->id_at < y->id_at);
}

/* Each name's occurrence and values, counted once a property however many
 * edits name it (REVIEW.md R134; R146: 64,000 fixes, each counted all). */
static void names_counted(struct sgf_names *ns, const struct sgf_digest *d)
{
	sort_items(ns->items, ns->len, sizeof *ns->items, by_id_offset);
	for (size_t i = 0, k; i < ns->len; i = k) {
		size_t id = ns->items[i].id_at, occ = occurrence(&d->text, id),
		       count = values_count(&d->text, id);
		for (k = i; k < ns->len && ns->items[k].id_at == id; k++)
			ns->items[k].occ = occ, ns->items[k].was = count;
	}
}

static void gone_add(struct sgf_names *ns, size_t node)
{
	ns->gone = xgrow(ns->gone, &ns->gone_cap, ns->ngone + 1, sizeof *ns->gone);
	ns->gone[ns->ngone++] = node;
}

/* How many values text (an edit's) writes: its `[` not escaped. */
static long long opened(const char *text)
{
	long long n = 0;
	for (const char *t = text; t && *t; t++) {
		if (*t == '\\' && t[1])
			t++;
		else
			n += *t == '[';
	}
	return n;
}

/* Whether the places p and q (NULL: none) are of properties of one id. */
static bool same_id(const struct buf *t, const struct sgf_place *p, const struct sgf_place *q)
{
	size_t n = q ? id_len(t, q->id) : 0;
	return q && id_len(t, p->id) == n && !memcmp(t->data + p->id, t->data + q->id, n);
}

/* Whether the places of p's property among the n at in are parted by
 * another property's (given again in one node, read as one: a merge of
 * several, AB[aa]C[x]AB[bb] LF C[y], joins C's values too). Quadratic in
 * n, a node's properties (a merge writes at most 256): past that, taken as
 * parted (its values may change, it may not go). */
static bool parted(const struct sgf_place *const *in, size_t n, const struct sgf_place *p)
{
	if (n > 256)
		return true;
	struct sgf_pos lo = p->pos, hi = p->pos;
	for (size_t i = 0; i < n; i++)
		if (in[i]->id == p->id) {
			lo = sgf_pos_before(in[i]->pos, lo) ? in[i]->pos : lo;
			hi = sgf_pos_before(hi, in[i]->pos) ? in[i]->pos : hi;
		}
	for (size_t i = 0; i < n; i++)
		if (in[i]->id != p->id && in[i]->id != SGF_NO_PLACE && sgf_pos_before(lo, in[i]->pos) &&
		    sgf_pos_before(in[i]->pos, hi))
			return true;
	return false;
}

/* Whether p is GC's, where a repair writes the values it moves (inforepair.c's
 * values_in_gc): its text may change, not go. */
static bool is_gc(const struct buf *t, const struct sgf_place *p)
{
	return id_len(t, p->id) == 2 && !memcmp(t->data + p->id, "GC", 2);
}

/* How a property edit e spans whole, of place p among in[0..nin), stays
 * (sgf_name's keep): its finding's (of the id of the property the edit
 * begins in, begins, or of the one its finding is at, at) may go; a
 * property parted by another's places there (given again, read as one: a
 * merge joins both) may be joined with its other places, each of its
 * values still there (REVIEW.md R129: PB's repair over
 * AB[aa]PB[Lee]AB[bb]PB[Kim]AB[cc] lost AB[bb], AB still given); GC may
 * change, not go; any other must be there after with its values (R96). */
static unsigned char spanned_keep(const struct buf *t, const struct sgf_place *const *in,
				  size_t nin, const struct sgf_place *p,
				  const struct sgf_place *begins, const struct sgf_place *at)
{
	if (same_id(t, p, begins) || same_id(t, p, at))
		return SGF_KEEP_NONE;
	if (is_gc(t, p))
		return SGF_KEEP_ID;
	return parted(in, nin, p) ? SGF_KEEP_VALUES : SGF_KEEP_ALL;
}

/* The properties edit e names: latest is the place at or before its start
 * (NULL: none), in[0..nin) those after its start and before its end, at
 * the id place of the property its finding is at (e->at; NULL: none, or
 * given again, read into its first). An edit that spans an id (or begins
 * in one) names each property it meets whole; an edit in values names the
 * values, and what it writes, and a property given again whose values it
 * holds (the id read into its first: the edit spans it) whole; an edit
 * that takes out a node's `;` (and writes none) names that node gone; one
 * that writes before an id (a lost `;`) names nothing. */
static void name_edit(struct sgf_names *ns, const struct sgf_digest *d, const struct sgf_span *e,
		      const struct sgf_place *latest, const struct sgf_place *const *in,
		      size_t nin, const struct sgf_place *at)
{
	bool any = sgf_pos_before(e->from, e->to);
	if (any && (!e->text || !strchr(e->text, ';'))) {   /* the `;`s it takes out */
		if (latest && latest->id == SGF_NO_PLACE && !sgf_pos_before(latest->pos, e->from))
			gone_add(ns, latest->node);
		for (size_t i = 0; i < nin; i++)
			if (in[i]->id == SGF_NO_PLACE)
				gone_add(ns, in[i]->node);
	}
	bool spans = latest && latest->id != SGF_NO_PLACE && latest->val == SGF_NO_PLACE &&
		     (any || sgf_pos_before(latest->pos, e->from));
	for (size_t i = 0; i < nin; i++)
		spans |= in[i]->id != SGF_NO_PLACE && in[i]->val == SGF_NO_PLACE;
	if (spans) {
		/* The property it begins in and the one its finding is at (its
		 * id there, before the edit or in it: a property given again is
		 * read as its first, the places of whose id are the first's,
		 * REVIEW.md R121's PB[a]PW[b]PB[d]GC[..], PB's repair from PB[d])
		 * are the finding's, and so are those of their ids (given again,
		 * merged); the others it spans stay. */
		const struct sgf_place *begins = latest && latest->id != SGF_NO_PLACE ? latest : NULL;
		if (begins)
			name_add(ns, d, begins, true, SGF_KEEP_NONE, 0);
		for (size_t i = 0; i < nin; i++)
			if (in[i]->id != SGF_NO_PLACE)
				name_add(ns, d, in[i], true,
					 spanned_keep(&d->text, in, nin, in[i], begins, at), 0);
		return;
	}
	bool value = latest && latest->val != SGF_NO_PLACE;
	long long delta = opened(e->text);
	if (value && any && !sgf_pos_before(latest->pos, e->from))
		delta--;   /* it begins at the value's `[`: the value is taken out */
	for (size_t i = 0; i < nin; i++) {
		if (in[i]->id == SGF_NO_PLACE)
			continue;
		if (value && in[i]->id == latest->id) {
			delta--;
			name_add(ns, d, in[i], false, SGF_KEEP_ID, 0);
		} else {
			/* a value read out of its place: of a property given
			 * again, read into its first, whose id the edit spans
			 * (REVIEW.md R118: ;B[pd]C[x]B[qq]C[y], a merge of C that
			 * lost B[qq]; PB's repair in AB[aa]PB[Lee]AB[bb]PB[Kim]
			 * that lost AB[bb]) */
			name_add(ns, d, in[i], true,
				 spanned_keep(&d->text, in, nin, in[i], NULL, at), 0);
		}
	}
	if (value)
		name_add(ns, d, latest, false, SGF_KEEP_ID, delta);
}

static int by_name(const void *a, const void *b)
{
	const struct sgf_name *x = a, *y = b;
	int c = (x->node > y->node) - (x->node < y->node);
	if (!c)
		c = strcmp(x->id, y->id);
	return c ? c : (x->occ > y->occ) - (x->occ < y->occ);
}

static int by_size(const void *a, const void *b)
{
	size_t x = *(const size_t *)a, y = *(const size_t *)b;
	return (x > y) - (x < y);
}

/* ns's names (of d) counted and sorted, each property's once: its names'
 * values joined, a count never below none. */
static void names_merge(struct sgf_names *ns, const struct sgf_digest *d)
{
	names_counted(ns, d);
	sort_items(ns->items, ns->len, sizeof *ns->items, by_name);
	size_t k = 0;
	for (size_t i = 0; i < ns->len;) {
		struct sgf_name m = ns->items[i];
		for (i++; i < ns->len && !by_name(&m, &ns->items[i]); i++) {
			const struct sgf_name *o = &ns->items[i];
			m.whole |= o->whole;
			m.keep = o->keep < m.keep ? o->keep : m.keep;
			m.delta += o->delta;
			m.first = o->first < m.first ? o->first : m.first;
			if (o->last != SIZE_MAX && (m.last == SIZE_MAX || o->last > m.last))
				m.last = o->last;
		}
		if (!m.whole && m.first == SIZE_MAX)
			continue;
		if ((long long)m.was + m.delta < 0)
			m.delta = -(long long)m.was;
		ns->items[k++] = m;
	}
	ns->len = k;
	sort_items(ns->gone, ns->ngone, sizeof *ns->gone, by_size);
	k = 0;
	for (size_t i = 0; i < ns->ngone; i++)
		if (!k || ns->gone[k - 1] != ns->gone[i])
			ns->gone[k++] = ns->gone[i];
	ns->ngone = k;
}

void sgf_names_free(struct sgf_names *ns)
{
	free(ns->items);
	free(ns->gone);
	*ns = (struct sgf_names){ 0 };
}

/* A few edits each look through the places as they are, where they are
 * not in the text's order (a sort of a large game's places cost more than
 * the round's check). */
#define FEW_EDITS 8

/* Whether p is the id place of the property e's finding is at. */
static bool is_at(const struct sgf_place *p, const struct sgf_span *e)
{
	return p->id != SGF_NO_PLACE && p->val == SGF_NO_PLACE && p->pos.line == e->at.line &&
	       p->pos.col == e->at.col;
}

struct places_at {
	const struct sgf_place *at;
	struct sgf_pos pos;
};

static bool not_before(const void *ctx, size_t i)
{
	const struct places_at *c = ctx;
	return !sgf_pos_before(c->at[i].pos, c->pos);
}

/* The first of the n places at (in the text's order) not before pos. */
static size_t first_from(const struct sgf_place *at, size_t n, struct sgf_pos pos)
{
	return bound_first(0, n, not_before, &(struct places_at){ at, pos });
}

static void named_scan(const struct sgf_digest *d, const struct sgf_span *e, struct sgf_names *ns)
{
	const struct sgf_place *last = NULL, **in = NULL, *at = NULL;
	struct sgf_pos last_at = { 0, 0 };
	size_t nin = 0, cap = 0;
	for (size_t i = 0; i < d->len; i++) {
		const struct sgf_place *p = &d->places[i];
		if (!sgf_pos_before(e->from, p->pos) && !sgf_pos_before(p->pos, last_at))
			last = p, last_at = p->pos;   /* at or before the edit, the latest */
		if (is_at(p, e))
			at = p;
		if (sgf_pos_before(e->from, p->pos) && sgf_pos_before(p->pos, e->to)) {
			in = xgrow(in, &cap, nin + 1, sizeof *in);
			in[nin++] = p;
		}
	}
	name_edit(ns, d, e, last, in, nin, at);
	free(in);
}

void sgf_digest_named(const struct sgf_digest *d, const struct sgf_span *edits, size_t n,
		      struct sgf_names *ns)
{
	ns->len = ns->ngone = 0;
	if (d->unsorted && n <= FEW_EDITS) {
		for (size_t k = 0; k < n; k++)
			if (!edits[k].spelling)
				named_scan(d, &edits[k], ns);
		names_merge(ns, d);
		return;
	}
	/* The places in the text's order, each edit's found by halving:
	 * linear in the edits. The digest's own, but where a property given
	 * twice holds a later value (read before the properties after its
	 * first): then a copy sorted. */
	const struct sgf_place *at = d->places, **in = NULL;
	struct sgf_place *sorted = NULL;
	size_t cap = 0;
	if (d->unsorted) {
		sorted = xmalloc((d->len + 1) * sizeof *sorted);
		memcpy(sorted, d->places, d->len * sizeof *sorted);
		sort_items(sorted, d->len, sizeof *sorted, by_pos);
		at = sorted;
	}
	for (size_t k = 0; k < n; k++) {
		if (edits[k].spelling)
			continue;
		size_t nin = 0, lo = first_from(at, d->len, edits[k].from);
		while (lo < d->len && !sgf_pos_before(edits[k].from, at[lo].pos))
			lo++;   /* the first place after from */
		for (size_t i = lo; i < d->len && sgf_pos_before(at[i].pos, edits[k].to); i++) {
			in = xgrow(in, &cap, nin + 1, sizeof *in);
			in[nin++] = &at[i];
		}
		const struct sgf_place *found = NULL;   /* its finding's */
		for (size_t i = first_from(at, d->len, edits[k].at);
		     i < d->len && !sgf_pos_before(edits[k].at, at[i].pos) && !found; i++)
			found = is_at(&at[i], &edits[k]) ? &at[i] : NULL;
		name_edit(ns, d, &edits[k], lo ? &at[lo - 1] : NULL, in, nin, found);
	}
	names_merge(ns, d);
	free(in);
	free(sorted);
}

struct names_of {
	const struct sgf_name *ns;
	size_t node;
};

static bool node_not_before(const void *ctx, size_t i)
{
	const struct names_of *c = ctx;
	return c->ns[i].node >= c->node;
}

/* The name of a property of node (id, n bytes, the occ-th there): NULL
 * for none, else whole or of values. */
static const struct sgf_name *name_find(const struct sgf_name *ns, size_t len, size_t node,
				    const char *id, size_t n, size_t occ)
{
	size_t lo = bound_first(0, len, node_not_before, &(struct names_of){ ns, node });
	const struct sgf_name *found = NULL;
	for (size_t i = lo; i < len && ns[i].node == node; i++) {
		if (strlen(ns[i].id) != n || memcmp(ns[i].id, id, n))
			continue;
		if (ns[i].whole)
			return &ns[i];   /* (whole of every one of its id there) */
		if (ns[i].occ == occ)
			found = &ns[i];
	}
	return found;
}

/* The property t[start, end) (its mark, id and values) that name m names
 * by its values, as the comparison sees it, into out: its values before
 * m's first and after its last, and how many it has (was, as m says the
 * edits write it; now, as it is). */
static void name_values(const struct buf *t, size_t start, size_t end, const struct sgf_name *m,
			bool now, struct buf *out)
{
	size_t c = 0, k = 0, head = m->first;
	size_t tail = m->last < m->was ? m->was - 1 - m->last : 0;
	for (size_t i = item_end(t, start); i < end; i = item_end(t, i))
		c++;
	size_t i = item_end(t, start);
	buf_add(out, t->data + start, i - start);
	for (; i < end; k++) {
		size_t next = item_end(t, i);
		if (k < head || k + tail >= c)
			buf_add(out, t->data + i, next - i);
		i = next;
	}
	buf_printf(out, "%c%c#%lld", SGF_DIGEST_VALUE, SGF_DIGEST_ESCAPE,
		   now ? (long long)c : (long long)m->was + m->delta);
}

/* t from `from` to `to` without the properties ns names whole (in their
 * nodes), those named by values as name_values writes them (now: t is the
 * round's), and the nodes left empty, into out; nodes: the nodes before
 * `from` (of t). A node is counted by its place in t, emptied or not, and
 * in the round's but for those it names gone: a name is of its node alone. */
static void without_in(const struct buf *t, size_t from, size_t to, const struct sgf_names *ns,
		       bool now, size_t nodes, struct buf *out)
{
	size_t g = 0, ngone = now ? ns->ngone : 0;
	for (; g < ngone && ns->gone[g] <= nodes; g++)
		nodes++;   /* the round's count as was's */
	buf_truncate(out, 0);
	for (size_t i = from; i < to;) {
		if (t->data[i] != SGF_DIGEST_NODE) {
			buf_addc(out, t->data[i++]);
			continue;
		}
		size_t node = out->len, occ = 0, last = 0, last_len = 0;
		for (nodes++; g < ngone && ns->gone[g] == nodes; g++)
			nodes++;
		buf_addc(out, SGF_DIGEST_NODE);
		for (i++; i < to && t->data[i] == SGF_DIGEST_PROP;) {
			size_t start = i, end = item_end(t, i), n = id_len(t, start + 1);
			while (end < t->len && t->data[end] == SGF_DIGEST_VALUE)
				end = item_end(t, end);
			bool again = last && last_len == n && !memcmp(t->data + last, t->data + start + 1, n);
			occ = again ? occ + 1 : 0;
			last = start + 1, last_len = n;
			const struct sgf_name *m =
				ns->len ? name_find(ns->items, ns->len, nodes, t->data + start + 1, n, occ)
					: NULL;
			if (!m)
				buf_add(out, t->data + start, end - start);
			else if (!m->whole)
				name_values(t, start, end, m, now, out);
			i = end;
		}
		if (out->len == node + 1)
			buf_truncate(out, node);
	}
}

static void without(const struct sgf_digest *d, const struct sgf_names *ns, bool now,
		    struct buf *out)
{
	without_in(&d->text, 0, d->text.len, ns, now, 0, out);
}

/* The nodes of t before offset at. */
static size_t nodes_before(const struct buf *t, size_t at)
{
	size_t n = 0;
	for (size_t i = 0; i < at; i++)
		n += t->data[i] == SGF_DIGEST_NODE;
	return n;
}

/* A property an edit spans that its finding does not take out, as a
 * holds it: its node (0: any), its id and values (item, len; len idlen:
 * the id alone, where another edit lies in its values), and whether b
 * holds it, or its id. */
struct kept {
	size_t node;
	const char *item;
	size_t len, idlen;
	bool found, seen, by_values;
};

static int by_kept(const void *x, const void *y)
{
	const struct kept *a = x, *b = y;
	int c = (a->node > b->node) - (a->node < b->node);
	return c ? c : bytes_order(a->item, a->idlen, b->item, b->idlen);
}

struct kept_at {
	const struct kept *k, *key;
};

static bool kept_not_before(const void *ctx, size_t i)
{
	const struct kept_at *c = ctx;
	return by_kept(&c->k[i], c->key) >= 0;
}

/* The next value of a property's item (id, then each value after its
 * SGF_DIGEST_VALUE) at or after *at, before end: false past the last. */
static bool next_value(const char *item, size_t end, size_t *at, const char **v, size_t *n)
{
	while (*at < end && item[*at] != SGF_DIGEST_VALUE)
		(*at)++;
	if (*at >= end)
		return false;
	size_t from = ++*at;
	while (*at < end && (unsigned char)item[*at] > SGF_DIGEST_CLOSE)
		(*at)++;
	*v = item + from, *n = *at - from;
	return true;
}

static bool line_break(char c)
{
	return c == '\n' || c == '\r';
}

/* Whether w[at, at + n) of a value m long begins and ends where a merge
 * may have joined values: the value's ends, or a blank line. */
static bool paragraph_at(const char *w, size_t m, size_t at, size_t n)
{
	return sgf_paragraph_at(w, m, at) && (at + n == m || sgf_blank_at(w, m, at + n));
}

/* A text to find a value as: one of b's values whole, or a paragraph of
 * one holding blank lines; its value's index and place there, and whether
 * one of k's values was found as it. */
struct value_text {
	const char *v;
	size_t n, value, from;
	bool whole, taken;
};

static int by_bytes(const void *x, const void *y)
{
	const struct value_text *a = x, *b = y;
	return bytes_order(a->v, a->n, b->v, b->n);
}

static int longer_first(const void *x, const void *y)
{
	const struct value_text *a = x, *b = y;
	return (a->n < b->n) - (a->n > b->n);
}

/* The end of the run of line breaks at w[i] (m long), and whether it holds
 * a blank line. */
static size_t breaks_end(const char *w, size_t m, size_t i, bool *blank)
{
	size_t e = i;
	*blank = false;
	for (; e < m && line_break(w[e]); e++)
		*blank = *blank || sgf_blank_at(w, m, e);
	return e;
}

/* Whether v holds no blank line and begins and ends with no line break:
 * such a value is found as one of b's values or paragraphs, whole. */
static bool one_paragraph(const char *v, size_t n)
{
	if (!n || line_break(v[0]) || line_break(v[n - 1]))
		return false;
	for (size_t i = 0; i < n;) {
		bool blank = false;
		i = line_break(v[i]) ? breaks_end(v, n, i, &blank) : i + 1;
		if (blank)
			return false;
	}
	return true;
}

/* b's values whole, and the paragraphs of each holding blank lines, into
 * out: a run of line breaks with a blank line in it parts them, and a
 * paragraph begins after it where it ends with one, ends before it where
 * it begins with one (paragraph_at's; no paragraph of one of k's values
 * that holds no line break at its ends begins or ends elsewhere). */
static void texts_of(const struct kept *b, struct value_text **out, size_t *len, size_t *cap)
{
	const char *w;
	size_t m, j = 0;
	for (size_t at = b->idlen; next_value(b->item, b->len, &at, &w, &m); j++) {
		*out = xgrow(*out, cap, *len + 1, sizeof **out);
		(*out)[(*len)++] = (struct value_text){ w, m, j, 0, true, false };
		size_t from = 0, parts = 0;
		for (size_t i = 0; i < m;) {
			if (!line_break(w[i])) {
				i++;
				continue;
			}
			bool blank;
			size_t e = breaks_end(w, m, i, &blank);
			if (blank) {
				if (from != SIZE_MAX && i > from && sgf_blank_at(w, m, i)) {
					*out = xgrow(*out, cap, *len + 1, sizeof **out);
					(*out)[(*len)++] = (struct value_text){ w + from, i - from, j,
										from, false, false };
				}
				from = sgf_paragraph_at(w, m, e) ? e : SIZE_MAX, parts++;
			}
			i = e;
		}
		if (parts && from != SIZE_MAX && m > from) {
			*out = xgrow(*out, cap, *len + 1, sizeof **out);
			(*out)[(*len)++] = (struct value_text){ w + from, m - from, j, from, false,
								false };
		}
	}
}

/* Whether [at, at + n) of b's value j is free: no text found before
 * overlaps it (those of taken, which are few past the first pass). */
static bool run_free(const struct value_text *taken, size_t nt, size_t j, size_t at, size_t n)
{
	for (size_t i = 0; i < nt; i++)
		if (taken[i].value == j && taken[i].from < at + n && at < taken[i].from + taken[i].n)
			return false;
	return true;
}

/* Whether each of k's values (of one id) is one of b's, or one run of
 * paragraphs of one (a merge of C given again writes one C, its values
 * joined by blank lines), each of b's texts standing for one of k's: so
 * `Lee` is not in `Game record by Lee`, nor two `y` in one (REVIEW.md
 * R132). A value of one paragraph is found among b's values and
 * paragraphs, both sorted, in one walk (R133: a merge spanning 20,000
 * values looked for each from b's first); the few others (a blank line
 * in them, a line break at an end) after, the longest first, each where
 * it stands bounded by paragraphs and overlapping no text found. */
static bool values_within(const struct kept *k, const struct kept *b)
{
	struct value_text *one = NULL, *other = NULL, *bt = NULL, *taken = NULL, t = { 0 };
	size_t none = 0, ocap = 0, nother = 0, xcap = 0, nb = 0, bcap = 0, nt = 0, tcap = 0;
	for (size_t at = k->idlen; next_value(k->item, k->len, &at, &t.v, &t.n);) {
		if (!t.n)
			continue;   /* an empty value says nothing to lose */
		bool simple = one_paragraph(t.v, t.n);
		struct value_text **to = simple ? &one : &other;
		size_t *len = simple ? &none : &nother, *cap = simple ? &ocap : &xcap;
		*to = xgrow(*to, cap, *len + 1, sizeof **to);
		(*to)[(*len)++] = t;
	}
	texts_of(b, &bt, &nb, &bcap);
	sort_items(one, none, sizeof *one, by_bytes);
	sort_items(bt, nb, sizeof *bt, by_bytes);
	bool all = true;
	for (size_t i = 0, j = 0; i < none && all;) {
		int c = j < nb ? by_bytes(&one[i], &bt[j]) : -1;
		if (c < 0)
			all = false;
		else if (c > 0)
			j++;
		else
			bt[j].taken = true, i++, j++;
	}
	if (all && nother) {
		for (size_t j = 0; j < nb; j++)
			if (bt[j].taken) {
				taken = xgrow(taken, &tcap, nt + 1, sizeof *taken);
				taken[nt++] = bt[j];
			}
		sort_items(other, nother, sizeof *other, longer_first);
		for (size_t i = 0; i < nother && all; i++) {
			bool in = false;
			for (size_t j = 0; j < nb && !in; j++) {
				const struct value_text *w = &bt[j];
				if (!w->whole)
					continue;
				const char *p = w->v;
				while (!in && (p = bytes_find(p, w->n - (size_t)(p - w->v), other[i].v,
							    other[i].n))) {
					size_t from = (size_t)(p - w->v);
					in = paragraph_at(w->v, w->n, from, other[i].n) &&
					     run_free(taken, nt, w->value, from, other[i].n);
					if (in) {
						taken = xgrow(taken, &tcap, nt + 1, sizeof *taken);
						taken[nt++] = (struct value_text){ p, other[i].n, w->value,
										   from, false, true };
					} else if (++p == w->v + w->n) {
						break;
					}
				}
			}
			all = in;
		}
	}
	free(one);
	free(other);
	free(bt);
	free(taken);
	return all;
}

/* The property of t whose mark is at i: its id and values' end. */
static size_t prop_end(const struct buf *t, size_t i)
{
	size_t end = item_end(t, i);
	while (end < t->len && t->data[end] == SGF_DIGEST_VALUE)
		end = item_end(t, end);
	return end;
}

/* Whether every property a's [afrom, ato) holds (the nodes before it:
 * nodes) that ns names whole but keeps (SGF_KEEP_ID, SGF_KEEP_VALUES,
 * SGF_KEEP_ALL) is in b's [bfrom, bto), with its values (SGF_KEEP_ALL; or
 * each value within one of its id's, SGF_KEEP_VALUES), in its own node (b's counted
 * as a's: those named gone skipped) or, not by_node, in any: an edit may
 * move a property it spans, or take out its finding's, never lose or
 * change another (REVIEW.md R96: a merge of C given twice over PB[Lee]
 * wrote C's values and no PB, and the guard, which names PB whole, let it
 * go). why (NULL: none) gets the first lost. Linear in the two spans (the
 * kept sorted once, each of b's looked up by halving), but for a kept
 * property's values each looked for among its id's (values_within). */
static bool none_lost(const struct buf *a, size_t afrom, size_t ato, const struct buf *b,
		      size_t bfrom, size_t bto, const struct sgf_names *ns, size_t nodes,
		      bool by_node, struct buf *why)
{
	if (!ns->len)
		return true;
	struct kept *k = NULL;
	size_t nk = 0, cap = 0, n = nodes, occ = 0, last = 0, last_len = 0;
	for (size_t i = afrom; i < ato;) {
		if (a->data[i] != SGF_DIGEST_PROP) {
			if (a->data[i++] == SGF_DIGEST_NODE)
				n++, last = 0;
			continue;
		}
		size_t idlen = id_len(a, i + 1), end = prop_end(a, i);
		bool again = last && last_len == idlen && !memcmp(a->data + last, a->data + i + 1, idlen);
		occ = again ? occ + 1 : 0;
		last = i + 1, last_len = idlen;
		const struct sgf_name *m = name_find(ns->items, ns->len, n, a->data + i + 1, idlen, occ);
		if (m && m->whole && m->keep != SGF_KEEP_NONE) {
			k = xgrow(k, &cap, nk + 1, sizeof *k);
			bool values = m->keep == SGF_KEEP_VALUES;
			k[nk++] = (struct kept){ by_node ? n : 0, a->data + i + 1,
						 m->keep == SGF_KEEP_ALL || values ? end - i - 1 : idlen,
						 idlen, false, false, values };
		}
		i = end;
	}
	if (!nk)
		return true;
	sort_items(k, nk, sizeof *k, by_kept);
	size_t g = 0;
	n = nodes;
	for (; g < ns->ngone && ns->gone[g] <= n; g++)
		n++;
	for (size_t i = bfrom; i < bto;) {
		if (b->data[i] != SGF_DIGEST_PROP) {
			if (b->data[i++] == SGF_DIGEST_NODE)
				for (n++; g < ns->ngone && ns->gone[g] == n; g++)
					n++;
			continue;
		}
		size_t end = prop_end(b, i);
		struct kept key = { by_node ? n : 0, b->data + i + 1, end - i - 1, id_len(b, i + 1),
				    false, false, false };
		size_t lo = bound_first(0, nk, kept_not_before, &(struct kept_at){ k, &key });
		for (; lo < nk && !by_kept(&k[lo], &key); lo++) {
			k[lo].seen = true;
			k[lo].found |= k[lo].len == k[lo].idlen ||
				       (k[lo].len == key.len && !memcmp(k[lo].item, key.item, key.len)) ||
				       (k[lo].by_values && values_within(&k[lo], &key));
		}
		i = end;
	}
	const struct kept *lost = NULL;
	for (size_t i = 0; i < nk && !lost; i++)
		if (!k[i].found)
			lost = &k[i];
	if (lost && why)
		buf_printf(why, "it would %s %.*s of the game: an edit that spans it does not "
			   "take it out", lost->seen ? "change" : "lose", (int)lost->idlen, lost->item);
	free(k);
	return !lost;
}

/* Whether a and b are the same but for what ns names, looking
 * only at the nodes where they part: a round's edits are few, its game
 * large (the whole of both copied, stripped, cost as much as its check). */
static bool same_where_parted(const struct buf *a, const struct buf *b,
			      const struct sgf_names *ns)
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
	without_in(a, from, ta, ns, false, nodes, &x);
	without_in(b, from, tb, ns, true, nodes, &y);
	bool same = buf_equal(&x, &y) && none_lost(a, from, ta, b, from, tb, ns, nodes, true, NULL);
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
		if (a->data[i] == SGF_DIGEST_GAME)
			game++, node = 0;
		node += a->data[i] == SGF_DIGEST_NODE;
		if (a->data[i] == SGF_DIGEST_PROP)
			prop = i + 1;
		else if (a->data[i] == SGF_DIGEST_NODE || a->data[i] == SGF_DIGEST_GAME)
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

/* The values of digest d, each with its property's id and whether its
 * node is its game's root, R or N ("B\x04Npd"), sorted, into *out (the
 * caller's to free, each); returns how many. */
static size_t values_of(const struct buf *d, char ***out)
{
	size_t n = 0, cap = 0, i = 0, id = 0, idlen = 0, node = 0;
	*out = NULL;
	while (i < d->len) {
		char c = d->data[i++];
		if (c == SGF_DIGEST_GAME)
			node = 0;
		node += c == SGF_DIGEST_NODE;
		if (c == SGF_DIGEST_PROP) {
			id = i;
			while (i < d->len && (unsigned char)d->data[i] > SGF_DIGEST_CLOSE)
				i++;
			idlen = i - id;
		} else if (c == SGF_DIGEST_VALUE) {
			size_t v = i;
			while (i < d->len && (unsigned char)d->data[i] > SGF_DIGEST_CLOSE)
				i++;
			if (i - v > 1 && d->data[v] == SGF_DIGEST_ESCAPE && d->data[v + 1] == '#')
				continue;   /* a count (name_values): more values may come */
			*out = xgrow(*out, &cap, n + 1, sizeof **out);
			(*out)[n++] = xasprintf("%.*s%c%c%.*s", (int)idlen, d->data + id,
						SGF_DIGEST_VALUE, node == 1 ? 'R' : 'N', (int)(i - v),
						d->data + v);
		}
	}
	sort_items(*out, n, sizeof **out, by_string);
	return n;
}

/* Whether every value of a (with its property) is among b's, as many
 * times, a root's in a root (b may hold more, its nodes and games cut
 * otherwise, but the game information a root holds is the game's: moved
 * into the node a swallowed `]` written back restores, PB and KM were no
 * longer the game's, REVIEW.md R66); why gets the first lost. */
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
	int idlen = lost ? (int)strcspn(lost, "\x04") : 0;
	if (lost && why && lost[idlen + 1] == 'R')
		buf_printf(why, "it would take %.*s out of the game's root node", idlen, lost);
	else if (lost && why)
		buf_printf(why, "it would lose %.*s of the game", idlen, lost);
	for (size_t i = 0; i < nx; i++)
		free(x[i]);
	for (size_t i = 0; i < ny; i++)
		free(y[i]);
	free(x);
	free(y);
	return !lost;
}

bool sgf_digest_same(const struct sgf_digest *was, const struct sgf_digest *now,
		     const struct sgf_names *ns, bool more, struct buf *why)
{
	if (same_where_parted(&was->text, &now->text, ns))
		return true;
	struct buf a = BUF_INIT, b = BUF_INIT;
	without(was, ns, false, &a);
	without(now, ns, true, &b);
	bool same = buf_equal(&a, &b);
	/* (every value of now's: a name's node is counted as was counts it,
	 * and a round that restores nodes before it, a game's `(` lost,
	 * counts them otherwise, so that in now it falls on another node) */
	if (same)
		same = none_lost(&was->text, 0, was->text.len, &now->text, 0, now->text.len, ns, 0,
				 true, why);
	else if (more)
		same = holds_all(&a, &now->text, why) &&
		       none_lost(&was->text, 0, was->text.len, &now->text, 0, now->text.len, ns, 0,
				 false, why);
	else if (why)
		say_where(&a, &b, why);
	buf_free(&a);
	buf_free(&b);
	return same;
}

/* d's text but its nodes first to last, into out: their marks kept (the
 * games' and variations' shape), but their own (bare) where b's nodes
 * are fewer than a's. */
static void nodes_but(const struct sgf_digest *d, size_t first, size_t last, bool bare,
		      struct buf *out)
{
	size_t node = SIZE_MAX;   /* (before the first) */
	for (size_t i = 0; i < d->text.len; i++) {
		char c = d->text.data[i];
		node += c == SGF_DIGEST_NODE;
		bool but = node != SIZE_MAX && node >= first && node <= last;
		if (!but || (node_mark(c) && !(bare && c == SGF_DIGEST_NODE)))
			buf_addc(out, c);
	}
}

bool sgf_digest_alike_but(const struct sgf_digest *a, const struct sgf_digest *b, size_t first,
			  size_t last, size_t blast)
{
	struct buf x = BUF_INIT, y = BUF_INIT;
	nodes_but(a, first, last, blast != last, &x);
	nodes_but(b, first, blast, blast != last, &y);
	bool same = buf_equal(&x, &y);
	buf_free(&x);
	buf_free(&y);
	return same;
}
