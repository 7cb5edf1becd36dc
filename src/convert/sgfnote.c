/* sgfnote: a reader's notes, and the repairs they carry (sgfnote.h). */
#include "convert/sgfnote.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/bound.h"
#include "base/buf.h"
#include "base/digits.h"
#include "base/locate.h"

/* Puts the n bytes at s at out[*k] where they fit the cap bytes of out
 * (with a '\0' after); false where they do not. */
static bool words_put(char *out, size_t cap, size_t *k, const char *s, size_t n)
{
	if (n >= cap - *k)
		return false;
	memcpy(out + *k, s, n);
	*k += n;
	return true;
}

/* The words fmt makes of ap's values in the cap bytes of out, as
 * vsnprintf writes them, where fmt's conversions are the tables' common
 * ones (%s with no precision, one given or a digit, %d, %ld, %lld, %u,
 * %lu, %zu, %%), none a NULL string, and the words fit: their length, or
 * SIZE_MAX (ap then read in part: vsnprintf, on a copy taken before).
 * printf's machinery was most of a note (issue 74, R47's file: 8.2 M of
 * its 6,000 notes' 10.4 M). */
static size_t words_quick(char *out, size_t cap, const char *fmt, va_list ap)
{
	size_t k = 0;
	for (const char *f = fmt;;) {
		const char *pc = strchr(f, '%');
		if (!words_put(out, cap, &k, f, pc ? (size_t)(pc - f) : strlen(f)))
			return SIZE_MAX;
		if (!pc) {
			out[k] = '\0';
			return k;
		}
		f = pc + 1;
		size_t prec = SIZE_MAX;
		if (f[0] == '.' && f[1] == '*') {
			int given = va_arg(ap, int);
			prec = given < 0 ? SIZE_MAX : (size_t)given;
			f += 2;
		} else if (f[0] == '.' && f[1] >= '1' && f[1] <= '9' && f[2] == 's') {
			prec = (size_t)(f[1] - '0');
			f += 2;
		}
		char d[DIGITS_MAX + 1], *end = d + sizeof d, *p;
		if (f[0] == 's') {
			const char *str = va_arg(ap, const char *);
			size_t n = !str ? 0 : prec == SIZE_MAX ? strlen(str) : strnlen(str, prec);
			if (!str || !words_put(out, cap, &k, str, n))
				return SIZE_MAX;
			f++;
			continue;
		}
		if (prec != SIZE_MAX)
			return SIZE_MAX;
		int64_t v = 0;
		uint64_t u = 0;
		bool is_signed = true;
		if (f[0] == '%') {
			if (!words_put(out, cap, &k, "%", 1))
				return SIZE_MAX;
			f++;
			continue;
		} else if (f[0] == 'd') {
			v = va_arg(ap, int), f += 1;
		} else if (f[0] == 'l' && f[1] == 'd') {
			v = va_arg(ap, long), f += 2;
		} else if (f[0] == 'l' && f[1] == 'l' && f[2] == 'd') {
			v = va_arg(ap, long long), f += 3;
		} else if (f[0] == 'u') {
			u = va_arg(ap, unsigned), f += 1, is_signed = false;
		} else if (f[0] == 'l' && f[1] == 'u') {
			u = va_arg(ap, unsigned long), f += 2, is_signed = false;
		} else if (f[0] == 'z' && f[1] == 'u') {
			u = va_arg(ap, size_t), f += 2, is_signed = false;
		} else {
			return SIZE_MAX;
		}
		if (is_signed)
			u = v < 0 ? -(uint64_t)v : (uint64_t)v;
		p = digits_before(end, u);
		if (is_signed && v < 0)
			*--p = '-';
		if (!words_put(out, cap, &k, p, (size_t)(end - p)))
			return SIZE_MAX;
	}
}

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
	size_t quick = words_quick(small, sizeof small, fmt, ap);
	va_end(ap);
	int n = quick != SIZE_MAX ? (int)quick : 0;
	if (quick == SIZE_MAX) {
		va_list ap3;
		va_copy(ap3, ap2);
		n = vsnprintf(small, sizeof small, fmt, ap3);
		va_end(ap3);
	}
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

void sgf_notes_insert(struct sgf_notes *to, size_t at, struct sgf_notes *from)
{
	if (from->len) {
		to->items = xgrow(to->items, &to->cap, to->len + from->len, sizeof *to->items);
		memmove(to->items + at + from->len, to->items + at,
			(to->len - at) * sizeof *to->items);
		memcpy(to->items + at, from->items, from->len * sizeof *from->items);
		to->len += from->len;
		from->len = 0;
	}
	sgf_notes_free(from);
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
