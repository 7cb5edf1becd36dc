/* fix: fixes attached to diagnostics, and applying them to the original
 * text as located replacements, so that every byte outside the edited spans
 * stays as it was. A rule describes a fix in terms of JSON pointers; this
 * module turns it into byte edits through the locator. */
#ifndef JGF_FIX_H
#define JGF_FIX_H

#include <stdbool.h>
#include <stddef.h>

#include "rule.h"

struct diag;
struct document;

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
void fix_free(struct fix *fix);

/* s as a JSON string literal (quoted and escaped by json-c); free it. */
char *fix_json_string(const char *s, size_t len);

/* One round: applies the fixes of doc's diagnostics whose safety is allowed
 * (safe; with unsafe, unsafe ones too) and that do not overlap a fix already
 * taken. Returns the new text (NUL-terminated, *len set) or NULL when no fix
 * applied. For each diagnostic whose fix was applied, applied[i] is set
 * (applied has doc->diags.len entries). */
char *fix_apply(struct document *doc, bool unsafe, size_t *len, bool *applied);
/* The same, leaving out the diagnostics with skip[i] set (skip may be NULL). */
char *fix_apply_some(struct document *doc, bool unsafe, size_t *len, bool *applied,
		     const bool *skip);

/* One byte edit of the text: [start, end) becomes text. */
struct fix_edit {
	size_t start, end;
	char *text;
};

/* The edits of doc->diags.items[i]'s fix on doc's text, in text order (for
 * reports that carry the fix); *n = 0 when it has none or its pointers do
 * not resolve. Free with fix_edits_free. */
struct fix_edit *fix_edits(const struct document *doc, size_t i, size_t *n);
void fix_edits_free(struct fix_edit *e, size_t n);

/* How many fixes of each rule a document received. */
struct fix_count {
	const struct rule *rule;
	size_t count;
};

struct fix_tally {
	struct fix_count *items;
	size_t len, cap;
	size_t total;
	char *notes;   /* fixes left out and why, one line each (NULL if none) */
	size_t notes_len;
};

void fix_tally_free(struct fix_tally *t);

/* Applying fixes can make others possible (or conflicting ones apply next
 * time); a few rounds reach the fixed point. */
#define FIX_MAX_ROUNDS 8

/* Fixes a linted document round after round until no fix applies (one
 * that does not parse first gets the repairs of repair.h, if they make it
 * JSON; else it stays as it is);
 * doc then holds the fixed text, linted, and tally counts what was applied.
 * A fix whose result does not parse, or has more errors of some rule than
 * before (outside the go category, whose replay sees further once a line is
 * repaired), is left out and named in tally->notes. Returns false if the
 * text still does not parse (a bug in the fixer): the caller must then
 * write nothing. */
bool fix_document(struct document *doc, bool unsafe, struct fix_tally *tally);

#endif
