/* sgffix: --fix and --diff on SGF where it is: the repairs of the
 * readers' findings that have a fix (convert/sgfedit.c places each in the
 * file's own bytes) written there by the one fix loop (lint/fixloop.c),
 * the file's bytes its source: each round's bytes checked again and their
 * games compared with those before (convert/sgfround.c: the game kept). */
#include "convert/sgffix.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/charset.h"
#include "convert/inplace.h"
#include "convert/sgfedit.h"
#include "convert/sgfround.h"
#include "lint/fixloop.h"

/* The file's bytes as a source of fixes (lint/fixloop.h): the round
 * (its bytes, edits and next bytes) and the check of the bytes, and of the
 * next ones, each with the games it read (the guard compares them at no
 * reading of its own) and the converter bugs it found. */
struct sgf_source {
	struct sgf_round round;
	char *bytes, *path;
	const char *set;
	const struct check_request *req;
	struct document doc;   /* the next bytes loaded */
	struct checked ck, after;
	struct sgf_digest was, now;
	struct buf bugs_now, bugs_next;
	size_t nbugs, nbugs_next;
};

static size_t sgf_edits(void *self, bool unsafe, struct fix_refusals *r)
{
	struct sgf_source *s = self;
	free(s->round.e);
	s->round.n = sgf_round_edits(&s->ck.doc, s->bytes, s->round.len, s->set, unsafe, r,
				     &s->round.e);
	return s->round.n;
}

/* Full: the next bytes checked as the first were, their games digested
 * as read, compared with those before. Read afresh, detection of the set
 * of games without CA too, not in the set the first check detected: a
 * file without CA is detected anew by every reader, so a fix whose bytes
 * a reader would read in another set re-decides the file's set, and is
 * refused (tests/sgffix.sh's cs2.sgf: RE's Shift_JIS words written W+3.5,
 * BR then read otherwise). Handing the first detection on to this check
 * would write it; to the search's probes alone (which run only where this
 * check refused) it saved nothing (stop 94: --fix of 150 Latin-1 games
 * 293.0 M -> 293.0 M instructions). */
static bool sgf_keeps(void *self, const bool *used, bool full, struct buf *why)
{
	struct sgf_source *s = self;
	if (!full)
		return sgf_round_reads_same(&s->round, used, false, why);
	sgf_digest_clear(&s->now);
	buf_truncate(&s->bugs_next, 0);
	const struct buf *next = sgf_round_next(&s->round);
	document_load_buffer(&s->doc, s->path, next->data, next->len);
	s->nbugs_next = inplace_check(&s->after, &s->doc, &(struct inplace_request){
		.settings = s->req->settings, .repairs = true, .bugs = &s->bugs_next,
		.digest = &s->now });
	return sgf_round_keeps(&s->was, &s->now, s->round.e, s->round.n, used, why);
}

static bool sgf_unchanged(void *self)
{
	struct sgf_source *s = self;
	const struct buf *next = sgf_round_next(&s->round);
	return next->len == s->round.len && memcmp(next->data, s->bytes, s->round.len) == 0;
}

static void sgf_take(void *self)
{
	struct sgf_source *s = self;
	sgf_round_next(&s->round);
	free(s->bytes);
	s->round.len = s->round.next.len;
	s->bytes = buf_detach(&s->round.next);
	s->round.bytes = s->bytes;
	checked_free(&s->ck);
	s->ck = s->after;
	s->after = (struct checked){ 0 };
	s->nbugs = s->nbugs_next;
	struct sgf_digest t = s->was;
	s->was = s->now, s->now = t;
	sgf_round_forget(&s->round);
	struct buf tb = s->bugs_now;
	s->bugs_now = s->bugs_next, s->bugs_next = tb;
}

static void sgf_drop(void *self)
{
	checked_free(&((struct sgf_source *)self)->after);
}

static struct document *sgf_doc(void *self)
{
	return &((struct sgf_source *)self)->ck.doc;
}

static const struct fix_source sgf_source = {
	sgf_edits, sgf_round_finding, sgf_round_write_next, sgf_keeps, sgf_unchanged, sgf_take,
	sgf_drop, sgf_doc, sgf_round_still, sgf_round_alone, sgf_round_part, NULL
};

/* The fixed file's bytes kept on the document checked last, where its
 * findings are (-f rdjson's columns), unless they are its text. */
static void keep_file(struct document *doc, const char *bytes, size_t len, const char *set)
{
	charset_file_free(doc->file);
	doc->file = NULL;
	if (!doc->diags.len || !doc->text || (len == doc->len && !memcmp(bytes, doc->text, len)))
		return;
	char *copy = xmalloc(len + 1);
	memcpy(copy, bytes, len);
	copy[len] = '\0';
	doc->file = sgf_file_kept(copy, len, set);
}

size_t sgf_fix_in_place(struct checked *out, struct document *doc,
			const struct check_request *req, struct buf *bugs)
{
	struct sgf_source s = { .round = { .next = BUF_INIT }, .req = req,
				.was = { .text = BUF_INIT }, .now = { .text = BUF_INIT },
				.bugs_now = BUF_INIT, .bugs_next = BUF_INIT };
	size_t len = doc->len;
	char *original = xmalloc(len + 1);
	memcpy(original, doc->text, len);
	original[len] = '\0';
	s.bytes = xmalloc(len + 1);
	memcpy(s.bytes, original, len + 1);
	s.path = xstrdup(doc->path);
	s.round = (struct sgf_round){ s.bytes, len, NULL, 0, &s.was, BUF_INIT, NULL, SIZE_MAX,
				      NULL, NULL, NULL, NULL, NULL, 0, false, NULL };
	/* The file as read, which the write checks it still is. */
	struct file_stamp stamp = doc->stamp;
	doc->stamp = (struct file_stamp){ 0 };
	/* The set the check reads the file in is the one the fixes are written
	 * in (its bytes decoded once, not again for it). */
	char set[64];
	s.nbugs = inplace_check(&s.ck, doc, &(struct inplace_request){
		.settings = req->settings, .repairs = true, .bugs = &s.bugs_now, .digest = &s.was,
		.set = set });
	if (!sgf_fix_set_writable(set))
		*set = '\0';
	s.set = s.round.set = set;
	struct fix_tally tally = { 0 };
	fix_loop(&sgf_source, &s, req->unsafe, &tally);
	buf_add(bugs, s.bugs_now.data, s.bugs_now.len);
	/* What remains offers only what another --fix would write. */
	sgf_round_offer(&s.ck.doc, s.bytes, s.round.len, set, NULL);
	keep_file(&s.ck.doc, s.bytes, s.round.len, set);
	*out = s.ck;
	free(out->original);
	out->original = original;
	out->original_len = len;
	fix_tally_free(&out->tally);
	out->tally = tally;
	free(out->doc.stamp.link);
	out->doc.stamp = stamp;
	out->bytes = s.bytes;
	out->bytes_len = s.round.len;
	free(s.round.e);
	sgf_round_forget(&s.round);
	buf_free(&s.round.next);
	sgf_digest_free(&s.was);
	sgf_digest_free(&s.now);
	buf_free(&s.bugs_now);
	buf_free(&s.bugs_next);
	document_free(&s.doc);
	free(s.path);
	return s.nbugs;
}
