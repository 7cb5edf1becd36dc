/* ids: request ids echoed as the client wrote them. json-c reads an
 * integer it cannot hold as its largest (2^64 becomes 18446744073709551615)
 * and -0 as 0, so an answer would name another request: the source text of
 * an integer id (and of the id $/cancelRequest names) becomes its
 * serialisation. Bodies are json-c's lenient syntax, which it accepted. */
#include "server/ids.h"

#include <stdbool.h>
#include <stddef.h>
#include <string.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "base/dom.h"

/* The bytes of a message in json-c's lenient syntax (which it accepted):
 * whitespace and comments, a quoted string, a whole value. */
static size_t skip_space(const char *s, size_t i, size_t n)
{
	for (;;) {
		while (i < n && (s[i] == ' ' || s[i] == '\t' || s[i] == '\r' || s[i] == '\n'))
			i++;
		if (i + 1 < n && s[i] == '/' && s[i + 1] == '*') {
			size_t j = i + 2;
			while (j + 1 < n && !(s[j] == '*' && s[j + 1] == '/'))
				j++;
			i = j + 1 < n ? j + 2 : n;
		} else if (i + 1 < n && s[i] == '/' && s[i + 1] == '/') {
			const char *e = memchr(s + i, '\n', n - i);
			i = e ? (size_t)(e - s) : n;
		} else {
			return i;
		}
	}
}

static size_t skip_string(const char *s, size_t i, size_t n)
{
	char quote = s[i++];
	while (i < n && s[i] != quote)
		i += s[i] == '\\' ? 2 : 1;
	return i < n ? i + 1 : n;
}

static size_t skip_value(const char *s, size_t i, size_t n)
{
	int depth = 0;
	do {
		i = skip_space(s, i, n);
		if (i >= n)
			return n;
		if (s[i] == '"' || s[i] == '\'') {
			i = skip_string(s, i, n);
		} else if (s[i] == '{' || s[i] == '[') {
			depth++, i++;
		} else if (s[i] == '}' || s[i] == ']') {
			depth--, i++;
		} else if (s[i] == ',' || s[i] == ':') {
			i++;
		} else {
			do
				i++;
			while (i < n && !memchr(",:]}[{ \t\r\n/\"'", s[i], 13));
		}
	} while (depth > 0 && i < n);
	return i;
}

/* The value of member key (plain ASCII) of the object at s[i]: the last
 * one, as json-c keeps. */
static bool member_text(const char *s, size_t i, size_t n, const char *key, size_t *vs,
			size_t *ve)
{
	size_t klen = strlen(key);
	bool found = false;
	i = skip_space(s, i, n);
	if (i >= n || s[i] != '{')
		return false;
	for (i++;;) {
		i = skip_space(s, i, n);
		if (i < n && s[i] == ',') {
			i++;
			continue;
		}
		if (i >= n || (s[i] != '"' && s[i] != '\''))
			return found;
		size_t ks = i;
		i = skip_space(s, skip_string(s, i, n), n);
		bool match = i - ks >= klen + 2 && !memcmp(s + ks + 1, key, klen) &&
			     s[ks + 1 + klen] == s[ks];
		if (i < n && s[i] == ':')
			i = skip_space(s, i + 1, n);
		size_t start = i;
		i = skip_value(s, i, n);
		if (match) {
			*vs = start;
			*ve = i;
			found = true;
		}
	}
}

static bool json_integer_text(const char *s, size_t n)
{
	size_t i = n && s[0] == '-';
	if (i >= n || (s[i] == '0' && n > i + 1))
		return false;
	for (; i < n; i++)
		if (s[i] < '0' || s[i] > '9')
			return false;
	return true;
}

/* An integer id serialised as the client wrote it: json-c keeps 2^64 as
 * 18446744073709551615 (its largest), so the answer would name another
 * request. The member key of the object o that starts at s[at]. */
static void keep_integer_text(json_object *o, const char *key, const char *s, size_t at,
			      size_t n)
{
	json_object *v = member_of_type(o, key, json_type_int);
	size_t vs, ve;
	if (!v || !member_text(s, at, n, key, &vs, &ve) || !json_integer_text(s + vs, ve - vs))
		return;
	size_t len;
	const char *now = dom_json(v, JSON_C_TO_STRING_PLAIN, &len);
	if (len == ve - vs && !memcmp(now, s + vs, len))
		return;
	json_object_set_serializer(v, json_object_userdata_to_json_string,
				   xstrndup(s + vs, ve - vs), json_object_free_userdata);
}

void keep_id_texts(json_object *o, const char *body, size_t len)
{
	keep_integer_text(o, "id", body, 0, len);
	/* Only a params with an integer id ($/cancelRequest's) is looked for
	 * in the text: a document's text in params (8 MB with didChange) is
	 * not read a second time for nothing. */
	size_t ps, pe;
	if (member_of_type(member_of_type(o, "params", json_type_object), "id", json_type_int) &&
	    member_text(body, 0, len, "params", &ps, &pe))
		keep_integer_text(member(o, "params"), "id", body, ps, pe);
}

