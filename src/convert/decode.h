/* decode: an input's bytes as the UTF-8 text its reader lexes, in the
 * character set each game declares (SGF's CA, per game), the one detected
 * when nothing declares one (base/detect.h), or the one --encoding names.
 * Text is lexed only once decoded, on characters, never on bytes: a
 * Shift_JIS character whose second byte is 0x5C is not SGF's `\`. A byte
 * sequence the character set cannot decode becomes U+FFFD with a note at
 * its line:col; every choice is named in a note. */
#ifndef JGF_DECODE_H
#define JGF_DECODE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"
#include "convert/sgf.h"

/* SGF text: UTF-16 by its byte order mark (or its zero bytes), UTF-8 by
 * its mark; else each game tree in the set its CA names (a collection may
 * mix them), detected for the games without one. encoding (--encoding),
 * when not NULL, decides for the whole file. out gets the text without a
 * byte order mark. */
void decode_sgf(const char *bytes, size_t len, const char *encoding, struct buf *out,
		struct sgf_notes *notes);
/* decode_sgf, and the one character set it read the whole text in (an
 * iconv name: "UTF-8", "SHIFT_JIS", "UTF-16LE", ...) into set, "" when its
 * games are read in several: for writing a repair back in the file's own
 * bytes. */
void decode_sgf_in(const char *bytes, size_t len, const char *encoding, struct buf *out,
		   struct sgf_notes *notes, char set[64]);

/* decode_sgf, for a caller that can keep the bytes as the text: when they
 * read as themselves (valid UTF-8 read as UTF-8, ASCII read in the
 * ISO-8859-1 family), true with out left as it was and *skip the length of
 * the UTF-8 byte order mark the text starts after (0 or 3), so that a
 * collection is not held twice; else false with out as decode_sgf writes
 * it. The notes are decode_sgf's either way. */
bool decode_sgf_same(const char *bytes, size_t len, const char *encoding, struct buf *out,
		     size_t *skip, struct sgf_notes *notes);
/* decode_sgf_same, and the set as decode_sgf_in gives it. */
bool decode_sgf_same_in(const char *bytes, size_t len, const char *encoding, struct buf *out,
			size_t *skip, struct sgf_notes *notes, char set[64]);

/* An SGF file whose text is its bytes in one set but for the characters
 * written with a `\` before their second byte (GBK's 93 5D written
 * 93 5C 5D): its set and the offsets of those characters' lead bytes, in
 * order (at the caller's, freed). */
struct sgf_escapes {
	char set[64];
	size_t *at, n;
};
/* Why no repair is written in the SGF bytes as they are (decode_sgf_in
 * gives no set that keeps ASCII a byte a byte), the one reason that holds,
 * into why: a game read value by value in UTF-16, the file in UTF-16 or
 * ISO-2022-JP, its games in several sets. True, with e (why left as it
 * is), when characters that escape their second byte are all: the repairs
 * are placed on the bytes around them. */
bool decode_sgf_unwritable(const char *bytes, size_t len, struct buf *why, struct sgf_escapes *e);
/* On: decode_sgf_unwritable decodes the bytes it was last asked of once
 * (the same address, length and bytes), its answer kept until it is
 * turned off, which frees it: for a caller asking it of bytes that stay as
 * they are meanwhile (a check's offer, and its bytes kept). */
void decode_sgf_unwritable_keep(bool on);

/* Text that declares no character set (GIB, NGF, UGF): UTF-8 when it is
 * valid UTF-8, else usual (the format's own set, CP932 for UGF, or NULL)
 * when the bytes are valid in it, else detected; encoding decides when
 * given. what names the format in notes ("UGF"). */
void decode_plain(const char *bytes, size_t len, const char *usual, const char *encoding,
		  const char *what, struct buf *out, struct sgf_notes *notes);
/* decode_plain; with may_keep, true when the bytes are the text as they are
 * (valid UTF-8 read as UTF-8, ASCII in a set of the ISO-8859-1 family; no
 * byte order mark): nothing is written to out, the caller keeps the bytes
 * as the text (a copy beside them was the peak of reading a large UGF). */
bool decode_plain_same(const char *bytes, size_t len, const char *usual, const char *encoding,
		       const char *what, struct buf *out, struct sgf_notes *notes, bool may_keep);

#endif
