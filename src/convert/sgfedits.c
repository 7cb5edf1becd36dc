/* sgfedits: a round's edits (sgfround.h's sgf_round_edits): the fixes of
 * a check's findings placed in the file's bytes (convert/sgfedit.c's
 * sgf_fix_place), those of another safety or refused left out and those
 * that cannot be placed said, in the order a round writes them. --fix's
 * rounds (convert/sgffix.c) and a check's offer (convert/sgfoffer.c)
 * both take their edits here. */
#include "convert/sgfround.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/locate.h"
#include "core/diag.h"
#include "core/fix.h"
#include "convert/sgfedit.h"
#include "lint/edit.h"

static int by_start(const void *a, const void *b)
{
	const struct sgf_edit *x = a, *y = b;
	int c = edit_order(x->start, x->end, y->start, y->end);
	return c ? c : (x->diag > y->diag) - (x->diag < y->diag);
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
	size_t np = sgf_fix_place(d, bytes, len, set, &p), n = 0, more = 0;
	bool *take = xcalloc(np + 1, sizeof *take);
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
		take[j] = true;
		n++;
		more += p[j].text ? strlen(p[j].text) + 1 : 0;
	}
	/* A text in the file's set (sgf_placed's), kept after the edits in
	 * their block: freed with it */
	*out = n ? xmalloc(n * sizeof **out + more) : NULL;
	char *texts = n ? (char *)(*out + n) : NULL;
	n = 0;
	for (size_t j = 0; j < np; j++) {
		if (!take[j])
			continue;
		const struct diag *g = &d->diags.items[p[j].diag];
		const struct fix_op *op = &g->fix->ops[0];
		const char *text = op->text;
		if (p[j].text) {
			text = strcpy(texts, p[j].text);
			texts += strlen(texts) + 1;
		}
		(*out)[n++] = (struct sgf_edit){ p[j].a, p[j].b, text, g,
						 pos_of(d, op->bytes.start), pos_of(d, op->bytes.end) };
	}
	free(take);
	sgf_placed_free(p, np);
	sort_items(*out, n, sizeof **out, by_start);
	return n;
}
