/* sgfround: a round of --fix on SGF where it is: the edits of a check's
 * fixes placed in the file's bytes, applied where they do not overlap (as
 * JGF's: lint/edit.h's edit_overlaps), and the guard (issue 70): the games
 * the bytes then read as compared with those before (convert/sgfsame.c),
 * so that the fix loop (lint/fixloop.c)
 * searches a round that changes more than what its fixes' findings name
 * for the fix that does, and refuses it. --fix's rounds (convert/sgffix.c)
 * and a check's offer (what --fix would write) are both such rounds. */
#include "convert/sgfround.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/bound.h"
#include "base/locate.h"
#include "core/catalog.h"
#include "core/diag.h"
#include "core/fix.h"
#include "convert/decode.h"
#include "convert/sgfedit.h"
#include "convert/sgflocal.h"
#include "lint/edit.h"

/* In the order a round writes edits (lint/edit.h), at one place each
 * kind in the order of the findings. */
/* The first of the n marks at or after i that is set; n: none. A search's
 * probe marks a few of a round's many edits (a game's): found by memchr,
 * not each asked (REVIEW.md R150). */
static size_t next_set(const bool *marks, size_t i, size_t n)
{
	const bool *p = i < n ? memchr(marks + i, true, n - i) : NULL;
	return p ? (size_t)(p - marks) : n;
}

bool sgf_round_choose(const struct sgf_edit *e, size_t n, const bool *take, bool *used)
{
	size_t at = 0, last = 0;   /* the last edit chosen: [last, at) */
	bool any = false;
	memset(used, 0, n * sizeof *used);
	for (size_t i = take ? next_set(take, 0, n) : 0; i < n;
	     i = take ? next_set(take, i + 1, n) : i + 1) {
		/* (in order, and each past those before: the last one chosen
		 * is the only one an edit may overlap) */
		if (any && edit_overlaps(last, at, e[i].start, e[i].end))
			continue;
		last = e[i].start, at = e[i].end;
		used[i] = any = true;
	}
	return any;
}

const struct buf *sgf_round_next(struct sgf_round *r)
{
	if (!r->stale)
		return &r->next;
	size_t at = 0;
	buf_truncate(&r->next, 0);
	for (size_t i = next_set(r->chosen, 0, r->n); i < r->n; i = next_set(r->chosen, i + 1, r->n)) {
		buf_add(&r->next, r->bytes + at, r->e[i].start - at);
		buf_adds(&r->next, r->e[i].text);
		at = r->e[i].end;
	}
	buf_add(&r->next, r->bytes + at, r->len - at);
	r->stale = false;
	return &r->next;
}

/* at, of the bytes, in a window whose `(` comes before the node at from. */
static struct sgf_pos local_pos(struct sgf_pos at, struct sgf_pos from)
{
	return (struct sgf_pos){ at.line - from.line + 1,
				 at.line == from.line ? at.col - from.col + 2 : at.col };
}

/* sgf_round_keeps of was and now, the readings of a window whose `(` comes
 * before the node at from (line 0: the whole text), e's places (and their
 * findings') counted there. */
static bool keeps_from(const struct sgf_digest *was, const struct sgf_digest *now,
		       const struct sgf_edit *e, size_t n, const bool *used, struct sgf_pos from,
		       struct buf *why)
{
	struct sgf_names names = { 0 };
	bool unsafe = false;
	size_t k = 0;
	for (size_t i = next_set(used, 0, n); i < n; i = next_set(used, i + 1, n))
		k++;
	struct sgf_span *spans = xmalloc((k + 1) * sizeof *spans);
	k = 0;
	for (size_t i = next_set(used, 0, n); i < n; i = next_set(used, i + 1, n)) {
		unsafe |= e[i].diag->fix->safety == FIX_UNSAFE;
		struct sgf_pos a = e[i].from, b = e[i].to,
			       at = { (uint32_t)e[i].diag->line, (uint32_t)e[i].diag->col };
		if (from.line)
			a = local_pos(a, from), b = local_pos(b, from), at = local_pos(at, from);
		spans[k++] = (struct sgf_span){ a, b, e[i].diag->rule == &rule_sgf_lowercase_property,
						e[i].text, at };
	}
	sgf_digest_named(was, spans, k, &names);
	free(spans);
	bool same = sgf_digest_same(was, now, &names, unsafe, why);
	sgf_names_free(&names);
	return same;
}

