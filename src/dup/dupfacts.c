/* dupfacts: whether two games' facts (players, date, terms) say they are
 * one game, whatever the script, spelling or form a source wrote them in
 * (dup/dupset.h). */
#include "dup/dupset.h"

#include <ctype.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/buf.h"
#include "core/values.h"

bool dup_same_text(const char *a, const char *b)
{
	if (!a || !b)
		return false;
	/* blanks around a name are no part of it (SGF's PB[  Lee] keeps them) */
	a += strspn(a, " ");
	b += strspn(b, " ");
	size_t la = strlen(a), lb = strlen(b);
	while (la && a[la - 1] == ' ')
		la--;
	while (lb && b[lb - 1] == ' ')
		lb--;
	return la == lb && !strncasecmp(a, b, la);
}

/* Two results as the lint reads them (core/values.c's value_result, one
 * table: B+R and B+Resign, W+13.5 and W+13.50, 0, Draw, D, Jigo and 持碁
 * one), as texts where either is none it reads. */
bool dup_same_result(const char *a, const char *b)
{
	if (!a || !b)
		return false;
	struct buf x = BUF_INIT, y = BUF_INIT;
	bool read = value_result(a, &x) && value_result(b, &y);
	bool same = read ? !strcmp(x.data ? x.data : "", y.data ? y.data : "")
		    : dup_same_text(a, b);
	buf_free(&x);
	buf_free(&y);
	return same;
}

/* Two facts that are given and the same numbers (komi, handicap). */
static bool same_number(const char *a, const char *b)
{
	return a && b && strtod(a, NULL) == strtod(b, NULL);
}

bool dup_same_terms(const struct dup_set *s, const struct entry *a, const struct entry *b)
{
	for (int f = FACT_KOMI; f <= FACT_RULES; f++) {
		const char *x = dup_fact(s, a, f), *y = dup_fact(s, b, f);
		if ((x || y) && !(f == FACT_RULES ? dup_same_text(x, y) : same_number(x, y)))
			return false;
	}
	return true;
}

/* ---- names ---- */

/* The scripts a name is written in (a set of bits). */
enum { SCRIPT_LATIN = 1, SCRIPT_HANGUL = 2, SCRIPT_HAN = 4, SCRIPT_KANA = 8, SCRIPT_OTHER = 16 };

static unsigned script_of(unsigned c)
{
	if (c < 0x80)
		return isalpha((int)c) ? SCRIPT_LATIN : 0;
	if (c < 0x250 || (c >= 0x1E00 && c < 0x1F00))
		return c >= 0xC0 && c != 0xD7 && c != 0xF7 ? SCRIPT_LATIN : 0;
	if ((c >= 0xAC00 && c < 0xD7B0) || (c >= 0x1100 && c < 0x1200) || (c >= 0x3130 && c < 0x3190))
		return SCRIPT_HANGUL;
	if ((c >= 0x4E00 && c < 0xA000) || (c >= 0x3400 && c < 0x4DC0) || (c >= 0xF900 && c < 0xFB00))
		return SCRIPT_HAN;
	if (c >= 0x3040 && c < 0x3100)
		return SCRIPT_KANA;
	return c >= 0x3000 && c < 0x3040 ? 0 : SCRIPT_OTHER;   /* CJK punctuation: none */
}

/* The code point at *p (advanced past it); a stray byte is itself. */
static unsigned next_point(const unsigned char **p)
{
	const unsigned char *s = *p;
	int n = s[0] >= 0xF0 ? 3 : s[0] >= 0xE0 ? 2 : s[0] >= 0xC0 ? 1 : 0;
	unsigned c = n ? s[0] & (0x3F >> n) : s[0];
	int i = 1;
	for (; i <= n && (s[i] & 0xC0) == 0x80; i++)
		c = c << 6 | (s[i] & 0x3F);
	*p = s + (i <= n ? 1 : i);
	return i <= n ? s[0] : c;
}

/* A name as copies of one game write it alike: its words (split at
 * blanks, commas, slashes, brackets, the ideographic space and middle
 * dots) in ASCII lower case, hyphens, dots and apostrophes dropped (Jin-seo
 * is Jinseo), ranks dropped (9p, 3d, 15K, 9DP, 9段, 9단), the words sorted
 * (Lee Sedol is Sedol, Lee); and the same words unsorted, run together
 * (井山 裕太 is 井山裕太). */
struct name_form {
	char words[8][64];
	char written[8][64];   /* the words in the order written (Yi Se Tol) */
	int nwords;
	char joined[256];
	char key[256];    /* the words sorted, a blank between (readings_one's) */
	char folded[8][64];   /* each word folded alone (folded_words), once made */
	int nfolded;
	bool folded_made;
	char rank[16];    /* the first rank word (rank_word), lower case */
	unsigned scripts;
	unsigned first;   /* the name's first letter: a Han or Hangul family name */
};

static bool rank_word(const char *w)
{
	size_t d = strspn(w, "0123456789");
	if (!d)
		return false;
	const char *r = w + d;
	/* (a number alone is the name's: GNU Go 3.8, Player 2, REVIEW.md R166) */
	static const char *const ranks[] = { "k", "d", "p", "dp", "kyu", "dan", "pro", "段", "级",
					     "級", "단", "급" };
	for (size_t i = 0; i < sizeof ranks / sizeof *ranks; i++)
		if (!strcmp(r, ranks[i]))
			return true;
	return false;
}

static int cmp_word(const void *a, const void *b)
{
	return strcmp(a, b);
}

