/* replayer: the state of the replay, shared within engine/: the replay
 * that plays the game (engine/replay.c), its events and their findings
 * (engine/goevent.c), and the positions for boards (engine/positions.c),
 * which listen to the replay (struct replay_listener): the replay calls
 * them through it, and never positions.c itself. No one outside engine/
 * includes it; it includes neither replay.h nor positions.h. */
#ifndef JGF_REPLAYER_H
#define JGF_REPLAYER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <json-c/json.h>

#include "base/buf.h"
#include "base/dom.h"
#include "base/locate.h"
#include "core/diag.h"
#include "core/position.h"
#include "core/record.h"
#include "engine/board.h"
#include "read/load.h"

struct go_event;  /* engine/replay.h */
struct go_spot;

#define NO_SAVE SIZE_MAX
#define NO_START UINT32_MAX

/* What a branch point saves besides the cells. */
struct state {
	struct board_state board; /* the board's, as it was when saved */
	unsigned long moves;      /* moves played on this line, passes included */
	unsigned long ko_move;    /* the number of the last move, when ko_color */
	size_t hist_len;
	size_t turn_depth, turn_index;  /* where the pending turn was set */
	size_t turn_start;        /* that node's offset in a streamed document */
	size_t burst;             /* the same-color-twice finding the last move extends, plus one */
	unsigned long free_left;  /* black's first moves that place handicap stones */
	unsigned char last_color; /* colour of the last move; CELL_EMPTY after a setup or turn */
	unsigned char turn;       /* colour a `turn` says is to play next, or CELL_EMPTY */
	bool black_run;           /* black made every move so far */
	/* For positions (cheap enough to keep always): */
	unsigned long captures[3];/* stones captured by black and by white */
	uint16_t last_cell;       /* the last move's cell, 0 for a pass */
	unsigned char last_move;  /* the last move's colour, CELL_EMPTY when the line has none */
	uint32_t last_depth, last_index;  /* its node */
	size_t last_start;        /* that node's offset in a streamed document */
	/* Kept positions: s.turn after the last node that set up or moved. */
	unsigned char held_turn;
	/* Positions only: the line stopped at a node, which said why. */
	bool stopped;
	uint32_t stop_depth, stop_index;
	size_t stop_diag;         /* the finding that stopped it in r->diags, plus one */
};

/* Black's stones on the main line at a moment the handicap is judged
 * (before the first move, before white's first), for the finding's board:
 * the node of the position and each stone's move or setup point. */
struct held_stone {
	int cell;
	unsigned long move;       /* 0: set up */
	char *node;
	size_t start;             /* its node's offset in a streamed document */
	char rel[48];             /* "/move", "/setup/0/coords/3" */
};
struct held {
	char *node;               /* NULL: nothing held */
	struct held_stone *stones;
	size_t n;
	struct position *position;/* at node, when the replay keeps positions */
};

/* A run of moves of one colour, reported once (same-color-twice). */
struct burst {
	size_t diag;              /* its finding in doc->diags */
	unsigned long first, last;
};

/* A position of the current line (its hash is in the board's history). */
enum hist_kind { HIST_START, HIST_SETUP, HIST_MOVE };
struct hist {
	unsigned long move;   /* HIST_MOVE: its number; else the moves before it */
	uint32_t depth, index;/* its node (HIST_MOVE, HIST_SETUP), as r->depth, r->index */
	uint32_t start;       /* and its offset in a streamed document, else NO_START */
	uint16_t cell;        /* HIST_MOVE: where the stone was played */
	unsigned char kind;
};

/* A frame of the walk (walk.h), which the replay follows: a sequence of
 * nodes, or a variations array. */
struct frame {
	size_t len, next;
	size_t saved;         /* variations: offset of the saved cells, or NO_SAVE */
	struct state state;   /* variations: the state at the branch point */
	bool variations;
	bool main;            /* on the main line (the tree, then each first variation
			       * that has a node: an empty one, which variations-shape
			       * reports, ends no line) */
	size_t empty_lead;    /* variations: how many empty ones came first */
	bool stopped;         /* a line stopped before it: nothing in it is played */
	size_t path_end;      /* where its level ends in replay.path, when written */
};

/* What replay_positions asks: positions at these nodes (positions.c's). */
struct targets;

/* Positions taken as the replay goes (engine/positions.c's). */
struct replay;
struct replay_listener {
	/* Positions at any node (replay_positions): called after each node,
	 * played or not (a node that stops its line leaves the position as
	 * before it, and the line goes on stopped). NULL: kept positions. */
	void (*node)(struct replay *r);
	/* Kept positions (replay_start's keep): the node made the findings
	 * from the made-th on, or holds a handicap's stones (hold_here), each
	 * to get the position at it; ok false: its line stops there. */
	void (*findings)(struct replay *r, size_t made, bool ok);
	/* Kept positions: black's stones h held at a node before the current
	 * one, for the handicap finding's board: the position there. */
	void (*held)(struct replay *r, struct held *h);
};

/* A point a setup changed, as it was before (kept positions: undone when
 * the line stops at the setup's node). */
struct undo {
	int cell;
	unsigned char was;
	uint32_t placed;
};

struct replay {
	json_object *root;
	struct document *doc;     /* the document checked, or NULL (positions) */
	struct diag_list own;     /* a streamed check's findings, until the walk ends */
	struct diag_list *diags;  /* where findings go: the document's, or positions' own */
	struct locator *loc;      /* the document's, to name places in messages; or NULL */
	/* The go rules that run, given each event (replay_start's, ending in
	 * NULL); NULL: every go rule of the registry. */
	const struct rule *const *go;
	const struct record_info *rec;
	/* Positions for boards, told as the replay goes (NULL: none): at
	 * targets (replay_positions), or kept with the findings (keep), each
	 * stone traced to its move and node with full. */
	const struct replay_listener *listen;
	struct targets *targets;
	bool keep, full;
	bool allow_suicide, no_repeats;
	long long handicap;       /* rules.handicap, else 0 */