bool sgf_round_keeps(const struct sgf_digest *was, const struct sgf_digest *now,
		     const struct sgf_edit *e, size_t n, const bool *used, struct buf *why)
{
	return keeps_from(was, now, e, n, used, (struct sgf_pos){ 0, 0 }, why);
}

const struct diag *sgf_round_finding(void *round, size_t i)
{
	return ((struct sgf_round *)round)->e[i].diag;
}

static void near_forget(struct sgf_round *r);

bool sgf_round_write_next(void *round, const bool *take, bool *used)
{
	struct sgf_round *r = round;
	near_forget(r);   /* (the edits used change) */
	bool any = sgf_round_choose(r->e, r->n, take, used);
	if (!r->chosen || r->chosen_len != r->n) {
		free(r->chosen);
		r->chosen = xmalloc(r->n + 1), r->chosen_len = r->n;
	}
	memcpy(r->chosen, used, r->n);
	/* none: no copy of the bytes (a check's offer of a 10 MB file) */
	r->stale = any;
	if (!any)
		buf_truncate(&r->next, 0);
	return any;
}

static int part_reads_same(struct sgf_round *r, const bool *used, struct buf *why);

bool sgf_round_reads_same(void *round, const bool *used, bool full, struct buf *why)
{
	struct sgf_round *r = round;
	int apart = full ? -1 : part_reads_same(r, used, why);
	if (apart >= 0)
		return apart;
	if (r->unread) {
		if (r->as)
			sgf_digest_text(r->unread, r->as->text, r->as->len);
		else
			sgf_digest_read(r->unread, r->bytes, r->len);
		r->was = r->unread, r->unread = NULL;
	}
	struct sgf_digest now = { .text = BUF_INIT };
	const struct buf *next = sgf_round_next(r);
	if (r->as && r->as->plain < 0) {
		/* a check's text taken after a byte order mark, UTF-8: read as
		 * the check read it, the mark deciding, not as a CA the bytes do
		 * not fit says (REVIEW.md R151: CA[GBK] over UTF-8, every fix
		 * taken off the offer that --fix, reading the file's mark, makes) */
		struct buf marked = BUF_INIT;
		buf_adds(&marked, "\xEF\xBB\xBF");
		buf_add(&marked, next->data, next->len);
		sgf_digest_read(&now, marked.data, marked.len);
		buf_free(&marked);
	} else {
		sgf_digest_read(&now, next->data ? next->data : "", next->len);
	}
	bool same = sgf_round_keeps(r->was, &now, r->e, r->n, used, why);
	sgf_digest_free(&now);
	return same;
}

/* The edits used by the last write, as sgf_round_still asks of each
 * refusal (REVIEW.md R110: each asked of every edit, 6,400 refusals in a
 * round of as many edits 8.5 G instructions): in the order of the text,
 * each's first and last node (nf, nt: both in that order, the edits used
 * overlapping none), the first that moves lines, and the columns each
 * adds to its line, summed from the first. */
struct sgf_near {
	struct sgf_pos *from;   /* where each begins */
	size_t *nf, *nt;
	long *grown;   /* grown[k]: the columns the edits before the kth add */
	size_t n, moves;
};

static void near_forget(struct sgf_round *r)
{
	struct sgf_near *x = r->near;
	if (!x)
		return;
	free(x->from);
	free(x->nf);
	free(x->nt);
	free(x->grown);
	free(x);
	r->near = NULL;
}

void sgf_round_forget(struct sgf_round *r)
{
	near_forget(r);
	free(r->chosen);
	r->chosen = NULL, r->chosen_len = 0, r->stale = false;
	free(r->starts);
	r->starts = NULL;
	r->nstarts = SIZE_MAX;
	if (!r->as || r->local != r->as->local)   /* (the check's is its own) */
		sgf_local_free(r->local);
	r->local = NULL;
}

static size_t node_at(const struct sgf_round *r, struct sgf_pos at)
{
	return sgf_places_to(r->starts, sizeof *r->starts, r->nstarts, at);
}

