/* replay: the game of Go behind a JGF record, move by move.
 *
 * The game is played on a Go board (board.h: stones, liberties, captures,
 * ko, hashes, the line's history); this file reads the record's values,
 * follows its tree and says what cannot happen.
 *
 * The replay follows the rules' walk of the tree (walk.h, engine.c: one
 * walk, iterative, with a stack of its own here). A variations node saves
 * the state (cells and scalars, about 3 KB at most) when more than one line
 * continues from it, and restores it before each variation. The positions
 * of the current line are a stack (the history) that is truncated when the
 * walk backtracks; with disallowRepeats the board's history indexes them
 * by hash. Nothing is allocated per move.
 *
 * A move at the point a converter writes for a pass (record_pass_point:
 * Seki's x 19, y 19) is replayed as that pass. Any other move off the
 * board, and a move with `"pass": true` beside coordinates on the board,
 * has no certain reading (a stone, or a pass?): its line stops there, as
 * off-board and move-shape say, so that no finding follows from a guess.
 * A line also stops quietly at a value of the wrong type or a setup point
 * off the board (other rules report those), and at its first error, which
 * says so. A record whose board.size disagrees with its width or
 * height is not replayed at all (board-size-conflict says so).
 *
 * Positions (replay_positions) come from the same walk, with targets: at
 * each node it visits, the walk looks its pointer up among them and copies
 * the position. A node that stops its line leaves the position as it was
 * before it (its cells, history and state are put back), and the walk goes
 * on through the rest of the line and the variations below it without
 * playing them, so that positions there can say where their line stopped.
 * The stone at each point is traced back to the node that placed it through
 * the history, which holds the node of every move and setup. */
#include "engine/replay.h"

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
#include "engine/board.h"
#include "engine/walk.h"


#define NO_SAVE SIZE_MAX
#define NO_START UINT32_MAX

const char *const go_color_name[3] = { "empty", "black", "white" };

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
};

