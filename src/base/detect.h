/* detect: which character set a text with no declaration is written in,
 * among those Go records are written in: UTF-8, Shift_JIS (CP932), EUC-JP,
 * EUC-KR (CP949), GB18030 (GB2312, GBK), Big5, Windows-1251, KOI8-R and
 * KOI8-U, the Central European, Turkish, Baltic, Greek, Hebrew, Arabic and
 * Thai single-byte sets (detect_sb.h), else ISO-8859-1, SGF's default. A measured heuristic (tests/charsets.sh), for SGF files without
 * CA and for GIB and NGF files, which never say. */
#ifndef JGF_DETECT_H
#define JGF_DETECT_H

#include <stdbool.h>
#include <stddef.h>

struct charset_guess {
	const char *name;     /* the iconv name chosen: "UTF-8", "CP932", "GB18030", ... */
	const char *label;    /* as people call it: "Shift_JIS", "EUC-KR", "GB2312/GBK", ... */
	const char *second;   /* the runner-up's label, or NULL */
	const char *second_name;   /* its iconv name, or NULL */
	size_t chars;         /* characters beyond ASCII weighed */
	size_t broken;        /* UTF-8 chosen but for this many broken sequences */
	bool weak;            /* the runner-up reads it nearly as well */
	bool thin;            /* too little to tell it from a set of another
			       * language close behind (a short name) */
	long score, second_score;
	long latin1_score;    /* ISO-8859-1's (SGF's default), when sets were scored */
	/* a guess (weak or thin): a text beyond ASCII as written, the first
	 * the two sets read differently (detect_sample.h), for the note to
	 * show it read in each */
	char sample[32];
	size_t sample_len;
};

/* The bytes charset_detect reads at most: those after them change nothing. */
#define CHARSET_DETECT_MAX (256 * 1024)

/* Chooses the character set of len bytes (at most the first 256 KiB are
 * weighed). ASCII and valid UTF-8 are UTF-8. Else each legacy set is
 * scored character by character: a byte sequence it cannot decode, a
 * control or private-use character, an extension area (GBK's, UHC's, the
 * second level of JIS) count against it; the first level of its
 * ideographs and syllables, and the characters of its language's
 * everyday text (the most frequent hanzi, kanji, kana and hangul) count
 * for it; the Cyrillic sets score words of small letters after a capital
 * (the two sets swap the cases); ISO-8859-1 wins with accented letters beside ASCII letters, and
 * whenever no set has more for it (Windows-1252, its superset, when the
 * bytes have its quotes and dashes in 0x80-0x9F). Returns guess->name. */
const char *charset_detect(const char *bytes, size_t len, struct charset_guess *guess);

/* Whether the len bytes of SGF at s read from i on as what follows a
 * value's `]`: nothing, or after blanks (the reader's: space, \t \n \v
 * \f \r) `;`, `(`, `)`, another value's `[`, or a property's identifier
 * (letters of either case, as the reader takes one) and its `[`. Detection takes a set whose character would hold such a `]`
 * for not the text's; decode.c ends an ISO-2022-JP shift its line leaves
 * open there. */
bool charset_value_ends(const char *s, size_t i, size_t len);

/* The score of a set that cannot be the text's: a character of it would
 * take a value's closing `]` as its trail byte (or no reader for it). */
#define CHARSET_NOT_IT (-1000000L)

/* The score charset_detect gives len bytes read in name (an iconv name of a
 * set it weighs: "CP932", "GB18030", ...) into *score, and the characters
 * beyond ASCII it weighed into *chars; false when it weighs no such set. */
bool charset_detect_score(const char *bytes, size_t len, const char *name, long *score,
			  size_t *chars);

/* How name, a set of Latin letters detection weighs but ISO-8859-1, reads
 * the text's words: 2 as one language's, every byte beyond ASCII a letter
 * (or Windows' quotes and dashes) in words all of one language it writes
 * (Czech's Jiří Dvořák in Windows-1250); 1 each word as some language's
 * (Slovak's Ľubomír beside Czech's Daněk in ISO-8859-2); 0 a word as none's
 * (Windows-1250's reading of them, Ąubomír: Polish's Ą, Czech's í). */
int charset_latin_words(const char *bytes, size_t len, const char *name);

#endif