static struct sgf_near *near_of(struct sgf_round *r, const bool *used)
{
	if (r->near)
		return r->near;
	struct sgf_near *x = r->near = xcalloc(1, sizeof *x);
	x->from = xmalloc((r->n + 1) * sizeof *x->from);
	x->nf = xmalloc((r->n + 1) * sizeof *x->nf);
	x->nt = xmalloc((r->n + 1) * sizeof *x->nt);
	x->grown = xmalloc((r->n + 1) * sizeof *x->grown);
	x->moves = SIZE_MAX;
	x->grown[0] = 0;
	for (size_t i = 0; i < r->n; i++) {
		if (!used[i])
			continue;
		const struct sgf_edit *e = &r->e[i];
		size_t k = x->n++;
		long chars = 0;
		for (const char *t = e->text; *t; t++)
			chars += ((unsigned char)*t & 0xC0) != 0x80;
		x->from[k] = e->from;
		x->nf[k] = node_at(r, e->from);
		x->nt[k] = node_at(r, e->to);
		x->grown[k + 1] = x->grown[k] + chars - (long)(e->to.col - e->from.col);
		if (x->moves == SIZE_MAX && (e->from.line != e->to.line || strpbrk(e->text, "\r\n")))
			x->moves = k;
	}
	return x;
}

/* The edits of x and what sgf_round_still asks of them (bound_first's
 * tests: each holds of the edits from some k on, in the order of x). */
struct near_ask {
	const struct sgf_near *x;
	struct sgf_pos at;
	size_t node;
};

static bool begins_past_node(const void *ctx, size_t k)
{
	const struct near_ask *a = ctx;
	return a->x->nf[k] > a->node;
}

static bool begins_after(const void *ctx, size_t k)
{
	const struct near_ask *a = ctx;
	return sgf_pos_cmp(&a->x->from[k], &a->at) > 0;
}

static bool on_line_or_after(const void *ctx, size_t k)
{
	const struct near_ask *a = ctx;
	return a->x->from[k].line >= a->at.line;
}

bool sgf_round_still(void *round, const bool *used, unsigned long *line, unsigned long *col)
{
	struct sgf_round *r = round;
	if (r->nstarts == SIZE_MAX) {   /* once a round: where was's nodes begin */
		r->nstarts = 0;
		r->starts = xmalloc((r->was->all + 1) * sizeof *r->starts);
		for (size_t i = 0; i < r->was->len; i++)
			if (r->was->places[i].id == SGF_NO_PLACE)
				r->starts[r->nstarts++] = r->was->places[i].pos;
		if (r->was->unsorted)   /* (else in the order of the text) */
			sort_items(r->starts, r->nstarts, sizeof *r->starts, sgf_pos_cmp);
	}
	const struct sgf_near *x = near_of(r, used);
	struct sgf_pos at = { (uint32_t)*line, (uint32_t)*col };
	size_t node = node_at(r, at);
	struct near_ask a = { x, at, node + 1 };
	/* an edit in its node or one beside it (the values after an empty
	 * node's `;` join the property before it): of those beginning in a
	 * node up to the next, the last ends latest (nt is in order) */
	size_t k = bound_first(0, x->n, begins_past_node, &a);
	if (k && x->nt[k - 1] + 1 >= node)
		return false;
	/* the edits before it (at its place or before): none moving lines
	 * (its place is not followed), those on its line moving its column */
	size_t before = bound_first(0, x->n, begins_after, &a);
	if (x->moves < before)
		return false;
	size_t first = bound_first(0, x->n, on_line_or_after, &a);
	long shift = first < before ? x->grown[before] - x->grown[first] : 0;
	*col = (unsigned long)((long)*col + shift);
	return true;
}


/* The nodes of r's bytes, found once a round (sgflocal.h). */
static const struct sgf_local *sgf_round_local(struct sgf_round *r)
{
	if (!r->local)
		r->local = sgf_local_read(r->bytes, r->len, r->set, r->as);
	return r->local;
}

/* Whether n bytes at s, taken out or written by an edit, change only what
 * their nodes read as: no parenthesis, no byte of a character set's. A
 * bracket or backslash may be (a merge of C[B[pd\\] ...] with its second
 * value: REVIEW.md R110, each such fix read in the whole text): the
 * window is read from a node's `;` (as the whole text is there) and
 * judged only where it reads as one game whose every value ends and whose
 * nodes are as many after the edit (local_judge), so what a bracket opens
 * or a backslash escapes is read inside it, and the `;` or `)` after it
 * is read as before. */
