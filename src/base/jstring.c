/* jstring: decoding validated JSON string literals. */
#include "base/jstring.h"

#include <stdio.h>
#include <string.h>

#include "base/ascii.h"
#include "base/bound.h"
#ifdef __SSE2__
#include <emmintrin.h>
#endif

void utf8_encode(struct buf *out, uint32_t cp)
{
	char u[4];
	size_t n;
	if (cp < 0x80) {
		u[0] = (char)cp, n = 1;
	} else if (cp < 0x800) {
		u[0] = (char)(0xC0 | cp >> 6), u[1] = (char)(0x80 | (cp & 0x3F)), n = 2;
	} else if (cp < 0x10000) {
		u[0] = (char)(0xE0 | cp >> 12), u[1] = (char)(0x80 | ((cp >> 6) & 0x3F));
		u[2] = (char)(0x80 | (cp & 0x3F)), n = 3;
	} else {
		u[0] = (char)(0xF0 | cp >> 18), u[1] = (char)(0x80 | ((cp >> 12) & 0x3F));
		u[2] = (char)(0x80 | ((cp >> 6) & 0x3F)), u[3] = (char)(0x80 | (cp & 0x3F)), n = 4;
	}
	buf_add(out, u, n);
}

const char *jstring_skip(const char *p)
{
	for (p++; *p != '"'; p++)
		if (*p == '\\')
			p++;
	return p + 1;
}

static uint32_t hex4(const char *p)
{
	uint32_t v = 0;
	for (int i = 0; i < 4; i++) {
		char c = p[i];
		v = v << 4 | (uint32_t)(c <= '9' ? c - '0' : (c | 0x20) - 'a' + 10);
	}
	return v;
}

const char *jstring_decode(const char *p, struct buf *out)
{
	const char *run = ++p;
	for (;; p++) {
		p += strcspn(p, "\"\\");   /* a comment's text is passed over a run at a time */
		if (!*p)
			continue;   /* a NUL byte, passed over as any other */
		buf_add(out, run, (size_t)(p - run));
		if (*p == '"')
			return p + 1;
		char e = *++p;
		switch (e) {
		case 'b': buf_addc(out, '\b'); break;
		case 'f': buf_addc(out, '\f'); break;
		case 'n': buf_addc(out, '\n'); break;
		case 'r': buf_addc(out, '\r'); break;
		case 't': buf_addc(out, '\t'); break;
		case 'u': {
			uint32_t cp = hex4(p + 1);
			p += 4;
			if (cp >= 0xD800 && cp <= 0xDBFF && p[1] == '\\' && p[2] == 'u') {
				uint32_t lo = hex4(p + 3);
				if (lo >= 0xDC00 && lo <= 0xDFFF) {
					cp = 0x10000 + ((cp - 0xD800) << 10) + (lo - 0xDC00);
					p += 6;
				}
			}
			if (cp >= 0xD800 && cp <= 0xDFFF)
				cp = 0xFFFD;
			utf8_encode(out, cp);
			break;
		}
		default: buf_addc(out, e); break; /* \" \\ \/ */
		}
		run = p + 1;
	}
}

size_t utf8_sequence_length(const char *s, size_t avail)
{
	const unsigned char *u = (const unsigned char *)s;
	if (!avail)
		return 0;
	if (u[0] < 0x80)
		return 1;
	size_t n = u[0] >= 0xC2 && u[0] <= 0xDF ? 2 : u[0] >= 0xE0 && u[0] <= 0xEF ? 3 :
		   u[0] >= 0xF0 && u[0] <= 0xF4 ? 4 : 0;
	/* Nothing past avail is read: a sequence cut short is none. */
	if (!n || n > avail)
		return 0;
	/* The second byte's range excludes overlongs, surrogates and > U+10FFFF. */
	unsigned char lo = u[0] == 0xE0 ? 0xA0 : u[0] == 0xF0 ? 0x90 : 0x80;
	unsigned char hi = u[0] == 0xED ? 0x9F : u[0] == 0xF4 ? 0x8F : 0xBF;
	if (u[1] < lo || u[1] > hi)
		return 0;
	for (size_t i = 2; i < n; i++)
		if ((u[i] & 0xC0) != 0x80)
			return 0;
	return n;
}

void utf8_escape_invalid(struct buf *out, const char *s)
{
	/* Valid text goes in runs, one buf_add each (a call per character
	 * was most of the cost of escaping a message). */
	const char *run = s;
	for (size_t left = strlen(s); left;) {
		size_t n = (unsigned char)*s < 0x80 ? 1 : utf8_sequence_length(s, left);
		if (n) {
			s += n;
			left -= n;
			continue;
		}
		buf_add(out, run, (size_t)(s - run));
		buf_printf(out, "\\x%02X", (unsigned char)*s++);
		left--;
		run = s;
	}
	buf_add(out, run, (size_t)(s - run));
	buf_reserve(out, 0);   /* NUL-terminated even when s is empty */
}

size_t utf8_next(const char *s, size_t n, uint32_t *cp)
{
	const unsigned char *u = (const unsigned char *)s;
	if (u[0] < 0x80) {
		*cp = u[0];
		return 1;
	}
	/* Only well-formed UTF-8 (no overlong form, surrogate or code point
	 * beyond U+10FFFF: utf8_sequence_length's test) is a character; any
	 * other byte is one U+FFFD, which reports show as \xNN. */
	size_t len = utf8_sequence_length(s, n);
	if (len == 0) {
		*cp = 0xFFFD;
		return 1;
	}
	uint32_t c = u[0] & (0x7F >> len);
	for (size_t i = 1; i < len; i++)
		c = (c << 6) | (u[i] & 0x3F);
	*cp = c;
	return len;
}

