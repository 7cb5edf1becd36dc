/* detect_sb: how well text reads in a single-byte set of a Latin, Greek,
 * Hebrew, Arabic or Thai alphabet (detect.c weighs them beside the others:
 * the Central European, Turkish and Baltic sets against ISO-8859-1, the
 * others on what their letters make). */
#ifndef JGF_DETECT_SB_H
#define JGF_DETECT_SB_H

#include <limits.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

enum sb_script { SB_LATIN, SB_GREEK, SB_HEBREW, SB_ARABIC, SB_THAI };

/* The characters of bytes 0x80-0xFF in the set iconv calls name (0xFFFFFFFF
 * where a byte is none), read once by charset.h's reader: NULL when the set
 * is not one of detection's single-byte sets. CP1252's too (ISO-8859-1's
 * reading). */
const uint32_t *sb_table(const char *name);

/* The score of len bytes s read in name, and the characters beyond ASCII
 * weighed. SB_LATIN: an accented letter beside an ASCII letter +2, a
 * symbol where text has it +3 (6½, © 2003), another or two high characters
 * in a row -1, Windows' quotes and dashes
 * beside a word +1 or +3, a byte the set leaves undefined -10; and for a
 * set but ISO-8859-1 (read as Windows-1252 here), what its words read as
 * more than Windows-1252's: a word whose letters beyond ASCII are all of
 * one language the set writes +1 a letter, else -2 (*latin1: Windows-1252's
 * words, weighed on the first call that needs them, when its words are
 * SB_NOT_WEIGHED, and kept for the next set of the same bytes and for
 * sb_latin_words_say). The others: their words' letters, cases and forms. */
#define SB_NOT_WEIGHED LONG_MIN
struct sb_latin1 {
	long words;   /* Windows-1252's words' score, or SB_NOT_WEIGHED */
	bool stray;   /* a word of no language's, or with a capital after a small letter */
};
#define SB_LATIN1_INIT { SB_NOT_WEIGHED, false }
long sb_latin_total(const char *name, const unsigned char *s, size_t len, size_t *chars,
		    struct sb_latin1 *latin1);
long sb_script_total(const char *name, enum sb_script script, const unsigned char *s, size_t len,
		     size_t *chars);

/* Whether the Latin set name (but ISO-8859-1) reads every byte beyond
 * ASCII of s as a letter (or Windows' quotes and dashes), in words all of
 * one language it writes: sb_latin_words_of's 2, where its 1 is every word
 * of some language's, its 0 a word of none's (detect.h's
 * charset_latin_words). */
bool sb_latin_one_language(const char *name, const unsigned char *s, size_t len);
int sb_latin_words_of(const char *name, const unsigned char *s, size_t len);
/* How far the Latin set name reads the words of s as one community's: 2
 * where one language writes every word, 1 where one kin of languages
 * (Estonian, Latvian and Lithuanian) does, else 0: what a tie of two such
 * sets is decided by. */
int sb_latin_one_reading(const char *name, const unsigned char *s, size_t len);
/* Whether the words say the Latin set name (but ISO-8859-1), not SGF's
 * default, however close their scores: it reads every word as one
 * language's (sb_latin_one_language), where ISO-8859-1 (read as
 * Windows-1252) reads a word as no language's but Icelandic's or
 * Albanian's, which few Go records are in, or with a capital after a small
 * letter (Turkish's Aydın and Erdoğan are Aydýn and Erdoðan there, Czech's
 * Jiří Jiøí). */
bool sb_latin_words_say(const char *name, const unsigned char *s, size_t len,
			struct sb_latin1 *latin1);

/* Whether sets a and b (single-byte, or "ISO-8859-1") read the bytes that
 * seen marks (seen[b - 0x80] for each byte b >= 0x80 of the text) alike. */
bool sb_same_reading(const char *a, const char *b, const bool seen[128]);

#endif