static bool local_bytes(const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x80 || c == '(' || c == ')')
			return false;
	}
	return true;
}

/* The digest of the one game of len bytes at s; false when they are not
 * one game read with every value's end found. */
static bool local_digest(struct sgf_digest *d, const char *s, size_t len)
{
	struct sgf_notes notes = { .bare = true };
	struct sgf_games games = { 0 };
	sgf_read(s, len, &games, &notes);
	bool one = games.len == 1 && !sgf_notes_have(&notes, &rule_sgf_unclosed_value);
	if (one)
		sgf_digest_game(d, games.games[0]);
	sgf_games_free(&games);
	sgf_notes_free(&notes);
	return one;
}

/* why, of the window's one game whose first node is w, said of the
 * file's: its game and node counted there; false when it names no node. */
static bool local_why(const struct buf *in, const struct local_node *w, struct buf *why)
{
	static const char game[] = "it would change the game: game 1";
	size_t node;
	int used = 0;
	if (!in->len || strncmp(in->data, game, sizeof game - 1)) {
		buf_add(why, in->data, in->len);   /* it would lose ...: no place */
		return true;
	}
	if (sscanf(in->data + sizeof game - 1, ", node %zu%n", &node, &used) != 1 || !used)
		return false;
	buf_printf(why, "it would change the game: game %zu, node %zu%s", w->game, w->before + node,
		   in->data + sizeof game - 1 + used);
	return true;
}

/* A window a fix's reading can be judged in: the bytes from node from of l
 * up to node to (not), `;` nodes of one game with no parenthesis between;
 * or, when to is past the file's last node, up to the end, the game's `)`
 * the only one. Its end into *end, and how many `)` are to be written
 * after it (*close: 1, or 0); false when there is none. */
static bool local_window(const struct sgf_round *r, const struct sgf_local *l, size_t from,
			 size_t to, size_t *end, size_t *close)
{
	const struct local_node *a = &l->nodes[from];
	if (a->off == SIZE_MAX || r->bytes[a->off] != ';')
		return false;
	*close = to < l->len;
	if (*close) {
		const struct local_node *b = &l->nodes[to];
		*end = b->off;
		if (a->game != b->game || b->off == SIZE_MAX || r->bytes[b->off] != ';')
			return false;
	} else {
		*end = r->len;
		const char *paren = memchr(r->bytes + a->off, ')', *end - a->off);
		if (!paren || memchr(paren + 1, ')', (size_t)(r->bytes + *end - paren - 1)))
			return false;
	}
	return !memchr(r->bytes + a->off, '(', *end - a->off) &&
	       (!*close || !memchr(r->bytes + a->off, ')', *end - a->off));
}


/* local_window's where its nodes descend a chain, each the first child of
 * the one before, a variation's `(` between (R47's findings file: nested
 * variations): those `(` in it (values passed over, no `)`, each `(` a
 * node's), the one before node to left out, and as many `)` more after
 * it (*close). False where there is none. */
static bool chain_window(const struct sgf_round *r, const struct sgf_local *l, size_t from,
			 size_t to, size_t *end, size_t *close)
{
	const char *s = r->bytes;
	size_t i = l->nodes[from].off, stop = to < l->len ? l->nodes[to].off : SIZE_MAX;
	if (stop == SIZE_MAX || i == SIZE_MAX || s[i] != ';' || s[stop] != ';' ||
	    l->nodes[to].game != l->nodes[from].game)
		return false;
	for (size_t k = from + 1; k < to; k++)
		if (l->nodes[k].depth != l->nodes[k - 1].depth + 1)
			return false;
	while (stop > i && (s[stop - 1] == ' ' || s[stop - 1] == '\t' || s[stop - 1] == '\r' ||
			    s[stop - 1] == '\n'))
		stop--;
	stop -= s[stop - 1] == '(';
	for (*close = 1; i < stop; i++) {
		if (s[i] == '[')
			while (++i < stop && s[i] != ']')
				i += s[i] == '\\';
		else if (s[i] == ')' || (s[i] == '(' && !sgf_next_is(s, stop, i + 1, 1, ';')))
			return false;
		*close += s[i] == '(';
	}
	if (i != stop)
		return false;
	*end = stop;
	return true;
}

/* A variation window holds at most this many nodes: a judgement costs its
 * reading, a constant, so that n fixes judged cost n. */