	struct state s;

	struct hist *hist;        /* each with its position in history */
	size_t hist_cap;
	struct board_history history;  /* indexed with no_repeats */

	struct frame *stack;
	size_t top, stack_cap;
	unsigned char *saved;     /* cells saved at branch points, stacked */
	size_t saved_len, saved_cap;

	/* The node being replayed: its sequence's depth in the stack, its index,
	 * its offset in a streamed document (else SIZE_MAX), and the node. */
	size_t depth, index, start;
	json_object *node;
	struct buf ptr, ptr2;
	/* The pointer of the frames' levels ("/tree/11/variations/1"), levels
	 * 0 .. path_levels - 1 written as they are now: a node's pointer is
	 * copied from it, not written again level by level (a finding 6,000
	 * levels deep: 35,000 instructions for each of its pointers). */
	struct buf path;
	size_t path_levels;

	/* The main line, for the handicap. */
	struct held before_first, before_white;  /* black's stones then */
	bool main_moved;          /* the main line has a move */
	size_t set_black, set_white;  /* stones on the board at its first move */
	unsigned long main_black; /* black moves that open the main line */
	bool main_other;          /* a move of another colour ended that run */
	unsigned long main_moves; /* the main line's moves, */
	int main_last;            /* the colour of its last, */
	bool main_stopped;        /* and whether it stopped before its end */

	struct burst *bursts;
	size_t nbursts, bursts_cap;

	/* The event being worded: the cell of its move or setup point (-1: a
	 * pass), the setup point's pointer in the node (NULL: the move), and
	 * the last finding go_finding made, plus one. */
	int event_cell;
	const char *event_rel;
	size_t made;
	/* The points of the current setup that change nothing (one
	 * setup-no-effect a node), and where each is in the setup. */
	struct go_spot *spots;
	struct spot_at { int cell; size_t i, j; } *spots_at;
	size_t nspots, spots_cap, spots_at_cap;

	/* Kept positions: the points the current node's setup changed, a
	 * move board_play made and then refused (its cell, else -1; its
	 * colour; the stones of its own chain it took off, in b.chain), the
	 * held position to take at the end of this node, and (after the
	 * board) the state before it. */
	struct undo *undo_setup;
	size_t nundo, undo_cap;
	int undo_cell, undo_color;
	size_t undo_chain;
	struct held *hold_here;

	/* Last, so that only their first ncells elements need initialising. */
	struct board b;
	/* For a stone a setup placed, the point that placed it in that setup
	 * (entry << 32 | index in coords): its node is gone in a streamed
	 * check. Saved and undone with placed. */
	uint64_t setup_at[BOARD_MAX_CELLS];
	uint64_t undo_setup_at[BOARD_MAX_CELLS];
	/* The history entry (a move or setup) that placed the stone on each
	 * cell: the current node's setup when it is the entry not yet pushed. */
	uint32_t placed[BOARD_MAX_CELLS];
	/* Positions only: the cells as before the current node. */
	unsigned char undo[BOARD_MAX_CELLS];
	uint32_t undo_placed[BOARD_MAX_CELLS];
	struct state before;      /* kept positions: set at each node */
};

static inline int cell_x(const struct replay *r, int p) { return board_x(&r->b, p); }
static inline int cell_y(const struct replay *r, int p) { return board_y(&r->b, p); }

/* The record's values as the replay reads them (replayer.c) */

/* CELL_BLACK or CELL_WHITE for the strings "black" and "white", else CELL_EMPTY. */
int replay_color_of(json_object *v);
/* get_int, faster for the usual case of a JSON integer. */
bool replay_coord(json_object *v, long long *out);
/* The cell of a point object {x, y}; OFF_BOARD when x and y are integers
 * outside the board, NOT_A_POINT when they are not both integers. */
enum { OFF_BOARD = -1, NOT_A_POINT = -2 };
int replay_point_cell(const struct replay *r, json_object *x, json_object *y);
int replay_coord_cell(const struct replay *r, json_object *pt);

/* A node of a line already stopped: nothing is played; its variations. */
static inline json_object *variations_of(json_object *node)
{
	return json_object_is_type(node, json_type_object) ? member(node, "variations") : NULL;
}

/* The replay (replay.c) */

/* A replay of root (rec its facts), ready to walk its tree; NULL when the
 * record is not one it understands. */
struct replay *replay_new(json_object *root, const struct record_info *rec,
			  struct diag_list *diags);
void replay_free(struct replay *r);
/* Back to the first len entries of the line's history. */
void hist_truncate(struct replay *r, size_t len);

/* Events and findings (goevent.c) */

/* The pointer of node `index` of the sequence at stack depth `depth` (the
 * frames below it lead to it). */
void replay_node_pointer(struct replay *r, struct buf *b, size_t depth, size_t index);
/* Gives event e to every rule (the go rule whose event it is words it):
 * about the move or setup point at cell p (-1: a pass) and, for a setup,
 * rel, its pointer in the node; the event names `named` (else p). The
 * finding made, if any, plus one. Cold: rare, and out of the move's path. */
size_t replay_emit(struct replay *r, struct go_event *e, int p, const char *rel, int named)
	__attribute__((cold));
/* Black's stones now, on the main line, with the node of the position
 * (the last setup or move so far): for a handicap finding's board. */
void replay_hold(struct replay *r, struct held *h) __attribute__((cold));
void replay_held_free(struct held *h);

#endif
