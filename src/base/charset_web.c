/* charset_web: the page's tables of glibc's East Asian decoders
 * (charset_tables.h), built in the browser the first time a set is read:
 * its WHATWG decoder (TextDecoder) gives each sequence of one, two, three
 * (EUC-JP's 0x8F) or four bytes (GB18030's), and the sequences where glibc
 * decodes otherwise are set as glibc does (the list below). The browser's
 * decoding of whole texts is not used: it recovers from bad bytes
 * otherwise than glibc, and maps a few sequences otherwise (Shift_JIS
 * 0x80 is U+0080 to it, not a character to glibc), so the page converted
 * records otherwise than the program. With the tables, charset.c reads
 * them as in the program, byte for byte: tests/web.sh converts every
 * sequence of each set, and the samples, in both. */
#ifdef __EMSCRIPTEN__
#include "base/charset_tables.h"
#ifdef CHARSET_TABLES_WEB

#include <emscripten.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"

#define INVALID CHARSET_INVALID
#define MORE CHARSET_MORE
#define STEP CHARSET_STEP
#define PAIR CHARSET_PAIR

/* Decodes count sequences of n bytes (at seqs, one after another), each
 * alone, chunk at a time, each chunk by a decoder of its own (a decoder's
 * state does not always reset at an error, nor between calls: Chromium's
 * EUC-JP keeps JIS X 0212 after a bad 0x8F sequence),
 * into out: the code point, or INVALID for an error or more than one. A
 * line end after each sequence (or a vertical tab, after one ending in a
 * line end) tells them apart: no sequence of these sets decodes to ASCII
 * but its own ASCII bytes, after an error. */
EM_JS(void, charset_web_each, (const char *label, const unsigned char *seqs, int n, int count,
			       int chunk, uint32_t *out), {
	var name = UTF8ToString(label);
	for (var first = 0; first < count; first += chunk) {
		var decoder = new TextDecoder(name, { ignoreBOM: true });
		var k = Math.min(chunk, count - first), buf = new Uint8Array(k * (n + 1)), o = 0;
		for (var i = 0; i < k; i++) {
			for (var b = 0; b < n; b++) buf[o++] = HEAPU8[seqs + (first + i) * n + b];
			var last = buf[o - 1];
			buf[o++] = last === 10 ? 11 : 10;
		}
		var s = decoder.decode(buf), j = 0;
		for (var i = 0; i < k; i++) {
			var sep = buf[i * (n + 1) + n], c, cps = 0, cp = -1;
			while (j < s.length) {
				c = s.codePointAt(j);
				j += c > 0xFFFF ? 2 : 1;
				if (c === sep) break;
				cps++;
				cp = c;
			}
			HEAPU32[(out >> 2) + first + i] = cps === 1 && cp !== 0xFFFD ? cp : 0xFFFFFFFF;
		}
	}
});

enum { SJIS, UHC, GB, BIG5, EUCJP, NSETS };

static const struct {
	const char *name, *label;   /* glibc's name as charset.c gives it, the WHATWG label */
} web_sets[NSETS] = {
	[SJIS] = { "CP932", "shift_jis" }, [UHC] = { "CP949", "euc-kr" },
	[GB] = { "GB18030", "gb18030" }, [BIG5] = { "BIG5-HKSCS", "big5" },
	[EUCJP] = { "EUC-JP", "euc-jp" },
};

/* glibc's sequences of two code points (Big5-HKSCS's). */
static const uint32_t web_pairs[][2] = {
	{ 0xCA, 0x304 }, { 0xCA, 0x30C }, { 0xEA, 0x304 }, { 0xEA, 0x30C },
};

/* Where glibc (2.36) decodes otherwise than the WHATWG decoders (as
 * Chromium 156 has them): the sequences first to last (of len bytes, as
 * one number), each value glibc's; a code point counts up along them.
 * Mostly sequences glibc refuses (EUC-JP's IBM and NEC rows, Big5's
 * HKSCS-2008 additions, GB18030-2005's PUA in four bytes), and a few
 * mapped otherwise (GB18030's FE51, Big5's pairs, CP932's 0x80). Found by
 * comparing both on every sequence; tests/web.sh fails naming any left. */
