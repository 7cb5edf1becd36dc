/* fixloop: --fix's one loop (fixloop.h): the fixes of a source's check
 * written, the result read again and judged by the source, round after
 * round until none applies; a round that does not keep what the text held
 * searched by halves for the fix that spoils it, which is left out. */
#include "lint/fixloop.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/bound.h"
#include "base/jstring.h"
#include "core/diag.h"
#include "core/fix.h"
#include "core/rule.h"
#include "read/load.h"

void fix_tally_add(struct fix_tally *t, const struct rule *rule)
{
	t->total++;
	for (size_t i = 0; i < t->len; i++) {
		if (t->items[i].rule == rule) {
			t->items[i].count++;
			return;
		}
	}
	t->items = xgrow(t->items, &t->cap, t->len + 1, sizeof *t->items);
	t->items[t->len++] = (struct fix_count){ rule, 1 };
}

void fix_tally_free(struct fix_tally *t)
{
	free(t->items);
	free(t->notes);
	*t = (struct fix_tally){ 0 };
}

static bool refuses(struct fix_refusal *f, const struct diag *d)
{
	if (f->refused && f->rule == d->rule && f->at_line == d->line && f->at_col == d->col &&
	    strcmp(f->message, d->message) == 0)
		return f->seen = true;
	return false;
}

static int at_cmp(const struct fix_refusal_at *a, unsigned long line, unsigned long col)
{
	return a->line != line ? (a->line < line ? -1 : 1) :
	       a->col != col ? (a->col < col ? -1 : 1) : 0;
}

static int by_place(const void *a, const void *b)
{
	const struct fix_refusal_at *x = a, *y = b;
	int c = at_cmp(x, y->line, y->col);
	return c ? c : (x->i > y->i) - (x->i < y->i);
}

/* A check asks of each of its findings, a round's refusals being as many
 * (REVIEW.md R39: 2,000 of each, the square): the refusals found by their
 * place, in runs each sorted, a refusal added since the last lookup a run
 * of its own, the last two sorted together while the last is no smaller
 * (each refusal sorted again at most log2 times: REVIEW.md R94, a tail
 * looked through at each lookup was the square again). */
struct refused_ask {
	const struct fix_refusal_at *order;
	unsigned long line, col;
};

static bool at_or_after(const void *ctx, size_t k)
{
	const struct refused_ask *a = ctx;
	return at_cmp(&a->order[k], a->line, a->col) >= 0;
}

bool fix_refused(struct fix_refusals *r, const struct diag *d)
{
	for (; r->sorted < r->len; r->sorted++) {
		r->order = xgrow(r->order, &r->order_cap, r->sorted + 1, sizeof *r->order);
		const struct fix_refusal *f = &r->items[r->sorted];
		r->order[r->sorted] = (struct fix_refusal_at){ f->at_line, f->at_col, r->sorted };
		r->runs[r->nruns++] = r->sorted;
		while (r->nruns > 1 && r->sorted + 1 - r->runs[r->nruns - 1] >=
					     r->runs[r->nruns - 1] - r->runs[r->nruns - 2]) {
			size_t from = r->runs[r->nruns - 2];
			sort_items(r->order + from, r->sorted + 1 - from, sizeof *r->order, by_place);
			r->nruns--;
		}
	}
	for (size_t k = 0; k < r->nruns; k++) {   /* the oldest first */
		size_t end = k + 1 < r->nruns ? r->runs[k + 1] : r->sorted;
		struct refused_ask a = { r->order, d->line, d->col };
		size_t lo = bound_first(r->runs[k], end, at_or_after, &a);
		for (; lo < end && !at_cmp(&r->order[lo], d->line, d->col); lo++)
			if (refuses(&r->items[r->order[lo].i], d))
				return true;
	}
	return false;
}

void fix_refusals_add(struct fix_refusals *r, const struct diag *d, unsigned long line,
		      unsigned long col, const char *why, bool refused)
{
	r->items = xgrow(r->items, &r->cap, r->len + 1, sizeof *r->items);
	r->items[r->len++] = (struct fix_refusal){ d->rule, xstrdup(d->message), line, col,
						   d->line, d->col, xstrdup(why), refused, true };
	r->refused += refused;
}