static void name_form(const char *name, struct name_form *f)
{
	memset(f, 0, sizeof *f);
	const unsigned char *p = (const unsigned char *)name;
	char word[64];
	size_t len = 0;
	for (bool end = false; !end;) {
		const unsigned char *at = p;
		unsigned c = *p ? next_point(&p) : 0;
		end = !c;
		bool split = !c || strchr(" \t,/()[]_", (int)(c < 0x80 ? c : 1)) || c == 0x3000 ||
			     c == 0xB7 || c == 0x30FB;
		if (!split) {
			if (c == '-' || c == '.' || c == '\'' || c == 0x2019)
				continue;
			f->scripts |= script_of(c);
			if (!f->first && script_of(c))
				f->first = c;
			size_t n = (size_t)(p - at);
			if (len + n < sizeof word) {
				for (size_t i = 0; i < n; i++)
					word[len++] = (char)(c < 0x80 ? tolower(at[i]) : at[i]);
			}
			continue;
		}
		word[len] = '\0';
		if (len && rank_word(word) && !*f->rank && len < sizeof f->rank)
			memcpy(f->rank, word, len + 1);
		if (len && !rank_word(word) && f->nwords < 8) {
			memcpy(f->words[f->nwords++], word, len + 1);
			size_t j = strlen(f->joined);
			if (j + len < sizeof f->joined)
				memcpy(f->joined + j, word, len + 1);
		}
		len = 0;
	}
	memcpy(f->written, f->words, (size_t)f->nwords * sizeof *f->words);
	sort_items(f->words, (size_t)f->nwords, sizeof *f->words, cmp_word);
	for (size_t i = 0, at = 0; i < (size_t)f->nwords; i++) {
		size_t n = strlen(f->words[i]);
		if (at + n + 2 > sizeof f->key)
			break;
		if (i)
			f->key[at++] = ' ';
		memcpy(f->key + at, f->words[i], n + 1);
		at += n;
	}
}

/* The name_form of the last names read, a few a thread: the grouping and
 * a group's report ask of one game's players again and again (600,000
 * names_agree on a dense 10,000, name_form a tenth of the run: REVIEW.md
 * scale 20:37, stop 97). A form read stays until NAME_MEMO others are. */
#define NAME_MEMO 8
static _Thread_local struct name_memo {
	char name[96];
	struct name_form f;
} name_memo[NAME_MEMO];
static _Thread_local unsigned name_memo_next, name_memo_used;

/* name's form, from the memo, else read into it, never over keep (the
 * other name of a pair, read before: a hit can be the slot read next);
 * a name too long for it into *own. */
static struct name_form *name_read(const char *name, struct name_form *own,
				   const struct name_form *keep)
{
	size_t len = strlen(name);
	if (len >= sizeof name_memo[0].name) {
		name_form(name, own);
		return own;
	}
	for (unsigned i = 0; i < name_memo_used; i++)
		if (!memcmp(name_memo[i].name, name, len + 1))
			return &name_memo[i].f;
	if (&name_memo[name_memo_next].f == keep)
		name_memo_next = (name_memo_next + 1) % NAME_MEMO;
	struct name_memo *m = &name_memo[name_memo_next];
	name_memo_next = (name_memo_next + 1) % NAME_MEMO;
	name_memo_used += name_memo_used < NAME_MEMO;
	memcpy(m->name, name, len + 1);
	name_form(name, &m->f);
	return &m->f;
}

enum agreement { FACT_MISSING, FACT_NEUTRAL, FACT_SAME, FACT_CONFLICT };

/* Whether two names are readings of one player's name that no fold makes
 * alike (Go Seigen, Wu Qingyuan: dup_readings_one's table, of players, not
 * of sounds): one player, whatever else is compared. */
static bool readings_one(const struct name_form *x, const struct name_form *y)
{
	return dup_readings_one(x->key, y->key);
}

/* f's words as written, those between the gaps cuts does not hold (bit i:
 * the gap after word i) run together (Se Tol: Setol), each folded
 * (dup_romanise), sorted, into out; their count. */
static int romanised_words(const struct name_form *f, unsigned cuts, char out[8][64])
{
	int n = 0;
	char word[64];
	size_t len = 0;
	for (int i = 0; i < f->nwords; i++) {
		for (const char *w = f->written[i]; *w && len + 1 < sizeof word;)
			word[len++] = *w++;
		word[len] = '\0';
		if (i + 1 < f->nwords && !(cuts >> i & 1))
			continue;
		dup_romanise(word, out[n++], sizeof out[0]);
		len = 0;
	}
	sort_items(out, (size_t)n, sizeof *out, cmp_word);
	return n;
}

/* romanised_words of f's words each alone, made once a form (the names a
 * grouping compares are the same few again and again: name_read). */
static const char (*folded_words(struct name_form *f, int *n))[64]
{
	if (!f->folded_made) {
		f->nfolded = romanised_words(f, ~0u, f->folded);
		f->folded_made = true;
	}
	*n = f->nfolded;
	return (const char (*)[64])f->folded;
}

/* Whether two Latin names can be one name in other romanisations: every
 * word folded alike (dup_romanise), in any order (Park Junghwan, Jeong-hwan
 * Pak; Lee Sedol, Yi Se-tol), a given name written as one word or as its
 * syllables (Yi Se Tol) alike. No proof: the fold merges sounds two names
 * can differ by; and a name of one word is no family and given name
 * romanised but a handle (Bobo, Popo; P, B), spelt as its owner chose. */
