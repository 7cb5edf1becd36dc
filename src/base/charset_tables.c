/* charset_tables: glibc's East Asian decoders as tables, behind iconv's
 * interface, for the static program, the npm package's and the page (see
 * charset_tables.h). */
#define CHARSET_TABLES_IMPL
#include "base/charset_tables.h"
#if defined(JGFLINT_CHARSET_TABLES) || defined(CHARSET_TABLES_WEB)

#include <errno.h>
#include <iconv.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"

#define INVALID CHARSET_INVALID
#define MORE CHARSET_MORE
#define STEP CHARSET_STEP
#define PAIR CHARSET_PAIR

/* The Cyrillic sets detection offers (detect.c), as glibc decodes them
 * (its iconv, byte by byte: CP1251 leaves 0x98 undefined): written here,
 * for the static program and the page alike, so that no build reads them
 * by its own C library's tables (build-aux/charset-tables-check.c
 * compares them with glibc's). */
static const uint32_t cp1251_single[128] = {
	0x0402, 0x0403, 0x201A, 0x0453, 0x201E, 0x2026, 0x2020, 0x2021,
	0x20AC, 0x2030, 0x0409, 0x2039, 0x040A, 0x040C, 0x040B, 0x040F,
	0x0452, 0x2018, 0x2019, 0x201C, 0x201D, 0x2022, 0x2013, 0x2014,
	INVALID, 0x2122, 0x0459, 0x203A, 0x045A, 0x045C, 0x045B, 0x045F,
	0x00A0, 0x040E, 0x045E, 0x0408, 0x00A4, 0x0490, 0x00A6, 0x00A7,
	0x0401, 0x00A9, 0x0404, 0x00AB, 0x00AC, 0x00AD, 0x00AE, 0x0407,
	0x00B0, 0x00B1, 0x0406, 0x0456, 0x0491, 0x00B5, 0x00B6, 0x00B7,
	0x0451, 0x2116, 0x0454, 0x00BB, 0x0458, 0x0405, 0x0455, 0x0457,
	0x0410, 0x0411, 0x0412, 0x0413, 0x0414, 0x0415, 0x0416, 0x0417,
	0x0418, 0x0419, 0x041A, 0x041B, 0x041C, 0x041D, 0x041E, 0x041F,
	0x0420, 0x0421, 0x0422, 0x0423, 0x0424, 0x0425, 0x0426, 0x0427,
	0x0428, 0x0429, 0x042A, 0x042B, 0x042C, 0x042D, 0x042E, 0x042F,
	0x0430, 0x0431, 0x0432, 0x0433, 0x0434, 0x0435, 0x0436, 0x0437,
	0x0438, 0x0439, 0x043A, 0x043B, 0x043C, 0x043D, 0x043E, 0x043F,
	0x0440, 0x0441, 0x0442, 0x0443, 0x0444, 0x0445, 0x0446, 0x0447,
	0x0448, 0x0449, 0x044A, 0x044B, 0x044C, 0x044D, 0x044E, 0x044F,
};
static const uint32_t koi8r_single[128] = {
	0x2500, 0x2502, 0x250C, 0x2510, 0x2514, 0x2518, 0x251C, 0x2524,
	0x252C, 0x2534, 0x253C, 0x2580, 0x2584, 0x2588, 0x258C, 0x2590,
	0x2591, 0x2592, 0x2593, 0x2320, 0x25A0, 0x2219, 0x221A, 0x2248,
	0x2264, 0x2265, 0x00A0, 0x2321, 0x00B0, 0x00B2, 0x00B7, 0x00F7,
	0x2550, 0x2551, 0x2552, 0x0451, 0x2553, 0x2554, 0x2555, 0x2556,
	0x2557, 0x2558, 0x2559, 0x255A, 0x255B, 0x255C, 0x255D, 0x255E,
	0x255F, 0x2560, 0x2561, 0x0401, 0x2562, 0x2563, 0x2564, 0x2565,
	0x2566, 0x2567, 0x2568, 0x2569, 0x256A, 0x256B, 0x256C, 0x00A9,
	0x044E, 0x0430, 0x0431, 0x0446, 0x0434, 0x0435, 0x0444, 0x0433,
	0x0445, 0x0438, 0x0439, 0x043A, 0x043B, 0x043C, 0x043D, 0x043E,
	0x043F, 0x044F, 0x0440, 0x0441, 0x0442, 0x0443, 0x0436, 0x0432,
	0x044C, 0x044B, 0x0437, 0x0448, 0x044D, 0x0449, 0x0447, 0x044A,
	0x042E, 0x0410, 0x0411, 0x0426, 0x0414, 0x0415, 0x0424, 0x0413,
	0x0425, 0x0418, 0x0419, 0x041A, 0x041B, 0x041C, 0x041D, 0x041E,
	0x041F, 0x042F, 0x0420, 0x0421, 0x0422, 0x0423, 0x0416, 0x0412,
	0x042C, 0x042B, 0x0417, 0x0428, 0x042D, 0x0429, 0x0427, 0x042A,
};

