/* sgfcursor: where the SGF text reader is (sgfreader.h): its byte, line
 * and column, moved on over the text. */
#include "convert/sgfreader.h"

#include <stdint.h>
#include <string.h>

#include "base/ascii.h"
#include "convert/sgfahead.h"

#ifdef __EMSCRIPTEN__
/* (the page's reader, smaller: byte by byte) */
void sgf_advance_to(struct reader *r, size_t to)
{
	while (r->i < to)
		sgf_advance(r);
}
#else
/* How many of the n bytes at s are c. */
static size_t bytes_of(const char *s, size_t n, char c)
{
	size_t k = 0;
	for (const char *p = s, *q; p < s + n && (q = memchr(p, c, (size_t)(s + n - p))); p = q + 1)
		k++;
	return k;
}

/* sgf_advance() over the bytes up to to at once: the line breaks found with
 * memchr, the column counted from the last of them (byte by byte, this
 * was a tenth of reading a commented tree). */
void sgf_advance_to(struct reader *r, size_t to)
{
	const char *s = r->s;
	size_t from = r->i, last = from;   /* just past the last line break */
	bool broke = false;
	uint32_t lines = 0;
	for (const char *p = s + from, *q; p < s + to && (q = memchr(p, '\n', (size_t)(s + to - p)));
	     p = q + 1)
		lines++, broke = true, last = (size_t)(q - s) + 1;
	size_t crs = bytes_of(s + from, to - from, '\r');
	for (const char *p = s + from, *q; crs && p < s + to &&
	     (q = memchr(p, '\r', (size_t)(s + to - p))); p = q + 1) {
		size_t k = (size_t)(q - s);
		if (k + 1 >= r->len || s[k + 1] != '\n') {
			lines++, broke = true;
			last = k + 1 > last ? k + 1 : last;
		}
	}
	if (crs)
		crs = bytes_of(s + last, to - last, '\r');
	size_t cols = to - last - crs - utf8_continuations(s + last, to - last);
	r->pos.line += lines;
	r->pos.col = (uint32_t)((broke ? 1 : r->pos.col) + cols);
	r->i = to;
}
#endif

void sgf_skip_space(struct reader *r)
{
	while (r->i < r->len && sgf_blank(r->s[r->i]))
		sgf_advance(r);
}

/* Reads on again from byte target, which follows the `[` at `at`. */
void sgf_reread_from(struct reader *r, size_t start, struct sgf_pos at, size_t target)
{
	r->i = start;
	r->pos = at;
	r->pos.col++;
	sgf_advance_to(r, target);
}
