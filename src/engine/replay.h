/* replay: plays the game a JGF record describes, on a board, and reports
 * what cannot happen in a game of Go: a stone on an occupied point, suicide,
 * an immediate ko retake, a repeated position under disallowRepeats, setups
 * that leave stones without liberties or change nothing, the same colour
 * moving twice, a handicap or a turn that the moves contradict.
 *
 * The main line and every variation are replayed, each variation from the
 * position of the node it branches from; a line stops at its first error.
 *
 * The same replay gives the position at any node (replay_positions), so
 * that a board shown beside a finding can never disagree with it. */
#ifndef JGF_REPLAY_H
#define JGF_REPLAY_H

#include "read/load.h"
#include "core/record.h"
#include "engine/walk.h"

/* Replays doc (a JGF record, rec its facts), following a walk that someone
 * else makes (the rules', engine.c: the tree is walked once, and a streamed
 * document's nodes are read once): replay_start (NULL when the record is
 * not one the replay plays: not Go on a board of at most 52×52 played by
 * black and white), replay_follow at each step of the walk, and
 * replay_finish (NULL does nothing), which adds the findings to doc->diags
 * after any the walk adds; until then they are in replay_findings. */
struct replay;
struct replay *replay_start(struct document *doc, const struct record_info *rec);
void replay_follow(struct replay *r, const struct tree_walk *w, enum walk_step step);
struct diag_list *replay_findings(struct replay *r);
void replay_finish(struct replay *r);

/* Colours of points and players in a position. */
enum { STONE_NONE = 0, STONE_BLACK = 1, STONE_WHITE = 2 };

/* A move of the line that leads to a node. */
struct position_move {
	unsigned long number;     /* on its line from 1, passes counted; 0: no move */
	unsigned char color;      /* STONE_BLACK or STONE_WHITE */
	bool pass;
	int x, y;                 /* -1 for a pass */
	char *node;               /* the pointer of the node that holds it */
};

/* The position at a node: the board after that node's setup and move, as
 * a board editor shows it when the node is current. */
struct position {
	const char *unavailable;  /* why there is none (a sentence), else NULL */
	char *node;               /* the node's pointer, "/tree/3/variations/1/0" */
	int width, height;
	int cut_top, cut_bottom, cut_left, cut_right;   /* valid cut-offs, else 0 */
	unsigned char *stones;    /* width × height points, row by row from the
				   * top (y), each STONE_NONE, _BLACK or _WHITE */
	/* With detail (replay_positions' full), per point holding a stone: */
	unsigned long *placed_by; /* the number of the move that placed it, 0 for setup */
	char **placed_at;         /* the pointer of the node that placed it */
	unsigned char turn;       /* who plays next */
	bool turn_given;          /* a node's `turn` says so (else: the moves, the handicap) */
	int ko_x, ko_y;           /* the point a ko forbids to the player to move, or -1 */
	struct position_move last;/* the last move of the line so far */
	unsigned long moves;      /* moves played on the line so far, passes included */
	unsigned long captures[3];/* stones captured by black ([STONE_BLACK]) and white */
	/* When the replay stops on the way to the node (an illegal move, or a
	 * value it cannot read), the position is the one before the node where
	 * it stops: */
	char *stop_node;          /* that node's pointer, else NULL */
	const struct rule *stop_rule;  /* the finding that stops it, NULL for a value not read */
	char *stop_message;       /* why it stops */
};

/* The node a pointer is at or inside: "/tree/3/move/x" is in "/tree/3",
 * "/tree/2/variations/1/0/setup" in "/tree/2/variations/1/0". Writes the
 * node's pointer to out (indices as written canonically); false when the
 * pointer is not inside a node of root's tree. */
bool replay_node_of(json_object *root, const char *pointer, struct buf *out);

/* The positions at n nodes of the record root (rec its facts), in one
 * replay: out[k] at the node targets[k] names (a node's pointer as
 * replay_node_of writes it; targets may repeat). With full, each stone's
 * move and node too. A position that cannot be given says why in
 * `unavailable`: a record that is not Go on a board of at most 52×52
 * played by black and white, or a pointer that names no node. */
void replay_positions(json_object *root, const struct record_info *rec, const char *const *targets,
		      size_t n, bool full, struct position *out);
void position_free(struct position *p);

#endif
