/* sgfedit: a reader's repair as an edit of the file's own bytes. A repair
 * that has a fix (sgf_note_fix: a spelling SGFC's -i corrects, a lost `;`
 * or `)`) is an edit of the decoded text its finding is placed in
 * (sgf_fix_attach); here it is placed in the file's bytes, line by line and
 * character by character in the one set the file is read in, and only
 * those bytes change. The text inserted is ASCII, the same bytes in every
 * set that keeps ASCII (not UTF-16, nor a set with shifts, where the fix
 * says why it is not written). A check offers only the fixes placed so
 * (sgf_fix_offer); --fix writes them (convert/sgffix.c). */
#include "convert/sgfedit.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/bound.h"
#include "base/buf.h"
#include "base/charset.h"
#include "base/locate.h"
#include "core/catalog.h"
#include "core/diag.h"
#include "core/fix.h"
#include "convert/decode.h"
#include "convert/sgf.h"
#include "convert/sgfahead.h"
#include "convert/sgfmerge.h"
#include "convert/sgfnote.h"
#include "convert/sgfplace.h"
#include "read/load.h"

/* s added to b, each line break in it the file's own (eol: sgf_blank_line
 * of its text, two of them): a value's words added to a GC of a file of
 * CR LF lines were parted by LF. */
static void add_in_lines(struct buf *b, const char *s, const char *eol)
{
	size_t half = strlen(eol) / 2;
	for (; *s; s++)
		if (*s == '\n')
			buf_add(b, eol, half);
		else
			buf_addc(b, *s);
}

bool sgf_fix_attach(struct diag *d, struct sgf_note *n, const char *text, size_t len,
		    size_t start, size_t also)
{
	size_t end = start;
	if (n->rule == &rule_sgf_empty_text) {   /* ID[] whole: letters, then its `[` */
		while (end < len && sgf_letter(text[end]))
			end++;
		if (end >= len || text[end] != '[')
			return false;
		end = start;
	}
	for (uint32_t k = 0; k < n->fix_len && end < len; k++)
		do
			end++;
		while (end < len && ((unsigned char)text[end] & 0xC0) == 0x80);
	if (!n->fix_also) {
		fix_bytes_given(d, n->fix_unsafe ? FIX_UNSAFE : FIX_SAFE, start, end, n->fix);
		n->fix = NULL;
		return true;
	}
	/* Two edits, one edit of the text from the first to the second, the
	 * text between them as it is: written together or not at all, and
	 * overlapping every other such repair of the node (their second edit
	 * the same place), one a round. */
	if (also > len || (also > start && also < end))
		return false;
	bool after = also >= end;
	const char *eol = sgf_blank_line(text, len);
	struct buf b = BUF_INIT;
	add_in_lines(&b, after ? n->fix : n->fix_also, eol);
	buf_add(&b, after ? text + end : text + also, after ? also - end : start - also);
	add_in_lines(&b, after ? n->fix_also : n->fix, eol);
	fix_bytes(d, FIX_UNSAFE, after ? start : also, after ? also : end, b.data ? b.data : "");
	buf_free(&b);
	return true;
}

/* Whether text inserted in ASCII is the same bytes in set, and a line
 * break and each character of set can be told on the bytes. */
static bool ascii_set(const char *set)
{
	return *set && strncmp(set, "UTF-16", 6) && strncmp(set, "UTF-32", 6) &&
	       strncmp(set, "UCS", 3) && !strstr(set, "2022") && strcmp(set, "UTF-7");
}

bool sgf_fix_set_writable(const char *set)
{
	return ascii_set(set);
}

/* Whether the file's len bytes, read in set, are walked a character at a
 * time (charset_walk_to), in esc's set and around its escaped characters
 * (at the caller's, freed); why not into why. */
static bool walkable(const char *bytes, size_t len, const char *set, struct buf *why,
		     struct sgf_escapes *esc)
{
	*esc = (struct sgf_escapes){ .n = 0 };
	snprintf(esc->set, sizeof esc->set, "%s", set);
	return ascii_set(set) || decode_sgf_unwritable(bytes, len, why, esc);
}

static bool one_edit(const struct diag *g)
{
	return g->fix && g->fix->nops == 1 && g->fix->ops[0].kind == FIX_BYTES;
}

/* Whether taking out the `;` at t[at] (an empty node's) would leave a
 * game tree with no node: the `;` opens its tree, after a `(` and the
 * empty nodes whose `;` go with it, and variations follow it, where
 * `(;(;B[aa])(;B[bb]))` would become `((;B[aa])(;B[bb]))`, which reads
 * as other games. An empty node that a node follows, or one after a
 * node that stays, goes. */
static bool opens_tree_before_variations(const char *t, size_t len, size_t at)
{
	size_t j = at + 1;
	while (j < len && sgf_blank(t[j]))
		j++;
	if (j >= len || t[j] != '(')
		return false;
	size_t i = at;
	while (i > 0 && (sgf_blank(t[i - 1]) || t[i - 1] == ';'))
		i--;
	return i > 0 && t[i - 1] == '(';
}

/* Whether the `;` at t[at] (an empty node's) ends its sequence (no node
 * after it: a `)` or the text's end next, properties that read as nothing
 * between) and stays: one goes only after a node's `]` and before its
 * variation's `)`, `;B[aa];)`. The last of a variation of empty nodes,
 * `(;GM[1](;;))` or `(;GM[1](;))`, stays (`()` would be no variation), and
 * so does one at the end of a file cut short (`;W[dp]` LF `;B`), or after
 * a value cut short there (`W[dd;` LF `C`), where the `;` is the cut
 * structure's. */
