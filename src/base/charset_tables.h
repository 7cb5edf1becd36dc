/* charset_tables: glibc's decoders of the East Asian character sets behind
 * iconv's interface, for the programs whose C library is not glibc: the
 * static program (musl, build-aux/static.sh), the npm package's and the
 * page (emscripten, musl's iconv); and for the program built with glibc
 * (configure's default there, --disable-charset-tables without them),
 * where detection's decoders opened and closed for each text weighed
 * loaded and unloaded glibc's modules (552 loads over bench/sgfc.sh's
 * real set: most of its system time). musl's iconv has no CP932 and decodes
 * CP949, GB18030, BIG5-HKSCS and EUC-JP otherwise than glibc's; these five
 * are decoded from tables of glibc's own decoders, behind iconv's interface
 * and semantics (EILSEQ, EINVAL, E2BIG at the same bytes), so that
 * charset.c reads records as the native program does. So are the two
 * single-byte sets detection offers (CP1251, KOI8-R, KOI8-U, CP866,
 * ISO-8859-5, CP1250,
 * ISO-8859-2, CP1253, ISO-8859-7, CP1254, ISO-8859-9, CP1257, CP1255,
 * CP1256, CP874: small tables written in charset_tables.c), so that no
 * build reads a detected set by its own C library's tables. Every other
 * set is musl's iconv (ISO-8859-15 and the rest, named by CA or --encoding).
 *
 * With JGFLINT_CHARSET_TABLES defined, the tables are compiled in
 * (build-aux/charset-tables.c writes jgflint-charset-tables.inc, on the
 * include path: Makefile.am's rule, static.sh, web/wasm.sh's Node program). The page (__EMSCRIPTEN__ without it) cannot carry their
 * 400 KB: charset_web.c builds them in the browser, the first time a set is
 * read, from its WHATWG decoder and the sequences where glibc decodes
 * otherwise. Other builds use the C library's iconv directly. */
#ifndef JGF_CHARSET_TABLES_H
#define JGF_CHARSET_TABLES_H

#if defined(__EMSCRIPTEN__) && !defined(JGFLINT_CHARSET_TABLES)
#define CHARSET_TABLES_WEB 1
#endif

#include <stddef.h>
#include <stdint.h>

/* A table's entries: a code point, or one of these. */
#define CHARSET_INVALID 0xFFFFFFFFu   /* not a character (EILSEQ) */
#define CHARSET_MORE 0xFFFFFFFEu      /* the start of a longer sequence (EINVAL) */
#define CHARSET_STEP 0xFFFFFFFDu      /* not a character, which glibc steps over */
#define CHARSET_PAIR 0x80000000u      /* two code points: PAIR | index into pairs */
#define CHARSET_PAIRS_MAX 64

/* The large tables build-aux/charset-tables.c writes (two, three, four)
 * hold 16 bits an entry, half the pages a text reads: a code point below
 * U+10000 as itself; the surrogates, which none of these sets decodes to,
 * name the rest: CHARSET_ESCAPE + i the code point wide[i] above U+FFFF,
 * CHARSET_ESCAPE_PAIR + i PAIR | i, the last three STEP, MORE, INVALID. */
#define CHARSET_ESCAPE 0xD800u
#define CHARSET_WIDE_MAX 0x700u        /* BIG5-HKSCS has 1,713, GB18030 6 */
#define CHARSET_ESCAPE_PAIR 0xDF00u
#define CHARSET_ESCAPE_INVALID 0xDFFFu

/* The entry e of a 16-bit table, wide its code points above U+FFFF. */
static inline uint32_t charset_entry(uint32_t e, const uint32_t *wide)
{
	if (e - CHARSET_ESCAPE >= 0x800u)
		return e;
	if (e >= CHARSET_ESCAPE_INVALID - 2)
		return CHARSET_INVALID - (CHARSET_ESCAPE_INVALID - e);
	if (e >= CHARSET_ESCAPE_PAIR)
		return CHARSET_PAIR | (e - CHARSET_ESCAPE_PAIR);
	return wide[e - CHARSET_ESCAPE];
}

#if defined(JGFLINT_CHARSET_TABLES) || defined(CHARSET_TABLES_WEB)
#include <iconv.h>

/* One set's decoder: single[b - 0x80] for each byte from 0x80; a byte
 * whose entry is MORE leads a row of two[], (lead[b - 0x80] - 1) * 256 +
 * the second byte; three[] is EUC-JP's JIS X 0212 (0x8F, two bytes from
 * 0xA1: (b2 - 0xA1) * 94 + b3 - 0xA1), four[] GB18030's four-byte
 * sequences from 0x81 to 0x84 (beyond, a code point above U+FFFF is
 * counted from 0x90308130). */
struct charset_table_set {
	const char *name;   /* as charset.c names it to iconv */
	const uint32_t *single, *lead, *two, *three, *four;
	const uint32_t (*pairs)[2];
	/* two, three and four at 16 bits an entry (CHARSET_ESCAPE), in their
	 * stead where two16 is not NULL: the program's compiled-in tables
	 * (the page builds its own at 32). */
	const uint16_t *two16, *three16, *four16;
	const uint32_t *wide;
	/* The large tables' bytes, whose pages the last converter of the set
	 * to close gives back (charset_tables.c's tables_held). */
	struct { const void *at; size_t size; } spans[3];
};

iconv_t charset_tables_open(const char *to, const char *from);
size_t charset_tables_iconv(iconv_t cd, char **in, size_t *inleft, char **out, size_t *outleft);
int charset_tables_close(iconv_t cd);
#ifdef CHARSET_TABLES_WEB
/* The page's tables of the set iconv calls name (charset_web.c), NULL for
 * a set musl's iconv decodes. */
const struct charset_table_set *charset_web_set(const char *name);
#endif
/* charset_tables.c itself calls the C library's. */
#ifndef CHARSET_TABLES_IMPL
#define iconv_open charset_tables_open
#define iconv charset_tables_iconv
#define iconv_close charset_tables_close
#endif
#endif

#endif
