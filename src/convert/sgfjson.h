/* sgfjson: SGF-in-JSON (seed 002: a collection is an array of game trees,
 * a game tree an array of node objects keyed by SGF property ids, with
 * `variations` arrays) into the SGF property tree, so that it shares the
 * SGF conversion. */
#ifndef JGF_SGFJSON_H
#define JGF_SGFJSON_H

#include "read/load.h"
#include "convert/sgf.h"

/* doc is a parsed document; positions come from its locator. */
void sgfjson_read(struct document *doc, struct sgf_games *out, struct sgf_notes *notes);

#endif
