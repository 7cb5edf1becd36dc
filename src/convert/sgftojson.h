/* sgftojson: SGF text as SGF-in-JSON (seed 002's shape), for --to
 * sgfjson. */
#ifndef JGF_SGFTOJSON_H
#define JGF_SGFTOJSON_H

#include <stdbool.h>
#include <stddef.h>
#include <json-c/json.h>

#include "base/buf.h"

/* SGF text (as the writer writes it) as SGF-in-JSON, seed 002's shape: a
 * collection, an array of games, each an array of nodes, the last node of
 * a sequence with "variations"; numbers and reals as JSON numbers, point
 * lists and several values as arrays, a compose value as a pair, text with
 * its escapes undone. Appended to out, pretty-printed, with a final line
 * break; false, with nothing appended, when the text does not read as SGF
 * without a repair. */
bool sgf_to_json(const char *sgf, size_t len, struct buf *out);
/* The same as a DOM (the caller's to put), or NULL. */
json_object *sgf_to_json_value(const char *sgf, size_t len);

#endif
