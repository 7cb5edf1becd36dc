/* duptree: a game's main line replayed on a board: setup on it as the
 * position it makes, whatever order wrote it; its first move no rule
 * allows (dup/dup.h). */
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

/* The line's setup runs (setup elements between two moves) as the
 * position they make: each point they change, once, in order, its colour
 * after the run (AE where it is emptied), and none they leave as it was
 * (an AE on an empty point, AB on a black stone); and the first move no
 * rule allows (on a point a stone holds, a suicide, a ko taken back at
 * once), g->illegal. */
void dup_game_replay(struct dup_game *g)
{
	struct board *b = xmalloc(sizeof *b);
	board_init(b, g->width, g->height);
	for (size_t i = 0; i < g->nsetup; i++) {
		unsigned p = DUP_POINT(g->setup[i]);
		board_put(b, board_cell(b, (int)(p % MAX_SIDE), (int)(p / MAX_SIDE)),
			  DUP_TAG(g->setup[i]) == DUP_AB ? CELL_BLACK : CELL_WHITE);
	}
	size_t out = 0, move = 0;
	uint32_t *before = NULL;   /* a run's points, each with its colour before it */
	size_t cap = 0;
	for (size_t i = 0; i < g->nline;) {
		uint16_t e = g->line[i];
		unsigned tag = DUP_TAG(e), p = DUP_POINT(e);
		if (tag <= DUP_W) {
			move++;
			g->line[out++] = e;
			i++;
			if (p == DUP_PASS) {
				board_no_ko(b);
				continue;
			}
			int color = tag == DUP_B ? CELL_BLACK : CELL_WHITE;
			int cell = board_cell(b, (int)(p % MAX_SIDE), (int)(p / MAX_SIDE));
			size_t len;
			/* after the first move no rule allows, the rest as it can be
			 * played: a stone on a point held left out, a suicide taken */
			enum board_play r = board_play(b, color, cell, true, &len);
			if (!g->illegal && (r == BOARD_OCCUPIED || len || board_retakes_ko(b, color)))
				g->illegal = move;
			if (r == BOARD_PLAYED)
				board_commit(b, color);
			continue;
		}
		size_t n = 0;
		for (; i < g->nline && DUP_TAG(g->line[i]) > DUP_W; i++) {
			p = DUP_POINT(g->line[i]);
			int cell = board_cell(b, (int)(p % MAX_SIDE), (int)(p / MAX_SIDE));
			size_t k = 0;
			while (k < n && (before[k] >> 8) != p)
				k++;
			if (k == n) {
				before = xgrow(before, &cap, n + 1, sizeof *before);
				before[n++] = (uint32_t)p << 8 | (uint32_t)board_color(b, cell);
			}
			unsigned t = DUP_TAG(g->line[i]);
			board_put(b, cell, t == DUP_AB ? CELL_BLACK : t == DUP_AW ? CELL_WHITE : CELL_EMPTY);
		}
		board_no_ko(b);
		g->line_setup = true;
		sort_items(before, n, sizeof *before, cmp_point_before);
		for (size_t k = 0; k < n; k++) {
			p = before[k] >> 8;
			int now = board_color(b, board_cell(b, (int)(p % MAX_SIDE), (int)(p / MAX_SIDE)));
			if (now != (int)(before[k] & 0xFF))
				g->line[out++] = (uint16_t)((now == CELL_BLACK ? DUP_AB : now == CELL_WHITE
							    ? DUP_AW : DUP_AE) << 13 | p);
		}
	}
	g->nline = out;
	free(before);
	free(b);
}
