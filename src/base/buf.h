/* buf: the one growable byte buffer used everywhere instead of ad hoc realloc
 * loops, plus allocation helpers that fail (fail.h: the CLI exits with status
 * 2 and "out of memory", the library returns an error) on exhaustion: a
 * linter that runs out of memory cannot report anything useful, and must not
 * look like a crash either. */
#ifndef JGF_BUF_H
#define JGF_BUF_H

#include <stdarg.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>

struct buf {
	char *data;   /* always NUL-terminated once anything was added */
	size_t len;
	size_t cap;
};

#define BUF_INIT {0, 0, 0}

/* fail("out of memory"), from any thread. */
_Noreturn void die_oom(void);
void *xmalloc(size_t n);
void *xcalloc(size_t count, size_t size);
void *xrealloc(void *p, size_t n);
/* Grows *p (an array of *cap elements of size `size`) to hold at least `need`. */
void *xgrow(void *p, size_t *cap, size_t need, size_t size);
/* qsort(items, n, size, cmp), for an array that may be empty at NULL:
 * qsort's arguments must be valid pointers even for no elements (UBSan's
 * nonnull-attribute), and every array that grows with xgrow starts at NULL.
 * The one sort of the layers, but for sort_u64's numbers. */
void sort_items(void *items, size_t n, size_t size, int (*cmp)(const void *, const void *));
/* v[0..n) (NULL when n is 0) in increasing order: sort_items with
 * dup_cmp_u64's order, by the numbers' bytes (a radix sort: no call a
 * comparison), for arrays of numbers or of keys packed into them. */
void sort_u64(uint64_t *v, size_t n);
/* strcmp's order of the strings two char * point to: sort_items's cmp for
 * an array of strings. */
int by_string(const void *a, const void *b);
char *xstrdup(const char *s);
char *xstrndup(const char *s, size_t n);
/* A new string printed as printf prints it. */
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
char *xvasprintf(const char *fmt, va_list ap) __attribute__((format(printf, 1, 0)));

void buf_reserve(struct buf *b, size_t extra);
void buf_add(struct buf *b, const void *data, size_t n);
/* buf_add itself (buf_add is this), inline: for a caller that adds a
 * few bytes at a time on a hot path, where the call and memcpy's were
 * most of the cost (the SGF writer's separator, move and point of each
 * node). */
static inline void buf_add_inline(struct buf *b, const void *data, size_t n)
{
	if (b->cap - b->len <= n)   /* no room for n bytes and the NUL (or no buffer) */
		buf_reserve(b, n);
	if (n)
		memcpy(b->data + b->len, data, n);
	b->len += n;
	b->data[b->len] = '\0';
}
void buf_addc(struct buf *b, char c);
void buf_adds(struct buf *b, const char *s);
void buf_printf(struct buf *b, const char *fmt, ...)
	__attribute__((format(printf, 2, 3)));
void buf_truncate(struct buf *b, size_t len);
/* Hands the NUL-terminated contents to the caller and resets the buffer. */
char *buf_detach(struct buf *b);
void buf_free(struct buf *b);
/* Whether a and b hold the same bytes (either may be empty, its data NULL). */
static inline bool buf_equal(const struct buf *a, const struct buf *b)
{
	return a->len == b->len && (!a->len || !memcmp(a->data, b->data, a->len));
}

/* The order of two byte strings, as memcmp's over the shorter's length and
 * then the shorter first (either may be empty, its data NULL): the one
 * such order, which sort comparators of byte strings call. */
static inline int bytes_order(const char *a, size_t na, const char *b, size_t nb)
{
	int c = na && nb ? memcmp(a, b, na < nb ? na : nb) : 0;
	return c ? c : (na > nb) - (na < nb);
}

/* The first needle (n bytes, n > 0) in s's len bytes, NULL: none (by
 * memchr: memmem is not C11's). */
static inline const char *bytes_find(const char *s, size_t len, const char *needle, size_t n)
{
	for (const char *c = memchr(s, needle[0], len); c;) {
		size_t at = (size_t)(c - s);
		if (len - at >= n && !memcmp(c, needle, n))
			return c;
		c = at + 1 < len ? memchr(c + 1, needle[0], len - at - 1) : NULL;
	}
	return NULL;
}

#endif