/* The refusals but those drop says to drop. */
static void refusals_drop(struct fix_refusals *r, bool (*drop)(const struct fix_refusal *))
{
	size_t k = 0;
	for (size_t i = 0; i < r->len; i++) {
		if (!drop(r->items + i)) {
			r->items[k++] = r->items[i];
			continue;
		}
		r->refused -= r->items[i].refused;
		free(r->items[i].message);
		free(r->items[i].why);
	}
	r->len = k;
	r->sorted = r->nruns = 0;
}

static bool every(const struct fix_refusal *f)
{
	(void)f;
	return true;
}

/* Said only (what a source cannot write is said of the last round). */
static bool said(const struct fix_refusal *f)
{
	return !f->refused;
}

/* Refused, of a finding the last round no longer held: of a fix that is
 * gone, nothing to say. */
static bool gone(const struct fix_refusal *f)
{
	return f->refused && !f->seen;
}

void fix_refusals_free(struct fix_refusals *r)
{
	refusals_drop(r, every);
	free(r->items);
	free(r->order);
	*r = (struct fix_refusals){ 0 };
}

void fix_refusals_unoffer(struct fix_refusals *r, struct document *d)
{
	for (size_t i = 0; r->len && i < d->diags.len; i++) {
		struct diag *g = &d->diags.items[i];
		if (g->fix && fix_refused(r, g)) {
			fix_free(g->fix);
			g->fix = NULL;
		}
	}
}

/* doc's findings with a place, by rule, message, line, column and order:
 * a refusal's finding is looked up among its alike (REVIEW.md R76: a scan
 * of every finding a refusal, 20,000 refused empty nodes 19 s). */
/* How finding d stands to (rule, message, line, col), in the order
 * by_kind_place sorts: the one comparison of the sort and its searches. */
static int kind_place(const struct diag *d, const struct rule *rule, const char *message,
		      unsigned long line, unsigned long col)
{
	if (d->rule != rule)
		return (uintptr_t)d->rule < (uintptr_t)rule ? -1 : 1;
	int c = strcmp(d->message, message);
	if (c)
		return c;
	if (d->line != line)
		return d->line < line ? -1 : 1;
	return d->col < col ? -1 : d->col > col;
}

static int by_kind_place(const void *a, const void *b)
{
	const struct diag *x = *(const struct diag *const *)a, *y = *(const struct diag *const *)b;
	int c = kind_place(x, y->rule, y->message, y->line, y->col);
	return c ? c : x < y ? -1 : x > y;
}

struct kind_ask {
	const struct diag *const *by;
	const struct rule *rule;
	const char *message;
	unsigned long line, col;
};

static inline bool kind_not_before(const void *ctx, size_t i)
{
	const struct kind_ask *a = ctx;
	return kind_place(a->by[i], a->rule, a->message, a->line, a->col) >= 0;
}

/* The first of the n sorted findings not before (rule, message, line, col). */
static size_t first_from(const struct diag *const *by, size_t n, const struct rule *rule,
			 const char *message, unsigned long line, unsigned long col)
{
	struct kind_ask a = { by, rule, message, line, col };
	return bound_first(0, n, kind_not_before, &a);
}

static bool alike(const struct diag *d, const struct fix_refusal *f)
{
	return d->rule == f->rule && !strcmp(d->message, f->message);
}

/* Of findings alike (empty nodes), the nearest to where f was, a line
 * counting as 4,096 columns, the first found of those as near: on each
 * line out from f's, the nearest column either side. */