/* What replay_positions asks: positions at these nodes. */
struct target {
	const char *ptr;
	size_t k;                 /* its position in out */
};
struct targets {
	struct target *sorted;    /* by pointer */
	size_t n, found;
	struct position *out;
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
	const struct record_info *rec;
	struct targets *targets;  /* positions only */
	/* Positions kept with the findings (replay_start's keep), each stone
	 * traced to its move and node with full (as replay_positions'). */
	bool keep, full;
	bool positions;           /* targets or keep */
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

/* Reports at the current node plus suffix (a relative pointer): a finding
 * about the position at that node. */
static struct diag *report(struct replay *r, const struct rule *rule, const char *suffix,
			   const char *fmt, va_list ap) __attribute__((format(printf, 4, 0)));
static struct diag *report(struct replay *r, const struct rule *rule, const char *suffix,
			   const char *fmt, va_list ap)
{
	node_pointer(r, &r->ptr, r->depth, r->index);
	char *node = xstrdup(r->ptr.data);
	buf_adds(&r->ptr, suffix);
	struct diag *d = diag_vptr(r->diags, rule, r->ptr.data, false, fmt, ap);
	d->node = node;
	return d;
}

static int cell_x(const struct replay *r, int p) { return board_x(&r->b, p); }
static int cell_y(const struct replay *r, int p) { return board_y(&r->b, p); }

const char *go_where(const struct go_event *e, char out[GO_WHERE_SIZE])
{
	return go_name(e, e->x, e->y, out);
}

/* The history of the line */

static void hist_push(struct replay *r, enum hist_kind kind, unsigned long move, int cell)
{
	size_t i = r->s.hist_len++;
	if (i == r->hist_cap)
		r->hist = xgrow(r->hist, &r->hist_cap, i + 1, sizeof *r->hist);
	r->hist[i] = (struct hist){ .move = move, .cell = (uint16_t)cell,
				    .kind = (unsigned char)kind, .depth = (uint32_t)r->depth,
				    .index = (uint32_t)r->index,
				    .start = r->start == SIZE_MAX ? NO_START : (uint32_t)r->start };
	board_history_push(&r->history, r->b.s.hash);
}

/* Back to the first len entries. */
static void hist_truncate(struct replay *r, size_t len)
{
	board_history_truncate(&r->history, len);
	r->s.hist_len = len;
}

/* The newest entry of the line with this position (no_repeats), or NULL. */
static const struct hist *hist_find(const struct replay *r, uint64_t hash)
{
	size_t i = board_history_find(&r->history, hash);
	return i ? &r->hist[i - 1] : NULL;
}

/* Kept positions: cell p as it is, before this node's setup changes it. */
__attribute__((cold, noinline))
static void keep_undo(struct replay *r, int p)
{
	r->undo_setup = xgrow(r->undo_setup, &r->undo_cap, r->nundo + 1, sizeof *r->undo_setup);
	r->undo_setup[r->nundo++] = (struct undo){ p, r->b.cells[p], r->placed[p] };
}

/* Branch points */

/* What a branch point saves of the cells: the cells, what placed each
 * stone, and where in its setup. */
static size_t saved_size(const struct replay *r)
{
	return r->b.ncells * (1 + sizeof *r->placed + sizeof *r->setup_at);
}

static void save(struct replay *r, struct frame *f)
{
	r->s.board = r->b.s;
	f->state = r->s;
	f->saved = r->saved_len;
	r->saved = xgrow(r->saved, &r->saved_cap, r->saved_len + saved_size(r), 1);
	unsigned char *at = r->saved + f->saved;
	memcpy(at, r->b.cells, r->b.ncells);
	memcpy(at + r->b.ncells, r->placed, r->b.ncells * sizeof *r->placed);
	memcpy(at + r->b.ncells * (1 + sizeof *r->placed), r->setup_at,
	       r->b.ncells * sizeof *r->setup_at);
	r->saved_len += saved_size(r);
}

static void restore(struct replay *r, const struct frame *f)
{
	const unsigned char *at = r->saved + f->saved;
	memcpy(r->b.cells, at, r->b.ncells);
	memcpy(r->placed, at + r->b.ncells, r->b.ncells * sizeof *r->placed);
	memcpy(r->setup_at, at + r->b.ncells * (1 + sizeof *r->placed),
	       r->b.ncells * sizeof *r->setup_at);
	hist_truncate(r, f->state.hist_len);
	r->s = f->state;
	r->b.s = r->s.board;
}

/* Nodes */

/* CELL_BLACK or CELL_WHITE for the strings "black" and "white", else CELL_EMPTY. */
static int color_of(json_object *v)
{
	if (!json_object_is_type(v, json_type_string) || json_object_get_string_len(v) != 5)
		return CELL_EMPTY;
	const char *s = json_object_get_string(v);
	return memcmp(s, "black", 5) == 0 ? CELL_BLACK :
	       memcmp(s, "white", 5) == 0 ? CELL_WHITE : CELL_EMPTY;
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
	if (vx < 0 || vy < 0 || vx >= r->b.w || vy >= r->b.h)
		return OFF_BOARD;
	return (int)(vy + 1) * r->b.W + (int)vx + 1;
}

static int coord_cell(const struct replay *r, json_object *pt)
{
	return point_cell(r, member(pt, "x"), member(pt, "y"));
}

/* Points of findings */

/* A point of d at cell p, naming the move or setup of node (NULL: d's
 * own node, at r->start): rel is the value's pointer in that node ("/move",
 * "/setup/1/coords/3"). In a streamed check, where the value is is found
 * in the text now, from its node's offset (start): the node is gone when
 * the lint locates the findings. */
static void add_point(struct replay *r, struct diag *d, enum point_role role, int p, int color,
		      unsigned long move, const char *node, size_t start, const char *rel)
{
	struct buf pointer = BUF_INIT;
	if (!node) {
		node = d->node;
		start = r->start;
	}
	buf_adds(&pointer, node);
	buf_adds(&pointer, rel);
	struct diag_point *pt = diag_add_point(d, role, cell_x(r, p), cell_y(r, p), color, move, node,
					       pointer.data);
	point_name(r->b.w, r->b.h, pt->x, pt->y, pt->name);
	buf_free(&pointer);
	if (r->doc && r->doc->streamed && start != SIZE_MAX) {
		struct locator *loc = document_locator_within(r->doc, start);
		struct span sp;
		if (locator_span(loc, rel, &sp))
			pt->start = sp.start, pt->end = sp.end;
		locator_free(loc);
	}
}

/* The current node's move at p. */
static void add_move(struct replay *r, struct diag *d, int p, int color)
{
	add_point(r, d, ROLE_MOVE, p, color, r->s.moves, NULL, SIZE_MAX, "/move");
}

/* The setup point a finding of this node's setup is at (rel). */
static void add_setup(struct replay *r, struct diag *d, int p, int color, const char *rel)
{
	add_point(r, d, ROLE_SETUP, p, color, 0, NULL, SIZE_MAX, rel);
}

/* "/setup/I/coords/J": the last point of the setup of node that puts a
 * stone of that colour on cell p (the one that stands). */
static void setup_point(struct replay *r, json_object *node, int p, int color, char rel[96])
{
	json_object *setup = member(node, "setup");
	size_t n = json_object_array_length(setup);
	snprintf(rel, 96, "/setup");
	for (size_t i = 0; i < n; i++) {
		json_object *entry = json_object_array_get_idx(setup, i);
		if (color_of(member(entry, "type")) != color)
			continue;
		json_object *coords = member(entry, "coords");
		size_t m = json_object_array_length(coords);
		for (size_t j = 0; j < m; j++)
			if (coord_cell(r, json_object_array_get_idx(coords, j)) == p)
				snprintf(rel, 96, "/setup/%zu/coords/%zu", i, j);
	}
}

/* The stone of that colour on cell p (or just taken from it), with the
 * move or setup that placed it. */
static void add_stone(struct replay *r, struct diag *d, enum point_role role, int p, int color)
{
	uint32_t i = r->placed[p];
	size_t depth = r->depth, index = r->index, start = r->start;
	bool setup = true;       /* this node's, when i is the entry not yet pushed */
	unsigned long move = 0;
	char rel[96] = "/move";
	if (i < r->s.hist_len) {
		const struct hist *e = &r->hist[i];
		depth = e->depth, index = e->index;
		start = e->start == NO_START ? SIZE_MAX : e->start;
		setup = e->kind != HIST_MOVE;
		move = setup ? 0 : e->move;
		if (setup)   /* a node gone by: where its setup placed the stone */
			snprintf(rel, sizeof rel, "/setup/%u/coords/%u",
				 (unsigned)(r->setup_at[p] >> 32), (unsigned)r->setup_at[p]);
	} else {
		setup_point(r, r->node, p, color, rel);
	}
	node_pointer(r, &r->ptr2, depth, index);
	add_point(r, d, role, p, color, move, r->ptr2.data, start, rel);
}

/* Events */

/* Gives event e to every rule (the go rule whose event it is words it):
 * about the move or setup point at cell p (-1: a pass) and, for a setup,
 * rel, its pointer in the node; the event names `named` (else p). The
 * finding made, if any, plus one. Cold: rare, and out of the move's path. */
__attribute__((cold))
static size_t emit(struct replay *r, struct go_event *e, int p, const char *rel, int named)
{
	e->replay = r;
	e->width = r->b.w;
	e->height = r->b.h;
	if (named < 0)
		named = p;
	e->x = named >= 0 ? cell_x(r, named) : -1;
	e->y = named >= 0 ? cell_y(r, named) : -1;
	r->event_cell = p;
	r->event_rel = rel;
	r->made = 0;
	for (const struct rule *const *rule = rule_registry; *rule; rule++)
		if ((*rule)->on_go)
			(*rule)->on_go(e);
	return r->made;
}

struct diag *go_finding(const struct go_event *e, const struct rule *rule, const char *fmt, ...)
{
	struct replay *r = e->replay;
	int p = r->event_cell, color = e->color;
	va_list ap;
	va_start(ap, fmt);
	struct diag *d = e->kind == GO_HANDICAP ?
			 diag_vptr(r->diags, rule, "/rules/handicap", false, fmt, ap) :
			 e->kind == GO_MAIN_LINE_END ?
			 diag_vptr(r->diags, rule, "/game/result", false, fmt, ap) :
			 report(r, rule, r->event_rel ? r->event_rel : "/move", fmt, ap);
	va_end(ap);
	r->made = r->diags->len;
	switch (e->kind) {
	case GO_OCCUPIED:
		add_move(r, d, p, color);
		add_stone(r, d, ROLE_STONE, p, e->there);
		break;
	case GO_SUICIDE:
		add_move(r, d, p, color);
		for (size_t i = 0; i < e->len; i++)
			if (r->b.chain[i] != p)
				add_stone(r, d, ROLE_CHAIN, r->b.chain[i], color);
		break;
	case GO_KO_RETAKE:
	case GO_SUPERKO:
		add_move(r, d, p, color);
		for (size_t i = 0; i < r->b.ntaken; i++)
			add_stone(r, d, ROLE_CAPTURE, r->b.taken[i], color ^ 3);
		break;
	case GO_SETUP_NO_EFFECT:
		for (size_t k = 0; k < r->nspots; k++) {
			const struct spot_at *at = &r->spots_at[k];
			char rel[96];
			snprintf(rel, sizeof rel, "/setup/%zu/coords/%zu", at->i, at->j);
			add_setup(r, d, at->cell, r->spots[k].color, rel);
			if (r->spots[k].color != CELL_EMPTY)
				add_stone(r, d, ROLE_STONE, at->cell, r->spots[k].color);
		}
		break;
	case GO_SETUP_NO_LIBERTIES:
		add_setup(r, d, p, color, r->event_rel);
		for (size_t i = 0; i < e->len; i++)
			add_stone(r, d, ROLE_CHAIN, r->b.chain[i], e->there);
		break;
	case GO_SAME_COLOR:
		if (p >= 0)
			add_move(r, d, p, color);
		if (r->s.last_cell) {
			node_pointer(r, &r->ptr2, r->s.last_depth, r->s.last_index);
			add_point(r, d, ROLE_PREVIOUS, r->s.last_cell, color, e->move - 1,
				  r->ptr2.data, r->s.last_start, "/move");
		}
		break;
	case GO_TURN_MISMATCH:
		if (p >= 0)
			add_move(r, d, p, color);
		break;
	case GO_HANDICAP: {
		const struct held *h = e->too_many ? &r->before_first : &r->before_white;
		if (!h->node)
			break;
		d->node = xstrdup(h->node);
		if (h->position) {
			d->position = xmalloc(sizeof *d->position);
			position_copy(d->position, h->position);
		}
		for (size_t k = 0; k < h->n; k++) {
			const struct held_stone *st = &h->stones[k];
			add_point(r, d, ROLE_STONE, st->cell, CELL_BLACK, st->move, st->node,
				  st->start, st->rel);
		}
		break;
	}
	case GO_MAIN_LINE_END:
		break;
	}
	return d;
}

void go_reword(struct diag *d, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *message = xvasprintf(fmt, ap);
	va_end(ap);
	free(d->message);
	d->message = message;
}

const char *go_name(const struct go_event *e, int x, int y, char out[GO_WHERE_SIZE])
{
	char name[POINT_NAME_SIZE];
	if (point_name(e->width, e->height, x, y, name))
		snprintf(out, GO_WHERE_SIZE, "%s (%d, %d)", name, x, y);
	else
		snprintf(out, GO_WHERE_SIZE, "(%d, %d)", x, y);
	return out;
}

/* The points of this node's setup that changed nothing: one event. */
static void no_effect(struct replay *r)
{
	if (!r->nspots)
		return;
	const struct spot_at *first = &r->spots_at[0];
	char rel[96];
	snprintf(rel, sizeof rel, "/setup/%zu/coords/%zu", first->i, first->j);
	emit(r, &(struct go_event){ .kind = GO_SETUP_NO_EFFECT, .color = r->spots[0].color,
				    .spots = r->spots, .nspots = r->nspots },
	     first->cell, rel, -1);
	r->nspots = 0;
}

/* Setup: applies every entry, then looks for chains left without
 * liberties. False when a value is not what the spec says (the line stops). */
static bool play_setup(struct replay *r, json_object *setup)
{
	if (!json_object_is_type(setup, json_type_array))
		return false;
	char rel[96];
	size_t n = json_object_array_length(setup);
	r->nspots = 0;
	for (size_t i = 0; i < n; i++) {
		json_object *entry = json_object_array_get_idx(setup, i);
		json_object *type = member(entry, "type"), *coords = member(entry, "coords");
		int color = color_of(type);
		if ((color == CELL_EMPTY && !(json_object_is_type(type, json_type_string) &&
					     strcmp(json_object_get_string(type), "clear") == 0)) ||
		    !json_object_is_type(coords, json_type_array)) {
			no_effect(r);
			return false;
		}
		size_t m = json_object_array_length(coords);
		for (size_t j = 0; j < m; j++) {
			int p = coord_cell(r, json_object_array_get_idx(coords, j));
			if (p < 0) {
				no_effect(r);
				return false;
			}
			int old = r->b.cells[p] & CELL_COLOR;
			if (old == color) {
				size_t k = r->nspots++;
				r->spots = xgrow(r->spots, &r->spots_cap, k + 1, sizeof *r->spots);
				r->spots_at = xgrow(r->spots_at, &r->spots_at_cap, k + 1,
						    sizeof *r->spots_at);
				r->spots[k] = (struct go_spot){ cell_x(r, p), cell_y(r, p), color };
				r->spots_at[k] = (struct spot_at){ p, i, j };
				/* The last point of a stone's colour names it
				 * (setup_point), when this setup placed it. */
				if (color != CELL_EMPTY && r->placed[p] == r->s.hist_len)
					r->setup_at[p] = (uint64_t)i << 32 | j;
				continue;
			}
			if (r->keep)
				keep_undo(r, p);
			board_put(&r->b, p, (unsigned char)(color == CELL_EMPTY ? CELL_EMPTY :
							    color | CELL_FROM_SETUP));
			r->placed[p] = (uint32_t)r->s.hist_len;   /* the entry pushed below */
			r->setup_at[p] = (uint64_t)i << 32 | j;
		}
	}
	no_effect(r);

	/* Only chains that touch a stone this node placed can have lost their
	 * last liberty. Each such chain is reported once, at the first point
	 * (in document order) whose stone it is or that took its liberty. */
	uint32_t seen = board_seen(&r->b);
	const int step[5] = { 0, -1, 1, -r->b.W, r->b.W };
	for (size_t i = 0; i < n; i++) {
		json_object *entry = json_object_array_get_idx(setup, i);
		int color = color_of(member(entry, "type"));
		if (color == CELL_EMPTY)
			continue;
		json_object *coords = member(entry, "coords");
		size_t m = json_object_array_length(coords);
		for (size_t j = 0; j < m; j++) {
			int p = coord_cell(r, json_object_array_get_idx(coords, j));
			if ((r->b.cells[p] & CELL_COLOR) != color)
				continue;  /* changed again later in this node */
			for (int k = 0; k < 5; k++) {
				int q = p + step[k], c = r->b.cells[q] & CELL_COLOR;
				size_t len;
				if ((c != CELL_BLACK && c != CELL_WHITE) || (k && c == color) ||
				    r->b.seen[q] == seen || board_has_liberty(&r->b, q, &len))
					continue;
				for (size_t s = 0; s < len; s++)
					r->b.seen[r->b.chain[s]] = seen;
				snprintf(rel, sizeof rel, "/setup/%zu/coords/%zu", i, j);
				emit(r, &(struct go_event){ .kind = GO_SETUP_NO_LIBERTIES,
							    .color = color, .there = c,
							    .len = len }, p, rel, q);
			}
		}
	}
	board_no_ko(&r->b);
	r->s.last_color = CELL_EMPTY;
	r->s.burst = 0;
	hist_push(r, HIST_SETUP, r->s.moves, 0);
	return true;
}

/* A stone at cell p: false when the move is illegal (reported). */
static bool play_stone(struct replay *r, int color, int p)
{
	unsigned long n = r->s.moves;
	int there = r->b.cells[p] & CELL_COLOR;
	size_t len;
	enum board_play played = board_play(&r->b, color, p, r->allow_suicide, &len);
	if (played == BOARD_OCCUPIED) {
		const struct hist *e = &r->hist[r->placed[p]];
		emit(r, &(struct go_event){ .kind = GO_OCCUPIED, .move = n, .color = color,
					    .there = there,
					    .there_move = e->kind == HIST_MOVE ? e->move : 0 },
		     p, NULL, -1);
		return false;
	}
	if (played == BOARD_SUICIDE) {
		r->undo_cell = p, r->undo_color = color, r->undo_chain = 0;
		emit(r, &(struct go_event){ .kind = GO_SUICIDE, .move = n, .color = color,
					    .len = len }, p, NULL, -1);
		return false;
	}
	r->s.captures[color ^ 3] += len;   /* stones lost to suicide count as the opponent's */
	if (board_retakes_ko(&r->b, color)) {
		r->undo_cell = p, r->undo_color = color, r->undo_chain = len;
		emit(r, &(struct go_event){ .kind = GO_KO_RETAKE, .move = n, .color = color,
					    .ko_move = r->s.ko_move }, p, NULL, -1);
		return false;
	}
	const struct hist *e = r->no_repeats ? hist_find(r, r->b.s.hash) : NULL;
	if (e) {
		struct go_event ev = { .kind = GO_SUPERKO, .move = n, .color = color,
				       .earlier_move = e->move };
		ev.earlier = e->kind == HIST_MOVE ? GO_AFTER_MOVE :
			     e->kind == HIST_SETUP && e->move ? GO_SET_UP_AFTER :
			     e->kind == HIST_SETUP ? GO_SET_UP_BEFORE : GO_EMPTY_BOARD;
		r->undo_cell = p, r->undo_color = color, r->undo_chain = len;
		emit(r, &ev, p, NULL, -1);
		return false;
	}
	r->placed[p] = (uint32_t)r->s.hist_len;
	hist_push(r, HIST_MOVE, n, p);
	board_commit(&r->b, color);
	r->s.ko_move = n;
	r->s.captures[color] += r->b.ntaken;
	r->s.last_cell = (uint16_t)p;
	return true;
}

/* Positions */

/* Who plays next: a node's `turn`; else after black's handicap stones
 * played as moves, black; else the other colour than the last move's;
 * before any move, white when black stones alone stand for a handicap,
 * else black. */
static unsigned char next_turn(const struct replay *r, bool *given)
{
	*given = r->s.turn != CELL_EMPTY;
	if (r->s.turn)
		return r->s.turn;
	if (r->s.last_move == CELL_BLACK && r->s.black_run && r->s.moves < r->s.free_left)
		return CELL_BLACK;
	if (r->s.last_move)
		return r->s.last_move ^ 3;
	if (r->handicap >= 2) {
		size_t black = 0, white = 0;
		for (size_t p = 0; p < r->b.ncells; p++) {
			black += (r->b.cells[p] & CELL_COLOR) == CELL_BLACK;
			white += (r->b.cells[p] & CELL_COLOR) == CELL_WHITE;
		}
		if (black && !white)
			return CELL_WHITE;
	}
	return CELL_BLACK;
}

static char *pointer_of(struct replay *r, uint32_t depth, uint32_t index)
{
	node_pointer(r, &r->ptr2, depth, index);
	return xstrdup(r->ptr2.data);
}

/* Each stone's move and node, from the history entry that placed it. */
static void trace_stones(struct replay *r, struct position *p)
{
	size_t points = (size_t)p->width * (size_t)p->height;
	p->placed_by = xcalloc(points + 1, sizeof *p->placed_by);
	p->placed_at = xcalloc(points + 1, sizeof *p->placed_at);
	for (int y = 0; y < r->b.h; y++)
		for (int x = 0; x < r->b.w; x++) {
			size_t k = (size_t)y * (size_t)r->b.w + (size_t)x;
			if (!p->stones[k])
				continue;
			const struct hist *e = &r->hist[r->placed[(y + 1) * r->b.W + x + 1]];
			p->placed_by[k] = e->kind == HIST_MOVE ? e->move : 0;
			p->placed_at[k] = pointer_of(r, e->depth, e->index);
		}
}

/* Copies the current position, at the node whose pointer is r->ptr. */
static void snapshot(struct replay *r, struct position *p)
{
	const struct record_info *rec = r->rec;
	*p = (struct position){ .width = r->b.w, .height = r->b.h, .cut_top = rec->cut_top,
				.cut_bottom = rec->cut_bottom, .cut_left = rec->cut_left,
				.cut_right = rec->cut_right, .ko_x = -1, .ko_y = -1 };
	p->node = xstrdup(r->ptr.data);
	p->stones = xmalloc((size_t)r->b.w * (size_t)r->b.h);
	for (int y = 0; y < r->b.h; y++)
		for (int x = 0; x < r->b.w; x++)
			p->stones[y * r->b.w + x] = r->b.cells[(y + 1) * r->b.W + x + 1] & CELL_COLOR;
	p->turn = next_turn(r, &p->turn_given);
	int ko = board_ko_point(&r->b);
	if (ko)
		p->ko_x = cell_x(r, ko), p->ko_y = cell_y(r, ko);
	if (r->s.last_move) {
		int c = r->s.last_cell;
		p->last = (struct position_move){ .number = r->s.moves, .color = r->s.last_move,
						  .pass = !c, .x = c ? cell_x(r, c) : -1,
						  .y = c ? cell_y(r, c) : -1 };
		p->last.node = pointer_of(r, r->s.last_depth, r->s.last_index);
	}
	p->moves = r->s.moves;
	p->captures[STONE_BLACK] = r->s.captures[CELL_BLACK];
	p->captures[STONE_WHITE] = r->s.captures[CELL_WHITE];
	if (r->s.stopped) {
		p->stop_node = pointer_of(r, r->s.stop_depth, r->s.stop_index);
		const struct diag *d = r->s.stop_diag ? &r->diags->items[r->s.stop_diag - 1] : NULL;
		p->stop_rule = d ? d->rule : NULL;
		struct buf why = BUF_INIT;
		if (d)
			buf_adds(&why, d->message);
		else
			buf_printf(&why, "the replay stops at %s: a value there is not one it can "
				   "read (its findings say which)", p->stop_node);
		p->stop_message = buf_detach(&why);
	}
	if (r->full)
		trace_stones(r, p);
}

/* Black's stones now, on the main line, with the node of the position
 * (the last setup or move so far): for a handicap finding's board. */
__attribute__((cold))
static void hold(struct replay *r, struct held *h)
{
	const struct hist *last = &r->hist[r->s.hist_len - 1];
	if (last->kind == HIST_START)
		return;
	node_pointer(r, &r->ptr2, last->depth, last->index);
	h->node = xstrdup(r->ptr2.data);
	if (r->keep && last->depth == r->depth && last->index == r->index) {
		r->hold_here = h;   /* this node's setup: its position at its end */
	} else if (r->keep) {
		/* An earlier node's: the board since (this node has no setup,
		 * and its move is not played yet), and the state before this
		 * node but for a `turn` set after it. */
		struct state now = r->s;
		r->s = r->before;
		r->s.turn = r->before.held_turn;
		buf_truncate(&r->ptr, 0);
		buf_adds(&r->ptr, h->node);
		h->position = xmalloc(sizeof *h->position);
		snapshot(r, h->position);
		r->s = now;
	}
	for (int y = 0; y < r->b.h; y++)
		for (int x = 0; x < r->b.w; x++) {
			int p = board_cell(&r->b, x, y);
			if ((r->b.cells[p] & CELL_COLOR) != CELL_BLACK)
				continue;
			const struct hist *e = &r->hist[r->placed[p]];
			h->stones = xrealloc(h->stones, (h->n + 1) * sizeof *h->stones);
			struct held_stone *st = &h->stones[h->n++];
			node_pointer(r, &r->ptr2, e->depth, e->index);
			*st = (struct held_stone){ .cell = p, .node = xstrdup(r->ptr2.data),
						   .start = e->start == NO_START ? SIZE_MAX : e->start,
						   .move = e->kind == HIST_MOVE ? e->move : 0 };
			if (e->kind == HIST_MOVE)
				snprintf(st->rel, sizeof st->rel, "/move");
			else
				snprintf(st->rel, sizeof st->rel, "/setup/%u/coords/%u",
					 (unsigned)(r->setup_at[p] >> 32), (unsigned)r->setup_at[p]);
		}
}

static void held_free(struct held *h)
{
	if (h->position) {
		position_free(h->position);
		free(h->position);
	}
	for (size_t k = 0; k < h->n; k++)
		free(h->stones[k].node);
	free(h->stones);
	free(h->node);
}

/* Before the first move of a line: how many of black's first moves place
 * handicap stones (free placement), and on the main line what was set up,
 * for check_handicap. */
static void first_move(struct replay *r, bool on_main)
{
	if (r->handicap < 2)
		return;  /* only the handicap needs the count */
	size_t black = 0, white = 0;
	for (size_t p = 0; p < r->b.ncells; p++) {
		int c = r->b.cells[p] & CELL_COLOR;
		black += c == CELL_BLACK;
		white += c == CELL_WHITE;
	}
	if (!white && (long long)black < r->handicap)
		r->s.free_left = (unsigned long)(r->handicap - (long long)black);
	if (on_main) {
		r->main_moved = true;
		r->set_black = black;
		r->set_white = white;
		if (!white && (long long)black > r->handicap)
			hold(r, &r->before_first);
	}
}

/* Move n of colour `color` (at cell p, or a pass: -1) repeats the colour
 * of move n - 1: one finding
 * per run of such moves, rewritten as the run grows ("moves 289–295"). On
 * lines that branch inside a run, it names the longest. */
__attribute__((cold))
static void same_color(struct replay *r, int color, unsigned long n, int p)
{
	if (!r->s.burst) {
		size_t made = emit(r, &(struct go_event){ .kind = GO_SAME_COLOR, .move = n,
							  .color = color, .first = n - 1,
							  .last = n }, p, NULL, -1);
		r->bursts = xgrow(r->bursts, &r->bursts_cap, r->nbursts + 1, sizeof *r->bursts);
		r->bursts[r->nbursts++] = (struct burst){ made ? made - 1 : SIZE_MAX, n - 1, n };
		r->s.burst = r->nbursts;
		return;
	}
	struct burst *b = &r->bursts[r->s.burst - 1];
	if (n <= b->last)
		return;  /* another line through the same run was longer */
	b->last = n;
	if (b->diag != SIZE_MAX)
		emit(r, &(struct go_event){ .kind = GO_SAME_COLOR, .move = n, .color = color,
					    .first = b->first, .last = b->last,
					    .extends = &r->diags->items[b->diag] }, p, NULL, -1);
}

/* A move: false when the line stops. Inlined into play_node, as the
 * compiler did before the go rules' events grew the replay: every move of
 * every record goes through it (0.8 M instructions in 100 benchmark
 * records otherwise). */
__attribute__((always_inline))
static inline bool play_move(struct replay *r, json_object *move, bool on_main)
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
	if (color == CELL_EMPTY)
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
	if (pass)
		p = -1;
	if (r->s.turn && r->s.turn != color) {
		/* The finding is at the move: the turn is named by its place. */
		node_pointer(r, &r->ptr2, r->s.turn_depth, r->s.turn_index);
		buf_adds(&r->ptr2, "/turn");
		size_t offset;
		unsigned long line = 0, col = 0;
		bool found = false;
		if (r->doc && r->doc->streamed) {
			/* Its node is gone: found again in the text. */
			struct locator *node = document_locator_within(r->doc, r->s.turn_start);
			found = locator_find(node, "/turn", false, &offset);
			locator_free(node);
		} else if (r->loc) {
			found = locator_find(r->loc, r->ptr2.data, false, &offset);
		}
		if (found)
			locator_linecol(r->loc, offset, &line, &col);
		emit(r, &(struct go_event){ .kind = GO_TURN_MISMATCH, .move = n, .color = color,
					    .turn = r->s.turn, .turn_pointer = r->ptr2.data,
					    .turn_line = line, .turn_col = col }, p, NULL, -1);
	}
	r->s.turn = CELL_EMPTY;
	bool placing = color == CELL_BLACK && r->s.black_run && n <= r->s.free_left;
	if (r->s.last_color == color && !placing)
		same_color(r, color, n, p);
	else
		r->s.burst = 0;
	r->s.last_color = (unsigned char)color;
	r->s.last_move = (unsigned char)color;
	r->s.last_depth = (uint32_t)r->depth;
	r->s.last_index = (uint32_t)r->index;
	r->s.last_start = r->start;
	r->s.last_cell = 0;
	r->s.black_run = r->s.black_run && color == CELL_BLACK;
	if (on_main) {
		r->main_moves = n;
		r->main_last = color;
	}
	if (on_main && !r->main_other) {
		if (color == CELL_BLACK) {
			r->main_black++;
		} else {
			r->main_other = true;
			if (r->handicap >= 2)
				hold(r, &r->before_white);
		}
	}
	if (pass) {
		board_no_ko(&r->b);
		return true;
	}
	return play_stone(r, color, p);
}

