/* repair: from the JavaScript of the specifications' examples to JSON, in
 * one pass over the text that copies every byte it does not repair. */
#include "read/repair.h"

#include <string.h>

#include "base/buf.h"

/* Deeper nesting than this is no copied example: leave it alone. */
#define MAX_DEPTH 512

static bool ident_start(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || c == '_' || c == '$';
}

static bool ident_char(char c)
{
	return ident_start(c) || (c >= '0' && c <= '9');
}

static bool blank(char c)
{
	return c == ' ' || c == '\t' || c == '\r' || c == '\n';
}

/* The end of the comment starting at i, or 0 if there is none there (or it
 * is an unterminated block comment). A line comment ends before its line
 * break. */
static size_t comment_end(const char *t, size_t len, size_t i)
{
	if (i + 1 >= len || t[i] != '/')
		return 0;
	if (t[i + 1] == '/') {
		size_t j = i + 2;
		while (j < len && t[j] != '\n' && t[j] != '\r')
			j++;
		return j;
	}
	if (t[i + 1] == '*') {
		for (size_t j = i + 2; j + 1 < len; j++)
			if (t[j] == '*' && t[j + 1] == '/')
				return j + 2;
	}
	return 0;
}

/* The first byte after white space and comments from i. */
static size_t skip_blank(const char *t, size_t len, size_t i)
{
	for (;;) {
		while (i < len && blank(t[i]))
			i++;
		size_t end = comment_end(t, len, i);
		if (!end)
			return i;
		i = end;
	}
}

/* Removes the comment [i, end): with its whole line when nothing else
 * stands on it, else with the blanks before it. Returns where to go on. */
static size_t drop_comment(struct buf *out, const char *t, size_t len, size_t end)
{
	size_t keep = out->len;
	while (keep > 0 && (out->data[keep - 1] == ' ' || out->data[keep - 1] == '\t'))
		keep--;
	size_t after = end;
	while (after < len && (t[after] == ' ' || t[after] == '\t'))
		after++;
	bool alone = (keep == 0 || out->data[keep - 1] == '\n' || out->data[keep - 1] == '\r') &&
		     (after == len || t[after] == '\n' || t[after] == '\r');
	buf_truncate(out, keep);
	if (!alone)
		return end;
	if (after < len && t[after] == '\r')
		after++;
	if (after < len && t[after] == '\n')
		after++;
	return after;
}

char *repair_js(const char *t, size_t len, bool unsafe, size_t *out_len,
		struct repair_count *count)
{
	struct buf out = BUF_INIT;
	char stack[MAX_DEPTH];
	size_t depth = 0, i = 0;
	*count = (struct repair_count){ 0 };
	while (i < len) {
		char c = t[i];
		if (c == '"') {
			size_t j = i + 1;
			while (j < len && t[j] != '"')
				j += t[j] == '\\' ? 2 : 1;
			if (j >= len)
				goto fail;
			buf_add(&out, t + i, j + 1 - i);
			i = j + 1;
		} else if (c == '\'') {
			buf_addc(&out, '"');
			for (i++;; i++) {
				if (i >= len || t[i] == '\n' || t[i] == '\r')
					goto fail;
				if (t[i] == '\'')
					break;
				if (t[i] == '\\' && i + 1 < len && t[i + 1] == '\'') {
					buf_addc(&out, '\'');
					i++;
				} else if (t[i] == '\\' && i + 1 < len) {
					buf_add(&out, t + i, 2);
					i++;
				} else if (t[i] == '"') {
					buf_adds(&out, "\\\"");
				} else {
					buf_addc(&out, t[i]);
				}
			}
			buf_addc(&out, '"');
			i++;
			count->safe++;
		} else if (c == '/') {
			size_t end = comment_end(t, len, i);
			if (!end || !unsafe)
				goto fail;
			i = drop_comment(&out, t, len, end);
			count->unsafe++;
		} else if (c == ',') {
			size_t j = skip_blank(t, len, i + 1);
			if (j < len && (t[j] == '}' || t[j] == ']'))
				count->safe++;
			else
				buf_addc(&out, c);
			i++;
		} else if (c == '{' || c == '[') {
			if (depth == MAX_DEPTH)
				goto fail;
			stack[depth++] = c;
			buf_addc(&out, c);
			i++;
		} else if (c == '}' || c == ']') {
			depth -= depth > 0;
			buf_addc(&out, c);
			i++;
		} else if (ident_start(c)) {
			size_t j = i;
			while (j < len && ident_char(t[j]))
				j++;
			size_t k = skip_blank(t, len, j);
			bool key = depth && stack[depth - 1] == '{' && k < len && t[k] == ':';
			if (key)
				buf_addc(&out, '"');
			buf_add(&out, t + i, j - i);
			if (key)
				buf_addc(&out, '"');
			count->safe += key;
			i = j;
		} else if ((c >= '0' && c <= '9') || c == '-') {
			/* a number, exponent letters and all */
			size_t j = i + 1;
			while (j < len && strchr("0123456789+-.eE", t[j]) && t[j])
				j++;
			buf_add(&out, t + i, j - i);
			i = j;
		} else {
			buf_addc(&out, c);
			i++;
		}
	}
	if (count->safe + count->unsafe == 0)
		goto fail;
	*out_len = out.len;
	return buf_detach(&out);
fail:
	buf_free(&out);
	*count = (struct repair_count){ 0 };
	return NULL;
}
