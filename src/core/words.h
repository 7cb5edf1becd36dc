/* words: how findings name a record's fields, places and points when the
 * record was read from SGF and its findings are shown in the SGF's text (a
 * check in place, convert/inplace.c): as the SGF writes them, `KM` for
 * `rules.komi`, "1:21 (the root node)" for a pointer and its line:col in
 * the record, `dd` for (3, 3). A document's words are NULL for JGF, and
 * every message is then the record's own. */
#ifndef JGF_WORDS_H
#define JGF_WORDS_H

#include <stdbool.h>

#include "base/buf.h"

struct words {
	/* The property a field of the record (its pointer, "/rules/komi", or a
	 * node's relative one, "/turn") is read from: "KM", or NULL. */
	const char *(*field)(const char *pointer);
	/* Where the value at pointer (the record's) is in the source, appended
	 * to out: "1:21 (the root node)". */
	void (*place)(const void *ctx, const char *pointer, struct buf *out);
	const void *ctx;
};

/* The name of the field at pointer as w says (jgf when w is NULL or does
 * not know it). */
const char *words_field(const struct words *w, const char *pointer, const char *jgf);
/* A point (x, y) zero-based from the top left as the record writes it,
 * into out (at least 3 bytes): "dd" in SGF (up to 52 lines), else "3, 3". */
const char *words_point(const struct words *w, int x, int y, char out[24]);

#endif
