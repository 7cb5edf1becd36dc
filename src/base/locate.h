/* locate: turns byte offsets into line:column and JSON pointers into byte
 * offsets. Both tables are built lazily, as far as what is asked reaches,
 * so files without findings pay nothing for locating, and findings in a
 * record's head do not index its tree. */
#ifndef JGF_LOCATE_H
#define JGF_LOCATE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"

/* The one count of lines and columns, of every position jgflint gives
 * (JGF's by the locator below, SGF's as its readers read and as its fixes
 * are placed): a line ends at LF, CR LF or a lone CR; a column is a code
 * point, a byte that is no UTF-8 continuation (a tab is one column), and
 * the CR of a CR LF takes none. Lines and columns count from 1. */

/* Whether byte i of the len bytes at s ends a line. */
static inline bool text_ends_line(const char *s, size_t len, size_t i)
{
	return s[i] == '\n' || (s[i] == '\r' && (i + 1 >= len || s[i + 1] != '\n'));
}

/* *line:*col, the place of byte i of the len bytes at s, moved past it. */
static inline void text_step(const char *s, size_t len, size_t i, uint32_t *line, uint32_t *col)
{
	unsigned char c = (unsigned char)s[i];
	if (text_ends_line(s, len, i))
		++*line, *col = 1;
	else if (c != '\r' && (c & 0xC0) != 0x80)
		++*col;
}

/* The columns of the n bytes at s, which hold no line's end (a CR last
 * in them is a CR LF's). */
size_t text_columns(const char *s, size_t n);

/* *line:*col, the place of byte from of the len bytes at s, moved on to
 * byte to (from <= to <= len): text_step over each byte between, the line
 * ends found a word at a time. */
void text_pos_past(const char *s, size_t len, size_t from, size_t to, uint32_t *line,
		   uint32_t *col);

struct locator;

/* text must stay alive and NUL-terminated; body is where the JSON starts
 * (after a byte order mark, which columns do not count). */
struct locator *locator_new(const char *text, size_t len, size_t body);
void locator_free(struct locator *loc);

/* A locator of the one value at offset start, for pointers relative to it
 * (locator_find, locator_span, locator_children, locator_pointer_at; not
 * lines): an array whose start leaf_end maps to an end (not 0) is indexed
 * as a value without elements, so that an index of part of a large text
 * (a streamed record but its tree, one node but its variations) costs the
 * part only. */
struct locator *locator_new_within(const char *text, size_t len, size_t start,
				   size_t (*leaf_end)(const void *ctx, size_t start),
				   const void *ctx);

/* The line and column of offset (text_pos_past's count). */
void locator_linecol(struct locator *loc, size_t offset,
		     unsigned long *line, unsigned long *col);

/* Where 1-based line starts and ends (before its line break) in the text;
 * constant time once the line table is built. */
void locator_line_bounds(struct locator *loc, unsigned long line, size_t *start, size_t *end);
/* The byte where 1-based column col (code points) of 1-based line starts:
 * col - 1 code points past the line's start, at most its end (the next
 * line's start). A column far along a long line is found from the code
 * points' marks (locator_linecol's), not counted from the line's start. */
size_t locator_offset(struct locator *loc, unsigned long line, unsigned long col);

/* The 1-based line offset is on, and how many lines the text has (a text
 * ending in a line break has an empty last line). Once the whole line table
 * is built (by locator_line_count), these and locator_line_bounds only
 * read it: threads may share a locator for them. */
size_t locator_line(struct locator *loc, size_t offset);
size_t locator_line_count(struct locator *loc);
/* Whether the text has 1-based line `line`: the line table built that far
 * only (a finding near the top of a long text indexes no more of it). */
bool locator_has_line(struct locator *loc, unsigned long line);

/* Finds the value that pointer names (or, with at_key, its member key) in
 * text that the scanner accepted. Returns false when the pointer does not
 * resolve; *offset is then the deepest value it reached. Duplicate keys
 * resolve to the last occurrence, as in the DOM. */
bool locator_find(struct locator *loc, const char *pointer, bool at_key,
		  size_t *offset);

/* Where the value pointer names (or, with at_key, its member key) starts
 * and ends: locator_find and locator_span in one lookup. When it does not
 * resolve, both are where locator_find's offset is, and it returns false. */
bool locator_place(struct locator *loc, const char *pointer, bool at_key,
		   size_t *start, size_t *end);

/* The RFC 6901 pointer of the innermost value at offset (a member's key
 * counts as part of its value) in text the scanner accepted, appended to
 * out; false when offset is in no value (whitespace of the root aside). */
bool locator_pointer_at(struct locator *loc, size_t offset, struct buf *out);

/* The text the locator reads has no object with a key twice (the scanner
 * found none): a pointer's member is then the first of its name, and a
 * lookup stops there instead of reading the object to its end. */
void locator_keys_unique(struct locator *loc);

/* How many values the index holds and lines the line table, so far: both
 * are built only as far as the pointers and offsets asked for (tests). */
void locator_extent(const struct locator *loc, size_t *values, size_t *lines);

/* Where a value (and, for an object member, its key) stands in the text. */
struct span {
	size_t key_start, key_end;  /* the key string with its quotes; SIZE_MAX if none */
	size_t start, end;          /* the value: first byte, and just past the last */
};

/* The span of the value pointer names; false if it does not resolve. */
bool locator_span(struct locator *loc, const char *pointer, struct span *out);
/* The spans of the members or elements of the container pointer names, in
 * text order; *out is allocated (free it), NULL when there are none. */
size_t locator_children(struct locator *loc, const char *pointer, struct span **out);

#endif