static void nearest(const struct diag *const *by, size_t n, const struct fix_refusal *f,
		    unsigned long *best, const struct diag **pick)
{
	size_t p = first_from(by, n, f->rule, f->message, f->line, 0);
	for (int dir = 0; dir < 2; dir++) {
		/* lines from f's down (dir 0: from p on) or up (dir 1: before p) */
		size_t i = p;
		while (dir ? i > 0 && alike(by[i - 1], f) : i < n && alike(by[i], f)) {
			unsigned long line = by[dir ? i - 1 : i]->line;
			unsigned long dl = line > f->line ? line - f->line : f->line - line;
			if (dl > *best / 4096)
				break;
			size_t from = first_from(by, n, f->rule, f->message, line, 0),
			       at = first_from(by, n, f->rule, f->message, line, f->col),
			       to = first_from(by, n, f->rule, f->message, line + 1, 0);
			/* the first at or after f's column, the first of the column before it */
			size_t cand[2] = { at, at > from ? first_from(by, n, f->rule, f->message, line,
								     by[at - 1]->col) :
							   at };
			for (int k = 0; k < 2; k++) {
				if (cand[k] >= to)
					continue;
				const struct diag *d = by[cand[k]];
				unsigned long far = dl * 4096 +
						    (d->col > f->col ? d->col - f->col : f->col - d->col);
				if (far < *best || (far == *best && *pick && d < *pick))
					*best = far, *pick = d;
			}
			i = dir ? from : to;
		}
	}
}

/* Where f's finding is in doc, the check of the file written (REVIEW.md
 * R23: beside its findings), or where it was found before its round. */
static void placed(const struct fix_refusal *f, const struct diag *const *by, size_t n,
		   unsigned long *line, unsigned long *col)
{
	unsigned long best = (unsigned long)-1;
	const struct diag *pick = NULL;
	nearest(by, n, f, &best, &pick);
	*line = pick ? pick->line : f->line, *col = pick ? pick->col : f->col;
}

/* The notes of r, of doc's file, added to tally's: those the source could
 * not write first, then those refused. */
static void refusals_say(const struct fix_refusals *r, const struct document *doc,
			 struct fix_tally *tally)
{
	struct buf all = BUF_INIT;
	buf_add(&all, tally->notes, tally->notes_len);
	const struct diag **by = NULL;
	size_t n = 0;
	if (r->len) {
		by = xmalloc((doc->diags.len + 1) * sizeof *by);
		for (size_t i = 0; i < doc->diags.len; i++)
			if (doc->diags.items[i].line)
				by[n++] = &doc->diags.items[i];
		sort_items(by, n, sizeof *by, by_kind_place);
	}
	for (int refused = 0; refused < 2; refused++) {
		for (size_t i = 0; i < r->len; i++) {
			const struct fix_refusal *f = &r->items[i];
			if (f->refused != refused)
				continue;
			unsigned long line, col;
			placed(f, by, n, &line, &col);
			buf_adds(&all, "jgflint: note: ");
			shown_text(&all, doc->path);
			buf_printf(&all, ":%lu:%lu: the %s fix was not applied: %s\n", line, col,
				   f->rule->id, f->why);
		}
	}
	free(by);
	free(tally->notes);
	tally->notes_len = all.len;
	tally->notes = all.len ? buf_detach(&all) : NULL;
	buf_free(&all);
}

/* The search: the fixes of set (k of them) tried with those kept and, when
 * they do not keep the text together, each half again, down to one, which
 * is refused. A refused fix costs a reading for each halving (log n), where
 * trying each alone would read the file once a fix (400,000 empty nodes);
 * with most of n fixes refused, ~2n readings of the whole text (REVIEW.md
 * R39: the square of n), so where the source judges each fix alone (and
 * that judgement is the whole reading's, together too), a set of such
 * fixes is judged by theirs, reading nothing; and where the source blames
 * fixes for what a reading found (fix_source.blamed), those are refused
 * without a reading each (a JGF record's 300 renames that each add an
 * error: 7.7 G instructions, the square of n). */
struct search {
	const struct fix_source *src;
	void *self;
	bool *keep, *used;
	struct buf why;
	struct fix_refusals *r;
	signed char *alone;   /* each fix's judgement alone (fix_source.alone) */
	char **said;          /* why each judged alone not to keep it */
	bool *asked;          /* the fixes used as the search began: alone's */
	size_t kept_untold;   /* of those kept, how many it cannot tell */
	size_t kept_spoil;    /* and how many it judged alone not to keep it */
	size_t *pending;      /* those kept not judged yet (UNJUDGED) */
	size_t npending;
	size_t n;             /* the round's fixes */
	bool full;            /* each set checked in full (then dropped) */
	bool probed;          /* the last set judged by the text it writes */
};

