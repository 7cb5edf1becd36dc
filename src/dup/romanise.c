/* romanise: one spelling for the romanisations of a Korean or Chinese
 * name's syllables, so that two spellings of one name meet (Park Junghwan
 * and Pak Jeong-hwan, Lee Sedol and Yi Se-tol, Ma Xiaochun and Ma
 * Hsiao-ch'un: Revised Romanisation, McCune-Reischauer and the spellings
 * players choose; pinyin and Wade-Giles). A table, not a rule per name:
 * each letter group a syllable can be spelt with, written as one. Two
 * names that fold alike may still be two players (the fold merges sounds
 * the spellings do not tell apart), so it can only say that a name may be
 * the other's: dup/dupfacts.c's names_agree_spelt reads it so. Beside it
 * a few players' Japanese and Chinese readings (dup_readings_one). */
#include "dup/dupset.h"

#include <string.h>

/* Letter groups and what they are written as, longest first where one
 * begins another; a letter not in the table is itself. Consonants: the
 * voiced and voiceless spellings of one initial (g k, d t, b p: RR and
 * McCune-Reischauer, pinyin and Wade-Giles), the affricates (j, ch, tch,
 * zh, q: Jeong, Chung; Zhou, Chou; Qian, Ch'ien), the sibilants (s, sh,
 * x, hs), r and l. Vowels: eo, eu, u, o, oo one (Jeong, Jung; Seon, Sun);
 * ee, i, yi one (Lee, Yi); ae, ai, e one. */
static const struct {
	const char *from, *to;
} spellings[] = {
	{ "tch", "j" }, { "ch", "j" }, { "zh", "j" }, { "q", "j" }, { "j", "j" },
	{ "sh", "s" }, { "hs", "s" }, { "x", "s" },
	{ "ng", "N" }, { "kk", "k" }, { "gg", "k" }, { "g", "k" }, { "k", "k" },
	{ "tt", "t" }, { "dd", "t" }, { "d", "t" }, { "t", "t" },
	{ "pp", "p" }, { "bb", "p" }, { "b", "p" }, { "p", "p" },
	{ "ss", "s" }, { "r", "l" },
	{ "yeo", "io" }, { "eo", "o" }, { "eu", "o" }, { "oo", "o" }, { "ou", "o" }, { "u", "o" },
	{ "ee", "i" }, { "yi", "i" }, { "ae", "e" }, { "ai", "e" },
	/* McCune-Reischauer's breves: ŏ, Ŏ, ŭ, Ŭ */
	{ "\xc5\x8f", "o" }, { "\xc5\x8e", "o" }, { "\xc5\xad", "o" }, { "\xc5\xac", "o" },
};

static bool vowel(char c)
{
	return c && strchr("aeiouy", c);
}

/* The folded spelling of word (ASCII lower case letters, as name_form
 * writes a Latin name's words) into out (n bytes): the table's groups
 * written as one; an r or l that ends a syllable (before a consonant or at
 * the end: Park, Pak) and an h after a vowel (Nieh, Nie) dropped; an l, r
 * or y before i at the word's start dropped (Lee, Rhee, Yi, I: Korean
 * writes 리 as 이 at a name's start). */
void dup_romanise(const char *word, char *out, size_t n)
{
	size_t o = 0;
	const char *w = word;
	if ((w[0] == 'l' || w[0] == 'r' || w[0] == 'y') &&
	    (w[1] == 'i' || w[1] == 'e' || (w[1] == 'h' && (w[2] == 'i' || w[2] == 'e'))) &&
	    (w[1] != 'e' || w[2] == 'e'))
		w += w[1] == 'h' ? 2 : 1;
	while (*w && o + 3 < n) {
		if ((*w == 'r' || *w == 'l') && o && !vowel(w[1]) && vowel(w[-1])) {
			w++;   /* Park, Pak; Kal, Ka: a syllable's end */
			continue;
		}
		if (*w == 'h' && o && vowel(w[-1]) && !vowel(w[1])) {
			w++;   /* Nieh, Nie */
			continue;
		}
		size_t i = 0, len = 0;
		for (; i < sizeof spellings / sizeof *spellings; i++) {
			len = strlen(spellings[i].from);
			if (!strncmp(w, spellings[i].from, len))
				break;
		}
		const char *to = i < sizeof spellings / sizeof *spellings ? spellings[i].to : NULL;
		if (to) {
			size_t tl = strlen(to);
			memcpy(out + o, to, tl);
			o += tl;
			w += len;
		} else {
			out[o++] = *w++;
		}
	}
	out[o] = '\0';
}

/* Players known by readings of one name that no fold makes alike: the
 * Japanese and the Chinese (Go Seigen, Wu Qingyuan) or Korean (Cho
 * Chikun, Cho Chi-hun). Each name as its
 * words in lower case, sorted, one blank between (name_form's words). */
static const char *const readings[][2] = {
	{ "go seigen", "qingyuan wu" },
	{ "chikun cho", "chihun cho" },   /* the Korean reading beside the Japanese */
	{ "kaiho rin", "haifeng lin" },
	{ "o rissei", "lixing wang" },
	{ "meien o", "mingwan wang" },
	{ "cho u", "xu zhang" },
};

bool dup_readings_one(const char *x, const char *y)
{
	for (size_t i = 0; i < sizeof readings / sizeof *readings; i++)
		if ((!strcmp(x, readings[i][0]) && !strcmp(y, readings[i][1])) ||
		    (!strcmp(x, readings[i][1]) && !strcmp(y, readings[i][0])))
			return true;
	return false;
}
