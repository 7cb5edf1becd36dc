/* fixop: a fix as data. */
#include "core/fixop.h"

#include <stdlib.h>

#include "base/buf.h"

void fix_free(struct fix *fix)
{
	if (!fix)
		return;
	for (size_t i = 0; i < fix->nops; i++) {
		struct fix_op *op = &fix->ops[i];
		free(op->pointer);
		free(op->text);
		switch (op->kind) {
		case FIX_RENAME:
			free(op->rename.key);
			break;
		case FIX_INSERT:
			free(op->insert.key);
			free(op->insert.anchor);
			break;
		case FIX_SPLIT:
			free(op->split.parts);
			break;
		case FIX_MOVE_TAIL:
			free(op->move_tail.dest);
			break;
		case FIX_REMOVE_KEYS:
			free(op->remove_keys.keys);
			break;
		case FIX_REPLACE:
		case FIX_REMOVE:
		case FIX_BYTES:
		case FIX_APPEND:
			break;
		}
	}
	free(fix->ops);
	free(fix);
}

static char *copied(const char *s)
{
	return s ? xstrdup(s) : NULL;
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
		const struct fix_op *from = &fix->ops[i];
		struct fix_op *op = &to->ops[i];
		*op = *from;
		op->pointer = copied(from->pointer);
		op->text = copied(from->text);
		switch (op->kind) {
		case FIX_RENAME:
			op->rename.key = copied(from->rename.key);
			break;
		case FIX_INSERT:
			op->insert.key = copied(from->insert.key);
			op->insert.anchor = copied(from->insert.anchor);
			break;
		case FIX_SPLIT:
			op->split.parts = copied(from->split.parts);
			break;
		case FIX_MOVE_TAIL:
			op->move_tail.dest = copied(from->move_tail.dest);
			break;
		case FIX_REMOVE_KEYS:
			op->remove_keys.keys = copied(from->remove_keys.keys);
			break;
		case FIX_REPLACE:
		case FIX_REMOVE:
		case FIX_BYTES:
		case FIX_APPEND:
			break;
		}
	}
	return to;
}
