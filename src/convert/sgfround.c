/* sgfround: a round of --fix on SGF where it is: the edits of a check's
 * fixes placed in the file's bytes, applied where they do not overlap, and
 * the guard (issue 70): the games the bytes then read as compared with
 * those before (convert/sgfsame.c), a fix that changes more than what its
 * finding names found alone and refused, said. --fix's rounds
 * (convert/sgffix.c) and a check's offer (what --fix would write) are
 * both such rounds. */
#include "convert/sgfround.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/locate.h"
#include "core/diag.h"
#include "core/fix.h"
#include "convert/sgfedit.h"

static int by_start(const void *a, const void *b)
{
	const struct sgf_edit *x = a, *y = b;
	return x->start < y->start ? -1 : x->start > y->start;
}

/* Fixes refused by the guard: known by rule and message (positions move
 * as other fixes apply), one a line; they stay out. */
static bool refused(const struct buf *out, const struct diag *g)
{
	size_t idlen = strlen(g->rule->id), mlen = strlen(g->message);
	for (const char *p = out->data; p && *p; p = strchr(p, '\n') + 1)
		if (!strncmp(p, g->rule->id, idlen) && p[idlen] == ' ' &&
		    !strncmp(p + idlen + 1, g->message, mlen) && p[idlen + 1 + mlen] == '\n')
			return true;
	return false;
}

static struct sgf_pos pos_of(struct document *d, size_t offset)
{
	unsigned long l, c;
	locator_linecol(d->loc, offset, &l, &c);
	return (struct sgf_pos){ (uint32_t)l, (uint32_t)c };
}

size_t sgf_round_edits(struct document *d, const char *bytes, size_t len, const char *set,
		       bool unsafe, const struct buf *out_refused, struct sgf_edit **out,
		       struct buf *notes)
{
	struct sgf_placed *p;
	size_t np = sgf_fix_place(d, bytes, len, set, &p), n = 0, cap = 0;
	*out = NULL;
	for (size_t j = 0; j < np; j++) {
		const struct diag *g = &d->diags.items[p[j].diag];
		if ((g->fix->safety == FIX_UNSAFE && !unsafe) || refused(out_refused, g))
			continue;
		const struct fix_op *op = &g->fix->ops[0];
		if (!p[j].ok) {
			struct sgf_pos at = pos_of(d, op->bytes.start);
			buf_printf(notes, "jgflint: note: %s:%lu:%lu: the %s fix was not applied: %s\n",
				   d->path, (unsigned long)at.line, (unsigned long)at.col,
				   g->rule->id, p[j].why);
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
		spans[k++] = (struct sgf_span){ e[i].from, e[i].to };
	}
	sgf_digest_named(was, spans, k, &ids);
	free(spans);
	bool same = sgf_digest_same(was, now, ids.data, unsafe, why);
	buf_free(&ids);
	return same;
}

/* Whether next (bytes with the edits used) reads as was but for what they
 * name. */
static bool reads_same(const struct sgf_digest *was, const struct buf *next,
		       const struct sgf_edit *e, size_t n, const bool *used, struct buf *why)
{
	struct sgf_digest now = { .text = BUF_INIT };
	sgf_digest_read(&now, next->data ? next->data : "", next->len);
	bool same = sgf_round_keeps(was, &now, e, n, used, why);
	sgf_digest_free(&now);
	return same;
}

static void refuse(const struct sgf_edit *e, const char *path, const char *with, const char *why,
		   struct buf *out_refused, struct buf *notes)
{
	buf_printf(notes, "jgflint: note: %s:%lu:%lu: the %s fix was not applied: %s%s\n", path,
		   (unsigned long)e->diag->line, (unsigned long)e->diag->col, e->diag->rule->id,
		   with, why);
	buf_printf(out_refused, "%s %s\n", e->diag->rule->id, e->diag->message);
}

/* The guard's search: the edits of s (n of them, indices into e) tried
 * with those kept (keep) and, when they do not keep the game together,
 * each half again, down to one, which is refused. A refused fix costs a
 * reading for each halving (log n), where trying each alone would read
 * the file once a fix (400,000 empty nodes). */
struct search {
	const struct sgf_digest *was;
	const char *bytes;
	size_t len;
	const struct sgf_edit *e;
	size_t n;
	bool *keep, *used;
	struct buf next, why;
	struct buf *refused, *notes;
	const char *path;
};

static bool keeps_with(struct search *s, const size_t *set, size_t k, bool say)
{
	for (size_t i = 0; i < k; i++)
		s->keep[set[i]] = true;
	sgf_round_write(s->bytes, s->len, s->e, s->n, s->keep, s->used, &s->next);
	buf_truncate(&s->why, 0);
	bool same = reads_same(s->was, &s->next, s->e, s->n, s->used, say ? &s->why : NULL);
	for (size_t i = 0; !same && i < k; i++)
		s->keep[set[i]] = false;
	return same;
}

static void search(struct search *s, const size_t *set, size_t k)
{
	if (!k || keeps_with(s, set, k, k == 1))
		return;
	if (k == 1) {
		refuse(&s->e[set[0]], s->path, "", s->why.data, s->refused, s->notes);
		return;
	}
	search(s, set, k / 2);
	search(s, set + k / 2, k - k / 2);
}

bool sgf_round_guard(const struct sgf_digest *was, const char *bytes, size_t len,
		     const struct sgf_edit *e, size_t n, bool *used,
		     struct buf *next, struct buf *out_refused, struct buf *notes, const char *path)
{
	size_t *set = xcalloc(n + 1, sizeof *set), k = 0;
	for (size_t i = 0; i < n; i++)
		if (used[i])
			set[k++] = i;
	struct search s = { was, bytes, len, e, n, xcalloc(n + 1, sizeof *s.keep), used,
			    BUF_INIT, BUF_INIT, out_refused, notes, path };
	search(&s, set, k);
	bool any = sgf_round_write(bytes, len, e, n, s.keep, used, next);
	free(set);
	free(s.keep);
	buf_free(&s.next);
	buf_free(&s.why);
	return any;
}

void sgf_round_unoffer(struct document *d, const struct buf *out_refused)
{
	for (size_t i = 0; out_refused->len && i < d->diags.len; i++) {
		struct diag *g = &d->diags.items[i];
		if (g->fix && refused(out_refused, g)) {
			fix_free(g->fix);
			g->fix = NULL;
		}
	}
}

void sgf_round_offer(struct document *doc, const char *bytes, size_t len, const char *set)
{
	sgf_fix_offer(doc, bytes, len, set);
	struct buf out_refused = BUF_INIT, notes = BUF_INIT, next = BUF_INIT;
	struct sgf_edit *e;
	size_t n = sgf_round_edits(doc, bytes, len, set, true, &out_refused, &e, &notes);
	bool *used = xcalloc(n + 1, sizeof *used);
	/* The guard's readings are paid only where there is a fix to offer. */
	struct sgf_digest was = { .text = BUF_INIT };
	if (sgf_round_write(bytes, len, e, n, NULL, used, &next)) {
		sgf_digest_read(&was, bytes, len);
		if (!reads_same(&was, &next, e, n, used, NULL))
			sgf_round_guard(&was, bytes, len, e, n, used, &next, &out_refused, &notes,
					doc->path);
	}
	sgf_digest_free(&was);
	sgf_round_unoffer(doc, &out_refused);
	free(used);
	free(e);
	buf_free(&next);
	buf_free(&notes);
	buf_free(&out_refused);
}
