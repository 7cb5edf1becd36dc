/* sgf: the property tree that every converter input becomes (SGF text,
 * SGF-in-JSON, UGF/UGI; convert/sgftree.c), and the lenient SGF text reader
 * (convert/sgf.c, its parts in sgfreader.h). Values keep SGF's escapes
 * (`\]`, `\\`, `\:`) so that compose values (LB[aa:text]) can still be
 * split; convert/convert.c decodes them by property type. Every repair a
 * reader makes is a note at its line:col (convert/sgfnote.h). */
#ifndef JGF_SGF_H
#define JGF_SGF_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "convert/sgfahead.h"
#include "convert/sgfnote.h"

/* A game's tree is held whole while it is converted, and most of its nodes
 * are a move: one property of one short value and one child. These live
 * inside the node (one allocation a move, not six); a pointer into a node
 * stays valid while it lives, but one into props or vals only until the
 * next property or value is added, and that is the only way they change. */
#define SGF_SMALL 4

/* 24 bytes a value, 56 a property, 104 a node (x86-64): a move of a deep
 * line is one node, and the tree of a game read whole is its peak memory
 * (issue 52). */
struct sgf_value {
	char *raw;            /* UTF-8, SGF escapes kept, no NUL byte in it
			       * (sgf_prop_add drops them), NUL-terminated; small
			       * itself when len < SGF_SMALL (a point, a number) */
	uint32_t len;         /* a text is at most 3 GiB decoded (sgf_pos) */
	char small[SGF_SMALL];
	struct sgf_pos pos;   /* of the `[` */
};

struct sgf_prop {
	const char *id;       /* upper-case identifier */
	struct sgf_value *vals;   /* &one_value while cap is 1 */
	uint32_t nvals, cap;
	struct sgf_pos pos;
	struct sgf_value one_value;
};

/* A node holds at most this many different properties (SGF defines
 * fewer than 100; the limit keeps lookups in a node cheap). */
#define SGF_MAX_PROPS 1000

struct sgf_node {
	struct sgf_prop *props;   /* &one_prop while there is one; on the heap after
				   * a header holding their capacity and, from
				   * SGF_INDEX_FROM properties on, an open-addressed
				   * index of them by id (a UGF header of 80,000
				   * variables was found key by key: 37 s) */
	struct sgf_node **kids;   /* the first is the main line; &one_kid while
				   * there is one, on the heap a power of two of
				   * them (nkids rising to one is when it grows) */
	struct sgf_node *one_kid;
	/* The block of nodes it was cut from (sgf_node_in), NULL when it is an
	 * allocation of its own: a game root's is the newest block of its
	 * game's, which sgf_node_free frees with the root. */
	struct sgf_slab *slab;
	struct sgf_pos pos;       /* of the `;` */
	uint32_t nprops, nkids;
	struct sgf_prop one_prop;
};

struct sgf_games {
	struct sgf_node **games;
	size_t len, cap;
	/* At most this many nodes a game (0: any number): a reader stops adding
	 * nodes to a game that would have more and sets over, for a reader of
	 * one game a file (GIB, NGF, UGF); the converter refuses such a game
	 * (the memory budget) before it takes the memory. */
	size_t max_nodes;
	bool over;
};

/* Whether a game of nodes nodes is over games->max_nodes (over is set then). */
bool sgf_games_full(struct sgf_games *games, size_t nodes);

/* A game whose first line is read as it is converted (a UGF record's
 * [Data], with the comments and labels its [Figure] puts on moves, ugf.c;
 * an SGF game of one line, sgf_stream's pause_from): next appends the
 * line's next node under last, its last node so far, with what is put on
 * its move (SGF's: up to 256 nodes, a line), and lowers pending (false
 * when none is left); free frees it, with the game. The converter freeing the line behind it
 * (convert_record_freeing) asks as it goes, so the line is never held
 * whole. */
struct sgf_more {
	bool (*next)(struct sgf_more *more, struct sgf_node *root, struct sgf_node *last);
	void (*free)(struct sgf_more *more);
	size_t pending;           /* the nodes not read yet (an SGF line's: at most) */
};

/* Reads SGF text (UTF-8, already decoded) into games, leniently, as SGFC
 * does: properties outside a node, unclosed values and parentheses, stray
 * characters, duplicate properties and lower-case letters in FF[1-3]
 * identifiers are repaired and noted. */
void sgf_read(const char *text, size_t len, struct sgf_games *out, struct sgf_notes *notes);

/* The same, a game at a time (a collection need not be held whole): each
 * sgf_stream_next returns the next game (the caller frees it with
 * sgf_node_free), NULL at the end. text must outlive the stream. */