/* A fix not judged alone yet: each is judged when a judgement of a set
 * first asks for it, the set's judgement the same as were all judged at
 * the start. Most sets are probed, the first unjudged fix that cannot
 * tell deciding it: a check's offer whose fixes keep the text together
 * pays one probe, not a window's reading for every fix (REVIEW.md R47's
 * findings file: 256 windows of up to 256 nested nodes, 2,000 deep 347 M
 * instructions of its 507 M). */
#define UNJUDGED 2

static int alone_of(struct search *s, size_t i)
{
	if (s->alone[i] == UNJUDGED) {
		struct buf why = BUF_INIT;
		s->alone[i] = (signed char)s->src->alone(s->self, i, s->asked, &why);
		if (!s->alone[i])
			s->said[i] = xstrdup(why.data ? why.data : "");
		buf_free(&why);
	}
	return s->alone[i];
}

/* Fix i, judged alone, counted among those kept (when it is judged). */
static void kept_count(struct search *s, size_t i)
{
	if (s->alone[i] == UNJUDGED)
		s->pending[s->npending++] = i;
	else
		s->kept_untold += s->alone[i] < 0, s->kept_spoil += !s->alone[i];
}

/* Whether the fixes kept and set keep the text together, judged by their
 * judgements alone; -1 when one of set's has none. Those kept that have
 * none (or spoil it alone) were kept by a reading of the text with them,
 * each fix kept since judged alone to keep it: set's judgements are then
 * the reading's. (A kept fix with none sent every set after it to be
 * read, the game or the text each time: a lower-case id in the root
 * beside 200 fixes refused, 3.13 G instructions, the square of n.) */
static int judged(struct search *s, const size_t *set, size_t k, bool say)
{
	if (!s->alone || s->full)
		return -1;
	for (size_t i = 0; i < k; i++)   /* (one known to have none: no judging) */
		if (s->alone[set[i]] < 0)
			return -1;
	size_t spoil = 0;
	for (size_t i = 0; i < k; i++) {
		int told = alone_of(s, set[i]);
		if (told < 0)
			return -1;
		spoil += !told;
	}
	while (s->npending) {
		size_t i = s->pending[--s->npending];
		alone_of(s, i);
		kept_count(s, i);
	}
	spoil += s->kept_untold ? 0 : s->kept_spoil;
	buf_truncate(&s->why, 0);
	if (say && spoil && k == 1 && s->said[set[0]])
		buf_adds(&s->why, s->said[set[0]]);
	return !spoil;
}

/* The words of fix i's refusal, of it alone where it spoils the text
 * alone, as a fix judged alone is said: beside the fixes kept, their names
 * took the nodes they leave empty out of the count ("node 2" of a third). */
static void said_alone(struct search *s, size_t i)
{
	bool *only = xcalloc(s->n + 1, sizeof *only);
	struct buf why = BUF_INIT;
	only[i] = true;
	s->src->write(s->self, only, s->used);
	if (!s->src->keeps(s->self, s->used, false, &why) && why.len) {
		buf_truncate(&s->why, 0);
		buf_add(&s->why, why.data, why.len);
	}
	buf_free(&why);
	free(only);
}

static bool keeps_with(struct search *s, const size_t *set, size_t k, bool say)
{
	int told = judged(s, set, k, say);
	for (size_t i = 0; i < k; i++)
		s->keep[set[i]] = true;
	bool same = told > 0;
	s->probed = told < 0;
	if (told < 0) {
		s->src->write(s->self, s->keep, s->used);
		buf_truncate(&s->why, 0);
		same = s->src->keeps(s->self, s->used, s->full, say ? &s->why : NULL);
		if (s->full)
			s->src->drop(s->self);
	}
	if (!same && told < 0 && say && s->alone && !s->full)
		said_alone(s, set[0]);
	for (size_t i = 0; i < k; i++) {
		if (!same)
			s->keep[set[i]] = false;
		else if (s->alone)
			kept_count(s, set[i]);
	}
	return same;
}

static void search(struct search *s, const size_t *set, size_t k);

