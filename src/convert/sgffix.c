/* sgffix: --fix and --diff on SGF where it is: the repairs of the
 * readers' findings that have a fix (convert/sgfedit.c places each in the
 * file's own bytes) written there, round after round (convert/sgfround.c,
 * each guarded: the game kept), the file checked again after each until
 * no fix applies, as --fix does for JGF (lint/fixloop.c). */
#include "convert/sgffix.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "convert/decode.h"
#include "convert/inplace.h"
#include "convert/sgfedit.h"
#include "convert/sgfround.h"
#include "lint/fixloop.h"

/* A round's edits: the safe fixes first, the unsafe (with unsafe) in
 * rounds of their own, *unsafe_round then set: an unsafe round's guard
 * lets values be gained (it may restore what a reading lost), which must
 * not let a safe fix of the same round make stray values a comment's
 * (issue 70). */
static size_t round_edits(struct document *d, const char *bytes, size_t len, const char *set,
			  bool unsafe, const struct buf *out_refused, struct sgf_edit **e,
			  struct buf *notes, bool *unsafe_round)
{
	size_t n = sgf_round_edits(d, bytes, len, set, false, out_refused, e, notes);
	if (n || !unsafe)
		return n;
	free(*e);
	buf_truncate(notes, 0);
	*unsafe_round = true;
	return sgf_round_edits(d, bytes, len, set, true, out_refused, e, notes);
}

size_t sgf_fix_in_place(struct checked *out, struct document *doc,
			const struct check_request *req, struct buf *bugs)
{
	size_t len = doc->len;
	char *bytes = xmalloc(len + 1), *original = xmalloc(len + 1), *path = xstrdup(doc->path);
	memcpy(bytes, doc->text, len);
	bytes[len] = '\0';
	memcpy(original, bytes, len + 1);
	size_t original_len = len;
	/* The file as read, which the write checks it still is. */
	struct file_stamp stamp = doc->stamp;
	doc->stamp = (struct file_stamp){ 0 };
	char set[64];
	if (!decode_sgf_set(bytes, len, NULL, set) || !sgf_fix_set_writable(set))
		*set = '\0';
	struct fix_tally tally = { 0 };
	struct buf notes = BUF_INIT, bugs_now = BUF_INIT, bugs_next = BUF_INIT,
		   out_refused = BUF_INIT, refusals = BUF_INIT, next = BUF_INIT;
	/* The games each check reads, digested as it reads them: a round is
	 * compared with the one before at no reading of its own */
	struct sgf_digest was = { .text = BUF_INIT }, now = { .text = BUF_INIT };
	struct checked ck, after;
	size_t nbugs = inplace_check(&ck, doc, &(struct inplace_request){
		.settings = req->settings, .repairs = true, .bugs = &bugs_now, .digest = &was });
	for (int round = 0; round < FIX_MAX_ROUNDS; round++) {
		buf_truncate(&notes, 0);
		struct sgf_edit *e;
		bool unsafe_round = false;
		size_t n = round_edits(&ck.doc, bytes, len, set, req->unsafe, &out_refused, &e,
				       &notes, &unsafe_round);
		bool *used = xcalloc(n + 1, sizeof *used);
		bool any = sgf_round_write(bytes, len, e, n, NULL, used, &next);
		size_t nb = 0;
		for (int again = 0; any && again < 2; again++) {
			sgf_digest_clear(&now);
			buf_truncate(&bugs_next, 0);
			document_load_buffer(doc, path, next.data, next.len);
			nb = inplace_check(&after, doc, &(struct inplace_request){
				.settings = req->settings, .repairs = true, .bugs = &bugs_next,
				.digest = &now });
			if (again || sgf_round_keeps(&was, &now, e, n, used, NULL))
				break;
			/* It changed the game: each fix alone, those that keep it */
			checked_free(&after);
			any = sgf_round_guard(&was, bytes, len, e, n, used, &next, &out_refused,
					      &refusals, path);
		}
		for (size_t i = 0; any && i < n; i++)
			if (used[i])
				fix_tally_add(&tally, e[i].diag->rule);
		free(used);
		free(e);
		if (!any && (unsafe_round || !req->unsafe))
			break;
		if (!any)
			continue;   /* each safe fix refused: the unsafe ones next */
		free(bytes);
		len = next.len;
		bytes = buf_detach(&next);
		checked_free(&ck);
		ck = after;
		nbugs = nb;
		struct sgf_digest t = was;
		was = now, now = t;
		struct buf tb = bugs_now;
		bugs_now = bugs_next, bugs_next = tb;
	}
	buf_add(bugs, bugs_now.data, bugs_now.len);
	buf_free(&bugs_now);
	buf_free(&bugs_next);
	buf_free(&next);
	/* What remains offers only what another --fix would write. */
	sgf_round_unoffer(&ck.doc, &out_refused);
	sgf_round_offer(&ck.doc, bytes, len, set);
	sgf_digest_free(&was);
	sgf_digest_free(&now);
	buf_add(&notes, refusals.data, refusals.len);
	buf_free(&refusals);
	buf_free(&out_refused);
	*out = ck;
	free(out->original);
	out->original = original;
	out->original_len = original_len;
	fix_tally_free(&out->tally);
	out->tally = tally;
	out->tally.notes_len = notes.len;
	out->tally.notes = notes.len ? buf_detach(&notes) : NULL;
	buf_free(&notes);
	free(out->doc.stamp.link);
	out->doc.stamp = stamp;
	out->bytes = bytes;
	out->bytes_len = len;
	free(path);
	return nbugs;
}
