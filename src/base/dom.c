/* dom: helpers over json-c's DOM. */
#include "base/dom.h"

#include "base/pointer.h"

#include <limits.h>
#include <json-c/linkhash.h>
#include <json-c/printbuf.h>
#include <math.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/digits.h"

bool has_member(json_object *obj, const char *key, json_object **val)
{
	*val = NULL;
	struct lh_table *t = json_object_get_object(obj);   /* NULL unless an object */
	if (!t)
		return false;
	/* JGF objects have a handful of keys: comparing them in order is
	 * cheaper than hashing the key for json-c's table. */
	int seen = 0;
	for (struct lh_entry *e = lh_table_head(t); e; e = lh_entry_next(e)) {
		if (++seen > 8)
			return json_object_object_get_ex(obj, key, val);
		if (key_eq((const char *)lh_entry_k(e), key)) {
			*val = (json_object *)lh_entry_v(e);
			return true;
		}
	}
	return false;
}

json_object *member(json_object *obj, const char *key)
{
	json_object *v;
	has_member(obj, key, &v);
	return v;
}

json_object *member_of_type(json_object *obj, const char *key, enum json_type type)
{
	json_object *v = member(obj, key);
	return v && (type == json_type_null || json_object_is_type(v, type)) ? v : NULL;
}

bool get_int(json_object *v, long long *out)
{
	/* What json_type_bits calls J_INT, its type asked once: every point's
	 * x and y of the walk (three calls into json-c were two thirds of it). */
	switch (json_object_get_type(v)) {
	case json_type_int:
		*out = json_object_get_int64(v);
		return true;
	case json_type_double: {
		double d = json_object_get_double(v);
		/* (double)LLONG_MAX rounds up to 2^63, which does not fit: the
		 * integers the scanner keeps as doubles (2^63 to about
		 * 2^63+1023, and below -2^63) must be quoted as written. */
		if (!isfinite(d) || d != floor(d) || !(d > -0x1p63 && d < 0x1p63))
			return false;
		*out = (long long)d;
		return true;
	}
	default:
		return false;
	}
}

unsigned json_type_bits(json_object *v)
{
	switch (json_object_get_type(v)) {
	case json_type_null: return J_NULL;
	case json_type_boolean: return J_BOOL;
	case json_type_int: return J_INT;
	case json_type_double: {
		double d = json_object_get_double(v);
		return isfinite(d) && d == floor(d) ? J_INT : J_FRACTION;
	}
	case json_type_string: return J_STRING;
	case json_type_object: return J_OBJECT;
	case json_type_array: return J_ARRAY;
	}
	return 0;
}

void describe_types(struct buf *out, unsigned types)
{
	static const struct { unsigned bits; const char *name; } names[] = {
		{ J_NUMBER, "a number" }, { J_INT, "an integer" }, { J_STRING, "a string" },
		{ J_BOOL, "a boolean (true or false)" }, { J_OBJECT, "an object" },
		{ J_ARRAY, "an array" }, { J_NULL, "null" },
	};
	size_t n = 0;
	for (size_t i = 0; i < sizeof names / sizeof *names; i++) {
		if ((types & names[i].bits) != names[i].bits)
			continue;
		types &= ~names[i].bits;
		buf_adds(out, n++ ? " or " : "");
		buf_adds(out, names[i].name);
	}
}

void describe_value(struct buf *out, json_object *v)
{
	switch (json_object_get_type(v)) {
	case json_type_null: buf_adds(out, "null"); break;
	case json_type_boolean: buf_adds(out, json_object_get_boolean(v) ? "true" : "false"); break;
	case json_type_int:
	case json_type_double:
		buf_printf(out, "the number %s", json_object_to_json_string(v));
		break;
	case json_type_string: {
		size_t len = (size_t)json_object_get_string_len(v);
		const char *s = json_object_get_string(v);
		size_t shown = len;
		if (shown > 40) /* cut at a character boundary */
			for (shown = 40; ((unsigned char)s[shown] & 0xC0) == 0x80; shown--)
				;
		buf_adds(out, "the string \"");
		for (size_t i = 0; i < shown; i++) {
			unsigned char c = (unsigned char)s[i];
			if (c < 0x20 || c == '"' || c == '\\')   /* as JSON writes it */
				buf_printf(out, c == '"' ? "\\\"" : c == '\\' ? "\\\\" :
					   c == '\n' ? "\\n" : c == '\t' ? "\\t" : "\\u%04x", c);
			else
				buf_addc(out, (char)c);
		}
		buf_adds(out, shown < len ? "…\"" : "\"");
		break;
	}
	case json_type_object: buf_adds(out, "an object"); break;
	case json_type_array: buf_adds(out, "an array"); break;
	}
}

