/* places: where the library's findings fall in the editor's text.
 *
 * The library places a finding in the text it read: a JGF record's own
 * bytes, but for SGF, UGF, GIB and NGF the file decoded into UTF-8 in its
 * own character set, without a byte order mark. The editor's text is the
 * same file decoded by the editor: the same when it chose the same set,
 * else mojibake (a Shift_JIS game read as Latin-1, or as UTF-8 with
 * U+FFFD for each bad byte). Both keep the file's ASCII bytes as they are
 * and in order, so the one text is aligned on the other by them; a
 * character beyond ASCII is found as itself when the editor read it
 * right. */
#include "server/places.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/charset.h"

static int mark_cmp(const void *a, const void *b)
{
	const struct place_mark *x = a, *y = b;
	if (x->at != y->at)
		return x->at < y->at ? -1 : 1;
	return (int)y->end - (int)x->end;   /* ends first */
}

static bool is_break(char c)
{
	return c == '\n' || c == '\r';
}

/* The length of the UTF-8 character at t[i] (1 for a byte that starts none). */
static size_t char_len(const char *t, size_t i, size_t len)
{
	unsigned char c = (unsigned char)t[i];
	size_t l = c >= 0xF0 ? 4 : c >= 0xE0 ? 3 : c >= 0xC0 ? 2 : 1;
	size_t k = 1;
	while (k < l && i + k < len && ((unsigned char)t[i + k] & 0xC0) == 0x80)
		k++;
	return k;
}

bool places_align(const char *from, size_t flen, const char *to, size_t tlen,
		  struct place_mark *m, size_t n)
{
	if (n)
		sort_items(m, n, sizeof *m, mark_cmp);
	size_t i = 0, k = 0, x = 0;
	bool same = true;
	static const char bom[] = "\xEF\xBB\xBF";
	if (flen >= 3 && !memcmp(from, bom, 3) && !(tlen >= 3 && !memcmp(to, bom, 3)))
		i = 3;
	if (tlen >= 3 && !memcmp(to, bom, 3) && !(flen >= 3 && !memcmp(from, bom, 3)))
		k = 3;
	for (; x < n && m[x].at < i; x++)
		*m[x].out = k;
	while (i < flen) {
		/* An end lies before what follows it is looked for. */
		for (; x < n && m[x].at == i && m[x].end; x++)
			*m[x].out = k;
		char c = from[i];
		size_t l = 1;
		bool found;
		if ((unsigned char)c < 0x80) {
			/* The next ASCII character: what the editor read of the
			 * bytes before it is skipped, never past a line. */
			size_t q = k;
			while (q < tlen && to[q] != c && !is_break(to[q]))
				q++;
			found = q < tlen && to[q] == c;
			if (found)
				k = q;
		} else {
			l = char_len(from, i, flen);
			found = k + l <= tlen && !memcmp(from + i, to + k, l);
			same &= found;
		}
		for (; x < n && m[x].at <= i; x++)
			*m[x].out = k;
		if (found)
			k += l;
		i += l;
	}
	for (; x < n; x++)
		*m[x].out = k;
	return same;
}

/* The sets an editor may have to be told, as Vim's ++enc and Emacs's
 * coding systems name them (iconv knows the same names). */
static const char *const SETS[] = {
	"cp932", "euc-jp", "gb18030", "big5", "cp949", "cp1252", "iso-8859-1", "cp1251",
	"koi8-r", "utf-16le", "utf-16be",
};

const char *places_charset(const char *bytes, size_t len, const char *text, size_t tlen)
{
	if (tlen >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
		text += 3, tlen -= 3;
	if (charset_valid_utf8(bytes, len)) {
		size_t skip = len >= 3 && !memcmp(bytes, "\xEF\xBB\xBF", 3) ? 3 : 0;
		return len - skip == tlen && !memcmp(bytes + skip, text, tlen) ? "utf-8" : NULL;
	}
	for (size_t s = 0; s < sizeof SETS / sizeof *SETS; s++) {
		struct buf out = BUF_INIT;
		size_t *bad = NULL, nbad = 0, cap = 0;
		bool same = charset_decode_lenient(bytes, len, SETS[s], &out, &bad, &nbad, &cap) &&
			    !nbad;
		size_t skip = same && out.len >= 3 && !memcmp(out.data, "\xEF\xBB\xBF", 3) ? 3 : 0;
		same = same && out.len - skip == tlen && !memcmp(out.data + skip, text, tlen);
		buf_free(&out);
		free(bad);
		if (same)
			return SETS[s];
	}
	return NULL;
}
