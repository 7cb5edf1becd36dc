/* nodeat: the node of a game's record that a place of its source made,
 * for a board beside an editor (its hover over a move or a setup): the
 * game that holds the place, read and converted as --convert converts it,
 * and the node the position map says its move or setup property made. */
#ifndef JGF_NODEAT_H
#define JGF_NODEAT_H

#include <stdbool.h>
#include <stddef.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "read/load.h"

/* The node made from the move or setup property (B, W, AB, AW, AE) of doc
 * (SGF, GIB, NGF or UGF text) that holds byte offset of its bytes: *record
 * the record of its game (the caller's, json_object_put), made as a DOM,
 * and the node's pointer appended to pointer. False when offset is in no
 * such property (or its place in the decoded text cannot be told), when
 * its game is not converted, or when doc holds none of those formats. */
bool conversion_node_at(struct document *doc, size_t offset, json_object **record,
			struct buf *pointer);

#endif