/* A node: its setup, move and turn, in that order: a `turn` beside a move
 * says who plays after it (SGF's PL, and Seki's reader, which plays the
 * move and then applies the turn). A move beside `variations` is played
 * before them, as if in a node of its own (variations-node reports it).
 * *vars is set to its variations. False when the line stops. Inlined into
 * both of its callers (the lint's path and keep_node), as into the one it
 * had: a call a node costs the plain lint 8 instructions a node. */
__attribute__((always_inline))
static inline bool play_node(struct replay *r, json_object *node, bool on_main, json_object **vars)
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
	if (color != CELL_EMPTY) {
		r->s.turn = (unsigned char)color;
		r->s.turn_depth = r->depth;
		r->s.turn_index = r->index;
		r->s.turn_start = r->start;
		r->s.last_color = CELL_EMPTY;
		r->s.burst = 0;
	}
	return true;
}

/* The walk */

static struct frame *push(struct replay *r, size_t len, bool variations, bool on_main,
			  bool stopped)
{
	r->stack = xgrow(r->stack, &r->stack_cap, r->top + 1, sizeof *r->stack);
	struct frame *f = &r->stack[r->top++];
	*f = (struct frame){ .len = len, .saved = NO_SAVE, .variations = variations,
			     .main = on_main, .stopped = stopped };
	return f;
}

