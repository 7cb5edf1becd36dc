/* nodejson: a node of the converted tree as JSON text (nodejson.h). */
#include "convert/nodejson.h"

#include <stdint.h>
#include <string.h>

#include "base/ascii.h"
#include "base/digits.h"
#include "base/dom.h"
#include "base/jstring.h"

/* The tree's lines. A long game's record was held whole as a DOM (about 860 bytes a move)
 * and written indented, 7 lines a move: each node is now written as it is
 * made, on one line, and freed. Variations are indented 2 spaces a level up
 * to MAX_INDENT_LEVEL, no further: indentation that grows with the depth
 * made a deep tree's record grow with the square of its depth. Variations
 * nested deeper than CONVERT_FLAT_DEPTH (no game's, nor a dictionary's)
 * are written on one line: 2,000 of them, 32 KB of SGF, make 270 KB.
 *
 *     "tree": [
 *       { },
 *       { "move": { "color": "black", "x": 15, "y": 3 } },
 *       { "variations": [ [
 *         { "move": { "color": "white", "x": 2, "y": 3 } }
 *       ], [
 *         { "move": { "color": "white", "x": 3, "y": 2 } }
 *       ] ] }
 *     ]
 */
#define MAX_INDENT_LEVEL 6

void new_line(struct conv *c, size_t level)
{
	if (c->depth > CONVERT_FLAT_DEPTH) {
		buf_addc(c->out, ' ');
		return;
	}
	static const char indent[] = "\n              ";
	_Static_assert(sizeof indent == 4 + 2 * MAX_INDENT_LEVEL, "a line break, the deepest indent");
	buf_add(c->out, indent, 3 + 2 * (level < MAX_INDENT_LEVEL ? level : MAX_INDENT_LEVEL));
}

void extent_add(int extent[4], int px, int py)
{
	extent[0] = px < extent[0] ? px : extent[0];
	extent[1] = py < extent[1] ? py : extent[1];
	extent[2] = px > extent[2] ? px : extent[2];
	extent[3] = py > extent[3] ? py : extent[3];
}

/* Each value's type asked once, and only an array's or an object's looked
 * into (two calls into json-c a member, and a call a number, were 1.5% of
 * checking problems of set-up stones in place). */
static size_t extent_of(json_object *v, enum json_type t, int extent[4])
{
	size_t deepest = 0;
	if (t == json_type_array) {
		size_t n = json_object_array_length(v);
		for (size_t i = 0; i < n; i++) {
			json_object *e = json_object_array_get_idx(v, i);
			enum json_type te = json_object_get_type(e);
			if (te != json_type_array && te != json_type_object)
				continue;
			size_t d = extent_of(e, te, extent);
			deepest = d > deepest ? d : deepest;
		}
	} else {
		json_object *x = NULL, *y = NULL;
		bool has_x = false, has_y = false;
		json_object_object_foreach(v, key, val) {
			if (key[0] == 'x' && !key[1])
				x = val, has_x = true;
			else if (key[0] == 'y' && !key[1])
				y = val, has_y = true;
			enum json_type tv = json_object_get_type(val);
			if (tv != json_type_array && tv != json_type_object)
				continue;
			size_t d = extent_of(val, tv, extent);
			deepest = d > deepest ? d : deepest;
		}
		if (has_x && has_y)
			extent_add(extent, json_object_get_int(x), json_object_get_int(y));
	}
	return deepest + 1;
}

size_t node_extent(json_object *v, int extent[4])
{
	enum json_type t = json_object_get_type(v);
	return t == json_type_array || t == json_type_object ? extent_of(v, t, extent) : 0;
}

/* How s (len bytes) is written inside a JSON string: as it is (PLAIN_ASCII,
 * PLAIN), or escaped by json-c (a quote, backslash or control character).
 * Eight bytes at a time: a long comment's. */
enum plain { PLAIN_ASCII, PLAIN, ESCAPED };
static enum plain plain_string(const char *s, size_t len)
{
	const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
	uint64_t high = 0;
	size_t i = 0;
	for (; i + 8 <= len; i += 8) {
		uint64_t x;
		memcpy(&x, s + i, 8);
		uint64_t q = x ^ ones * '"', b = x ^ ones * '\\';
		/* a byte below 0x20, or equal to one of them (each test of a
		 * byte may err only where a byte before it is hit already) */
		if (((x - ones * 0x20) | (q - ones) | (b - ones)) & ~x & highs)
			return ESCAPED;
		high |= x;
	}
	for (; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x20 || c == '"' || c == '\\')
			return ESCAPED;
		high |= c;
	}
	return high & highs ? PLAIN : PLAIN_ASCII;
}

/* s as json-c writes a string under NODE_FLAGS (json_escape_str: `"`,
 * `\\` and the controls escaped, \b \f \n \r \t by name, the others
 * \u00xx in small letters; `/` as it is), its quotes around it. The runs
 * between are found eight bytes at a time, as plain_string finds them: a
 * comment of two lines made and written by json-c was 3,400 instructions
 * (its object, its print buffer, a call a byte). */