static bool romanised_alike(struct name_form *x, struct name_form *y)
{
	if (x->nwords < y->nwords) {
		struct name_form *t = x;
		x = y, y = t;
	}
	if (y->nwords < 2 || x->nwords > 4)
		return false;
	char runs[8][64];
	int m, all;
	const char (*fy)[64] = folded_words(y, &m);
	/* each way to run x's words together into as many as y's */
	for (unsigned cuts = 0; cuts < 1u << (x->nwords - 1); cuts++) {
		int kept = 0;
		for (unsigned c = cuts; c; c &= c - 1)
			kept++;
		if (kept != m - 1)
			continue;
		const char (*fx)[64] = kept == x->nwords - 1 ? folded_words(x, &all)
				       : (romanised_words(x, cuts, runs), (const char (*)[64])runs);
		int i = 0;
		while (i < m && !strcmp(fx[i], fy[i]))
			i++;
		if (i == m)
			return true;
	}
	return false;
}

/* Whether two names give numbers the other does not (GNU Go 3.8, GNU Go
 * 3.7; Player 1, Player 2): two players, whatever words they share. */
static bool other_numbers(const struct name_form *x, const struct name_form *y)
{
	bool ox = false, oy = false;
	for (int k = 0; k < 2; k++) {
		const struct name_form *a = k ? y : x, *b = k ? x : y;
		for (int i = 0; i < a->nwords; i++) {
			if (!strpbrk(a->words[i], "0123456789"))
				continue;
			bool both = false;
			for (int j = 0; j < b->nwords && !both; j++)
				both = !strcmp(a->words[i], b->words[j]);
			*(k ? &oy : &ox) |= !both;
		}
	}
	return ox && oy;
}

/* How two names agree: the same name (as name_form writes them, or
 * another reading of it: readings_one); neutral
 * when no comparison can tell (other scripts: a name in Hangul and its
 * romanisation; two Han or Hangul names of one family name and length,
 * which another character form of one name can be; two Latin names
 * sharing a word, or one name in other romanisations: romanised_alike);
 * else a conflict: another player, as are two names giving other numbers
 * (other_numbers). */
static enum agreement names_agree(const char *a, const char *b)
{
	if (!a || !b)
		return a || b ? FACT_NEUTRAL : FACT_MISSING;
	struct name_form ox, oy;
	struct name_form *x = name_read(a, &ox, NULL), *y = name_read(b, &oy, x);
	if (!x->nwords || !y->nwords)
		return FACT_NEUTRAL;
	bool same = x->nwords == y->nwords;
	for (int i = 0; same && i < x->nwords; i++)
		same = !strcmp(x->words[i], y->words[i]);
	if (same || !strcmp(x->joined, y->joined) || readings_one(x, y))
		return FACT_SAME;
	if (x->scripts != y->scripts)
		return FACT_NEUTRAL;
	if (x->scripts & (SCRIPT_HAN | SCRIPT_HANGUL))
		return x->first == y->first && strlen(x->joined) == strlen(y->joined) ? FACT_NEUTRAL
		       : FACT_CONFLICT;
	if (other_numbers(x, y))
		return FACT_CONFLICT;
	for (int i = 0; i < x->nwords; i++)
		for (int j = 0; j < y->nwords; j++)
			if (!strcmp(x->words[i], y->words[j]))
				return FACT_NEUTRAL;
	/* one player in another romanisation (Pak Jeong-hwan, Park Junghwan;
	 * Yi Se-tol, Lee Sedol), as a name in another script is */
	return x->scripts == SCRIPT_LATIN && romanised_alike(x, y) ? FACT_NEUTRAL : FACT_CONFLICT;
}

/* Whether every word of the name of fewer words is one of the other's
 * (Lee, Lee Sedol): a name given in part. */
static bool given_in_part(const struct name_form *x, const struct name_form *y)
{
	if (x->nwords > y->nwords) {
		const struct name_form *t = x;
		x = y, y = t;
	}
	for (int i = 0; i < x->nwords; i++) {
		int j = 0;
		while (j < y->nwords && strcmp(x->words[i], y->words[j]))
			j++;
		if (j == y->nwords)
			return false;
	}
	return true;
}

/* The letter a Latin vowel with a mark stands for (ō, ô, ŏ: o), from
 * its UTF-8 bytes c0 c1 (Latin-1's and Latin Extended-A's), 0 when none. */
static char plain_vowel(unsigned char c0, unsigned char c1)
{
	static const char latin1[] = "aaaaaaaceeeeiiiidnooooo/ouuuuyty";   /* U+00E0..U+00FF */
	if ((c0 & 0xE0) != 0xC0 || (c1 & 0xC0) != 0x80)
		return 0;   /* not a code point of two bytes */
	unsigned cp = (unsigned)(c0 & 0x1F) << 6 | (c1 & 0x3F);
	if (cp >= 0xC0 && cp <= 0xFF) {
		char v = latin1[(cp | 0x20) - 0xE0];
		return strchr("aeiou", v) ? v : 0;
	}
	static const struct { unsigned from, to; char v; } ext[] = {
		{ 0x100, 0x105, 'a' }, { 0x112, 0x11B, 'e' }, { 0x128, 0x131, 'i' },
		{ 0x14C, 0x151, 'o' }, { 0x168, 0x173, 'u' },
	};
	for (size_t i = 0; i < sizeof ext / sizeof *ext; i++)
		if (cp >= ext[i].from && cp <= ext[i].to)
			return ext[i].v;
	return 0;
}

/* A Latin name's words as one spelling writes them all: lower case, a
 * vowel's marks dropped (Ōtake, Otake), Hepburn's long vowels written
 * once (Yuuta, Yūta, Yuta; Ohtake, Ootake, Otake; Kouichi, Koichi), the
 * words sorted (LEE, Sedol), into out (n bytes); false where the name has
 * a letter of another script. */
