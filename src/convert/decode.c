/* decode: bytes to UTF-8 text, game tree by game tree.
 *
 * An SGF file is first cut into its game trees on the bytes, lexed on the
 * characters of a provisional character set (the first CA's, else the one
 * detected), so that a second byte 0x5C or 0x5D of a Shift_JIS, GBK or
 * Big5 character is not taken for `\` or `]`; a game whose CA names
 * another set is lexed again in its own. Each game then gets its set: the
 * one its CA names, unless the bytes say otherwise for certain (they are
 * UTF-8, or most of its characters are broken in it and another set reads
 * them all, or a set that reads every byte reads what detection is sure is
 * another script's text); the games without a CA share one detection over
 * their bytes, but for a game whose own bytes are surely another set's
 * (own_sets).
 * When every game has the same set, the file is decoded at once (the usual
 * case); else each game and the text around it in its own. */
#include "convert/decode.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/charset.h"
#include "base/detect.h"
#include "base/jstring.h"
#include "base/locate.h"
#include "convert/decodegame.h"
#include "convert/decodeout.h"
#include "convert/misread.h"
#include "convert/sgfahead.h"
#include "convert/say.h"
#include "core/catalog.h"

/* What the character sets chosen say (convert/say.h); a game's, game_note
 * (decodenote.c). */
#define SAY_ENCODING NULL, "read as %s (--encoding %s)"
#define SAY_UTF16_MARK NULL, "read as UTF-16 (its byte order mark)"
#define SAY_UTF16_ZEROS &rule_charset_guessed, \
	"read as %s (a zero byte beside every ASCII character)"
#define SAY_UTF8_MARK NULL, "read as UTF-8 (its byte order mark)"
#define SAY_ISO2022JP &rule_charset_guessed, \
	"no CA: read as ISO-2022-JP (its escape sequences to JIS X 0208, ESC $ B, which no other " \
	"set has)"
#define SAY_ISO2022JP_OPEN &rule_charset_invalid_bytes, \
	"a shift to JIS X 0208 (ESC $ B) is not closed before its line ends: read as ending " \
	"here, the bytes before it as kanji, the rest of the line as ASCII; --fix leaves it"
#define SAY_ISO2022JP_CA &rule_charset_mismatch, \
	"CA[%s], but the bytes hold ISO-2022-JP's escape sequences to JIS X 0208 (ESC $ B): read " \
	"as CA says, the escapes kept in the text; --encoding ISO-2022-JP reads it as ISO-2022-JP"
#define SAY_PLAIN_UTF8(rule) rule, "read as UTF-8 (the bytes are valid UTF-8)"
#define SAY_PLAIN_USUAL &rule_charset_guessed, "read as %s (as %s files are written)"
#define SAY_UTF8_MARK_MISREAD &rule_charset_mismatch, \
	"the bytes after the UTF-8 byte order mark are mostly not UTF-8, and %s reads them " \
	"all: read as UTF-8 (the mark), those bytes as U+FFFD; --encoding %s reads them so"

/* ---- cutting the bytes into game trees ---- */

/* Whether the text after a `(` starts a game tree: `;`, or `ID[`. */
static bool tree_starts(const char *s, size_t n)
{
	size_t i = 0, k;
	while (i < n && sgf_blank(s[i]))
		i++;
	if (i < n && s[i] == ';')
		return true;
	for (k = i; i < n && sgf_letter(s[i]); i++)
		;
	bool named = i > k;
	while (i < n && sgf_blank(s[i]))
		i++;
	return named && i < n && s[i] == '[';
}

/* What stands around a set's name in some CA values, no part of it:
 * quotes, brackets (CA[[GBK], a `[` doubled), a list's `;` or `,`. */
static bool around_name(char c)
{
	return sgf_blank(c) || (c && strchr("'\"`[]()<>;,", c));
}

/* The character set a CA value (or --encoding) names, as the decoder
 * matches names:
 * without quotes, brackets or blanks around it ('UTF-8, "utf-8", [GBK,
 * <UTF-8>) or iconv's //IGNORE and //TRANSLIT after it ("" when nothing is
 * left). Case is charset_iconv_name's. */
static const char *ca_set(const char *ca, char *out, size_t size)
{
	const char *a = ca, *b = ca + strlen(ca);
	const char *cut = strstr(ca, "//");
	if (cut)
		b = cut;
	while (a < b && around_name(*a))
		a++;
	while (b > a && around_name(b[-1]))
		b--;
	size_t n = (size_t)(b - a) < size ? (size_t)(b - a) : size - 1;
	memcpy(out, a, n);
	out[n] = '\0';
	return out;
}

/* A character's bytes: an ASCII byte is one in every set read (the call
 * for each byte was 1.4% of checking a large tree in place). */
static inline size_t char_len(const char *cs, const char *s, size_t n)
{
	return (unsigned char)*s < 0x80 ? 1 : charset_char_len(cs, s, n);
}

/* Lexes the game tree at s[start] (a `(`) on the characters of cs: sets
 * g->end and g->ca. A game left open ends where the reader ends it, at
 * the next game's `(` (sgfahead.h). */
