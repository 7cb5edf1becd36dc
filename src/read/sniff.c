/* sniff: first-bytes recognition of SGF and UGF/UGI text. */
#include "read/sniff.h"

#include <string.h>

/* The text's characters as ASCII, whatever the byte order mark says:
 * UTF-16 puts a zero byte beside every ASCII character. */
struct cursor {
	const unsigned char *p, *end;
	int step, skip;   /* bytes per character, offset of the ASCII byte */
};

static int peek(const struct cursor *c)
{
	if (c->end - c->p < c->step)
		return -1;
	if (c->step == 2 && c->p[1 - c->skip] != 0)
		return -1;
	return c->p[c->skip];
}

static void next(struct cursor *c) { c->p += c->step; }

static void skip_space(struct cursor *c)
{
	for (int ch; (ch = peek(c)) == ' ' || ch == '\t' || ch == '\r' || ch == '\n' || ch == '\f';)
		next(c);
}

enum text_format sniff_text(const char *text, size_t len)
{
	struct cursor c = { (const unsigned char *)text, (const unsigned char *)text + len, 1, 0 };
	if (len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0)
		c.p += 3;
	else if (len >= 2 && memcmp(text, "\xFF\xFE", 2) == 0)
		c.p += 2, c.step = 2, c.skip = 0;
	else if (len >= 2 && memcmp(text, "\xFE\xFF", 2) == 0)
		c.p += 2, c.step = 2, c.skip = 1;
	else if (len >= 2 && text[0] && !text[1])   /* UTF-16LE without a mark */
		c.step = 2, c.skip = 0;
	else if (len >= 2 && !text[0] && text[1])   /* UTF-16BE without a mark */
		c.step = 2, c.skip = 1;
	skip_space(&c);
	if (peek(&c) == '(') {
		next(&c);
		skip_space(&c);
		if (peek(&c) == ';')
			return TEXT_SGF;
		/* Properties before the first node, as in some editors' output
		 * (read leniently, as SGFC does): `(` then `ID[`. */
		int n = 0;
		for (int ch; (ch = peek(&c)) != -1 && ((ch >= 'A' && ch <= 'Z') || (ch >= 'a' && ch <= 'z'));)
			next(&c), n++;
		skip_space(&c);
		return n && peek(&c) == '[' ? TEXT_SGF : TEXT_OTHER;
	}
	/* UGF: comment lines starting with '#' may come before [Header]. */
	while (peek(&c) == '#') {
		for (int ch; (ch = peek(&c)) != -1 && ch != '\n';)
			next(&c);
		skip_space(&c);
	}
	for (const char *w = "[Header]"; *w; w++, next(&c))
		if (peek(&c) != *w)
			return TEXT_OTHER;
	return TEXT_UGF;
}

const char *sniff_description(enum text_format f)
{
	switch (f) {
	case TEXT_SGF:
		return "this is an SGF game record (Smart Game Format), not JGF";
	case TEXT_UGF:
		return "this is a UGF/UGI game record (the sectioned text format of Japanese Go "
		       "servers), not JGF";
	case TEXT_OTHER:
		break;
	}
	return NULL;
}
