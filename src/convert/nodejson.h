/* nodejson: a node of the converted tree as JSON text, byte for byte what
 * dom_json writes with NODE_FLAGS and json_escape_invisible then makes of
 * it, most of it without json-c's writer; and the line breaks and indents
 * between the tree's nodes. For the tree's writer (convtree.c) and a plain
 * move's (plainmove.c). */
#ifndef JGF_NODEJSON_H
#define JGF_NODEJSON_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <string.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "convert/conv.h"

#define NODE_FLAGS (JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE)

/* The line break and indent before a node of a sequence at level (a space
 * past CONVERT_FLAT_DEPTH variations). */
void new_line(struct conv *c, size_t level);
/* The point (px, py) in the extent of the points written. */
void extent_add(int extent[4], int px, int py);
/* The JSON nesting of v (v itself counts 1), and the points in it. One
 * pass over an object's members, into those that nest only (two lookups
 * and a call a member were 5% of checking a large tree in place). */
size_t node_extent(json_object *v, int extent[4]);

/* buf_add and buf_addc, inline: the many short pieces of a node's
 * writing (a call each was 3% of checking a large tree in place). */
static inline void put_bytes(struct buf *out, const char *s, size_t n)
{
	if (out->cap - out->len <= n)
		buf_reserve(out, n);
	memcpy(out->data + out->len, s, n);
	out->len += n;
	out->data[out->len] = '\0';
}

static inline void put_byte(struct buf *out, char c)
{
	put_bytes(out, &c, 1);
}

/* The string s (len bytes) as dom_json writes it with NODE_FLAGS, then
 * json_escape_invisible: copied when it needs no escaping, else escaped as
 * json-c escapes it. */
void put_string(struct buf *out, const char *s, size_t len);
/* An integer as json-c writes it ("%" PRId64), without its snprintf. */
void put_int(struct buf *out, int64_t n);
/* v as dom_json writes it with NODE_FLAGS, then json_escape_invisible, to
 * out: the objects, arrays, integers and strings that need no escaping
 * copied or escaped, any other value (a double) written by json-c
 * (its writing of a node, then read for invisible characters, was 14% of
 * checking a large tree in place). False, with part of it written, for a
 * key that needs escaping. */
bool write_value(struct buf *out, json_object *v, int extent[4], size_t *depth);

#endif
