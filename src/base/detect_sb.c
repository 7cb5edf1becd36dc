/* detect_sb: the single-byte sets' scores (detect_sb.h).
 *
 * Latin: the sets of Latin letters read most bytes alike (é, ü, ó are the
 * same byte in ISO-8859-1, Windows-1250, -1254 and -1257) and differ in a
 * few (0xF0 is ð, đ, ğ or š), so what tells them apart is the words: a
 * word's accented letters are of one language (Çağrı is Turkish in
 * Windows-1254, Çaðrý in ISO-8859-1 no language's; Lévêque is French in
 * ISO-8859-1, Lévęque in Windows-1250 none's), and a set is weighed by the
 * languages it can write (those whose letters it has).
 *
 * Greek, Hebrew, Arabic, Thai: what the letters make, as detect.c's
 * Cyrillic sets: a word of letters of the script, its cases (Greek), its
 * final forms at its end only (ς; ך ם ן ף ץ; ة), its vowels and tonos
 * (Greek: one accent a word), its points and marks after a letter (Hebrew's
 * niqqud, Arabic's harakat, Thai's vowels and tone marks after a consonant,
 * its leading vowels before one), the letters its language uses most. */
#include "base/detect_sb.h"

#include <stdlib.h>
#include <string.h>

#include "base/ascii.h"
#include "base/buf.h"
#include "base/charset.h"
#include "base/fail.h"
#include "base/jstring.h"
#include "base/once.h"

#define NONE 0xFFFFFFFFu

/* The letters each script's language writes most (Greek in small letters),
 * and the block of 256 code points each script's letters lie in. */
static const char *const most[] = {
	[SB_GREEK] = "αειοτσςνηυρπκμλάέίόήώ",
	[SB_HEBREW] = "יוהאלמרבתשנדקכעם",
	[SB_ARABIC] = "الميونهرتبعدسفكقحةی",
	[SB_THAI] = "กนรมยวงดตบอลสหคทพจขปาเ่้ั",
};
static const uint32_t block[] = { [SB_GREEK] = 0x300, [SB_HEBREW] = 0x500, [SB_ARABIC] = 0x600,
				  [SB_THAI] = 0xE00 };
static bool most_of[SB_THAI + 1][256];

static void most_build(void)
{
	for (int sc = SB_GREEK; sc <= SB_THAI; sc++) {
		size_t len = strlen(most[sc]);
		for (size_t k = 0; k < len;) {
			uint32_t c;
			k += utf8_next(most[sc] + k, len - k, &c);
			if (c >= block[sc] && c < block[sc] + 256)
				most_of[sc][c - block[sc]] = true;
		}
	}
}

static bool frequent(enum sb_script script, uint32_t cp)
{
	return script != SB_LATIN && cp >= block[script] && cp < block[script] + 256 &&
	       most_of[script][cp - block[script]];
}

/* ---- the tables ---- */

static const char *const table_names[] = {
	"CP1252", "CP1250", "ISO-8859-2", "CP1254", "ISO-8859-9", "CP1257", "CP1253",
	"ISO-8859-7", "CP1255", "CP1256", "CP874", "CP1251", "KOI8-R", "KOI8-U",
	"CP866", "ISO-8859-5",
};
#define NTABLES (sizeof table_names / sizeof *table_names)

static uint32_t tables[NTABLES][128];

/* The languages of Latin letters Go players write in, each with its letters
 * beyond ASCII (both cases). */
static const char *const latin_langs[] = {
	"àâæçéèêëîïôœùûüÿÀÂÆÇÉÈÊËÎÏÔŒÙÛÜŸ",   /* French */
	"äöüßÄÖÜ",   /* German */
	"áéíñóúüÁÉÍÑÓÚÜ",   /* Spanish */
	"áâãàçéêíóôõúÁÂÃÀÇÉÊÍÓÔÕÚ",   /* Portuguese */
	"àèéìíîòóùúÀÈÉÌÍÎÒÓÙÚ",   /* Italian */
	"àçèéíïòóúüÀÇÈÉÍÏÒÓÚÜ",   /* Catalan */
	"áéèëïóöüÁÉÈËÏÓÖÜ",   /* Dutch */
	"æøåéÆØÅÉ",   /* Danish, Norwegian */
	"åäöéÅÄÖÉ",   /* Swedish */
	"äöåšžÄÖÅŠŽ",   /* Finnish */
	"áæðéíóöúýþÁÆÐÉÍÓÖÚÝÞ",   /* Icelandic */
	"äõöüšžÄÕÖÜŠŽ",   /* Estonian */
	"çëÇË",   /* Albanian */
	"ąćęłńóśźżĄĆĘŁŃÓŚŹŻ",   /* Polish */
	"áčďéěíňóřšťúůýžÁČĎÉĚÍŇÓŘŠŤÚŮÝŽ",   /* Czech */
	"áäčďéíĺľňóôŕšťúýžÁÄČĎÉÍĹĽŇÓÔŔŠŤÚÝŽ",   /* Slovak */
	"áéíóöőúüűÁÉÍÓÖŐÚÜŰ",   /* Hungarian */
	"čćđšžČĆĐŠŽ",   /* Croatian, Serbian, Bosnian, Slovenian */
	"ăâîşţșțĂÂÎŞŢȘȚ",   /* Romanian */
	"çğıöşüâîûÇĞİÖŞÜÂÎÛ",   /* Turkish */
	"ąčęėįšųūžĄČĘĖĮŠŲŪŽ",   /* Lithuanian */
	"āčēģīķļņšūžĀČĒĢĪĶĻŅŠŪŽ",   /* Latvian */
};
#define NLANGS (sizeof latin_langs / sizeof *latin_langs)
/* Few Go records are in Icelandic: a word of its own letters (ð þ ý, which
 * Windows-1254 reads ğ ş ı) reads as no language's, and as no wrong one.
 * Its þ starts a word (or a compound's second: Arnþór), never after a
 * vowel nor at a word's end, and no word starts with its ð: Barış, Ayşe,
 * Güneş, Ąžuolienė, Šimkutė are Barýþ, Ayþe, Güneþ, Àþuolienë, Ðimkutë in
 * ISO-8859-1, no language's words. */
