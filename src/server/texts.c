/* texts: a document's text taken out of its message before json-c parses
 * it. A didOpen, or a didChange of the whole text, carries the document as
 * one JSON string: json-c would decode it a character at a time into a
 * buffer it grows and then copy it into a string, which the document would
 * copy again (an 8 MB record's change cost more than the CLI's whole run).
 * Here a "text" member's string of TEXT_MIN bytes or more is decoded once,
 * into the buffer the document keeps, and json-c reads a short placeholder
 * in its place. A string this decoder does not read exactly as json-c does
 * (a NUL byte, a surrogate escape, single quotes) is left to json-c, and a
 * message json-c does not read whole is read again as it was, so that its
 * error is json-c's own. */
#include "server/texts.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "base/jstring.h"

#define TEXT_MIN 4096

struct taken {
	char *data;           /* decoded, NUL-terminated; NULL once taken */
	size_t len;
	size_t start, end;    /* the string literal in the body, quotes included */
	char mark[48];        /* the placeholder as json-c decodes it */
	size_t mark_len;
};

struct texts {
	struct taken *v;
	size_t n, cap;
};

/* The end of the string literal at s[i] (past its closing quote), or 0
 * when it is not closed. */
static size_t string_end(const char *s, size_t i, size_t n)
{
	char quote = s[i];
	for (size_t j = i + 1; j < n;) {
		const char *q = memchr(s + j, quote, n - j);
		if (!q)
			return 0;
		size_t k = (size_t)(q - s), bs = 0;
		while (k - bs > i + 1 && s[k - bs - 1] == '\\')
			bs++;
		if (bs % 2 == 0)
			return k + 1;
		j = k + 1;
	}
	return 0;
}

/* The code unit of the \uXXXX at s (s[0] is the 'u'), or -1. */
static long unit(const char *s, const char *end)
{
	if (end - s < 5)
		return -1;
	long u = 0;
	for (int k = 1; k <= 4; k++) {
		int h = hex_digit(s[k]);
		if (h < 0)
			return -1;
		u = u << 4 | h;
	}
	return u;
}

static char *put_utf8(char *o, unsigned long c)
{
	if (c < 0x80) {
		*o++ = (char)c;
	} else if (c < 0x800) {
		*o++ = (char)(0xc0 | c >> 6);
		*o++ = (char)(0x80 | (c & 0x3f));
	} else if (c < 0x10000) {
		*o++ = (char)(0xe0 | c >> 12);
		*o++ = (char)(0x80 | (c >> 6 & 0x3f));
		*o++ = (char)(0x80 | (c & 0x3f));
	} else {
		*o++ = (char)(0xf0 | c >> 18);
		*o++ = (char)(0x80 | (c >> 12 & 0x3f));
		*o++ = (char)(0x80 | (c >> 6 & 0x3f));
		*o++ = (char)(0x80 | (c & 0x3f));
	}
	return o;
}

/* The JSON string s[0, n) (between its quotes) decoded as json-c decodes
 * it, or NULL where json-c's reading is not this one's. */
static char *decode(const char *s, size_t n, size_t *len)
{
	if (memchr(s, '\0', n))
		return NULL;
	char *out = xmalloc(n + 1), *o = out;
	const char *p = s, *end = s + n;
	for (;;) {
		const char *b = memchr(p, '\\', (size_t)(end - p));
		size_t run = (size_t)((b ? b : end) - p);
		memcpy(o, p, run);
		o += run;
		if (!b)
			break;
		p = b + 1;
		if (p == end)
			goto refuse;
		static const char from[] = "\"\\/bfnrt", to[] = "\"\\/\b\f\n\r\t";
		const char *e = *p ? strchr(from, *p) : NULL;
		if (e) {
			*o++ = to[e - from];
			p++;
			continue;
		}
		long u = *p == 'u' ? unit(p, end) : -1;
		if (u < 0)
			goto refuse;
		p += 5;
		if (u >= 0xd800 && u <= 0xdbff) {
			long lo = end - p >= 6 && p[0] == '\\' && p[1] == 'u' ? unit(p + 1, end) : -1;
			if (lo < 0xdc00 || lo > 0xdfff)
				goto refuse;   /* json-c writes U+FFFD for it: left to json-c */
			u = 0x10000 + ((u - 0xd800) << 10) + (lo - 0xdc00);
			p += 6;
		} else if (u >= 0xdc00 && u <= 0xdfff) {
			goto refuse;
		}
		o = put_utf8(o, (unsigned long)u);
	}
	*o = '\0';
	*len = (size_t)(o - out);
	return xrealloc(out, *len + 1);
refuse:
	free(out);
	return NULL;
}

static void texts_add(struct texts *t, char *data, size_t len, size_t start, size_t end)
{
	if (t->n == t->cap) {
		t->cap = t->cap ? 2 * t->cap : 2;
		t->v = xrealloc(t->v, t->cap * sizeof *t->v);
	}
	struct taken *k = &t->v[t->n];
	*k = (struct taken){ .data = data, .len = len, .start = start, .end = end };
	/* Unlike any text a client would send: a NUL, then where the list is. */
	int m = snprintf(k->mark + 1, sizeof k->mark - 1, "jgflint text %p %zu", (void *)t, t->n);
	k->mark[0] = '\0';
	k->mark_len = (size_t)m + 1;
	t->n++;
}

