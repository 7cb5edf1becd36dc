/* fixop: a fix as data. */
#include "core/fixop.h"

#include <stdlib.h>

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
