/* fixwords: what a fix does, in a few words. */
#ifndef JGF_FIXWORDS_H
#define JGF_FIXWORDS_H

#include <stddef.h>

#include "core/fixop.h"
#include "lint/edit.h"
#include "read/load.h"

/* "replace \"3 kyu\" with \"3k\"", "rename \"coments\" to \"comments\"",
 * "remove /x": the first two ops of fix (a finding's of doc), then how many
 * more; edits are its byte edits (lint/edit.h's fix_edits), which name the
 * bytes a lone replacement replaces. The caller frees it. */
char *describe_fix(const struct document *doc, const struct fix *fix,
		   const struct fix_edit *edits, size_t nedits);

#endif
