/* sgfoffer: a check's offer on SGF (sgfround.h's sgf_round_offer): the
 * fixes --fix would write in the file's bytes, each pass's judged by the
 * guard's round (convert/sgfround.c) and searched by the fix loop's search
 * (lint/fixloop.c), those that change the game taken off. */
#include "convert/sgfround.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "core/diag.h"
#include "core/fix.h"
#include "convert/decode.h"
#include "convert/misread.h"
#include "convert/sgfedit.h"
#include "lint/fixloop.h"

/* Whether any of the n marks is set. */
static bool any_set(const bool *marks, size_t n)
{
	return n && memchr(marks, true, n);
}

/* Whether the bracket at i is escaped (an odd run of `\\` before it). */
static bool escaped(const char *bytes, size_t i)
{
	size_t slashes = 0;
	while (slashes < i && bytes[i - 1 - slashes] == '\\')
		slashes++;
	return slashes % 2;
}

/* Whether [a, b) of the decoded text (len bytes) lies inside one value,
 * closed: the nearest `[` or `]` not escaped before a is a `[` and after
 * b a `]` (a `[` between, as in a value cut short that the reader closes,
 * says no), neither they hold a `]` or a `\\` (a `[` there is the value's
 * own) nor what is written a bracket or a `\\`. The text is UTF-8, read on characters: a Shift_JIS second byte is
 * no bracket there. */
static bool in_value(const char *t, size_t len, size_t a, size_t b, const char *text)
{
	if (b > len || memchr(t + a, ']', b - a) || memchr(t + a, '\\', b - a) ||
	    strpbrk(text, "[]\\"))
		return false;
	size_t i = a, j = b;
	while (i-- > 0 && ((t[i] != '[' && t[i] != ']') || escaped(t, i)))
		;
	while (j < len && ((t[j] != '[' && t[j] != ']') || escaped(t, j)))
		j++;
	return i != SIZE_MAX && t[i] == '[' && j < len && t[j] == ']';
}

/* Whether the round's bytes, with the edits it last chose, read as
 * themselves (decode_sgf_same: UTF-8 valid and read so, or ASCII in a set
 * of ISO-8859-1's family; no byte order mark), whatever sets decoding
 * chose for their games. */
static bool written_as_themselves(struct sgf_round *round)
{
	const struct buf *next = sgf_round_next(round);
	struct buf text = BUF_INIT;
	struct sgf_notes notes = { .bare = true };
	size_t skip;
	bool same = decode_sgf_same(next->data ? next->data : "", next->len, NULL, &text, &skip,
				    &notes) &&
		    !skip;
	buf_free(&text);
	sgf_notes_free(&notes);
	return same;
}

/* Whether every edit used only rewrites what a value says: the guard has
 * nothing to find (it changes the property its finding names, and no
 * other), and reads nothing (REVIEW.md R7: a check's 600 CA fixes). Read
 * in doc's text, where its findings' fixes are placed. Not where the
 * reader guessed where a value ends (sgf-unclosed-value): its brackets
 * are not the reading's, as in FF[4;b] (FF read as `4`, the `;` an empty
 * node's, which taken out makes FF `4b`: --fix refuses it, so must the
 * offer; fix_mutations seed 1).
 * An edit that takes out or writes a character beyond ASCII may change
 * the set the bytes are read in, detected from those bytes (sgf_mutations
 * seed 219 c00282: a Shift_JIS game without CA, RE[白3目半勝ち] written
 * W+3.5, and its BR[初段] read in another set; --fix refused it, the
 * check offered it), or declared by a CA they made fit or not (CA[GBK]
 * over UTF-8 whose one character GBK breaks is taken out: sgffix.sh).
 * Such edits only where the check read the bytes themselves as its text
 * (as: it took them, no byte order mark before them) and the bytes
 * written read as themselves too: the guard's two readings are then of
 * the bytes as they are, before and after, whatever set each game was
 * read in, and the edits are in those bytes inside values as in the
 * text (each is checked there). One decoding of the written bytes, not
 * two readings of the whole text and a search (issue 74: a collection's
 * RE[白中押し勝ち] in every game, 887 M instructions of a check's 1,745 M). */
