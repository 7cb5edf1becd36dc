/* dom_same: compares two json-c DOMs in every detail the rules and the
 * fixer can see, and a loaded document's DOM with the one json-c's own
 * parser builds from its text. Shared by the DOM test and the fuzz target. */
#ifndef JGF_DOM_SAME_H
#define JGF_DOM_SAME_H

#include <errno.h>
#include <limits.h>
#include <math.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "read/load.h"
#include "read/scan.h"

/* Deeper documents are compared only up to here (the comparison recurses). */
#define COMPARE_DEPTH 2000

/* The one difference the scanner makes on purpose (issue 27): an integer
 * beyond int64 is kept as written, a double with its text, where json-c
 * reads an int (uint64, or clamped): a is such a double, b what json-c
 * makes of the same text. */
static inline bool kept_as_written(json_object *a, json_object *b)
{
	if (!json_object_is_type(a, json_type_double) || !json_object_is_type(b, json_type_int))
		return false;
	const char *text = json_object_to_json_string(a);
	if (strspn(text + (text[0] == '-'), "0123456789") != strlen(text + (text[0] == '-')))
		return false;
	errno = 0;
	long long ll = strtoll(text, NULL, 10);
	if (errno != ERANGE || (ll != LLONG_MAX && ll != LLONG_MIN))
		return false;   /* int64 holds it: it must be an int */
	if (text[0] == '-')
		return json_object_get_int64(b) == INT64_MIN;
	errno = 0;
	unsigned long long u = strtoull(text, NULL, 10);
	return json_object_get_uint64(b) == (errno == ERANGE ? UINT64_MAX : u);
}

/* Appends where a and b first differ to why; true when they are the same. */
static inline bool same(json_object *a, json_object *b, struct buf *path, struct buf *why, int depth)
{
	enum json_type t = json_object_get_type(a);
	if (kept_as_written(a, b))
		return true;
	if (t != json_object_get_type(b)) {
		buf_printf(why, "%s: type %s, json-c %s", path->data ? path->data : "",
			   json_type_to_name(t), json_type_to_name(json_object_get_type(b)));
		return false;
	}
	if (depth > COMPARE_DEPTH)
		return true;
	size_t mark = path->len;
	bool ok = true;
	switch (t) {
	case json_type_null:
		break;
	case json_type_boolean:
		ok = json_object_get_boolean(a) == json_object_get_boolean(b);
		break;
	case json_type_int:
		/* int64 and uint64 are told apart by what get_int64 says of the latter. */
		ok = json_object_get_int64(a) == json_object_get_int64(b) &&
		     json_object_get_uint64(a) == json_object_get_uint64(b);
		break;
	case json_type_double: {
		double x = json_object_get_double(a), y = json_object_get_double(b);
		ok = (x == y && signbit(x) == signbit(y)) || (isnan(x) && isnan(y));
		break;
	}
	case json_type_string:
		ok = json_object_get_string_len(a) == json_object_get_string_len(b) &&
		     memcmp(json_object_get_string(a), json_object_get_string(b),
			    (size_t)json_object_get_string_len(a)) == 0;
		break;
	case json_type_array: {
		size_t n = json_object_array_length(a);
		if (n != json_object_array_length(b)) {
			buf_printf(why, "%s: %zu elements, json-c %zu", path->data ? path->data : "",
				   n, json_object_array_length(b));
			return false;
		}
		for (size_t i = 0; i < n && ok; i++) {
			buf_printf(path, "/%zu", i);
			ok = same(json_object_array_get_idx(a, i), json_object_array_get_idx(b, i),
				  path, why, depth + 1);
			buf_truncate(path, mark);
		}
		return ok;
	}
	case json_type_object: {
		struct lh_entry *ea = json_object_get_object(a)->head;
		struct lh_entry *eb = json_object_get_object(b)->head;
		for (; ea && eb && ok; ea = ea->next, eb = eb->next) {
			const char *ka = lh_entry_k(ea), *kb = lh_entry_k(eb);
			if (strcmp(ka, kb) != 0) {
				buf_printf(why, "%s: key \"%s\", json-c \"%s\"",
					   path->data ? path->data : "", ka, kb);
				return false;
			}
			buf_printf(path, "/%s", ka);
			ok = same((json_object *)lh_entry_v(ea), (json_object *)lh_entry_v(eb),
				  path, why, depth + 1);
			buf_truncate(path, mark);
		}
		if (ok && (ea || eb)) {
			buf_printf(why, "%s: %d keys, json-c %d", path->data ? path->data : "",
				   json_object_object_length(a), json_object_object_length(b));
			return false;
		}
		return ok;
	}
	}
	if (!ok)
		buf_printf(why, "%s: value differs", path->data ? path->data : "");
	/* What the fixer writes back must be the same text too. */
	if (ok && t != json_type_null &&
	    strcmp(json_object_to_json_string(a), json_object_to_json_string(b)) != 0) {
		buf_printf(why, "%s: written back as %s, json-c %s", path->data ? path->data : "",
			   json_object_to_json_string(a), json_object_to_json_string(b));
		ok = false;
	}
	return ok;
}

/* Parses doc's text with json-c's own parser and compares its DOM with
 * doc's; on a difference, says where in why. */
static inline bool same_as_json_c(const struct document *doc, struct buf *why)
{
	json_tokener *tok = json_tokener_new_ex(JGF_MAX_DEPTH + 2);
	json_object *ref = json_tokener_parse_ex(tok, doc->text + doc->body,
						 (int)(doc->len - doc->body + 1));
	bool ok = json_tokener_get_error(tok) == json_tokener_success;
	json_tokener_free(tok);
	struct buf path = BUF_INIT;
	if (!ok)
		buf_adds(why, "json-c failed");
	else
		ok = same(doc->root, ref, &path, why, 0);
	json_put_deep(ref, doc->depth);
	buf_free(&path);
	return ok;
}

#endif
