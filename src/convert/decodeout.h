/* decodeout: the text convert/decode.c decodes an input's bytes into, with
 * the byte sequences no set read (each a U+FFFD, noted at its line:col
 * when the text is finished), and the positions of the SGF reader in it.
 * Internal to convert/decode.c's choices of a set. */
#ifndef JGF_DECODEOUT_H
#define JGF_DECODEOUT_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"
#include "convert/sgf.h"

/* The text decoded so far, with the U+FFFD it wrote for broken bytes. */
struct out {
	struct buf *text;
	const char *same;     /* decode_sgf_same: the bytes are the text as they
			       * are (nothing is written to text); NULL: decode */
	struct bad {
		size_t at;            /* offset in text */
		char label[24];       /* the set the bytes were not valid in */
	} *bad;
	size_t nbad, cap;
	char set[64];         /* the one set the text is its bytes in ("" when its
			       * games are read in several, or unwritable) */
	char read_in[64];     /* the one set its games are read in ("" in several) */
	bool unwritable;      /* its bytes are not the text's character for
			       * character in one set (out_decode_sgf): set "" */
	bool bytes_text;      /* a game in a set of units wrote its text as bytes
			       * (out_decode_sgf): said at bytes_at, the text
			       * value read so, in out_finish */
	size_t bytes_at;
	bool bytes_odd;       /* told by a value of an odd length */
	char bytes_set[24];
	/* why its text is not its bytes in one set (out_decode_sgf): the lead
	 * byte of the first character whose second byte is escaped, in the
	 * bytes decoded (when escapes is not NULL, each such lead byte appended
	 * to it, a const char *); a set of units its games' values are read in
	 * ("": none; a copy: the games, whose names it is, are freed first) */
	const char *escaped;
	char units[24];
	struct buf *escapes;
};

/* Positions as the SGF reader counts them (sgfreader.h's sgf_advance): lines end at
 * LF, CR LF or a lone CR; columns count code points, CR not. */
struct cursor {
	const char *t;
	size_t len, i;
	struct sgf_pos pos;
};

/* The set the whole text is read in (cs, or "" for NULL: several); its
 * set of bytes "" when the text is not its bytes (o->unwritable). */
void out_set(struct out *o, const char *cs);
/* bytes decoded in cs onto o's text, each broken sequence a U+FFFD kept
 * for its note (ISO-8859-1 when iconv does not know cs). */
void out_decode(struct out *o, const char *bytes, size_t len, const char *cs);
/* The bytes of a character of cs, when it is a set of 16 or 32 bits a
 * character (UTF-16, UTF-32 and their byte orders, UCS-2, UCS-4), else 0. */
size_t out_unit(const char *cs);
/* The bytes of SGF game trees decoded in cs as out_decode does, but for
 * what SGF writers do with a set whose characters hold SGF's own bytes
 * (both said by o->unwritable): in a set of 16 or 32 bits a character
 * (CA[UTF-16LE]) only the values are its text, the rest ASCII (as SGFC
 * reads and writes them); in a set of two bytes a character, a `]` or `\`
 * that is a character's second byte may be escaped (GBK's 揮, 93 5D,
 * written 93 \ ]), read as the character where reading the `\` as the
 * character's would end a value where no SGF follows. */
void out_decode_sgf(struct out *o, const char *bytes, size_t len, const char *cs);
/* The position of byte to, c moved on to it (never back). */
struct sgf_pos cursor_to(struct cursor *c, size_t to);
/* The text done: its byte order mark off, its broken bytes noted. */
void out_finish(struct out *o, struct sgf_notes *notes);

#endif
