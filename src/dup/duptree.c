/* duptree: a game's tree replayed on a board: setup on it as the position
 * it makes, whatever order wrote it, on the main line and in every
 * variation from the position it branches at; the main line's first move
 * no rule allows (dup/dup.h). */
#include "dup/dupset.h"

#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "engine/board.h"

/* A run's points in order of point, each with its colour before it in
 * the low byte (a point is once in a run). */
static int cmp_point_before(const void *x, const void *y)
{
	uint32_t a = *(const uint32_t *)x, b = *(const uint32_t *)y;
	return (a > b) - (a < b);
}

struct replay {
	struct board *b;
	uint32_t *before;      /* a run's points, each with its colour before it */
	size_t before_cap;
	/* In a variation: each cell it changed and what the cell held, to
	 * take back at its end (a copy of the board a level would cost a
	 * board a level of a deep tree) */
	struct undo { uint16_t cell; unsigned char was; } *undo;
	size_t nundo, undo_cap;
	bool logging;
};

static void changed(struct replay *r, int cell, unsigned char was)
{
	if (!r->logging)
		return;
	r->undo = xgrow(r->undo, &r->undo_cap, r->nundo + 1, sizeof *r->undo);
	r->undo[r->nundo++] = (struct undo){ (uint16_t)cell, was };
}

static int cell_of(const struct board *b, unsigned p)
{
	return board_cell(b, (int)(p % MAX_SIDE), (int)(p / MAX_SIDE));
}

/* Move e played as it can be (a stone on a point held left out, a
 * suicide taken); whether a rule allows it. */
static bool play(struct replay *r, uint16_t e)
{
	struct board *b = r->b;
	unsigned p = DUP_POINT(e);
	if (p == DUP_PASS) {
		board_no_ko(b);
		return true;
	}
	int color = DUP_TAG(e) == DUP_B ? CELL_BLACK : CELL_WHITE, cell = cell_of(b, p);
	size_t len;
	enum board_play got = board_play(b, color, cell, true, &len);
	if (got != BOARD_PLAYED)
		return false;
	bool legal = !len && !board_retakes_ko(b, color);
	changed(r, cell, CELL_EMPTY);
	for (size_t k = 0; k < b->ntaken; k++)
		changed(r, b->taken[k], (unsigned char)(color ^ 3));
	for (size_t k = 0; k < len; k++)
		changed(r, b->chain[k], (unsigned char)color);
	board_commit(b, color);
	return legal;
}

/* The setup run src (n elements) put on the board, and into out (which
 * may be src: it is written once the run is read) the points it changes,
 * once each, in order of point, each with its colour after the run (AE
 * where it is emptied), none it leaves as it was (an AE on an empty
 * point, AB on a black stone); their number. */
static size_t run(struct replay *r, const uint16_t *src, size_t n, uint16_t *out)
{
	struct board *b = r->b;
	size_t m = 0;
	for (size_t i = 0; i < n; i++) {
		unsigned p = DUP_POINT(src[i]);
		int cell = cell_of(b, p);
		size_t k = 0;
		while (k < m && (r->before[k] >> 8) != p)
			k++;
		if (k == m) {
			r->before = xgrow(r->before, &r->before_cap, m + 1, sizeof *r->before);
			r->before[m++] = (uint32_t)p << 8 | (uint32_t)board_color(b, cell);
		}
		unsigned t = DUP_TAG(src[i]);
		changed(r, cell, b->cells[cell]);
		board_put(b, cell, t == DUP_AB ? CELL_BLACK : t == DUP_AW ? CELL_WHITE : CELL_EMPTY);
	}
	board_no_ko(b);
	sort_items(r->before, m, sizeof *r->before, cmp_point_before);
	size_t out_n = 0;
	for (size_t k = 0; k < m; k++) {
		unsigned p = r->before[k] >> 8;
		int now = board_color(b, cell_of(b, p));
		if (now != (int)(r->before[k] & 0xFF))
			out[out_n++] = (uint16_t)((now == CELL_BLACK ? DUP_AB : now == CELL_WHITE
						   ? DUP_AW : DUP_AE) << 13 | p);
	}
	return out_n;
}

static size_t run_end(const uint16_t *e, size_t i, size_t n)
{
	while (i < n && DUP_TAG(e[i]) >= DUP_AB && DUP_TAG(e[i]) <= DUP_AE)
		i++;
	return i;
}

/* The vars of g from *v, a variation off the main line branching at
 * main-line element `line` (of the line as replayed), replayed from the
 * board's position, the board left as it was; written back at *out
 * (setup runs as run() writes them), where[] each element's index after
 * (an element of a run: the run's end). */