static bool last_node_stays(const char *t, size_t len, size_t at)
{
	size_t j = at + 1;
	bool letters = false;
	while (j < len && (sgf_blank(t[j]) || sgf_letter(t[j])))
		letters |= sgf_letter(t[j++]);
	if (j >= len)
		return true;
	if (t[j] != ')')
		return false;
	size_t i = at;
	while (i > 0 && sgf_blank(t[i - 1]))
		i--;
	return letters || i == 0 || t[i - 1] != ']';
}

struct range {
	size_t from, to;
};

static int by_from(const void *x, const void *y)
{
	const struct range *a = x, *b = y;
	return a->from < b->from ? -1 : a->from > b->from;
}

/* Where each fix of an empty text (sgf-empty-text: C[] taken out) begins
 * and ends in the text, by its start (*n of them; the caller's). */
static struct range *emptied_at(const struct document *d, size_t *n)
{
	struct range *at = NULL;
	size_t cap = 0;
	*n = 0;
	for (size_t i = 0; i < d->diags.len; i++) {
		const struct diag *g = &d->diags.items[i];
		if (g->rule == &rule_sgf_empty_text && one_edit(g)) {
			at = xgrow(at, &cap, *n + 1, sizeof *at);
			at[(*n)++] = (struct range){ g->fix->ops[0].bytes.start, g->fix->ops[0].bytes.end };
		}
	}
	sort_items(at, *n, sizeof *at, by_from);
	return at;
}

/* How many of e[0..n) (sorted, apart) end at or before at (by_to), or
 * begin before it: found by halves, not counted from an end each `;` (a
 * file of 10,000 emptied texts, each a run of its own). */
struct ranges_at {
	const struct range *e;
	size_t at;
	bool by_to;
};

static bool range_not_before(const void *ctx, size_t i)
{
	const struct ranges_at *c = ctx;
	return c->by_to ? c->e[i].to > c->at : c->e[i].from >= c->at;
}

static size_t ranges_before(const struct range *e, size_t n, size_t at, bool by_to)
{
	return bound_first(0, n, range_not_before, &(struct ranges_at){ e, at, by_to });
}

/* What run_ends_emptied's walks from the last `;` asked found, kept for
 * the next: asked in order along the text, a run of 100,000 `;` after an
 * emptied text was walked back to its start and on to its end once a `;`
 * (20 s). A walk from a later `;` of the run goes over the last one's
 * `;` and from there is its walk: it stops there and takes its answers. */
struct run_walk {
	bool asked;
	size_t at;          /* the last `;` asked */
	size_t back;        /* where its walk back stopped */
	bool back_emptied;  /* an emptied text met on the way back */
	size_t stop;        /* where its walk forward stopped */
	enum { RUN_VALUES, RUN_NODE, RUN_END } end;   /* what stands there */
	size_t jumped;      /* the last emptied text's start jumped forward, or SIZE_MAX */
};

static const char RUN_VALUES_WHY[] = "the nodes after it up to values without a property are empty "
				     "once an empty text's fix is made: one of them stays before "
				     "the values, taken out in a later round";
static const char RUN_END_WHY[] = "the nodes after it to its variation's end are empty once an "
				  "empty text's fix is made: one of them stays, taken out in a "
				  "later round";

/* Why the `;` at t[at] (an empty node's) is not offered where it is one
 * of a run of empty nodes, one of them emptied by an empty text's fix:
 * NULL where it is not. Of a run that ends its variation, not after a
 * node's `]` (REVIEW.md R42's (;;C[])), one node stays (`()` would be no
 * variation), and the one that stays is the one the text's fix empties, a
 * finding the check did not offer: so none of the run's `;` is offered,
 * and --fix takes them out once the text is gone (the run then `(;;)`,
 * the last of it staying). So too of a run after a variation's `)`
 * (nodes after variations, `(;B[aa]);;C[]`), whose last node stays as one
 * after a `(` does; and of a run that ends before values without a
 * property, after anything (`;B[aa];C[];[cc][dd]`, REVIEW.md R56): one of
 * its nodes stays to keep them from the node before, and --fix left the
 * emptied one, said with no fix. Asked in order along the text (w: the
 * last walks, kept between calls). */
