/* door: the one door of every check. A front end (the CLI's files, its
 * --show-fixes and --stream, --convert, the library, and through it the
 * page and the editor server) hands one input and one request here; what
 * runs is a table of the input's format and the mode asked (door/door.c):
 * the JGF lint and its fix loop (lint/pipeline.c), a check in place of
 * SGF, UGF/UGI, GIB, NGF and OGS's and SGF-in-JSON's game JSON
 * (convert/inplace.c), SGF fixed in its own bytes (convert/sgffix.c). */
#ifndef JGF_DOOR_H
#define JGF_DOOR_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"
#include "convert/conversion.h"
#include "core/settings.h"
#include "lint/pipeline.h"
#include "read/load.h"

struct door_request {
	const struct lint_settings *settings;  /* NULL: every rule, as is */
	bool fix;         /* apply the fixes, round after round (--fix, --diff,
			   * --show-fixes, JGF_FIX) */
	bool unsafe;      /* with fix, the unsafe ones too */
	bool line;        /* a --stream line: JGF by definition, whatever it holds;
			   * not a file, so never named for a format */
	struct buf *bugs; /* converter bugs, said here a line each, never as the
			   * file's findings (NULL: not said) */
};

/* Checks doc (loaded; taken over, so doc is left empty) as req asks; out
 * holds the findings, located, and with fix the fixed text (checked,
 * pipeline.h). Returns how many converter bugs were said (the program's
 * trouble: exit 2). */
size_t door_check(struct checked *out, struct document *doc, const struct door_request *req);

/* --convert of what conversion_check_read read (c is freed; doc is taken
 * over): the check in place whose sink gets each game's record as it is
 * checked; the findings are the same as a check's, and those --fix
 * repairs carry their fixes when doc is a file (not req->line). */
size_t door_convert(struct checked *out, struct conversion *c, struct document *doc,
		    const struct door_request *req, const struct conversion_sink *sink);

#endif
