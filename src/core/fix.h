/* fix: attaching a fix to a finding, op by op. A rule describes a fix in
 * terms of JSON pointers (fixop.h); edit.h turns it into byte edits of the
 * text through the locator, so that every byte outside the edited spans
 * stays as it was. */
#ifndef JGF_FIX_H
#define JGF_FIX_H

#include <stdbool.h>
#include <stddef.h>

#include "core/fixop.h"
#include "core/rule.h"

struct diag;

/* Building a diagnostic's fix, op by op (all ops apply together, or none).
 * Pointers are absolute. text is JSON text (see fix_json_string). */
void fix_replace(struct diag *d, enum fix_safety safety, const char *pointer, const char *text);
void fix_rename(struct diag *d, enum fix_safety safety, const char *pointer, const char *key);
void fix_insert(struct diag *d, enum fix_safety safety, const char *object_pointer,
		const char *key, const char *text, bool first);
/* The same, inserting before the member with the key anchor (last when
 * the object has none). */
void fix_insert_before(struct diag *d, enum fix_safety safety, const char *object_pointer,
		       const char *key, const char *text, const char *anchor);
void fix_remove(struct diag *d, enum fix_safety safety, const char *pointer);
void fix_bytes(struct diag *d, enum fix_safety safety, size_t start, size_t end, const char *text);
/* The same with text (malloc'd) the fix's own, not copied. */
void fix_bytes_given(struct diag *d, enum fix_safety safety, size_t start, size_t end, char *text);
/* Splits the object (a node) at pointer into consecutive elements of its
 * array. parts lists the new nodes in order, separated by '|'; each is the
 * keys it takes (separated by ' '), or "*" for the node itself with every
 * member no other part takes. Members keep their text and order; the new
 * nodes follow the node's own layout. "setup|*" puts a node with the setup
 * before the node; "*|move|variations" puts two nodes after it. */
void fix_split(struct diag *d, enum fix_safety safety, const char *pointer, const char *parts);
/* The element at pointer and every element after it in its array move, as
 * written, to the end of the array at dest_pointer (which must not be
 * among them). */
void fix_move_tail(struct diag *d, enum fix_safety safety, const char *pointer,
		   const char *dest_pointer);
/* The object at pointer loses every member whose key is among keys
 * (separated by ' '), in one edit per run of them. */
void fix_remove_keys(struct diag *d, enum fix_safety safety, const char *pointer, const char *keys);
/* The array at array_pointer gets text (JSON) as its last element. */
void fix_append(struct diag *d, enum fix_safety safety, const char *array_pointer,
		const char *text);
/* The value at pointer becomes value, written by json-c on one line. */
struct json_object;
void fix_replace_value(struct diag *d, enum fix_safety safety, const char *pointer,
		       struct json_object *value);

/* s as a JSON string literal (quoted and escaped by json-c); free it. */
char *fix_json_string(const char *s, size_t len);

#endif
