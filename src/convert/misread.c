/* misread: what a set's reading of a game's bytes says of them (misread.h). */
#include "convert/misread.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/ascii.h"
#include "base/buf.h"
#include "base/charset.h"
#include "base/jstring.h"
#include "convert/sgfahead.h"

/* The bytes of a game with CA whose script detection weighs (another_script,
 * double_byte_misread). */
#define DETECT_SAMPLE 4096

bool latin1_family(const char *cs)
{
	return !strcmp(cs, "ISO-8859-1") || !strcmp(cs, "CP1252") || !strcmp(cs, "WINDOWS-1252") ||
	       !strcmp(cs, "ISO-8859-15");
}

/* Called on every game's whole text (12 M instructions of Kogo's stand-in
 * a byte at a time): base/ascii.h's word-at-a-time scan. */
bool has_high(const char *s, size_t len)
{
	return ascii_span(s, len) < len;
}

/* Broken characters of bytes in cs, and characters beyond ASCII. */
size_t broken_in(const char *bytes, size_t len, const char *cs, size_t *chars)
{
	struct buf scratch = BUF_INIT;
	size_t *at = NULL, n = 0, cap = 0;
	charset_decode_lenient(bytes, len, cs, &scratch, &at, &n, &cap);
	*chars = 0;
	for (size_t i = 0; i < scratch.len; i++)
		*chars += ((unsigned char)scratch.data[i] & 0xC0) == 0xC0;
	buf_free(&scratch);
	free(at);
	return n;
}

/* Whether bytes that the usual set cs reads are another's text misread:
 * most of their characters beyond ASCII half-width katakana (U+FF61 to
 * U+FF9F, as CP932 reads the two bytes of EUC-KR's Hangul, GB2312's and
 * Big5's characters), and detection sure of one of those sets, which
 * reads them whole. (A short text of half-width katakana can look like
 * Greek to detection: it stays the usual set's.) */
bool usual_misread(const char *bytes, size_t len, const char *cs)
{
	struct buf text = BUF_INIT;
	size_t *at = NULL, n = 0, cap = 0, chars = 0, kana = 0;
	charset_decode_lenient(bytes, len, cs, &text, &at, &n, &cap);
	for (size_t i = 0; i < text.len; i++) {
		const unsigned char *c = (const unsigned char *)text.data + i;
		chars += (*c & 0xC0) == 0xC0;
		kana += i + 2 < text.len && c[0] == 0xEF &&
			((c[1] == 0xBD && c[2] >= 0xA1) || (c[1] == 0xBE && c[2] <= 0x9F));
	}
	buf_free(&text);
	free(at);
	if (!chars || kana * 2 <= chars)
		return false;
	struct charset_guess guess;
	charset_detect(bytes, len, &guess);
	size_t other;
	bool korean_chinese = !strcmp(guess.name, "CP949") || !strcmp(guess.name, "GB18030") ||
			   !strcmp(guess.name, "BIG5-HKSCS");
	return !guess.weak && korean_chinese && strcmp(guess.name, cs) &&
	       !broken_in(bytes, len, guess.name, &other);
}

/* Whether cs is a set of Latin letters detection weighs (ISO-8859-1's
 * family, the Central European, Turkish and Baltic sets). */
bool latin_letters(const char *cs)
{
	static const char *const latin[] = { "CP1250", "ISO-8859-2", "CP1254", "ISO-8859-9",
					     "CP1257" };
	for (size_t i = 0; i < sizeof latin / sizeof *latin; i++)
		if (!strcmp(cs, latin[i]))
			return true;
	return latin1_family(cs);
}

/* Whether ISO-8859-1, which detection keeps, reads Icelandic's ð or þ (Ð,
 * Þ) where another set of Latin letters reads the bytes as well or
 * better: no Western language writes them, few Go records are in
 * Icelandic, and they are what ISO-8859-1 makes of Turkish's ğ ş and the
 * Baltic languages' š ž (Uğur, Ayşe, Šimkutė: Uður, Ayþe, Ðimkutë). */
bool icelandic_doubt(const char *b, size_t n, const struct charset_guess *guess)
{
	if (!latin1_family(guess->name) || !guess->second_name ||
	    !latin_letters(guess->second_name) || latin1_family(guess->second_name) ||
	    guess->second_score < guess->latin1_score)
		return false;
	for (size_t i = 0; i < n; i++) {
		unsigned char c = (unsigned char)b[i];
		if (c == 0xD0 || c == 0xF0 || c == 0xDE || c == 0xFE)
			return true;
	}
	return false;
}

/* The bytes of a game's text detection weighs: its first DETECT_SAMPLE, up
 * to a byte below 0x40, which no set detection weighs has inside a
 * character (a long Latin text weighed whole: detection was 60% of its
 * check, 4 KiB 12%). */
