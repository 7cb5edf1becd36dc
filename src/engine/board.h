/* board: a Go board and nothing else: stones, liberties, captures, ko,
 * position hashes, and the history of a line's positions (for superko).
 * No JSON, no findings, no messages: the replay (replay.c) drives it from
 * a record, and tests/unit/test_board.c alone.
 *
 * The board is padded with a ring of edge cells, so the neighbours of
 * cell p are p - 1, p + 1, p - W and p + W without bounds checks. A move
 * places one stone, then looks at the (at most four) chains next to it
 * with a flood fill that stops at the first liberty, and removes the ones
 * that have none. A Zobrist hash of the position is kept up to date with
 * every change, so comparing positions (ko, superko) costs one integer
 * comparison. Nothing is allocated per move. */
#ifndef JGF_BOARD_H
#define JGF_BOARD_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#define BOARD_MAX_SIDE 52
#define BOARD_MAX_CELLS ((BOARD_MAX_SIDE + 2) * (BOARD_MAX_SIDE + 2))

/* A cell: empty, a colour (possibly marked as placed by a setup), or the
 * edge. A colour's opponent is color ^ 3. */
enum {
	CELL_EMPTY = 0, CELL_BLACK = 1, CELL_WHITE = 2, CELL_EDGE = 3,
	CELL_COLOR = 3,        /* the mask of the colour */
	CELL_FROM_SETUP = 4,
};

/* What a branch of the game saves besides the cells (board_save). */
struct board_state {
	uint64_t hash;            /* of the position */
	uint64_t ko_hash;         /* the position before the last move, when ko_color */
	uint16_t ko_cell;         /* the one stone the last move captured, else 0 */
	unsigned char ko_color;   /* the colour of the last move if it placed a stone */
};

struct board {
	int w, h, W;              /* W = w + 2: the padded row length */
	size_t ncells;            /* (w + 2) * (h + 2) */
	struct board_state s;
	uint64_t played_from;     /* the hash before the last board_play */
	uint32_t stamp, seen_stamp;
	size_t ntaken;            /* the stones the last board_play captured, in taken */
	/* Only the first ncells of each are used. */
	unsigned char cells[BOARD_MAX_CELLS];
	uint16_t chain[BOARD_MAX_CELLS];  /* the stones the last flood fill reached */
	uint16_t taken[BOARD_MAX_CELLS];
	uint32_t mark[BOARD_MAX_CELLS];   /* == stamp: reached by the current flood fill */
	uint32_t seen[BOARD_MAX_CELLS];   /* == seen_stamp: board_seen's marks */
};

/* An empty board of w × h points (1 to BOARD_MAX_SIDE each). */
void board_init(struct board *b, int w, int h);

static inline int board_cell(const struct board *b, int x, int y) { return (y + 1) * b->W + x + 1; }
static inline int board_x(const struct board *b, int p) { return p % b->W - 1; }
static inline int board_y(const struct board *b, int p) { return p / b->W - 1; }
static inline int board_color(const struct board *b, int p) { return b->cells[p] & CELL_COLOR; }

/* The Zobrist keys: [colour][cell], zero for empty; the same on every run
 * (built by the first board_init). */
extern uint64_t board_zobrist[3][BOARD_MAX_CELLS];

/* Whether the chain at p has a liberty. Stops at the first one found; when
 * there is none, b->chain holds the whole chain and *n its size. */
bool board_has_liberty(struct board *b, int p, size_t *n);

/* Sets cell p to cell (CELL_EMPTY, or a colour with CELL_FROM_SETUP or
 * not), as a setup does: nothing is captured. */
void board_put(struct board *b, int p, unsigned char cell);

/* Removes the n stones of b->chain, of the given colour. */
static inline void board_remove_chain(struct board *b, size_t n, int color)
{
	for (size_t i = 0; i < n; i++) {
		int c = b->chain[i];
		b->cells[c] = CELL_EMPTY;
		b->s.hash ^= board_zobrist[color][c];
	}
}

/* A stone of colour at point p. BOARD_OCCUPIED: p holds a stone, nothing
 * changes. Else the opponent's chains it leaves without liberties are
 * taken (b->taken, b->ntaken stones); then, when its own chain has no
 * liberty, BOARD_SUICIDE (b->chain holds the *len stones; the board keeps
 * them: the caller stops), unless allow_suicide, which removes them
 * (*len, else 0) and plays on. The ko and the history are not touched:
 * see board_commit. */
enum board_play { BOARD_PLAYED, BOARD_OCCUPIED, BOARD_SUICIDE };
/* Inline, as the next two: played for every move of every record. */
static inline enum board_play board_play(struct board *b, int color, int p, bool allow_suicide,
					 size_t *len)
{
	*len = 0;
	if (b->cells[p] != CELL_EMPTY)
		return BOARD_OCCUPIED;
	b->played_from = b->s.hash;
	int opp = color ^ 3;
	b->cells[p] = (unsigned char)color;
	b->s.hash ^= board_zobrist[color][p];
	size_t n;
	b->ntaken = 0;
	const int step[4] = { -1, 1, -b->W, b->W };
	for (int k = 0; k < 4; k++) {
		int q = p + step[k];
		if ((b->cells[q] & CELL_COLOR) == opp && !board_has_liberty(b, q, &n)) {
			for (size_t i = 0; i < n; i++)
				b->taken[b->ntaken + i] = b->chain[i];
			b->ntaken += n;
			board_remove_chain(b, n, opp);
		}
	}
	if (board_has_liberty(b, p, &n))
		return BOARD_PLAYED;
	*len = n;
	if (!allow_suicide)
		return BOARD_SUICIDE;
	board_remove_chain(b, n, color);
	return BOARD_PLAYED;
}

/* Whether the last board_play retook a ko at once: it captured, and it
 * brought back the position before the opponent's last move. */
static inline bool board_retakes_ko(const struct board *b, int color)
{
	return b->ntaken && b->s.ko_color == (color ^ 3) && b->s.hash == b->s.ko_hash;
}

/* The last board_play stands: the ko it may make is remembered. */
static inline void board_commit(struct board *b, int color)
{
	b->s.ko_color = (unsigned char)color;
	b->s.ko_hash = b->played_from;
	b->s.ko_cell = b->ntaken == 1 ? b->taken[0] : 0;
}

/* A pass or a setup: no ko stands after it. */
static inline void board_no_ko(struct board *b) { b->s.ko_color = CELL_EMPTY; }

/* The cell a ko forbids to the player to move now, or 0. */
int board_ko_point(struct board *b);

/* A new mark for b->seen (a flood fill's chains, counted once). */
uint32_t board_seen(struct board *b);

/* The positions of a line, in order: how many, and when `indexed` (for
 * superko) each by its hash, for lookup. Truncated when a walk goes back
 * to a branch. */
struct board_history {
	uint64_t *hash;
	uint32_t *next;           /* the previous entry in the same bucket, plus one */
	size_t len, cap;
	uint32_t *bucket;         /* hash -> last entry + 1 */
	size_t nbuckets;
	bool indexed;
};

void board_history_add(struct board_history *h, uint64_t hash);
static inline void board_history_push(struct board_history *h, uint64_t hash)
{
	if (h->indexed)
		board_history_add(h, hash);
	else
		h->len++;
}
void board_history_truncate(struct board_history *h, size_t len);
/* The newest entry with this hash, plus one; 0 when there is none (or the
 * history is not indexed). */
size_t board_history_find(const struct board_history *h, uint64_t hash);
void board_history_free(struct board_history *h);

#endif
