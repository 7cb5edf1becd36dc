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
 * Positions (replay_positions, engine/positions.c) come from the same
 * walk, which tells them its nodes (struct replay_listener, replayer.h):
 * at each node it visits, positions.c looks its pointer up among the
 * targets and copies the position; or, kept with the findings, takes the
 * position at each node that made one. A node that stops its line leaves the position as it was
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
#include "engine/check.h"
#include "engine/replayer.h"
#include "engine/walk.h"

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

void hist_truncate(struct replay *r, size_t len)
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

/* The points of this node's setup that changed nothing: one event. */
static void no_effect(struct replay *r)
{
	if (!r->nspots)
		return;
	const struct spot_at *first = &r->spots_at[0];
	char rel[96];
	snprintf(rel, sizeof rel, "/setup/%zu/coords/%zu", first->i, first->j);
	replay_emit(r, &(struct go_event){ .kind = GO_SETUP_NO_EFFECT, .color = r->spots[0].color,
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
		int color = replay_color_of(type);
		if ((color == CELL_EMPTY && !(json_object_is_type(type, json_type_string) &&
					     strcmp(json_object_get_string(type), "clear") == 0)) ||
		    !json_object_is_type(coords, json_type_array)) {
			no_effect(r);
			return false;
		}
		size_t m = json_object_array_length(coords);
		for (size_t j = 0; j < m; j++) {
			int p = replay_coord_cell(r, json_object_array_get_idx(coords, j));
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
		int color = replay_color_of(member(entry, "type"));
		if (color == CELL_EMPTY)
			continue;
		json_object *coords = member(entry, "coords");
		size_t m = json_object_array_length(coords);
		for (size_t j = 0; j < m; j++) {
			int p = replay_coord_cell(r, json_object_array_get_idx(coords, j));
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
				replay_emit(r, &(struct go_event){ .kind = GO_SETUP_NO_LIBERTIES,
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
		replay_emit(r, &(struct go_event){ .kind = GO_OCCUPIED, .move = n, .color = color,
					    .there = there,
					    .there_move = e->kind == HIST_MOVE ? e->move : 0 },
		     p, NULL, -1);
		return false;
	}
	if (played == BOARD_SUICIDE) {
		r->undo_cell = p, r->undo_color = color, r->undo_chain = 0;
		replay_emit(r, &(struct go_event){ .kind = GO_SUICIDE, .move = n, .color = color,
					    .len = len }, p, NULL, -1);
		return false;
	}
	r->s.captures[color ^ 3] += len;   /* stones lost to suicide count as the opponent's */
	if (board_retakes_ko(&r->b, color)) {
		r->undo_cell = p, r->undo_color = color, r->undo_chain = len;
		replay_emit(r, &(struct go_event){ .kind = GO_KO_RETAKE, .move = n, .color = color,
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
		replay_emit(r, &ev, p, NULL, -1);
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
			replay_hold(r, &r->before_first);
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
		size_t made = replay_emit(r, &(struct go_event){ .kind = GO_SAME_COLOR, .move = n,
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
		replay_emit(r, &(struct go_event){ .kind = GO_SAME_COLOR, .move = n, .color = color,
					    .first = b->first, .last = b->last,
					    .extends = &r->diags->items[b->diag] }, p, NULL, -1);
}

/* Move n of colour `color` (at cell p, or a pass: -1) contradicts the
 * `turn` before it: the finding is at the move, the turn named by its
 * place. Cold: out of the move's path. */
__attribute__((cold))
static void turn_mismatch(struct replay *r, unsigned long n, int color, int p)
{
	replay_node_pointer(r, &r->ptr2, r->s.turn_depth, r->s.turn_index);
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
	replay_emit(r, &(struct go_event){ .kind = GO_TURN_MISMATCH, .move = n, .color = color,
				    .turn = r->s.turn, .turn_pointer = r->ptr2.data,
				    .turn_line = line, .turn_col = col }, p, NULL, -1);
}

/* A move: false when the line stops. Inlined into play_node, as the
 * compiler did before the go rules' events grew the replay: every move of
 * every record goes through it (0.8 M instructions in 100 benchmark
 * records otherwise). */
__attribute__((always_inline))
static inline bool play_move_of(struct replay *r, json_object *jcolor, json_object *jx,
				json_object *jy, json_object *jpass, bool on_main)
{
	int color = replay_color_of(jcolor);
	bool pass = json_object_is_type(jpass, json_type_boolean) && json_object_get_boolean(jpass);
	int p = replay_point_cell(r, jx, jy);
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
		if (!replay_coord(jx, &x) || !replay_coord(jy, &y) || !record_pass_point(r->rec, x, y))
			return false;
		pass = true;
	}

	if (r->s.moves == 0)
		first_move(r, on_main);
	unsigned long n = ++r->s.moves;
	if (pass)
		p = -1;
	if (r->s.turn && r->s.turn != color)
		turn_mismatch(r, n, color, p);
	r->s.turn = CELL_EMPTY;
	/* A white pass right after a black stone of the main line's opening
	 * run (;B[dd];W[];B[pp]) is no move of white's: black places its
	 * handicap stones, as duplicates reads a handicap played as moves. */
	bool between = on_main && pass && color == CELL_WHITE && !r->main_other &&
		       r->s.last_move == CELL_BLACK && r->s.last_cell;
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
			r->main_black += !pass;   /* stones: a pass places none */
		} else if (!between) {
			r->main_other = true;
			if (r->handicap >= 2)
				replay_hold(r, &r->before_white);
		}
	}
	if (pass) {
		board_no_ko(&r->b);
		return true;
	}
	return play_stone(r, color, p);
}

/* A move, its members read here (play_move_of: what it plays). */
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
	return play_move_of(r, jcolor, jx, jy, jpass, on_main);
}

/* The turn a node gives, after its move. */
__attribute__((always_inline))
static inline void play_turn(struct replay *r, json_object *turn)
{
	int color = replay_color_of(turn);
	if (color != CELL_EMPTY) {
		r->s.turn = (unsigned char)color;
		r->s.turn_depth = r->depth;
		r->s.turn_index = r->index;
		r->s.turn_start = r->start;
		r->s.last_color = CELL_EMPTY;
		r->s.burst = 0;
	}
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
	play_turn(r, turn);
	return true;
}

/* play_node of the node the rules' walk visits, its members and its
 * move's as the engine read them for the rules (check.h's node_visit), not
 * read again: a DOM's object holds a key once (json-c's tables, the
 * scanner's and the converter's), so the first of a name that node_visit
 * keeps is the last that play_node takes. */
static bool play_visit(struct replay *r, const struct node_visit *n, bool on_main,
		       json_object **vars)
{
	*vars = NULL;
	if (!json_object_is_type(n->node, json_type_object))
		return false;
	*vars = n->variations;
	if (n->setup && !play_setup(r, n->setup))
		return false;
	if (n->move && !(json_object_is_type(n->move, json_type_object) &&
			 play_move_of(r, n->color, n->x, n->y, n->pass, on_main)))
		return false;
	play_turn(r, n->turn);
	return true;
}

/* The walk */

/* The frame at level k changed (pushed, or moved on to its next node or
 * sequence): the pointer's levels from k on are to be written again. */
static void path_changed(struct replay *r, size_t k)
{
	if (r->path_levels > k)
		r->path_levels = k;
}

static struct frame *push(struct replay *r, size_t len, bool variations, bool on_main,
			  bool stopped)
{
	r->stack = xgrow(r->stack, &r->stack_cap, r->top + 1, sizeof *r->stack);
	path_changed(r, r->top);
	struct frame *f = &r->stack[r->top++];
	*f = (struct frame){ .len = len, .saved = NO_SAVE, .variations = variations,
			     .main = on_main, .stopped = stopped };
	return f;
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
		r->listen->findings(r, made, ok);
	return ok;
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
	replay_follow_visit(r, w, step, NULL);
}

void replay_follow_visit(struct replay *r, const struct tree_walk *w, enum walk_step step,
			 const struct node_visit *n)
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
		path_changed(r, r->top - 1);
		if (!f->stopped && w->index > 0 && f->saved != NO_SAVE)
			restore(r, f);
		bool on_main = f->main && w->index == f->empty_lead && w->count > 0;
		if (w->index == f->empty_lead && !w->count)
			f->empty_lead++;
		push(r, w->count, false, on_main, f->stopped);
		return;
	case WALK_NODE: {
		f->next = w->index + 1;
		path_changed(r, r->top - 1);
		if (f->stopped)
			return;
		r->depth = r->top - 1;
		r->index = w->index;
		r->start = w->start;
		r->node = w->node;
		json_object *vars;
		if (r->listen) {   /* positions: replay_positions', or kept */
			if (r->listen->node) {
				play_or_stop(r, w->node, f->main, &vars);
				r->listen->node(r);
			} else if (!keep_node(r, w->node, f->main, &vars)) {
				f->stopped = true;
				r->main_stopped |= f->main;
			}
		} else if (!(n ? play_visit(r, n, f->main, &vars) :
			       play_node(r, w->node, f->main, &vars))) {
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
		path_changed(r, r->top);
		return;
	case WALK_DONE:
		return;
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
		replay_emit(r, &e, -1, NULL, -1);
		return;
	}
	if (black + r->main_black >= (unsigned long long)h || !r->main_other)
		return;  /* enough stones, or no white move yet */
	replay_emit(r, &e, -1, NULL, -1);
}

struct replay *replay_new(json_object *root, const struct record_info *rec,
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

void replay_free(struct replay *r)
{
	free(r->hist);
	board_history_free(&r->history);
	free(r->stack);
	free(r->saved);
	free(r->bursts);
	free(r->spots);
	free(r->spots_at);
	free(r->undo_setup);
	replay_held_free(&r->before_first);
	replay_held_free(&r->before_white);
	buf_free(&r->ptr);
	buf_free(&r->ptr2);
	buf_free(&r->path);
	diag_list_free(&r->own);
	free(r);
}

struct replay *replay_start(struct document *doc, const struct record_info *rec,
			    const struct replay_listener *keep, bool full,
			    const struct rule *const *go)
{
	struct replay *r = replay_new(doc->root, rec, NULL);
	if (!r)
		return NULL;
	r->listen = keep;
	r->keep = keep != NULL;
	r->full = full, r->go = go;
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
		replay_emit(r, &(struct go_event){ .kind = GO_MAIN_LINE_END, .move = r->main_moves,
					    .color = r->main_last, .root = r->root }, -1, NULL, -1);
	diag_list_take(&r->doc->diags, &r->own);
	replay_free(r);
}