void json_put_iterative(json_object *root)
{
	if (!root)
		return;
	size_t cap = 0, n = 0;
	json_object **stack = xgrow(NULL, &cap, 16, sizeof *stack);
	stack[n++] = root;
	while (n) {
		json_object *o = stack[--n];
		/* Take a reference to each child so that putting the parent only
		 * drops it to one; the child is freed later from this stack. */
		if (json_object_is_type(o, json_type_object)) {
			json_object_object_foreach(o, key, val) {
				(void)key;
				if (val) {
					stack = xgrow(stack, &cap, n + 1, sizeof *stack);
					stack[n++] = json_object_get(val);
				}
			}
		} else if (json_object_is_type(o, json_type_array)) {
			size_t len = json_object_array_length(o);
			for (size_t i = 0; i < len; i++) {
				json_object *val = json_object_array_get_idx(o, i);
				if (val) {
					stack = xgrow(stack, &cap, n + 1, sizeof *stack);
					stack[n++] = json_object_get(val);
				}
			}
		}
		json_object_put(o);
	}
	free(stack);
}

/* Recursion this deep is safe even in sanitizer builds' larger frames. */
#define RECURSION_SAFE_DEPTH 500
/* A value given back to a pool is emptied recursively up to this depth. */
#define POOL_DEPTH 64

void json_put_deep(json_object *root, size_t depth)
{
	if (depth <= RECURSION_SAFE_DEPTH)
		json_object_put(root);
	else
		json_put_iterative(root);
}


void json_shrink(json_object *c)
{
	if (json_object_is_type(c, json_type_array)) {
		json_object_array_shrink(c, 0);
		return;
	}
	if (!json_object_is_type(c, json_type_object))
		return;
	struct lh_table *t = json_object_get_object(c);
	int n = lh_table_length(t), size = 2;
	/* The smallest with a free entry that json-c's inserts fill no further. */
	while (size < t->size && (n >= size || n - 1 >= size * LH_LOAD_FACTOR))
		size *= 2;
	if (size < t->size && lh_table_resize(t, size) != 0)
		die_oom();
}

json_object *dom_resolve(json_object *root, const char *pointer)
{
	struct buf tok = BUF_INIT;
	json_object *v = root;
	while (v && pointer_next(&pointer, &tok)) {
		if (json_object_is_type(v, json_type_object)) {
			v = member(v, tok.data ? tok.data : "");
		} else if (json_object_is_type(v, json_type_array)) {
			char *end;
			unsigned long i = strtoul(tok.data ? tok.data : "", &end, 10);
			v = tok.len && !*end && i < json_object_array_length(v) ?
			    json_object_array_get_idx(v, i) : NULL;
		} else {
			v = NULL;
		}
	}
	buf_free(&tok);
	return v;
}

static json_object *made(json_object *v)
{
	if (!v)
		die_oom();
	return v;
}

enum { POOL_OBJECT, POOL_ARRAY, POOL_STRING, POOL_INT, POOL_KINDS };
/* A string longer is freed, not kept: a pool kept from one record to the
 * next would hold its longest comments' bytes. */
#define POOL_STRING_MAX 256

struct dom_pool {
	size_t keep;                       /* of each kind at most */
	size_t n[POOL_KINDS];
	json_object **kept[POOL_KINDS];    /* keep each */
};

/* The page keeps one too: without it a check of SGF in the page took 2.49x
 * the program's CPU time on a 1.2 MB collection, 1.89x with it (bench/web.sh;
 * json-c's tables made and freed, dlmalloc's and dlfree's, 1.3 KB of code). */
static _Thread_local struct dom_pool *pool_now;

