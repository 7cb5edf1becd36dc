/* jstring: reading JSON string literals in text the scanner has already
 * validated (so no error handling here), and small UTF-8 helpers. */
#ifndef JGF_JSTRING_H
#define JGF_JSTRING_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include "base/buf.h"

/* p points at the opening quote; returns the byte after the closing quote. */
const char *jstring_skip(const char *p);
/* Appends the decoded UTF-8 value (a lone surrogate escape becomes U+FFFD,
 * as json-c does) and returns the byte after the closing quote. */
const char *jstring_decode(const char *p, struct buf *out);
void utf8_encode(struct buf *out, uint32_t cp);
/* Past the spaces (' ') of s from p, reading no byte at len or beyond. */
size_t json_skip_spaces(const char *s, size_t p, size_t len);
/* The value of the hexadecimal digit c (0-9, a-f, A-F), or -1. */
static inline int hex_digit(char c)
{
	return c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 :
	       c >= 'A' && c <= 'F' ? c - 'A' + 10 : -1;
}
/* Length of the well-formed UTF-8 sequence at s, of the avail bytes there
 * (RFC 3629: no overlongs, surrogates or code points past U+10FFFF), or 0;
 * reads no byte past avail (a sequence cut short is 0). */
size_t utf8_sequence_length(const char *s, size_t avail);
/* Appends s with every byte that is not part of well-formed UTF-8 written as
 * \xNN: the one way file names that are not UTF-8 are shown, so that JSON
 * reports and baselines stay valid JSON and a name keeps its identity.
 * Idempotent. */
void utf8_escape_invalid(struct buf *out, const char *s);
/* Decodes the character at s (n > 0 bytes available): its length in bytes;
 * a byte that does not start well-formed UTF-8 (an overlong form, a
 * surrogate or beyond U+10FFFF included) is one character, U+FFFD. */
size_t utf8_next(const char *s, size_t n, uint32_t *cp);
/* Whether cp would hide or rewrite text on a terminal or in a log: control
 * characters (C0, DEL, C1), bidirectional controls (U+202E...), zero-width
 * and other invisible format characters (U+200B..., U+2060..., soft hyphen,
 * Hangul fillers, Mongolian vowel separator, interlinear annotation), line
 * and paragraph separators, U+FEFF, and the tag characters U+E0000-E007F
 * (which hide ASCII text from a reader). */
bool char_invisible(uint32_t cp);
/* Writes cp as a JSON escape, \uXXXX, or a surrogate pair of them past
 * U+FFFF (12 characters at most, NUL-terminated); returns its length. */
int char_escape(char out[13], uint32_t cp);
/* Appends s with every such character written as \uXXXX, so "B+R\u200b"
 * is visibly not "B+R" and a record cannot rewrite the terminal. */
void escape_invisible(struct buf *out, const char *s, size_t len);
/* Appends JSON text t with the invisible characters json-c writes raw (past
 * ASCII: bidi controls, zero-width characters...; they only occur inside
 * strings) as \u escapes: the same values, safe to show in a log. Returns
 * the length of what it appends (out NULL: appends nothing). */
size_t json_escape_invisible(struct buf *out, const char *t, size_t len);
/* Appends s (a file name, or text from a file) as messages show it: bytes
 * that are not UTF-8 as \xNN, invisible characters escaped; returns the
 * text (out->data, "" when empty). */
const char *shown_text(struct buf *out, const char *s);
/* Appends a file name as one word of a shell command that runs as written:
 * as it is when no character needs quoting, else in single quotes; a name
 * that starts with `-` (other than `-`, standard input) as ./NAME, so that
 * it is not taken for an option. */
void shell_file_arg(struct buf *out, const char *path);
/* Terminal columns of cp: 2 for East Asian wide and fullwidth characters
 * (emoji included), 0 for combining marks and joining Hangul jamo, else 1
 * (East Asian ambiguous characters too, as terminals show them outside CJK
 * locales); from base/width_table.h. */
int char_width(uint32_t cp);

#endif
