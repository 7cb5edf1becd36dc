/* replay: the game of Go behind a JGF record, move by move.
 *
 * The board is padded with a ring of EDGE cells, so the neighbours of cell
 * p are p - 1, p + 1, p - W and p + W without bounds checks. It is updated
 * incrementally: a move places one stone, then looks at the (at most four)
 * chains next to it with a flood fill that stops at the first liberty, and
 * removes the ones that have none. A Zobrist hash of the position is kept up
 * to date with every change, so comparing positions (ko, superko) costs one
 * integer comparison.
 *
 * The tree is walked iteratively with an explicit stack, like the engine's
 * walk. A variations node saves the state (cells and scalars, about 3 KB at
 * most) when more than one line continues from it, and restores it before
 * each variation. The positions of the current line are a stack (the
 * history) that is truncated when the walk backtracks; with disallowRepeats
 * it is also indexed by hash, by chains that are always popped in the order
 * they were pushed. Nothing is allocated per move.
 *
 * A move at the point a converter writes for a pass (record_pass_point:
 * Seki's x 19, y 19) is replayed as that pass. Any other move off the
 * board, and a move with `"pass": true` beside coordinates on the board,
 * has no certain reading (a stone, or a pass?): its line stops there, as
 * off-board and move-shape say, so that no finding follows from a guess.
 * A line also stops quietly at a value of the wrong type or a setup point
 * off the board (other rules report those), and at its first error, which
 * says so. A record whose board.size disagrees with its width or
 * height is not replayed at all (board-size-conflict says so). */
#include "engine/replay.h"

#include <pthread.h>
#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/locate.h"
#include "core/catalog.h"
#include "core/diag.h"
#include "base/pointer.h"


#define MAX_SIDE 52
#define MAX_CELLS ((MAX_SIDE + 2) * (MAX_SIDE + 2))
#define NO_SAVE SIZE_MAX

/* A cell: EMPTY, a colour (possibly marked FROM_SETUP), or EDGE. */
enum { EMPTY = 0, BLACK = 1, WHITE = 2, EDGE = 3, COLOR_MASK = 3, FROM_SETUP = 4 };

static const char *const color_name[] = { "empty", "black", "white", "edge" };

/* Zobrist keys: zobrist[colour][cell], zero for EMPTY. Generated once with
 * splitmix64 from a fixed seed, so hashes are the same on every run. */
static uint64_t zobrist[3][MAX_CELLS];
static pthread_once_t zobrist_once = PTHREAD_ONCE_INIT;

static void zobrist_init(void)
{
	uint64_t s = UINT64_C(0x4a47466c696e7421);
	for (int c = BLACK; c <= WHITE; c++)
		for (int i = 0; i < MAX_CELLS; i++) {
			uint64_t z = (s += UINT64_C(0x9e3779b97f4a7c15));
			z = (z ^ (z >> 30)) * UINT64_C(0xbf58476d1ce4e5b9);
			z = (z ^ (z >> 27)) * UINT64_C(0x94d049bb133111eb);
			zobrist[c][i] = z ^ (z >> 31);
		}
}

/* What a branch point saves besides the cells. */
struct state {
	uint64_t hash;            /* of the current position */
	uint64_t ko_hash;         /* the position before the last move, when ko_color */
	unsigned long moves;      /* moves played on this line, passes included */
	unsigned long ko_move;    /* the number of the last move, when ko_color */
	size_t hist_len;
	size_t turn_depth, turn_index;  /* where the pending turn was set */
	size_t burst;             /* the same-color-twice finding the last move extends, plus one */
	unsigned long free_left;  /* black's first moves that place handicap stones */
	unsigned char ko_color;   /* colour of the last move if it placed a stone */
	unsigned char last_color; /* colour of the last move; EMPTY after a setup or turn */
	unsigned char turn;       /* colour a `turn` says is to play next, or EMPTY */
	bool black_run;           /* black made every move so far */
};

/* A run of moves of one colour, reported once (same-color-twice). */
struct burst {
	size_t diag;              /* its finding in doc->diags */
	unsigned long first, last;
};