static const struct {
	unsigned char set, len;
	uint32_t first, last, value;
} web_patch[] = {
	{ SJIS, 1, 0x80, 0x80, INVALID },
	{ SJIS, 1, 0x85, 0x86, MORE },
	{ SJIS, 1, 0xEB, 0xEC, MORE },
	{ SJIS, 1, 0xEF, 0xEF, MORE },
	{ UHC, 2, 0xA2E8, 0xA2E8, STEP },
	{ GB, 1, 0x80, 0x80, INVALID },
	{ GB, 2, 0xA3A0, 0xA3A0, 0xE5E5 },
	{ GB, 2, 0xFE51, 0xFE51, 0x20087 },
	{ GB, 2, 0xFE52, 0xFE52, 0x20089 },
	{ GB, 2, 0xFE53, 0xFE53, 0x200CC },
	{ GB, 2, 0xFE6C, 0xFE6C, 0x215D7 },
	{ GB, 2, 0xFE76, 0xFE76, 0x2298F },
	{ GB, 2, 0xFE91, 0xFE91, 0x241FE },
	{ GB, 4, 0x82359037, 0x82359039, INVALID },
	{ GB, 4, 0x82359130, 0x82359134, INVALID },
	{ GB, 4, 0x84318236, 0x84318239, INVALID },
	{ GB, 4, 0x84318330, 0x84318335, INVALID },
	{ GB, 4, 0x8431A437, 0x8431A437, 0xFFFD },
	{ BIG5, 1, 0x80, 0x80, 0x80 },
	{ BIG5, 1, 0x81, 0x86, MORE },
	{ BIG5, 2, 0x8862, 0x8862, PAIR | 0 },
	{ BIG5, 2, 0x8864, 0x8864, PAIR | 1 },
	{ BIG5, 2, 0x88A3, 0x88A3, PAIR | 2 },
	{ BIG5, 2, 0x88A5, 0x88A5, PAIR | 3 },
	{ BIG5, 2, 0x8E69, 0x8E69, INVALID },
	{ BIG5, 2, 0x8E6F, 0x8E6F, INVALID },
	{ BIG5, 2, 0x8E7E, 0x8E7E, INVALID },
	{ BIG5, 2, 0x8EAB, 0x8EAB, INVALID },
	{ BIG5, 2, 0x8EB4, 0x8EB4, INVALID },
	{ BIG5, 2, 0x8ECD, 0x8ECD, INVALID },
	{ BIG5, 2, 0x8ED0, 0x8ED0, INVALID },
	{ BIG5, 2, 0x8F57, 0x8F57, INVALID },
	{ BIG5, 2, 0x8F69, 0x8F69, INVALID },
	{ BIG5, 2, 0x8F6E, 0x8F6E, INVALID },
	{ BIG5, 2, 0x8FCB, 0x8FCC, INVALID },
	{ BIG5, 2, 0x8FFE, 0x8FFE, INVALID },
	{ BIG5, 2, 0x906D, 0x906D, INVALID },
	{ BIG5, 2, 0x907A, 0x907A, INVALID },
	{ BIG5, 2, 0x90DC, 0x90DC, INVALID },
	{ BIG5, 2, 0x90F1, 0x90F1, INVALID },
	{ BIG5, 2, 0x91BF, 0x91BF, INVALID },
	{ BIG5, 2, 0x9244, 0x9244, INVALID },
	{ BIG5, 2, 0x92AF, 0x92B2, INVALID },
	{ BIG5, 2, 0x92C8, 0x92C8, INVALID },
	{ BIG5, 2, 0x92D1, 0x92D1, INVALID },
	{ BIG5, 2, 0x9447, 0x9447, INVALID },
	{ BIG5, 2, 0x94CA, 0x94CA, INVALID },
	{ BIG5, 2, 0x95D9, 0x95D9, INVALID },
	{ BIG5, 2, 0x9644, 0x9644, INVALID },
	{ BIG5, 2, 0x96ED, 0x96ED, INVALID },
	{ BIG5, 2, 0x96FC, 0x96FC, INVALID },
	{ BIG5, 2, 0x9B76, 0x9B76, INVALID },
	{ BIG5, 2, 0x9B78, 0x9B78, INVALID },
	{ BIG5, 2, 0x9B7B, 0x9B7B, INVALID },
	{ BIG5, 2, 0x9BC6, 0x9BC6, INVALID },
	{ BIG5, 2, 0x9BDE, 0x9BDE, INVALID },
	{ BIG5, 2, 0x9BEC, 0x9BEC, INVALID },
	{ BIG5, 2, 0x9BF6, 0x9BF6, INVALID },
	{ BIG5, 2, 0x9C42, 0x9C42, INVALID },
	{ BIG5, 2, 0x9C53, 0x9C53, INVALID },
	{ BIG5, 2, 0x9C62, 0x9C62, INVALID },
	{ BIG5, 2, 0x9C68, 0x9C68, INVALID },
	{ BIG5, 2, 0x9C6B, 0x9C6B, INVALID },
	{ BIG5, 2, 0x9C77, 0x9C77, INVALID },
	{ BIG5, 2, 0x9CBC, 0x9CBD, INVALID },
	{ BIG5, 2, 0x9CD0, 0x9CD0, INVALID },
	{ BIG5, 2, 0x9D57, 0x9D57, INVALID },
	{ BIG5, 2, 0x9D5A, 0x9D5A, INVALID },
	{ BIG5, 2, 0x9DC4, 0x9DC4, INVALID },
	{ BIG5, 2, 0x9EA9, 0x9EA9, INVALID },
	{ BIG5, 2, 0x9EEF, 0x9EEF, INVALID },
	{ BIG5, 2, 0x9EFD, 0x9EFD, INVALID },
	{ BIG5, 2, 0x9F60, 0x9F60, INVALID },
	{ BIG5, 2, 0x9F66, 0x9F66, INVALID },
	{ BIG5, 2, 0x9FCB, 0x9FCB, INVALID },
	{ BIG5, 2, 0x9FD8, 0x9FD8, INVALID },
	{ BIG5, 2, 0xA063, 0xA063, INVALID },
	{ BIG5, 2, 0xA077, 0xA077, INVALID },
	{ BIG5, 2, 0xA0D5, 0xA0D5, INVALID },
	{ BIG5, 2, 0xA0DF, 0xA0DF, INVALID },
	{ BIG5, 2, 0xA0E4, 0xA0E4, INVALID },
	{ BIG5, 2, 0xA145, 0xA145, 0x2022 },
	{ BIG5, 2, 0xA14E, 0xA14E, 0xFF64 },
	{ BIG5, 2, 0xA15A, 0xA15A, INVALID },
	{ BIG5, 2, 0xA1C2, 0xA1C2, 0x203E },
	{ BIG5, 2, 0xA1C3, 0xA1C3, INVALID },
	{ BIG5, 2, 0xA1C5, 0xA1C5, INVALID },
	{ BIG5, 2, 0xA1E3, 0xA1E3, 0x223C },
	{ BIG5, 2, 0xA1F2, 0xA1F2, 0x2641 },
	{ BIG5, 2, 0xA1F3, 0xA1F3, 0x2609 },
	{ BIG5, 2, 0xA1FE, 0xA1FE, INVALID },
	{ BIG5, 2, 0xA240, 0xA240, INVALID },
	{ BIG5, 2, 0xA241, 0xA241, 0xFF0F },
	{ BIG5, 2, 0xA242, 0xA242, 0xFF3C },
	{ BIG5, 2, 0xA244, 0xA244, 0xA5 },
	{ BIG5, 2, 0xA246, 0xA247, 0xA2 },
	{ BIG5, 2, 0xA2CC, 0xA2CC, INVALID },
	{ BIG5, 2, 0xA2CE, 0xA2CE, INVALID },
	{ BIG5, 2, 0xA3C0, 0xA3E1, INVALID },
	{ BIG5, 2, 0xC6CF, 0xC6CF, INVALID },
	{ BIG5, 2, 0xC6D3, 0xC6D3, INVALID },
	{ BIG5, 2, 0xC6D5, 0xC6D5, INVALID },
	{ BIG5, 2, 0xC6D7, 0xC6D7, INVALID },
	{ BIG5, 2, 0xC6DE, 0xC6DF, INVALID },
	{ BIG5, 2, 0xFA5F, 0xFA5F, INVALID },
	{ BIG5, 2, 0xFA66, 0xFA66, INVALID },
	{ BIG5, 2, 0xFABD, 0xFABD, INVALID },
	{ BIG5, 2, 0xFAC5, 0xFAC5, INVALID },
	{ BIG5, 2, 0xFAD5, 0xFAD5, INVALID },
	{ BIG5, 2, 0xFB48, 0xFB48, INVALID },
	{ BIG5, 2, 0xFBB8, 0xFBB8, INVALID },
	{ BIG5, 2, 0xFBF3, 0xFBF3, INVALID },
	{ BIG5, 2, 0xFBF9, 0xFBF9, INVALID },
	{ BIG5, 2, 0xFC4F, 0xFC4F, INVALID },
	{ BIG5, 2, 0xFC6C, 0xFC6C, INVALID },
	{ BIG5, 2, 0xFCB9, 0xFCB9, INVALID },
	{ BIG5, 2, 0xFCE2, 0xFCE2, INVALID },
	{ BIG5, 2, 0xFCF1, 0xFCF1, INVALID },
	{ BIG5, 2, 0xFDB7, 0xFDB8, INVALID },
	{ BIG5, 2, 0xFDBB, 0xFDBB, INVALID },
	{ BIG5, 2, 0xFDF1, 0xFDF1, INVALID },
	{ BIG5, 2, 0xFE52, 0xFE52, INVALID },
	{ BIG5, 2, 0xFE6F, 0xFE6F, INVALID },
	{ BIG5, 2, 0xFEAA, 0xFEAA, INVALID },
	{ BIG5, 2, 0xFEDD, 0xFEDD, INVALID },
	{ EUCJP, 1, 0x80, 0x8D, 0x80 },
	{ EUCJP, 1, 0x90, 0x9F, 0x90 },
	{ EUCJP, 1, 0xA0, 0xA0, MORE },
	{ EUCJP, 1, 0xA9, 0xAC, MORE },
	{ EUCJP, 1, 0xAE, 0xAF, MORE },
	{ EUCJP, 1, 0xF5, 0xF8, MORE },
	{ EUCJP, 1, 0xFD, 0xFE, MORE },
	{ EUCJP, 2, 0x8FA1, 0x8FA1, INVALID },
	{ EUCJP, 2, 0x8FEE, 0x8FFE, INVALID },
	{ EUCJP, 2, 0xA1C1, 0xA1C1, 0x301C },
	{ EUCJP, 2, 0xA1C2, 0xA1C2, 0x2016 },
	{ EUCJP, 2, 0xA1DD, 0xA1DD, 0x2212 },
	{ EUCJP, 2, 0xA1F1, 0xA1F2, 0xA2 },
	{ EUCJP, 2, 0xA2CC, 0xA2CC, 0xAC },
	{ EUCJP, 2, 0xADA1, 0xADBE, INVALID },
	{ EUCJP, 2, 0xADC0, 0xADD6, INVALID },
	{ EUCJP, 2, 0xADDF, 0xADFC, INVALID },
	{ EUCJP, 2, 0xF9A1, 0xF9FE, INVALID },
	{ EUCJP, 2, 0xFAA1, 0xFAFE, INVALID },
	{ EUCJP, 2, 0xFBA1, 0xFBFE, INVALID },
	{ EUCJP, 2, 0xFCA1, 0xFCEE, INVALID },
	{ EUCJP, 2, 0xFCF1, 0xFCFE, INVALID },
};