#define ICELANDIC 10
/* Nor in Albanian, whose ë and ç stand anywhere: ISO-8859-1 reads
 * Lithuanian's ė and Latvian's ē so (Dovilë, uzvarçja), where French and
 * Dutch write ë after a vowel only (Noël, België), and French, Portuguese
 * and Catalan ç before a, o or u (garçon, Conceição; Catalan's at a
 * word's end too: feliç). */
#define ALBANIAN 12
#define CATALAN 5
#define DUTCH 6
#define RARE (1u << ICELANDIC | 1u << ALBANIAN)
/* Italian writes its accents on a word's last letter (città, perché, così,
 * può, Niccolò), and French its ù in où only: a word with one inside is
 * none of theirs (Czech's Němec and Daněk, Lithuanian's Kalniņa, are
 * Nìmec, Danìk, Kalniòa in ISO-8859-1). */
#define FRENCH 0
#define ITALIAN 4
/* Hungarian's ő is ISO-8859-1's õ (and Windows-1257's), which Portuguese
 * writes before e only (Simões, põe) and Estonian in a word's first
 * syllable (Põder, Sõrmus, Kõiv; a compound's second, in a long word:
 * meistrivõistlused), never at its end, in words of its own letters,
 * without c, q, w, x, y or z: Erdős, Mérő, kezdődik, Kőszegi, Győző are
 * Erdõs, Mérõ, kezdõdik, Kõszegi, Gyõzõ there, no language's words. */
#define COMPOUND 10
/* Its ű is û there, which French writes after a vowel or d, s, r, l, m, f,
 * b, p or q (goût, sûr, flûte, mûr, piqûre), never after z, y, k, t, h, n
 * or g: Szűcs, Tűz, Gyűrű are Szûcs, Tûz, Gyûrû. */
#define NOT_BEFORE_FRENCH_U "zyktghn"
#define PORTUGUESE 3
#define ESTONIAN 11
/* Nor does any of the languages that write a grave accent (French, Italian,
 * Catalan, Portuguese, Dutch: père, però, història, àquele, crème) write
 * one before a vowel: Lithuanian's and Czech's če, čia (Černiauskas,
 * čempionatas), Latvian's ņa (Kalniņa, Liepiņa) are èe, èia, òa in
 * ISO-8859-1, no language's words. Before a or e, or i and a, o or u
 * (Lithuanian's -vičius, Čiurlionis: èiu, Èiu, REVIEW.md R122), only:
 * pinyin's fourth tone (Zhào, Wèi, Zhòu) and Scottish Gaelic (Eòin, Màiri)
 * write one before i, o or u, then a consonant or the word's end (REVIEW.md
 * R120), Catalan's imperfect before i and e (vèiem, crèieu). And an ASCII
 * vowel: a text of another script reads as such letters side by side (ÚÈÏ
 * for Arabic's عبد). */
#define GRAVE_LANGS (1u << FRENCH | 1u << PORTUGUESE | 1u << ITALIAN | 1u << CATALAN | 1u << DUTCH)
/* A word of one letter beyond ASCII is Italian's è, French's and
 * Portuguese's à, Swedish's ö, Hungarian's ő, Lithuanian's į..., never
 * German's, Finnish's, Estonian's, Polish's, Czech's, Slovak's,
 * Croatian's, Turkish's or Latvian's (Italian's È una, è più are Č una,
 * č piů in Windows-1250: a Western comment was read so). */
#define NO_ONE_LETTER (1u << 1 | 1u << 9 | 1u << ESTONIAN | 1u << 13 | 1u << 14 | 1u << 15 | \
		       1u << 17 | 1u << 19 | 1u << 21)

/* Languages whose names stand side by side in one record as one
 * community's: the Baltic states' Estonian, Latvian and Lithuanian (their
 * championships'). A text whose words are each of one of them reads as one
 * community's (a bit beyond the languages', latin_words' *one): Kärt
 * Sõrmus beside Ilze Liepiņa and Rūta Kazlauskienė in Windows-1257, where
 * Windows-1250 reads Sőrmus and Liepiňa, Hungarian's and Czech's. Not
 * Czech beside Slovak: ISO-8859-2's ž is Windows-1250's ľ, and a Czech
 * game's okamžik read so (okamľik) is a Slovak word among Czech ones; nor
 * Polish beside Czech: its ć beside Czech's ř is Lithuanian's ę beside ų
 * misread (REVIEW.md R138). */
static const uint32_t kin[] = {
	1u << ESTONIAN | 1u << 20 | 1u << 21,   /* Estonian, Lithuanian, Latvian */
};
#define NKIN (sizeof kin / sizeof *kin)

/* The languages of common (a word's) and the kin any of them is of. */
static uint32_t with_kin(uint32_t common)
{
	for (size_t k = 0; k < NKIN; k++)
		if (common & kin[k])
			common |= 1u << (NLANGS + k);
	return common;
}

struct letters {
	uint32_t cps[48];
	size_t len;
};
static struct letters langs[NLANGS];
static uint32_t written[NTABLES];   /* the languages each set writes, a bit each */
static uint32_t lang_of[NTABLES][128];   /* the languages each byte's letter is of */

static int cp_cmp(const void *a, const void *b)
{
	uint32_t x = *(const uint32_t *)a, y = *(const uint32_t *)b;
	return x < y ? -1 : x > y;
}

static bool has(const struct letters *l, uint32_t cp)
{
	return l->len && bsearch(&cp, l->cps, l->len, sizeof cp, cp_cmp) != NULL;
}

