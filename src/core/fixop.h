/* fixop: a fix as data: the pointer-level ops that repair one finding,
 * with how safe they are. */
#ifndef JGF_FIXOP_H
#define JGF_FIXOP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "core/rule.h"

enum fix_op_kind {
	FIX_REPLACE,  /* the value at pointer becomes text (JSON) */
	FIX_RENAME,   /* the member at pointer gets the key rename.key */
	FIX_INSERT,   /* the object at pointer gets the member insert.key: text */
	FIX_REMOVE,   /* the member or element at pointer goes, with its separator */
	FIX_BYTES,    /* bytes [bytes.start, bytes.end) become text (for what is not
		       * a value: a BOM) */
	FIX_SPLIT,    /* the object at pointer is split into nodes split.parts: see
		       * fix_split */
	FIX_MOVE_TAIL,/* the element at pointer and those after it go to the end of
		       * the array move_tail.dest */
	FIX_APPEND,   /* the array at pointer gets the element text at its end */
	FIX_REMOVE_KEYS, /* the object at pointer loses the members remove_keys.keys */
};

/* One op; the members of the union are named after the kinds they serve. */
struct fix_op {
	enum fix_op_kind kind;
	char *pointer;  /* the value it applies to (every kind but FIX_BYTES) */
	char *text;     /* JSON text: the value of REPLACE, INSERT and APPEND; the
			   bytes of FIX_BYTES */
	union {
		struct {
			char *key;      /* the member's new key */
		} rename;
		struct {
			char *key;      /* the new member's key */
			char *anchor;   /* inserted before the member with this key */
			bool first;     /* without anchor: first (true) or last */
		} insert;
		struct {
			size_t start, end;  /* the bytes replaced */
			/* Where --fix writes them in the file's own bytes, for
			 * SGF checked in place, whose text is the file decoded
			 * (another set, a byte order mark): placed by
			 * convert/sgfedit.c's sgf_fix_offer (in_file set); a
			 * file is at most 1 GB (read/load.h) */
			uint32_t file_start, file_end;
			bool in_file;
			/* Its text is not what --fix writes: the words it
			 * copies are bytes the file's set does not read back
			 * (REVIEW.md R131: a byte that is not UTF-8, read as
			 * U+FFFD; CP932's FA 4A, U+2160, which encodes as
			 * 87 54), so a report gives no text to write (set by
			 * sgf_fix_offer beside in_file) */
			bool unsaid;
		} bytes;
		struct {
			char *parts;    /* the new nodes' keys (fix_split) */
		} split;
		struct {
			char *dest;     /* the pointer of the array they move to */
		} move_tail;
		struct {
			char *keys;     /* the keys, separated by ' ' */
		} remove_keys;
	};
};

struct fix {
	enum fix_safety safety;
	struct fix_op *ops;
	size_t nops, cap;
};

/* What an op writes, as the guard of --fix on JGF (lint/fixjgf.c's
 * named_by: what a round may change) and its blame (named_at: what each
 * fix writes) both read it: the one statement of it for each kind
 * (fix_op_writes names every kind, with no default, so that a kind added is
 * said there or the build warns: -Wswitch; tests/fixops.sh). */
struct fix_op_writes {
	bool value;         /* the value at its pointer (else only members of it) */
	const char *keys;   /* the members' keys it writes (NULL: none) */
	char sep;           /* between two of keys ('\0': keys is one key) */
	bool sibling;       /* keys are members of its parent (a rename) */
	bool moves;         /* array elements move: a pointer of the text written
			     * may be another value's of the text before */
	bool beside;        /* it writes outside its value and keys: nodes
			     * beside it (a split), elements at dest */
	const char *dest;   /* the array the elements from it on go to */
};
struct fix_op_writes fix_op_writes(const struct fix_op *op);

void fix_free(struct fix *fix);
/* A copy of fix (NULL for none) that owns its own memory: fix_free frees
 * it. What an op owns (its pointer, text and its kind's strings) is said
 * once, in fixop.c's owned(), which both read. */
struct fix *fix_copy(const struct fix *fix);
/* Whether a report can give fix's edits' new text (the json format's
 * content, rdjson's suggestions, SARIF's fixes): not where an SGF fix
 * writes words as the file's bytes that its text does not say (unsaid). */
static inline bool fix_text_said(const struct fix *fix)
{
	return !(fix->nops == 1 && fix->ops[0].kind == FIX_BYTES && fix->ops[0].bytes.unsaid);
}

#endif
