/* misread: what a character set's reading of a game's bytes says of them,
 * for decode.c's choice of the set a game is read in: whether a set is of
 * ISO-8859-1's family, of Latin letters detection weighs, of two bytes a
 * character; how many characters break in it; whether its reading is
 * another set's text misread (half-width katakana, Icelandic's ð þ). */
#ifndef JGF_MISREAD_H
#define JGF_MISREAD_H

#include <stdbool.h>
#include <stddef.h>

#include "base/detect.h"

/* ISO-8859-1, Windows-1252 or ISO-8859-15 (iconv names). */
bool latin1_family(const char *cs);
/* The Latin sets detection weighs: ISO-8859-1's family, Central European,
 * Turkish, Baltic. */
bool latin_letters(const char *cs);
/* The CJK sets of two bytes a character (CP932, EUC-JP, CP949, GB18030,
 * BIG5-HKSCS). */
bool double_byte(const char *cs);
/* Whether a byte of s is beyond ASCII. */
bool has_high(const char *s, size_t len);
/* The byte sequences of bytes broken in cs; *chars gets the characters
 * beyond ASCII read. */
size_t broken_in(const char *bytes, size_t len, const char *cs, size_t *chars);
/* The first bytes of a game's text detection weighs (DETECT_SAMPLE). */
size_t detect_sample(const char *b, size_t n);
/* Whether bytes the usual set cs reads are mostly half-width katakana
 * there, another double-byte set's text detection is sure of. */
bool usual_misread(const char *bytes, size_t len, const char *cs);
/* Whether ISO-8859-1, which detection keeps, reads Icelandic's ð or þ
 * where another Latin set reads the bytes as well or better. */
bool icelandic_doubt(const char *b, size_t n, const struct charset_guess *guess);

#endif