#define VARIATION_NODES 256


/* Where local_window's holds a parenthesis (a node's variations, a `(`
 * in a value: bench/refusals.sh), the window of a fix in nodes a to b of
 * l is the variation they lie in: from the first node after a `(`, one of
 * node a - 1 and those before it in the text (its game's first: the whole
 * game, of any size, for the fixes near its root), whose tree holds node
 * b, up to that tree's `)`. The tree is read there as one game of its
 * nodes in l (*nodes: it and those after it deeper than it, each a node
 * of it), as the whole text reads it but for the game's root (the size a
 * board, a set that the window's reading keeps the same before and after,
 * as a window of nodes does). Its first node into *v, its `)` into *end;
 * false when there is none of at most VARIATION_NODES nodes. */
static bool variation_window(const struct sgf_round *r, const struct sgf_local *l,
			     const struct sgf_edit *e, size_t a, size_t b, size_t *v, size_t *end,
			     size_t *nodes)
{
	for (size_t k = a; k-- > 0 && a - k <= VARIATION_NODES;) {
		const struct local_node *n = &l->nodes[k];
		bool root = !k || l->nodes[k - 1].game != n->game;
		size_t at = n->off != SIZE_MAX && r->bytes[n->off] == ';' ? n->off : 0;
		while (at && (r->bytes[at - 1] == ' ' || r->bytes[at - 1] == '\t' ||
			      r->bytes[at - 1] == '\r' || r->bytes[at - 1] == '\n'))
			at--;
		size_t t = k + 1;
		if (at && r->bytes[at - 1] == '(')
			while (t < l->len && (root || t - k <= VARIATION_NODES) &&
			       l->nodes[t].game == n->game && l->nodes[t].depth > n->depth)
				t++;
		else if (root)
			return false;
		else
			continue;
		if (!root && t - k > VARIATION_NODES)
			return false;
		if (t <= b && root)
			return false;
		if (t <= b)
			continue;   /* (a variation before the fix's) */
		*end = sgf_tree_close(r->bytes, r->len, at - 1);
		*v = k, *nodes = t - k;
		return *end < r->len && e->start >= n->off && e->end <= *end;
	}
	return false;
}

/* The offsets in the len bytes at s of the `;` of d's nodes (its reading
 * of them), in the order of the text, their places counted as the reader
 * counts them (local_offsets); NULL when one is not found there. */
static size_t *node_offsets(const struct sgf_digest *d, const char *s, size_t len)
{
	struct sgf_pos *at = xmalloc((d->all + 1) * sizeof *at);
	size_t n = 0, k = 0;
	for (size_t i = 0; i < d->len; i++)
		if (d->places[i].id == SGF_NO_PLACE && n < d->all)
			at[n++] = d->places[i].pos;
	if (d->unsorted)
		sort_items(at, n, sizeof *at, sgf_pos_cmp);
	size_t *off = n == d->all ? xmalloc((n + 1) * sizeof *off) : NULL;
	struct sgf_pos here = { 1, 1 };
	for (size_t i = 0; off && k < n && i < len; i++) {
		for (; k < n && !sgf_pos_cmp(&at[k], &here); k++)
			off[k] = i;
		if (k < n && sgf_pos_cmp(&at[k], &here) < 0)
			break;
		text_step(s, len, i, &here.line, &here.col);
	}
	free(at);
	if (off && k < n) {
		free(off);
		off = NULL;
	}
	return off;
}

/* Whether an edit of the window's bytes [start, end), writing grow bytes
 * more than it takes out, changed its reading (was, of bytes a; now, of
 * bytes b) only in its own nodes, first to last of the window's: the
 * others read as they were, each beginning where it began (after the
 * edit, moved by grow); as many nodes, or one fewer where the edit takes
 * out an empty node's `;` alone, between a value's `]` and the next
 * node's `;` (`;C[hi];;B[aa]`: bench/refusals.sh), so that no other
 * taken out with it leaves a variation without a node (`(;;[ia])`, `;;;`
 * in a variation of their own: each confined, together not). Another
 * fix's edit in those others is then read with it as each is read alone
 * (each node read from its `;` as it was: REVIEW.md R110). */
