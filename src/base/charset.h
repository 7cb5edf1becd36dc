/* charset: turning the bytes of an SGF or UGF file into UTF-8 through
 * iconv, with the character set the file declares or the one its format
 * implies. */
#ifndef JGF_CHARSET_H
#define JGF_CHARSET_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"

/* Whether s is well-formed UTF-8 (no overlong forms, no surrogates). */
bool charset_valid_utf8(const char *s, size_t len);

/* The iconv name jgflint decodes a charset name with (the superset a
 * writer most likely used: CP932 for Shift_JIS, GB18030 for GB2312, CP949
 * for EUC-KR), into tmp; "" for an empty name. */
const char *charset_iconv_name(const char *name, char *tmp, size_t size);

/* When name (a CA as written, without blanks around it) is a set's name
 * spelt with other punctuation than that set's names have (UTF_8,
 * EUC_KR, Latin-1, G B 2312), that set's name as files write it; NULL for
 * a name spelt as written (UTF-8, utf8, x-sjis, cp936) or no set's. */
const char *charset_spelling(const char *name);

/* Whether iconv can decode from charset (a name as files write it). */
bool charset_known(const char *charset);

/* Decodes len bytes in charset (a name as SGF's CA or UGF's Lang write
 * it: Shift_JIS, SJIS, GB2312, EUC-KR, ISO-8859-1, UTF-16LE, …) into out, as a reader of that charset
 * shows them: every byte sequence that is not valid in it becomes U+FFFD
 * (one for each maximal invalid part in UTF-8, one for each byte that
 * cannot start a character elsewhere, so that an ASCII byte after a broken
 * one is read as itself). Appends to *bad (grown with xgrow, *cap its
 * capacity) the offset in out of each U+FFFD it wrote, *nbad counting them.
 * Returns false (out unchanged) when iconv does not know charset. */
bool charset_decode_lenient(const char *bytes, size_t len, const char *charset, struct buf *out,
			    size_t **bad, size_t *nbad, size_t *cap);

/* Text (UTF-8, len bytes) written in charset (a name as CA writes it),
 * appended to out, where that is the same characters read back: false
 * (out unchanged) when a character is not the set's (a U+FFFD of a broken
 * byte), the text is not UTF-8, iconv does not know the set, or the bytes
 * read back in the set are other characters. */
bool charset_encode_strict(const char *text, size_t len, const char *charset, struct buf *out);

/* Between charset_keep(true) and charset_keep(false), in this thread, the
 * converters of charset_decode_lenient and charset_reader are kept open,
 * one per set and direction, and used again: glibc loads a set's module
 * with its first converter and unloads it with its last, so weighing each
 * game of a collection alone loaded and unloaded five modules a game
 * (20,000 short Shift_JIS games: 0.3 s -> 3 s). */
void charset_keep(bool on);

/* Decodes one character at a time in a charset (an iconv name): what the
 * character detection weighs. The same decoders as charset_decode_lenient
 * (in the page, the browser's for the sets musl's iconv lacks), so that
 * detection chooses alike everywhere. */
struct charset_reader;
/* NULL when the charset is not known. */
struct charset_reader *charset_reader_open(const char *name);
/* The code point of the character of k bytes at s, or false when it is
 * not one in the charset. */
bool charset_reader_char(struct charset_reader *r, const char *s, size_t k, uint32_t *cp);
void charset_reader_close(struct charset_reader *r);

/* The length of the character that starts at s (n > 0 bytes left) in the
 * charset iconv calls name: 2 for a Shift_JIS lead byte and its second
 * byte (which may be 0x5C, `\`, or 0x5D, `]`), 1 for ASCII; 1 for a byte
 * that does not start a valid character. For lexing text on characters
 * before it is decoded. */
size_t charset_char_len(const char *name, const char *s, size_t n);

/* The bytes at s (n > 0 left) that decoding in name reads as one
 * character: charset_char_len's, but a broken part of UTF-8 as long as
 * the U+FFFD it is read as (its maximal part), not a byte. */
size_t charset_char_read(const char *name, const char *s, size_t n);

/* A walk over a file's len bytes at s, read in set (an iconv name, as
 * charset_char_len), from skip (after a byte order mark), to the byte where
 * line:col of the text they decode to is: lines end at LF, CR LF or a lone
 * CR, columns count characters, and a character at one of the nesc offsets
 * at esc (in order: a lead byte, the `\` written before its second byte,
 * that byte) is one. The walk goes on from where it stopped (from the
 * start when line:col is before it), so that places asked in order cost
 * one walk. The one place a text's place is turned into the file's: SGF's
 * fixes (convert/sgfedit.c) and -f rdjson's columns (charset_file_at). */
struct charset_walk {
	size_t i;          /* the byte reached */
	unsigned long l, c; /* its line and column */
	size_t e;          /* esc's next */
	size_t line_at;    /* where line l starts (its first character) */
};
void charset_walk_start(struct charset_walk *k, size_t skip);
/* SIZE_MAX when the line has no such column. */
size_t charset_walk_to(struct charset_walk *k, const char *s, size_t len, size_t skip,
		       const char *set, const size_t *esc, size_t nesc, unsigned long line,
		       unsigned long col);

/* A file's own bytes, kept beside the text read from them (UTF-8) when
 * that text is not them byte for byte: SGF in another set, or after a
 * byte order mark (read/load.h's document file). */
struct charset_file {
	char *bytes;
	size_t len, skip;   /* skip: the byte order mark's */
	char set[64];       /* what the bytes are walked in (charset_char_len) */
	size_t *esc, nesc;  /* charset_walk_to's */
	struct charset_walk at;
	/* Where the walk has been, in order: each line's start it went to
	 * and each 4,096th character of a line, walked on from when a place
	 * before the walk's is asked (a finding's end is after the next's
	 * start: a one-line file walked again from its start each time) */
	struct charset_walk *marks;
	size_t nmarks, cap;
};
/* The byte of f where line:col of its text is (1-based, columns in code
 * points, as base/locate.h's), and in *line_start where that line starts
 * in f (0 for the first: a byte order mark is the file's); SIZE_MAX when
 * the bytes have no such place. Places asked in any order cost one walk
 * and at most 4,096 characters each. */
size_t charset_file_at(struct charset_file *f, unsigned long line, unsigned long col,
		       size_t *line_start);
void charset_file_free(struct charset_file *f);

#endif