static struct charset_table_set built[NSETS];
static uint32_t tables_single[NSETS][128], tables_lead[NSETS][128];

/* The entry of the sequence seq (len bytes, as one number) in t. */
static uint32_t *entry(struct charset_table_set *t, uint32_t seq, int len)
{
	if (len == 1)
		return (uint32_t *)&t->single[seq - 0x80];
	if (len == 2)
		return (uint32_t *)&t->two[(t->lead[(seq >> 8) - 0x80] - 1) * 256 + (seq & 0xFF)];
	if (len == 3)
		return (uint32_t *)&t->three[(((seq >> 8) & 0xFF) - 0xA1) * 94 + (seq & 0xFF) - 0xA1];
	uint32_t b1 = seq >> 24, b2 = (seq >> 16) & 0xFF, b3 = (seq >> 8) & 0xFF, b4 = seq & 0xFF;
	return (uint32_t *)&t->four[(((b1 - 0x81) * 10 + (b2 - 0x30)) * 126 + (b3 - 0x81)) * 10 + (b4 - 0x30)];
}

static void build(int set)
{
	struct charset_table_set *t = &built[set];
	const char *label = web_sets[set].label;
	uint32_t *single = tables_single[set], *lead = tables_lead[set];
	/* Every byte from 0x81 to 0xFE leads a row (two's rows are 256 each). */
	uint32_t *two = xcalloc(126 * 256, sizeof *two);
	unsigned char *seqs = xmalloc(126 * 256 * 2);
	for (unsigned i = 0; i < 128; i++)
		seqs[i] = (unsigned char)(0x80 + i);
	charset_web_each(label, seqs, 1, 128, 128, single);
	for (unsigned i = 0; i < 126 * 256; i++)
		seqs[2 * i] = (unsigned char)(0x81 + i / 256), seqs[2 * i + 1] = (unsigned char)i;
	charset_web_each(label, seqs, 2, 126 * 256, 256, two);
	for (unsigned b = 0x81; b <= 0xFE; b++) {
		lead[b - 0x80] = b - 0x80;
		for (unsigned i = 0; i < 256 && single[b - 0x80] == INVALID; i++)
			if (two[(b - 0x81) * 256 + i] != INVALID)
				single[b - 0x80] = MORE;
	}
	t->name = web_sets[set].name;
	t->single = single, t->lead = lead, t->two = two, t->pairs = web_pairs;
	if (set == GB) {   /* 0x81-0xFE, 0x30-0x39: the first half of four bytes */
		for (unsigned b = 0x81; b <= 0xFE; b++) {
			single[b - 0x80] = MORE;
			for (unsigned i = 0x30; i <= 0x39; i++)
				two[(b - 0x81) * 256 + i] = MORE;
		}
		uint32_t *four = xmalloc(4 * 12600 * sizeof *four);
		seqs = xrealloc(seqs, 4 * 12600 * 4);
		for (unsigned i = 0; i < 4 * 12600; i++) {
			seqs[4 * i] = (unsigned char)(0x81 + i / 12600);
			seqs[4 * i + 1] = (unsigned char)(0x30 + i / 1260 % 10);
			seqs[4 * i + 2] = (unsigned char)(0x81 + i / 10 % 126);
			seqs[4 * i + 3] = (unsigned char)(0x30 + i % 10);
		}
		charset_web_each(label, seqs, 4, 4 * 12600, 1260, four);
		t->four = four;
	}
	if (set == EUCJP) {   /* 0x8F, 0xA1-0xFE: JIS X 0212 in three bytes */
		single[0x8F - 0x80] = MORE;
		for (unsigned i = 0; i < 256; i++)
			two[(0x8F - 0x81) * 256 + i] = i >= 0xA1 && i <= 0xFE ? MORE : INVALID;
		uint32_t *three = xmalloc(94 * 94 * sizeof *three);
		seqs = xrealloc(seqs, 94 * 94 * 3);
		for (unsigned i = 0; i < 94 * 94; i++) {
			seqs[3 * i] = 0x8F;
			seqs[3 * i + 1] = (unsigned char)(0xA1 + i / 94);
			seqs[3 * i + 2] = (unsigned char)(0xA1 + i % 94);
		}
		charset_web_each(label, seqs, 3, 94 * 94, 94, three);
		t->three = three;
	}
	free(seqs);
	for (size_t i = 0; i < sizeof web_patch / sizeof *web_patch; i++) {
		if (web_patch[i].set != set)
			continue;
		uint32_t v = web_patch[i].value;
		for (uint32_t seq = web_patch[i].first; seq <= web_patch[i].last; seq++)
			*entry(t, seq, web_patch[i].len) = v < 0x110000 ? v++ : v;
	}
}

const struct charset_table_set *charset_web_set(const char *name)
{
	for (int set = 0; set < NSETS; set++) {
		if (strcmp(name, web_sets[set].name) != 0)
			continue;
		/* The page's module has one thread. */
		if (!built[set].name)
			build(set);
		return &built[set];
	}
	return NULL;
}
#endif
#endif
