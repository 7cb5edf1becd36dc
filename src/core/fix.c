/* fix: fixes as data. A rule attaches to its finding the ops that repair
 * it, in terms of JSON pointers; lint/edit.c turns them into byte edits of
 * the text they were found in. */
#include "core/fix.h"

#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/dom.h"
#include "core/diag.h"

static struct fix_op *new_op(struct diag *d, enum fix_safety safety, enum fix_op_kind kind)
{
	if (!d->fix)
		d->fix = xcalloc(1, sizeof *d->fix);
	if (safety > d->fix->safety)
		d->fix->safety = safety;
	struct fix *f = d->fix;
	f->ops = xgrow(f->ops, &f->cap, f->nops + 1, sizeof *f->ops);
	struct fix_op *op = &f->ops[f->nops++];
	*op = (struct fix_op){ .kind = kind };
	return op;
}

/* An op on the value at pointer; text may be NULL. */
static struct fix_op *op_at(struct diag *d, enum fix_safety safety, enum fix_op_kind kind,
			    const char *pointer, const char *text)
{
	struct fix_op *op = new_op(d, safety, kind);
	op->pointer = xstrdup(pointer);
	op->text = text ? xstrdup(text) : NULL;
	return op;
}

void fix_replace(struct diag *d, enum fix_safety safety, const char *pointer, const char *text)
{
	op_at(d, safety, FIX_REPLACE, pointer, text);
}

void fix_rename(struct diag *d, enum fix_safety safety, const char *pointer, const char *key)
{
	op_at(d, safety, FIX_RENAME, pointer, NULL)->rename.key = xstrdup(key);
}

void fix_insert(struct diag *d, enum fix_safety safety, const char *object_pointer,
		const char *key, const char *text, bool first)
{
	struct fix_op *op = op_at(d, safety, FIX_INSERT, object_pointer, text);
	op->insert.key = xstrdup(key);
	op->insert.first = first;
}

void fix_insert_before(struct diag *d, enum fix_safety safety, const char *object_pointer,
		       const char *key, const char *text, const char *anchor)
{
	struct fix_op *op = op_at(d, safety, FIX_INSERT, object_pointer, text);
	op->insert.key = xstrdup(key);
	op->insert.anchor = anchor ? xstrdup(anchor) : NULL;
}

void fix_remove(struct diag *d, enum fix_safety safety, const char *pointer)
{
	op_at(d, safety, FIX_REMOVE, pointer, NULL);
}

void fix_bytes(struct diag *d, enum fix_safety safety, size_t start, size_t end, const char *text)
{
	fix_bytes_given(d, safety, start, end, xstrdup(text));
}

void fix_bytes_given(struct diag *d, enum fix_safety safety, size_t start, size_t end, char *text)
{
	struct fix_op *op = new_op(d, safety, FIX_BYTES);
	op->bytes.start = start;
	op->bytes.end = end;
	op->text = text;
}

void fix_split(struct diag *d, enum fix_safety safety, const char *pointer, const char *parts)
{
	op_at(d, safety, FIX_SPLIT, pointer, NULL)->split.parts = xstrdup(parts);
}

void fix_move_tail(struct diag *d, enum fix_safety safety, const char *pointer,
		   const char *dest_pointer)
{
	op_at(d, safety, FIX_MOVE_TAIL, pointer, NULL)->move_tail.dest = xstrdup(dest_pointer);
}

void fix_remove_keys(struct diag *d, enum fix_safety safety, const char *pointer, const char *keys)
{
	op_at(d, safety, FIX_REMOVE_KEYS, pointer, NULL)->remove_keys.keys = xstrdup(keys);
}

void fix_append(struct diag *d, enum fix_safety safety, const char *array_pointer,
		const char *text)
{
	op_at(d, safety, FIX_APPEND, array_pointer, text);
}

void fix_replace_value(struct diag *d, enum fix_safety safety, const char *pointer,
		       json_object *value)
{
	fix_replace(d, safety, pointer,
		    dom_json(value, JSON_C_TO_STRING_SPACED |
						   JSON_C_TO_STRING_NOSLASHESCAPE, NULL));
}

char *fix_json_string(const char *s, size_t len)
{
	json_object *str = dom_string_len(s, len);
	char *out = xstrdup(dom_json(str, JSON_C_TO_STRING_NOSLASHESCAPE, NULL));
	json_object_put(str);
	return out;
}
