/* sgfahead: the SGF reader's look ahead (sgfahead.h). */
#include "convert/sgfahead.h"

#include <stdlib.h>
#include <string.h>

#include "base/bound.h"
#include "base/buf.h"

size_t sgf_value_close(const char *s, size_t i, size_t n)
{
#ifdef __EMSCRIPTEN__
	for (; i < n && s[i] != ']'; i++)   /* (the page's smaller code: byte by byte) */
		if (s[i] == '\\')
			i++;
	return i < n ? i : n;
#else
	/* A point's value (aa], the most of any record) before memchr's call:
	 * half the cost of the look ahead through 10,000 nested moves. */
	for (size_t k = i; k < n && k < i + 4 && s[k] != '\\'; k++)
		if (s[k] == ']')
			return k;
	const char *from = s + i, *p = from, *end = s + n;
	for (;;) {
		const char *q = p < end ? memchr(p, ']', (size_t)(end - p)) : NULL;
		if (!q)
			return n;
		size_t run = 0;   /* the `\\` just before it, within the value */
		while (q - run > from && q[-1 - (ptrdiff_t)run] == '\\')
			run++;
		if (!(run & 1))
			return (size_t)(q - s);
		p = q + 1;
	}
#endif
}

/* Past the value whose `[` is at s[i]: after its `]`, or n. */
/* A look for `]` from i reads the bytes from i as one from close_from did
 * when i lies between them and not just after a `\\` (the `\\` before a
 * `]` are counted back to neither start then). */
size_t sgf_far_close(struct sgf_far *far, const char *s, size_t i, size_t n)
{
	if (i < far->close_at && i >= far->close_from &&
	    (i == far->close_from || s[i - 1] != '\\'))
		return far->close_at;
	far->close_from = i;
	return far->close_at = sgf_value_close(s, i, n);
}

size_t sgf_far_eol(struct sgf_far *far, const char *s, size_t i, size_t n)
{
	if (far->eol_known && i >= far->eol_from && i <= far->eol_at)
		return far->eol_at;
	const char *lf = memchr(s + i, '\n', n - i);
	size_t end = lf ? (size_t)(lf - s) : n;
	const char *cr = memchr(s + i, '\r', end - i);
	far->eol_known = true, far->eol_from = i;
	return far->eol_at = cr ? (size_t)(cr - s) : end;
}

static size_t past_value(const char *s, size_t n, size_t i)
{
	/* a point's, [pd], without the call (sgf_opens_game reads a
	 * variation's first node: a move's, most of them) */
	if (i + 3 < n && s[i + 3] == ']' && s[i + 1] != '\\' && s[i + 1] != ']' &&
	    s[i + 2] != '\\' && s[i + 2] != ']')
		return i + 4;
	i = sgf_value_close(s, i + 1, n);
	return i < n ? i + 1 : n;
}

bool sgf_opens_game(const char *s, size_t n)
{
	size_t i = 0;
	while (i < n && sgf_blank(s[i]))
		i++;
	if (i < n && s[i] == ';')
		i++;
	for (;;) {
		while (i < n && sgf_blank(s[i]))
			i++;
		/* A property's name: its capitals (FF[3]'s GaMe is GM). */
		char id[3];
		size_t caps = 0, letters = 0;
		while (i < n && ((s[i] >= 'A' && s[i] <= 'Z') || (s[i] >= 'a' && s[i] <= 'z'))) {
			if (s[i] >= 'A' && s[i] <= 'Z' && caps < 3)
				id[caps++] = s[i];
			i++, letters++;
		}
		if (!letters)
			return false;
		while (i < n && sgf_blank(s[i]))
			i++;
		if (i >= n || s[i] != '[')
			return false;
		/* GM or FF with a value: one with none is ignored by every
		 * reader, and says no game (REVIEW.md R61: `(;GM;W[bb])` a
		 * variation, which a `)` offered before it made a game) */
		if (caps == 2 && ((id[0] == 'G' && id[1] == 'M') || (id[0] == 'F' && id[1] == 'F')))
			return true;
		while (i < n && s[i] == '[') {
			i = past_value(s, n, i);
			while (i < n && sgf_blank(s[i]))
				i++;
		}
	}
}

static void build(struct sgf_ahead *a, const char *s, size_t n)
{
	size_t cap = 0;
	long depth = 0;
	for (size_t i = 0; i < n;) {
		if (s[i] == '[') {
			i = past_value(s, n, i);
			continue;
		}
		if (s[i] == '(' || s[i] == ')') {
			if (a->n == cap) {
				cap = cap ? cap * 2 : 64;
				a->at = xrealloc(a->at, cap * sizeof *a->at);
				a->depth = xrealloc(a->depth, cap * sizeof *a->depth);
			}
			depth += s[i] == '(' ? 1 : -1;
			a->at[a->n] = i;
			a->depth[a->n++] = depth;
		}
		i++;
	}
	a->lowest = xcalloc(a->n + 1, sizeof *a->lowest);
	for (size_t k = a->n; k-- > 0;)
		a->lowest[k] = k + 1 < a->n && a->lowest[k + 1] < a->depth[k] ? a->lowest[k + 1] : a->depth[k];
}

bool sgf_trees_close(struct sgf_ahead *a, const char *text, size_t len, size_t at, size_t open)
{
	if (!a->lowest)
		build(a, text, len);
	/* k: the first parenthesis at or after byte at */
	size_t lo = bound_sizes_from(a->at, a->n, at);
	long before = lo ? a->depth[lo - 1] : 0;
	return lo < a->n && a->lowest[lo] <= before - (long)open;
}

void sgf_ahead_free(struct sgf_ahead *a)
{
	free(a->at);
	free(a->depth);
	free(a->lowest);
	*a = (struct sgf_ahead){ 0 };
}