/* Copies the position to every target that names the current node. */
static void visit_targets(struct replay *r)
{
	struct targets *t = r->targets;
	node_pointer(r, &r->ptr, r->depth, r->index);
	size_t lo = 0, hi = t->n;
	while (lo < hi) {   /* the first target not below the pointer */
		size_t mid = lo + (hi - lo) / 2;
		if (strcmp(t->sorted[mid].ptr, r->ptr.data) < 0)
			lo = mid + 1;
		else
			hi = mid;
	}
	for (; lo < t->n && strcmp(t->sorted[lo].ptr, r->ptr.data) == 0; lo++) {
		snapshot(r, &t->out[t->sorted[lo].k]);
		t->found++;
	}
}

/* Kept positions: the node's findings from the made-th on, and a handicap
 * held at it, get the position at it: after it, or when its line stops
 * there (ok false), the position before it, as replay_positions gives. */
__attribute__((cold))
static void keep_position(struct replay *r, size_t made, bool ok)
{
	if (!ok) {
		/* Back to the position before the node: its move, then its
		 * setup, undone. The line stops: the walk restores the board at
		 * the next branch, as always. */
		int p = r->undo_cell;
		if (p >= 0) {
			for (size_t i = 0; i < r->undo_chain; i++)
				r->b.cells[r->b.chain[i]] = (unsigned char)r->undo_color;
			r->b.cells[p] = CELL_EMPTY;
			for (size_t i = 0; i < r->b.ntaken; i++)
				r->b.cells[r->b.taken[i]] = (unsigned char)(r->undo_color ^ 3);
		}
		for (size_t k = r->nundo; k-- > 0;) {
			const struct undo *u = &r->undo_setup[k];
			r->b.cells[u->cell] = u->was;
			r->placed[u->cell] = u->placed;
		}
		hist_truncate(r, r->before.hist_len);
		r->s = r->before;
		r->b.s = r->before.board;
		r->s.stopped = true;
		r->s.stop_depth = (uint32_t)r->depth;
		r->s.stop_index = (uint32_t)r->index;
		/* The finding that stops a line is the last one its node reported. */
		r->s.stop_diag = r->diags->len > made ? r->diags->len : 0;
	}
	node_pointer(r, &r->ptr, r->depth, r->index);
	struct position *at = xmalloc(sizeof *at);
	snapshot(r, at);
	if (r->hold_here) {
		r->hold_here->position = xmalloc(sizeof *at);
		position_copy(r->hold_here->position, at);
	}
	for (size_t i = made; i < r->diags->len; i++) {
		struct diag *d = &r->diags->items[i];
		if (i + 1 < r->diags->len) {
			d->position = xmalloc(sizeof *at);
			position_copy(d->position, at);
		} else {
			d->position = at;
			at = NULL;
		}
	}
	if (at)
		position_free(at);
	free(at);
}