bool char_invisible(uint32_t cp)
{
	return cp < 0x20 || (cp >= 0x7F && cp <= 0x9F) || cp == 0xAD || cp == 0x034F ||
	       cp == 0x061C || cp == 0x115F || cp == 0x1160 || cp == 0x17B4 || cp == 0x17B5 ||
	       (cp >= 0x180B && cp <= 0x180F) || (cp >= 0x200B && cp <= 0x200F) ||
	       (cp >= 0x2028 && cp <= 0x202E) || (cp >= 0x2060 && cp <= 0x206F) ||
	       cp == 0x3164 || cp == 0xFEFF || cp == 0xFFA0 || (cp >= 0xFFF9 && cp <= 0xFFFB) ||
	       (cp >= 0x1D173 && cp <= 0x1D17A) || (cp >= 0xE0000 && cp <= 0xE007F);
}

int char_escape(char out[13], uint32_t cp)
{
	if (cp < 0x10000)
		return snprintf(out, 13, "\\u%04x", (unsigned)cp);
	cp -= 0x10000;
	return snprintf(out, 13, "\\u%04x\\u%04x", (unsigned)(0xD800 + (cp >> 10)),
			(unsigned)(0xDC00 + (cp & 0x3FF)));
}

void escape_invisible(struct buf *out, const char *s, size_t len)
{
	size_t run = 0;
	for (size_t i = 0; i < len;) {
		if (s[i] >= 0x20 && s[i] < 0x7F) {   /* printable ASCII stays, undecoded */
			i += printable_span(s + i, len - i);
			continue;
		}
		uint32_t cp;
		size_t n = utf8_next(s + i, len - i, &cp);
		if (char_invisible(cp)) {
			buf_add(out, s + run, i - run);
			if (cp == '\n' || cp == '\r' || cp == '\t') {
				buf_printf(out, "\\%c", cp == '\n' ? 'n' : cp == '\r' ? 'r' : 't');
			} else {
				char esc[13];
				buf_add(out, esc, (size_t)char_escape(esc, cp));
			}
			run = i + n;
		}
		i += n;
	}
	buf_add(out, s + run, len - run);
}

size_t json_escape_invisible(struct buf *out, const char *t, size_t len)
{
	size_t run = 0, made = 0;
	for (size_t i = 0; i < len;) {
		if ((unsigned char)t[i] < 0x80) {   /* JSON's text: ASCII stays */
			i += ascii_span(t + i, len - i);
			continue;
		}
		uint32_t cp;
		size_t n = utf8_next(t + i, len - i, &cp);
		if (char_invisible(cp)) {
			char esc[13];
			size_t e = (size_t)char_escape(esc, cp);
			if (out) {
				buf_add(out, t + run, i - run);
				buf_add(out, esc, e);
			}
			made += i - run + e;
			run = i + n;
		}
		i += n;
	}
	if (out)
		buf_add(out, t + run, len - run);
	return made + len - run;
}

const char *shown_text(struct buf *out, const char *s)
{
	struct buf valid = BUF_INIT;
	utf8_escape_invalid(&valid, s);
	escape_invisible(out, valid.data ? valid.data : "", valid.len);
	buf_free(&valid);
	return out->data ? out->data : "";
}

struct width_range {
	uint32_t first, last;
};

void shell_file_arg(struct buf *out, const char *path)
{
	bool plain = !path[strspn(path, "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz"
					"0123456789_./:@%+,=-")];
	if (!plain)
		buf_addc(out, '\'');
	if (path[0] == '-' && path[1])
		buf_adds(out, "./");
	for (const char *p = path; *p; p++) {
		if (*p == '\'')
			buf_adds(out, "'\\''");   /* the quote ends, an escaped ', it resumes */
		else
			buf_addc(out, *p);
	}
	if (!plain)
		buf_addc(out, '\'');
}

#include "base/width_table.h"

struct range_ask {
	const struct width_range *r;
	uint32_t cp;
};

static bool range_not_before(const void *ctx, size_t i)
{
	const struct range_ask *a = ctx;
	return a->r[i].last >= a->cp;
}

/* The ranges are sorted and apart: cp is in the first that does not end
 * before it, or in none. */
static bool in_ranges(const struct width_range *r, size_t n, uint32_t cp)
{
	struct range_ask a = { r, cp };
	size_t i = bound_first(0, n, range_not_before, &a);
	return i < n && r[i].first <= cp;
}

int char_width(uint32_t cp)
{
	if (cp < 0x300)
		return 1;
	if (in_ranges(zero_width, sizeof zero_width / sizeof *zero_width, cp))
		return 0;
	return in_ranges(double_width, sizeof double_width / sizeof *double_width, cp) ? 2 : 1;
}

size_t json_skip_spaces(const char *s, size_t p, size_t len)
{
#ifdef __SSE2__
	/* sixteen at a time; the last fifteen bytes are the caller's */
	const __m128i space = _mm_set1_epi8(' ');
	while (p + 16 <= len) {
		__m128i v = _mm_loadu_si128((const __m128i *)(const void *)(s + p));
		unsigned spaces = (unsigned)_mm_movemask_epi8(_mm_cmpeq_epi8(v, space));
		if (spaces != 0xFFFF)
			return p + (size_t)__builtin_ctz(~spaces);
		p += 16;
	}
#endif
	while (p < len && s[p] == ' ')
		p++;
	return p;
}