static void scan_game(const char *s, size_t len, struct game *g, const char *cs,
		      struct sgf_ahead *ahead)
{
	size_t i = g->start + 1, depth = 1;
	char id[3];
	size_t idlen = 0;     /* upper-case letters of the last identifier */
	bool in_id = false, bytes = brackets_are_bytes(cs);
	g->has_ca = false;
	while (i < len && depth) {
		char c = s[i];
		if (c == '[') {
			size_t j = i + 1;
			if (bytes)
				j = sgf_value_close(s, j, len);
			while (j < len && s[j] != ']') {
				if (s[j] == '\\' && j + 1 < len)
					j++;
				j += char_len(cs, s + j, len - j);
			}
			if (!g->has_ca && idlen == 2 && id[0] == 'C' && id[1] == 'A') {
				size_t a = i + 1, b = j < len ? j : len;
				while (a < b && sgf_blank(s[a]))
					a++;
				while (b > a && sgf_blank(s[b - 1]))
					b--;
				if (b - a < sizeof g->ca) {
					memcpy(g->ca, s + a, b - a);
					g->ca[b - a] = '\0';
					ca_set(g->ca, g->set, sizeof g->set);
					g->has_ca = true;
					g->ca_at = i + 1, g->ca_end = j < len ? j : len;
				}
			}
			i = j < len ? j + 1 : len;
			in_id = false;
			continue;
		}
		if (sgf_letter(c)) {
			if (!in_id)
				idlen = 0;
			in_id = true;
			if (c >= 'A' && c <= 'Z') {
				if (idlen < 2)
					id[idlen] = c;
				idlen++;
			}
		} else {
			in_id = false;
			if (c == '(' && sgf_opens_game(s + i + 1, len - i - 1) &&
			    !sgf_trees_close(ahead, s, len, i, depth))
				break;
			if (c == '(')
				depth++;
			else if (c == ')')
				depth--;
			else if (!sgf_blank(c))
				idlen = 0;
		}
		i += char_len(cs, s + i, len - i);
	}
	g->end = i;
}

static const char *iconv_of(const char *name, char *buf, size_t size)
{
	return charset_iconv_name(name, buf, size);
}

/* Whether iconv reads the set a CA names, and its iconv name: asked once
 * for the games that name the same (each of a collection's 500 games
 * opened and closed an iconv twice and looked its name up twice: 3% of
 * checking it in place). */
struct known_set {
	bool asked, known;
	char set[sizeof ((struct game *)0)->set];
	char iconv[sizeof ((struct game *)0)->csbuf];   /* iconv_of's answer */
	char tmp[sizeof ((struct game *)0)->csbuf];     /* and what it left in its buffer */
};

static bool set_known(struct known_set *k, const char *set)
{
	if (!k->asked || strcmp(k->set, set)) {
		k->asked = true;
		snprintf(k->set, sizeof k->set, "%s", set);
		k->known = charset_known(set);
		snprintf(k->iconv, sizeof k->iconv, "%s", iconv_of(set, k->tmp, sizeof k->tmp));
	}
	return k->known;
}

/* The games of s, lexed as described at the top; each with a CA iconv
 * reads is known, its iconv name in csbuf. */
static struct game *find_games(const char *s, size_t len, const char *provisional, size_t *n)
{
	struct game *games = NULL;
	size_t cap = 0;
	struct sgf_ahead ahead = { 0 };
	struct known_set asked = { 0 };
	*n = 0;
	for (size_t i = 0; i < len;) {
		if (s[i] != '(' || !tree_starts(s + i + 1, len - i - 1)) {
			i += charset_char_len(provisional, s + i, len - i);
			continue;
		}
		games = xgrow(games, &cap, *n + 1, sizeof *games);
		struct game *g = &games[(*n)++];
		*g = (struct game){ .start = i };
		scan_game(s, len, g, provisional, &ahead);
		if (!g->has_ca && !brackets_are_bytes(provisional)) {
			/* A value in another set before CA (Latin-1's José, then
			 * `]CA[Shift_JIS]`) can end in a byte that, on the
			 * provisional set's characters, takes its `]` for a second
			 * byte: the value runs on over the CA. CA anywhere in the
			 * root decides, as it does when it comes first: looked for
			 * on the bytes, the game is lexed again in its set. */
			size_t end = g->end;
			scan_game(s, len, g, "ISO-8859-1", &ahead);
			g->end = end;
		}
		g->known = g->has_ca && set_known(&asked, g->set);
		if (g->known)
			memcpy(g->csbuf, asked.iconv, sizeof g->csbuf);
		char tmp[sizeof g->csbuf];
		if (g->known && strcmp(asked.iconv, provisional)) {
			/* the set's name (CP932 for CA[SJIS]), whose characters
			 * charset_char_len knows, not the CA as spelled (REVIEW.md R83) */
			memcpy(tmp, asked.iconv, sizeof tmp);
			if (out_unit(tmp))   /* its values only: the rest ASCII */
				snprintf(tmp, sizeof tmp, "ISO-8859-1");
			char ca[sizeof g->ca], set[sizeof g->set];
			size_t ca_at = g->ca_at, ca_end = g->ca_end;
			memcpy(ca, g->ca, sizeof ca);
			memcpy(set, g->set, sizeof set);
			scan_game(s, len, g, tmp, &ahead);   /* again, on its own characters */
			memcpy(g->ca, ca, sizeof ca);
			memcpy(g->set, set, sizeof set);
			g->ca_at = ca_at, g->ca_end = ca_end;
			g->has_ca = true;
		}
		i = g->end;
	}
	sgf_ahead_free(&ahead);
	return games;
}

/* ---- choosing ---- */

/* What detection's best Latin set scores more than ISO-8859-1 for its
 * letters to be no Western language's under a CA[ISO-8859-1]: 3 is
 * detection's own margin (LATIN_DEFAULT), which one Western record of
 * 1,677 reached (French, Spanish, German and a Swedish Åke, all Slovak's
 * letters in Windows-1250; 2 at most the others); and for a set another
 * such set reads about as well. */