static const struct charset_table_set single_sets[] = {
	{ "CP1251", cp1251_single, NULL, NULL, NULL, NULL, NULL },
	{ "KOI8-R", koi8r_single, NULL, NULL, NULL, NULL, NULL },
};

#ifndef CHARSET_TABLES_WEB
/* glibc's decoders: written by build-aux/charset-tables.c at build time,
 * found on the build's include path. */
#include <jgflint-charset-tables.inc>

static const struct charset_table_set sets[] = {
	{ "CP932", cp932_single, cp932_lead, cp932_two, NULL, NULL, charset_pairs },
	{ "CP949", cp949_single, cp949_lead, cp949_two, NULL, NULL, charset_pairs },
	{ "GB18030", gb18030_single, gb18030_lead, gb18030_two, NULL, gb18030_four, charset_pairs },
	{ "BIG5-HKSCS", big5hkscs_single, big5hkscs_lead, big5hkscs_two, NULL, NULL, charset_pairs },
	{ "EUC-JP", eucjp_single, eucjp_lead, eucjp_two, eucjp_three, NULL, charset_pairs },
};
#endif

/* The tables of the set iconv calls name, NULL when it has none. */
static const struct charset_table_set *set_named(const char *name)
{
	for (size_t i = 0; i < sizeof single_sets / sizeof *single_sets; i++)
		if (!strcmp(name, single_sets[i].name))
			return &single_sets[i];
#ifdef CHARSET_TABLES_WEB
	return charset_web_set(name);
#else
	for (size_t i = 0; i < sizeof sets / sizeof *sets; i++)
		if (!strcmp(name, sets[i].name))
			return &sets[i];
	return NULL;
#endif
}

struct conversion {
	const struct charset_table_set *set;   /* NULL: musl's iconv (libc) */
	int utf8;                      /* to UTF-8, else to UTF-32LE */
	iconv_t libc;
	/* UTF-16 and UTF-32 without an order named: glibc reads a byte order
	 * mark at the start of the first call only (the machine's order,
	 * little-endian here, without one); musl at the start of every call,
	 * so that a call after a bad byte could turn the order round, and
	 * big-endian without one. The order is chosen here, once, as glibc
	 * does, and the text goes to musl's UTF-16LE, UTF-16BE, UTF-32LE or
	 * UTF-32BE. */
	int unit;                      /* 2 or 4 for those, else 0 */
	char to[16];
};

/* The character at s (n > 0 bytes): 1 with its length and code points
 * (cp[1] is 0 unless two), 0 when it is not one (EILSEQ), -1 when the
 * input ends inside it (EINVAL), 2 when it is not one but glibc steps over
 * its length (EILSEQ after it). */
static int read_char(const struct charset_table_set *t, const unsigned char *s, size_t n, uint32_t cp[2],
		     size_t *len)
{
	cp[1] = 0;
	if (s[0] < 0x80) {
		cp[0] = s[0];
		*len = 1;
		return 1;
	}
	uint32_t v = t->single[s[0] - 0x80];
	*len = 1;
	if (v == MORE) {
		if (n < 2)
			return -1;
		v = t->two[(t->lead[s[0] - 0x80] - 1) * 256 + s[1]];
		*len = 2;
	}
	if (v == MORE && t->three) {   /* 0x8F: JIS X 0212 */
		if (n < 3)
			return -1;
		v = s[2] >= 0xA1 && s[2] <= 0xFE ? t->three[(s[1] - 0xA1) * 94 + (s[2] - 0xA1)] : INVALID;
		*len = 3;
	} else if (v == MORE) {   /* GB18030's four bytes */
		if (n < 4)
			return -1;
		if (s[2] < 0x81 || s[2] > 0xFE || s[3] < 0x30 || s[3] > 0x39)
			return 0;
		uint32_t at = (((s[0] - 0x81u) * 10 + (s[1] - 0x30u)) * 126 + (s[2] - 0x81u)) * 10 + (s[3] - 0x30u);
		uint32_t supp = ((0x90 - 0x81u) * 10 * 126) * 10;   /* 0x90308130 */
		v = s[0] <= 0x84 ? t->four[at] :
		    s[0] >= 0x90 && at - supp <= 0x10FFFF - 0x10000 ? 0x10000 + (at - supp) : INVALID;
		*len = 4;
	}
	if (v == STEP)
		return 2;
	if (v == INVALID || v == MORE)
		return 0;
	if (v & PAIR) {
		cp[0] = t->pairs[v & ~PAIR][0];
		cp[1] = t->pairs[v & ~PAIR][1];
	} else {
		cp[0] = v;
	}
	return 1;
}

