/* engine: classifies a loaded document and, for a JGF record, walks it once,
 * calling the hooks of every rule. */
#ifndef JGF_ENGINE_H
#define JGF_ENGINE_H

#include "read/load.h"

struct lint_settings;

/* ls: which rules run (NULL: all), so that costly stages can be skipped. */
void engine_run(struct document *doc, const struct lint_settings *ls);

#endif
