/* lint: every stage after reading, for one document: rules (as they
 * arrive), then locating and sorting the findings. */
#ifndef JGF_LINT_H
#define JGF_LINT_H

#include "load.h"

void lint_document(struct document *doc);
/* Only the last step: positions for every finding, then sorting. */
void lint_locate(struct document *doc);

#endif