static const char *run_ends_emptied(const char *t, size_t len, size_t at, const struct range *e,
				    size_t ne, struct run_walk *w)
{
	if (!ne)
		return NULL;
	bool known = w->asked && w->at < at;
	/* Back to the run's `(`: empty nodes, and nodes the texts' fixes
	 * empty (a `]` of theirs is no node's that stays: REVIEW.md R56,
	 * (;C[];)); from the last `;` asked on, its walk's */
	bool emptied = false;
	size_t i = at, k = ranges_before(e, ne, at, true);
	for (;;) {
		while (i > 0 && (sgf_blank(t[i - 1]) || sgf_letter(t[i - 1]) || t[i - 1] == ';') &&
		       !(known && i == w->at))
			i--;
		if (known && i == w->at) {
			i = w->back;
			emptied |= w->back_emptied;
			break;
		}
		while (k > 0 && e[k - 1].to > i)
			k--;
		if (i > 0 && t[i - 1] == ']' && k > 0 && e[k - 1].to == i && e[k - 1].from < i) {
			i = e[k - 1].from;
			emptied = true;
			continue;
		}
		break;
	}
	/* (after a `)`: nodes after variations, a run as after `(`) */
	bool opened = i && (t[i - 1] == '(' || t[i - 1] == ')');
	bool back_emptied = emptied;
	/* Forward: from a `;` the last walk went over (its `;` a node's start
	 * as this one's), the rest of that walk */
	if (known && at < w->stop) {
		emptied |= w->jumped != SIZE_MAX && w->jumped > at;
	} else {
		size_t j = at + 1, jumped = SIZE_MAX;
		bool node = true;   /* nothing but blanks since a `;`: a `[` is no property's */
		k = ranges_before(e, ne, at + 1, false);
		w->end = RUN_END;
		while (j < len && t[j] != ')') {
			while (k < ne && e[k].from < j)
				k++;
			if (k < ne && e[k].from == j && e[k].to > j) {
				jumped = j;
				j = e[k].to;
			} else if (sgf_blank(t[j]) || sgf_letter(t[j]) || t[j] == ';') {
				node = t[j] == ';' || (node && sgf_blank(t[j]));
				j++;
			} else {
				w->end = t[j] == '[' && node ? RUN_VALUES : RUN_NODE;
				break;   /* values without a property; a value, a variation: a node that stays */
			}
		}
		w->stop = j;
		w->jumped = jumped;
		emptied |= jumped != SIZE_MAX;
	}
	*w = (struct run_walk){ true, at, i, back_emptied, w->stop, w->end, w->jumped };
	if (w->end == RUN_VALUES)
		return emptied ? RUN_VALUES_WHY : NULL;
	if (w->end == RUN_NODE)
		return NULL;
	return opened && emptied && w->stop < len ? RUN_END_WHY : NULL;
}

static int by_offset(const void *x, const void *y)
{
	size_t a = *(const size_t *)x, b = *(const size_t *)y;
	return a < b ? -1 : a > b;
}

/* The offsets in the text of d's findings of rule, sorted (*n of them;
 * the caller's). */
static size_t *findings_at(const struct document *d, const struct rule *rule, size_t *n)
{
	size_t *at = NULL, cap = 0;
	*n = 0;
	for (size_t i = 0; i < d->diags.len; i++) {
		const struct diag *g = &d->diags.items[i];
		if (g->rule == rule && g->has_offset) {
			at = xgrow(at, &cap, *n + 1, sizeof *at);
			at[(*n)++] = g->offset;
		}
	}
	sort_items(at, *n, sizeof *at, by_offset);
	return at;
}

/* The offsets of the findings of rule (a reader's) among notes, in d's
 * text, sorted (*n of them). */
static size_t *notes_at(const struct document *d, const struct sgf_notes *notes,
			const struct rule *rule, size_t *n)
{
	size_t *at = NULL, cap = 0;
	*n = 0;
	for (size_t i = 0; i < notes->len; i++) {
		const struct sgf_note *k = &notes->items[i];
		if (k->rule == rule && k->pos.line) {
			at = xgrow(at, &cap, *n + 1, sizeof *at);
			at[(*n)++] = locator_offset(d->loc, k->pos.line, k->pos.col);
		}
	}
	sort_items(at, *n, sizeof *at, by_offset);
	return at;
}

/* Where the reading found values without a property (stray) and values
 * whose `]` it guessed (unclosed), in d's text, sorted: the check's
 * findings, or, where its settings left findings out (--select, --ignore,
 * a severity: d->diags.partial), the notes of the same reader of d's text
 * read again, whether or not they are reported: what one fix may do does
 * not depend on which rules run (REVIEW.md R81: under --select
 * sgf-empty-node, the `;` of `;B[aa];[y x 70];[x]` was refused as after
 * a property's values, which it is not; under --ignore
 * sgf-unclosed-value, the `;` of `M[ee LF ][ff];[aa]` was taken out,
 * the values joined to M's as SGFC reads them). */
static void reading_at(const struct document *d, size_t **stray, size_t *nstray,
		       size_t **unclosed, size_t *nunclosed)
{
	if (!d->diags.partial) {
		*stray = findings_at(d, &rule_sgf_value_without_property, nstray);
		*unclosed = findings_at(d, &rule_sgf_unclosed_value, nunclosed);
		return;
	}
	struct sgf_notes notes = { 0 };
	struct sgf_games games = { 0 };
	sgf_read(d->text ? d->text : "", d->len, &games, &notes);
	*stray = notes_at(d, &notes, &rule_sgf_value_without_property, nstray);
	*unclosed = notes_at(d, &notes, &rule_sgf_unclosed_value, nunclosed);
	sgf_games_free(&games);
	sgf_notes_free(&notes);
}

bool sgf_reading_guessed(const struct document *d)
{
	if (!d->diags.partial) {
		for (size_t i = 0; i < d->diags.len; i++)
			if (d->diags.items[i].rule == &rule_sgf_unclosed_value)
				return true;
		return false;
	}
	size_t nstray, *stray, nunclosed, *unclosed;
	reading_at(d, &stray, &nstray, &unclosed, &nunclosed);
	free(stray);
	free(unclosed);
	return nunclosed > 0;
}

/* Why a fix of the two that make and unmake a node's `;` is not offered,
 * where the other would undo it round after round (neither applied, both
 * offered again): a node made of properties with no `;` before them that
 * reads empty (`(b]`: `b` has no value, ignored) is an empty node, whose
 * fix takes the `;` written out again; and an empty node with no `;` in
 * the text has none to take out (its first byte is a property's); nor is
 * an empty node's where its `;` cut a short value that a `]` then closes.
 * NULL when the fix at from is none of these. */
#define UNDONE_NEAR 64

/* The offset of the first `]` not escaped from i on in t's len bytes, or
 * len. */