#define LATIN_OVER_CA 4
#define LATIN_FAR_BEHIND 6

/* A set that reads every byte as a letter of its own, ISO-8859-1 (which
 * programs write in CA whatever the text is), Windows-1251 or KOI8-R,
 * reads another set's text without a broken byte: Windows-1251's Иванов
 * is Èâàíîâ in ISO-8859-1 and хБЮМНБ in KOI8-R, Windows-1250's Łukasz
 * Wiśniewski £ukasz Wiœniewski. When detection is sure of a set of another
 * script (or of the other Cyrillic set), or, for ISO-8859-1's family, of
 * another language's Latin letters (Central European, Turkish, Baltic;
 * by LATIN_OVER_CA over ISO-8859-1), which reads every character, the
 * bytes are that set's: g is read in it.
 * When detection takes such Latin letters for another set's but for a
 * guess, g is read in it if ISO-8859-1 is far behind and what comes close
 * is another such set (Windows-1250's Dvořák is Windows-1257's Dvoųák),
 * else it stays ISO-8859-1's; the note says it is a guess. */
static void another_script(const char *b, size_t n, struct game *g)
{
	bool cyrillic = !strcmp(g->cs, "CP1251") || !strcmp(g->cs, "KOI8-R") ||
			!strcmp(g->cs, "KOI8-U");
	bool western = latin1_family(g->cs);
	if (!(western || cyrillic) || !has_high(b, n))
		return;
	size_t m = detect_sample(b, n);
	struct charset_guess guess;
	charset_detect(b, m, &guess);
	bool other_latin = latin_letters(guess.name) && !latin1_family(guess.name);
	if (western && icelandic_doubt(b, m, &guess)) {
		g->chars = guess.chars, g->label = guess.second, g->why = CA_DOUBT;
		return;
	}
	if (western && !strcmp(guess.name, "UTF-8")) {
		/* UTF-8 but for a name a server damaged (detection's): UTF-8's
		 * text, the damaged bytes U+FFFD, as without the CA */
		g->cs = "UTF-8", g->why = LATIN_UTF8;
		return;
	}
	size_t chars;
	if ((latin_letters(guess.name) && !(western && other_latin)) ||
	    !strcmp(guess.name, g->cs) || !strcmp(guess.name, "UTF-8") ||
	    broken_in(b, n, guess.name, &chars))
		return;
	g->chars = guess.chars, g->label = guess.label, g->second = guess.second;
	if (!other_latin) {
		if (!guess.weak)
			g->cs = guess.name, g->why = CA_SCRIPT;
		return;
	}
	bool second_latin = guess.second_name && latin_letters(guess.second_name) &&
			    !latin1_family(guess.second_name);
	long over_latin1 = guess.score - guess.latin1_score;
	if (over_latin1 >= LATIN_OVER_CA && !guess.weak)
		g->cs = guess.name, g->why = CA_LANGUAGE;
	else if (over_latin1 >= LATIN_FAR_BEHIND && second_latin)
		g->cs = guess.name, g->why = CA_LANGUAGE_WEAK;
	else
		g->why = CA_DOUBT;
}

/* What detection's single-byte set scores at least for a double-byte CA's
 * text to be its (double_byte_misread): random names of GBK's extension and
 * of half-width katakana under their own CA (scoring nothing or less there)
 * read at most 14 in a set of one byte a character. */
#define DOUBLE_BYTE_OTHER_SURE 20

/* A CA of two bytes a character (Shift_JIS, EUC-JP, EUC-KR, GB2312, Big5)
 * reads another script's single bytes as characters of its own in pairs,
 * most of them whole: KOI8-R's Александр is 睥ﾅﾋﾓﾁﾎﾄﾒ in Shift_JIS,
 * Windows-1251's 离尻襦礓 in GB2312, without a byte broken or with too few
 * for CA_DETECTED. When that reading scores half a point a character or
 * less in detection (KOI8-R's Динерштейн in GB2312 1 for 10; GB2312's
 * frequent hanzi 3 each) and detection is sure, by DOUBLE_BYTE_OTHER_SURE
 * and twice as much, of a single-byte set reading every byte, g is read in
 * it; of a double-byte set (sure by 10), when the CA's scores nothing, g stays
 * the CA's (a short name is often both), said a guess. A CA whose reading runs a
 * value on over its `]` (Latin-1's René] in GB2312), or breaks bytes and scores
 * nothing, is another set's however short (a guess between Latin sets). A CA whose characters take
 * a value's `]` as trail byte in valid UTF-8 (李: GBK's 鏉 and a byte) is UTF-8's. */
static void double_byte_misread(const char *b, size_t n, struct game *g, bool broken)
{
	if (!double_byte(g->cs) || !has_high(b, n))
		return;
	/* The CA's own reading weighed first, one set where detection weighs 19:
	 * a Japanese check of 58 KB 41.5 M instructions, 62.2 M detecting first, 44.1 M so. */
	size_t m = detect_sample(b, n), weighed, chars;
	long declared = 0;
	if (!charset_detect_score(b, m, g->cs, &declared, &weighed))
		return;
	if (declared == CHARSET_NOT_IT && charset_valid_utf8(b, n)) {
		g->cs = "UTF-8", g->why = CA_UTF8;
		return;
	}
	if (declared * 2 > (long)weighed)
		return;
	struct charset_guess guess;
	charset_detect(b, m, &guess);
	bool other = double_byte(guess.name) && strcmp(guess.name, g->cs) && declared <= 0;
	/* The CA's reading runs a value on over its `]` (Latin-1's René] in
	 * GB2312), or breaks bytes and scores nothing: any score of a single-byte
	 * set, a guess between two sets of Latin letters. */
	bool swallows = (declared == CHARSET_NOT_IT || (broken && declared <= 0)) && !guess.thin;
	bool latin = swallows && latin_letters(guess.name) && guess.second_name &&
		     latin_letters(guess.second_name);
	if ((guess.weak && !latin) ||
	    guess.score < (other ? 10 : swallows ? 1 : DOUBLE_BYTE_OTHER_SURE) ||
	    declared * 2 >= guess.score || !strcmp(guess.name, "UTF-8") ||
	    (double_byte(guess.name) && !other) || broken_in(b, n, guess.name, &chars))
		return;
	g->chars = guess.chars, g->label = guess.label, g->second = guess.second;
	g->why = other ? CA_DOUBT : latin && guess.weak ? CA_LANGUAGE_WEAK
		 : swallows && latin_letters(guess.name) ? CA_LANGUAGE : CA_SCRIPT;
	g->cs = other ? g->cs : guess.name;
}