struct dom_pool *dom_pool_new(size_t keep)
{
	struct dom_pool *pool = xcalloc(1, sizeof *pool);
	pool->keep = keep;
	json_object **all = xcalloc(POOL_KINDS * (keep ? keep : 1), sizeof *all);
	for (int k = 0; k < POOL_KINDS; k++)
		pool->kept[k] = all + (size_t)k * keep;
	return pool;
}

void dom_pool_free(struct dom_pool *pool)
{
	if (!pool)
		return;
	for (int k = 0; k < POOL_KINDS; k++)
		for (size_t i = 0; i < pool->n[k]; i++)
			json_object_put(pool->kept[k][i]);
	free(pool->kept[0]);
	free(pool);
}

bool dom_pool_in_use(void)
{
	return pool_now != NULL;
}

struct dom_pool *dom_pool_use(struct dom_pool *pool)
{
	struct dom_pool *was = pool_now;
	pool_now = pool;
	return was;
}

static json_object *taken(int kind)
{
	struct dom_pool *p = pool_now;
	return p && p->n[kind] ? p->kept[kind][--p->n[kind]] : NULL;
}

static int int_text(json_object *o, struct printbuf *pb, int level, int flags);

/* v, emptied, kept to be made again. Of integers' serializers, json-c's
 * and int_text write the same digits and stay; one with text of its own
 * (the editor server's kept id, the only one given userdata) goes with the
 * value it was for. */
static void keep(int kind, json_object *v)
{
	struct dom_pool *p = pool_now;
	if (p->n[kind] == p->keep) {
		json_object_put(v);
		return;
	}
	if (kind == POOL_INT && json_object_get_userdata(v))
		json_object_set_serializer(v, int_text, NULL, NULL);
	p->kept[kind][p->n[kind]++] = v;
}

static void give_back(json_object *v)
{
	switch (json_object_get_type(v)) {
	case json_type_object: {
		/* Emptied at once, each entry's slot made empty again (deleting
		 * entry by entry was half of giving a record back; emptying all
		 * 16 slots, 1% of --to sgf): each value's reference is the
		 * table's, now the pool's. A slot a deletion marked freed (a
		 * fix's, rarely) stays so: json-c's lookups pass over it and its
		 * inserts fill it. */
		struct lh_table *t = json_object_get_object(v);
		for (struct lh_entry *e = lh_table_head(t), *next; e; e = next) {
			next = lh_entry_next(e);
			if (!lh_entry_k_is_constant(e))
				free(lh_entry_k(e));
			give_back((json_object *)lh_entry_v(e));
			e->k = LH_EMPTY;
		}
		t->head = t->tail = NULL;
		t->count = 0;
		if (t->size > JSON_OBJECT_DEF_HASH_ENTRIES)
			break;   /* a large table is not kept, its values are */
		keep(POOL_OBJECT, v);
		return;
	}
	case json_type_array: {
		struct array_list *a = json_object_get_array(v);   /* its references, as above */
		for (size_t i = 0; i < a->length; i++)
			give_back(a->array[i]);
		a->length = 0;
		if (a->size > ARRAY_LIST_DEFAULT_SIZE)
			break;
		keep(POOL_ARRAY, v);
		return;
	}
	case json_type_string:
		if (json_object_get_string_len(v) > POOL_STRING_MAX)
			break;
		keep(POOL_STRING, v);
		return;
	case json_type_int:
		keep(POOL_INT, v);
		return;
	default:
		break;
	}
	json_object_put(v);   /* no deeper than POOL_DEPTH */
}

void dom_give_back(json_object *root, size_t depth)
{
	if (pool_now && depth <= POOL_DEPTH)
		give_back(root);
	else
		json_put_deep(root, depth);
}

json_object *dom_object(void)
{
	json_object *v = taken(POOL_OBJECT);
	return v ? v : made(json_object_new_object());
}

json_object *dom_array(void)
{
	json_object *v = taken(POOL_ARRAY);
	return v ? v : made(json_object_new_array());
}

json_object *dom_string(const char *s) { return dom_string_len(s, strlen(s)); }
/* An integer's text, as json-c writes it ("%" PRId64) without its snprintf:
 * 600 instructions a number, the most of writing a converted record's
 * moves. */