/* A node, keeping positions: as play_node, and the position at the node
 * for each finding it makes. False when the line stops. */
static bool keep_node(struct replay *r, json_object *node, bool on_main, json_object **vars)
{
	size_t made = r->diags->len;
	r->s.board = r->b.s;
	r->before = r->s;
	r->nundo = 0;
	r->undo_cell = -1;
	r->hold_here = NULL;
	bool ok = play_node(r, node, on_main, vars);
	if (ok && r->s.hist_len != r->before.hist_len)
		r->s.held_turn = r->s.turn;
	if (r->diags->len > made || r->hold_here)
		keep_position(r, made, ok);
	return ok;
}

/* A node of a line already stopped: nothing is played; its variations. */
static json_object *variations_of(json_object *node)
{
	return json_object_is_type(node, json_type_object) ? member(node, "variations") : NULL;
}

/* Positions: a node that stops its line leaves the position as before it,
 * and the line goes on, stopped, for the positions further along. */
static bool play_or_stop(struct replay *r, json_object *node, bool on_main, json_object **vars)
{
	if (r->s.stopped) {
		*vars = variations_of(node);
		return true;
	}
	r->s.board = r->b.s;
	struct state before = r->s;
	size_t findings = r->diags->len;
	memcpy(r->undo, r->b.cells, r->b.ncells);
	memcpy(r->undo_placed, r->placed, r->b.ncells * sizeof *r->placed);
	memcpy(r->undo_setup_at, r->setup_at, r->b.ncells * sizeof *r->setup_at);
	if (play_node(r, node, on_main, vars))
		return true;
	memcpy(r->b.cells, r->undo, r->b.ncells);
	memcpy(r->placed, r->undo_placed, r->b.ncells * sizeof *r->placed);
	memcpy(r->setup_at, r->undo_setup_at, r->b.ncells * sizeof *r->setup_at);
	hist_truncate(r, before.hist_len);
	r->s = before;
	r->b.s = before.board;
	r->s.stopped = true;
	r->s.stop_depth = (uint32_t)r->depth;
	r->s.stop_index = (uint32_t)r->index;
	/* The finding that stops a line is the last one its node reported. */
	r->s.stop_diag = r->diags->len > findings ? r->diags->len : 0;
	*vars = variations_of(node);
	return true;
}

