/* sgffix: --fix and --diff on SGF where it is: the repairs of the
 * readers' findings that have a fix (convert/sgfedit.c places each in the
 * file's own bytes) written there, round after round, the file checked
 * again after each until no fix applies, as --fix does for JGF
 * (lint/fixloop.c). */
#include "convert/sgffix.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/locate.h"
#include "core/diag.h"
#include "core/fix.h"
#include "convert/decode.h"
#include "convert/inplace.h"
#include "convert/sgfedit.h"
#include "lint/fixloop.h"

struct edit {
	size_t start, end;      /* in the file's bytes */
	const char *text;
	const struct rule *rule;
};

static int by_start(const void *a, const void *b)
{
	const struct edit *x = a, *y = b;
	return x->start < y->start ? -1 : x->start > y->start;
}

/* The edits of ck's fixes (of the safety asked) in the file's bytes; a
 * fix that cannot be placed there is said in notes. */
static size_t edits_of(struct checked *ck, const char *bytes, size_t len, const char *set,
		       bool unsafe, struct edit **out, struct buf *notes)
{
	struct document *d = &ck->doc;
	struct sgf_placed *p;
	size_t np = sgf_fix_place(d, bytes, len, set, &p), n = 0, cap = 0;
	for (size_t j = 0; j < np; j++) {
		const struct diag *g = &d->diags.items[p[j].diag];
		if (g->fix->safety == FIX_UNSAFE && !unsafe)
			continue;
		if (!p[j].ok) {
			unsigned long l, c;
			locator_linecol(d->loc, g->fix->ops[0].bytes.start, &l, &c);
			buf_printf(notes, "jgflint: note: %s:%lu:%lu: the %s fix was not applied: %s\n",
				   d->path, l, c, g->rule->id, p[j].why);
			continue;
		}
		*out = xgrow(*out, &cap, n + 1, sizeof **out);
		(*out)[n++] = (struct edit){ p[j].a, p[j].b, g->fix->ops[0].text, g->rule };
	}
	free(p);
	sort_items(*out, n, sizeof **out, by_start);
	return n;
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
	struct buf notes = BUF_INIT, round_bugs = BUF_INIT;
	struct checked ck;
	size_t nbugs;
	for (int round = 0;; round++) {
		buf_truncate(&round_bugs, 0);
		buf_truncate(&notes, 0);
		nbugs = inplace_check(&ck, doc, &(struct inplace_request){
			.settings = req->settings, .repairs = true, .bugs = &round_bugs });
		struct edit *e = NULL;
		size_t n = round == FIX_MAX_ROUNDS ? 0 :
			   edits_of(&ck, bytes, len, set, req->unsafe, &e, &notes);
		struct buf next = BUF_INIT;
		size_t at = 0, applied = 0;
		size_t last = SIZE_MAX;
		for (size_t i = 0; i < n; i++) {
			if (applied && (e[i].start < at || e[i].start == last))
				continue;   /* overlaps one applied: the next round's */
			last = e[i].start;
			buf_add(&next, bytes + at, e[i].start - at);
			buf_adds(&next, e[i].text);
			at = e[i].end;
			applied++;
			fix_tally_add(&tally, e[i].rule);
		}
		free(e);
		if (!applied) {
			buf_free(&next);
			break;
		}
		buf_add(&next, bytes + at, len - at);
		free(bytes);
		len = next.len;
		bytes = buf_detach(&next);
		checked_free(&ck);
		document_load_buffer(doc, path, bytes, len);
	}
	buf_add(bugs, round_bugs.data, round_bugs.len);
	buf_free(&round_bugs);
	/* What remains offers only what another --fix would write. */
	sgf_fix_offer(&ck.doc, bytes, len, set);
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
