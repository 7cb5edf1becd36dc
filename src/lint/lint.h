/* lint: every stage after reading, for one document: rules (as they
 * arrive), the settings that apply to it, then locating and sorting the
 * findings. */
#ifndef JGF_LINT_H
#define JGF_LINT_H

#include "read/load.h"
#include "core/settings.h"

/* ls: the settings that apply to the document (NULL: every rule, as is). */
void lint_document(struct document *doc, const struct lint_settings *ls);

#endif