static bool table_has(const uint32_t *t, uint32_t cp)
{
	for (size_t i = 0; i < 128; i++)
		if (t[i] == cp)
			return true;
	return false;
}

static bool build(void)
{
	most_build();
	for (size_t n = 0; n < NTABLES; n++) {
		struct charset_reader *rd = charset_reader_open(table_names[n]);
		for (unsigned b = 0x80; b < 0x100; b++) {
			char c = (char)b;
			uint32_t cp;
			tables[n][b - 0x80] = rd && charset_reader_char(rd, &c, 1, &cp) ? cp : NONE;
		}
		charset_reader_close(rd);
	}
	for (size_t i = 0; i < NLANGS; i++) {
		const char *t = latin_langs[i];
		size_t len = strlen(t);
		struct letters *l = &langs[i];
		l->len = 0;
		for (size_t k = 0; k < len && l->len < sizeof l->cps / sizeof *l->cps;) {
			uint32_t cp;
			k += utf8_next(t + k, len - k, &cp);
			l->cps[l->len++] = cp;
		}
		sort_items(l->cps, l->len, sizeof *l->cps, cp_cmp);
		for (size_t n = 0; n < NTABLES; n++) {
			bool all = true;
			for (size_t k = 0; k < l->len && all; k++)
				all = table_has(tables[n], l->cps[k]);
			if (all)
				written[n] |= 1u << i;
			for (size_t b = 0; b < 128; b++)
				if (has(l, tables[n][b]))
					lang_of[n][b] |= 1u << i;
		}
	}
	return true;
}

static struct once built = ONCE_INIT;

static int table_index(const char *name)
{
	if (!strcmp(name, "ISO-8859-1"))
		name = "CP1252";
	for (size_t n = 0; n < NTABLES; n++)
		if (!strcmp(name, table_names[n]))
			return (int)n;
	return -1;
}

const uint32_t *sb_table(const char *name)
{
	int n = table_index(name);
	if (n < 0)
		return NULL;
	if (!once_run(&built, build))
		fail("out of memory");
	return tables[n];
}

bool sb_same_reading(const char *a, const char *b, const bool seen[128])
{
	const uint32_t *ta = sb_table(a), *tb = sb_table(b);
	if (!ta || !tb)
		return false;
	for (size_t i = 0; i < 128; i++)
		if (seen[i] && ta[i] != tb[i])
			return false;
	return true;
}

/* ---- Latin ---- */