static size_t to_close(const char *t, size_t len, size_t i)
{
	while (i < len && t[i] != ']')
		i += t[i] == '\\' ? 2 : 1;
	return i < len ? i : len;
}

/* The first `]` not escaped after each of at[0..n) (sorted offsets in t's
 * len bytes), or len: to_close's answers, each scan stopping where it
 * meets a later offset, whose answer is then its own (found from the
 * last back). 20,000 values whose `]` was lost before one `]` at the end
 * were each scanned to it: 27 s. */
static size_t *guessed_closes(const char *t, size_t len, const size_t *at, size_t n)
{
	size_t *closes = xcalloc(n + 1, sizeof *closes);
	for (size_t i = n; i-- > 0;) {
		size_t k = at[i], m = i + 1;
		for (;;) {
			while (m < n && at[m] < k)
				m++;
			if (m < n && at[m] == k && k > at[i]) {
				closes[i] = closes[m];
				break;
			}
			if (k >= len || t[k] == ']') {
				closes[i] = k < len ? k : len;
				break;
			}
			k += t[k] == '\\' ? 2 : 1;
		}
	}
	return closes;
}


/* Where joins_guessed's walk from the `]` after a guessed value (the
 * lo-th's) got to, kept for the next `;` asked (asked in order along the
 * text): each walk went from that `]` over every node before its `;`, so
 * 50,000 `;[aa]` after M[ee LF ][ff] took 8 s. A place the walk reached
 * (where it looks at a byte that is no blank) is where a later one, whose
 * bound is further, reaches too: it goes on from there. */
struct chain_walk {
	size_t lo;   /* 0: none */
	size_t at;
};

/* Whether the values after an empty node's `;` at from would join a
 * value whose `]` the reader guessed (an sgf-unclosed-value finding
 * before it): M[ee LF ][ff];[aa][bb] read as M[ee] and stray values, where
 * SGFC (FF[3]'s grammar) reads M[ee][ff], which the `;` taken out gives
 * [aa][bb] too (REVIEW.md R29). Asked of the `]` the other reading closes
 * that value with, the first after its `[`: the `;` joins when only
 * values, blanks and other nodes' `;` stand between that `]` and it (a `;` inside the
 * guessed text, M[ee LF ;][ff];[aa], is that value's: R43); and when
 * the `;` itself is before that `]`, in the text that reading gives the
 * value. Asked in order along the text (w: where the last walk got to). */
static bool joins_guessed(const char *t, size_t len, size_t from, const size_t *unclosed,
			  const size_t *closes, size_t nunclosed, struct chain_walk *w)
{
	size_t j = from + 1;
	while (j < len && sgf_blank(t[j]))
		j++;
	if (!nunclosed || j >= len || t[j] != '[')
		return false;
	size_t lo = bound_sizes_from(unclosed, nunclosed, from);   /* after the last before from */
	if (!lo)
		return false;
	size_t k = closes[lo - 1];
	if (k >= from)
		return true;   /* the `;` inside the text the other reading gives it */
	k++;
	if (w->lo == lo && w->at > k && w->at <= from)
		k = w->at;
	while (k < from) {
		while (k < from && sgf_blank(t[k]))
			k++;
		*w = (struct chain_walk){ lo, k };
		/* an empty node's `;` between (`SZ[19` CR `];;[aa]`): the same
		 * round takes it out too, and SGFC reads SZ[19][aa] (fix_mutations
		 * seed 32 c00281) */
		if (k < from && t[k] == ';') {
			k++;
			continue;
		}
		if (k == from || t[k] != '[')
			break;
		k = to_close(t, from, k + 1) + 1;
	}
	return k == from;
}

/* Whether a value whose `]` the reader guessed (an sgf-unclosed-value
 * finding, unclosed sorted) begins inside [from, to): a merge of a
 * property given again across it (`W[qdC[the cut]W[qdC[the cut]` LF
 * `;B[ee]`, C merged) leaves that value before a line break, where SGFC
 * reads it on through the next node (fix_mutations seeds 7 and 8). */
static bool spans_guessed(size_t from, size_t to, const size_t *unclosed, size_t nunclosed)
{
	size_t lo = bound_sizes_from(unclosed, nunclosed, from);
	return lo < nunclosed && unclosed[lo] < to;
}

/* Where the text of a node from i on ends (its next `;`, `(` or `)`
 * outside its values, or len), and whether it holds an id (*id): in an
 * empty node, one read as nothing. Asked of an empty node up to where the
 * reader found the next one (len): the walks of a run of empty nodes are
 * then apart, however a value's `]` was lost between them. */
static size_t node_text_end(const char *t, size_t len, size_t i, bool *id)
{
	*id = false;
	while (i < len && t[i] != ';' && t[i] != '(' && t[i] != ')') {
		*id |= sgf_letter(t[i]);
		i = t[i] == '[' ? to_close(t, len, i + 1) + 1 : i + 1;
	}
	return i < len ? i : len;
}

/* Whether [from, to) of t's len bytes takes out the `]` a reader that
 * does not guess ends the value before it whose `]` was lost with (an
 * sgf-unclosed-value finding, unclosed sorted): the first `]` after its
 * `[`, where another `]` follows, to which that reader would then read on.
 * SZ[19PB[\ ]PW[Cho] is SZ[19PB[\ ] and PW[Cho] to SGFC; the empty PB
 * taken out, it read SZ[19PW[Cho], PW lost (REVIEW.md R67). (The file's
 * last `]`, W[dd;C[]): that reader reads W's value on to the end either
 * way.) */
