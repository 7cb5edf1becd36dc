/* sgffix: --fix and --diff on SGF where it is (convert/sgffix.c). */
#ifndef JGF_SGFFIX_H
#define JGF_SGFFIX_H

#include <stddef.h>

#include "base/buf.h"
#include "lint/pipeline.h"
#include "read/load.h"

/* The repairs of the readers' findings that have a fix, safe ones (and
 * with req->unsafe the unsafe ones too), written into the file's own
 * bytes (doc's, taken over), round after round until none applies; every
 * other byte (comments, line breaks, property order, the character set)
 * kept. out->bytes gets the fixed file, out->original the input, out->doc
 * the check of the fixed file (decoded); a repair that cannot be placed in
 * the bytes is said in out->tally's notes. A converter bug is said in
 * bugs; returns how many. */
size_t sgf_fix_in_place(struct checked *out, struct document *doc,
			const struct check_request *req, struct buf *bugs);

#endif
