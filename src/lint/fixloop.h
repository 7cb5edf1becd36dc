/* fixloop: --fix on a linted document, round after round. */
#ifndef JGF_FIXLOOP_H
#define JGF_FIXLOOP_H

#include <stdbool.h>
#include <stddef.h>

struct document;
struct lint_settings;
struct rule;

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
/* One more fix of rule counted. */
void fix_tally_add(struct fix_tally *t, const struct rule *rule);

/* Applying fixes can make others possible (or conflicting ones apply next
 * time); a few rounds reach the fixed point. */
#define FIX_MAX_ROUNDS 8

/* Fixes a linted document round after round until no fix applies (one
 * that does not parse first gets the repairs of repair.h, if they make it
 * JSON; else it stays as it is);
 * doc then holds the fixed text, linted with ls as it was, and tally
 * counts what was applied.
 * A fix whose result does not parse, or has more errors of some rule than
 * before (outside the go category, whose replay sees further once a line is
 * repaired), is left out and named in tally->notes. Returns false if the
 * text still does not parse (a bug in the fixer): the caller must then
 * write nothing. */
bool fix_document(struct document *doc, const struct lint_settings *ls, bool unsafe,
		  struct fix_tally *tally);

#endif