static bool takes_guessed_close(const char *t, size_t len, size_t from, size_t to,
				const size_t *unclosed, const size_t *closes, size_t nunclosed)
{
	size_t lo = bound_sizes_from(unclosed, nunclosed, from);
	if (!lo)
		return false;
	size_t k = closes[lo - 1];
	return k >= from && k < to && to_close(t, len, to) < len;
}

/* Whether [from, to) lies inside the text a reader that does not guess
 * gives the value before it whose `]` was lost (an sgf-unclosed-value
 * finding, unclosed sorted): after its `[`, before the first `]` after it
 * (closes), which that reader ends it with (REVIEW.md R67's other half):
 * SZ[19KM[6,5]PW[Cho] is SZ[19KM[6,5] to SGFC, and KM's fix made it
 * SZ[19KM[6.5]. Not where no `]` follows (that reader reads the value on
 * to the end either way), nor an edit that holds that `]`
 * (takes_guessed_close's). */
static bool inside_guessed(size_t from, size_t to, const size_t *unclosed, const size_t *closes,
			   size_t nunclosed, size_t len)
{
	size_t lo = bound_sizes_from(unclosed, nunclosed, from);
	if (!lo)
		return false;
	size_t k = closes[lo - 1];
	return from > unclosed[lo - 1] && to <= k && k < len;
}

/* Why [from, to) of t's len bytes changes a value whose `]` was lost as a
 * reader that ends it at its first `]` reads it (R67), or NULL. */
static const char *other_reader(const char *t, size_t len, size_t from, size_t to,
				const size_t *unclosed, const size_t *closes, size_t nunclosed)
{
	if (to > from && takes_guessed_close(t, len, from, to, unclosed, closes, nunclosed))
		return "it takes out the `]` that ends the value before it whose `]` was lost, as "
		       "a reader that ends that value at its first `]` reads it: that reader would "
		       "read what follows into the value";
	if (inside_guessed(from, to, unclosed, closes, nunclosed, len))
		return "it lies inside the value before it whose `]` was lost, as a reader that "
		       "ends that value at its first `]` reads it: that reader would read the "
		       "value otherwise";
	return NULL;
}

/* Whether values without a property follow the `;` at t[at] (an empty
 * node's) and would be read as a property's once the `;` is gone: the
 * node before ends with a property's values (`;B[aa];[x]` -> B[aa][x], a
 * value more), or with an id without a value (`;W;[bb]` -> W[bb], a move
 * made); looked for over the `;` of the empty nodes before, which the
 * same round may take out. Values without a property before (`;[x];[y]`
 * -> [x][y]) are none: the reading's, an sgf-value-without-property
 * finding at the first of them (stray, sorted), and only values and
 * blanks from there to the `;` (a backward look took a value holding a
 * `[`, or one of more than 64 bytes, for a property's: REVIEW.md R81).
 * fix_mutations seed 67 (REVIEW.md R56): --fix of `;B[aa];[x]C[];)` left
 * `;B[aa];[x])`, and each --fix offered its `;`, which the guard refused
 * as a changed game, round after round. */
static bool values_join(const char *t, size_t len, size_t at, const size_t *stray, size_t nstray)
{
	size_t i = at, s = at + 1;
	while (s < len && sgf_blank(t[s]))
		s++;
	if (s >= len || t[s] != '[')
		return false;
	for (int k = 0; k < UNDONE_NEAR && i > 0 && (sgf_blank(t[i - 1]) || t[i - 1] == ';'); k++)
		i--;
	if (i > 0 && sgf_letter(t[i - 1]))
		return true;
	if (i == 0 || t[i - 1] != ']')
		return false;
	size_t lo = bound_sizes_from(stray, nstray, i);   /* the last before the `]` */
	if (!lo)
		return true;
	size_t v = stray[lo - 1];
	while (v < i && t[v] == '[') {
		v = to_close(t, i, v + 1) + 1;
		while (v < i && sgf_blank(t[v]))
			v++;
	}
	return v != i;
}