static bool long_vowels_folded(const char *name, char *out, size_t n)
{
	char words[8][64];
	size_t nw = 0, len = 0;
	for (const unsigned char *p = (const unsigned char *)name;; p++) {
		char c = 0;
		if (*p >= 0x80) {
			if (!p[1] || !(c = plain_vowel(p[0], p[1])))
				return false;
			p++;
		} else if (isalnum(*p)) {   /* (a number is the name's: GNU Go 3.8) */
			c = (char)tolower(*p);
		}
		if (c && nw < 8) {
			char *w = words[nw];
			/* a vowel after its like, or o's u or h before another
			 * letter or the word's end, is the long vowel's */
			bool longer = len && ((c == w[len - 1] && (c == 'o' || c == 'u')) ||
					      (w[len - 1] == 'o' && (c == 'u' || c == 'h')));
			if (!longer && len + 1 < sizeof words[0])
				w[len++] = c;
			continue;
		}
		if (len && nw < 8)
			words[nw][len] = '\0', nw++, len = 0;
		if (!*p)
			break;
	}
	sort_items(words, nw, sizeof *words, cmp_word);
	size_t at = 0;
	*out = '\0';
	for (size_t i = 0; i < nw; i++)
		at += (size_t)snprintf(out + at, at < n ? n - at : 0, "%s ", words[i]);
	return nw > 0 && at < n;
}

/* Whether two Latin names are one in long_vowels_folded's spelling (Ōtake
 * Hideo, Otake Hideo; Iyama Yūta, Iyama Yuuta: REVIEW.md R165). */
static bool long_vowels_alike(const char *a, const char *b)
{
	char x[512], y[512];
	return long_vowels_folded(a, x, sizeof x) && long_vowels_folded(b, y, sizeof y) &&
	       !strcmp(x, y);
}

/* names_agree as the facts of two records tell their players apart (the
 * question the keeper is asked, dup_other_player, and what the players
 * and date say, facts_say): two Latin names are neutral when they can be
 * one name in other romanisations (romanised_alike), with the long vowels
 * of a Japanese name marked, doubled or not (long_vowels_alike), or one
 * is given in part (Lee, Lee Sedol), and a conflict when not, a word in
 * common or none (a surname in common is the rule, not a proof: Park
 * Junghwan and Park Younghwan, Kim Jiseok and Kim Dongho, REVIEW.md R60
 * and R195; a given name misspelt, Park Junhwan, is another player's as
 * well); two Hangul names of one family name and length that are not the
 * same name are a conflict too (박정환 and 박영훈), and two Han names unless
 * they are one name in other character forms (dup_han_fold: 柯洁 and 柯潔
 * neutral, 王檄 and 王磊 a conflict; REVIEW.md R65). */
static enum agreement names_agree_spelt(const char *a, const char *b)
{
	enum agreement r = names_agree(a, b);
	if ((r != FACT_CONFLICT && r != FACT_NEUTRAL) || !a || !b)
		return r;
	struct name_form ox, oy;
	struct name_form *x = name_read(a, &ox, NULL), *y = name_read(b, &oy, x);
	if (x->scripts == y->scripts && !(x->scripts & (SCRIPT_LATIN | SCRIPT_HANGUL)) &&
	    x->scripts & SCRIPT_HAN) {   /* one name in other character forms, or two */
		char fx[256], fy[256];
		dup_han_fold(x->joined, fx, sizeof fx);
		dup_han_fold(y->joined, fy, sizeof fy);
		return strcmp(fx, fy) ? FACT_CONFLICT : FACT_NEUTRAL;
	}
	if (r == FACT_NEUTRAL && x->scripts == SCRIPT_HANGUL && y->scripts == SCRIPT_HANGUL)
		return FACT_CONFLICT;   /* names_agree's one family name and length */
	if (x->scripts != SCRIPT_LATIN || y->scripts != SCRIPT_LATIN)
		return r;   /* another script */
	return romanised_alike(x, y) || (x->nwords != y->nwords && given_in_part(x, y)) ||
	       long_vowels_alike(a, b) ? FACT_NEUTRAL : FACT_CONFLICT;
}

/* ---- dates ---- */

bool dup_same_date(const char *a, const char *b)
{
	int x[3], y[3];
	if (a && b && dup_date_of(a, x) && dup_date_of(b, y))
		return x[0] == y[0] && x[1] == y[1] && x[2] == y[2];
	return dup_same_text(a, b);
}

/* How two dates agree: the same day; a conflict when another year, month,
 * or a day more than one apart (a server's date and another's a time zone
 * away are one day apart); neutral when one gives less. */
static enum agreement dates_agree(const char *a, const char *b)
{
	if (!a || !b)
		return a || b ? FACT_NEUTRAL : FACT_MISSING;
	int x[3], y[3];
	if (!dup_date_of(a, x) || !dup_date_of(b, y))
		return dup_same_text(a, b) ? FACT_SAME : FACT_NEUTRAL;
	if (x[0] != y[0] || (x[1] && y[1] && x[1] != y[1]))
		return FACT_CONFLICT;
	if (!x[2] || !y[2])
		return FACT_NEUTRAL;
	return x[2] == y[2] ? FACT_SAME : abs(x[2] - y[2]) > 1 ? FACT_CONFLICT : FACT_NEUTRAL;
}