static bool ascii_letter(int c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

static bool latin_letter(uint32_t cp)
{
	return (cp >= 0xC0 && cp <= 0x24F && cp != 0xD7 && cp != 0xF7);
}

/* Windows' quotes, dashes, ellipsis, bullet and euro sign (0x80-0x9F). */
static bool windows_punctuation(uint32_t cp)
{
	return cp == 0x20AC || cp == 0x201A || cp == 0x201E || cp == 0x2026 || cp == 0x2039 ||
	       cp == 0x203A || (cp >= 0x2018 && cp <= 0x201D) || cp == 0x2022 || cp == 0x2013 ||
	       cp == 0x2014;
}

static bool ascii_digit(int c) { return c >= '0' && c <= '9'; }

/* Whether a byte that t reads as cp stands within 256 bytes after s[i]
 * (or before it, back), on its line. */
static bool near(const uint32_t *t, uint32_t cp, const unsigned char *s, size_t i, size_t len,
		 bool back)
{
	for (size_t k = 1; k <= 256 && (back ? k <= i : i + k < len); k++) {
		unsigned c = s[back ? i - k : i + k];
		if (c == '\n' || c == '\r')
			return false;
		if (c >= 0x80 && t[c - 0x80] == cp)
			return true;
	}
	return false;
}

/* A symbol of Latin text at its usual place, between ASCII bytes: a
 * fraction, degree or power after a digit (6½, 30°, 20°C, 5m², 2ª; N°,
 * W+½; a fraction between blanks too: by ½ point), µ between a digit and
 * a letter (100µs), · between letters (col·lecció), a
 * currency or copyright sign before a digit or a blank (£5, © 2003), « »
 * around words, the one before the other, Spanish's ¿ ¡ before a capital
 * or a digit, ± and × beside a digit. Such a symbol is what a text holds,
 * as its quotes are (+3): the sets of Central Europe read these bytes as
 * their letters (Š for ©, ł for ³, ż for ¿, ť for »), which stand where
 * such a symbol does not (Paweł, że, chuť: not after a digit, not before
 * a capital, no « before). A spacing accent (˘ ˛ ˇ ˙ ˝: their reading of
 * ISO-8859-1's ¢ ¥ ² ¹ ½ ¿ ...) is in no text (-3); any other symbol, or
 * one beside a byte beyond ASCII (double-byte text read byte by byte), -1. */
static long symbol_score(const uint32_t *t, uint32_t cp, const unsigned char *s, size_t i,
			 size_t len)
{
	int prev = i > 0 ? s[i - 1] : ' ', next = i + 1 < len ? s[i + 1] : ' ';
	if (prev >= 0x80 || next >= 0x80)
		return -1;
	bool blank_next = next == ' ' || next == ']' || next == '\n' || next == '\r';
	bool end_next = !ascii_letter(next) && !ascii_digit(next);
	bool text;
	switch (cp) {
	case 0xBD: case 0xBC: case 0xBE:   /* ½ ¼ ¾, a result's W+½, by ½ point */
		text = ((ascii_digit(prev) || prev == '+') && end_next) ||
		       ((prev == ' ' || prev == '[') && blank_next);
		break;
	case 0xB2: case 0xB3: case 0xB9:   /* ² ³ ¹ */
		text = ascii_digit(prev) && end_next;
		break;
	case 0xB0: case 0xBA: case 0xAA:   /* ° º ª, and 20°C, 68°F */
		text = (ascii_digit(prev) || prev == 'N' || prev == 'n') &&
		       (end_next || ((next == 'C' || next == 'F') &&
				     (i + 2 >= len || !ascii_letter(s[i + 2]))));
		break;
	case 0xB5:   /* µ: 100µs, 5µm */
		text = ascii_digit(prev) && ascii_letter(next);
		break;
	case 0xB7:   /* · between letters: Catalan's l·l, x·y */
		text = ascii_letter(prev) && ascii_letter(next);
		break;
	case 0xA3: case 0xA5: case 0xA7: case 0xA9: case 0xAE:   /* £ ¥ § © ® */
		text = ascii_digit(next) || blank_next;
		break;
	case 0xAB:   /* « */
		text = !ascii_letter(prev) && !ascii_digit(prev) && near(t, 0xBB, s, i, len, false);
		break;
	case 0xBB:   /* » */
		text = end_next && near(t, 0xAB, s, i, len, true);
		break;
	case 0xBF: case 0xA1:   /* ¿ ¡ */
		text = ((next >= 'A' && next <= 'Z') || ascii_digit(next)) && !ascii_letter(prev);
		break;
	case 0xB1: case 0xD7:   /* ± × */
		text = ascii_digit(next) || ascii_digit(prev);
		break;
	case 0x02D8: case 0x02DB: case 0x02C7: case 0x02D9: case 0x02DD:
		return -3;
	default:
		return -1;
	}
	return text ? 3 : -1;
}

/* Whether s[j] reads in t as a letter of a word: ASCII's, or a Latin one
 * beyond it with ASCII on its other side (j + away, away -1 or 1, the text
 * past it: “à la, l’œil); one amid other bytes beyond ASCII is more likely
 * double-byte text read byte by byte. */
static bool word_letter_at(const uint32_t *t, const unsigned char *s, size_t j, size_t len,
			   int away)
{
	if (s[j] < 0x80)
		return ascii_letter(s[j]);
	size_t k = j + (size_t)away;
	return latin_letter(t[s[j] - 0x80]) && (k >= len || s[k] < 0x80);
}

/* Windows' punctuation cp at byte i where text has it: a quote or dash
 * beside a letter (ASCII's or one beyond: “à la”, l’œil), better after or
 * before a blank (“Paris”) or as an apostrophe between letters (it’s,
 * qu’il); a dash, an ellipsis or the euro sign between blanks or digits
 * (a – b, de …, 10 €). Other bytes of 0x80-0x9F that are no letter: 0. */
static long punctuation_score(const uint32_t *t, uint32_t cp, const unsigned char *s, size_t i,
			      size_t len)
{
	if (!windows_punctuation(cp))
		return 0;
	int prev = i > 0 ? s[i - 1] : ' ', next = i + 1 < len ? s[i + 1] : ' ';
	bool blank_prev = prev == ' ' || prev == '[', blank_next = next == ' ' || next == ']';
	bool before = i > 0 && word_letter_at(t, s, i - 1, len, -1),
	     after = i + 1 < len && word_letter_at(t, s, i + 1, len, 1);
	if (before || after)
		return blank_prev || blank_next || (before && after && cp == 0x2019) ? 3 : 1;
	if (cp == 0x2013 || cp == 0x2014 || cp == 0x2026 || cp == 0x20AC)
		return (blank_prev || ascii_digit(prev)) && (blank_next || ascii_digit(next)) ? 3 : 0;
	return 0;
}

/* ISO-8859-1's scoring (Windows-1252 in 0x80-0x9F), in set t. */
static long latin_score(const uint32_t *t, const unsigned char *s, size_t len, size_t *chars)
{
	long score = 0;
	for (size_t i = ascii_span(s, len); i < len; i += 1 + ascii_span(s + i + 1, len - i - 1)) {
		unsigned c = s[i];
		++*chars;
		uint32_t cp = t[c - 0x80];
		if (cp == NONE || (cp >= 0x80 && cp <= 0x9F)) {
			score -= 10;
			continue;
		}
		if (c <= 0x9F) {   /* (its letters, œ š ž, the words weigh) */
			score += punctuation_score(t, cp, s, i, len);
			continue;
		}
		/* two high characters in a row, but a letter of a word after a
		 * quote (“à la) */
		if (i > 0 && s[i - 1] >= 0x80 &&
		    !(windows_punctuation(t[s[i - 1] - 0x80]) && word_letter_at(t, s, i, len, 1)))
			score -= 1;
		if (!latin_letter(cp))
			score += symbol_score(t, cp, s, i, len);
		else if ((i > 0 && ascii_letter(s[i - 1])) || (i + 1 < len && ascii_letter(s[i + 1])))
			score += 2;
	}
	return score;
}

/* Whether a Latin letter beyond ASCII is a capital. */
static bool latin_upper(uint32_t cp)
{
	if (cp < 0x100)
		return cp >= 0xC0 && cp <= 0xDE;
	if ((cp >= 0x139 && cp <= 0x148) || (cp >= 0x179 && cp <= 0x17E))
		return cp & 1;
	if (cp == 0x138 || cp == 0x149)
		return false;
	return cp == 0x178 || !(cp & 1);
}

/* Whether byte c, read in table t, is a letter (a word goes on). */
static bool inside_word(const uint32_t *t, unsigned char c)
{
	uint32_t cp = c < 0x80 ? c : t[c - 0x80];
	return ascii_letter((int)cp) || (c >= 0x80 && cp != NONE && latin_letter(cp));
}

/* Whether byte c, read in t, is a vowel (of ASCII or Latin-1's letters). */
static bool after_vowel(const uint32_t *t, unsigned char c)
{
	uint32_t cp = c < 0x80 ? (uint32_t)(c | 0x20) : t[c - 0x80];
	if (cp < 0x80)
		return cp && strchr("aeiouy", (int)cp) != NULL;
	if (cp < 0xC0 || cp > 0xFF || cp == 0xD7 || cp == 0xF7)
		return false;
	cp &= ~0x20u;   /* to its capital */
	return cp <= 0xC6 || (cp >= 0xC8 && cp <= 0xCF) || (cp >= 0xD2 && cp <= 0xD6) ||
	       (cp >= 0xD8 && cp <= 0xDD);
}

/* Whether byte c, read in t, is an a, o or u, accented or not. */
static bool before_back_vowel(const uint32_t *t, unsigned char c)
{
	uint32_t cp = c < 0x80 ? (uint32_t)(c | 0x20) : t[c - 0x80] | 0x20;
	return cp == 'a' || cp == 'o' || cp == 'u' || (cp >= 0xE0 && cp <= 0xE5) ||
	       (cp >= 0xF2 && cp <= 0xF6) || (cp >= 0xF9 && cp <= 0xFC);
}

/* Whether cp is a vowel with a grave accent: à è ì ò ù (either case). */
static bool grave(uint32_t cp)
{
	cp |= 0x20;
	return cp == 0xE0 || cp == 0xE8 || cp == 0xEC || cp == 0xF2 || cp == 0xF9;
}

/* Whether French writes no such letter cp (at s[i], the last
 * of its word or not) where it stands: its û after z, y, k, t, g, h or n
 * (Hungarian's ű: Szűcs, Tűz); its œ at a word's end after an ASCII
 * letter, or before an ASCII letter but a vowel or d, l, n, s, t (cœur,
 * œil, Œdipe, cœlacanthe, œnologie, œsophage, fœtus): Polish's Ś and ś
 * are Windows-1252's Œ and œ (Œciegienna, Staœ for Ściegienna, Staś). */
static bool not_french(const unsigned char *s, size_t i, uint32_t cp, bool last)
{
	if (cp == 0xFB || cp == 0xDB)
		return i > 0 && s[i - 1] < 0x80 && ascii_letter(s[i - 1]) &&
		       strchr(NOT_BEFORE_FRENCH_U, s[i - 1] | 0x20);
	if (cp == 0x153 || cp == 0x152)   /* beside ASCII letters: a word's, not bytes of CJK */
		return last ? i > 0 && s[i - 1] < 0x80 && ascii_letter(s[i - 1])
			    : s[i + 1] < 0x80 && !strchr("aeiouyAEIOUYdlnstDLNST", s[i + 1]);
	return false;
}

/* The letters of the word that starts at s[start], read in t. */
static size_t word_letters(const uint32_t *t, const unsigned char *s, size_t start, size_t len)
{
	size_t k = start;
	while (k < len && inside_word(t, s[k]))
		k++;
	return k - start;
}

/* The words of s read in set (tables[set]): a word
 * whose letters beyond ASCII are all of one language the set writes +1 a
 * letter (0 when that is Icelandic only), one of
 * none's or with a capital after a small letter -2 a letter; and the
 * letters of the one language that has the most of them, +1 each (a text
 * is most likely in one language: Hungarian's ő is no language's õ of
 * ISO-8859-1 but Portuguese's and Estonian's, and its ü German's).
 * *one: the common languages every word is of, and the kin (kin[]) each
 * word is of one of; *stray: whether a word is of none, or has a capital
 * after a small letter. */
static long latin_words(int set, const unsigned char *s, size_t len, uint32_t *one, bool *stray)
{
	const uint32_t *t = tables[set];
	long score = 0;
	if (one)
		*one = ~0u;
	size_t fit[NLANGS] = { 0 };
	size_t n = 0;   /* the word's letters beyond ASCII */
	uint32_t of = ~0u;   /* the languages that have them all */
	bool lower = false, mixed = false;
	bool vowel = false;   /* a vowel (or a letter beyond ASCII) so far */
	bool not_estonian = false;   /* c, q, w, x, y or z in it */
	size_t start = 0;   /* where it starts */
	size_t letters = 0;   /* its letters, ASCII's too */
	bool in_word = false;   /* the byte before a letter (inside_word) */
	for (size_t i = 0; i <= len; i++) {
		/* Between words, on to the word of the next byte beyond ASCII: a
		 * word of ASCII letters alone scores nothing, and every set reads
		 * ASCII alike (the state is as a word's end leaves it). */
		if (!in_word && i < len && s[i] < 0x80) {
			size_t h = i + ascii_span(s + i, len - i);
			while (h > i && ascii_letter(s[h - 1]))
				h--;
			if ((i = h) == len)
				break;
		}
		uint32_t cp = i < len ? (s[i] < 0x80 ? s[i] : t[s[i] - 0x80]) : 0;
		bool ascii = i < len && ascii_letter((int)cp);
		if (ascii || (i < len && cp != NONE && latin_letter(cp))) {
			if (!in_word)
				start = i;
			in_word = true;
			letters++;
			bool upper = ascii ? cp <= 'Z' : latin_upper(cp);
			mixed |= upper && lower && !ascii;
			lower |= !upper;
			if (!ascii) {
				n++, of &= lang_of[set][s[i] - 0x80];
				if (i + 1 < len && inside_word(t, s[i + 1]))
					of &= ~(1u << ITALIAN | (cp == 0xF9 ? 1u << FRENCH : 0));
				if (cp == 0xF5 || cp == 0xD5) {   /* õ */
					if (i + 1 >= len || (s[i + 1] | 0x20) != 'e')
						of &= ~(1u << PORTUGUESE);
					if (i + 1 >= len || !inside_word(t, s[i + 1]) ||
					    (vowel && word_letters(t, s, start, len) < COMPOUND))
						of &= ~(1u << ESTONIAN);
				}
				bool first = i == start, last = i + 1 >= len || !inside_word(t, s[i + 1]);
				if (!last && grave(cp) && s[i + 1] < 0x80 &&
				    (strchr("aeAE", s[i + 1]) ||
				     ((s[i + 1] | 0x20) == 'i' && i + 2 < len && s[i + 2] &&
				      s[i + 2] < 0x80 && strchr("aouAOU", s[i + 2]))))
					of &= ~GRAVE_LANGS;
				if (not_french(s, i, cp, last))
					of &= ~(1u << FRENCH);
				if ((cp == 0xEB || cp == 0xCB) && (first || !after_vowel(t, s[i - 1])))
					of &= ~(1u << FRENCH | 1u << DUTCH);
				if ((cp == 0xE7 || cp == 0xC7) && (last || !before_back_vowel(t, s[i + 1])))
					of &= ~(1u << FRENCH | 1u << PORTUGUESE | (last ? 0 : 1u << CATALAN));
				if (((cp == 0xFE || cp == 0xDE) && (last || (!first && after_vowel(t, s[i - 1])))) ||
				    ((cp == 0xF0 || cp == 0xD0) && first))
					of &= ~(1u << ICELANDIC);
				vowel |= cp != 0xF5 && cp != 0xD5;
			} else {
				/* a e i o u y; c q w x y z (bits of a-z: every ASCII
				 * letter of every word passes here) */
				unsigned lc = (cp | 0x20) - 'a';
				vowel |= 0x1104111u >> lc & 1;
				not_estonian |= 0x3C10004u >> lc & 1;
			}
			continue;
		}
		in_word = false;
		if (n) {
			if (not_estonian)
				of &= ~(1u << ESTONIAN);
			if (letters == 1)
				of &= ~NO_ONE_LETTER;
			of &= written[set];
			uint32_t common = of & ~RARE;
			for (size_t l = 0; l < NLANGS; l++)
				if (common & 1u << l)
					fit[l] += n;
			score += mixed || !of ? -2 * (long)n : common ? (long)n : 0;
			if (one)
				*one &= mixed ? 0 : with_kin(common);
			if (stray)
				*stray |= mixed || !common;
		}
		n = letters = 0, of = ~0u, lower = mixed = vowel = not_estonian = false;
	}
	size_t best = 0;
	for (size_t l = 0; l < NLANGS; l++)
		if (fit[l] > best)
			best = fit[l];
	return score + (long)best;
}

/* Windows-1252's words of s, once for the sets of the same bytes. */
static void latin1_weigh(const unsigned char *s, size_t len, struct sb_latin1 *latin1)
{
	if (latin1->words == SB_NOT_WEIGHED) {
		latin1->stray = false;
		latin1->words = latin_words(0, s, len, NULL, &latin1->stray);
	}
}

long sb_latin_total(const char *name, const unsigned char *s, size_t len, size_t *chars,
		    struct sb_latin1 *latin1)
{
	int n = table_index(name);
	if (n < 0 || !sb_table(name))
		return -1000000;
	long score = latin_score(tables[n], s, len, chars);
	if (n != 0) {
		latin1_weigh(s, len, latin1);
		score += latin_words(n, s, len, NULL, NULL) - latin1->words;
	}
	return score;
}

int sb_latin_words_of(const char *name, const unsigned char *s, size_t len)
{
	const uint32_t *t = sb_table(name);
	int n = table_index(name);
	if (!t || n <= 0)
		return 0;
	bool letters = true;
	for (size_t i = ascii_span(s, len); i < len; i += 1 + ascii_span(s + i + 1, len - i - 1)) {
		uint32_t cp = t[s[i] - 0x80];
		letters = letters && (latin_letter(cp) || windows_punctuation(cp));
	}
	uint32_t one;
	bool stray = false;
	latin_words(n, s, len, &one, &stray);
	return letters && one ? 2 : !stray;
}

bool sb_latin_one_language(const char *name, const unsigned char *s, size_t len)
{
	return sb_latin_words_of(name, s, len) == 2;
}

int sb_latin_one_reading(const char *name, const unsigned char *s, size_t len)
{
	int n = table_index(name);
	if (n < 0 || !sb_table(name))
		return 0;
	uint32_t one;
	latin_words(n, s, len, &one, NULL);
	return one & ((1u << NLANGS) - 1) ? 2 : one ? 1 : 0;
}

bool sb_latin_words_say(const char *name, const unsigned char *s, size_t len,
			struct sb_latin1 *latin1)
{
	latin1_weigh(s, len, latin1);
	return latin1->stray && sb_latin_one_language(name, s, len);
}

/* ---- Greek, Hebrew, Arabic, Thai ---- */

/* What a character is to a script's words. */
enum kind {
	K_OTHER,     /* a symbol */
	K_TEXT,      /* what text has beside letters: quotes, dashes, no-break space */
	K_LETTER,    /* a letter of the script */
	K_FINAL,     /* a letter that ends a word only: ς, ך ם ן ף ץ, ة */
	K_MARK,      /* a point, mark or vowel that follows a letter */
	K_LEAD,      /* a vowel that comes before a consonant (Thai's เ แ โ ใ ไ) */
	K_INWORD,    /* inside a word but no letter: Arabic's tatweel, Hebrew's geresh */
	K_FOREIGN,   /* a letter of another script (Latin, in Windows-1256) */
};

static bool text_punctuation(uint32_t cp)
{
	return cp == 0x00A0 || cp == 0x00AB || cp == 0x00BB || cp == 0x2026 ||
	       (cp >= 0x2013 && cp <= 0x2014) || (cp >= 0x2018 && cp <= 0x201E) || cp == 0x060C ||
	       cp == 0x061B || cp == 0x061F || cp == 0x05BE || cp == 0x0387;
}

static enum kind kind_of(enum sb_script script, uint32_t cp)
{
	if (text_punctuation(cp))
		return K_TEXT;
	switch (script) {
	case SB_GREEK:
		if (cp == 0x03C2)
			return K_FINAL;
		if (cp == 0x0386 || (cp >= 0x0388 && cp <= 0x03CE && cp != 0x038B && cp != 0x038D &&
				     cp != 0x03A2))
			return K_LETTER;
		break;
	case SB_HEBREW:
		if (cp == 0x05DA || cp == 0x05DD || cp == 0x05DF || cp == 0x05E3 || cp == 0x05E5)
			return K_FINAL;
		if ((cp >= 0x05D0 && cp <= 0x05EA) || (cp >= 0x05F0 && cp <= 0x05F2))
			return K_LETTER;
		if (cp >= 0x05B0 && cp <= 0x05C2 && cp != 0x05BE && cp != 0x05C0)
			return K_MARK;
		if (cp == 0x05F3 || cp == 0x05F4 || cp == 0x0022)
			return K_INWORD;
		break;
	case SB_ARABIC:
		if (cp == 0x0629)
			return K_FINAL;
		if ((cp >= 0x0621 && cp <= 0x063A) || (cp >= 0x0641 && cp <= 0x064A) ||
		    (cp >= 0x0671 && cp <= 0x06D3))
			return K_LETTER;
		if (cp >= 0x064B && cp <= 0x0652)
			return K_MARK;
		if (cp == 0x0640 || cp == 0x200C || cp == 0x200D)
			return K_INWORD;
		break;
	case SB_THAI:
		if (cp >= 0x0E01 && cp <= 0x0E2E)
			return K_LETTER;
		if (cp == 0x0E30 || cp == 0x0E31 || (cp >= 0x0E32 && cp <= 0x0E3A) ||
		    (cp >= 0x0E47 && cp <= 0x0E4E))
			return K_MARK;
		if (cp >= 0x0E40 && cp <= 0x0E44)
			return K_LEAD;
		if (cp == 0x0E2F || cp == 0x0E46)
			return K_INWORD;
		break;
	case SB_LATIN:
		break;
	}
	return latin_letter(cp) ? K_FOREIGN : K_OTHER;
}

/* Greek's cases: 1 capital, 0 small; and its small letter. */
static bool greek_upper(uint32_t cp) { return cp >= 0x0386 && cp <= 0x03AB; }

static uint32_t greek_lower(uint32_t cp)
{
	if (cp >= 0x0391 && cp <= 0x03AB)
		return cp + 0x20;
	if (cp == 0x0386)
		return 0x03AC;
	if (cp >= 0x0388 && cp <= 0x038A)
		return cp + 0x25;
	if (cp == 0x038C || cp == 0x038E || cp == 0x038F)
		return cp + 0x40 - (cp == 0x038C ? 0 : 1);
	return cp;
}

static bool greek_vowel(uint32_t lower)
{
	return lower == 0x03B1 || lower == 0x03B5 || lower == 0x03B7 || lower == 0x03B9 ||
	       lower == 0x03BF || lower == 0x03C5 || lower == 0x03C9 ||
	       (lower >= 0x03AC && lower <= 0x03AF) || (lower >= 0x03CA && lower <= 0x03CE) ||
	       lower == 0x0390 || lower == 0x03B0;
}

static bool greek_tonos(uint32_t lower)
{
	return (lower >= 0x03AC && lower <= 0x03AF) || (lower >= 0x03CC && lower <= 0x03CE) ||
	       lower == 0x0390 || lower == 0x03B0;
}

/* The state of a word being read. */
struct word {
	size_t letters, vowels, tonos, run;   /* run: Thai's consonants in a row */
	bool upper_after_lower, any_lower;
	uint32_t last;   /* its last letter */
	enum kind last_kind;
};

/* A word that ended: Greek's one accent and its vowels; a final form's
 * place (a Hebrew word ending in כ מ נ פ צ is most likely no word). */
static long word_end(enum sb_script script, struct word *w)
{
	long score = 0;
	if (script == SB_GREEK && w->letters) {
		if (w->tonos > 1)
			score -= 4 * (long)(w->tonos - 1);
		if (w->letters >= 3 && !w->vowels)
			score -= 2 * (long)w->letters;
		else if (w->letters >= 4 && w->vowels * 3 < w->letters)
			score -= 4;   /* Greek's words are nearly half vowels */
		if (w->letters >= 2 && w->last == 0x03C3)
			score -= 2;   /* σ at a word's end: ς */
		if (w->any_lower && w->vowels >= 2 && !w->tonos)
			score -= 2;   /* a word of two syllables has its accent */
	}
	/* Hebrew's and Arabic's words of four letters or more have one
	 * written for a vowel (א ה ו י; ا و ي ى ة) */
	if ((script == SB_HEBREW || script == SB_ARABIC) && w->letters >= 4 && !w->vowels)
		score -= 2 * (long)w->letters;
	/* a syllable has a vowel, written but in a closed syllable's short
	 * o or a (กมล ka-mon, ถนน, ขนม: three consonants) */
	if (script == SB_THAI && w->letters >= 4 && !w->vowels)
		score -= 2 * (long)w->letters;
	if (script == SB_HEBREW && w->letters >= 2 &&
	    (w->last == 0x05DB || w->last == 0x05DE || w->last == 0x05E0 || w->last == 0x05E4 ||
	     w->last == 0x05E6))
		score -= 1;
	if (w->last_kind == K_FINAL && w->letters >= 2)
		score += 1;
	*w = (struct word){ 0 };
	return score;
}

/* Letters a language has but hardly writes: Greek's ΐ ΰ, Yiddish's
 * ligatures in Hebrew, Thai's obsolete ฃ ฅ ฦ. */
static bool rare(uint32_t cp)
{
	return cp == 0x0390 || cp == 0x03B0 || (cp >= 0x05F0 && cp <= 0x05F2) || cp == 0x0E03 ||
	       cp == 0x0E05 || cp == 0x0E26;
}

static bool in_word(enum kind k)
{
	return k == K_LETTER || k == K_FINAL || k == K_MARK || k == K_INWORD || k == K_LEAD;
}

/* The score of one letter (or final form) cp at its place in word w. */
static long letter_score(enum sb_script script, uint32_t cp, enum kind k, enum kind prev,
			 bool prev_latin, struct word *w)
{
	long score;
	bool upper = script == SB_GREEK && greek_upper(cp);
	uint32_t lower = script == SB_GREEK ? greek_lower(cp) : cp;
	if (prev_latin)
		score = -2;   /* an accented Latin letter read so */
	else if (rare(lower))
		score = -1;
	else if (!in_word(prev))
		score = k == K_FINAL ? -4 : 1;   /* no word starts with ς, ך, ة */
	else if (prev == K_FINAL)
		score = -4;   /* nor goes on after it */
	else if (upper && w->any_lower)
		score = -4;   /* a capital after a small letter */
	else
		score = frequent(script, lower) ? 2 : 1;
	if (script == SB_THAI && score > 0)
		score--;   /* 44 consonants, no cases: what tells is the vowels */
	w->letters++;
	w->any_lower |= script == SB_GREEK && !upper;
	if (script == SB_GREEK) {
		w->vowels += greek_vowel(lower);
		w->tonos += greek_tonos(lower);
	}
	w->vowels += (script == SB_HEBREW && (cp == 0x05D0 || cp == 0x05D4 || cp == 0x05D5 || cp == 0x05D9)) ||
		     (script == SB_ARABIC && ((cp >= 0x0622 && cp <= 0x0627) || cp == 0x0648 ||
					      cp == 0x064A || cp == 0x0649 || cp == 0x0629 || cp == 0x06CC));
	/* Thai's ร doubled is a vowel (ro han: สุวรรณ, วรรณ, ธรรม) */
	bool ro_han = script == SB_THAI && cp == 0x0E23 && w->last == 0x0E23 && prev == K_LETTER;
	w->vowels += ro_han;
	if (ro_han)
		w->run = 0;
	else if (script == SB_THAI && ++w->run >= 4)
		score -= 4;   /* four consonants and no vowel between */
	w->last = lower;
	w->last_kind = k;
	return score;
}

/* Thai's vowels above and below a consonant (and ็), its tone marks and
 * signs, its vowels after one: a vowel above or below follows a
 * consonant; a tone mark a consonant or such a vowel; a vowel after, any
 * of them but itself. */
static bool thai_above(uint32_t cp) { return cp == 0x0E31 || (cp >= 0x0E34 && cp <= 0x0E3A) || cp == 0x0E47; }
static bool thai_tone(uint32_t cp) { return cp >= 0x0E48 && cp <= 0x0E4E; }

static long thai_mark_score(uint32_t cp, uint32_t prev_cp, bool consonant_before)
{
	bool ok = thai_above(cp) ? consonant_before :
		  thai_tone(cp) ? consonant_before || thai_above(prev_cp) :
		  consonant_before || thai_above(prev_cp) || thai_tone(prev_cp);
	return ok ? (frequent(SB_THAI, cp) ? 2 : 1) : -4;
}

/* The score of a character that is no letter, k its kind, at byte i. */
static long other_score(enum sb_script script, const uint32_t *t, enum kind k, enum kind prev,
			uint32_t cp, uint32_t prev_cp, const unsigned char *s, size_t i, size_t len)
{
	enum kind next = i + 1 < len && s[i + 1] >= 0x80 && t[s[i + 1] - 0x80] != NONE ?
			 kind_of(script, t[s[i + 1] - 0x80]) : K_OTHER;
	bool letter_before = prev == K_LETTER || prev == K_FINAL;
	switch (k) {
	case K_MARK:
		if (script == SB_THAI)
			return thai_mark_score(cp, prev_cp, letter_before);
		return letter_before || prev == K_MARK ? 0 : -4;
	case K_LEAD:
		return next == K_LETTER ? 1 : -4;
	case K_INWORD:
		return letter_before ? 0 : -2;
	case K_TEXT:
		return 0;
	case K_FOREIGN:
		return letter_before || next == K_LETTER || next == K_FINAL ? -4 : 0;
	default:
		return letter_before || next == K_LETTER || next == K_FINAL ? -4 : -1;
	}
}

long sb_script_total(const char *name, enum sb_script script, const unsigned char *s, size_t len,
		     size_t *chars)
{
	const uint32_t *t = sb_table(name);
	if (!t)
		return -1000000;
	long score = 0;
	struct word w = { 0 };
	enum kind prev = K_OTHER;
	uint32_t prev_cp = 0;
	bool prev_latin = false;
	for (size_t i = 0; i < len; i++) {
		if (s[i] < 0x80) {   /* a run of ASCII ends the word: its last byte is "before" */
			score += word_end(script, &w);
			i += ascii_span(s + i, len - i) - 1;
			prev = K_OTHER, prev_cp = s[i];
			prev_latin = ascii_letter(s[i]);
			continue;
		}
		++*chars;
		uint32_t cp = t[s[i] - 0x80];
		if (cp == NONE || (cp >= 0x80 && cp <= 0x9F)) {
			score += word_end(script, &w) - 10;
			prev = K_OTHER, prev_latin = false;
			continue;
		}
		enum kind k = kind_of(script, cp);
		if (k == K_LETTER || k == K_FINAL) {
			score += letter_score(script, cp, k, prev, prev_latin, &w);
		} else {
			score += other_score(script, t, k, prev, cp, prev_cp, s, i, len);
			w.vowels += k == K_MARK || k == K_LEAD;
			w.run = 0;
			if (!in_word(k))
				score += word_end(script, &w);
		}
		prev = k, prev_cp = cp, prev_latin = false;
	}
	return score + word_end(script, &w);
}