static bool confined(const struct sgf_digest *was, const struct buf *a,
		     const struct sgf_digest *now, const struct buf *b, size_t start, size_t end,
		     long grow, size_t first, size_t last)
{
	size_t out = was->all - now->all;   /* (0, or 1: the one `;`) */
	if (was->all < now->all ||
	    (out && (out > 1 || last < first || end - start != 1 || grow != -1 ||
		     a->data[start] != ';' || !sgf_next_is(a->data, a->len, start - 1, -1, ']') ||
		     !sgf_next_is(a->data, a->len, end, 1, ';'))))
		return false;
	size_t *x = node_offsets(was, a->data, a->len), *y = node_offsets(now, b->data, b->len);
	size_t gone = 0;
	bool same = x && y;
	for (size_t k = 0; same && k < was->all; k++) {
		if (x[k] >= start && x[k] < end)
			same = ++gone <= out;   /* (the `;` taken out) */
		else
			same = k - gone < now->all &&
			       (x[k] < start ? y[k - gone] == x[k] :
				x[k] >= end  ? (long)y[k - gone] == (long)x[k] + grow : false);
	}
	free(x);
	free(y);
	return same && gone == out && sgf_digest_alike_but(was, now, first, last, last - gone);
}

/* Edit e judged in the window from node from up to end of the bytes (its
 * close `)` written: local_window, chain_window, variation_window), as sgf_round_keeps
 * judges it in the whole text: 1 keeps, 0 not (the words of why in the
 * window's counting: its one game, its first node 1), -1 when the window
 * does not read as one game whose values all end (of nodes nodes, where
 * not 0: a variation's, each of whose trees begins with a `;`). Where a
 * node is emptied or made there, the nodes after it are counted
 * otherwise, which other fixes' names meet: 0 where it changes the game
 * (it is refused, whatever else the round writes: an empty text after a
 * node's variations, read as one more, taken out), -1 where not. With
 * another fix's edit in the window (last not 0: outside the nodes of e,
 * first to last of the window's), -1 too where e changes more than its
 * nodes' reading (confined). */
static int local_judge(const struct sgf_round *r, const struct sgf_edit *e,
		       const struct local_node *from, size_t end, size_t close, size_t nodes,
		       size_t first, size_t last, struct buf *why)
{
	struct buf w = BUF_INIT, v = BUF_INIT;
	struct sgf_digest was = { .text = BUF_INIT }, now = { .text = BUF_INIT };
	buf_addc(&w, '(');
	buf_add(&w, r->bytes + from->off, end - from->off);
	for (size_t k = 0; k < close; k++)
		buf_addc(&w, ')');
	int verdict = local_digest(&was, w.data, w.len) && (!nodes || was.all == nodes) ? 1 : -1;
	buf_addc(&v, '(');
	buf_add(&v, r->bytes + from->off, e->start - from->off);
	buf_adds(&v, e->text);
	buf_add(&v, r->bytes + e->end, end - e->end);
	for (size_t k = 0; k < close; k++)
		buf_addc(&v, ')');
	if (verdict == 1 && (!local_digest(&now, v.data, v.len) ||
			     (nodes && sgf_tree_close(v.data, v.len, 0) != v.len - 1)))
		verdict = -1;   /* (a variation's: each of its trees still begins with a `;`) */
	bool counted = now.nodes == was.nodes;
	if (verdict == 1 && counted && last &&
	    !confined(&was, &w, &now, &v, 1 + e->start - from->off, 1 + e->end - from->off,
		      (long)strlen(e->text) - (long)(e->end - e->start), first, last))
		verdict = -1;
	if (verdict == 1 && !keeps_from(&was, &now, e, 1, (const bool[]){ true }, from->pos, why))
		verdict = 0;
	else if (verdict == 1 && !counted)
		verdict = -1;
	buf_free(&w);
	buf_free(&v);
	sgf_digest_free(&was);
	sgf_digest_free(&now);
	return verdict;
}

/* Whether the next edit used after i begins before byte end. */
static bool used_after(const struct sgf_round *r, const bool *used, size_t i, size_t end)
{
	for (size_t j = i + 1; j < r->n; j++)
		if (used[j])
			return r->e[j].start < end;
	return false;
}

