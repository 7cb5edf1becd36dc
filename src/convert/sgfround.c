/* sgfround: a round of --fix on SGF where it is: the edits of a check's
 * fixes placed in the file's bytes, applied where they do not overlap, and
 * the guard (issue 70): the games the bytes then read as compared with
 * those before (convert/sgfsame.c), so that the fix loop (lint/fixloop.c)
 * searches a round that changes more than what its fixes' findings name
 * for the fix that does, and refuses it. --fix's rounds (convert/sgffix.c)
 * and a check's offer (what --fix would write) are both such rounds. */
#include "convert/sgfround.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/locate.h"
#include "core/catalog.h"
#include "core/diag.h"
#include "core/fix.h"
#include "convert/sgfedit.h"

static int by_start(const void *a, const void *b)
{
	const struct sgf_edit *x = a, *y = b;
	return x->start < y->start ? -1 : x->start > y->start;
}

static struct sgf_pos pos_of(struct document *d, size_t offset)
{
	unsigned long l, c;
	locator_linecol(d->loc, offset, &l, &c);
	return (struct sgf_pos){ (uint32_t)l, (uint32_t)c };
}

size_t sgf_round_edits(struct document *d, const char *bytes, size_t len, const char *set,
		       bool unsafe, struct fix_refusals *r, struct sgf_edit **out)
{
	struct sgf_placed *p;
	size_t np = sgf_fix_place(d, bytes, len, set, &p), n = 0, cap = 0;
	*out = NULL;
	for (size_t j = 0; j < np; j++) {
		const struct diag *g = &d->diags.items[p[j].diag];
		if ((g->fix->safety == FIX_UNSAFE && !unsafe) || fix_refused(r, g))
			continue;
		const struct fix_op *op = &g->fix->ops[0];
		if (!p[j].ok) {
			struct sgf_pos at = pos_of(d, op->bytes.start);
			fix_refusals_add(r, g, at.line, at.col, p[j].why, false);
			continue;
		}
		*out = xgrow(*out, &cap, n + 1, sizeof **out);
		(*out)[n++] = (struct sgf_edit){ p[j].a, p[j].b, op->text, g,
						 pos_of(d, op->bytes.start), pos_of(d, op->bytes.end) };
	}
	free(p);
	sort_items(*out, n, sizeof **out, by_start);
	return n;
}

bool sgf_round_write(const char *bytes, size_t len, const struct sgf_edit *e, size_t n,
		     const bool *take, bool *used, struct buf *next)
{
	size_t at = 0, last = SIZE_MAX;
	bool any = false;
	buf_truncate(next, 0);
	for (size_t i = 0; i < n; i++) {
		used[i] = false;
		if ((take && !take[i]) || (any && (e[i].start < at || e[i].start == last)))
			continue;
		last = e[i].start;
		buf_add(next, bytes + at, e[i].start - at);
		buf_adds(next, e[i].text);
		at = e[i].end;
		used[i] = any = true;
	}
	if (any)   /* none: no copy of the bytes (a check's offer of a 10 MB file) */
		buf_add(next, bytes + at, len - at);
	return any;
}

bool sgf_round_keeps(const struct sgf_digest *was, const struct sgf_digest *now,
		     const struct sgf_edit *e, size_t n, const bool *used, struct buf *why)
{
	struct buf ids = BUF_INIT;
	bool unsafe = false;
	struct sgf_span *spans = xcalloc(n + 1, sizeof *spans);
	size_t k = 0;
	buf_addc(&ids, ' ');
	for (size_t i = 0; i < n; i++) {
		if (!used[i])
			continue;
		unsafe |= e[i].diag->fix->safety == FIX_UNSAFE;
		spans[k++] = (struct sgf_span){ e[i].from, e[i].to,
						e[i].diag->rule == &rule_sgf_lowercase_property };
	}
	sgf_digest_named(was, spans, k, &ids);
	free(spans);
	bool same = sgf_digest_same(was, now, ids.data, unsafe, why);
	buf_free(&ids);
	return same;
}

