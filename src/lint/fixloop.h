/* fixloop: --fix's one loop, for every source of fixes (JGF's text,
 * lint/fixjgf.c; SGF's bytes, convert/sgffix.c): rounds, safe fixes before
 * unsafe ones, a round refused and searched for the fix that spoils it,
 * what was not applied said once, the fixes counted. */
#ifndef JGF_FIXLOOP_H
#define JGF_FIXLOOP_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"

struct diag;
struct document;
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

/* Fixes not applied, each known by its finding (rule, message and place
 * in the text: findings alike, such as empty nodes, are each their own),
 * with why; a refused one stays out of the rounds (and is offered no
 * more) while the rounds leave its neighbourhood as it was (a source
 * that cannot tell: until the text changes); a fix a source cannot write
 * is only said. */
struct fix_refusals {
	struct fix_refusal {
		const struct rule *rule;
		char *message;
		unsigned long line, col;   /* where it was found, before the round */
		unsigned long at_line, at_col;   /* its finding's place in the text */
		char *why;
		bool refused;              /* false: only said (the source cannot write it) */
		bool seen;                 /* its finding is among the round's */
	} *items;
	size_t len, cap;
	size_t refused;   /* of the items, how many are refused */
	struct fix_refusal_at {   /* the first `sorted` items by their finding's place, */
		unsigned long line, col;   /* in runs each sorted (runs[k] its first) */
		size_t i;
	} *order;
	size_t sorted, order_cap;
	size_t runs[64], nruns;   /* each smaller than the one before: at most log2 */
};

/* Whether d's fix is refused (its refusal then seen in this round). */
bool fix_refused(struct fix_refusals *r, const struct diag *d);
/* d's fix not applied, why (refused: kept out of the rounds), found at
 * line:col. */
void fix_refusals_add(struct fix_refusals *r, const struct diag *d, unsigned long line,
		      unsigned long col, const char *why, bool refused);
/* The refusals r holds past its first len dropped. */
void fix_refusals_cut(struct fix_refusals *r, size_t len);
void fix_refusals_free(struct fix_refusals *r);

/* A source of fixes: the check it holds, its fixes (the edits of a
 * round: indices 0 to n - 1), written into its next text and read again. */
struct fix_source {
	/* The round's fixes of the check held: of the safety asked (unsafe:
	 * the unsafe ones too), none refused; one that cannot be written is
	 * said in r. Returns how many. */
	size_t (*edits)(void *self, bool unsafe, struct fix_refusals *r);
	const struct diag *(*finding)(void *self, size_t i);
	/* The next text: the fixes take marks (NULL: every one) written where
	 * they overlap none written before them (the others: a later round's);
	 * used marks which. False when none is. */
	bool (*write)(void *self, const bool *take, bool *used);
	/* Whether the next text (with the fixes used) keeps what the text held
	 * (the game, no new error); why, when not NULL, gets why not. full: it
	 * is checked in full, the check kept for take (else only read). */
	bool (*keeps)(void *self, const bool *used, bool full, struct buf *why);
	bool (*unchanged)(void *self);   /* the next text is the text */
	void (*take)(void *self);        /* the next text, checked in full, is the text */
	void (*drop)(void *self);        /* the full check of the next text dropped */
	struct document *(*doc)(void *self);   /* the check held */
	/* Whether a fix refused, its finding at *line:*col of the text, stays
	 * refused in the next text the fixes used write: none of them lies
	 * in its neighbourhood (REVIEW.md R27: a refusal searched again only
	 * where the text around it changed); *line:*col then its place
	 * there. NULL: every refusal is tried again once the text changes. */
	bool (*still)(void *self, const bool *used, unsigned long *line, unsigned long *col);
	/* Fix i of a round (those used in it) judged alone, cheaply, as keeps
	 * judges it written alone: 1 keeps, 0 does not (why, when not NULL,
	 * gets why not, as keeps words it), -1 cannot tell. Told only where
	 * that judgement is also the fix's part in a set of such fixes: the
	 * set keeps the text when each keeps it alone. NULL: none is. */
	int (*alone)(void *self, size_t i, const bool *used, struct buf *why);
	/* The part of the text fix i lies in (a game) that keeps, not in
	 * full, reads alone where every fix used lies in it, as the whole
	 * text's reading judges them; SIZE_MAX: none. The search judges each
	 * part's fixes apart, a probe paying for its part, not the text
	 * (REVIEW.md R150). NULL: none has one. */
	size_t (*part)(void *self, size_t i);
	/* After keeps said the fixes used together do not keep the text:
	 * whether fix i is to blame, an error that text adds lying where its
	 * edit wrote (why, when not NULL, gets why not, as keeps words it).
	 * The search refuses those blamed with no probe of their own and
	 * searches the others: a round whose n fixes each add an error costs
	 * a probe or two, not ~2n readings of the whole text. NULL: none is. */
	bool (*blamed)(void *self, size_t i, struct buf *why);
};

/* The fixes of src's check applied round after round until none applies
 * (at most FIX_MAX_ROUNDS), the safe ones first and the unsafe ones (with
 * unsafe) in rounds of their own once no safe one is left; a round the
 * source says does not keep what the text held searched by halves for the
 * fix that spoils it, which is left out and said. The fixes applied are
 * counted in tally, the notes added to its own; what is left offers no
 * fix --fix refused. Returns false when the fixes kept after the search
 * still do not keep it (a bug: the last text kept is src's). */
bool fix_loop(const struct fix_source *src, void *self, bool unsafe, struct fix_tally *tally);
/* The search alone: the n fixes used (written, not keeping the text) tried
 * by halves, those that keep it together used, the others added to r;
 * then written. Returns whether any is used. A set of fixes the source
 * judges alone (fix_source.alone) is judged by those judgements. */
bool fix_loop_search(const struct fix_source *src, void *self, size_t n, bool *used,
		     struct fix_refusals *r);
/* The fixes of d's findings r refuses offered no more. */
void fix_refusals_unoffer(struct fix_refusals *r, struct document *d);

#endif
