/* charset: turning the bytes of an SGF or UGF file into UTF-8 through
 * iconv, with the character set the file declares or the one its format
 * implies. */
#ifndef JGF_CHARSET_H
#define JGF_CHARSET_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"

/* Whether s is well-formed UTF-8 (no overlong forms, no surrogates). */
bool charset_valid_utf8(const char *s, size_t len);

/* Decodes len bytes in charset (a name as SGF's CA or UGF's Lang write
 * it: Shift_JIS, SJIS, GB2312, EUC-KR, ISO-8859-1, UTF-16LE, …) into out.
 * Returns false (out unchanged) when iconv does not know the name or the
 * bytes are not valid in it; *used names the iconv charset tried. */
bool charset_decode(const char *bytes, size_t len, const char *charset, struct buf *out,
		    const char **used);

#endif