const struct diag *sgf_round_finding(void *round, size_t i)
{
	return ((struct sgf_round *)round)->e[i].diag;
}

bool sgf_round_write_next(void *round, const bool *take, bool *used)
{
	struct sgf_round *r = round;
	return sgf_round_write(r->bytes, r->len, r->e, r->n, take, used, &r->next);
}

bool sgf_round_reads_same(void *round, const bool *used, bool full, struct buf *why)
{
	struct sgf_round *r = round;
	(void)full;
	struct sgf_digest now = { .text = BUF_INIT };
	sgf_digest_read(&now, r->next.data ? r->next.data : "", r->next.len);
	bool same = sgf_round_keeps(r->was, &now, r->e, r->n, used, why);
	sgf_digest_free(&now);
	return same;
}

void sgf_round_forget(struct sgf_round *r)
{
	free(r->starts);
	r->starts = NULL;
	r->nstarts = SIZE_MAX;
}

static int by_pos(const void *a, const void *b)
{
	const struct sgf_pos *x = a, *y = b;
	return x->line != y->line ? (x->line < y->line ? -1 : 1) :
	       x->col != y->col ? (x->col < y->col ? -1 : 1) : 0;
}

/* The ordinal of the node of was that at is in (the last to begin at or
 * before it), plus one; 0: before the first. */