static int int_text(json_object *o, struct printbuf *pb, int level, int flags)
{
	(void)level, (void)flags;
	int64_t v = json_object_get_int64(o);
	uint64_t u = v < 0 ? -(uint64_t)v : (uint64_t)v;
	char d[DIGITS_MAX + 1], *p = digits_before(d + sizeof d, u);
	if (v < 0)
		*--p = '-';
	return printbuf_memappend(pb, p, (int)(d + sizeof d - p));
}

json_object *dom_int_read(int64_t v)
{
	json_object *o = taken(POOL_INT);
	if (!o)
		return made(json_object_new_int64(v));
	json_object_set_int64(o, v);
	return o;
}

/* One made new is given int_text; one taken from the pool has it already
 * when dom_int made it (the pool's others write the same digits more
 * slowly): setting it again on each, and clearing it on each given back,
 * was 1.6% of checking a collection of SGF games in place. */
json_object *dom_int(int64_t v)
{
	json_object *o = taken(POOL_INT);
	if (o) {
		json_object_set_int64(o, v);
		return o;
	}
	o = made(json_object_new_int64(v));
	json_object_set_serializer(o, int_text, NULL, NULL);
	return o;
}
json_object *dom_uint(uint64_t v) { return made(json_object_new_uint64(v)); }
json_object *dom_bool(bool v) { return made(json_object_new_boolean(v)); }

json_object *dom_string_len(const char *s, size_t len)
{
	if (len > INT_MAX)   /* json-c counts in int */
		die_oom();
	/* Not an empty one: json-c 0.16 sets a string held apart from its
	 * object to "" by freeing it and writing the NUL there, leaving the
	 * object's own bytes to be read (garbage in the SGF --to sgf wrote). */
	json_object *v = len ? taken(POOL_STRING) : NULL;
	if (!v)
		return made(json_object_new_string_len(s, (int)len));
	if (!json_object_set_string_len(v, s, (int)len))
		die_oom();
	return v;
}

json_object *dom_double_s(double v, const char *text)
{
	return made(json_object_new_double_s(v, text));
}

void dom_add(json_object *obj, const char *key, json_object *val)
{
	dom_add_ex(obj, key, val, 0);
}

/* json-c's hash of a constant key (the same in every table, json-c's
 * string hash and its seed being the process's), kept by its address: the
 * hash of each key added was 3% of checking a large SGF tree in place. */
static unsigned long known_hash(const struct lh_table *t, const char *key)
{
	/* Two ways a set: keys at addresses that share a set (a build's
	 * layout of its literals) each keep their hash, where one way had two
	 * hot keys ("move", "color") hash again at every insert, 37 more
	 * instructions a key on bench/sgfc.sh's collection in one build. */
	static _Thread_local struct { const char *key; unsigned long hash; } seen[128];
	size_t set = ((uintptr_t)key >> 3) % (sizeof seen / sizeof *seen / 2) * 2;
	if (seen[set].key == key)
		return seen[set].hash;
	if (seen[set + 1].key != key) {   /* the older way goes: the newer moves over */
		seen[set + 1] = seen[set];
		seen[set].key = key;
		seen[set].hash = lh_get_hash(t, key);
		return seen[set].hash;
	}
	return seen[set + 1].hash;
}

void dom_add_ex(json_object *obj, const char *key, json_object *val, unsigned flags)
{
	const unsigned known = JSON_C_OBJECT_ADD_KEY_IS_NEW | JSON_C_OBJECT_ADD_CONSTANT_KEY;
	int r;
	struct lh_table *t;   /* NULL unless obj is an object: its type not asked apart */
	if ((flags & known) == known && obj != val && (t = json_object_get_object(obj))) {
		r = lh_table_insert_w_hash(t, key, val, known_hash(t, key),
					   JSON_C_OBJECT_ADD_CONSTANT_KEY);
	} else {
		r = json_object_object_add_ex(obj, key, val, flags);
	}
	if (r != 0)
		die_oom();
}

void dom_push(json_object *arr, json_object *val)
{
	if (json_object_array_add(arr, val) != 0)
		die_oom();
}

const char *dom_json(json_object *v, int flags, size_t *len)
{
	size_t n = 0;
	const char *s = json_object_to_json_string_length(v, flags, &n);
	if (!s)
		die_oom();
	if (len)
		*len = n;
	return s;
}
