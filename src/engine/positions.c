/* positions: the position at a node for the boards (core/position.h),
 * copied from the replay as its walk passes the node (replay.c follows
 * the tree and tells this file its nodes, struct replay_listener; this
 * file reads its board, history and state): at the targets of
 * replay_positions, which walks the tree for them alone, at each
 * finding's node when the lint's replay keeps them (positions_kept), and
 * at the node of black's stones held for a handicap finding's board. */
#include "engine/positions.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/bound.h"
#include "base/buf.h"
#include "base/dom.h"
#include "base/pointer.h"
#include "core/record.h"
#include "engine/board.h"
#include "engine/replay.h"
#include "engine/replayer.h"
#include "engine/walk.h"

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
	replay_node_pointer(r, &r->ptr2, depth, index);
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

/* Kept positions: black's stones h held at a node before this one (for
 * the handicap finding's board): the position there, the board since
 * (this node has no setup, and its move is not played yet), and the state
 * before this node but for a `turn` set after it. */
__attribute__((cold))
static void hold_position(struct replay *r, struct held *h)
{
	struct state now = r->s;
	r->s = r->before;
	r->s.turn = r->before.held_turn;
	buf_truncate(&r->ptr, 0);
	buf_adds(&r->ptr, h->node);
	h->position = xmalloc(sizeof *h->position);
	snapshot(r, h->position);
	r->s = now;
}

struct target_ask {
	const struct targets *t;
	const char *ptr;
};

static bool target_not_below(const void *ctx, size_t i)
{
	const struct target_ask *a = ctx;
	return strcmp(a->t->sorted[i].ptr, a->ptr) >= 0;
}

/* Copies the position to every target that names the current node. */
static void visit_targets(struct replay *r)
{
	struct targets *t = r->targets;
	replay_node_pointer(r, &r->ptr, r->depth, r->index);
	struct target_ask a = { t, r->ptr.data };
	size_t lo = bound_first(0, t->n, target_not_below, &a);   /* the first target not below the pointer */
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
	replay_node_pointer(r, &r->ptr, r->depth, r->index);
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

const struct replay_listener positions_kept = { .findings = keep_position,
						 .held = hold_position };
static const struct replay_listener at_targets = { .node = visit_targets };

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
 * nodes itself (replay_node_pointer), when it needs to. For one target (a board
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
	sort_items(t.sorted, n, sizeof *t.sorted, by_target);
	r->targets = &t;
	r->listen = &at_targets;
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

const char *replay_position_at(json_object *root, bool parsed, const char *pointer,
			       struct position *out)
{
	*out = (struct position){ .ko_x = -1, .ko_y = -1 };
	struct record_info rec;
	struct buf node = BUF_INIT;
	const char *error = NULL;
	if (!parsed)
		error = "the text is not valid JSON";
	else if (record_classify(root, &rec), rec.dialect != DIALECT_JGF)
		error = "the document is not a JGF record";
	else if (!replay_node_of(root, pointer, &node))
		error = "the pointer names no node of the tree";
	if (!error) {
		const char *target = node.data;
		replay_positions(root, &rec, &target, 1, true, out);
		error = out->unavailable;
	}
	buf_free(&node);
	return error;
}

void replay_finding_positions(json_object *root, const struct diag_list *diags,
			      struct position *all)
{
	size_t n = diags->len, k = 0;
	const char **targets = xcalloc(n + 1, sizeof *targets);
	size_t *owner = xcalloc(n + 1, sizeof *owner);
	for (size_t i = 0; i < n; i++) {
		all[i] = (struct position){ .ko_x = -1, .ko_y = -1 };
		if (diags->items[i].node) {
			owner[k] = i;
			targets[k++] = diags->items[i].node;
		}
	}
	struct position *found = xcalloc(k + 1, sizeof *found);
	struct record_info rec;
	record_classify(root, &rec);
	if (rec.dialect == DIALECT_JGF)
		replay_positions(root, &rec, targets, k, true, found);
	for (size_t j = 0; j < k; j++) {
		all[owner[j]] = found[j];
		if (rec.dialect != DIALECT_JGF)
			all[owner[j]].unavailable = "the document is not a JGF record";
	}
	free(found);
	free(owner);
	free(targets);
}
