/* charset_web: the browser's decoders behind charset_decode in the page
 * (emscripten): musl's iconv has no CP932, CP949 or BIG5-HKSCS, and its
 * GB18030 and Big5 are not glibc's, so SGF's Shift_JIS, EUC-KR, GBK, Big5
 * and UGF's CP932 would decode otherwise than in the program. The WHATWG
 * decoders (TextDecoder) map these as glibc's do (Shift_JIS is CP932,
 * EUC-KR is CP949, big5 includes HKSCS). Only built under __EMSCRIPTEN__. */
#ifndef JGF_CHARSET_WEB_H
#define JGF_CHARSET_WEB_H

/* The page decodes through the browser; the program for Node (the npm
 * package's, web/wasm.sh) through glibc's tables, as the static program
 * does (charset_tables.h): Node's TextDecoder is ICU's, which decodes
 * Big5 and CP949 otherwise than the WHATWG's (and glibc). */
#if defined(__EMSCRIPTEN__) && !defined(JGFLINT_CHARSET_TABLES)
#define CHARSET_WEB 1
#include <stddef.h>

#include "base/buf.h"

/* Decodes len bytes in iconv_charset (a name as charset.c gives iconv)
 * into out through the browser: 1 decoded, 0 invalid in that charset (out
 * unchanged), -1 not one the browser decodes as glibc does (use iconv). */
int charset_web_decode(const char *bytes, size_t len, const char *iconv_charset,
		       struct buf *out);
#endif

#endif