int sgf_round_alone(void *round, size_t i, const bool *used, struct buf *why)
{
	struct sgf_round *r = round;
	const struct sgf_local *l = sgf_round_local(r);
	const struct sgf_edit *e = &r->e[i];
	size_t a = sgf_local_node_at(l, e->from), b = sgf_local_node_at(l, e->to), end, end2, v, nodes = 0;
	size_t close, close2;
	bool (*line)(const struct sgf_round *, const struct sgf_local *, size_t, size_t, size_t *,
		     size_t *) = local_window;
	if (b != SIZE_MAX && b > a && e->end > e->start && !sgf_pos_cmp(&l->nodes[b].pos, &e->to))
		b--;   /* (its last byte's node: a `;` taken out ends where the next begins) */
	/* the window: from the node before the edit's (its values after an
	 * empty node's `;` join that node's last property) to two after; an
	 * unsafe fix may gain what another loses: judged together */
	if (!l->ok || l->decoded || a == SIZE_MAX || !a || e->diag->fix->safety == FIX_UNSAFE ||
	    !local_bytes(r->bytes + e->start, e->end - e->start) ||
	    !local_bytes(e->text, strlen(e->text)))
		return -1;
	if (local_window(r, l, a - 1, b + 2 < l->len ? b + 2 : l->len, &end, &close))
		v = a - 1;
	else if (!variation_window(r, l, e, a, b, &v, &end, &nodes))
		return -1;
	/* a variation from its game's root is the whole game, of any size: the
	 * fix's own nodes instead where they descend a chain (R47's findings
	 * file 2,000 deep: its first fix's window, 19.6 M instructions) */
	else if ((!v || l->nodes[v - 1].game != l->nodes[v].game) &&
		 chain_window(r, l, a - 1, b + 2, &end, &close))
		v = a - 1, nodes = 0, line = chain_window;
	else
		close = 1;   /* (the variation's `)`, whatever the others said) */
	const struct local_node *from = &l->nodes[v];
	/* The edits used nearest, outside it: none in its own nodes (a to b,
	 * up to the next's `;`); in the window's others, its nodes judged
	 * with them (crowd: the last of its nodes in the window's count) only
	 * where it changes no other node's reading (R110: a fix in every node,
	 * each window holding its neighbours', read whole each time). */
	size_t own = l->nodes[a].off, own_end = b + 1 < l->len ? l->nodes[b + 1].off : r->len;
	if (own == SIZE_MAX || own_end == SIZE_MAX)   /* (not found: the window is its own) */
		own = from->off, own_end = end;
	bool near = false;
	for (size_t j = i; j-- > 0;)
		if (used[j]) {
			if (r->e[j].end > own)
				return -1;
			near = r->e[j].end > from->off;
			break;
		}
	if (used_after(r, used, i, own_end))
		return -1;
	size_t last = near || used_after(r, used, i, end) ? b - v : 0;
	struct buf said = BUF_INIT, again = BUF_INIT;
	int verdict = local_judge(r, e, from, end, close, nodes, a - v, last, &said);
	/* Where the readings part, said in words, is the whole text's where
	 * the window's end is not what parts them: the same in a window one
	 * node longer (the fix alone: another's bytes there are read as they
	 * are); a variation's end is the text's. */
	if (verdict == 0 && why &&
	    (nodes ? !local_why(&said, from, why) :
	     !line(r, l, a - 1, b + 3 < l->len ? b + 3 : l->len, &end2, &close2) ||
	     local_judge(r, e, from, end2, close2, 0, a - v, last, &again) != 0 ||
	     !buf_equal(&said, &again) || !local_why(&said, from, why)))
		verdict = -1;
	buf_free(&said);
	buf_free(&again);
	return verdict;
}

size_t sgf_round_part(void *round, size_t i)
{
	struct sgf_round *r = round;
	const struct sgf_local *l = sgf_round_local(r);
	const struct sgf_edit *e = &r->e[i];
	size_t a = sgf_local_node_at(l, e->from);
	if (!l->ok || a == SIZE_MAX || e->diag->fix->safety == FIX_UNSAFE ||
	    !local_bytes(r->bytes + e->start, e->end - e->start) ||
	    !local_bytes(e->text, strlen(e->text)))
		return SIZE_MAX;
	const struct local_game *g = &l->games[l->nodes[a].game];
	return g->open != SIZE_MAX && e->start > l->nodes[g->first].off && e->end <= g->close ?
		       l->nodes[a].game :
		       SIZE_MAX;
}

