/* charset-tables: writes glibc's decoders of the East Asian character sets
 * jgflint reads (CP932, CP949, GB18030, BIG5-HKSCS, EUC-JP) as C tables,
 * for the static program (src/base/charset_tables.c), whose C library is
 * musl: musl's iconv has no CP932 and decodes the others otherwise than
 * glibc (thousands of sequences each), so the static program would convert
 * records otherwise than the native one. The native program built with
 * glibc compiles them in too (configure's default): glibc's own iconv
 * loads and unloads a module for each of these sets each time detection
 * weighs a text.
 *
 * Built and run on the build machine with glibc (build-aux/charset-tables.sh:
 * Makefile.am, build-aux/static.sh, web/wasm.sh):
 *     cc -O2 build-aux/charset-tables.c -o charset-tables
 *     ./charset-tables > jgflint-charset-tables.inc
 * Every sequence of one and two bytes, EUC-JP's three (0x8F) and GB18030's
 * four is asked of glibc's iconv; what the tables cannot say (ASCII not
 * itself, a three-byte sequence outside 0xA1-0xFE, a four-byte one outside
 * GB18030's ranges) stops the build. */
#include <errno.h>
#include <iconv.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "../src/base/charset_tables.h"   /* the entries (not the decoder: no JGFLINT_CHARSET_TABLES) */

#define INVALID CHARSET_INVALID   /* not a character (EILSEQ) */
#define MORE CHARSET_MORE         /* the start of a longer sequence (EINVAL) */
#define STEP CHARSET_STEP         /* not a character, and stepped over (EILSEQ after it) */
#define PAIR CHARSET_PAIR         /* two code points: PAIR | index into pairs */

static uint32_t pairs[CHARSET_PAIRS_MAX][2];
static unsigned npairs;

static void die(const char *what)
{
	fprintf(stderr, "charset-tables: %s\n", what);
	exit(2);
}

/* What glibc makes of exactly these n bytes: a code point, PAIR | i,
 * INVALID, STEP or MORE. */
static uint32_t decode(iconv_t cd, const unsigned char *b, size_t n)
{
	char *in = (char *)b, *o;
	uint32_t out[4];
	size_t left = n, room = sizeof out;
	o = (char *)out;
	iconv(cd, NULL, NULL, NULL, NULL);
	size_t r = iconv(cd, &in, &left, &o, &room);
	size_t k = (sizeof out - room) / 4;
	if (r == (size_t)-1 && errno == EINVAL && left == n)
		return MORE;
	/* glibc's CP949 consumes some sequences it refuses (A2 E8). */
	if (r == (size_t)-1 && errno == EILSEQ && left == 0 && n > 1)
		return STEP;
	if (r == (size_t)-1 && left != n)
		die("a sequence consumed in part");
	if (r == (size_t)-1 || left)
		return INVALID;
	if (k == 1)
		return out[0];
	if (k == 2) {
		for (unsigned i = 0; i < npairs; i++)
			if (pairs[i][0] == out[0] && pairs[i][1] == out[1])
				return PAIR | i;
		if (npairs == sizeof pairs / sizeof *pairs)
			die("too many sequences of two code points");
		pairs[npairs][0] = out[0];
		pairs[npairs][1] = out[1];
		return PAIR | npairs++;
	}
	die("a sequence of more than two code points");
	return INVALID;
}

static void row(const char *name, const uint32_t *v, size_t n)
{
	printf("static const uint32_t %s[%zu] = {", name, n);
	for (size_t i = 0; i < n; i++)
		printf("%s0x%X,", i % 8 ? " " : "\n\t", (unsigned)v[i]);
	printf("\n};\n");
}

/* The code points above U+FFFF of the large tables (BIG5-HKSCS's, a few of
 * GB18030's), which a 16-bit entry names by their index here. */
static uint32_t wide[CHARSET_WIDE_MAX];
static unsigned nwide;

/* v as a large table's 16-bit entry (charset_tables.h: CHARSET_ESCAPE). */
static uint16_t narrow(uint32_t v)
{
	uint32_t e;
	if (v == INVALID || v == MORE || v == STEP)
		e = CHARSET_ESCAPE_INVALID - (INVALID - v);
	else if (v & PAIR)
		e = CHARSET_ESCAPE_PAIR + (v & ~PAIR);
	else if (v >= 0xD800 && v <= 0xDFFF)
		die("a code point among the escapes");
	else if (v <= 0xFFFF)
		e = v;
	else {
		unsigned i = 0;
		while (i < nwide && wide[i] != v)
			i++;
		if (i == CHARSET_WIDE_MAX)
			die("too many code points above U+FFFF");
		if (i == nwide)
			wide[nwide++] = v;
		e = CHARSET_ESCAPE + i;
	}
	if (charset_entry(e, wide) != v)
		die("an entry not read back as itself");
	return (uint16_t)e;
}

/* A large table, 16 bits an entry, marked for charset_tables.c, which
 * places it apart from the program's other constants (CHARSET_LARGE). */
static void row16(const char *name, const uint32_t *v, size_t n)
{
	printf("static const uint16_t CHARSET_LARGE %s[%zu] = {", name, n);
	for (size_t i = 0; i < n; i++)
		printf("%s0x%X,", i % 8 ? " " : "\n\t", (unsigned)narrow(v[i]));
	printf("\n};\n");
}

/* GB18030's four-byte sequences b1 b2 b3 b4 (b1, b3 in 0x81-0xFE, b2, b4 in
 * 0x30-0x39) as one number, as the standard counts them. */