struct sgf_stream {
	const char *text;
	size_t len, i;
	struct sgf_pos pos;
	struct sgf_notes *notes;
	size_t cap, depth, flat;
	struct sgf_node **stack;
	struct sgf_node *cur, *game;
	bool junk, ended;
	bool fresh;               /* a `(` read, and no node of its own yet */
	size_t ignored;           /* the `(` of the tree being read that opened no level (one
				   * right after another): a `)` written to close it is one more
				   * each, for a reader that takes each `(` as one (REVIEW.md R141) */
	bool after_tree;          /* a variation's `)` read, back in its parent tree */
	struct sgf_pos paren;     /* where the last `(` was */
	struct sgf_pos closed_at; /* the `)` that ended the last game tree, when no text came since */
	struct sgf_games ready;   /* games read and not yet taken */
	size_t taken;
	struct sgf_pos open;      /* the `(` of the game tree being read */
	struct sgf_game_info {
		struct sgf_pos start;   /* the game's first byte */
		bool over;              /* more nodes than max_nodes: the rest not read */
	} *info, last;            /* of each game of ready; of the game given last */
	size_t info_cap;
	size_t max_nodes;         /* at most this many nodes a game (0: any number) */
	size_t game_nodes;        /* of the game being read */
	signed char closes;       /* whether a `)` closes it before the end: 1, -1; 0 not read ahead yet */
	struct sgf_ahead ahead;   /* the text's parentheses, once a game is asked that */
	const char *eol;          /* sgf_blank_line of the text */
	/* Text outside every game tree read ahead up to outside_to: the `)`
	 * its nodes end at there, else SIZE_MAX (lost_open_end) */
	size_t outside_to, outside_end;
	struct sgf_far far;       /* the reader's (sgfreader.h) between games */
	/* A game of one line read as it is converted (issue 74: 6,767 nodes of
	 * one line were the real set's peak, read whole): once it has this
	 * many nodes (SIZE_MAX, sgf_stream_init's: never), when nothing in
	 * the text after them can leave that line (sgf.c's line_to_end), the
	 * game is given and its other nodes are read as the converter asks
	 * (more), 256 at a time; nothing after it is read before they are. */
	size_t pause_from;
	bool pause_tried;         /* (asked once a game) */
	bool paused;              /* the game given last has nodes not read yet */
	size_t asked;             /* the nodes it is read up to, as asked */
	struct sgf_more more;
};
void sgf_stream_init(struct sgf_stream *st, const char *text, size_t len,
		     struct sgf_notes *notes);
struct sgf_node *sgf_stream_next(struct sgf_stream *st);
void sgf_stream_free(struct sgf_stream *st);
/* The games of text, read and freed one at a time (at most max_nodes nodes
 * each), counted; the first one given to *first (the caller's, with its
 * info) when no `(` follows it, no other game, else *first is NULL. */
size_t sgf_count_games(const char *text, size_t len, struct sgf_notes *notes, size_t max_nodes,
		       struct sgf_node **first, struct sgf_game_info *first_info);

/* Whether property id's values are points, numbers or single words, in
 * which the reader takes an unescaped line break, `[`, `;`, `(` or `)`
 * before the last character for a lost `]` (the writer escapes them). */
bool sgf_short_value(const char *id);

/* Building blocks shared with the other readers. */
struct sgf_node *sgf_node_new(struct sgf_pos pos);
/* A node cut from the blocks of root's game (a game's nodes were as many
 * allocations, and as many frees); root NULL: the root of a new game,
 * its first block's. */
struct sgf_node *sgf_node_in(struct sgf_node *root, struct sgf_pos pos);
void sgf_node_add_kid(struct sgf_node *parent, struct sgf_node *kid);
/* The property id in node, created if missing; *existed tells which. */
struct sgf_prop *sgf_prop_get(struct sgf_node *node, const char *id, struct sgf_pos pos,
			      bool *existed);
struct sgf_prop *sgf_prop_find(const struct sgf_node *node, const char *id);
/* Adds the len bytes of raw as a value of prop, without their NUL bytes. */
void sgf_prop_add(struct sgf_prop *prop, const char *raw, size_t len, struct sgf_pos pos);
/* Frees prop's values (it keeps none). */
void sgf_prop_clear(struct sgf_prop *prop);
/* Removes node's last property. */
void sgf_prop_drop_last(struct sgf_node *node);
/* Appends text escaped for an SGF value (`]`, `\`, and `:` when compose). */
struct buf;
void sgf_escape(struct buf *out, const char *text, size_t len, bool compose);
/* Adds text (len bytes, not escaped) as a value of property id of n, created
 * at pos if missing: how the readers of other formats build properties. */
void sgf_prop_text(struct sgf_node *n, const char *id, const char *text, size_t len,
		   struct sgf_pos pos);
/* The SGF point of zero-based (x, y) on a board up to 52x52 ("" off it). */
void sgf_point(int x, int y, int size, char out[3]);
/* The handicap stones as Tygem (GIB) and WBaduk (NGF) place them, which do
 * not write them: count points (2 to 9) for a square board, the third at the
 * upper left (Sabaki reads them so); xy gets them, the number is returned. */
int sgf_tygem_handicap(int size, int count, int xy[9][2]);

/* Frees a game tree without recursion (a main line is a chain of nodes). */
void sgf_node_free(struct sgf_node *root);
/* Frees node n of root's game, which the caller has unlinked (nothing of
 * the tree reaches it) and reads no more: its properties now, its block of
 * nodes once each node of the block is freed so (neither the oldest block,
 * the root's, nor the newest: sgf_node_free frees those). */
void sgf_node_release(struct sgf_node *root, struct sgf_node *n);
void sgf_games_free(struct sgf_games *games);

/* Gives more to root's game (false, more not taken: a game whose nodes
 * are allocations of their own, the page's). */
bool sgf_game_set_more(struct sgf_node *root, struct sgf_more *more);
/* The nodes of root's game still to read. */
size_t sgf_game_pending(const struct sgf_node *root);
/* Reads the next node of root's first line under last (false: none). */
bool sgf_game_read_more(struct sgf_node *root, struct sgf_node *last);

#endif
