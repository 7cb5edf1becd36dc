/* fixop: a fix as data: the pointer-level ops that repair one finding,
 * with how safe they are. */
#ifndef JGF_FIXOP_H
#define JGF_FIXOP_H

#include <stdbool.h>
#include <stddef.h>

#include "core/rule.h"

enum fix_op_kind {
	FIX_REPLACE,  /* the value at pointer becomes text (JSON) */
	FIX_RENAME,   /* the member at pointer gets the key `key` */
	FIX_INSERT,   /* the object at pointer gets the member key: text, first or last */
	FIX_REMOVE,   /* the member or element at pointer goes, with its separator */
	FIX_BYTES,    /* bytes [start, end) become text (for what is not a value: a BOM) */
	FIX_SPLIT,    /* the object at pointer is split into nodes: see fix_split */
	FIX_MOVE_TAIL,/* the element at pointer and those after it go to the end of array key */
	FIX_APPEND,   /* the array at pointer gets the element text at its end */
	FIX_REMOVE_KEYS, /* the object at pointer loses the members named in key */
};

struct fix_op {
	enum fix_op_kind kind;
	char *pointer;
	char *key;
	char *text;
	bool first;
	char *anchor;   /* FIX_INSERT: the key of the member to insert before */
	size_t start, end;
};

struct fix {
	enum fix_safety safety;
	struct fix_op *ops;
	size_t nops, cap;
};

void fix_free(struct fix *fix);

#endif
