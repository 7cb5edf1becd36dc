/* posjson: a position as JSON (jgflint.h's jgf_position_json says its
 * members). */
#ifndef JGF_POSJSON_H
#define JGF_POSJSON_H

#include "core/position.h"

/* pos as one line of JSON, or {"error": error} when error is not NULL;
 * the caller frees it. */
char *position_json(const struct position *pos, const char *error);

#endif
