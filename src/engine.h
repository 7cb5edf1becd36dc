/* engine: classifies a loaded document and, for a JGF record, walks it once,
 * calling the hooks of every rule. */
#ifndef JGF_ENGINE_H
#define JGF_ENGINE_H

#include "load.h"

void engine_run(struct document *doc);
/* Builds the tables engine_run shares between threads; call it before
 * running documents in parallel. */
void engine_init(void);

#endif