/* The k fixes of set, which do not keep the text with those kept (as
 * keeps_with just judged them, reading the text they write), searched by
 * blame (fix_source.blamed): those blamed refused, the others searched.
 * False, nothing done, where none is blamed (or the set was judged by the
 * fixes' judgements alone, no text read). */
static bool blame(struct search *s, const size_t *set, size_t k)
{
	if (!s->src->blamed || !s->probed)
		return false;
	size_t *rest = xmalloc((k + 1) * sizeof *rest), left = 0;
	bool *is = xcalloc(k + 1, sizeof *is);
	char **why = xcalloc(k + 1, sizeof *why);
	for (size_t i = 0; i < k; i++) {
		struct buf words = BUF_INIT;
		if ((is[i] = s->src->blamed(s->self, set[i], &words)))
			why[i] = buf_detach(&words);
		else
			rest[left++] = set[i];
		buf_free(&words);
	}
	if (left < k) {
		/* the refusals said in the order of set, as halving finds them */
		size_t was = s->r->len;
		search(s, rest, left);
		size_t found = s->r->len - was, taken = 0;
		struct fix_refusal *theirs = xmalloc((found + 1) * sizeof *theirs);
		if (found)   /* (none refused: items may be NULL) */
			memcpy(theirs, s->r->items + was, found * sizeof *theirs);
		s->r->len = was;
		for (size_t i = 0; i < k; i++) {
			const struct diag *d = s->src->finding(s->self, set[i]);
			if (is[i]) {
				fix_refusals_add(s->r, d, d->line, d->col, why[i] ? why[i] : "", true);
			} else if (!s->keep[set[i]] && taken < found) {
				s->r->items = xgrow(s->r->items, &s->r->cap, s->r->len + 1,
						    sizeof *s->r->items);
				s->r->items[s->r->len++] = theirs[taken++];
			}
		}
		if (taken < found) {   /* (each fix of rest is kept or refused) */
			s->r->items = xgrow(s->r->items, &s->r->cap, s->r->len + found - taken,
					    sizeof *s->r->items);
			memcpy(s->r->items + s->r->len, theirs + taken, (found - taken) * sizeof *theirs);
			s->r->len += found - taken;
		}
		free(theirs);
		s->r->sorted = s->r->nruns = 0;
	}
	for (size_t i = 0; i < k; i++)
		free(why[i]);
	free(why);
	free(is);
	free(rest);
	return left < k;
}

static void search(struct search *s, const size_t *set, size_t k)
{
	if (!k || keeps_with(s, set, k, k == 1))
		return;
	if (k == 1) {
		const struct diag *d = s->src->finding(s->self, set[0]);
		fix_refusals_add(s->r, d, d->line, d->col, s->why.data ? s->why.data : "", true);
		return;
	}
	if (blame(s, set, k))
		return;
	search(s, set, k / 2);
	search(s, set + k / 2, k - k / 2);
}

struct in_part {
	size_t part, i;
};

static int by_part(const void *a, const void *b)
{
	const struct in_part *x = a, *y = b;
	return x->part != y->part ? (x->part < y->part ? -1 : 1) : (x->i > y->i) - (x->i < y->i);
}

void fix_refusals_cut(struct fix_refusals *r, size_t len)
{
	for (size_t i = len; i < r->len; i++) {
		r->refused -= r->items[i].refused;
		free(r->items[i].message);
		free(r->items[i].why);
	}
	r->len = len;
	r->sorted = r->nruns = 0;
}

/* The fixes kept counted again (kept_count). */
static void kept_recount(struct search *s)
{
	s->kept_untold = s->kept_spoil = s->npending = 0;
	for (size_t i = 0; s->alone && i < s->n; i++)
		if (s->keep[i])
			kept_count(s, i);
}

/* The search of the k fixes of set (more than one) by their parts
 * (fix_source.part), where they lie in more than one: all of them tried
 * first; where they do not keep the text together, each part's fixes
 * searched with no other's written, each probe reading its part; then
 * those kept read together once, and the fixes of no part searched with
 * them as the search does. False, and nothing kept or refused, where the
 * fixes are of one part (or none), or the parts' fixes kept do not keep
 * the text together (then searched as one). */