static void put_escaped(struct buf *out, const char *s, size_t len)
{
	static const char named[0x20] = { ['\b'] = 'b', ['\f'] = 'f', ['\n'] = 'n',
					  ['\r'] = 'r', ['\t'] = 't' };
	const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
	put_byte(out, '"');
	size_t run = 0, i = 0;
	while (i < len) {
		if (i + 8 <= len) {
			uint64_t x;
			memcpy(&x, s + i, 8);
			uint64_t q = x ^ ones * '"', b = x ^ ones * '\\';
			if (!(((x - ones * 0x20) | (q - ones) | (b - ones)) & ~x & highs)) {
				i += 8;
				continue;
			}
		}
		unsigned char c = (unsigned char)s[i];
		if (c >= 0x20 && c != '"' && c != '\\') {
			i++;
			continue;
		}
		put_bytes(out, s + run, i - run);
		char esc[6] = { '\\', (char)c };
		if (c < 0x20 && named[c]) {
			esc[1] = named[c];
		} else if (c < 0x20) {
			memcpy(esc + 1, "u00", 3);
			esc[4] = "0123456789abcdef"[c >> 4];
			esc[5] = "0123456789abcdef"[c & 0xf];
		}
		put_bytes(out, esc, c < 0x20 && !named[c] ? 6 : 2);
		run = ++i;
	}
	put_bytes(out, s + run, len - run);
	put_byte(out, '"');
}

void put_string(struct buf *out, const char *s, size_t len)
{
	enum plain k = plain_string(s, len);
	if (k == ESCAPED && ascii_span(s, len) == len) {
		put_escaped(out, s, len);   /* nothing invisible in ASCII */
		return;
	}
	if (k == ESCAPED) {
		/* written, then its invisible characters escaped as before */
		struct buf json = BUF_INIT;
		buf_reserve(&json, len + len / 4 + 16);
		put_escaped(&json, s, len);
		json_escape_invisible(out, json.data, json.len);
		buf_free(&json);
		return;
	}
	put_byte(out, '"');
	if (k == PLAIN_ASCII)
		put_bytes(out, s, len);
	else
		json_escape_invisible(out, s, len);
	put_byte(out, '"');
}

void put_int(struct buf *out, int64_t n)
{
	uint64_t u = n < 0 ? -(uint64_t)n : (uint64_t)n;
	char digits[DIGITS_MAX + 1], *p = digits_before(digits + sizeof digits, u);
	if (n < 0)
		*--p = '-';
	put_bytes(out, p, (size_t)(digits + sizeof digits - p));
}

bool write_value(struct buf *out, json_object *v, int extent[4], size_t *depth)
{
	size_t len, d;
	*depth = 0;
	switch (json_object_get_type(v)) {
	case json_type_null:
		put_bytes(out, "null", 4);
		return true;
	case json_type_object: {
		bool had = false;
		json_object *x = NULL, *y = NULL;
		bool has_x = false, has_y = false;
		put_byte(out, '{');
		json_object_object_foreach(v, key, val) {
			if (key[0] == 'x' && !key[1])
				x = val, has_x = true;
			else if (key[0] == 'y' && !key[1])
				y = val, has_y = true;
			len = strlen(key);
			enum plain k = plain_string(key, len);
			if (k == ESCAPED)
				return false;
			put_bytes(out, &", \""[!had], 3 - !had);
			had = true;
			if (k == PLAIN_ASCII)
				put_bytes(out, key, len);
			else
				json_escape_invisible(out, key, len);
			put_bytes(out, "\": ", 3);
			if (!write_value(out, val, extent, &d))
				return false;
			*depth = d > *depth ? d : *depth;
		}
		put_bytes(out, " }", 2);
		if (has_x && has_y)   /* a point (node_extent) */
			extent_add(extent, json_object_get_int(x), json_object_get_int(y));
		++*depth;
		return true;
	}
	case json_type_array:
		len = json_object_array_length(v);
		put_byte(out, '[');
		for (size_t i = 0; i < len; i++) {
			put_bytes(out, &", "[!i], 2 - !i);
			if (!write_value(out, json_object_array_get_idx(v, i), extent, &d))
				return false;
			*depth = d > *depth ? d : *depth;
		}
		put_bytes(out, " ]", 2);
		++*depth;
		return true;
	case json_type_string:
		put_string(out, json_object_get_string(v), (size_t)json_object_get_string_len(v));
		return true;
	case json_type_int: {
		int64_t n = json_object_get_int64(v);
		if (n == INT64_MAX)   /* perhaps an unsigned one past it: json-c's */
			break;
		put_int(out, n);
		return true;
	}
	case json_type_boolean:
		if (json_object_get_boolean(v))
			put_bytes(out, "true", 4);
		else
			put_bytes(out, "false", 5);
		return true;
	default:
		break;
	}
	const char *json = dom_json(v, NODE_FLAGS, &len);
	json_escape_invisible(out, json, len);
	return true;
}