static const char *undone(const struct diag *g, const char *t, size_t len, size_t from,
			  size_t to, const size_t *empty, size_t nempty, const size_t *unclosed,
			  const size_t *closes, size_t nunclosed, struct chain_walk *w, size_t *next,
			  const size_t *stray, size_t nstray)
{
	if (g->rule == &rule_sgf_empty_node && t[from] != ';')
		return "the node has no `;` to take out: its properties, which are not read, "
		       "stay as they are";
	if (g->rule == &rule_sgf_empty_node) {
		/* B[tt;;] (or B[tt; ;]): the first `;` ends the point whose `]`
		 * was lost; taken out, B[tt;] reads as a kept value, the move lost.
		 * Looked for near the node only (a short value, a short run of
		 * `;`): 400,000 bare nodes on a line, each scanned to the line's
		 * start, took 98 s. A longer run loses its far nodes round by
		 * round until the rest are near. */
		size_t i = from, j = from;
		for (int k = 0; k < UNDONE_NEAR && i > 0 && t[i - 1] != '[' &&
				(t[i - 1] != ']' || (i > 1 && t[i - 2] == '\\')); k++)
			i--;
		for (int k = 0; k < UNDONE_NEAR && j < len && (t[j] == ';' || sgf_blank(t[j])); k++)
			j++;
		if (i > 0 && t[i - 1] == '[' && j < len && t[j] == ']')
			return "its `;` ends a value whose `]` was lost: taken out, the value "
			       "would read on to the `]` after it";
		if (joins_guessed(t, len, from, unclosed, closes, nunclosed, w))
			return "the values after its `;` would join a value whose `]` was lost "
			       "before it, as a reader that closes that value elsewhere reads them";
		if (values_join(t, len, from, stray, nstray))
			return "the values after its `;` have no property: taken out, they would "
			       "be read as the values of the property before it";
		/* ((;;GM[1]...: a variation's empty first node inside a game (its
		 * `(` after a `(` or a node's value); taken out, the `(` would
		 * start a node with GM or FF, read as a game of its own (the games
		 * of a collection held as variations made games: mutation seed 1) */
		size_t b = from, n = from + 1, a;
		while (b > 0 && sgf_blank(t[b - 1]))
			b--;
		while (n < len && sgf_blank(t[n]))
			n++;
		for (a = b > 0 ? b - 1 : 0; a > 0 && sgf_blank(t[a - 1]); a--)
			;
		/* (;W;W[bb]: the node's id, no value, read as nothing; its `;`
		 * taken out, the id would stand after the `(`, outside any node
		 * (REVIEW.md R58: a warning added, the empty node said again);
		 * so after stray text too, (;[x]W; and (;]W;, and after the
		 * empty nodes of its run, whose `;` the same round takes out,
		 * (;;W; or (;[aa];W; (R72). A node of stray values before variations,
		 * (;[x](;W[bb]), is one before variations (R71). */
		bool id;
		while (*next < nempty && empty[*next] < n)   /* the reader's next empty node */
			++*next;
		size_t end = node_text_end(t, *next < nempty ? empty[*next] : len, n, &id);
		/* Walked back only from a node that holds an id: a walk stops at
		 * the id of the node before, so the text is walked once, not once
		 * an empty node (400,000 bare `;` in a row, tests/bounds.sh). */
		size_t r = id ? b : 0;
		while (r > 0) {
			if (sgf_blank(t[r - 1]) || t[r - 1] == ';') {
				r--;
				continue;
			}
			size_t v = r - 1;   /* a value without a property: (;[aa];W; */
			for (int k = 0; k < UNDONE_NEAR && v > 0 && t[v - 1] != '['; k++)
				v--;
			if (t[r - 1] != ']' || !v || t[v - 1] != '[')
				break;
			r = v - 1;
		}
		if (r > 0 && t[r - 1] == '(' && id)
			return "its `;` opens its variation, and the properties it holds are not "
			       "read: taken out, they would stand outside any node";
		if (b > 0 && t[b - 1] == '(' && end < len && t[end] == '(')
			return "the node opens its variation, and variations follow it: without its "
			       "`;` the variation would have no node";
		if (b > 0 && t[b - 1] == '(' && a > 0 && (t[a - 1] == '(' || t[a - 1] == ']') &&
		    n < len && t[n] == ';') {
			size_t e = n + 1;
			while (e < len && e - n < UNDONE_NEAR && t[e] != ';' && t[e] != '(' && t[e] != ')' &&
			       t[e] != '[')
				e++;
			for (size_t k = n + 1; k + 2 < len && k < e + 1; k++)
				if ((t[k] == 'G' && t[k + 1] == 'M') || (t[k] == 'F' && t[k + 1] == 'F'))
					return "the variation's next node holds GM or FF: taken out, its `(` "
					       "would start a game of its own";
		}
	}
	if (g->rule == &rule_sgf_duplicate_property && spans_guessed(from, to, unclosed, nunclosed))
		return "it spans a value whose `]` was lost: a reader that closes that value "
		       "elsewhere would read the values moved otherwise";
	if (g->rule == &rule_sgf_missing_semicolon && nempty &&
	    bsearch(&from, empty, nempty, sizeof *empty, by_offset))
		return "the node reads empty (its properties are not read): a `;` written "
		       "would make an empty node, whose fix takes it out again";
	return other_reader(t, len, from, to, unclosed, closes, nunclosed);
}

/* The offset of the last `]` not escaped in t's len bytes (len: none). */
static size_t last_close(const char *t, size_t len)
{
	size_t last = len;
	for (size_t k = to_close(t, len, 0); k < len; k = to_close(t, len, k + 1))
		last = k;
	return last;
}

/* Whether an edit of [from, to) in a value the file ends inside (after
 * the text's last `]`, close), or in one before it and on into it, a later
 * value of one property (R101: RE[xyz][W+R cut, RE[?GC[RE[xyz\][W+R\]]),
 * writes a `[` before any `]`: the value, with no `]` of its own, would
 * read on into what it writes (seed 219: `(;GM[1]SZ[19DT[1997-` cut, DT's
 * unsafe repair wrote DT[1997GC[DT[1997-\]], round after round). */
static bool writes_into_open(const char *t, size_t len, size_t from, size_t to, size_t close,
			     const char *text)
{
	size_t k = close + 1;   /* the open value's `[`, right after that `]` */
	while (k < len && sgf_blank(t[k]))
		k++;
	if (close != len && from <= close && (k >= len || t[k] != '[' || to <= k))
		return false;
	size_t i = from;
	while (i > 0 && i - 1 != close && ((t[i - 1] != '[' && t[i - 1] != ']') ||
					   (i > 1 && t[i - 2] == '\\')))
		i--;
	if (i == 0 || t[i - 1] != '[')
		return false;
	for (const char *c = text ? text : ""; *c; c++) {
		if (*c == '\\' && c[1])
			c++;
		else if (*c == ']' || *c == '[')
			return *c == '[';
	}
	return false;
}