void replay_follow(struct replay *r, const struct tree_walk *w, enum walk_step step)
{
	struct frame *f = r->top ? &r->stack[r->top - 1] : NULL;
	switch (step) {
	case WALK_SEQUENCE:
		if (!f) {
			push(r, w->count, false, true, false);   /* the tree */
			return;
		}
		/* A variation, from the position of the node it branches from. */
		f->next = w->index + 1;
		if (!f->stopped && w->index > 0 && f->saved != NO_SAVE)
			restore(r, f);
		bool on_main = f->main && w->index == f->empty_lead && w->count > 0;
		if (w->index == f->empty_lead && !w->count)
			f->empty_lead++;
		push(r, w->count, false, on_main, f->stopped);
		return;
	case WALK_NODE: {
		f->next = w->index + 1;
		if (f->stopped)
			return;
		r->depth = r->top - 1;
		r->index = w->index;
		r->start = w->start;
		r->node = w->node;
		json_object *vars;
		if (r->positions) {   /* replay_positions', or kept */
			if (r->targets) {
				play_or_stop(r, w->node, f->main, &vars);
				visit_targets(r);
			} else if (!keep_node(r, w->node, f->main, &vars)) {
				f->stopped = true;
				r->main_stopped |= f->main;
			}
		} else if (!play_node(r, w->node, f->main, &vars)) {
			f->stopped = true;   /* this line stops here */
			r->main_stopped |= f->main;
		}
		return;
	}
	case WALK_VARIATIONS: {
		bool live = !f->stopped && w->count;
		struct frame *v = push(r, w->count, true, f->main, !live);
		/* A branch point saves the position when more than one line goes on
		 * from it. */
		if (live && (w->count > 1 || f->next < f->len))
			save(r, v);
		return;
	}
	case WALK_END:
		if (f->saved != NO_SAVE) {
			/* Nodes after a variations node go on from its position. */
			if (r->top >= 2 && r->stack[r->top - 2].next < r->stack[r->top - 2].len)
				restore(r, f);
			r->saved_len = f->saved;
		}
		r->top--;
		return;
	case WALK_DONE:
		return;
	}
}

