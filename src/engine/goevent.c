/* goevent: the replay's events given to the go rules, and the findings
 * they make (go_finding) with their points: the move, the stone in its
 * way, a chain, the stones a retake captures, a setup point, the move
 * before, black's stones held for a handicap (replay_hold); and the
 * pointers of the replay's nodes, which findings and positions name.
 * engine/replay.c plays the game and meets the events; a go rule words
 * its own (its file in rules/, on_go). */
#include "engine/replay.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/locate.h"
#include "base/pointer.h"
#include "core/catalog.h"
#include "core/diag.h"
#include "engine/board.h"
#include "engine/replayer.h"


const char *const go_color_name[3] = { "empty", "black", "white" };
/* Pointers and reports */

void replay_node_pointer(struct replay *r, struct buf *b, size_t depth, size_t index)
{
	buf_truncate(b, 0);
	if (depth > r->top) {   /* (no frames lead to it: none does) */
		buf_adds(b, "/tree");
		for (size_t k = 0; k < depth; k++) {
			if (r->stack[k].variations)
				buf_adds(b, "/variations");
			pointer_push_index(b, r->stack[k].next - 1);
		}
		pointer_push_index(b, index);
		return;
	}
	/* The levels written since a frame below depth changed, then copied. */
	for (size_t k = r->path_levels; k < depth; k++) {
		buf_truncate(&r->path, k ? r->stack[k - 1].path_end : 0);
		if (!k)
			buf_adds(&r->path, "/tree");
		if (r->stack[k].variations)
			buf_adds(&r->path, "/variations");
		pointer_push_index(&r->path, r->stack[k].next - 1);
		r->stack[k].path_end = r->path.len;
	}
	if (depth > r->path_levels)
		r->path_levels = depth;
	if (depth)
		buf_add(b, r->path.data, r->stack[depth - 1].path_end);
	else
		buf_adds(b, "/tree");
	pointer_push_index(b, index);
}

/* Reports at the current node plus suffix (a relative pointer): a finding
 * about the position at that node. */
static struct diag *report(struct replay *r, const struct rule *rule, const char *suffix,
			   const char *fmt, va_list ap) __attribute__((format(printf, 4, 0)));
static struct diag *report(struct replay *r, const struct rule *rule, const char *suffix,
			   const char *fmt, va_list ap)
{
	replay_node_pointer(r, &r->ptr, r->depth, r->index);
	char *node = xstrdup(r->ptr.data);
	buf_adds(&r->ptr, suffix);
	struct diag *d = diag_vptr(r->diags, rule, r->ptr.data, false, fmt, ap);
	d->node = node;
	return d;
}

const char *go_where(const struct go_event *e, char out[GO_WHERE_SIZE])
{
	return go_name(e, e->x, e->y, out);
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
		/* a move's mark (read/nodes.h) is one value: the point is its node */
		if (locator_span(loc, rel, &sp) || locator_span(loc, "", &sp))
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
		if (replay_color_of(member(entry, "type")) != color)
			continue;
		json_object *coords = member(entry, "coords");
		size_t m = json_object_array_length(coords);
		for (size_t j = 0; j < m; j++)
			if (replay_coord_cell(r, json_object_array_get_idx(coords, j)) == p)
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
	replay_node_pointer(r, &r->ptr2, depth, index);
	add_point(r, d, role, p, color, move, r->ptr2.data, start, rel);
}
/* Events */

size_t replay_emit(struct replay *r, struct go_event *e, int p, const char *rel, int named)
{
	e->replay = r;
	e->words = r->doc ? r->doc->words : NULL;
	e->width = r->b.w;
	e->height = r->b.h;
	if (named < 0)
		named = p;
	e->x = named >= 0 ? cell_x(r, named) : -1;
	e->y = named >= 0 ? cell_y(r, named) : -1;
	r->event_cell = p;
	r->event_rel = rel;
	r->made = 0;
	const struct rule *const *rule = r->go ? r->go : rule_registry;
	for (; *rule; rule++)
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
			replay_node_pointer(r, &r->ptr2, r->s.last_depth, r->s.last_index);
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
	char name[POINT_NAME_SIZE], written[24];
	words_point(e->words, x, y, written);
	if (point_name(e->width, e->height, x, y, name))
		snprintf(out, GO_WHERE_SIZE, "%s (%s)", name, written);
	else
		snprintf(out, GO_WHERE_SIZE, "(%s)", written);
	return out;
}

const char *go_field(const struct go_event *e, const char *pointer, const char *jgf)
{
	return words_field(e->words, pointer, jgf);
}

/* The handicap's stones */

__attribute__((cold))
void replay_hold(struct replay *r, struct held *h)
{
	const struct hist *last = &r->hist[r->s.hist_len - 1];
	if (last->kind == HIST_START)
		return;
	replay_node_pointer(r, &r->ptr2, last->depth, last->index);
	h->node = xstrdup(r->ptr2.data);
	if (r->keep && last->depth == r->depth && last->index == r->index) {
		r->hold_here = h;   /* this node's setup: its position at its end */
	} else if (r->keep) {
		r->listen->held(r, h);   /* an earlier node's */
	}
	for (int y = 0; y < r->b.h; y++)
		for (int x = 0; x < r->b.w; x++) {
			int p = board_cell(&r->b, x, y);
			if ((r->b.cells[p] & CELL_COLOR) != CELL_BLACK)
				continue;
			const struct hist *e = &r->hist[r->placed[p]];
			h->stones = xrealloc(h->stones, (h->n + 1) * sizeof *h->stones);
			struct held_stone *st = &h->stones[h->n++];
			replay_node_pointer(r, &r->ptr2, e->depth, e->index);
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

void replay_held_free(struct held *h)
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