/* When g's CA value, ASCII on one line without escapes, is not its set's
 * name as files write it (blanks, quotes or brackets around it, other
 * punctuation: CA[[GBK], CA["UTF-8"], CA[UTF_8]), sets g->written to it and
 * g->spelled to the name: a reader stricter than jgflint knows no such
 * set, and the fix writes the name. */
static void clean_name(const char *s, struct game *g)
{
	const char *v = s + g->ca_at;
	size_t n = g->ca_end - g->ca_at;
	g->spelled[0] = '\0';
	if (n >= sizeof g->written)
		return;
	for (size_t i = 0; i < n; i++)
		if (v[i] < 0x20 || v[i] > 0x7E || v[i] == '\\')
			return;
	const char *name = charset_spelling(g->set);
	if (!name && strlen(g->set) == n && !memcmp(v, g->set, n))
		return;
	memcpy(g->written, v, n);
	g->written[n] = '\0';
	snprintf(g->spelled, sizeof g->spelled, "%s", name ? name : g->set);
}

/* The set of one game that has a CA iconv knows. */
static void choose_declared(const char *s, struct game *g)
{
	const char *b = s + g->start;
	size_t n = g->end - g->start, chars;
	clean_name(s, g);
	g->cs = g->csbuf;   /* find_games' */
	g->why = BY_CA;
	if (out_unit(g->cs))
		return;   /* its values' units: what else reads them? */
	bool utf8 = charset_valid_utf8(b, n);
	if (latin1_family(g->cs) && utf8 && has_high(b, n)) {
		g->cs = "UTF-8", g->why = LATIN_UTF8;
		return;
	}
	/* Valid UTF-8 read as UTF-8 has nothing broken (broken_in decoded
	 * all of it again: 1.6% of checking a large tree in place). */
	if (utf8 && !strcmp(g->cs, "UTF-8"))
		return;
	size_t broken = broken_in(b, n, g->cs, &chars);
	if (!broken && !strcmp(g->cs, "ISO-8859-1")) {
		/* Its controls 0x80-0x9F are Windows-1252's punctuation in text
		 * (as HTML reads ISO-8859-1), when they are all defined there. */
		bool c1 = false, cp1252 = true;
		for (size_t i = 0; i < n; i++) {
			unsigned char c = (unsigned char)b[i];
			c1 |= c >= 0x80 && c <= 0x9F;
			cp1252 &= c != 0x81 && c != 0x8D && c != 0x8F && c != 0x90 && c != 0x9D;
		}
		if (c1 && cp1252)
			g->cs = "CP1252", g->why = LATIN_CP1252;
	}
	if (!broken) {
		another_script(b, n, g);
		double_byte_misread(b, n, g, false);
		return;
	}
	if (utf8 && strcmp(g->cs, "UTF-8")) {
		g->cs = "UTF-8", g->why = CA_UTF8;
		return;
	}
	/* Most of it broken, and another set reads all of it: that set (a
	 * guess when detection's runner-up reads it about as well: the CA is
	 * wrong all the same). */
	struct charset_guess guess;
	charset_detect(b, n, &guess);
	size_t other_chars;
	if (broken * 4 > chars && strcmp(guess.name, g->cs) &&
	    !broken_in(b, n, guess.name, &other_chars)) {
		g->broken = broken, g->chars = chars;
		g->cs = guess.name, g->why = guess.weak || guess.thin ? CA_DETECTED_WEAK : CA_DETECTED;
		g->label = guess.label, g->second = guess.second;
	} else {
		double_byte_misread(b, n, g, true);
	}
}

static bool same_choice(const struct game *a, const struct game *b)
{
	return a->why == b->why && !strcmp(a->cs, b->cs) && a->shared == b->shared &&
	       (a->why == NO_CA || !strcmp(a->ca, b->ca));
}

/* Whether bytes read in cs are themselves (after a UTF-8 byte order mark,
 * which the text does not keep): valid UTF-8 read as UTF-8, or ASCII read in
 * a set of the ISO-8859-1 family. Only where the caller keeps the bytes
 * (o->same was set to them): the text is then not copied. */
static const char *same_bytes(const struct out *o, const char *s, size_t len, const char *cs)
{
	if (!o->same)
		return NULL;
	bool same = !strcmp(cs, "UTF-8") ? charset_valid_utf8(s, len)
					 : latin1_family(cs) && !has_high(s, len);
	return same ? s : NULL;
}