/* The variation of the variations at vars (their pointer) that target is
 * in, or SIZE_MAX when it is in none of them. */
static size_t variation_toward(const char *vars, size_t len, const char *target)
{
	if (strncmp(target, vars, len) != 0 || target[len] != '/')
		return SIZE_MAX;
	const char *p = target + len + 1;
	size_t v = 0;
	if (*p < '0' || *p > '9')
		return SIZE_MAX;
	for (; *p >= '0' && *p <= '9'; p++) {
		if (v > (SIZE_MAX - 9) / 10)
			return SIZE_MAX;
		v = v * 10 + (size_t)(*p - '0');
	}
	return *p == '/' || !*p ? v : SIZE_MAX;
}

/* The tree of the DOM, walked for the positions alone: the replay names
 * nodes itself (node_pointer), when it needs to. For one target (a board
 * beside an editor, stepping) only the line to it is replayed: at each
 * variations node the walk goes straight to the variation that holds it,
 * or past them all, since a position depends on the nodes before it on
 * its line alone (a variation starts from the position of the node it
 * branches from). The walk then builds pointers, to tell where the target
 * is; for several targets it builds none. */
static void replay_tree(struct replay *r, json_object *root)
{
	struct tree_walk w;
	struct buf ptr = BUF_INIT;
	bool one = r->targets->n == 1;
	walk_init(&w, NULL, root, one ? &ptr : NULL);
	for (enum walk_step step; r->targets->found < r->targets->n &&
				  (step = walk_next(&w)) != WALK_DONE;) {
		replay_follow(r, &w, step);
		if (one && step == WALK_VARIATIONS)
			walk_skip_to(&w, variation_toward(ptr.data ? ptr.data : "", ptr.len,
							  r->targets->sorted[0].ptr));
	}
	walk_free(&w);
	buf_free(&ptr);
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
	if (rec->width < 1 || rec->height < 1 || rec->width > BOARD_MAX_SIDE ||
	    rec->height > BOARD_MAX_SIDE || rec->size_conflict)
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
	struct go_event e = { .kind = GO_HANDICAP, .color = CELL_BLACK, .handicap = h,
			      .set_black = black, .played_black = r->main_black };
	if (black > (unsigned long long)h) {
		if (black > (unsigned long long)(h > MAX_PLAIN_HANDICAP ? h : MAX_PLAIN_HANDICAP))
			return;  /* a whole position of black stones */
		e.too_many = true;
		emit(r, &e, -1, NULL, -1);
		return;
	}
	if (black + r->main_black >= (unsigned long long)h || !r->main_other)
		return;  /* enough stones, or no white move yet */
	emit(r, &e, -1, NULL, -1);
}

