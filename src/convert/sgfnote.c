/* sgfnote: a reader's notes, and the repairs they carry (sgfnote.h). */
#include "convert/sgfnote.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/bound.h"
#include "base/buf.h"
#include "base/locate.h"

void sgf_note(struct sgf_notes *notes, const struct rule *rule, struct sgf_pos pos,
	      const char *fmt, ...)
{
	notes->items = xgrow(notes->items, &notes->cap, notes->len + 1, sizeof *notes->items);
	if (notes->bare) {
		notes->items[notes->len++] = (struct sgf_note){ .pos = pos, .rule = rule };
		return;
	}
	/* formatted once where the words fit the stack's, as nearly all do,
	 * then copied into a block of their size */
	char small[256];
	va_list ap;
	va_start(ap, fmt);
	va_list ap2;
	va_copy(ap2, ap);
	int n = vsnprintf(small, sizeof small, fmt, ap);
	va_end(ap);
	if (n < 0)
		n = 0, small[0] = '\0';
	char *text = xmalloc((size_t)n + 1);
	if ((size_t)n < sizeof small)
		memcpy(text, small, (size_t)n + 1);
	else
		vsnprintf(text, (size_t)n + 1, fmt, ap2);
	va_end(ap2);
	notes->items[notes->len++] = (struct sgf_note){ .pos = pos, .rule = rule, .text = text };
}

void sgf_note_fix(struct sgf_notes *notes, struct sgf_pos at, uint32_t len, const char *text,
		  bool unsafe)
{
	if (!notes->len || len == UINT32_MAX)
		return;
	struct sgf_note *n = &notes->items[notes->len - 1];
	free(n->fix);
	free(n->fix_also);
	n->fix_also = NULL;
	n->fix = xstrdup(text);
	n->fix_at = at;
	n->fix_len = len;
	n->fix_unsafe = unsafe;
}

void sgf_note_fix_two(struct sgf_note *n, struct sgf_pos at, uint32_t len, const char *text,
		      struct sgf_pos also_at, const char *also)
{
	free(n->fix);
	free(n->fix_also);
	*n = (struct sgf_note){ n->pos, n->rule, n->text, at, len, xstrdup(text), true, also_at,
				also ? xstrdup(also) : NULL };
}

uint32_t sgf_fix_len(const char *s, size_t n)
{
	if (memchr(s, '\n', n) || memchr(s, '\r', n))
		return UINT32_MAX;
	return (uint32_t)text_columns(s, n);
}

bool sgf_notes_have(const struct sgf_notes *notes, const struct rule *rule)
{
	for (size_t i = 0; i < notes->len; i++)
		if (notes->items[i].rule == rule)
			return true;
	return false;
}

void sgf_note_unclosed(struct sgf_notes *notes, struct sgf_pos at)
{
	size_t n = notes->nunclosed;
	if (n && !sgf_pos_before(notes->unclosed[n - 1], at))
		return;   /* read again (a value re-read from its start): recorded once */
	notes->unclosed = xgrow(notes->unclosed, &notes->unclosed_cap, n + 1, sizeof *notes->unclosed);
	notes->unclosed[notes->nunclosed++] = at;
}

static bool unclosed_not_before(const void *ctx, size_t i)
{
	const struct sgf_notes *notes = ((const void *const *)ctx)[0];
	const struct sgf_pos *at = ((const void *const *)ctx)[1];
	return !sgf_pos_before(notes->unclosed[i], *at);
}

bool sgf_value_unclosed(const struct sgf_notes *notes, struct sgf_pos at)
{
	if (notes->reader)
		notes = notes->reader;
	size_t i = bound_first(0, notes->nunclosed, unclosed_not_before,
			       (const void *const[]){ notes, &at });
	return i < notes->nunclosed && notes->unclosed[i].line == at.line &&
	       notes->unclosed[i].col == at.col;
}

void sgf_notes_free(struct sgf_notes *notes)
{
	for (size_t i = 0; i < notes->len; i++) {
		free(notes->items[i].text);
		free(notes->items[i].fix);
		free(notes->items[i].fix_also);
	}
	free(notes->items);
	free(notes->unclosed);
	*notes = (struct sgf_notes){0};
}