/* Whether the bytes are ISO-2022-JP's: seven bits, kanji and kana between
 * escape sequences (ESC $ B or ESC $ @ to JIS X 0208, ESC $ ( D to JIS X
 * 0212), which no other text has. Its bytes cannot be cut into games or
 * lexed before they are decoded (a kanji's two bytes may be `]` or `(;`),
 * and as ASCII its names would keep the escapes. */
static bool iso2022_jp(const char *s, size_t len)
{
	if (has_high(s, len))
		return false;
	for (const char *p = s, *end = s + len; (p = memchr(p, 0x1B, (size_t)(end - p))); p++)
		if (end - p >= 3 && p[1] == '$' &&
		    (p[2] == 'B' || p[2] == '@' || (p[2] == '(' && end - p >= 4 && p[3] == 'D')))
			return true;
	return false;
}

/* ISO-2022-JP decoded, a shift to JIS X 0208 that its line does not close
 * (ESC ( B or ESC ( J; RFC 1468 closes every line in ASCII) ended at its
 * first `]` that SGF's text follows, else at the line's end: decoded on,
 * it would read `]PW[` as two kanji, the next property lost. */
static void decode_iso2022jp(struct out *o, const char *s, size_t len, struct sgf_notes *notes)
{
	size_t from = 0, *cut = NULL, ncut = 0, cap = 0;
	for (size_t i = 0; i < len; i++) {
		if (s[i] != 0x1B || len - i < 3 || s[i + 1] != '$')
			continue;
		size_t end = i + 3, stop = 0;   /* the shift's close, or where it ends */
		while (end < len && s[end] != '\n' && s[end] != '\r' &&
		       !(s[end] == 0x1B && len - end >= 3 && s[end + 1] == '('))
			end++;
		if (end < len && s[end] == 0x1B) {
			i = end;
			continue;
		}
		for (size_t k = i + 3; k < end && !stop; k++)
			if (s[k] == ']' && charset_value_ends(s, k + 1, len))
				stop = k;
		stop = stop ? stop : end;
		out_decode(o, s + from, stop - from, "ISO-2022-JP");
		cut = xgrow(cut, &cap, ncut + 1, sizeof *cut);
		cut[ncut++] = o->text->len;
		from = i = stop;
	}
	out_decode(o, s + from, len - from, "ISO-2022-JP");
	struct cursor c = { o->text->data, o->text->len, 0, { 1, 1 } };
	for (size_t k = 0; k < ncut; k++)
		sgf_say(notes, cursor_to(&c, cut[k]), SAY_ISO2022JP_OPEN);
	free(cut);
}

/* A UTF-8 byte order mark before the len bytes s of another set (an
 * editor's, put before a GBK or Shift_JIS file: REVIEW.md R152): the mark
 * decides, and where its bytes beyond ASCII are mostly not UTF-8 (a valid
 * sequence for fewer than four broken bytes: a Shift_JIS text's pairs make
 * one now and then) and the set CA names (else the one detected) reads
 * every one, a warning says so and which --encoding reads the file so. */
static void mark_misread(const char *s, size_t len, struct sgf_notes *notes)
{
	size_t valid = 0, broken = 0;
	for (size_t i = 0, k; i < len; i += k ? k : 1) {
		k = (unsigned char)s[i] < 0x80 ? 1 : utf8_sequence_length(s + i, len - i);
		valid += k > 1, broken += !k;
	}
	if (broken <= 4 * valid)
		return;
	char ca[48], set[48], tmp[64], said[64];
	const char *cs;
	if (first_ca(s, len, ca, sizeof ca) && charset_known(ca_set(ca, set, sizeof set))) {
		cs = iconv_of(set, tmp, sizeof tmp);
		snprintf(said, sizeof said, "CA[%s]", ca);
	} else {
		struct charset_guess guess;
		cs = charset_detect(s, len, &guess);
		snprintf(said, sizeof said, "detection's %s", guess.label);
	}
	size_t chars = 0;
	const struct sgf_pos file = { 0, 0 };
	if (strcmp(cs, "UTF-8") && !out_unit(cs) && !broken_in(s, len, cs, &chars) && chars)
		sgf_say(notes, file, SAY_UTF8_MARK_MISREAD, said, cs);
}

/* A set the bytes themselves name (--encoding, a byte order mark, the zero
 * bytes of UTF-16 without one, ISO-2022-JP's escape sequences): the whole
 * file read in it. False when nothing names one. */
static bool decode_marked(struct out *o, const char *s, size_t len, const char *encoding,
			  struct sgf_notes *notes)
{
	const struct sgf_pos file = { 0, 0 };
	if (encoding) {
		char set[48], tmp[64];
		const char *cs = iconv_of(ca_set(encoding, set, sizeof set), tmp, sizeof tmp);
		if (!(o->same = same_bytes(o, s, len, cs)))
			out_decode(o, s, len, cs);
		out_set(o, cs);
		sgf_say(notes, file, SAY_ENCODING, cs, encoding);
	} else if (len >= 2 && (!memcmp(s, "\xFF\xFE", 2) || !memcmp(s, "\xFE\xFF", 2))) {
		o->same = NULL;
		out_decode(o, s, len, "UTF-16");
		out_set(o, "UTF-16");
		sgf_say(notes, file, SAY_UTF16_MARK);
	} else if (len >= 2 && (!s[0] != !s[1])) {
		/* UTF-16 without a mark: the first character, `(`, is ASCII. */
		const char *cs = s[0] ? "UTF-16LE" : "UTF-16BE";
		o->same = NULL;
		out_decode(o, s, len, cs);
		out_set(o, cs);
		sgf_say(notes, file, SAY_UTF16_ZEROS, cs);
	} else if (len >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3)) {
		if (!(o->same = same_bytes(o, s, len, "UTF-8")))
			out_decode(o, s, len, "UTF-8");
		out_set(o, "UTF-8");
		sgf_say(notes, file, SAY_UTF8_MARK);
		if (!o->same && !charset_valid_utf8(s + 3, len - 3))
			mark_misread(s + 3, len - 3, notes);
	} else if (iso2022_jp(s, len)) {
		char ca[48], set[48], tmp[64];
		bool has_ca = first_ca(s, len, ca, sizeof ca);
		/* A CA stands, said: the escapes of a text that was read so
		 * (and written again under CA[UTF-8]) must read back the same. */
		if (has_ca) {
			if (!strstr(iconv_of(ca_set(ca, set, sizeof set), tmp, sizeof tmp), "2022"))
				sgf_say(notes, file, SAY_ISO2022JP_CA, ca);
			return false;
		}
		o->same = NULL;
		decode_iso2022jp(o, s, len, notes);
		out_set(o, "ISO-2022-JP");
		sgf_say(notes, file, SAY_ISO2022JP);
	} else {
		return false;
	}
	return true;
}