/* A position of the current line. */
enum hist_kind { HIST_START, HIST_SETUP, HIST_MOVE };
struct hist {
	uint64_t hash;
	unsigned long move;   /* HIST_MOVE: its number; else the moves before it */
	uint32_t next;        /* the previous entry in the same bucket, plus one */
	uint16_t cell;        /* HIST_MOVE: where the stone was played */
	unsigned char kind;
};

/* A frame of the walk: a sequence of nodes, or a variations array. */
struct frame {
	json_object *array;
	size_t len, next;
	size_t saved;         /* variations: offset of the saved cells, or NO_SAVE */
	struct state state;   /* variations: the state at the branch point */
	bool variations;
	bool main;            /* on the main line (the tree, then each first variation) */
};

struct replay {
	struct document *doc;
	const struct record_info *rec;
	int w, h, W;              /* W = w + 2: the padded row length */
	size_t ncells;            /* (w + 2) * (h + 2) */
	bool allow_suicide, no_repeats;
	long long handicap;       /* rules.handicap, else 0 */

	struct state s;
	uint32_t stamp, seen_stamp;

	struct hist *hist;
	size_t hist_cap;
	uint32_t *bucket;         /* with no_repeats: hash -> last entry + 1 */
	size_t nbuckets;

	struct frame *stack;
	size_t top, stack_cap;
	unsigned char *saved;     /* cells saved at branch points, stacked */
	size_t saved_len, saved_cap;

	/* The node being replayed: its sequence's depth in the stack, its index. */
	size_t depth, index;
	struct buf ptr, ptr2;

	/* The main line, for the handicap. */
	bool main_moved;          /* the main line has a move */
	size_t set_black, set_white;  /* stones on the board at its first move */
	unsigned long main_black; /* black moves that open the main line */
	bool main_other;          /* a move of another colour ended that run */

	struct burst *bursts;
	size_t nbursts, bursts_cap;

	/* Last, so that only their first ncells elements need initialising. */
	unsigned char cells[MAX_CELLS];
	uint32_t mark[MAX_CELLS];   /* == stamp: visited by the current flood fill */
	uint32_t seen[MAX_CELLS];   /* == seen_stamp: a chain the current setup reported */
	uint16_t chain[MAX_CELLS];  /* the stones a flood fill reached */
};

/* Pointers and reports */

/* The pointer of node `index` of the sequence at stack depth `depth` (the
 * frames below it lead to it). */
static void node_pointer(const struct replay *r, struct buf *b, size_t depth, size_t index)
{
	buf_truncate(b, 0);
	buf_adds(b, "/tree");
	for (size_t k = 0; k < depth; k++) {
		if (r->stack[k].variations)
			buf_adds(b, "/variations");
		pointer_push_index(b, r->stack[k].next - 1);
	}
	pointer_push_index(b, index);
}

