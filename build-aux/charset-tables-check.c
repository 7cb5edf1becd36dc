/* charset-tables-check: src/base/charset_tables.c against glibc's iconv,
 * on the build machine: in make check (tests/charset_tables.sh) and
 * before the static program is linked with it (build-aux/static.sh): the
 * five tables, the single-byte sets detection offers (CP1255 with its
 * letters joined to points), and UTF-16 and UTF-32 with their byte order
 * marks. Every string of one and two bytes, and random strings of up to
 * 12 (mostly bytes >= 0x80), are decoded as charset.c decodes (a U+FFFD
 * and one byte skipped at each EILSEQ or EINVAL), to UTF-8 and to
 * UTF-32LE, by both: any difference fails (build-aux/charset-tables.sh
 * --check).
 *     cc -DJGFLINT_CHARSET_TABLES -I. -Isrc \
 *        build-aux/charset-tables-check.c src/base/charset_tables.c \
 *        src/base/buf.c src/base/fail.c */
#include <errno.h>
#include <iconv.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

iconv_t charset_tables_open(const char *to, const char *from);
size_t charset_tables_iconv(iconv_t cd, char **in, size_t *inleft, char **out, size_t *outleft);
int charset_tables_close(iconv_t cd);

typedef size_t (*conv_fn)(iconv_t, char **, size_t *, char **, size_t *);

/* charset.c's loop, with an output buffer of room bytes refilled. */
static size_t lenient(conv_fn conv, iconv_t cd, const unsigned char *b, size_t n, unsigned char *out,
		      size_t room)
{
	char *in = (char *)b, *bad_at = NULL;
	size_t left = n, len = 0;
	while (left) {
		char chunk[64], *o = chunk;   /* room <= 40 */
		size_t r0 = room, rr = room;
		size_t r = conv(cd, &in, &left, &o, &rr);
		memcpy(out + len, chunk, r0 - rr);
		len += r0 - rr;
		if (r == (size_t)-1 && errno == E2BIG && rr == r0)
			room = room * 2 > sizeof chunk ? sizeof chunk : room * 2;   /* as charset.c grows */
		if (r != (size_t)-1 || errno == E2BIG)
			continue;
		/* What the decoder holds back, before the U+FFFD (charset.c's flush). */
		char held[64], *h = held;
		size_t hr = sizeof held;
		if (conv(cd, NULL, NULL, &h, &hr) != (size_t)-1) {
			memcpy(out + len, held, sizeof held - hr);
			len += sizeof held - hr;
		} else {
			conv(cd, NULL, NULL, NULL, NULL);
		}
		if (in == bad_at) {
			in++, left--;
		} else {
			memcpy(out + len, "\xEF\xBF\xBD", 3);
			len += 3;
			bad_at = in;
		}
	}
	char chunk[64], *o = chunk;
	size_t rr = sizeof chunk;
	if (conv(cd, NULL, NULL, &o, &rr) != (size_t)-1) {   /* what it owes at the end */
		memcpy(out + len, chunk, sizeof chunk - rr);
		len += sizeof chunk - rr;
	}
	return len;
}

static unsigned long long seed = 88172645463325252ull;
static unsigned rnd(void)
{
	seed ^= seed << 13, seed ^= seed >> 7, seed ^= seed << 17;
	return (unsigned)seed;
}

int main(void)
{
	static const char *const sets[] = { "CP932", "CP949", "GB18030", "BIG5-HKSCS", "EUC-JP", "UTF-16",
					    "UTF-32", "CP1251", "KOI8-R", "KOI8-U", "CP866", "ISO-8859-5", "CP1250", "ISO-8859-2",
					    "CP1253", "ISO-8859-7", "CP1254", "ISO-8859-9", "CP1257", "CP1255",
					    "CP1256", "CP874" };
	static const char *const tos[] = { "UTF-8", "UTF-32LE" };
	unsigned long bad = 0, tried = 0;
	for (size_t s = 0; s < sizeof sets / sizeof *sets; s++)
		for (size_t t = 0; t < 2; t++) {
			iconv_t g = iconv_open(tos[t], sets[s]), m = charset_tables_open(tos[t], sets[s]);
			/* Open throughout, so that closing m never gives the set's
			 * tables back (charset_tables.c's tables_held): each string's
			 * reopening would fault them in again, 250 s of a build's
			 * time instead of 14. */
			iconv_t keep = charset_tables_open(tos[t], sets[s]);
			if (g == (iconv_t)-1 || m == (iconv_t)-1 || keep == (iconv_t)-1) {
				fprintf(stderr, "charset-tables-check: cannot open %s\n", sets[s]);
				return 2;
			}
			for (unsigned long i = 0; i < 65536 + 400000; i++) {
				unsigned char b[12], x[256], y[256];
				size_t n;
				if (i < 65536) {
					b[0] = (unsigned char)(i >> 8), b[1] = (unsigned char)i;
					n = i < 256 ? 1 : 2;
					if (n == 1)
						b[0] = (unsigned char)i;
				} else {
					n = 1 + rnd() % 12;
					for (size_t k = 0; k < n; k++)
						b[k] = (unsigned char)(rnd() % 8 ? 0x80 | rnd() : rnd() % 0x80);
					/* GB18030's four bytes and EUC-JP's three need their ranges. */
					if (rnd() % 2 && n >= 4)
						b[1] = (unsigned char)(0x30 + rnd() % 10), b[3] = (unsigned char)(0x30 + rnd() % 10);
					/* and UTF-16's and UTF-32's byte order marks */
					if (rnd() % 4 == 0 && n >= 4)
						memcpy(b, (const char *const[]){ "\xFF\xFE\0\0", "\0\0\xFE\xFF", "\xFE\xFF",
										"\xFF\xFE" }[rnd() % 4], 4);
				}
				/* charset.c's room: twice what is left, and 16 more. */
				size_t room = n * 2 + 16;
				/* A conversion of its own, as charset.c opens one for each text. */
				iconv_close(g);
				charset_tables_close(m);
				g = iconv_open(tos[t], sets[s]), m = charset_tables_open(tos[t], sets[s]);
				size_t lx = lenient(iconv, g, b, n, x, room);
				size_t ly = lenient(charset_tables_iconv, m, b, n, y, room);
				tried++;
				if (lx != ly || memcmp(x, y, lx)) {
					if (bad++ < 10) {
						fprintf(stderr, "charset-tables-check: %s to %s differs on", sets[s], tos[t]);
						for (size_t k = 0; k < n; k++)
							fprintf(stderr, " %02X", b[k]);
						fprintf(stderr, "\n");
					}
				}
			}
			iconv_close(g);
			charset_tables_close(m);
			charset_tables_close(keep);
		}
	printf("charset-tables-check: %lu strings, %lu decoded otherwise than glibc\n", tried, bad);
	return bad != 0;
}