/* The fix of game g's note, the last one said: its CA value written as
 * the set's name (clean_name), at the value's line and column in the text
 * (its line's characters before it read in g's set). raw, a cursor on
 * the bytes s, moves on from game to game (one from the text's start for
 * each made a collection of games quadratic). */
static void fix_name(struct sgf_notes *notes, const char *s, const struct game *g,
		     struct cursor *raw)
{
	if (g->why != BY_CA || !g->spelled[0])
		return;
	size_t line = g->ca_at;
	while (line && s[line - 1] != '\n' && s[line - 1] != '\r')
		line--;
	struct sgf_pos at = cursor_to(raw, line);
	struct buf before = BUF_INIT;
	charset_decode_lenient(s + line, g->ca_at - line, g->cs, &before, NULL, NULL, NULL);
	at.col += (uint32_t)text_columns(before.data, before.len);
	buf_free(&before);
	sgf_note_fix(notes, at, (uint32_t)(g->ca_end - g->ca_at), g->spelled, false);
}

/* The set of the text beside a game read in cs: ASCII's beside one whose
 * values only are in it (out_decode_sgf). */
static const char *between(const char *cs)
{
	return out_unit(cs) ? "ISO-8859-1" : cs;
}

/* Decodes the n games (their sets chosen): all at once when they share
 * one and no CA name to write again (a note holds one fix), else each game
 * and the text before it in its own, with a note (and fix) for each. */
static void decode_games(struct out *o, const char *s, size_t len, const struct game *games,
			 size_t n, const struct charset_guess *guess, struct sgf_notes *notes)
{
	const struct sgf_pos file = { 0, 0 };
	bool ascii = !has_high(s, len), one = n < 2 || games[0].why != BY_CA || !games[0].spelled[0];
	for (size_t i = 1; i < n; i++)
		one = one && same_choice(&games[0], &games[i]);
	if (!n) {
		struct game none = { .why = NO_CA, .cs = guess->name };
		if (!o->same)
			out_decode(o, s, len, none.cs);
		out_set(o, none.cs);
		game_note(notes, file, 0, &none, guess, ascii);
	} else if (one) {
		if (!o->same)
			out_decode_sgf(o, s, len, games[0].cs);
		out_set(o, games[0].cs);
		game_note(notes, file, 0, &games[0], games[0].own.name ? &games[0].own : guess,
			  ascii);
		fix_name(notes, s, &games[0], &(struct cursor){ s, len, 0, { 1, 1 } });
	} else {
		size_t *starts = xcalloc(n, sizeof *starts), at = 0;
		for (size_t i = 0; i < n; i++) {
			if (o->same) {
				starts[i] = games[i].start;
				continue;
			}
			out_decode(o, s + at, games[i].start - at, between(games[i].cs));
			starts[i] = o->text->len;
			out_decode_sgf(o, s + games[i].start, games[i].end - games[i].start, games[i].cs);
			at = games[i].end;
		}
		if (!o->same)
			out_decode(o, s + at, len - at, between(games[n - 1].cs));
		bool one_set = true;   /* (their notes differ, not their set) */
		for (size_t i = 1; i < n; i++)
			one_set = one_set && !strcmp(games[i].cs, games[0].cs);
		if (one_set)
			out_set(o, games[0].cs);
		struct cursor c = o->same ? (struct cursor){ s, len, 0, { 1, 1 } }
					  : (struct cursor){ o->text->data, o->text->len, 0, { 1, 1 } };
		struct cursor raw = { s, len, 0, { 1, 1 } };
		for (size_t i = 0; i < n; i++) {
			game_note(notes, cursor_to(&c, starts[i]), i + 1, &games[i],
				  games[i].own.name ? &games[i].own : guess, ascii);
			fix_name(notes, s, &games[i], &raw);
		}
		free(starts);
	}
}

/* Games without a usable CA read in the set their own bytes are detected
 * in where the set detected over all of them (shared) surely misreads them
 * (a Shift_JIS game beside a GBK one, a Latin-1 one beside Windows-1251's),
 * each as it would be read alone; those too short to tell stay in shared,
 * said (g->shared) when another game is read in its own. The games that
 * shared reads well are detected alone only then, for their notes. True
 * when none is read in its own but one doubts shared (another set reads
 * it better, not surely: Windows-1250's Jiří in Windows-1257 beside a
 * Lithuanian game): shared is then a guess, said by the file's note. */
