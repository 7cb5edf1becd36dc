/* pipeline: the one path from a loaded document to its located findings
 * and, on request, its fixed text. Every front end checks through it: the
 * CLI's files and --stream, --convert's check of what it writes, the
 * library, the page and the editor server. */
#ifndef JGF_PIPELINE_H
#define JGF_PIPELINE_H

#include <stdbool.h>
#include <stddef.h>

#include "core/settings.h"
#include "lint/fixloop.h"
#include "read/load.h"

struct check_request {
	const struct lint_settings *settings;  /* NULL: every rule, as is */
	bool fix;                              /* apply the fixes, round after round */
	bool unsafe;                           /* with fix, the unsafe ones too */
};

struct checked {
	struct document doc;      /* linted: the input, or with fix the fixed text */
	const char *read_as;      /* checked in place (convert/inplace.h): "SGF", "UGF",
				   * "GIB" or "NGF"; NULL for JSON */
	/* With fix: */
	char *original;           /* the input's text (when doc's differs from it) */
	size_t original_len;
	struct fix_tally tally;   /* the fixes applied, and those left out (notes) */
	bool fix_broke;           /* the fixes together gave text that does not parse (a
				   * bug in a fix): doc is the input, linted, and nothing
				   * may be written */
	char *bytes;              /* with fix, of SGF fixed where it is: the file's fixed
				   * bytes (doc's text is them decoded); NULL otherwise */
	size_t bytes_len;
};

/* Checks doc (loaded; taken over, so doc is left empty) as req asks. */
void check_document(struct checked *out, struct document *doc, const struct check_request *req);
/* The same of doc linted already, with req's settings (document_lend of a
 * check's document): fixed as req asks, not linted again. */
void check_linted(struct checked *out, struct document *doc, const struct check_request *req);
/* Whether the fixes changed the text. */
bool checked_changed(const struct checked *c);
void checked_free(struct checked *c);

#endif