static void variation(struct replay *r, struct dup_game *g, size_t *v, size_t *out, size_t line,
		      uint32_t *where)
{
	struct frame { size_t nundo; struct board_state s; } *stack = NULL;
	size_t depth = 0, cap = 0;
	r->logging = true;
	while (*v < g->nvars) {
		uint16_t e = g->vars[*v];
		unsigned tag = DUP_TAG(e);
		if (tag >= DUP_AB && tag <= DUP_AE) {
			size_t end = run_end(g->vars, *v, g->nvars);
			size_t n = run(r, g->vars + *v, end - *v, g->vars + *out);
			for (; *v < end; ++*v)
				where[*v] = (uint32_t)(*out + n);
			*out += n;
			continue;
		}
		where[*v] = (uint32_t)*out;
		++*v;
		if (tag == DUP_VAR_OPEN) {
			stack = xgrow(stack, &cap, depth + 1, sizeof *stack);
			stack[depth++] = (struct frame){ r->nundo, r->b->s };
			/* a nested one's point says nothing */
			g->vars[(*out)++] = depth == 1 ? (uint16_t)(DUP_VAR_OPEN << 13 |
				(line < DUP_PASS - 1 ? line : DUP_PASS - 1)) : e;
		} else if (tag == DUP_VAR_CLOSE) {
			g->vars[(*out)++] = e;
			if (!depth)
				continue;   /* (unmatched: as written) */
			struct frame f = stack[--depth];
			while (r->nundo > f.nundo) {
				struct undo u = r->undo[--r->nundo];
				r->b->cells[u.cell] = u.was;
			}
			r->b->s = f.s;
			if (!depth)
				break;
		} else {
			play(r, e);
			g->vars[(*out)++] = e;
		}
	}
	free(stack);
	r->logging = false;
}

/* The variations whose first element is at *v and that branch off the
 * main line at an element before `upto` (of the line as read), replayed
 * at the board's position and numbered `line` (the line as replayed). */
static void variations_at(struct replay *r, struct dup_game *g, size_t upto, size_t line,
			  size_t *v, size_t *out, uint32_t *where)
{
	while (*v < g->nvars && DUP_TAG(g->vars[*v]) == DUP_VAR_OPEN &&
	       DUP_POINT(g->vars[*v]) <= upto)
		variation(r, g, v, out, line, where);
}

/* A variation's text's or mark's place (DUP_VAR_PLACE) after its
 * elements are replayed: where[] maps the old count to the new. */
static void places_moved(uint64_t *items, size_t n, const uint32_t *where, size_t nvars)
{
	for (size_t i = 1; i < n; i += 2)
		if (items[i] & DUP_VAR_PLACE) {
			uint64_t at = items[i] & 0xFFFFFFFF;
			if (at <= nvars)
				items[i] = (items[i] & ~(uint64_t)0xFFFFFFFF) | where[at];
		}
}

/* The main line's setup runs (setup elements between two moves) as the
 * position they make (run()); the first move no rule allows (on a point a
 * stone holds, a suicide, a ko taken back at once), g->illegal; each
 * variation's runs so, from the position where it branches (one that
 * branches within a run, after it). */
void dup_game_replay(struct dup_game *g)
{
	struct replay r = { .b = xmalloc(sizeof *r.b) };
	board_init(r.b, g->width, g->height);
	for (size_t i = 0; i < g->nsetup; i++)
		board_put(r.b, cell_of(r.b, DUP_POINT(g->setup[i])),
			  DUP_TAG(g->setup[i]) == DUP_AB ? CELL_BLACK : CELL_WHITE);
	uint32_t *where = g->nvars ? xmalloc((g->nvars + 1) * sizeof *where) : NULL;
	size_t out = 0, move = 0, v = 0, vout = 0;
	/* (a nested variation's elements first stand in vars where no
	 * top-level one begins) */
	for (size_t i = 0; i < g->nline;) {
		variations_at(&r, g, i, out, &v, &vout, where);
		uint16_t e = g->line[i];
		if (DUP_TAG(e) <= DUP_W) {
			move++;
			g->line[out++] = e;
			i++;
			/* after the first move no rule allows, the rest as it can be played */
			if (!play(&r, e) && !g->illegal)
				g->illegal = move;
			continue;
		}
		size_t end = run_end(g->line, i, g->nline);
		out += run(&r, g->line + i, end - i, g->line + out);
		i = end;
		g->line_setup = true;
	}
	g->nline = out;
	variations_at(&r, g, SIZE_MAX, out, &v, &vout, where);
	if (g->nvars) {
		/* what no variation holds (a stray end): as written */
		for (; v < g->nvars; v++) {
			where[v] = (uint32_t)vout;
			g->vars[vout++] = g->vars[v];
		}
		where[g->nvars] = (uint32_t)vout;
		places_moved(g->comment_items, g->ncomment_items, where, g->nvars);
		places_moved(g->mark_items, g->nmark_items, where, g->nvars);
		g->nvars = vout;
	}
	free(where);
	free(r.before);
	free(r.undo);
	free(r.b);
}