static size_t node_at(const struct sgf_round *r, struct sgf_pos at)
{
	size_t lo = 0, hi = r->nstarts;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (by_pos(&r->starts[mid], &at) <= 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo;
}

bool sgf_round_still(void *round, const bool *used, unsigned long *line, unsigned long *col)
{
	struct sgf_round *r = round;
	if (r->nstarts == SIZE_MAX) {   /* once a round: where was's nodes begin */
		r->nstarts = 0;
		r->starts = xmalloc((r->was->len + 1) * sizeof *r->starts);
		for (size_t i = 0; i < r->was->len; i++)
			if (r->was->places[i].id == SIZE_MAX)
				r->starts[r->nstarts++] = r->was->places[i].pos;
		sort_items(r->starts, r->nstarts, sizeof *r->starts, by_pos);
	}
	struct sgf_pos at = { (uint32_t)*line, (uint32_t)*col };
	size_t node = node_at(r, at);
	long shift = 0;
	for (size_t i = 0; i < r->n; i++) {
		if (!used[i])
			continue;
		const struct sgf_edit *e = &r->e[i];
		/* its node or one beside it: the values after an empty node's
		 * `;` join the property before it */
		if (node_at(r, e->from) <= node + 1 && node_at(r, e->to) + 1 >= node)
			return false;
		if (by_pos(&e->from, &at) > 0)
			continue;   /* after it: its place is as it was */
		if (e->from.line != e->to.line || strpbrk(e->text, "\r\n"))
			return false;   /* lines moved: its place is not followed */
		if (e->to.line == at.line) {
			long chars = 0;
			for (const char *t = e->text; *t; t++)
				chars += ((unsigned char)*t & 0xC0) != 0x80;
			shift += chars - (long)(e->to.col - e->from.col);
		}
	}
	*col = (unsigned long)((long)*col + shift);
	return true;
}

/* Whether the bracket at i is escaped (an odd run of `\\` before it). */
static bool escaped(const char *bytes, size_t i)
{
	size_t slashes = 0;
	while (slashes < i && bytes[i - 1 - slashes] == '\\')
		slashes++;
	return slashes % 2;
}

/* Whether [a, b) of the decoded text (len bytes) lies inside one value,
 * closed: the nearest `[` or `]` not escaped before a is a `[` and after
 * b a `]` (a `[` between, as in a value cut short that the reader closes,
 * says no), neither they hold a `]` or a `\\` (a `[` there is the value's
 * own) nor what is written a bracket or a `\\`. The text is UTF-8, read on characters: a Shift_JIS second byte is
 * no bracket there. */
static bool in_value(const char *t, size_t len, size_t a, size_t b, const char *text)
{
	if (b > len || memchr(t + a, ']', b - a) || memchr(t + a, '\\', b - a) ||
	    strpbrk(text, "[]\\"))
		return false;
	size_t i = a, j = b;
	while (i-- > 0 && ((t[i] != '[' && t[i] != ']') || escaped(t, i)))
		;
	while (j < len && ((t[j] != '[' && t[j] != ']') || escaped(t, j)))
		j++;
	return i != SIZE_MAX && t[i] == '[' && j < len && t[j] == ']';
}

/* Whether every edit used only rewrites what a value says: the guard has
 * nothing to find (it changes the property its finding names, and no
 * other), and reads nothing (REVIEW.md R7: a check's 600 CA fixes). Read
 * in doc's text, where its findings' fixes are placed. Not where the
 * reader guessed where a value ends (sgf-unclosed-value): its brackets
 * are not the reading's, as in FF[4;b] (FF read as `4`, the `;` an empty
 * node's, which taken out makes FF `4b`: --fix refuses it, so must the
 * offer; fix_mutations seed 1). */
static bool values_only(const struct document *doc, const struct sgf_edit *e, size_t n,
			const bool *used)
{
	for (size_t i = 0; i < doc->diags.len; i++)
		if (doc->diags.items[i].rule == &rule_sgf_unclosed_value)
			return false;
	for (size_t i = 0; i < n; i++) {
		const struct fix_op *op = &e[i].diag->fix->ops[0];
		if (used[i] && (op->kind != FIX_BYTES || !doc->text ||
				!in_value(doc->text, doc->len, op->bytes.start, op->bytes.end,
					  op->text ? op->text : "")))
			return false;
	}
	return true;
}

/* One pass of a check's offer: the safe fixes, or (unsafe) the unsafe
 * ones alone, as --fix takes them (in passes of their own: with an
 * unsafe fix in the round, the guard lets values be gained, which let a
 * safe fix's `;` taken out give SZ stray values: fix_mutations seed 2),
 * judged and searched as --fix's search does; those refused added to r.
 * was: the bytes' digest, read once (*read). */
static void offer_pass(struct document *doc, const char *bytes, size_t len, const char *set,
		       bool unsafe, struct fix_refusals *r, struct sgf_digest *was, bool *read)
{
	struct sgf_round round = { bytes, len, NULL, 0, was, BUF_INIT, NULL, SIZE_MAX };
	round.n = sgf_round_edits(doc, bytes, len, set, unsafe, r, &round.e);
	size_t k = 0;
	for (size_t i = 0; i < round.n; i++)
		if ((round.e[i].diag->fix->safety == FIX_UNSAFE) == unsafe)
			round.e[k++] = round.e[i];
	round.n = k;
	bool *used = xcalloc(round.n + 1, sizeof *used);
	/* The guard's readings are paid only where there is a fix to offer. */
	if (sgf_round_write_next(&round, NULL, used) && !values_only(doc, round.e, round.n, used)) {
		if (!*read)
			sgf_digest_read(was, bytes, len);
		*read = true;
		if (!sgf_round_reads_same(&round, used, false, NULL))
			fix_loop_search(&(const struct fix_source){
				.finding = sgf_round_finding, .write = sgf_round_write_next,
				.keeps = sgf_round_reads_same }, &round, round.n, used, r);
	}
	free(used);
	free(round.e);
	buf_free(&round.next);
}

void sgf_round_offer(struct document *doc, const char *bytes, size_t len, const char *set)
{
	sgf_fix_offer(doc, bytes, len, set);
	struct fix_refusals refused = { 0 };
	struct sgf_digest was = { .text = BUF_INIT };
	bool read = false;
	offer_pass(doc, bytes, len, set, false, &refused, &was, &read);
	offer_pass(doc, bytes, len, set, true, &refused, &was, &read);
	sgf_digest_free(&was);
	fix_refusals_unoffer(&refused, doc);
	fix_refusals_free(&refused);
}
