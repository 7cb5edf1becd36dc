/* convert: the one mapping from the SGF property tree (convert/sgf.h, read
 * from SGF text, SGF-in-JSON or UGF/UGI) to a JGF v2 record. What JGF has no
 * key for is kept under meta.sgf, never dropped; every loss or repair is a
 * note at the property's position in the source. */
#ifndef JGF_CONVERT_H
#define JGF_CONVERT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "convert/conv.h"   /* CONVERT_FLAT_DEPTH */
#include "convert/posmap.h"
#include "convert/sgf.h"
#include "read/scan.h"

/* Converts one game: appends the record's text as --convert writes it (its
 * sections indented, then its tree a node a line, ending in a newline) to
 * out, and sets *depth to its deepest JSON nesting and *nesting to that of
 * its variations. False, with nothing written, when the game is not Go
 * (GM other than 1), said in the last note (--convert shows it as an
 * error). What JGF has no key for goes under meta.SOURCE ("sgf", or "ugf"
 * for UGF, whose own variables are read as properties named "UGF:Name");
 * kept lists those properties. root's first line is freed behind the
 * conversion (convert_record_freeing): the caller only frees it after. */
bool convert_game(struct sgf_node *root, const char *source, struct sgf_notes *notes,
		  struct posmap *map, struct buf *kept, struct buf *out, size_t *depth,
		  size_t *nesting);

/* What the reader of a record's text would scan it whole for, which the
 * converter knows as it writes it (read/load.h's document_load_shaped):
 * the DOM of its sections, its tree an empty array (the streamed DOM of
 * read/scan.h), and the spans of its tree's sequences in the text. */
struct convert_shape {
	json_object *head;
	struct scan_tree tree;
	/* Asked: the record made as a DOM, whole, and no text (out stays
	 * empty): head is the record, tree is empty. */
	bool whole;
	/* Asked: what the mapping keeps under meta left out (kept still
	 * lists it): no rule a check in place runs (lint_settings'
	 * source_only: the go rules, about_game's) reads it, and a [Figure]
	 * kept whole is json-c's 62 bytes a line (issue 71). */
	bool bare;
};
/* convert_game, and the record's shape in *shape (freed with
 * convert_shape_free; nothing in it when the game is not Go). */
bool convert_record(const struct sgf_node *root, const char *source, struct sgf_notes *notes,
		    struct posmap *map, struct buf *kept, struct buf *out, size_t *depth,
		    size_t *nesting, struct convert_shape *shape);
/* convert_record of a game the caller only frees (sgf_node_free) after it:
 * the nodes of its first line are freed as they are converted, up to a
 * node of more children (a game of one long line is not held whole beside
 * its record's text). */
bool convert_record_freeing(struct sgf_node *root, const char *source, struct sgf_notes *notes,
			    struct posmap *map, struct buf *kept, struct buf *out, size_t *depth,
			    size_t *nesting, struct convert_shape *shape);
void convert_shape_free(struct convert_shape *shape);
/* Whether the record of a game of nodes nodes is made whole (a DOM, no
 * text) to be checked in place: an SGF game's (sgf) of a few nodes; a
 * larger one streams, its nodes read from its text one at a time. Only
 * SGF's: a finding of another format's record names the record's line
 * and column of a turn (turn-mismatch), which only its text has. JGFLINT_STREAM_MIN (a test hook) streams every record (0) or none. */
bool convert_made_whole(size_t nodes, bool sgf);

#endif