size_t detect_sample(const char *b, size_t n)
{
	size_t m = n;
	if (m > DETECT_SAMPLE) {
		m = DETECT_SAMPLE;
		while (m > 0 && (unsigned char)b[m - 1] >= 0x40)
			m--;
	}
	return m ? m : n;
}

/* Whether cs is a set of two bytes a character (CJK's), which reads most
 * pairs of bytes beyond ASCII as some character. */
bool double_byte(const char *cs)
{
	return !strcmp(cs, "CP932") || !strcmp(cs, "EUC-JP") || !strcmp(cs, "CP949") ||
	       !strcmp(cs, "GB18030") || !strcmp(cs, "BIG5-HKSCS");
}

/* Whether sets a and b read the bytes alike (Windows-1250's Polish and
 * ISO-8859-2's, KOI8-R's Russian and KOI8-U's). */
static bool same_reading(const char *bytes, size_t len, const char *a, const char *b)
{
	struct buf x = BUF_INIT, y = BUF_INIT;
	charset_decode_lenient(bytes, len, a, &x, NULL, NULL, NULL);
	charset_decode_lenient(bytes, len, b, &y, NULL, NULL, NULL);
	bool same = x.len == y.len && (!x.len || !memcmp(x.data, y.data, x.len));
	buf_free(&x);
	buf_free(&y);
	return same;
}

/* Whether the bytes hold a valid UTF-8 character of three or four bytes. */
static bool utf8_long_char(const char *b, size_t len)
{
	for (size_t i = 0; i < len; i++)
		if ((unsigned char)b[i] >= 0xE0 && utf8_sequence_length(b + i, len - i) >= 3)
			return true;
	return false;
}

/* What a game's own set scores over the shared set's reading of its
 * bytes for it to be read in its own. */
#define OWN_OVER_SHARED 10

enum own_reading own_reading(const char *b, size_t len, const char *shared, bool detect,
			     struct charset_guess *own)
{
	size_t m = detect_sample(b, len), weighed;
	long theirs = CHARSET_NOT_IT;
	if (!has_high(b, len))
		return OWN_FITS;
	/* Valid UTF-8 with characters of several bytes is UTF-8's text, as
	 * alone, beside a single-byte set's games: a Latin set reads Björn as
	 * BjÃ¶rn at two points a character. Not beside a set of two bytes a
	 * character, where one or two of its characters are valid UTF-8 by
	 * chance (GB2312's 石 is CA AF, EUC-KR's 채천 C3 A4 C3 B5): weighed. */
	if (strcmp(shared, "UTF-8") && !double_byte(shared) && charset_valid_utf8(b, len)) {
		charset_detect(b, m, own);
		return OWN_TAKEN;
	}
	/* UTF-8 but for a damaged name (as detection reads it alone) is UTF-8's
	 * text beside a single-byte set's games, though that set reads its
	 * bytes at two points a character too (ISO-8859-5's 3цо╡ for 3段):
	 * weighed when it has a whole character of three or four bytes. */
	if (strcmp(shared, "UTF-8") && !double_byte(shared) && utf8_long_char(b, len)) {
		charset_detect(b, m, own);
		if (!strcmp(own->name, "UTF-8"))
			return OWN_TAKEN;
	}
	/* The shared set's reading weighed first, one set where detection
	 * weighs 19 (a Shift_JIS collection of two games: 0.9 M instructions,
	 * 74 K so): two points a character is its text (half a point let
	 * another single-byte set's text through). */
	bool fits = !strcmp(shared, "UTF-8")
		    ? charset_valid_utf8(b, len)
		    : charset_detect_score(b, m, latin1_family(shared) ? "ISO-8859-1" : shared,
					   &theirs, &weighed) && theirs >= (long)weighed * 2;
	/* A set of Latin letters but ISO-8859-1's scores a text by its words
	 * over ISO-8859-1's: where those read as no language's (Kalniòa,
	 * èempionatas), every such set reads the text well, Windows-1250 a
	 * Latvian game beside a Czech one: its own set weighed then too. Not
	 * where the shared set reads it as one language's words, letters all
	 * (a Czech game of a Czech collection: its detection was 0.25 M
	 * instructions a game, every game each time the file is read). Asked
	 * here where no detection is (the first pass), later only where it
	 * decides. */
	bool latin_shared = latin_letters(shared) && !latin1_family(shared);
	bool one = fits && latin_shared && !detect && charset_latin_words(b, m, shared) == 2;
	if (fits && !detect && (!latin_shared || one))
		return OWN_FITS;
	charset_detect(b, m, own);
	if (!strcmp(own->name, shared))
		return OWN_SAME;
	bool sure = !own->thin && !own->weak && own->score > 0 &&
		    own->score >= theirs + OWN_OVER_SHARED;
	/* Where its own set, another of Latin letters, reads the game's words
	 * better than the shared set (charset_latin_words: as one language's
	 * where the shared set reads several, or each as some language's where
	 * the shared set reads one as none's), the bytes say which, however
	 * close the scores, whether or not the shared set fits: Lithuanian's
	 * Kaunų taurę, Vilnių (ų ę) are Kaunř taurć, Vilniř in Windows-1250,
	 * Czech's ř beside Polish's ć (REVIEW.md R138: Windows-1257 reads the
	 * game one point better, a guess alone, and it stayed in the shared
	 * set); a Slovak game's Ľubomír in ISO-8859-2 is Ąubomír there
	 * (Polish's Ą, Czech's í), and Tomáš Tomáą, among Czech games in
	 * Windows-1250 (bench/charsets.py --collections --langs cs, seed 22:
	 * 90 of 1,200 games read wrong, 27 in silence; now 5, none). */
	bool words = latin_shared && !own->thin && own->score > theirs &&
		     latin_letters(own->name) && !latin1_family(own->name) &&
		     charset_latin_words(b, m, own->name) > charset_latin_words(b, m, shared);
	if ((fits && !(latin_shared && (sure || words))) ||
	    (latin1_family(own->name) && latin1_family(shared)))
		return OWN_FITS;
	if (!strcmp(own->name, "UTF-8") ? theirs <= 0 && (own->broken || charset_valid_utf8(b, len))
					: !own->thin && own->score > 0 &&
					  (words || (!own->weak && (sure || theirs < 0))))
		return OWN_TAKEN;
	/* A reading the shared set scores below nothing (Windows-1251's Jьrgen
	 * Mьller, a Cyrillic letter inside a Latin word) is not its text, where
	 * its own set reads it well but for a runner-up of another set (Latin-1's
	 * Jürgen Müller, Windows-1257 close behind): read in its own, its note
	 * a guess naming the two (in the shared set it was a guess too). */
	if (own->weak && !own->thin && own->score > 0 && theirs < 0 && theirs != CHARSET_NOT_IT &&
	    own->second_name && strcmp(own->second_name, shared) && strcmp(own->name, "UTF-8"))
		return OWN_TAKEN;
	return own->score > theirs && !same_reading(b, m, own->name, shared) ? OWN_DOUBT : OWN_FITS;
}