/* A replay of root (rec its facts), ready to walk its tree; NULL when the
 * record is not one it understands. */
static struct replay *replay_new(json_object *root, const struct record_info *rec,
				 struct diag_list *diags)
{
	if (!replayable(root, rec))
		return NULL;

	struct replay *r = xmalloc(sizeof *r);
	memset(r, 0, offsetof(struct replay, b));
	r->root = root;
	r->diags = diags;
	r->start = SIZE_MAX;
	r->rec = rec;
	board_init(&r->b, rec->width, rec->height);
	json_object *rules = member(root, "rules");
	json_object *v = member(rules, "allowSuicide");
	r->allow_suicide = json_object_is_type(v, json_type_boolean) && json_object_get_boolean(v);
	v = member(rules, "disallowRepeats");
	r->no_repeats = json_object_is_type(v, json_type_boolean) && json_object_get_boolean(v);
	if (!get_int(member(rules, "handicap"), &r->handicap))
		r->handicap = 0;
	r->history.indexed = r->no_repeats;
	r->s.black_run = true;
	hist_push(r, HIST_START, 0, 0);
	return r;
}

static void replay_free(struct replay *r)
{
	free(r->hist);
	board_history_free(&r->history);
	free(r->stack);
	free(r->saved);
	free(r->bursts);
	free(r->spots);
	free(r->spots_at);
	free(r->undo_setup);
	held_free(&r->before_first);
	held_free(&r->before_white);
	buf_free(&r->ptr);
	buf_free(&r->ptr2);
	diag_list_free(&r->own);
	free(r);
}

struct replay *replay_start(struct document *doc, const struct record_info *rec, bool keep,
			    bool full)
{
	struct replay *r = replay_new(doc->root, rec, NULL);
	if (!r)
		return NULL;
	r->keep = r->positions = keep;
	r->full = full;
	r->diags = &r->own;
	r->doc = doc;
	r->loc = doc->loc;
	return r;
}

struct diag_list *replay_findings(struct replay *r)
{
	return r->diags;
}

void replay_finish(struct replay *r)
{
	if (!r)
		return;
	check_handicap(r);
	if (r->main_moves && !r->main_stopped)
		emit(r, &(struct go_event){ .kind = GO_MAIN_LINE_END, .move = r->main_moves,
					    .color = r->main_last, .root = r->root }, -1, NULL, -1);
	diag_list_take(&r->doc->diags, &r->own);
	replay_free(r);
}

/* Why replay_new refuses a record, in a sentence. */
static const char *not_replayable(json_object *root, const struct record_info *rec)
{
	json_object *type = member(member(root, "game"), "type");
	if (type && !(json_object_is_type(type, json_type_string) &&
		      strcmp(json_object_get_string(type), "go") == 0))
		return "the record is not a game of Go (game.type)";
	if (rec->size_conflict)
		return "board.size disagrees with board.width or board.height";
	if (rec->width < 1 || rec->height < 1 || rec->width > BOARD_MAX_SIDE ||
	    rec->height > BOARD_MAX_SIDE)
		return "the board is not one the replay plays: from 1×1 to 52×52";
	if (!json_object_is_type(member(root, "tree"), json_type_array))
		return "the record has no tree";
	return "the players are not black and white";
}

static int by_target(const void *a, const void *b)
{
	return strcmp(((const struct target *)a)->ptr, ((const struct target *)b)->ptr);
}

void replay_positions(json_object *root, const struct record_info *rec, const char *const *targets,
		      size_t n, bool full, struct position *out)
{
	for (size_t k = 0; k < n; k++)
		out[k] = (struct position){ .unavailable = "the pointer names no node of the tree",
					    .ko_x = -1, .ko_y = -1 };
	struct diag_list own = { 0 };
	struct replay *r = n ? replay_new(root, rec, &own) : NULL;
	if (!r) {
		const char *why = n ? not_replayable(root, rec) : NULL;
		for (size_t k = 0; k < n; k++)
			out[k].unavailable = why;
		return;
	}
	struct targets t = { .n = n, .out = out };
	r->full = full;
	t.sorted = xmalloc(n * sizeof *t.sorted);
	for (size_t k = 0; k < n; k++)
		t.sorted[k] = (struct target){ targets[k], k };
	qsort(t.sorted, n, sizeof *t.sorted, by_target);
	r->targets = &t;
	r->positions = true;
	replay_tree(r, root);
	free(t.sorted);
	diag_list_free(&own);
	replay_free(r);
}

bool replay_node_of(json_object *root, const char *pointer, struct buf *out)
{
	struct buf tok = BUF_INIT;
	const char *p = pointer ? pointer : "";
	buf_truncate(out, 0);
	json_object *seq = NULL, *node = NULL;
	size_t len = 0;   /* out's length up to the last node */
	bool ok = pointer_next(&p, &tok) && strcmp(tok.data ? tok.data : "", "tree") == 0;
	if (ok) {
		seq = member(root, "tree");
		buf_adds(out, "/tree");
	}
	while (ok && pointer_next(&p, &tok)) {
		const char *t = tok.data ? tok.data : "";
		if (seq) {   /* an index into a sequence: a node */
			char *end;
			unsigned long i = strtoul(t, &end, 10);
			if (!json_object_is_type(seq, json_type_array) || !tok.len || *end ||
			    t[0] < '0' || t[0] > '9' || i >= json_object_array_length(seq))
				break;
			pointer_push_index(out, i);
			node = json_object_array_get_idx(seq, i);
			len = out->len;
			seq = NULL;
		} else if (strcmp(t, "variations") == 0 && node) {
			json_object *vars = variations_of(node);
			if (!pointer_next(&p, &tok))
				break;
			char *end;
			t = tok.data ? tok.data : "";
			unsigned long v = strtoul(t, &end, 10);
			if (!json_object_is_type(vars, json_type_array) || !tok.len || *end ||
			    t[0] < '0' || t[0] > '9' || v >= json_object_array_length(vars))
				break;
			buf_adds(out, "/variations");
			pointer_push_index(out, v);
			seq = json_object_array_get_idx(vars, v);
		} else {
			break;
		}
	}
	buf_free(&tok);
	if (!ok || !len)
		return false;
	buf_truncate(out, len);
	return true;
}