/* Reports at the current node plus suffix (a relative pointer). */
static void report(struct replay *r, const struct rule *rule, const char *suffix,
		   const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void report(struct replay *r, const struct rule *rule, const char *suffix,
		   const char *fmt, ...)
{
	node_pointer(r, &r->ptr, r->depth, r->index);
	buf_adds(&r->ptr, suffix);
	va_list ap;
	va_start(ap, fmt);
	diag_vptr(&r->doc->diags, rule, r->ptr.data, false, fmt, ap);
	va_end(ap);
}

static const char *const STOPS = "; the rest of this line is not replayed";

static int cell_x(const struct replay *r, int p) { return p % r->W - 1; }
static int cell_y(const struct replay *r, int p) { return p / r->W - 1; }

/* The board */

/* Whether the chain at p has a liberty. Stops at the first one found; when
 * there is none, r->chain holds the whole chain and *n its size. */
static bool has_liberty(struct replay *r, int p, size_t *n)
{
	if (++r->stamp == 0) {
		memset(r->mark, 0, r->ncells * sizeof *r->mark);
		r->stamp = 1;
	}
	const unsigned char *cells = r->cells;
	const int color = cells[p] & COLOR_MASK, W = r->W;
	const int step[4] = { -1, 1, -W, W };
	size_t len = 1, i = 0;
	r->chain[0] = (uint16_t)p;
	r->mark[p] = r->stamp;
	while (i < len) {
		int q = r->chain[i++];
		for (int k = 0; k < 4; k++) {
			int u = q + step[k];
			int c = cells[u] & COLOR_MASK;
			if (c == EMPTY)
				return true;
			if (c == color && r->mark[u] != r->stamp) {
				r->mark[u] = r->stamp;
				r->chain[len++] = (uint16_t)u;
			}
		}
	}
	*n = len;
	return false;
}

/* Removes the n stones of r->chain, of the given colour. */
static void remove_chain(struct replay *r, size_t n, int color)
{
	for (size_t i = 0; i < n; i++) {
		int c = r->chain[i];
		r->cells[c] = EMPTY;
		r->s.hash ^= zobrist[color][c];
	}
}

/* The history of the line */

static void hist_index(struct replay *r, size_t i)
{
	struct hist *e = &r->hist[i];
	uint32_t *head = &r->bucket[e->hash & (r->nbuckets - 1)];
	e->next = *head;
	*head = (uint32_t)(i + 1);
}

static void hist_push(struct replay *r, enum hist_kind kind, unsigned long move, int cell)
{
	size_t i = r->s.hist_len++;
	if (i == r->hist_cap)
		r->hist = xgrow(r->hist, &r->hist_cap, i + 1, sizeof *r->hist);
	r->hist[i] = (struct hist){ .hash = r->s.hash, .move = move, .cell = (uint16_t)cell,
				    .kind = (unsigned char)kind };
	if (!r->no_repeats)
		return;
	if (r->s.hist_len > r->nbuckets) {
		/* Rebuilt in push order, so each chain stays newest first. */
		r->nbuckets = r->nbuckets ? r->nbuckets * 2 : 256;
		free(r->bucket);
		r->bucket = xcalloc(r->nbuckets, sizeof *r->bucket);
		for (size_t j = 0; j <= i; j++)
			hist_index(r, j);
	} else {
		hist_index(r, i);
	}
}

/* Back to the first len entries. The popped entries are the newest, so each
 * is the head of its bucket's chain. */
static void hist_truncate(struct replay *r, size_t len)
{
	if (r->no_repeats)
		for (size_t i = r->s.hist_len; i-- > len;)
			r->bucket[r->hist[i].hash & (r->nbuckets - 1)] = r->hist[i].next;
	r->s.hist_len = len;
}

static const struct hist *hist_find(const struct replay *r, uint64_t hash)
{
	for (uint32_t i = r->bucket[hash & (r->nbuckets - 1)]; i; i = r->hist[i - 1].next)
		if (r->hist[i - 1].hash == hash)
			return &r->hist[i - 1];
	return NULL;
}

/* Branch points */

static void save(struct replay *r, struct frame *f)
{
	f->state = r->s;
	f->saved = r->saved_len;
	r->saved = xgrow(r->saved, &r->saved_cap, r->saved_len + r->ncells, 1);
	memcpy(r->saved + f->saved, r->cells, r->ncells);
	r->saved_len += r->ncells;
}

static void restore(struct replay *r, const struct frame *f)
{
	memcpy(r->cells, r->saved + f->saved, r->ncells);
	hist_truncate(r, f->state.hist_len);
	r->s = f->state;
}

/* Nodes */

/* BLACK or WHITE for the strings "black" and "white", else EMPTY. */
static int color_of(json_object *v)
{
	if (!json_object_is_type(v, json_type_string) || json_object_get_string_len(v) != 5)
		return EMPTY;
	const char *s = json_object_get_string(v);
	return memcmp(s, "black", 5) == 0 ? BLACK : memcmp(s, "white", 5) == 0 ? WHITE : EMPTY;
}

/* get_int, faster for the usual case of a JSON integer. */
static bool coord(json_object *v, long long *out)
{
	if (json_object_is_type(v, json_type_int)) {
		*out = json_object_get_int64(v);
		return true;
	}
	return get_int(v, out);
}

/* The cell of a point object {x, y}; OFF_BOARD when x and y are integers
 * outside the board, NOT_A_POINT when they are not both integers. */
enum { OFF_BOARD = -1, NOT_A_POINT = -2 };
static int point_cell(const struct replay *r, json_object *x, json_object *y)
{
	long long vx, vy;
	if (!coord(x, &vx) || !coord(y, &vy))
		return NOT_A_POINT;
	if (vx < 0 || vy < 0 || vx >= r->w || vy >= r->h)
		return OFF_BOARD;
	return (int)(vy + 1) * r->W + (int)vx + 1;
}

static int coord_cell(const struct replay *r, json_object *pt)
{
	return point_cell(r, member(pt, "x"), member(pt, "y"));
}

/* Setup: applies every entry, then looks for chains left without
 * liberties. False when a value is not what the spec says (the line stops). */
static bool play_setup(struct replay *r, json_object *setup)
{
	if (!json_object_is_type(setup, json_type_array))
		return false;
	char rel[96];
	size_t n = json_object_array_length(setup);
	for (size_t i = 0; i < n; i++) {
		json_object *entry = json_object_array_get_idx(setup, i);
		json_object *type = member(entry, "type"), *coords = member(entry, "coords");
		int color = color_of(type);
		if (color == EMPTY && !(json_object_is_type(type, json_type_string) &&
					strcmp(json_object_get_string(type), "clear") == 0))
			return false;
		if (!json_object_is_type(coords, json_type_array))
			return false;
		size_t m = json_object_array_length(coords);
		for (size_t j = 0; j < m; j++) {
			int p = coord_cell(r, json_object_array_get_idx(coords, j));
			if (p < 0)
				return false;
			int old = r->cells[p] & COLOR_MASK;
			if (old == color) {
				snprintf(rel, sizeof rel, "/setup/%zu/coords/%zu", i, j);
				if (color == EMPTY)
					report(r, &rule_setup_no_effect, rel,
					       "setup clears (%d, %d), which is already empty",
					       cell_x(r, p), cell_y(r, p));
				else
					report(r, &rule_setup_no_effect, rel,
					       "setup places a %s stone at (%d, %d), where a %s stone "
					       "already stands", color_name[color], cell_x(r, p),
					       cell_y(r, p), color_name[color]);
				continue;
			}
			r->s.hash ^= zobrist[old][p] ^ zobrist[color][p];
			r->cells[p] = (unsigned char)(color == EMPTY ? EMPTY : color | FROM_SETUP);
		}
	}

	/* Only chains that touch a stone this node placed can have lost their
	 * last liberty. Each such chain is reported once, at the first point
	 * (in document order) whose stone it is or that took its liberty. */
	if (++r->seen_stamp == 0) {
		memset(r->seen, 0, r->ncells * sizeof *r->seen);
		r->seen_stamp = 1;
	}
	const int step[5] = { 0, -1, 1, -r->W, r->W };
	for (size_t i = 0; i < n; i++) {
		json_object *entry = json_object_array_get_idx(setup, i);
		int color = color_of(member(entry, "type"));
		if (color == EMPTY)
			continue;
		json_object *coords = member(entry, "coords");
		size_t m = json_object_array_length(coords);
		for (size_t j = 0; j < m; j++) {
			int p = coord_cell(r, json_object_array_get_idx(coords, j));
			if ((r->cells[p] & COLOR_MASK) != color)
				continue;  /* changed again later in this node */
			for (int k = 0; k < 5; k++) {
				int q = p + step[k], c = r->cells[q] & COLOR_MASK;
				size_t len;
				if ((c != BLACK && c != WHITE) || (k && c == color) ||
				    r->seen[q] == r->seen_stamp || has_liberty(r, q, &len))
					continue;
				for (size_t s = 0; s < len; s++)
					r->seen[r->chain[s]] = r->seen_stamp;
				snprintf(rel, sizeof rel, "/setup/%zu/coords/%zu", i, j);
				if (len == 1)
					report(r, &rule_setup_no_liberties, rel,
					       "after this setup the %s stone at (%d, %d) has no liberties, "
					       "a position that cannot arise in a game", color_name[c],
					       cell_x(r, q), cell_y(r, q));
				else
					report(r, &rule_setup_no_liberties, rel,
					       "after this setup the chain of %zu %s stones at (%d, %d) has "
					       "no liberties, a position that cannot arise in a game", len,
					       color_name[c], cell_x(r, q), cell_y(r, q));
			}
		}
	}
	r->s.ko_color = EMPTY;
	r->s.last_color = EMPTY;
	r->s.burst = 0;
	hist_push(r, HIST_SETUP, r->s.moves, 0);
	return true;
}

/* The number of the move that put the stone at cell p, from the history. */
static unsigned long move_at(const struct replay *r, int p)
{
	for (size_t i = r->s.hist_len; i-- > 0;)
		if (r->hist[i].kind == HIST_MOVE && r->hist[i].cell == p)
			return r->hist[i].move;
	return 0;
}

/* A stone at cell p: false when the move is illegal (reported). */
static bool play_stone(struct replay *r, int color, int p)
{
	unsigned long n = r->s.moves;
	int x = cell_x(r, p), y = cell_y(r, p);
	const char *who = color_name[color];
	int there = r->cells[p];
	if (there != EMPTY) {
		unsigned long by = there & FROM_SETUP ? 0 : move_at(r, p);
		if (by)
			report(r, &rule_occupied_point, "/move",
			       "move %lu (%s at (%d, %d)) is on an occupied point: the %s stone of "
			       "move %lu stands there%s", n, who, x, y, color_name[there & COLOR_MASK],
			       by, STOPS);
		else
			report(r, &rule_occupied_point, "/move",
			       "move %lu (%s at (%d, %d)) is on an occupied point: a %s stone placed "
			       "by setup stands there%s", n, who, x, y, color_name[there & COLOR_MASK],
			       STOPS);
		return false;
	}

	uint64_t before = r->s.hash;
	int opp = color ^ 3;
	r->cells[p] = (unsigned char)color;
	r->s.hash ^= zobrist[color][p];
	size_t captured = 0, len;
	const int step[4] = { -1, 1, -r->W, r->W };
	for (int k = 0; k < 4; k++) {
		int q = p + step[k];
		if ((r->cells[q] & COLOR_MASK) == opp && !has_liberty(r, q, &len)) {
			remove_chain(r, len, opp);
			captured += len;
		}
	}
	if (!has_liberty(r, p, &len)) {
		if (!r->allow_suicide) {
			if (len == 1)
				report(r, &rule_suicide, "/move",
				       "move %lu (%s at (%d, %d)) is suicide: it captures nothing and its "
				       "stone has no liberty, which these rules forbid (rules.allowSuicide "
				       "is not true)%s", n, who, x, y, STOPS);
			else
				report(r, &rule_suicide, "/move",
				       "move %lu (%s at (%d, %d)) is suicide: it captures nothing and leaves "
				       "its chain of %zu stones without liberties, which these rules forbid "
				       "(rules.allowSuicide is not true)%s", n, who, x, y, len, STOPS);
			return false;
		}
		remove_chain(r, len, color);
	}
	if (captured && r->s.ko_color == opp && r->s.hash == r->s.ko_hash) {
		report(r, &rule_ko_retake, "/move",
		       "move %lu (%s at (%d, %d)) retakes the ko at once: it recreates the position "
		       "before move %lu, %s's capture; %s must play elsewhere first%s", n, who, x, y,
		       r->s.ko_move, color_name[opp], who, STOPS);
		return false;
	}
	if (r->no_repeats) {
		const struct hist *e = hist_find(r, r->s.hash);
		if (e) {
			char earlier[64];
			if (e->kind == HIST_MOVE)
				snprintf(earlier, sizeof earlier, "after move %lu", e->move);
			else if (e->kind == HIST_SETUP && e->move)
				snprintf(earlier, sizeof earlier, "set up after move %lu", e->move);
			else if (e->kind == HIST_SETUP)
				snprintf(earlier, sizeof earlier, "set up before move 1");
			else
				snprintf(earlier, sizeof earlier, "of the empty board");
			report(r, &rule_superko, "/move",
			       "move %lu (%s at (%d, %d)) repeats the whole-board position %s, which "
			       "rules.disallowRepeats forbids (positional superko)%s", n, who, x, y,
			       earlier, STOPS);
			return false;
		}
	}
	hist_push(r, HIST_MOVE, n, p);
	r->s.ko_color = (unsigned char)color;
	r->s.ko_hash = before;
	r->s.ko_move = n;
	return true;
}

/* Before the first move of a line: how many of black's first moves place
 * handicap stones (free placement), and on the main line what was set up,
 * for check_handicap. */
static void first_move(struct replay *r, bool on_main)
{
	if (r->handicap < 2)
		return;  /* only the handicap needs the count */
	size_t black = 0, white = 0;
	for (size_t p = 0; p < r->ncells; p++) {
		int c = r->cells[p] & COLOR_MASK;
		black += c == BLACK;
		white += c == WHITE;
	}
	if (!white && (long long)black < r->handicap)
		r->s.free_left = (unsigned long)(r->handicap - (long long)black);
	if (on_main) {
		r->main_moved = true;
		r->set_black = black;
		r->set_white = white;
	}
}

/* Move n of colour `color` repeats the colour of move n - 1: one finding
 * per run of such moves, rewritten as the run grows ("moves 289–295"). On
 * lines that branch inside a run, it names the longest. */
static void same_color(struct replay *r, int color, unsigned long n)
{
	const char *who = color_name[color], *other = color_name[color ^ 3];
	if (!r->s.burst) {
		report(r, &rule_same_color_twice, "/move",
		       "move %lu is %s's, and so was move %lu before it, with no setup or `turn` "
		       "between; if %s passed, record it as {\"color\": \"%s\", \"pass\": true}",
		       n, who, n - 1, other, other);
		r->bursts = xgrow(r->bursts, &r->bursts_cap, r->nbursts + 1, sizeof *r->bursts);
		r->bursts[r->nbursts++] = (struct burst){ r->doc->diags.len - 1, n - 1, n };
		r->s.burst = r->nbursts;
		return;
	}
	struct burst *b = &r->bursts[r->s.burst - 1];
	if (n <= b->last)
		return;  /* another line through the same run was longer */
	b->last = n;
	struct buf msg = BUF_INIT;
	buf_printf(&msg, "moves %lu–%lu are all %s's, %lu in a row with no setup or `turn` "
		   "between; if %s passed between them, record each pass as {\"color\": "
		   "\"%s\", \"pass\": true}", b->first, b->last, who, b->last - b->first + 1,
		   other, other);
	struct diag *d = &r->doc->diags.items[b->diag];
	free(d->message);
	d->message = buf_detach(&msg);
}

/* A move: false when the line stops. */
static bool play_move(struct replay *r, json_object *move, bool on_main)
{
	json_object *jcolor = NULL, *jx = NULL, *jy = NULL, *jpass = NULL;
	if (!json_object_is_type(move, json_type_object))
		return false;
	json_object_object_foreach(move, key, val) {
		if (key_eq(key, "color"))
			jcolor = val;
		else if (key_eq(key, "x"))
			jx = val;
		else if (key_eq(key, "y"))
			jy = val;
		else if (key_eq(key, "pass"))
			jpass = val;
	}
	int color = color_of(jcolor);
	bool pass = json_object_is_type(jpass, json_type_boolean) && json_object_get_boolean(jpass);
	int p = point_cell(r, jx, jy);
	if (color == EMPTY)
		return false;
	/* One reading each, or none (see the top of this file): a pass with
	 * coordinates on the board could be a stone there. */
	if (pass && p >= 0)
		return false;
	if (!pass && p == NOT_A_POINT)
		return false;
	if (!pass && p == OFF_BOARD) {
		long long x, y;
		if (!coord(jx, &x) || !coord(jy, &y) || !record_pass_point(r->rec, x, y))
			return false;
		pass = true;
	}

	if (r->s.moves == 0)
		first_move(r, on_main);
	unsigned long n = ++r->s.moves;
	const char *who = color_name[color];
	if (r->s.turn && r->s.turn != color) {
		/* The finding is at the move: the turn is named by its place. */
		node_pointer(r, &r->ptr2, r->s.turn_depth, r->s.turn_index);
		buf_adds(&r->ptr2, "/turn");
		size_t offset;
		unsigned long line = 0, col = 0;
		if (r->doc->loc && locator_find(r->doc->loc, r->ptr2.data, false, &offset))
			locator_linecol(r->doc->loc, offset, &line, &col);
		char place[48] = "";
		if (line)
			snprintf(place, sizeof place, " at %lu:%lu", line, col);
		report(r, &rule_turn_mismatch, "/move",
		       "move %lu is %s's, but the `turn`%s (%s) says %s is to play: if the move is "
		       "right, that turn should be \"%s\"; if the turn is right, this move's colour "
		       "is wrong", n, who, place, r->ptr2.data, color_name[r->s.turn], who);
	}
	r->s.turn = EMPTY;
	bool placing = color == BLACK && r->s.black_run && n <= r->s.free_left;
	if (r->s.last_color == color && !placing)
		same_color(r, color, n);
	else
		r->s.burst = 0;
	r->s.last_color = (unsigned char)color;
	r->s.black_run = r->s.black_run && color == BLACK;
	if (on_main && !r->main_other) {
		if (color == BLACK)
			r->main_black++;
		else
			r->main_other = true;
	}
	if (pass) {
		r->s.ko_color = EMPTY;
		return true;
	}
	return play_stone(r, color, p);
}

/* A node: its setup, move and turn, in that order: a `turn` beside a move
 * says who plays after it (SGF's PL, and Seki's reader, which plays the
 * move and then applies the turn). A move beside `variations` is played
 * before them, as if in a node of its own (variations-node reports it).
 * *vars is set to its variations. False when the line stops. */
static bool play_node(struct replay *r, json_object *node, bool on_main, json_object **vars)
{
	json_object *move = NULL, *setup = NULL, *turn = NULL;
	*vars = NULL;
	if (!json_object_is_type(node, json_type_object))
		return false;
	json_object_object_foreach(node, key, val) {
		if (key_eq(key, "move"))
			move = val;
		else if (key_eq(key, "setup"))
			setup = val;
		else if (key_eq(key, "turn"))
			turn = val;
		else if (key_eq(key, "variations"))
			*vars = val;
	}
	if (setup && !play_setup(r, setup))
		return false;
	if (move && !play_move(r, move, on_main))
		return false;
	int color = color_of(turn);
	if (color != EMPTY) {
		r->s.turn = (unsigned char)color;
		r->s.turn_depth = r->depth;
		r->s.turn_index = r->index;
		r->s.last_color = EMPTY;
		r->s.burst = 0;
	}
	return true;
}

/* The walk */

static struct frame *push(struct replay *r, json_object *array, bool variations, bool on_main)
{
	r->stack = xgrow(r->stack, &r->stack_cap, r->top + 1, sizeof *r->stack);
	struct frame *f = &r->stack[r->top++];
	*f = (struct frame){ .array = array, .len = json_object_array_length(array),
			     .saved = NO_SAVE, .variations = variations, .main = on_main };
	return f;
}

static void replay_tree(struct replay *r, json_object *tree)
{
	push(r, tree, false, true);
	while (r->top) {
		struct frame *f = &r->stack[r->top - 1];
		if (f->next >= f->len) {
			bool saved = f->saved != NO_SAVE;
			if (saved) {
				/* Nodes after a variations node go on from its position. */
				if (r->top >= 2 && r->stack[r->top - 2].next < r->stack[r->top - 2].len)
					restore(r, f);
				r->saved_len = f->saved;
			}
			r->top--;
			continue;
		}
		size_t i = f->next++;
		json_object *item = json_object_array_get_idx(f->array, i);
		if (f->variations) {
			if (!json_object_is_type(item, json_type_array))
				continue;
			if (i > 0 && f->saved != NO_SAVE)
				restore(r, f);
			push(r, item, false, f->main && i == 0);
			continue;
		}
		r->depth = r->top - 1;
		r->index = i;
		json_object *vars;
		bool on_main = f->main;
		if (!play_node(r, item, on_main, &vars)) {
			f->next = f->len;  /* this line stops here */
			continue;
		}
		if (json_object_is_type(vars, json_type_array) && json_object_array_length(vars)) {
			bool more = json_object_array_length(vars) > 1 || f->next < f->len;
			f = push(r, vars, true, on_main);
			if (more)
				save(r, f);
		}
	}
}

/* Setup */

/* Whether the record is one the replay understands: Go, a board of at most
 * 52×52, black and white. */
static bool replayable(json_object *root, const struct record_info *rec)
{
	json_object *type = member(member(root, "game"), "type");
	if (type && !(json_object_is_type(type, json_type_string) &&
		      strcmp(json_object_get_string(type), "go") == 0))
		return false;
	if (rec->width < 1 || rec->height < 1 || rec->width > MAX_SIDE || rec->height > MAX_SIDE ||
	    rec->size_conflict)
		return false;
	for (size_t i = 0; i < rec->ncolors; i++)
		if (strcmp(rec->colors[i], "black") != 0 && strcmp(rec->colors[i], "white") != 0)
			return false;
	return json_object_is_type(member(root, "tree"), json_type_array);
}

/* The most stones a handicap setup has: more is a whole-board position. */
#define MAX_PLAIN_HANDICAP 9

static void check_handicap(struct replay *r)
{
	long long h = r->handicap;
	if (h < 2 || !r->main_moved || r->set_white)
		return;  /* no handicap, no game, or a whole position set up */
	unsigned long long black = r->set_black;
	if (black > (unsigned long long)h) {
		if (black > (unsigned long long)(h > MAX_PLAIN_HANDICAP ? h : MAX_PLAIN_HANDICAP))
			return;  /* a whole position of black stones */
		diag_ptr(&r->doc->diags, &rule_handicap_mismatch, "/rules/handicap", false,
			 "rules.handicap is %lld, but %llu black stones (and no white ones) are set "
			 "up before the first move; a handicap of %lld is %lld black stones, set up "
			 "before the first move or played before white's first", h, black, h, h);
		return;
	}
	if (black + r->main_black >= (unsigned long long)h || !r->main_other)
		return;  /* enough stones, or no white move yet */
	diag_ptr(&r->doc->diags, &rule_handicap_mismatch, "/rules/handicap", false,
		 "rules.handicap is %lld, but black has only %llu stone%s by white's first "
		 "move (%llu set up, %lu played); a handicap of %lld is %lld black stones, "
		 "set up before the first move or played before white's first", h,
		 black + r->main_black, black + r->main_black == 1 ? "" : "s", black,
		 r->main_black, h, h);
}

void replay_run(struct document *doc, const struct record_info *rec)
{
	json_object *root = doc->root;
	if (!replayable(root, rec))
		return;
	pthread_once(&zobrist_once, zobrist_init);

	struct replay *r = xmalloc(sizeof *r);
	memset(r, 0, offsetof(struct replay, cells));
	r->doc = doc;
	r->rec = rec;
	r->w = rec->width;
	r->h = rec->height;
	r->W = rec->width + 2;
	r->ncells = (size_t)(r->w + 2) * (size_t)(r->h + 2);
	json_object *rules = member(root, "rules");
	json_object *v = member(rules, "allowSuicide");
	r->allow_suicide = json_object_is_type(v, json_type_boolean) && json_object_get_boolean(v);
	v = member(rules, "disallowRepeats");
	r->no_repeats = json_object_is_type(v, json_type_boolean) && json_object_get_boolean(v);
	if (!get_int(member(rules, "handicap"), &r->handicap))
		r->handicap = 0;

	memset(r->cells, EDGE, r->ncells);
	for (int y = 1; y <= r->h; y++)
		memset(r->cells + y * r->W + 1, EMPTY, (size_t)r->w);
	memset(r->mark, 0, r->ncells * sizeof *r->mark);
	memset(r->seen, 0, r->ncells * sizeof *r->seen);
	r->s.black_run = true;
	hist_push(r, HIST_START, 0, 0);

	replay_tree(r, member(root, "tree"));
	check_handicap(r);

	free(r->hist);
	free(r->bucket);
	free(r->stack);
	free(r->saved);
	free(r->bursts);
	buf_free(&r->ptr);
	buf_free(&r->ptr2);
	free(r);
}