/* Whether no character of cs holds a `]` or `\\` but as its first byte
 * (UTF-8, the single-byte sets, not Shift_JIS, GBK, Big5, EUC-KR or
 * EUC-JP): a value of its text then closes at the `]` its bytes show,
 * found without reading it character by character. */
bool brackets_are_bytes(const char *cs)
{
#ifdef __EMSCRIPTEN__
	(void)cs;
	return false;   /* (the page's smaller code: character by character) */
#endif
	if (!strcmp(cs, "UTF-8"))
		return true;
	/* The last set's answer kept: asked once a game or twice, its 768
	 * probes were a fifth of checking 20,000 short games. */
	static _Thread_local char last[64];
	static _Thread_local bool last_bytes;
	if (!strcmp(cs, last))
		return last_bytes;
	static const unsigned char second[] = { 0x5C, 0x5D, 0x30, 0x41, 0x81, 0xA1 };
	bool bytes = true;
	for (unsigned c = 0x80; c <= 0xFF && bytes; c++) {
		for (size_t k = 0; k < sizeof second; k++) {
			const char probe[4] = { (char)c, (char)second[k], ']', '\\' };
			size_t n = charset_char_len(cs, probe, sizeof probe);
			for (size_t b = 1; b < n && b < sizeof probe; b++)
				bytes = bytes && probe[b] != ']' && probe[b] != '\\';
		}
	}
	if (strlen(cs) < sizeof last) {
		strcpy(last, cs);
		last_bytes = bytes;
	}
	return bytes;
}

/* The first CA[...] in the raw bytes (its identifier and value are ASCII
 * in every set SGF files use), for lexing before the games are known. */
bool first_ca(const char *s, size_t len, char *out, size_t size)
{
	for (size_t i = 0; i + 2 < len; i++) {
		if (s[i] != 'C' || s[i + 1] != 'A' || (i && s[i - 1] >= 'A' && s[i - 1] <= 'Z'))
			continue;
		size_t j = i + 2;
		while (j < len && sgf_blank(s[j]))
			j++;
		if (j >= len || s[j] != '[')
			continue;
		size_t k = ++j;
		while (k < len && s[k] != ']' && k - j < size - 1)
			k++;
		if (k >= len || s[k] != ']')
			return false;
		while (j < k && sgf_blank(s[j]))
			j++;
		while (k > j && sgf_blank(s[k - 1]))
			k--;
		memcpy(out, s + j, k - j);
		out[k - j] = '\0';
		return true;
	}
	return false;
}
