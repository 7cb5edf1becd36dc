/* charset: iconv behind the names SGF and UGF files use. */
#include "base/charset.h"
#include "base/charset_web.h"

#include <ctype.h>
#include <errno.h>
#include <iconv.h>
#include <string.h>

bool charset_valid_utf8(const char *str, size_t len)
{
	const unsigned char *s = (const unsigned char *)str, *end = s + len;
	while (s < end) {
		unsigned c = *s;
		if (c < 0x80) {
			s++;
			continue;
		}
		size_t n = c >= 0xF0 ? 3 : c >= 0xE0 ? 2 : c >= 0xC2 ? 1 : 0;
		if (!n || c > 0xF4 || (size_t)(end - s) <= n)
			return false;
		for (size_t i = 1; i <= n; i++)
			if ((s[i] & 0xC0) != 0x80)
				return false;
		if ((c == 0xE0 && s[1] < 0xA0) || (c == 0xED && s[1] >= 0xA0) ||
		    (c == 0xF0 && s[1] < 0x90) || (c == 0xF4 && s[1] >= 0x90))
			return false;
		s += n + 1;
	}
	return true;
}

/* Names as files write them, to what glibc's iconv calls the superset a
 * writer most likely used (CP932 for Shift_JIS: Windows writers put its
 * extensions into files labelled Shift_JIS). */
static const char *iconv_name(const char *name, char *tmp, size_t size)
{
	size_t n = 0;
	for (const char *p = name; *p && n + 1 < size; p++)
		if (*p != ' ')
			tmp[n++] = (char)toupper((unsigned char)*p);
	tmp[n] = '\0';
	static const char *const map[][2] = {
		{ "SHIFT_JIS", "CP932" }, { "SHIFT-JIS", "CP932" }, { "SJIS", "CP932" },
		{ "MS_KANJI", "CP932" }, { "WINDOWS-31J", "CP932" }, { "CSSHIFTJIS", "CP932" },
		{ "GB2312", "GB18030" }, { "GBK", "GB18030" }, { "CP936", "GB18030" },
		{ "EUC-CN", "GB18030" }, { "EUC-KR", "CP949" }, { "KS_C_5601-1987", "CP949" },
		{ "BIG5", "BIG5-HKSCS" }, { "UTF8", "UTF-8" }, { "LATIN1", "ISO-8859-1" },
		{ "UTF16LE", "UTF-16LE" }, { "UTF16BE", "UTF-16BE" }, { "UTF16", "UTF-16" },
	};
	for (size_t i = 0; i < sizeof map / sizeof *map; i++)
		if (strcmp(tmp, map[i][0]) == 0)
			return map[i][1];
	return tmp;
}

bool charset_decode(const char *bytes, size_t len, const char *charset, struct buf *out,
		    const char **used)
{
	static __thread char tmp[64];
	const char *name = iconv_name(charset, tmp, sizeof tmp);
	*used = name;
	if (strcmp(name, "UTF-8") == 0) {
		if (!charset_valid_utf8(bytes, len))
			return false;
		buf_add(out, bytes, len);
		return true;
	}
#ifdef __EMSCRIPTEN__
	/* In the page, the browser decodes the East Asian sets (charset_web.h). */
	int web = charset_web_decode(bytes, len, name, out);
	if (web >= 0)
		return web;
#endif
	iconv_t cd = iconv_open("UTF-8", name);
	if (cd == (iconv_t)-1)
		return false;
	size_t start = out->len;
	char *in = (char *)bytes;
	size_t left = len;
	bool ok = true;
	while (left) {
		buf_reserve(out, left * 2 + 16);
		char *o = out->data + out->len;
		size_t room = out->cap - out->len - 1;
		size_t r = iconv(cd, &in, &left, &o, &room);
		out->len = (size_t)(o - out->data);
		if (r == (size_t)-1 && errno != E2BIG) {
			ok = false;
			break;
		}
	}
	iconv_close(cd);
	if (!ok) {
		buf_truncate(out, start);
		return false;
	}
	buf_reserve(out, 1);
	out->data[out->len] = '\0';
	return true;
}