/* The values of the CA properties of d, in order, into out. */
static void charsets_of(const struct sgf_digest *d, struct buf *out)
{
	static const char ca[] = { SGF_DIGEST_PROP, 'C', 'A', SGF_DIGEST_VALUE };
	const char *t = d->text.data, *end = t + d->text.len;
	while (t && (t = bytes_find(t, (size_t)(end - t), ca, sizeof ca))) {
		t += sizeof ca;
		const char *v = t;
		while (t < end && (unsigned char)*t > SGF_DIGEST_CLOSE)
			t++;
		buf_add(out, v, (size_t)(t - v));
		buf_addc(out, SGF_DIGEST_VALUE);
	}
}

/* The round's bytes with the edits used, from byte from up to end (the
 * edits there: none crossing either), after a `(`, into out. */
static void written_between(const struct sgf_round *r, const bool *used, size_t from,
			    size_t end, struct buf *out)
{
	buf_addc(out, '(');
	for (size_t i = next_set(used, 0, r->n); i < r->n; i = next_set(used, i + 1, r->n)) {
		if (r->e[i].start < from || r->e[i].start >= end)
			continue;
		buf_add(out, r->bytes + from, r->e[i].start - from);
		buf_adds(out, r->e[i].text);
		from = r->e[i].end;
	}
	buf_add(out, r->bytes + from, end - from);
}

/* local_digest of a game's bytes in b, decoded first where the round's
 * are read in its set (sgf_local's decoded). */
static bool game_digest(const struct sgf_round *r, struct sgf_digest *d, const struct buf *b)
{
	if (!r->local->decoded)
		return local_digest(d, b->data, b->len);
	struct buf text = BUF_INIT;
	struct sgf_notes notes = { .bare = true };
	decode_sgf(b->data, b->len, r->set, &text, &notes);
	bool one = local_digest(d, text.data ? text.data : "", text.len);
	sgf_notes_free(&notes);
	buf_free(&text);
	return one;
}

/* The edits used judged by reading the one game they all lie in
 * (sgf_round_part), its bytes alone, before and after, as the whole
 * text's reading judges them: other games' bytes are as they were, read
 * as before after a game whose `)` closes it where it did (its bytes read
 * as themselves, the edits' bytes and CA the same). 1 keeps, 0 not (why
 * said of the file's game and node), -1 when not so judged. */
static int part_reads_same(struct sgf_round *r, const bool *used, struct buf *why)
{
	size_t part = SIZE_MAX;
	for (size_t i = next_set(used, 0, r->n); i < r->n; i = next_set(used, i + 1, r->n)) {
		size_t p = sgf_round_part(r, i);
		if (p == SIZE_MAX || (part != SIZE_MAX && p != part))
			return -1;
		part = p;
	}
	if (part == SIZE_MAX)
		return -1;
	const struct sgf_local *l = sgf_round_local(r);
	const struct local_game *g = &l->games[part];
	const struct local_node *root = &l->nodes[g->first];
	struct buf w = BUF_INIT, v = BUF_INIT, said = BUF_INIT, ca = BUF_INIT, ca2 = BUF_INIT;
	struct sgf_digest was = { .text = BUF_INIT }, now = { .text = BUF_INIT };
	const struct sgf_digest *before = l->has_whole ? &l->whole : &was;   /* (the window: the bytes) */
	if (!l->has_whole) {
		buf_addc(&w, '(');
		buf_add(&w, r->bytes + root->off, g->close + 1 - root->off);
	}
	written_between(r, used, root->off, g->close + 1, &v);
	int verdict = (l->has_whole || game_digest(r, &was, &w)) && game_digest(r, &now, &v) &&
				      sgf_tree_close(v.data, v.len, 0) == v.len - 1 ?
			      1 :
			      -1;
	if (verdict == 1) {
		charsets_of(before, &ca);
		charsets_of(&now, &ca2);
		verdict = buf_equal(&ca, &ca2) ? 1 : -1;
	}
	if (verdict == 1 && !keeps_from(before, &now, r->e, r->n, used, root->pos, why ? &said : NULL))
		verdict = why && !local_why(&said, root, why) ? -1 : 0;
	buf_free(&w);
	buf_free(&v);
	buf_free(&said);
	buf_free(&ca);
	buf_free(&ca2);
	sgf_digest_free(&was);
	sgf_digest_free(&now);
	return verdict;
}
