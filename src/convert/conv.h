/* conv: the state of one game's conversion to JGF (convert_game), shared
 * by the parts of the mapping: convert.c (the tree), rootprops.c (the
 * root's sections), nodeprops.c (a node's properties) and keep.c (what
 * goes under meta). */
#ifndef JGF_CONV_H
#define JGF_CONV_H

#include <stdbool.h>
#include <stddef.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "convert/posmap.h"
#include "convert/sgf.h"
#include "read/scan.h"

/* Variations nested deeper than this are written on one line. */
#define CONVERT_FLAT_DEPTH 50

struct conv {
	struct sgf_notes *notes;
	struct posmap *map;
	int width, height;
	const char *source;       /* "sgf" or "ugf": the key under meta */
	json_object *meta;        /* meta.sgf: root properties kept */
	json_object *meta_nodes;  /* meta.sgf.nodes: pointer -> properties kept */
	struct buf *kept;
	size_t nkept_listed;
	struct buf ptr;           /* pointer of the sequence being filled */
	unsigned long moves;      /* the moves of the line so far (a node's name) */
	size_t depth;             /* variations nested */
	size_t deepest_variation;
	struct buf *out;          /* the tree's text, node by node */
	struct scan_tree *seqs;   /* the spans of its sequences in out, or NULL
				   * (convert_record's shape) */
	bool tight;               /* out is only checked (convert_record's shape):
				   * a move alone is written without blanks */
	size_t json_depth;        /* of the nodes of the sequence being written */
	size_t deepest;           /* the deepest JSON nesting written */
	int extent[4];            /* the points written: least x, y, greatest x, y */
	bool pro_source;          /* the root names a professional body (ranks) */
	bool pro_event;           /* ... as the name of a professional tournament */
	bool has_km;              /* the root has KM (KO is then only kept) */
	const char *at;           /* the pointer of the section a root property fills */
	struct sgf_node *game;    /* convert_record_freeing's root: its first
				   * line freed behind the conversion */
	bool rules_late;          /* SGF's line read as it is converted (sgf_more):
				   * sgfrules.c's notes of each node read so */
	int rules_size[2];        /* (the board they are read on) */
	struct sgf_notes late;    /* placed after those of the nodes read before */
	bool bare;                /* what is kept is not put under meta (convert_shape's) */
	struct buf unknown;       /* " ID " of each unknown property reported */
	size_t nunknown;          /* how many */
};

/* A sequence of nodes being written: how many so far, at what level. */
struct seq {
	size_t count, level;
	json_object *array;   /* a record made as a DOM: the sequence's, else NULL */
	size_t id;            /* its sequence in the position map */
};

#endif