/* The "text" members' long strings of body, decoded; NULL when none. The
 * body is json-c's lenient syntax: comments, strings in either quote. */
static struct texts *find_texts(const char *s, size_t n)
{
	struct texts *t = NULL;
	bool text_key = false, text_value = false;
	for (size_t i = 0; i < n;) {
		char c = s[i];
		if (c == '"' || c == '\'') {
			size_t e = string_end(s, i, n);
			if (!e)
				break;   /* json-c says what is wrong */
			size_t len;
			char *data;
			if (text_value && c == '"' && e - i >= TEXT_MIN &&
			    (data = decode(s + i + 1, e - i - 2, &len))) {
				if (!t)
					t = xcalloc(1, sizeof *t);
				texts_add(t, data, len, i, e);
			}
			text_key = e - i == 6 && !memcmp(s + i + 1, "text", 4);
			text_value = false;
			i = e;
		} else if (c == '/' && i + 1 < n && s[i + 1] == '*') {
			size_t j = i + 2;
			while (j + 1 < n && !(s[j] == '*' && s[j + 1] == '/'))
				j++;
			i = j + 2;
		} else if (c == '/' && i + 1 < n && s[i + 1] == '/') {
			const char *q = memchr(s + i, '\n', n - i);
			i = q ? (size_t)(q - s) : n;
		} else if (c == ' ' || c == '\t' || c == '\r' || c == '\n') {
			i++;
		} else {
			text_value = c == ':' && text_key;
			text_key = false;
			i++;
		}
	}
	return t;
}

void texts_free(struct texts *t)
{
	if (!t)
		return;
	for (size_t i = 0; i < t->n; i++)
		free(t->v[i].data);
	free(t->v);
	free(t);
}

/* Feeds json-c the body with each taken string's placeholder in its
 * place: the value, or NULL when it is not read whole. */
static json_object *parse_around(json_tokener *tok, const char *body, size_t len,
				 const struct texts *t, size_t *end)
{
	size_t at = 0;
	for (size_t i = 0; i <= t->n; i++) {
		size_t upto = i < t->n ? t->v[i].start : len;
		json_object *o = json_tokener_parse_ex(tok, body + at, (int)(upto - at));
		enum json_tokener_error err = json_tokener_get_error(tok);
		if (i == t->n) {
			*end = at + json_tokener_get_parse_end(tok);
			if (o && err == json_tokener_success)
				return o;
			json_object_put(o);
			return NULL;
		}
		if (o || err != json_tokener_continue) {
			json_object_put(o);
			return NULL;
		}
		/* The placeholder as JSON: \u0000, then the rest as it is. */
		char mark[64];
		int m = snprintf(mark, sizeof mark, "\"\\u0000%s\"", t->v[i].mark + 1);
		o = json_tokener_parse_ex(tok, mark, m);
		if (o || json_tokener_get_error(tok) != json_tokener_continue) {
			json_object_put(o);
			return NULL;
		}
		at = t->v[i].end;
	}
	return NULL;
}

json_object *parse_taking_texts(json_tokener *tok, const char *body, size_t len, size_t *end,
				struct texts **texts)
{
	*texts = len >= TEXT_MIN ? find_texts(body, len) : NULL;
	if (*texts) {
		json_object *o = parse_around(tok, body, len, *texts, end);
		if (o)
			return o;
		texts_free(*texts);
		*texts = NULL;
		json_tokener_reset(tok);
	}
	json_object *o = json_tokener_parse_ex(tok, body, (int)len);
	*end = json_tokener_get_parse_end(tok);
	return o;
}

/* The texts of the message being handled (the main loop's). */
static struct texts *current;

void texts_handling(struct texts *t)
{
	current = t;
}

static struct taken *taken_of(json_object *s)
{
	size_t n = (size_t)json_object_get_string_len(s);
	if (!current || n == 0 || *json_object_get_string(s) != '\0')
		return NULL;
	for (size_t i = 0; i < current->n; i++) {
		struct taken *k = &current->v[i];
		if (k->data && k->mark_len == n && !memcmp(k->mark, json_object_get_string(s), n))
			return k;
	}
	return NULL;
}

const char *message_text(json_object *s, size_t *len)
{
	struct taken *k = taken_of(s);
	*len = k ? k->len : (size_t)json_object_get_string_len(s);
	return k ? k->data : json_object_get_string(s);
}

char *message_text_take(json_object *s, size_t *len)
{
	struct taken *k = taken_of(s);
	if (k) {
		char *data = k->data;
		*len = k->len;
		k->data = NULL;
		return data;
	}
	*len = (size_t)json_object_get_string_len(s);
	char *copy = xmalloc(*len + 1);
	memcpy(copy, json_object_get_string(s), *len);
	copy[*len] = '\0';
	return copy;
}