static bool own_sets(const char *s, struct game *games, size_t n,
		     const struct charset_guess *shared)
{
	bool taken = false, doubt = false;
	charset_keep(true);
	for (int pass = 0; pass < 2 && (!pass || taken); pass++) {
		for (size_t i = 0; i < n; i++) {
			struct game *g = &games[i];
			if ((g->why != NO_CA && g->why != CA_UNKNOWN) || g->own.name || g->shared)
				continue;
			struct charset_guess own;
			switch (own_reading(s + g->start, g->end - g->start, shared->name, pass, &own)) {
			case OWN_SAME:
				g->own = own;   /* its note its own numbers */
				break;
			case OWN_TAKEN:
				g->own = own, g->cs = own.name, taken = true;
				break;
			case OWN_DOUBT:
				g->shared = true;
				break;
			case OWN_FITS:
				break;
			}
		}
	}
	charset_keep(false);
	for (size_t i = 0; i < n && !taken; i++) {
		doubt |= games[i].shared;
		games[i].shared = false, games[i].own.name = NULL;
	}
	return doubt;
}

static bool decode_set(struct out *op, const char *s, size_t len, const char *encoding,
		       struct sgf_notes *notes)
{
	struct out o = *op;
	if (decode_marked(&o, s, len, encoding, notes)) {
		out_finish(&o, notes);
		*op = o;
		return o.same != NULL;
	}
	/* Lex on the first CA's characters, else on those detected. */
	char ca[48], set[48], tmp[64];
	struct charset_guess guess;
	bool detected = false;
	const char *provisional;
	if (first_ca(s, len, ca, sizeof ca) && charset_known(ca_set(ca, set, sizeof set)) &&
	    !out_unit(provisional = iconv_of(set, tmp, sizeof tmp))) {
		/* (its name, not tmp: CA[SJIS] is CP932, R83) */
	} else {
		provisional = charset_detect(s, len, &guess);
		detected = true;
	}
	size_t n;
	struct game *games = find_games(s, len, provisional, &n);
	/* The games without a usable CA share one detection over their bytes. */
	struct buf plain = BUF_INIT;
	size_t nplain = 0;
	for (size_t i = 0; i < n; i++) {
		struct game *g = &games[i];
		if (g->known) {
			choose_declared(s, g);
		} else {
			g->why = g->has_ca ? CA_UNKNOWN : NO_CA;
			/* No more than detection reads: a collection without
			 * CA was copied whole (twice its size at the peak). */
			size_t take = g->end - g->start, room = CHARSET_DETECT_MAX - plain.len;
			buf_add(&plain, s + g->start, take < room ? take : room);
			nplain++;
		}
	}
	if (nplain && (nplain < n || !detected)) {
		charset_detect(plain.data, plain.len, &guess);
		detected = true;
	} else if (!detected) {
		charset_detect("", 0, &guess);
	}
	for (size_t i = 0; i < n; i++)
		if (games[i].why == NO_CA || games[i].why == CA_UNKNOWN)
			games[i].cs = guess.name;
	if (nplain > 1)
		guess.weak |= own_sets(s, games, n, &guess);
	buf_free(&plain);
	if (o.same) {
		/* Each game's set, the text around the games read in those of
		 * the games beside it: the file is looked at once, not once a
		 * game. */
		bool utf8 = false, latin = false, other = false;
		for (size_t i = 0; i < (n ? n : 1); i++) {
			const char *cs = n ? games[i].cs : guess.name;
			if (!strcmp(cs, "UTF-8"))
				utf8 = true;
			else if (latin1_family(cs))
				latin = true;
			else
				other = true;
		}
		bool same = !other && (utf8 && !latin ? charset_valid_utf8(s, len) : !has_high(s, len));
		o.same = same ? s : NULL;
	}
	decode_games(&o, s, len, games, n, &guess, notes);
	free(games);
	out_finish(&o, notes);
	*op = o;
	return o.same != NULL;
}

/* may_keep: the caller can keep the bytes as the text (decode_sgf_same);
 * set, when not NULL, gets o's set. */
static bool decode(const char *s, size_t len, const char *encoding, struct buf *out,
		   struct sgf_notes *notes, bool may_keep, char set_out[64])
{
	struct out o = { .text = out, .same = may_keep ? s : NULL };
	bool same = decode_set(&o, s, len, encoding, notes);
	if (set_out)
		memcpy(set_out, o.set, sizeof o.set);
	return same;
}

void decode_sgf(const char *s, size_t len, const char *encoding, struct buf *out,
		struct sgf_notes *notes)
{
	decode(s, len, encoding, out, notes, false, NULL);
}

void decode_sgf_in(const char *s, size_t len, const char *encoding, struct buf *out,
		   struct sgf_notes *notes, char set[64])
{
	decode(s, len, encoding, out, notes, false, set);
}

bool decode_sgf_same(const char *s, size_t len, const char *encoding, struct buf *out,
		     size_t *skip, struct sgf_notes *notes)
{
	return decode_sgf_same_in(s, len, encoding, out, skip, notes, NULL);
}

bool decode_sgf_same_in(const char *s, size_t len, const char *encoding, struct buf *out,
			size_t *skip, struct sgf_notes *notes, char set[64])
{
	bool same = decode(s, len, encoding, out, notes, true, set);
	*skip = same && len >= 3 && !memcmp(s, "\xEF\xBB\xBF", 3) ? 3 : 0;
	return same;
}

