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
};

struct fix_op {
	enum fix_op_kind kind;
	char *pointer;
	char *key;
	char *text;
	bool first;
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
void fix_remove(struct diag *d, enum fix_safety safety, const char *pointer);
void fix_bytes(struct diag *d, enum fix_safety safety, size_t start, size_t end, const char *text);
void fix_free(struct fix *fix);

/* s as a JSON string literal (quoted and escaped by json-c); free it. */
char *fix_json_string(const char *s, size_t len);

/* One round: applies the fixes of doc's diagnostics whose safety is allowed
 * (safe; with unsafe, unsafe ones too) and that do not overlap a fix already
 * taken. Returns the new text (NUL-terminated, *len set) or NULL when no fix
 * applied. For each diagnostic whose fix was applied, applied[i] is set
 * (applied has doc->diags.len entries). */
char *fix_apply(struct document *doc, bool unsafe, size_t *len, bool *applied);

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
};

void fix_tally_free(struct fix_tally *t);

/* Applying fixes can make others possible (or conflicting ones apply next
 * time); a few rounds reach the fixed point. */
#define FIX_MAX_ROUNDS 8

/* Fixes a linted, parsed document round after round until no fix applies;
 * doc then holds the fixed text, linted, and tally counts what was applied.
 * Returns false if a fix produced text that does not parse (a bug in a
 * fix): the caller must then write nothing. */
bool fix_document(struct document *doc, bool unsafe, struct fix_tally *tally);

#endif
