/* charset_web: TextDecoder for the character sets musl's iconv lacks or
 * maps otherwise than glibc (see charset_web.h). */
#ifdef __EMSCRIPTEN__
#include "base/charset_web.h"

#include <emscripten.h>
#include <string.h>

/* glibc's names (as charset.c maps the files' names) to the WHATWG
 * encodings that decode the same. */
static const char *const web_names[][2] = {
	{ "CP932", "shift_jis" }, { "CP949", "euc-kr" }, { "GB18030", "gb18030" },
	{ "BIG5-HKSCS", "big5" },
};

/* Decodes, keeps the UTF-8 in the module until charset_web_take copies it
 * out; returns its length, -1 for invalid bytes, -2 for an unknown label. */
EM_JS(int, charset_web_start, (const char *label, const char *bytes, size_t len), {
	var text;
	try {
		var d = new TextDecoder(UTF8ToString(label), { fatal: true, ignoreBOM: true });
		text = d.decode(HEAPU8.subarray(bytes, bytes + len));
	} catch (e) {
		return e instanceof RangeError ? -2 : -1;
	}
	Module.charsetWebOut = new TextEncoder().encode(text);
	return Module.charsetWebOut.length;
});

EM_JS(void, charset_web_take, (char *dst), {
	HEAPU8.set(Module.charsetWebOut, dst);
	Module.charsetWebOut = null;
});

int charset_web_decode(const char *bytes, size_t len, const char *iconv_charset,
		       struct buf *out)
{
	const char *label = NULL;
	for (size_t i = 0; i < sizeof web_names / sizeof *web_names; i++)
		if (strcmp(iconv_charset, web_names[i][0]) == 0)
			label = web_names[i][1];
	if (!label)
		return -1;
	int n = charset_web_start(label, bytes, len);
	if (n < 0)
		return n == -1 ? 0 : -1;
	/* Allocated here, not in JS, so that running out of memory unwinds to
	 * the library's trap as everywhere else. */
	buf_reserve(out, (size_t)n + 1);
	charset_web_take(out->data + out->len);
	out->len += (size_t)n;
	out->data[out->len] = '\0';
	return 1;
}
#endif