static bool values_only(struct sgf_round *round, const struct document *doc, const bool *used)
{
	if (sgf_reading_guessed(doc))   /* reported or not (REVIEW.md R81's rest) */
		return false;
	bool high = false;
	for (size_t i = 0; i < round->n; i++) {
		const struct fix_op *op = &round->e[i].diag->fix->ops[0];
		if (!used[i])
			continue;
		if (op->kind != FIX_BYTES || !doc->text ||
		    !in_value(doc->text, doc->len, op->bytes.start, op->bytes.end,
			      op->text ? op->text : ""))
			return false;
		high = high || has_high(doc->text + op->bytes.start, op->bytes.end - op->bytes.start) ||
		       (op->text && has_high(op->text, strlen(op->text)));
	}
	if (!high)
		return true;
	const struct sgf_read_as *as = round->as;
	if (!as || as->plain < 0 || as->text != round->bytes || as->len != round->len)
		return false;
	for (size_t i = 0; i < round->n; i++)
		if (used[i] && !in_value(round->bytes, round->len, round->e[i].start, round->e[i].end,
					 round->e[i].text))
			return false;
	return written_as_themselves(round);
}

/* One pass of a check's offer: the safe fixes, or (unsafe) the unsafe
 * ones alone, as --fix takes them (in passes of their own: with an
 * unsafe fix in the round, the guard lets values be gained, which let a
 * safe fix's `;` taken out give SZ stray values: fix_mutations seed 2),
 * judged and searched as --fix's search does; those refused added to r.
 * was: the bytes' digest, read once (*read). */
static void offer_pass(struct document *doc, const char *bytes, size_t len, const char *set,
		       bool unsafe, struct fix_refusals *r, struct sgf_digest *was, bool *read,
		       const struct sgf_read_as *as)
{
	struct sgf_round round = { bytes, len, NULL, 0, was, BUF_INIT, NULL, SIZE_MAX, NULL, NULL, NULL,
				   as, NULL, 0, false, set };
	round.n = sgf_round_edits(doc, bytes, len, set, unsafe, r, &round.e);
	size_t k = 0;
	for (size_t i = 0; i < round.n; i++)
		if ((round.e[i].diag->fix->safety == FIX_UNSAFE) == unsafe)
			round.e[k++] = round.e[i];
	round.n = k;
	/* (one allocation: the fixes used, those left and those asked) */
	bool *used = xcalloc(3 * (round.n + 1), sizeof *used), *left = used + round.n + 1,
	     *asked = left + round.n + 1;
	const struct fix_source search = { .finding = sgf_round_finding,
					   .write = sgf_round_write_next,
					   .keeps = sgf_round_reads_same, .alone = sgf_round_alone,
					   .part = sgf_round_part };
	for (size_t i = 0; i < round.n; i++)
		left[i] = true;
	/* The guard's readings are paid only where there is a fix to offer,
	 * the whole text's only where the fixes are not judged alone. A fix
	 * one written overlaps, which --fix makes in a later round (gC[]'s
	 * removal beside its rename: REVIEW.md R56), is judged in a pass of
	 * its own. */
	while (sgf_round_write_next(&round, left, used)) {
		for (size_t i = 0; i < round.n; i++)
			left[i] &= !used[i];
		if (values_only(&round, doc, used))
			continue;
		if (!*read && round.was)
			round.was = NULL, round.unread = was;
		memcpy(asked, used, round.n);
		size_t had = r->len;
		fix_loop_search(&search, &round, round.n, used, r);
		/* Judged game by game in a set the bytes are not (sgf_local's
		 * decoded): the fixes kept read once in the whole text, whose set
		 * a reader detects anew, as --fix's check of what it writes does;
		 * where they change it, searched again by such readings. */
		if (round.local && round.local->decoded && round.local->ok && any_set(used, round.n) &&
		    !sgf_round_reads_same(&round, used, true, NULL)) {
			fix_refusals_cut(r, had);
			memcpy(used, asked, round.n);
			round.local->ok = false;
			fix_loop_search(&search, &round, round.n, used, r);
		}
		*read = round.was != NULL;
	}
	sgf_round_forget(&round);
	free(used);
	free(round.e);
	buf_free(&round.next);
}

void sgf_round_offer(struct document *doc, const char *bytes, size_t len, const char *set,
		     const struct sgf_read_as *as)
{
	sgf_fix_offer(doc, bytes, len, set);
	struct fix_refusals refused = { 0 };
	struct sgf_digest was = { .text = BUF_INIT };
	bool read = false;
	offer_pass(doc, bytes, len, set, false, &refused, &was, &read, as);
	offer_pass(doc, bytes, len, set, true, &refused, &was, &read, as);
	sgf_digest_free(&was);
	fix_refusals_unoffer(&refused, doc);
	fix_refusals_free(&refused);
}
