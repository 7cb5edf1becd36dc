/* charset_tables: the static program's iconv (build-aux/static.sh). Its C
 * library is musl, whose iconv has no CP932 and decodes CP949, GB18030,
 * BIG5-HKSCS and EUC-JP otherwise than glibc's; these five are decoded
 * from tables of glibc's own decoders (build-aux/charset-tables.c), behind
 * iconv's interface and semantics (EILSEQ, EINVAL, E2BIG at the same
 * bytes), so that charset.c reads records as the native program does.
 * Every other set is musl's iconv. Only with JGFLINT_CHARSET_TABLES defined
 * (and the generated jgflint-charset-tables.inc on the include path):
 * other builds use the C library's iconv directly. */
#ifndef JGF_CHARSET_TABLES_H
#define JGF_CHARSET_TABLES_H

#ifdef JGFLINT_CHARSET_TABLES
#include <iconv.h>
#include <stddef.h>

iconv_t charset_tables_open(const char *to, const char *from);
size_t charset_tables_iconv(iconv_t cd, char **in, size_t *inleft, char **out, size_t *outleft);
int charset_tables_close(iconv_t cd);
/* charset_tables.c itself calls the C library's. */
#ifndef CHARSET_TABLES_IMPL
#define iconv_open charset_tables_open
#define iconv charset_tables_iconv
#define iconv_close charset_tables_close
#endif
#endif

#endif
