/* hint: the scanner's findings on a syntax error (read/scan.c calls them
 * where the error is met), each saying what is likely missing or one too
 * many. Internal to read/. */
#ifndef JGF_HINT_H
#define JGF_HINT_H

#include <stdbool.h>
#include <stddef.h>

#include "read/scanner.h"

/* Whether text is UTF-16 or UTF-32, by its byte order mark or, without
 * one, by the NUL bytes around the first characters (JSON text starts with
 * ASCII: RFC 4627, section 3). *enc names the encoding, *how says how it
 * shows, *iconv is the name to convert from (with a mark, UTF-16 or UTF-32,
 * so that iconv reads the mark and drops it). */

struct hint_wide {
	const char *bytes;   /* the first bytes, X for any byte but NUL */
	const char *enc, *how, *iconv;
};
const struct hint_wide *hint_wide_encoding(const char *text, size_t len);

/* How a stray byte reads in a message: `x`, U+0007, `é` (U+00E9), or the
 * bytes `\xC0\xAF` (not UTF-8); out is returned. */
const char *hint_describe(struct scanner *sc, size_t off, char out[64]);
/* The end of the file inside the container f: its closer is missing. */
void hint_unclosed(struct scanner *sc, size_t p, const struct frame *f) __attribute__((cold));
/* The word at [p, end) that is no JSON literal, as a value or a key. */
void hint_bad_word(struct scanner *sc, size_t p, size_t end, bool as_key) __attribute__((cold));
/* p is at what should be a value, and is none. */
void hint_not_a_value(struct scanner *sc, size_t p) __attribute__((cold));
/* p is at what should be a member's key in f, and is no `"`. */
void hint_not_a_key(struct scanner *sc, const struct frame *f, size_t p) __attribute__((cold));
/* The key at f->key, which ends at end, is followed by p, not a `:`. */
void hint_no_colon(struct scanner *sc, const struct frame *f, size_t p, size_t end)
	__attribute__((cold));
/* After a value (ending at value_end) inside f, at p: neither a `,` nor a
 * closer. */
void hint_not_a_separator(struct scanner *sc, const struct frame *f, size_t p, size_t value_end)
	__attribute__((cold));
/* A comma, then a closer at p: true, having said so, when the closer is
 * one too many (hint_closer_too_many) or the closer of an empty value
 * whose opener is missing (hint_closer_unopened); false when neither
 * reading fits (a trailing comma). */
bool hint_closer_too_many(struct scanner *sc, const struct frame *f, size_t p)
	__attribute__((cold));
bool hint_closer_unopened(struct scanner *sc, const struct frame *f, size_t p)
	__attribute__((cold));
/* Text at p after the document, whose last value ends at value_end. */
void hint_after_document(struct scanner *sc, size_t p, size_t value_end) __attribute__((cold));

#endif
