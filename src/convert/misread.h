/* misread: what a character set's reading of a game's bytes says of them,
 * for decode.c's choice of the set a game is read in: whether a set is of
 * ISO-8859-1's family, of Latin letters detection weighs, of two bytes a
 * character; how many characters break in it; whether its reading is
 * another set's text misread (half-width katakana, Icelandic's ð þ);
 * whether a game of a collection without CA reads in the set detected over
 * them all; whether a set's characters hide SGF's `]`; the first CA. */
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

/* Whether no character of cs holds a `]` or `\\` but as its first byte
 * (UTF-8, the single-byte sets): a value then closes at the `]` its bytes
 * show. */
bool brackets_are_bytes(const char *cs);
/* The first CA[...] in the raw bytes, its value into out (size bytes). */
bool first_ca(const char *s, size_t len, char *out, size_t size);

/* How a game of a collection without CA reads in the set detected over
 * them all (shared): OWN_FITS, well, or its own bytes too few to tell
 * (detect false: not detected alone when shared reads it well); OWN_SAME,
 * its own detection (*own) is shared's too; OWN_TAKEN, its own detection
 * is surely another set, which reads it better (a Shift_JIS game beside
 * GBK ones, valid UTF-8 of characters beyond ASCII beside any), or
 * another set of Latin letters that reads its words as one language's
 * where shared reads them as no one language's (Lithuanian's Kaunų taurę
 * beside Czech games: Kaunř taurć); OWN_DOUBT, another set reads it
 * better, not surely. */
enum own_reading { OWN_FITS, OWN_SAME, OWN_TAKEN, OWN_DOUBT };
enum own_reading own_reading(const char *b, size_t len, const char *shared, bool detect,
			     struct charset_guess *own);

#endif
