/* sgfround: a round of --fix on SGF where it is, guarded: what it writes
 * keeps the game but for what each fix's finding names (issue 70;
 * convert/sgfround.c). */
#ifndef JGF_SGFROUND_H
#define JGF_SGFROUND_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"
#include "convert/sgflocal.h"
#include "convert/sgfnote.h"
#include "convert/sgfsame.h"
#include "lint/fixloop.h"
#include "read/load.h"

/* A fix placed in the file's bytes. */
struct sgf_edit {
	size_t start, end;         /* in the file's bytes */
	const char *text;
	const struct diag *diag;   /* its finding */
	struct sgf_pos from, to;   /* in the decoded text */
};

/* The edits of the fixes of d's findings (a check of SGF in place; of the
 * safety asked, none r refuses) placed in the file's len bytes at bytes,
 * read in set, in their order, into *out (the caller's); a fix that cannot
 * be placed is said in r. Returns how many. */
size_t sgf_round_edits(struct document *d, const char *bytes, size_t len, const char *set,
		       bool unsafe, struct fix_refusals *r, struct sgf_edit **out);
/* The n edits e that take marks (NULL: all) applied where they overlap
 * none applied before them (the others: the next round's): used marks
 * which. False when none. */
bool sgf_round_choose(const struct sgf_edit *e, size_t n, const bool *take, bool *used);
/* Whether now (the digest of the bytes with the edits used) is was but
 * for the properties they name (an unsafe one among them: losing none of
 * was's values); why, when not NULL, says where not. */
bool sgf_round_keeps(const struct sgf_digest *was, const struct sgf_digest *now,
		     const struct sgf_edit *e, size_t n, const bool *used, struct buf *why);

/* A round as the fix loop reads it (lint/fixloop.h): its edits written
 * into next and read again, compared with was. */
struct sgf_round {
	const char *bytes;
	size_t len;
	struct sgf_edit *e;
	size_t n;
	const struct sgf_digest *was;
	struct buf next;
	struct sgf_pos *starts;   /* was's nodes, where each begins, in order */
	size_t nstarts;           /* SIZE_MAX: not yet found (sgf_round_forget) */
	struct sgf_local *local;  /* the bytes' nodes, for sgf_round_alone */
	struct sgf_digest *unread;   /* was, when it is read from the bytes at
				      * the first reading (a check's offer) */
	struct sgf_near *near;    /* the edits last written, for sgf_round_still */
	const struct sgf_read_as *as;   /* a check's reading of the bytes, or NULL */
	bool *chosen;             /* the edits the last write used, */
	size_t chosen_len;        /* (chosen's n) */
	bool stale;               /* and next not yet written with them */
	const char *set;          /* the set the bytes are read in, or NULL */
};
/* The fix loop's finding, write and keeps (a reading, full or not) of an
 * sgf_round. Its write chooses the edits; the bytes are written when
 * asked (sgf_round_next): a search's probe reading one game pays for no
 * copy of the others (REVIEW.md R150). */
const struct diag *sgf_round_finding(void *round, size_t i);
bool sgf_round_write_next(void *round, const bool *take, bool *used);
/* The bytes with the edits the last write chose (empty: none). */
const struct buf *sgf_round_next(struct sgf_round *r);
/* full: the whole text read, never a game of it alone. */
bool sgf_round_reads_same(void *round, const bool *used, bool full, struct buf *why);

/* The fix loop's still (lint/fixloop.h): a fix refused, its finding at
 * *line:*col, stays refused when no edit used lies in its node or the
 * nodes beside it (as was reads them); *line:*col then where it is in the
 * bytes written. */
bool sgf_round_still(void *round, const bool *used, unsigned long *line, unsigned long *col);
/* The fix loop's alone (lint/fixloop.h): fix i judged by reading again
 * only the nodes around it, one before the node it begins in to two after
 * the one it ends in, as sgf_round_reads_same judges it written alone;
 * -1 where that reading may not be the whole one's: bytes that do not read
 * as themselves or whose value ends the reader guessed, an edit of a
 * parenthesis, backslash or bracket left open, another edit used near. */
int sgf_round_alone(void *round, size_t i, const bool *used, struct buf *why);
/* The fix loop's part (lint/fixloop.h): the game fix i lies in, judged
 * by reading that game's bytes alone where the fixes used all lie in it
 * (decoded in the round's set where they do not read as themselves);
 * SIZE_MAX where they are not read so (sgf_local's ok), the
 * fix is unsafe (it may gain what another game lost), or its edit takes
 * out or writes a parenthesis or a byte of a character set's. */
size_t sgf_round_part(void *round, size_t i);
/* What the round knows of was forgotten (was is another text's now). */
void sgf_round_forget(struct sgf_round *r);

/* A check's offer: the fixes of doc's findings that --fix would not write
 * in the file's bytes (sgf_fix_offer), or that change the game, taken off.
 * as (NULL: not known) is the check's reading of the bytes, whose games
 * the guard compares each round's with, as --fix's does its check's. */
void sgf_round_offer(struct document *doc, const char *bytes, size_t len, const char *set,
		     const struct sgf_read_as *as);

#endif