/* Why an edit at from writing text is not made where it writes a `[`
 * into a value the file ends inside (writes_into_open), or NULL; *close:
 * the text's last `]`, found once (SIZE_MAX: not yet), asked only of a
 * fix that writes a `[`. */
static const char *into_open(const char *t, size_t len, size_t from, size_t to,
			     const char *text, size_t *close)
{
	if (!text || !strchr(text, '['))
		return NULL;
	if (*close == SIZE_MAX)
		*close = last_close(t, len);
	return writes_into_open(t, len, from, to, *close, text)
		? "it writes a value's `[` inside a value the file ends in, whose `]` was lost: "
		  "that value would read on into what it writes"
		: NULL;
}

/* Why no fix lies in, over or into a range of sgf_nul_values (REVIEW.md
 * R96, R103, R107: the reading drops a NUL, what it measures and copies
 * there is short of the file's bytes) or of sgf_replaced_values (R109). */
static const char NUL_WHY[] = "it lies in or over a value that holds a NUL byte, which the reading "
			      "drops: what it measures and writes there is the text without it, not "
			      "the file's bytes";
static const char REPLACED_WHY[] = "it lies in or over a value that holds bytes the reading could "
				   "not read, read as U+FFFD: it would write U+FFFD there, not the "
				   "file's bytes";

/* Why an empty node's `;` at from stays: its variation would have no node. */
static const char *node_stays(const char *t, size_t len, size_t from, const struct range *emptied,
			      size_t nemptied, struct run_walk *walk)
{
	if (opens_tree_before_variations(t, len, from))
		return "the node opens its variation, and variations follow it: without "
		       "its `;` the variation would have no node";
	if (last_node_stays(t, len, from))
		return "it ends its variation, not after a node's value, or the file: "
		       "without its `;` the variation could be left with no node";
	return run_ends_emptied(t, len, from, emptied, nemptied, walk);
}

static int by_text_start(const void *x, const void *y)
{
	const struct sgf_placed *p = x, *q = y;
	return p->a < q->a ? -1 : p->a > q->a ? 1 : p->diag < q->diag ? -1 : p->diag > q->diag;
}

/* Why a repair that moves a value's words (into GC, a Text joined) is not
 * written in a file of a set other than UTF-8: said in its finding too. */
static const char NOT_ASCII[] = "the text it writes is not the file's set's to write (a character "
				"not in it, or one written with a byte `\\` or `]`)";

/* Why a fix's text is not the file's to write, by sgf_file_text's kind. */
static const char *const TEXT_WHY[] = { NULL, NOT_ASCII, REPLACED_WHY, NUL_WHY };

size_t sgf_fix_place(const struct document *d, const char *bytes, size_t len, const char *set,
			struct sgf_placed **out)
{
	size_t n = 0, skip = len >= 3 && !memcmp(bytes, "\xEF\xBB\xBF", 3) ? 3 : 0;
	for (size_t i = 0; i < d->diags.len; i++)
		n += one_edit(&d->diags.items[i]);
	/* Why nothing is written in a set that does not keep ASCII, the one
	 * reason, kept after the placements (freed with them); or the
	 * characters that escape their second byte, the fixes placed around
	 * them */
	struct buf unwritable = BUF_INIT;
	struct sgf_escapes esc;
	if (n)
		walkable(bytes, len, set, &unwritable, &esc);
	else
		esc = (struct sgf_escapes){ .n = 0 }, snprintf(esc.set, sizeof esc.set, "%s", set);
	struct sgf_placed *p = xcalloc(1, (n + 1) * sizeof *p + unwritable.len + 1);
	char *why_unwritable = (char *)(p + n + 1);
	memcpy(why_unwritable, unwritable.data ? unwritable.data : "", unwritable.len);
	buf_free(&unwritable);
	n = 0;
	for (size_t i = 0; i < d->diags.len; i++)
		if (one_edit(&d->diags.items[i]))
			p[n++] = (struct sgf_placed){ i, d->diags.items[i].fix->ops[0].bytes.start, 0, false,
						      NULL, NULL };
	sort_items(p, n, sizeof *p, by_text_start);
	set = esc.set;
	bool in_set = ascii_set(set);
	struct charset_walk k;
	charset_walk_start(&k, skip);
	const char *t = d->text;
	size_t nempty, *empty = findings_at(d, &rule_sgf_empty_node, &nempty);
	size_t nunclosed, *unclosed, nstray, *stray;
	reading_at(d, &stray, &nstray, &unclosed, &nunclosed);
	/* The first `]` after each guessed value, found once: asked of every
	 * fix, a scan from the value each time walked the text once a fix. */
	size_t *closes = guessed_closes(t, d->len, unclosed, nunclosed);
	size_t nemptied;
	struct range *emptied = emptied_at(d, &nemptied);
	struct run_walk walk = { .asked = false };
	struct chain_walk chain = { 0, 0 };
	size_t next_empty = 0, close = SIZE_MAX;   /* empty[]'s next to ask; into_open's `]` */
	size_t nnul = 0, next_nul = 0, *nul = n ? sgf_nul_values(t, d->len, &nnul) : NULL;
	size_t nrep = 0, next_rep = 0,
	       *rep = n ? sgf_replaced_values(t, d->len, bytes, len, !strcmp(set, "UTF-8"), &nrep) : NULL;
	struct sgf_file_text in_file = { t, d->len, bytes, len, skip, &esc, d->loc, nrep > 0, k, 0 };
	for (size_t j = 0; j < n; j++) {
		const struct fix_op *op = &d->diags.items[p[j].diag].fix->ops[0];
		size_t from = op->bytes.start, to = op->bytes.end;
		p[j].why = why_unwritable;
		if (!in_set)
			continue;
		unsigned long l1, c1, l2, c2;
		locator_linecol(d->loc, from, &l1, &c1);
		locator_linecol(d->loc, to, &l2, &c2);
		size_t a = charset_walk_to(&k, bytes, len, skip, set, esc.at, esc.n, l1, c1);
		struct charset_walk e = k;
		size_t b = a == SIZE_MAX ? SIZE_MAX
					 : charset_walk_to(&e, bytes, len, skip, set, esc.at, esc.n, l2, c2);
		char *text = NULL;
		enum sgf_text_kind kind =
			a == SIZE_MAX ? SGF_TEXT_OK : sgf_file_text(&in_file, from, to, &k, op->text, &text);
		if (kind && (p[j].why = TEXT_WHY[kind]))   /* (a why for each kind but OK) */
			continue;
		/* The characters around it are the decoded text's (ASCII ones
		 * byte for byte): else it is not placed. */
		bool ok = b != SIZE_MAX && b >= a;
		if (ok && from > 0 && a > skip && !((unsigned char)t[from - 1] & 0x80))
			ok = bytes[a - 1] == t[from - 1];
		if (ok && to < d->len && !((unsigned char)t[to] & 0x80))
			ok = b < len && bytes[b] == t[to];
		p[j].why = "its place in the file's bytes could not be found";
		const struct diag *g = &d->diags.items[p[j].diag];
		const char *why = !ok ? NULL
				  : sgf_in_ranges(from, to, nul, nnul, &next_nul)   ? NUL_WHY
				  : sgf_in_ranges(from, to, rep, nrep, &next_rep) ? REPLACED_WHY
										  : NULL;
		if (ok && !why && g->rule == &rule_sgf_empty_node)
			why = node_stays(t, d->len, from, emptied, nemptied, &walk);
		if (ok && !why && !(why = undone(g, t, d->len, from, to, empty, nempty, unclosed, closes,
						 nunclosed, &chain, &next_empty, stray, nstray)))
			why = into_open(t, d->len, from, to, op->text, &close);
		if (ok && why)
			ok = false, p[j].why = why;
		if (ok)
			p[j] = (struct sgf_placed){ p[j].diag, a, b, true, NULL, text };
		else
			free(text);
	}
	free(nul);
	free(rep);
	free(empty);
	free(unclosed);
	free(stray);
	free(closes);
	free(emptied);
	free(esc.at);
	*out = p;
	return n;
}

