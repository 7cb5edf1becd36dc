/* dom: helpers over json-c's DOM that every stage uses: member lookup,
 * JSON types as bits, values described in words, and freeing deep trees
 * without recursion. */
#ifndef JGF_DOM_H
#define JGF_DOM_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <json-c/json.h>

#include "base/buf.h"

/* JSON types as bits. Integral doubles (2.0) count as J_INT: JSON.parse does
 * not tell them apart. */
enum {
	J_NULL = 1 << 0,
	J_BOOL = 1 << 1,
	J_INT = 1 << 2,
	J_FRACTION = 1 << 3,   /* a number that is not an integer */
	J_STRING = 1 << 4,
	J_OBJECT = 1 << 5,
	J_ARRAY = 1 << 6,
};
#define J_NUMBER (J_INT | J_FRACTION)

/* Key equality, inline: keys are short and compared on every object. */
static inline bool key_eq(const char *a, const char *b)
{
#ifndef __EMSCRIPTEN__   /* the page's code is built for size */
	if (a == b)   /* a key the loader read: the schema's string, one copy with literals */
		return true;
#endif
	while (*a && *a == *b)
		a++, b++;
	return *a == *b;
}

/* Member lookup: NULL for a missing key, and for a JSON null (json-c has
 * no object for null); has_member tells the two apart. */
json_object *member(json_object *obj, const char *key);
bool has_member(json_object *obj, const char *key, json_object **val);
/* The member when it has json-c's type (json_type_null: any), else NULL:
 * for messages whose members may be of any type (the editor server's). */
json_object *member_of_type(json_object *obj, const char *key, enum json_type type);
/* The integer value of v when it is an integer (see json_type_bits). */
bool get_int(json_object *v, long long *out);

unsigned json_type_bits(json_object *v);
/* "a number", "a string or an object", … */
void describe_types(struct buf *out, unsigned types);
/* "the string \"6.5\"", "the number 7", "an object", … */
void describe_value(struct buf *out, json_object *v);

/* A complete object or array, made no larger than its members need: json-c
 * gives every object a table of 16 entries (640 bytes) and every array 32
 * slots, where most of a record's objects hold one to three members (a
 * node, a move) and most arrays a few. The table keeps room for lookups (a
 * load below json-c's 0.66) and grows again should anyone add to it. It
 * costs an allocation and the members' hashes again: the scanner cuts the
 * containers of large documents only (SCAN_SHRINK_MIN), the converter
 * those of its records' nodes. Anything else is left as it is. */
void json_shrink(json_object *c);
/* The value an RFC 6901 pointer names in root, or NULL. */
json_object *dom_resolve(json_object *root, const char *pointer);

/* json_object_put without recursion: json-c's own put recurses once per
 * level and overflows the stack on deep documents. */
void json_put_iterative(json_object *root);
/* Frees a DOM of the given depth: json-c's own put where recursion is
 * harmless (it is faster), json_put_iterative beyond. */
void json_put_deep(json_object *root, size_t depth);

/* Checked construction. json-c's constructors return NULL when memory runs
 * out, its adders return -1, and its adders assert on a NULL container (a
 * json-c assertion ended --convert with status 134 under ulimit -v). Every
 * value the project builds goes through these, which fail("out of memory")
 * instead (base/fail.h: the CLI exits 2, the library returns an error);
 * tests/layers.sh refuses json-c's constructors anywhere else. A JSON null
 * is NULL, as in json-c. */
json_object *dom_object(void);
json_object *dom_array(void);
json_object *dom_string(const char *s);
json_object *dom_string_len(const char *s, size_t len);
json_object *dom_int(int64_t v);
/* The same for an integer read from a document's text, which is seldom
 * written again: json-c's own writer (dom_int's faster one costs setting,
 * 0.6% of a JGF lint). */
json_object *dom_int_read(int64_t v);
json_object *dom_uint(uint64_t v);
json_object *dom_bool(bool v);
/* A double that serialises as text (a number as it was written). */
json_object *dom_double_s(double v, const char *text);
/* Adds val (owned) under key, replacing a member of that key. */
void dom_add(json_object *obj, const char *key, json_object *val);
/* dom_add of a key written as a string literal: json-c keeps the literal,
 * not a copy of it (a converter's nodes: a strdup and a free a member). */
#define dom_add_literal(obj, key, val) \
	dom_add_ex((obj), "" key, (val), JSON_C_OBJECT_ADD_CONSTANT_KEY)
/* dom_add_literal of a key obj has not (an object being made): added with
 * no lookup, its hash computed once a process. */
#define dom_add_new(obj, key, val) \
	dom_add_ex((obj), "" key, (val), JSON_C_OBJECT_ADD_CONSTANT_KEY | JSON_C_OBJECT_ADD_KEY_IS_NEW)
/* As dom_add with json_object_object_add_ex's flags. A constant key
 * (JSON_C_OBJECT_ADD_CONSTANT_KEY) is one that lives, unchanged, as long
 * as the program: a new one (JSON_C_OBJECT_ADD_KEY_IS_NEW too) is added
 * with its hash computed once. */
void dom_add_ex(json_object *obj, const char *key, json_object *val, unsigned flags);
/* Appends val (owned) to the array. */
void dom_push(json_object *arr, json_object *val);
/* A pool of values given back (dom_give_back), which dom_object,
 * dom_array, dom_string, dom_string_len, dom_int and dom_int_read make
 * again: where a DOM is made and freed node after node (a converter's
 * record and the walk of its text), json-c's mallocs, callocs and frees
 * were a fifth of checking a large SGF tree in place. The thread's pool is
 * the one dom_pool_use set (it returns the one before); without one, what
 * is given back is freed. A failure that unwinds past the pool's user
 * leaves the pool the thread's (its memory is not given back, as
 * fail.h says of a failed call's). */
struct dom_pool;
/* A pool that keeps up to keep values of each kind (object, array, string,
 * integer); what is given back beyond is freed. */
struct dom_pool *dom_pool_new(size_t keep);
/* A thread's pool that checks record after record: the values of a
 * record of some 500 moves, made again for the next record (a record's
 * DOM made and freed, value by value, was a third of --to sgf's run). */
#define DOM_POOL_RECORDS 2048
void dom_pool_free(struct dom_pool *pool);
struct dom_pool *dom_pool_use(struct dom_pool *pool);
/* Whether the thread has a pool (dom_pool_use): one that checks file
 * after file is used, not one made for each file. */
bool dom_pool_in_use(void);
/* Frees root (as json_put_deep, depth its nesting) or keeps its values in
 * the thread's pool; it must be held by nothing else. */
void dom_give_back(json_object *root, size_t depth);
/* v serialised with json-c's JSON_C_TO_STRING_* flags; the text lives as
 * long as v (json-c keeps it), and *len (when not NULL) is its length. */
const char *dom_json(json_object *v, int flags, size_t *len);

#endif
