/* position: a position of a game of Go at a node of a record, as a board
 * editor shows it when the node is current: the stones, who plays next,
 * the ko, the last move, the captures, and where the line stopped when it
 * did. The replay (engine/replay.c) makes them; a go finding keeps the one
 * at its node (core/diag.h), for the boards every front end draws. */
#ifndef JGF_POSITION_H
#define JGF_POSITION_H

#include <stdbool.h>

struct rule;

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

/* A copy of from that owns its own memory (position_free frees it). */
void position_copy(struct position *to, const struct position *from);
void position_free(struct position *p);

#endif