static bool search_parts(struct search *s, const size_t *set, size_t k)
{
	struct in_part *by = xmalloc((k + 1) * sizeof *by);
	for (size_t j = 0; j < k; j++)
		by[j] = (struct in_part){ s->src->part(s->self, set[j]), set[j] };
	sort_items(by, k, sizeof *by, by_part);
	if (by[0].part == by[k - 1].part) {
		free(by);
		return false;   /* one part, or none: a probe reads it all anyway */
	}
	if (keeps_with(s, set, k, false)) {
		free(by);
		return true;
	}
	size_t *run = xmalloc((k + 1) * sizeof *run), was = s->r->len, j = 0;
	bool *done = xcalloc(s->n + 1, sizeof *done);
	for (size_t m; j < k && by[j].part != SIZE_MAX; j += m) {
		for (m = 0; j + m < k && by[j + m].part == by[j].part; m++)
			run[m] = by[j + m].i;
		s->kept_untold = s->kept_spoil = s->npending = 0;
		search(s, run, m);
		for (size_t i = 0; i < m; i++)
			done[run[i]] = s->keep[run[i]], s->keep[run[i]] = false;
	}
	memcpy(s->keep, done, s->n * sizeof *done);
	kept_recount(s);
	/* (none kept: the text as it was, which keeps itself) */
	bool apart = !s->src->write(s->self, s->keep, s->used) ||
		     s->src->keeps(s->self, s->used, false, NULL);
	if (apart) {
		for (size_t m = 0; j + m < k; m++)
			run[m] = by[j + m].i;
		search(s, run, k - j);
	} else {   /* (a part's reading was not the whole one's) */
		fix_refusals_cut(s->r, was);
		memset(s->keep, 0, s->n * sizeof *s->keep);
		kept_recount(s);
	}
	free(done);
	free(run);
	free(by);
	return apart;
}

static bool search_round(const struct fix_source *src, void *self, size_t n, bool *used,
			 struct fix_refusals *r, bool full)
{
	size_t *set = xcalloc(n + 1, sizeof *set), k = 0;
	for (size_t i = 0; i < n; i++)
		if (used[i])
			set[k++] = i;
	struct search s = { .src = src, .self = self, .keep = xcalloc(n + 1, sizeof *s.keep),
			    .used = used, .why = BUF_INIT, .r = r, .n = n, .full = full };
	if (src->alone && !full) {
		s.alone = xmalloc(n + 1);
		memset(s.alone, UNJUDGED, n + 1);
		s.said = xcalloc(n + 1, sizeof *s.said);
		s.asked = xmalloc(n + 1);
		memcpy(s.asked, used, n);
		s.pending = xmalloc((n + 1) * sizeof *s.pending);
	}
	if (!src->part || full || k < 2 || !search_parts(&s, set, k))
		search(&s, set, k);
	bool any = src->write(self, s.keep, used);
	for (size_t i = 0; s.said && i < n; i++)
		free(s.said[i]);
	free(s.said);
	free(s.alone);
	free(s.asked);
	free(s.pending);
	free(set);
	free(s.keep);
	buf_free(&s.why);
	return any;
}

bool fix_loop_search(const struct fix_source *src, void *self, size_t n, bool *used,
		     struct fix_refusals *r)
{
	return search_round(src, self, n, used, r, false);
}

/* A round written (its n fixes, those used): checked in full and, when it
 * does not keep the text, searched and checked again; where the fixes the
 * search kept (judged by cheaper readings) still do not keep it, the
 * round's fixes searched again by checks in full, so that each fix left
 * out is said (sgf_mutations seed 221 c00130: a `;` taken out that made a
 * CA fit, which the reading of the window alone did not see: not written,
 * not said). That search starts from the fixes the round wrote, the first
 * search's refusals cut: those readings refused a fix beside one they
 * kept wrongly (fix_search.sh: game 2's `b` beside game 1's `ca`, each
 * game read alone, decoded), which a search among those kept never tries
 * again. Whether it is kept; *broken when even those do not keep it. */
