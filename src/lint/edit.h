/* edit: a document's fixes as byte edits of its text: one round of them
 * applied, or one finding's edits for reports that carry them. */
#ifndef JGF_EDIT_H
#define JGF_EDIT_H

#include <stdbool.h>
#include <stddef.h>

struct document;

/* One round: applies the fixes of doc's diagnostics whose safety is allowed
 * (safe; with unsafe, unsafe ones too) and that do not overlap a fix already
 * taken. Returns the new text (NUL-terminated, *len set) or NULL when no fix
 * applied. For each diagnostic whose fix was applied, applied[i] is set
 * (applied has doc->diags.len entries). */
char *fix_apply(struct document *doc, bool unsafe, size_t *len, bool *applied);
/* The same, leaving out the diagnostics with skip[i] set (skip may be NULL). */
char *fix_apply_some(struct document *doc, bool unsafe, size_t *len, bool *applied,
		     const bool *skip);

/* Whether the edit of [start, end) overlaps one of [t_start, t_end) taken
 * before it in a round: they share a byte, one is an insertion inside the
 * other, or both insert at one place (two fixes adding the same key would
 * write it twice). An insertion where a replaced span begins does not: it
 * is written before it (edit_order). The one judgement of every fix
 * loop's rounds: JGF's (fix_apply_some) and SGF's (convert/sgfround.c). */
bool edit_overlaps(size_t t_start, size_t t_end, size_t start, size_t end);
/* The order a round's edits are written in: by place, and at one place
 * insertions first; 0 for two alike. */
int edit_order(size_t a_start, size_t a_end, size_t b_start, size_t b_end);

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

#endif
