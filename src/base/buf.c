/* buf: growable byte buffer and allocation helpers. */
#include "base/buf.h"

#include "base/fail.h"

#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

_Noreturn void die_oom(void)
{
	fail("out of memory");
}

void *xmalloc(size_t n)
{
	void *p = malloc(n ? n : 1);
	if (!p)
		die_oom();
	return p;
}

void *xcalloc(size_t count, size_t size)
{
	void *p = calloc(count ? count : 1, size ? size : 1);
	if (!p)
		die_oom();
	return p;
}

void *xrealloc(void *p, size_t n)
{
	p = realloc(p, n ? n : 1);
	if (!p)
		die_oom();
	return p;
}

void *xgrow(void *p, size_t *cap, size_t need, size_t size)
{
	if (need <= *cap)
		return p;
	size_t n = *cap ? *cap : 8;
	while (n < need) {
		if (n > SIZE_MAX / 2 / size)
			die_oom();
		n *= 2;
	}
	*cap = n;
	return xrealloc(p, n * size);
}

char *xstrndup(const char *s, size_t n)
{
	char *p = xmalloc(n + 1);
	memcpy(p, s, n);
	p[n] = '\0';
	return p;
}

void sort_items(void *items, size_t n, size_t size, int (*cmp)(const void *, const void *))
{
	/* In order already, as most lists of places are made (the findings of
	 * a game read in the order of its text): left as they are, as
	 * glibc's qsort, a merge sort, leaves them, n - 1 comparisons in
	 * place of n log n. */
	const char *p = items;
	size_t i = 1;
	while (i < n && cmp(p + (i - 1) * size, p + i * size) <= 0)
		i++;
	if (i < n)
		qsort(items, n, size, cmp);
}

void sort_u64(uint64_t *v, size_t n)
{
	if (n < 64) {   /* a few: in place */
		for (size_t i = 1; i < n; i++) {
			uint64_t x = v[i];
			size_t j = i;
			for (; j > 0 && v[j - 1] > x; j--)
				v[j] = v[j - 1];
			v[j] = x;
		}
		return;
	}
	/* A byte a pass from the lowest, each pass stable; a byte every
	 * number has alike (the high ones of game numbers) is no pass */
	size_t (*count)[256] = xcalloc(8, sizeof *count);
	for (size_t i = 0; i < n; i++)
		for (int b = 0; b < 8; b++)
			count[b][(v[i] >> (8 * b)) & 0xFF]++;
	uint64_t *tmp = xmalloc(n * sizeof *tmp), *from = v, *to = tmp;
	for (int b = 0; b < 8; b++) {
		size_t *c = count[b];
		if (c[(v[0] >> (8 * b)) & 0xFF] == n)
			continue;
		for (size_t d = 0, at = 0; d < 256; d++) {   /* each byte's first place */
			size_t k = c[d];
			c[d] = at;
			at += k;
		}
		for (size_t i = 0; i < n; i++)
			to[c[(from[i] >> (8 * b)) & 0xFF]++] = from[i];
		uint64_t *t = from;
		from = to;
		to = t;
	}
	if (from != v)
		memcpy(v, from, n * sizeof *v);
	free(tmp);
	free(count);
}

int by_string(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

char *xstrdup(const char *s)
{
	return xstrndup(s, strlen(s));
}

void buf_reserve(struct buf *b, size_t extra)
{
	if (extra > SIZE_MAX - b->len - 1)
		die_oom();
	b->data = xgrow(b->data, &b->cap, b->len + extra + 1, 1);
	b->data[b->len] = '\0';
}

void buf_add(struct buf *b, const void *data, size_t n)
{
	buf_add_inline(b, data, n);
}

void buf_addc(struct buf *b, char c)
{
	if (b->len + 2 > b->cap)
		buf_reserve(b, 1);
	b->data[b->len++] = c;
	b->data[b->len] = '\0';
}

void buf_adds(struct buf *b, const char *s)
{
	buf_add(b, s, strlen(s));
}

void buf_printf(struct buf *b, const char *fmt, ...)
{
	/* Written where it goes in one pass when it fits the room there is
	 * (64 bytes at least): measuring first took two, 1,500 instructions
	 * for a "/%zu". */
	buf_reserve(b, 64);
	size_t room = b->cap - b->len;
	va_list ap;
	va_start(ap, fmt);
	int n = vsnprintf(b->data + b->len, room, fmt, ap);
	va_end(ap);
	if (n < 0) {
		b->data[b->len] = '\0';
		return;
	}
	if ((size_t)n >= room) {
		buf_reserve(b, (size_t)n);
		va_start(ap, fmt);
		vsnprintf(b->data + b->len, (size_t)n + 1, fmt, ap);
		va_end(ap);
	}
	b->len += (size_t)n;
}

char *xvasprintf(const char *fmt, va_list ap)
{
	struct buf b = BUF_INIT;
	va_list aq;
	va_copy(aq, ap);
	int n = vsnprintf(NULL, 0, fmt, aq);
	va_end(aq);
	buf_reserve(&b, n > 0 ? (size_t)n : 0);
	if (n > 0) {
		vsnprintf(b.data, (size_t)n + 1, fmt, ap);
		b.len = (size_t)n;
	}
	return buf_detach(&b);
}

char *xasprintf(const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *s = xvasprintf(fmt, ap);
	va_end(ap);
	return s;
}

void buf_truncate(struct buf *b, size_t len)
{
	if (len < b->len) {
		b->len = len;
		b->data[len] = '\0';
	}
}

char *buf_detach(struct buf *b)
{
	buf_reserve(b, 0);
	char *p = b->data;
	b->data = NULL;
	b->len = b->cap = 0;
	return p;
}

void buf_free(struct buf *b)
{
	free(b->data);
	b->data = NULL;
	b->len = b->cap = 0;
}
