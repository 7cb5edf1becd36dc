/* sgfwrite: a JGF v2 record (its DOM) written out as SGF FF[4], the
 * reverse of convert.h's mapping: what the record kept under meta.sgf goes
 * back where it came from. The mapping is the table of the man page's
 * "SGF OUTPUT". */
#ifndef JGF_SGFWRITE_H
#define JGF_SGFWRITE_H

#include <stdbool.h>
#include <stddef.h>
#include <json-c/json.h>

#include "base/buf.h"

struct sgfwrite_options {
	bool pass_tt;   /* a pass as [tt] (boards up to 19x19) rather than [] */
};

/* Appends record's game as one SGF game tree, "(;FF[4]GM[1]...)\n", to
 * out. lost (when not NULL) gets a line per datum SGF cannot hold, naming
 * its JSON pointer. */
void sgf_write_record(json_object *record, const struct sgfwrite_options *o, struct buf *out,
		      struct buf *lost);

/* The same from a record's JSON text (len bytes, well under 2 GiB: what
 * --convert made or --fix gave); false, with nothing written, when it is
 * not a JSON object. */
bool sgf_write_json(const char *text, size_t len, const struct sgfwrite_options *o,
		    struct buf *out, struct buf *lost);

#endif
