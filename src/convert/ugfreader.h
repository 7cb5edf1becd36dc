/* ugfreader: the UGF reader's state, which its parts share: ugf.c (the
 * sections of a file, its games, their header, [Data] and comments),
 * ugfreview.c (a review tree, [ReviewNode], read as an index and made
 * node by node as it is converted) and ugfnode.c (a line made a node's:
 * a move, a comment and its labels, the comments waiting for their
 * moves). Private to them; ugf.h is the reader's interface. */
#ifndef JGF_UGFREADER_H
#define JGF_UGFREADER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "convert/lines.h"
#include "convert/sgf.h"

struct ugf {
	const char *text;
	size_t len;
	struct sgf_notes *notes;
	int size;
	bool jpn;                 /* CoordinateType=JPN: rows count from the top */
	bool has_size, has_coordinates;   /* a Size=, a CoordinateType= in [Header] */
	struct line coordinates_line;
	bool coordinates_read;   /* its value IGS, JPN or none */
	struct sgf_node *root;
	/* The review's node ids (and the root's, 1), in the order read; sorted
	 * by id (then that order: the first of an id given twice is its node)
	 * at the first look-up, a look-up a binary search (a scan of them all
	 * each comment was quadratic); long long: long is 32 bits in wasm32;
	 * node: its review node's index (struct data_more's nodes, 0 the root),
	 * the table freed once the comments are read */
	struct ugf_id { long long id; uint32_t order, node; } *ids;
	size_t nids, idcap;
	bool ids_sorted;
	bool lazy;                /* [Data] alone read as it is converted (ugf_read's) */
	bool bare;                /* nothing kept under meta (ugf_read's) */
	struct data_more *more;   /* [Data] alone: its moves to read and the comments
				   * waiting for them (data_game), until data_made */
};

/* [Data]'s moves read as the converter asks (sgf_more): its lines again
 * from the first, quietly (the first reading said what they hold). */
struct data_more {
	struct sgf_more more;
	struct line_reader r;
	int size;
	bool jpn, moved;          /* moved: a move read (no setup stone after it) */
	bool lazy;                /* the game's (sgf_game_set_more), else read by data_made */
	size_t moves, made;       /* the line's moves; those read so far */
	/* The comments of its moves ([Figure], [ReviewComment] without a
	 * review), each its directive line's place in the text (at, from
	 * text; the line's number), in the order read, sorted by move before
	 * its first is made; each read again from there as its move is made
	 * (ugf_comment_lines), next the first not put yet. 16 bytes a comment: a
	 * copy of each beside 32 bytes held 1.1 times the record of a comment
	 * a move to its last move (stop 103). 32 bits: a text is at most
	 * 3 GiB decoded (struct sgf_pos), its lines and moves fewer. */
	struct attach {
		size_t at;
		uint32_t move, line;
	} *attach;
	size_t nattach, cap, next;
	const char *text, *end;   /* the game's file (ugf_read's, which outlives it) */
	/* A review tree ([ReviewNode]) read as an index, its nodes made as the
	 * converter asks (review_next): 16 bytes a node, where a struct
	 * sgf_node each, made whole as the check began, held 4.7 times the
	 * record. Each its NODE line's place (at, line), its first kid and
	 * next sibling (0: none; node 0 is the root, no one's kid). r reads
	 * [Data] again, whose first moves moves agree with the main line
	 * (their times put on it), made the main-line nodes made so far. */
	bool review;
	struct rnode {
		uint32_t kid, next, at, line;
	} *nodes;
	uint32_t nnodes, last;    /* last: the main line's last node made */
	size_t put;               /* the comments put (review_next's, in any order) */
};
static inline struct sgf_pos at_line(const struct line *l) { return (struct sgf_pos){ l->no, 1 }; }

/* The index of no node (struct ugf_id's node). */
#define NO_NODE UINT32_MAX

/* ugfnode.c. A property of text (len bytes, or a string) on n. */
void ugf_prop(struct sgf_node *n, const char *id, const char *text, size_t len,
	      struct sgf_pos pos);
void ugf_props(struct sgf_node *n, const char *id, const char *text, struct sgf_pos pos);
char *ugf_field(const char *s, size_t len, int n);
bool ugf_point(const struct ugf *u, int col, int row, char out[3]);
/* Review node n (0 the root) has id (u->ids). */
void ugf_add_id(struct ugf *u, long long id, uint32_t n);
bool ugf_pass_point(const struct ugf *u, int col, int row, bool letters);
void ugf_move(struct ugf *u, struct sgf_node *n, char color, int col, int row,
	      const char *written, bool quiet, const struct line *l);
struct sgf_node *ugf_data_move(struct ugf *u, const struct line *l, struct sgf_node *parent,
			       bool quiet);
/* The spaces l begins with (a review line's nesting). */
size_t ugf_indent_of(const struct line *l);
bool ugf_section_line(const struct line *l);
bool ugf_directive_line(const struct line *l);
void ugf_comment_lines(struct ugf *u, struct line_reader *r, struct sgf_node *node,
		       struct sgf_pos pos);
void ugf_attach_to(struct data_more *d, struct ugf *u, struct sgf_node *n, size_t k);
/* A data_more's sgf_more free. */
void ugf_more_free(struct sgf_more *more);

/* ugfreview.c. The review tree of lines r ([ReviewNode]'s) read into
 * u->more's index. */
void ugf_review_nodes(struct ugf *u, struct line_reader r);
/* [Data] (lines data) beside the review: false where it differs from the
 * main line (said), to be kept under meta. */
bool ugf_review_data(struct ugf *u, struct line_reader data);

#endif