/* Whether a's players are b's, a's black read as b's white and a's white
 * as b's black when crossed: one named and the same, the other not
 * another (names_agree_spelt: the same, or not to be told, as a name in
 * another script or romanisation), and their results, where both give
 * one, the same; crossed, the winner's colour as written or the other way (a copy that
 * writes the players exchanged may keep RE or exchange it too). The same
 * players in the same colours naming other winners are two games. */
static bool players_match(const struct dup_set *s, const struct entry *a, const struct entry *b,
			  bool crossed)
{
	const char *ab = dup_fact(s, a, FACT_BLACK), *aw = dup_fact(s, a, FACT_WHITE);
	enum agreement x = names_agree_spelt(ab, dup_fact(s, b, crossed ? FACT_WHITE : FACT_BLACK));
	enum agreement y = names_agree_spelt(aw, dup_fact(s, b, crossed ? FACT_BLACK : FACT_WHITE));
	if (x == FACT_CONFLICT || y == FACT_CONFLICT ||
	    !((x == FACT_SAME && !dup_no_player(ab)) || (y == FACT_SAME && !dup_no_player(aw))))
		return false;
	const char *ra = dup_fact(s, a, FACT_RESULT), *rb = dup_fact(s, b, FACT_RESULT);
	if (!ra || !rb)
		return true;
	if (dup_same_result(ra, rb))
		return true;
	if (!crossed)
		return false;
	char r[256];   /* the winner's colour read the other way */
	snprintf(r, sizeof r, "%s", ra);
	if (*r != 'B' && *r != 'b' && *r != 'W' && *r != 'w')
		return false;
	*r = *r == 'B' || *r == 'b' ? 'W' : 'B';
	return dup_same_result(r, rb);
}

/* The numbers a round is written with (Game 1, 1, R1: "1"; Round 2, game
 * 1: "2.1"), or, where it has none, its letters in lower case (Final,
 * final): into out (of n bytes). */
static void round_form(const char *r, char *out, size_t n)
{
	bool numbers = strpbrk(r, "0123456789") != NULL, gap = false;
	size_t k = 0;
	for (const char *p = r; *p && k + 2 < n; p++) {
		unsigned char c = (unsigned char)*p;
		bool keep = numbers ? isdigit(c) : isalpha(c) || c >= 0x80;
		if (!keep) {
			gap = k > 0;
			continue;
		}
		if (gap && numbers)
			out[k++] = '.';
		gap = false;
		out[k++] = (char)tolower(c);
	}
	out[k] = '\0';
}

/* Whether the rounds of a and b (RO), where both give one, are other
 * rounds: a two-game match of one day, its colours exchanged and one
 * player winning both, is told apart by them alone. */
static bool other_rounds(const struct dup_set *s, const struct entry *a, const struct entry *b)
{
	const char *x = dup_fact(s, a, FACT_ROUND), *y = dup_fact(s, b, FACT_ROUND);
	if (!x || !y || dup_same_text(x, y))
		return false;
	char fx[64], fy[64];
	round_form(x, fx, sizeof fx);
	round_form(y, fy, sizeof fy);
	return strcmp(fx, fy) != 0;
}

/* Whether a and b, records without a move (a list of a tournament's
 * games and results), name one game: nothing but their facts to compare,
 * the same day and the same event, and the same players with the same
 * result, as written or with the colours exchanged (a copy that writes
 * them exchanged, or one of them in another script), and no other round.
 * A player's two games of one day (two rounds) have another opponent,
 * result or round. */
static bool one_game_without_moves(const struct dup_set *s, const struct entry *a,
				   const struct entry *b)
{
	if (DUP_PLAYED(a) || DUP_PLAYED(b) || a->position || b->position ||
	    !dup_same_text(dup_fact(s, a, FACT_EVENT), dup_fact(s, b, FACT_EVENT)) ||
	    dates_agree(dup_fact(s, a, FACT_DATE), dup_fact(s, b, FACT_DATE)) != FACT_SAME ||
	    other_rounds(s, a, b))
		return false;
	return players_match(s, a, b, false) || players_match(s, a, b, true);
}

/* Whether a names a player b names another of the colour (crossed: of
 * the other colour), romanisations alike (names_agree_spelt). */
static bool other_player(const struct dup_set *s, const struct entry *a, const struct entry *b,
			 bool crossed)
{
	return names_agree_spelt(dup_fact(s, a, FACT_BLACK),
				 dup_fact(s, b, crossed ? FACT_WHITE : FACT_BLACK)) == FACT_CONFLICT ||
	       names_agree_spelt(dup_fact(s, a, FACT_WHITE),
				 dup_fact(s, b, crossed ? FACT_BLACK : FACT_WHITE)) == FACT_CONFLICT;
}

/* Whether a and b, records without a move, are two games whatever their
 * players say: other events or rounds, other results as written (the
 * same players in the same colours, each copy naming another winner), or
 * a player of the other named another both as written and exchanged (a
 * day's other pairing: Lee Sedol and Park Younghwan against Yi Changho
 * and Park Junghwan, the word in common no proof). */
static bool unplayed_apart(const struct dup_set *s, const struct entry *a, const struct entry *b)
{
	if (DUP_PLAYED(a) || DUP_PLAYED(b) || a->position || b->position)
		return false;
	const char *ra = dup_fact(s, a, FACT_RESULT), *rb = dup_fact(s, b, FACT_RESULT);
	const char *ea = dup_fact(s, a, FACT_EVENT), *eb = dup_fact(s, b, FACT_EVENT);
	return other_rounds(s, a, b) || (ra && rb && !dup_same_result(ra, rb)) ||
	       (ea && eb && !dup_same_text(ea, eb)) ||
	       (other_player(s, a, b, false) && other_player(s, a, b, true));
}