static uint32_t linear(unsigned b1, unsigned b2, unsigned b3, unsigned b4)
{
	return (((b1 - 0x81) * 10 + (b2 - 0x30)) * 126 + (b3 - 0x81)) * 10 + (b4 - 0x30);
}

int main(void)
{
	static const struct { const char *iconv, *c; } sets[] = {
		{ "CP932", "cp932" }, { "CP949", "cp949" }, { "GB18030", "gb18030" },
		{ "BIG5-HKSCS", "big5hkscs" }, { "EUC-JP", "eucjp" },
	};
	static uint32_t two[128 * 256], three[94 * 94], four[4 * 12600];
	printf("/* Generated by build-aux/charset-tables.c from glibc's iconv: do not edit. */\n");
	for (size_t s = 0; s < sizeof sets / sizeof *sets; s++) {
		iconv_t cd = iconv_open("UTF-32LE", sets[s].iconv);
		if (cd == (iconv_t)-1)
			die("glibc's iconv does not know a set (gconv modules missing?)");
		unsigned char b[4];
		uint32_t single[128];
		for (unsigned c = 0; c < 0x80; c++) {
			b[0] = (unsigned char)c;
			if (decode(cd, b, 1) != c)
				die("ASCII is not itself");
		}
		unsigned rows = 0;
		uint32_t lead[128];
		for (unsigned c = 0x80; c < 0x100; c++) {
			b[0] = (unsigned char)c;
			single[c - 0x80] = decode(cd, b, 1);
			lead[c - 0x80] = 0;
			if (single[c - 0x80] != MORE)
				continue;
			lead[c - 0x80] = ++rows;
			for (unsigned t = 0; t < 0x100; t++) {
				b[1] = (unsigned char)t;
				two[(rows - 1) * 256 + t] = decode(cd, b, 2);
			}
		}
		char name[64];
		snprintf(name, sizeof name, "%s_single", sets[s].c);
		row(name, single, 128);
		snprintf(name, sizeof name, "%s_lead", sets[s].c);
		row(name, lead, 128);
		snprintf(name, sizeof name, "%s_two", sets[s].c);
		row16(name, two, rows * 256);
		/* The longer sequences: EUC-JP's 0x8F (JIS X 0212), GB18030's four. */
		int euc = !strcmp(sets[s].iconv, "EUC-JP"), gb = !strcmp(sets[s].iconv, "GB18030");
		for (unsigned c = 0x80; c < 0x100; c++)
			for (unsigned t = 0; lead[c - 0x80] && t < 0x100; t++) {
				if (two[(lead[c - 0x80] - 1) * 256 + t] != MORE)
					continue;
				if (!(euc && c == 0x8F && t >= 0xA1 && t <= 0xFE) &&
				    !(gb && t >= 0x30 && t <= 0x39))
					die("a longer sequence the tables do not hold");
			}
		if (euc) {
			b[0] = 0x8F;
			for (unsigned t = 0; t < 0x100; t++)
				for (unsigned u = 0; u < 0x100; u++) {
					b[1] = (unsigned char)t, b[2] = (unsigned char)u;
					uint32_t v = decode(cd, b, 3);
					if (t >= 0xA1 && t <= 0xFE && u >= 0xA1 && u <= 0xFE)
						three[(t - 0xA1) * 94 + (u - 0xA1)] = v;
					else if (v != INVALID)
						die("EUC-JP: a three-byte sequence outside 0xA1-0xFE");
				}
			row16("eucjp_three", three, 94 * 94);
		}
		if (gb) {
			/* 0x81308130-0x8431A439: the table; 0x90308130 on: U+10000 on. */
			uint32_t supp = linear(0x90, 0x30, 0x81, 0x30);
			for (unsigned b1 = 0x81; b1 <= 0xFE; b1++)
				for (unsigned b2 = 0x30; b2 <= 0x39; b2++)
					for (unsigned b3 = 0x81; b3 <= 0xFE; b3++)
						for (unsigned b4 = 0x30; b4 <= 0x39; b4++) {
							b[0] = (unsigned char)b1, b[1] = (unsigned char)b2;
							b[2] = (unsigned char)b3, b[3] = (unsigned char)b4;
							uint32_t v = decode(cd, b, 4), n = linear(b1, b2, b3, b4);
							if (b1 <= 0x84)
								four[n] = v;
							else if (b1 >= 0x90 && n - supp <= 0x10FFFF - 0x10000) {
								if (v != 0x10000 + (n - supp))
									die("GB18030: a supplementary sequence off the line");
							} else if (v != INVALID) {
								die("GB18030: a four-byte sequence outside its ranges");
							}
						}
			row16("gb18030_four", four, 4 * 12600);
		}
		iconv_close(cd);
	}
	printf("static const uint32_t charset_pairs[%u][2] = {", npairs ? npairs : 1);
	for (unsigned i = 0; i < npairs; i++)
		printf("\n\t{ 0x%X, 0x%X },", (unsigned)pairs[i][0], (unsigned)pairs[i][1]);
	printf("%s\n};\n", npairs ? "" : " { 0, 0 }");
	printf("static const uint32_t charset_wide[%u] = {", nwide ? nwide : 1);
	for (unsigned i = 0; i < nwide; i++)
		printf("%s0x%X,", i % 8 ? " " : "\n\t", (unsigned)wide[i]);
	printf("%s\n};\n", nwide ? "" : " 0");
	return 0;
}
