/* fixop: a fix as data. */
#include "core/fixop.h"

#include <stddef.h>
#include <stdlib.h>

#include "base/buf.h"

/* The strings an op owns beside its pointer and text, by kind: the
 * offsets of its kind's fields in struct fix_op (0: none, where its kind
 * is), the one list fix_free and fix_copy read. */
#define OP_FIELD(field) offsetof(struct fix_op, field)
static const size_t kind_strings[FIX_REMOVE_KEYS + 1][2] = {   /* (the last kind) */
	[FIX_RENAME] = { OP_FIELD(rename.key) },
	[FIX_INSERT] = { OP_FIELD(insert.key), OP_FIELD(insert.anchor) },
	[FIX_SPLIT] = { OP_FIELD(split.parts) },
	[FIX_MOVE_TAIL] = { OP_FIELD(move_tail.dest) },
	[FIX_REMOVE_KEYS] = { OP_FIELD(remove_keys.keys) },
};

/* The strings op owns, into at; how many. */
static size_t owned(struct fix_op *op, char **at[4])
{
	size_t n = 0;
	at[n++] = &op->pointer;
	at[n++] = &op->text;
	for (size_t k = 0; k < 2 && kind_strings[op->kind][k]; k++)
		at[n++] = (char **)((char *)op + kind_strings[op->kind][k]);
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