/* How names p and q, crossed (one copy's black, the other's white),
 * stand: EXCHANGED_RESPELT, one name respelt in its script
 * (names_agree_spelt of two Latin names, or of two Han: romanised
 * otherwise, given in part, other character forms; Park Junghwan, Pak
 * Jeong-hwan); EXCHANGED_UNTOLD, not to be told (a name in another
 * script: 趙治勲, Cho Chikun; no conflict, no proof either);
 * EXCHANGED_NOT, another player or none named. */
enum exchanged { EXCHANGED_NOT, EXCHANGED_UNTOLD, EXCHANGED_RESPELT, EXCHANGED_BOTH };
static enum exchanged crossed_pair(const char *p, const char *q)
{
	if (dup_no_player(p) || dup_no_player(q) || names_agree_spelt(p, q) == FACT_CONFLICT)
		return EXCHANGED_NOT;
	struct name_form ox, oy;
	struct name_form *fp = name_read(p, &ox, NULL), *fq = name_read(q, &oy, fp);
	return fp->scripts == fq->scripts &&
	       (fp->scripts == SCRIPT_LATIN || fp->scripts == SCRIPT_HAN)
	       ? EXCHANGED_RESPELT : EXCHANGED_UNTOLD;
}

/* How a's players stand to b's written the other way round (a's black
 * as b's white, a's white as b's black): EXCHANGED_BOTH, both the same
 * player; EXCHANGED_RESPELT, one the same and the other respelt, or both
 * respelt (Choi Jung, Yi Se-tol against Lee Sedol, Choi Jeong: a copy
 * renamed and exchanged, as a copy renamed alone is one game on its
 * day); EXCHANGED_UNTOLD, one the same or respelt and the other not
 * to be told; EXCHANGED_NOT else (crossed_pair). */
static enum exchanged exchanged(const struct dup_set *s, const struct entry *a,
				const struct entry *b)
{
	const char *ab = dup_fact(s, a, FACT_BLACK), *aw = dup_fact(s, a, FACT_WHITE);
	const char *bb = dup_fact(s, b, FACT_BLACK), *bw = dup_fact(s, b, FACT_WHITE);
	bool x = dup_same_player(ab, bw), y = dup_same_player(aw, bb);
	if (x && y)
		return EXCHANGED_BOTH;
	if (x || y)
		return crossed_pair(x ? aw : ab, x ? bb : bw);
	enum exchanged p = crossed_pair(ab, bw), q = crossed_pair(aw, bb);
	if (p == EXCHANGED_NOT || q == EXCHANGED_NOT)
		return EXCHANGED_NOT;
	if (p == EXCHANGED_RESPELT && q == EXCHANGED_RESPELT)
		return EXCHANGED_RESPELT;
	/* one respelt and the other not to be told (Choi Jung, 呉清源
	 * against Go Seigen, Choi Jeong): no more than one the same */
	return p == EXCHANGED_RESPELT || q == EXCHANGED_RESPELT ? EXCHANGED_UNTOLD : EXCHANGED_NOT;
}

/* Whether a and b, of DUP_MIN_MOVES moves or more, name the same two
 * players exchanged (exchanged: one of them at least the same, the other
 * not another) on dates that do not tell one day (a month only, or none
 * on one): no proof of one game, and no other game either. A copy
 * writing them exchanged is one game with its game (the same day), and
 * so is a copy of the month only: the two copies must not clash, or the
 * family drops one of them (dup_drop_clashes; duplicates_truth.py --aside
 * --wide seed 3's 0169 and 0011: a name respelt, or in another script). */
static bool exchanged_not_dated(const struct dup_set *s, const struct entry *a,
				const struct entry *b, enum agreement date)
{
	return date != FACT_SAME && date != FACT_CONFLICT && DUP_PLAYED(a) >= DUP_MIN_MOVES &&
	       DUP_PLAYED(b) >= DUP_MIN_MOVES && exchanged(s, a, b) != EXCHANGED_NOT;
}

/* Whether a player of a is another than b's of that colour as
 * names_agree tells them (not their spelling alone: names_agree_spelt). */
static bool players_another(const struct dup_set *s, const struct entry *a,
			    const struct entry *b)
{
	return names_agree(dup_fact(s, a, FACT_BLACK), dup_fact(s, b, FACT_BLACK)) == FACT_CONFLICT ||
	       names_agree(dup_fact(s, a, FACT_WHITE), dup_fact(s, b, FACT_WHITE)) == FACT_CONFLICT;
}

/* What the players and date of a and b say, and whether a player's
 * names conflict (*conflict). */
