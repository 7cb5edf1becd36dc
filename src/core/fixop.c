/* fixop: a fix as data. */
#include "core/fixop.h"

#include <stdlib.h>
#include <string.h>

#include "base/buf.h"

/* The strings op owns, into at: its pointer, its text and its kind's
 * strings; how many. The one list fix_free and fix_copy read; every kind
 * named, with no default, so that a kind added is named here too
 * (-Wswitch). */
static size_t owned(struct fix_op *op, char **at[4])
{
	size_t n = 0;
	at[n++] = &op->pointer;
	at[n++] = &op->text;
	switch (op->kind) {
	case FIX_RENAME:
		at[n++] = &op->rename.key;
		break;
	case FIX_INSERT:
		at[n++] = &op->insert.key;
		at[n++] = &op->insert.anchor;
		break;
	case FIX_SPLIT:
		at[n++] = &op->split.parts;
		break;
	case FIX_MOVE_TAIL:
		at[n++] = &op->move_tail.dest;
		break;
	case FIX_REMOVE_KEYS:
		at[n++] = &op->remove_keys.keys;
		break;
	case FIX_REPLACE:
	case FIX_REMOVE:
	case FIX_BYTES:
	case FIX_APPEND:
		break;
	}
	return n;
}

void fix_free(struct fix *fix)
{
	if (!fix)
		return;
	for (size_t i = 0; i < fix->nops; i++) {
		char **at[4];
		for (size_t k = 0, n = owned(&fix->ops[i], at); k < n; k++)
			free(*at[k]);
	}
	free(fix->ops);
	free(fix);
}

struct fix *fix_copy(const struct fix *fix)
{
	if (!fix)
		return NULL;
	struct fix *to = xmalloc(sizeof *to);
	*to = *fix;
	to->cap = fix->nops;
	to->ops = fix->nops ? xmalloc(fix->nops * sizeof *to->ops) : NULL;
	for (size_t i = 0; i < fix->nops; i++) {
		to->ops[i] = fix->ops[i];
		char **at[4];
		for (size_t k = 0, n = owned(&to->ops[i], at); k < n; k++)
			*at[k] = *at[k] ? xstrdup(*at[k]) : NULL;
	}
	return to;
}

struct fix_op_writes fix_op_writes(const struct fix_op *op)
{
	const char *last = op->pointer ? strrchr(op->pointer, '/') : NULL;
	switch (op->kind) {
	case FIX_BYTES:   /* bytes that are no value (a byte order mark) */
		break;
	case FIX_REPLACE:
		return (struct fix_op_writes){ .value = true };
	case FIX_RENAME:
		return (struct fix_op_writes){ .value = true, .keys = op->rename.key, .sibling = true };
	case FIX_INSERT:
		return (struct fix_op_writes){ .keys = op->insert.key };
	case FIX_REMOVE_KEYS:
		return (struct fix_op_writes){ .keys = op->remove_keys.keys, .sep = ' ' };
	case FIX_REMOVE:   /* an element: those after it move up */
		return (struct fix_op_writes){ .value = true, .moves = !last ||
			strspn(last + 1, "0123456789") == strlen(last + 1) };
	case FIX_APPEND:
		return (struct fix_op_writes){ .value = true, .moves = true };
	case FIX_SPLIT:
		return (struct fix_op_writes){ .value = true, .moves = true, .beside = true };
	case FIX_MOVE_TAIL:
		return (struct fix_op_writes){ .value = true, .moves = true, .beside = true,
					       .dest = op->move_tail.dest };
	}
	return (struct fix_op_writes){ 0 };
}