/* Writes cp in UTF-8 or UTF-32LE at o (room bytes): its length, 0 when
 * it does not fit. */
static size_t put_char(int utf8, uint32_t cp, unsigned char *o, size_t room)
{
	if (!utf8) {
		if (room < 4)
			return 0;
		o[0] = (unsigned char)cp, o[1] = (unsigned char)(cp >> 8);
		o[2] = (unsigned char)(cp >> 16), o[3] = (unsigned char)(cp >> 24);
		return 4;
	}
	size_t k = cp < 0x80 ? 1 : cp < 0x800 ? 2 : cp < 0x10000 ? 3 : 4;
	if (room < k)
		return 0;
	if (k == 1) {
		o[0] = (unsigned char)cp;
		return 1;
	}
	for (size_t i = k - 1; i > 0; i--, cp >>= 6)
		o[i] = (unsigned char)(0x80 | (cp & 0x3F));
	o[0] = (unsigned char)((k == 2 ? 0xC0 : k == 3 ? 0xE0 : 0xF0) | cp);
	return k;
}

iconv_t charset_tables_open(const char *to, const char *from)
{
	struct conversion *c = xcalloc(1, sizeof *c);
	c->utf8 = !strcmp(to, "UTF-8");
	if (c->utf8 || !strcmp(to, "UTF-32LE"))
		c->set = set_named(from);
	if (!c->set && (!strcmp(from, "UTF-16") || !strcmp(from, "UTF-32")) && strlen(to) < sizeof c->to) {
		c->unit = from[4] == '1' ? 2 : 4;
		strcpy(c->to, to);
		c->libc = (iconv_t)-1;   /* opened at the first text */
		return (iconv_t)c;
	}
	if (!c->set) {
		c->libc = iconv_open(to, from);
		if (c->libc == (iconv_t)-1) {
			free(c);
			return (iconv_t)-1;
		}
	}
	return (iconv_t)c;
}

size_t charset_tables_iconv(iconv_t cd, char **in, size_t *inleft, char **out, size_t *outleft)
{
	struct conversion *c = (struct conversion *)cd;
	if (c->unit && c->libc == (iconv_t)-1) {
		if (!in || !*in)
			return 0;
		const unsigned char *s = (const unsigned char *)*in;
		size_t k = c->unit;
		int le = *inleft >= k && (k == 2 ? s[0] == 0xFF && s[1] == 0xFE :
					  !memcmp(s, "\xFF\xFE\0\0", 4));
		int be = *inleft >= k && (k == 2 ? s[0] == 0xFE && s[1] == 0xFF :
					  !memcmp(s, "\0\0\xFE\xFF", 4));
		c->libc = iconv_open(c->to, k == 2 ? (be ? "UTF-16BE" : "UTF-16LE") :
						     (be ? "UTF-32BE" : "UTF-32LE"));
		if (c->libc == (iconv_t)-1)
			return (size_t)-1;
		if (le || be)
			*in += k, *inleft -= k;
	}
	if (!c->set)
		return c->libc == (iconv_t)-1 ? 0 : iconv(c->libc, in, inleft, out, outleft);
	if (!in || !*in)
		return 0;   /* the sets are stateless: nothing to reset or flush */
	while (*inleft) {
		const unsigned char *s = (const unsigned char *)*in;
		uint32_t cp[2];
		size_t len, k1, k2 = 0;
		int r = read_char(c->set, s, *inleft, cp, &len);
		if (r == 2)
			*in += len, *inleft -= len;
		if (r != 1) {
			errno = r < 0 ? EINVAL : EILSEQ;
			return (size_t)-1;
		}
		unsigned char *o = (unsigned char *)*out;
		k1 = put_char(c->utf8, cp[0], o, *outleft);
		if (k1 && cp[1])
			k2 = put_char(c->utf8, cp[1], o + k1, *outleft - k1);
		if (!k1 || (cp[1] && !k2)) {
			errno = E2BIG;
			return (size_t)-1;
		}
		*in += len, *inleft -= len;
		*out += k1 + k2, *outleft -= k1 + k2;
	}
	return 0;
}

int charset_tables_close(iconv_t cd)
{
	struct conversion *c = (struct conversion *)cd;
	int r = c->set || c->libc == (iconv_t)-1 ? 0 : iconv_close(c->libc);
	free(c);
	return r;
}
#endif