static enum dup_facts_say facts_say(const struct dup_set *s, const struct entry *a,
				    const struct entry *b, bool *conflict)
{
	enum agreement black = names_agree_spelt(dup_fact(s, a, FACT_BLACK),
						 dup_fact(s, b, FACT_BLACK));
	enum agreement white = names_agree_spelt(dup_fact(s, a, FACT_WHITE),
						 dup_fact(s, b, FACT_WHITE));
	enum agreement date = dates_agree(dup_fact(s, a, FACT_DATE), dup_fact(s, b, FACT_DATE));
	*conflict = black == FACT_CONFLICT || white == FACT_CONFLICT;
	/* records without moves: their names as spelt (unplayed_apart) */
	bool unplayed = !DUP_PLAYED(a) && !DUP_PLAYED(b) && !a->position && !b->position;
	if (date == FACT_CONFLICT)
		return FACTS_OTHER_GAME;
	if (one_game_without_moves(s, a, b)) {
		*conflict = false;
		return FACTS_ONE_GAME;
	}
	/* on one day, players another by their spelling alone (names_agree's
	 * maybe: a word in common, a romanisation; Sakata Eio, Sakata Eiwo;
	 * Park Junghwan, Park Junhwan) and not the same read exchanged: no
	 * proof of two games, one game, the keeper asked (REVIEW.md R198) */
	if (date == FACT_SAME && *conflict && !unplayed && !players_another(s, a, b) &&
	    exchanged(s, a, b) == EXCHANGED_NOT)
		return FACTS_ONE_GAME;
	if (date == FACT_SAME && *conflict && black >= FACT_SAME && white >= FACT_SAME && !unplayed) {
		/* another player, or the same against another: unknown, but
		 * for the two players exchanged (some sites write PB and PW
		 * the other way) over DUP_MIN_MOVES moves or more, which two
		 * games of one day do not share with the colours exchanged
		 * (a second game of a day, its colours turned, is no copy of
		 * the first: fewer moves, no moves at all, tell nothing) */
		if (DUP_PLAYED(a) < DUP_MIN_MOVES || DUP_PLAYED(b) < DUP_MIN_MOVES)
			return FACTS_UNKNOWN;
		/* (one the same and the other respelt: Lee Sedol, Park
		 * Junghwan; Pak Jeong-hwan, Lee Sedol; never a name in
		 * another script, which can be anyone's) */
		if (exchanged(s, a, b) >= EXCHANGED_RESPELT)
			return FACTS_ONE_GAME;
		enum agreement x = names_agree(dup_fact(s, a, FACT_BLACK), dup_fact(s, b, FACT_WHITE));
		enum agreement y = names_agree(dup_fact(s, a, FACT_WHITE), dup_fact(s, b, FACT_BLACK));
		/* exchanged, one the same and the other maybe (a word in
		 * common only, a name in another script), or each in
		 * another script than the name it is read against (趙治勲
		 * against Cho Chikun, Masaki Takemiya against 武宮正樹: a
		 * copy renamed and exchanged beside one renamed; one run
		 * over duplicates_truth.py --games 3000 --seed 12 --aside
		 * --wide: a copy not found): unknown, but nothing against
		 * one game */
		bool untold = crossed_pair(dup_fact(s, a, FACT_BLACK), dup_fact(s, b, FACT_WHITE)) ==
				      EXCHANGED_UNTOLD &&
			      crossed_pair(dup_fact(s, a, FACT_WHITE), dup_fact(s, b, FACT_BLACK)) ==
				      EXCHANGED_UNTOLD;
		*conflict = (x != FACT_SAME && y != FACT_SAME && !untold) || x == FACT_CONFLICT ||
			    y == FACT_CONFLICT;
		return FACTS_UNKNOWN;
	}
	if (unplayed_apart(s, a, b))
		return FACTS_OTHER_GAME;
	/* a player another and the other not to be told (a name in another
	 * script, or none), the players another read exchanged as well: the
	 * conflict is not outvoted by a name that tells nothing (Lee Sedol,
	 * Park Junghwan; 박정환, Gu Li); read exchanged without one, a copy
	 * writing them so, one game */
	if (date == FACT_SAME && *conflict && !unplayed &&
	    (names_agree(dup_fact(s, a, FACT_BLACK), dup_fact(s, b, FACT_WHITE)) == FACT_CONFLICT ||
	     names_agree(dup_fact(s, a, FACT_WHITE), dup_fact(s, b, FACT_BLACK)) == FACT_CONFLICT))
		return FACTS_UNKNOWN;
	if (date == FACT_SAME)
		return FACTS_ONE_GAME;
	/* records without moves whose players can be one pair (unplayed_apart:
	 * as written or exchanged) on dates that tell no day (1999-07, 1999年7月): no
	 * proof of one game, nor of two (a match's next game, its colours
	 * exchanged, is of that month); they must not clash, or a family of
	 * the game's copies drops one (as exchanged_not_dated for moves) */
	if (*conflict && unplayed)
		return *conflict = false, FACTS_UNKNOWN;
	/* a date holding the other's day (1988年6月, 1988-06-09), the players
	 * exchanged as on one day (one the same or respelt, the other not
	 * another: respelt, or in another script) over DUP_MIN_MOVES moves:
	 * one game, as on that day; a match's next game of the month, its
	 * colours exchanged, shares no more moves with the first than a
	 * second game of the day does (the truth test's --aside --wide runs
	 * missed 8 such copies over seeds 1-30; one run over its --games
	 * 3000 --seed 4, a 9x9 game's four copies, 趙治勲 for Cho Chikun) */
	if (*conflict && date == FACT_NEUTRAL && dup_fact(s, a, FACT_DATE) &&
	    dup_fact(s, b, FACT_DATE) && DUP_PLAYED(a) >= DUP_MIN_MOVES &&
	    DUP_PLAYED(b) >= DUP_MIN_MOVES && exchanged(s, a, b) >= EXCHANGED_UNTOLD)
		return *conflict = false, FACTS_ONE_GAME;
	if (*conflict && exchanged_not_dated(s, a, b, date))
		return *conflict = false, FACTS_UNKNOWN;
	if (*conflict)
		return FACTS_OTHER_GAME;
	/* the same players, each fact given by both or by neither */
	bool same = black == FACT_SAME || white == FACT_SAME, one_sided = false;
	for (int f = FACT_BLACK; f <= FACT_DATE; f++)
		one_sided |= !dup_fact(s, a, f) != !dup_fact(s, b, f);
	return same && !one_sided ? FACTS_ONE_GAME : FACTS_UNKNOWN;
}