bool decode_plain_same(const char *bytes, size_t len, const char *usual, const char *encoding,
		       const char *what, struct buf *out, struct sgf_notes *notes, bool may_keep)
{
	/* (a UTF-8 byte order mark is not the text's: decoded, it goes) */
	bool bom = len >= 3 && !memcmp(bytes, "\xEF\xBB\xBF", 3);
	struct out o = { .text = out, .same = may_keep && !bom ? bytes : NULL };
	const struct sgf_pos file = { 0, 0 };
	char set[48], tmp[64];
	size_t chars;
	if (encoding) {
		const char *cs = iconv_of(ca_set(encoding, set, sizeof set), tmp, sizeof tmp);
		if (!(o.same = same_bytes(&o, bytes, len, cs)))
			out_decode(&o, bytes, len, cs);
		sgf_say(notes, file, SAY_ENCODING, cs, encoding);
	} else if (len >= 2 && (!memcmp(bytes, "\xFF\xFE", 2) || !memcmp(bytes, "\xFE\xFF", 2))) {
		o.same = NULL;
		out_decode(&o, bytes, len, "UTF-16");
		sgf_say(notes, file, SAY_UTF16_MARK);
	} else if (charset_valid_utf8(bytes, len)) {
		if (!o.same)   /* (valid: the same bytes) */
			out_decode(&o, bytes, len, "UTF-8");
		sgf_say(notes, file,
			SAY_PLAIN_UTF8(!has_high(bytes, len) ? NULL : &rule_charset_guessed));
	} else if (usual && !broken_in(bytes, len, usual, &chars) &&
		   !usual_misread(bytes, len, usual)) {
		if (!(o.same = same_bytes(&o, bytes, len, usual)))
			out_decode(&o, bytes, len, usual);
		sgf_say(notes, file, SAY_PLAIN_USUAL, usual, what);
	} else {
		struct charset_guess guess;
		charset_detect(bytes, len, &guess);
		if (!(o.same = same_bytes(&o, bytes, len, guess.name)))
			out_decode(&o, bytes, len, guess.name);
		plain_note(notes, &guess, what);
	}
	out_finish(&o, notes);
	return o.same != NULL;
}

void decode_plain(const char *bytes, size_t len, const char *usual, const char *encoding,
		  const char *what, struct buf *out, struct sgf_notes *notes)
{
	decode_plain_same(bytes, len, usual, encoding, what, out, notes, false);
}

static bool unwritable_read(const char *s, size_t len, struct buf *why, struct sgf_escapes *e)
{
	struct buf text = BUF_INIT, leads = BUF_INIT;
	struct sgf_notes notes = { 0 };
	struct out o = { .text = &text, .escapes = &leads };
	decode_set(&o, s, len, NULL, &notes);
	bool around = o.escaped && !*o.units && *o.read_in;
	if (*o.units)
		buf_printf(why, "a game of it is in %s value by value (its text values in it, the "
			   "rest ASCII)", o.units);
	else if (*o.set)
		buf_printf(why, "the file is in %s", o.set);
	else if (!around)
		buf_adds(why, "its games are in several character sets");
	if (!around)
		buf_adds(why, ", and only a file in one set that keeps ASCII, a byte a byte, is "
			 "written to");
	if (around) {
		const char **lead = (const char **)(void *)leads.data;
		e->n = leads.len / sizeof *lead;
		e->at = xcalloc(e->n, sizeof *e->at);
		for (size_t i = 0; i < e->n; i++)
			e->at[i] = (size_t)(lead[i] - s);
		snprintf(e->set, sizeof e->set, "%s", o.read_in);
	}
	buf_free(&leads);
	buf_free(&text);
	sgf_notes_free(&notes);
	return around;
}

/* decode_sgf_unwritable's answer for the bytes it was last asked of, while
 * decode_sgf_unwritable_keep is on: a check's offer placing its fixes and
 * the bytes kept for its findings' places ask it of the same bytes, a
 * decode of them whole each (a collection of Czech games in two sets, each
 * game detected alone: 28% of its check, each). */
static _Thread_local struct unwritable_kept {
	bool on, known, around;
	const char *bytes;
	size_t len;
	uint64_t hash;   /* of the bytes (FNV-1a): an address may be reused */
	struct buf why;
	struct sgf_escapes e;
} kept;

void decode_sgf_unwritable_keep(bool on)
{
	buf_free(&kept.why);
	free(kept.e.at);
	kept = (struct unwritable_kept){ .on = on, .why = BUF_INIT };
}

static uint64_t bytes_hash(const char *s, size_t len)
{
	uint64_t h = 0xcbf29ce484222325u;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)s[i]) * 0x100000001b3u;
	return h;
}

/* from's copy into to, its offsets its own. */
static void escapes_copy(struct sgf_escapes *to, const struct sgf_escapes *from)
{
	*to = *from;
	to->at = from->n ? xmalloc(from->n * sizeof *to->at) : NULL;
	if (from->n)
		memcpy(to->at, from->at, from->n * sizeof *to->at);
}

bool decode_sgf_unwritable(const char *s, size_t len, struct buf *why, struct sgf_escapes *e)
{
	uint64_t hash = kept.on ? bytes_hash(s, len) : 0;
	if (kept.known && kept.bytes == s && kept.len == len && kept.hash == hash) {
		if (kept.around)
			escapes_copy(e, &kept.e);
		else if (kept.why.len)
			buf_add(why, kept.why.data, kept.why.len);
		return kept.around;
	}
	size_t from = why->len;
	bool around = unwritable_read(s, len, why, e);
	if (kept.on) {
		decode_sgf_unwritable_keep(true);
		kept.known = true, kept.around = around, kept.bytes = s, kept.len = len;
		kept.hash = hash;
		if (why->len > from)
			buf_add(&kept.why, why->data + from, why->len - from);
		if (around)
			escapes_copy(&kept.e, e);
	}
	return around;
}
