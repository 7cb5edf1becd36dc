/* lines: a text's lines one by one (lines.h). */
#include "convert/lines.h"

#include "base/buf.h"
#include "base/locate.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

void line_reader_init(struct line_reader *r, const char *text, size_t len)
{
	r->p = text;
	r->end = text + len;
	r->no = 0;
}

/* Whether a byte of w is below 14 (a line break, a tab, a control byte):
 * exact for a bound up to 128: no byte at or above it is taken for one. */
static inline bool below_14(uint64_t w)
{
	const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
	return ((w - ones * 14) & ~w & highs) != 0;
}

/* The line break at or after s, or end: eight bytes at a time where none
 * of them is below 14 (a byte at a time was 6% of checking a large UGF
 * record, whose lines are read three times). */
static const char *line_end(const char *s, const char *end)
{
	for (;;) {
		uint64_t w;
		while (end - s >= 8 && (memcpy(&w, s, 8), !below_14(w)))
			s += 8;
		const char *stop = end - s >= 8 ? s + 8 : end;
		while (s < stop && *s != '\n' && *s != '\r')
			s++;
		if (s < stop || s == end)
			return s;
	}
}

bool line_next(struct line_reader *r, struct line *l)
{
	if (r->p >= r->end)
		return false;
	const char *s = r->p, *e = line_end(s, r->end);
	*l = (struct line){ s, (size_t)(e - s), ++r->no };
	r->p = e < r->end && *e == '\r' && e + 1 < r->end && e[1] == '\n' ? e + 2 : e + 1;
	return true;
}

struct line *lines_split(const char *text, size_t len, size_t *n)
{
	struct line *lines = NULL, l;
	size_t cap = 0;
	struct line_reader r;
	line_reader_init(&r, text, len);
	*n = 0;
	while (line_next(&r, &l)) {
		lines = xgrow(lines, &cap, *n + 1, sizeof *lines);
		lines[(*n)++] = l;
	}
	return lines;
}

void lines_end(const char *text, size_t len, unsigned long *line, unsigned long *col)
{
	uint32_t l = 1, c = 1;
	text_pos_past(text, len, 0, len, &l, &c);
	*line = l;
	*col = c;
}

bool lines_whole(const char *s, long *out)
{
	const long max = 100000000L;
	char *end;
	long v = strtol(s, &end, 10);
	while (end != s && (*end == ' ' || *end == '\t' || *end == '\r'))
		end++;   /* blanks after it, as strtol takes them before (`Size=9 `) */
	if (end == s || *end || v > max || v < -max)
		return false;
	*out = v;
	return true;
}