bool dup_players_exchanged(const struct dup_set *s, const struct entry *a, const struct entry *b,
			   bool swapped)
{
	int black = swapped ? FACT_WHITE : FACT_BLACK, white = swapped ? FACT_BLACK : FACT_WHITE;
	const char *ab = dup_fact(s, a, black), *aw = dup_fact(s, a, white);
	const char *bb = dup_fact(s, b, FACT_BLACK), *bw = dup_fact(s, b, FACT_WHITE);
	enum agreement cross_black = names_agree(ab, bw), cross_white = names_agree(aw, bb);
	if (cross_black == FACT_CONFLICT || cross_white == FACT_CONFLICT)
		return false;
	/* a player a names of one colour whom b names of the other and not
	 * of that one (b's other player may be unnamed: PB[?] PW[Alice]
	 * against PB[Alice] PW[?]) */
	return (dup_same_player(ab, bw) && names_agree(ab, bb) != FACT_SAME) ||
	       (dup_same_player(aw, bb) && names_agree(aw, bw) != FACT_SAME);
}

bool dup_same_player(const char *a, const char *b)
{
	return !dup_no_player(a) && !dup_no_player(b) && names_agree(a, b) == FACT_SAME;
}

/* A rank read as the check reads one (value_rank): its number, *kyu
 * whether a kyu's; 0 when text (NULL: none) is no rank that reads. */
static int rank_of(const char *text, bool *kyu)
{
	struct buf r = BUF_INIT;
	enum rank_reading how;
	int n = 0;
	if (text && *text && value_rank(text, false, &r, &how) && r.len) {
		n = atoi(r.data);
		*kyu = strchr(r.data, 'k') != NULL;
	}
	buf_free(&r);
	return n;
}

bool dup_ranks_differ(const char *a, const char *rank_a, const char *b, const char *rank_b)
{
	if (!dup_same_player(a, b))
		return false;
	struct name_form ox, oy;
	struct name_form *x = name_read(a, &ox, NULL), *y = name_read(b, &oy, x);
	bool kx = false, ky = false;
	/* the rank given apart, else the one after the name (f->rank) */
	int rx = rank_of(rank_a, &kx), ry = rank_of(rank_b, &ky);
	if (!rx)
		rx = rank_of(x->rank, &kx);
	if (!ry)
		ry = rank_of(y->rank, &ky);
	return rx && ry && (rx != ry || kx != ky);
}

bool dup_rank_given(const char *name, const char *rank)
{
	bool kyu = false;
	if (rank_of(rank, &kyu))
		return true;
	struct name_form o;
	return name && rank_of(name_read(name, &o, NULL)->rank, &kyu);
}

bool dup_respelt_player(const char *a, const char *b)
{
	if (dup_no_player(a) || dup_no_player(b) || names_agree(a, b) == FACT_SAME)
		return false;
	struct name_form ox, oy;
	struct name_form *x = name_read(a, &ox, NULL), *y = name_read(b, &oy, x);
	return x->scripts == SCRIPT_LATIN && y->scripts == SCRIPT_LATIN && romanised_alike(x, y) &&
	       !long_vowels_alike(a, b);
}

bool dup_other_player(const char *a, const char *b)
{
	return !dup_no_player(a) && !dup_no_player(b) && names_agree_spelt(a, b) == FACT_CONFLICT;
}

enum dup_facts_say dup_facts_say(const struct dup_set *s, const struct entry *a,
				 const struct entry *b)
{
	bool conflict;
	return facts_say(s, a, b, &conflict);
}

bool dup_facts_clash(const struct dup_set *s, const struct entry *a, const struct entry *b)
{
	bool conflict;
	enum dup_facts_say say = facts_say(s, a, b, &conflict);
	return say == FACTS_OTHER_GAME || (say == FACTS_UNKNOWN && conflict);
}

bool dup_day_player(const struct dup_set *s, const struct entry *a, const struct entry *b)
{
	if (!dup_same_day(s, a, b))
		return false;
	for (int f = FACT_BLACK; f <= FACT_WHITE; f++)
		if (!dup_no_player(dup_fact(s, a, f)) &&
		    names_agree(dup_fact(s, a, f), dup_fact(s, b, f)) == FACT_SAME)
			return true;
	return false;
}

int dup_facts_given(const struct dup_set *s, const struct entry *e)
{
	return !dup_no_player(dup_fact(s, e, FACT_BLACK)) + !dup_no_player(dup_fact(s, e, FACT_WHITE)) +
	       !!e->fact_len[FACT_DATE];
}

uint64_t dup_facts_hash(const struct dup_set *s, const struct entry *e)
{
	uint64_t h = 0xcbf29ce484222325ULL;
	for (int f = FACT_BLACK; f <= FACT_WHITE; f++) {
		const char *name = dup_fact(s, e, f);
		struct name_form own;
		const struct name_form *x = name_read(name ? name : "", &own, NULL);
		for (int i = 0; i < x->nwords; i++)
			h = dup_fnv(x->words[i], strlen(x->words[i]) + 1, h);
		h = dup_fnv(name ? "+" : "-", 2, h);
	}
	const char *date = dup_fact(s, e, FACT_DATE);
	int ymd[3];
	if (date && dup_date_of(date, ymd))
		h = dup_fnv(ymd, sizeof ymd, h);
	else if (date)
		for (const char *p = date; *p; p++)
			h = dup_fnv(&(char){ (char)tolower((unsigned char)*p) }, 1, h);
	return h;
}