static bool round_kept(const struct fix_source *src, void *self, size_t n, bool *used,
		       struct fix_refusals *r, bool *broken)
{
	size_t had = r->len;
	bool *wrote = NULL, kept = false;
	for (int again = 0; again < 3; again++) {
		if ((kept = src->keeps(self, used, true, NULL)))
			break;
		src->drop(self);
		if (again == 0) {   /* (copied only where a search follows) */
			wrote = xmalloc(n + 1);
			memcpy(wrote, used, n);
		}
		if (again == 2)
			*broken = true;
		if (again == 1) {
			fix_refusals_cut(r, had);
			memcpy(used, wrote, n);
		}
		if (again == 2 || !search_round(src, self, n, used, r, again == 1))
			break;
	}
	free(wrote);
	return kept;
}

/* The refusals of the text kept into the next one the fixes used write,
 * where the source says those fixes leave the neighbourhood of each as it
 * was (each then placed there); the others tried again. */
static void refusals_move(const struct fix_source *src, void *self, const bool *used,
			  struct fix_refusals *r)
{
	for (size_t i = 0; i < r->len; i++) {
		struct fix_refusal *f = &r->items[i];
		if (f->refused && !(src->still && src->still(self, used, &f->at_line, &f->at_col)))
			f->refused = false, r->refused--;
	}
	refusals_drop(r, said);   /* (and their places moved: sorted again) */
}

/* One pass of a round (of the safe fixes, or with unsafe the unsafe ones
 * too): whether it changed the text, src holding the check of the text
 * written; the fixes applied counted. */
static bool pass(const struct fix_source *src, void *self, bool unsafe, struct fix_refusals *r,
		 struct fix_tally *tally, bool *broken)
{
	size_t n;
	bool *used = NULL, any;
	/* Asked again where every fix written was refused: those their edits
	 * overlapped were not written at all, and are asked without them (a
	 * check offers them so: REVIEW.md R100, a lower-case id's rename under
	 * a merge refused). Each time at least one more refused: at most n
	 * times. */
	for (bool again = false;; again = true) {
		if (again)
			refusals_drop(r, said);   /* (src->edits says them again) */
		n = src->edits(self, unsafe, r);
		size_t was = r->refused;
		free(used);
		used = xcalloc(n + 1, sizeof *used);
		any = src->write(self, NULL, used) && round_kept(src, self, n, used, r, broken);
		if (any || *broken || r->refused <= was)
			break;
	}
	if (any && src->unchanged(self)) {
		/* Fixes that give the text back as it was fix nothing: counted,
		 * they would say so for every round. */
		src->drop(self);
		any = false;
	}
	for (size_t i = 0; any && i < n; i++)
		if (used[i])
			fix_tally_add(tally, src->finding(self, i)->rule);
	if (any)
		refusals_move(src, self, used, r);
	free(used);
	if (any)
		src->take(self);
	return any;
}

bool fix_loop(const struct fix_source *src, void *self, bool unsafe, struct fix_tally *tally)
{
	struct fix_refusals r = { 0 };
	bool broken = false, changed = false;
	for (int round = 0; round < FIX_MAX_ROUNDS && !broken; round++) {
		/* What a source could not write is said of the last round; what
		 * was refused stays out while its neighbourhood stays as it is
		 * (refusals_move), and is tried again once other fixes have
		 * changed that (the fix that spoilt one may have been applied
		 * since). Seen: the round's findings still hold it. */
		refusals_drop(&r, said);
		for (size_t i = 0; i < r.len; i++)
			r.items[i].seen = false;
		/* The safe fixes first; the unsafe ones in rounds of their own,
		 * once none is left: an unsafe round's guard lets a source gain
		 * what a reading lost, which must not let a safe fix of the same
		 * round gain what no finding names (issue 70). */
		changed = pass(src, self, false, &r, tally, &broken);
		if (!changed && unsafe && !broken) {
			refusals_drop(&r, said);
			changed = pass(src, self, true, &r, tally, &broken);
		}
		if (!changed)
			break;
	}
	refusals_drop(&r, gone);
	struct document *doc = src->doc(self);
	/* A fix left out is one --fix will not apply: it is no longer offered
	 * (marked fixable, counted, or carried by json and SARIF). */
	fix_refusals_unoffer(&r, doc);
	refusals_say(&r, doc, tally);
	fix_refusals_free(&r);
	return !broken;
}