void sgf_placed_free(struct sgf_placed *p, size_t n)
{
	for (size_t j = 0; p && j < n; j++)
		free(p[j].text);
	free(p);
}

void sgf_fix_offer(struct document *doc, const char *bytes, size_t len, const char *set)
{
	struct sgf_placed *p;
	size_t n = sgf_fix_place(doc, bytes, len, set, &p), m = 0;
	/* whether the text of each written as the file's bytes says them */
	const char **told = xcalloc(2 * n + 1, sizeof *told);
	for (size_t j = 0; j < n; j++)
		if (p[j].ok && p[j].text)
			told[m++] = doc->diags.items[p[j].diag].fix->ops[0].text, told[m++] = p[j].text;
	bool *says = xcalloc(m / 2 + 1, sizeof *says);
	if (m)
		sgf_texts_say(told, m / 2, set, says);
	for (size_t j = 0, k = 0; j < n; j++) {
		struct diag *g = &doc->diags.items[p[j].diag];
		if (p[j].ok) {   /* where -f json's edits are in the file */
			g->fix->ops[0].bytes.file_start = (uint32_t)p[j].a;
			g->fix->ops[0].bytes.file_end = (uint32_t)p[j].b;
			g->fix->ops[0].bytes.in_file = true;
			g->fix->ops[0].bytes.unsaid = p[j].text && !says[k++];
		} else {
			fix_free(g->fix);
			g->fix = NULL;
		}
		if (!p[j].ok && p[j].why == NOT_ASCII) {   /* (the others: --fix says them) */
			char *said = xasprintf("%s (no fix offered: %s)", g->message, NOT_ASCII);
			free(g->message);
			g->message = said;
		}
	}
	free(told);
	free(says);
	sgf_placed_free(p, n);
}

void sgf_fix_moved(struct document *doc, size_t moved)
{
	for (size_t i = 0; i < doc->diags.len; i++) {
		struct fix *f = doc->diags.items[i].fix;
		if (f && f->nops == 1 && f->ops[0].kind == FIX_BYTES && f->ops[0].bytes.in_file) {
			f->ops[0].bytes.file_start += (uint32_t)moved;
			f->ops[0].bytes.file_end += (uint32_t)moved;
		}
	}
}

struct charset_file *sgf_file_kept(char *bytes, size_t len, const char *set)
{
	struct buf why = BUF_INIT;
	struct sgf_escapes esc;
	bool ok = walkable(bytes, len, set, &why, &esc);
	buf_free(&why);
	if (!ok) {
		free(bytes);
		free(esc.at);
		return NULL;
	}
	struct charset_file *f = xcalloc(1, sizeof *f);
	*f = (struct charset_file){ .bytes = bytes, .len = len, .esc = esc.at, .nesc = esc.n };
	f->skip = len >= 3 && !memcmp(bytes, "\xEF\xBB\xBF", 3) ? 3 : 0;
	snprintf(f->set, sizeof f->set, "%s", esc.set);
	charset_walk_start(&f->at, f->skip);
	return f;
}
