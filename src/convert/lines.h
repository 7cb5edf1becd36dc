/* lines: a text's lines one by one, for the line-based readers (GIB, NGF,
 * UGF): LF, CR LF or a lone CR ends a line, as each of their producers
 * writes one of them. */
#ifndef JGF_CONVERT_LINES_H
#define JGF_CONVERT_LINES_H

#include <stdbool.h>
#include <stddef.h>

struct line {
	const char *s;         /* in the text, not terminated */
	size_t len;            /* without its line break */
	unsigned long no;      /* 1 for the first */
};

struct line_reader {
	const char *p, *end;
	unsigned long no;
};

void line_reader_init(struct line_reader *r, const char *text, size_t len);
/* The next line into *l; false at the end of the text. */
bool line_next(struct line_reader *r, struct line *l);
/* Every line (free() the array); *n of them. */
struct line *lines_split(const char *text, size_t len, size_t *n);
/* Where the text ends, just past its last byte: the line after a final
 * line break, at column 1, else the last line past its last character
 * (columns in code points): where a reader says what a file cut short
 * lost, as the SGF reader says a tree left open. */
void lines_end(const char *text, size_t len, unsigned long *line, unsigned long *col);
/* A whole number, all of s but blanks around it (strtol's form), into
 * *out. These formats' numbers (sizes, counts, moves' numbers, codes,
 * coordinates) are none near 100,000,000, under which sums and
 * differences of two cannot overflow a long (32 bits in the page's
 * wasm32): a larger one is no number read. */
bool lines_whole(const char *s, long *out);

#endif
