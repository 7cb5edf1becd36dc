/* ugfreview: a UGF review tree ([ReviewNode]) read as an index of its
 * NODE lines (ugfreader.h), its nodes made as the converter asks: the
 * main line node by node, the variations beside each whole; and [Data]
 * compared with its main line, whose times go on it. */
#include "convert/ugfreader.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "convert/say.h"
#include "core/catalog.h"

/* What the UGF reader says of a review (convert/say.h). */
#define SAY_NODE_LINE &rule_ugf_unreadable_line, "ignored: not a review node line"
#define SAY_TOO_DEEP &rule_ugf_deep_variations, "ignored: review variations nested too deeply"
#define SAY_OFF_BOARD &rule_ugf_off_board, \
	"a move at %s, off the %dx%d board: read as a pass"
#define SAY_DATA_DIFFERS &rule_ugf_data_differs, \
	"the [Data] moves differ from the review's main line here; kept under meta"

/* Review node i (d->nodes'), its NODE line read again: a new node under
 * parent (of its own allocation where heap, else cut from the game's
 * blocks), or of its own where parent is NULL (the caller's to free). */
static struct sgf_node *review_move(struct ugf *u, const struct data_more *d, uint32_t i,
				    struct sgf_node *parent, bool heap)
{
	const struct rnode *rn = &d->nodes[i];
	struct line_reader r;
	struct line l;
	line_reader_init(&r, d->text + rn->at, (size_t)(d->end - d->text) - rn->at);
	r.no = rn->line - 1;
	line_next(&r, &l);
	size_t ind = ugf_indent_of(&l);
	char *c = ugf_field(l.s + ind, l.len - ind, 2), *x = ugf_field(l.s + ind, l.len - ind, 3),
	     *y = ugf_field(l.s + ind, l.len - ind, 4);
	long color = 0, col = 0, row = 0;   /* (whole numbers: the index has none else) */
	lines_whole(c, &color), lines_whole(x, &col), lines_whole(y, &row);
	free(c), free(x), free(y);
	struct sgf_node *n = parent && !heap ? sgf_node_in(u->root, at_line(&l)) :
			     sgf_node_new(at_line(&l));
	if (parent)
		sgf_node_add_kid(parent, n);
	char xy[48];
	snprintf(xy, sizeof xy, "%ld,%ld", col, row);
	ugf_move(u, n, color == 1 ? 'B' : 'W', (int)col, (int)row, xy, true, &l);
	return n;
}

/* Review node i made under parent, with the times of its [Data] move
 * (main: its place on the main line, 0 off it) and its comments. */
static struct sgf_node *review_make(struct ugf *u, struct data_more *d, uint32_t i,
				    struct sgf_node *parent, size_t main, bool heap)
{
	struct sgf_node *n = review_move(u, d, i, parent, heap);
	for (struct line l; main && main <= d->moves && line_next(&d->r, &l);) {
		struct sgf_node *m = l.len ? ugf_data_move(u, &l, NULL, true) : NULL;
		if (!m)
			continue;
		for (size_t p = 0; p < m->nprops; p++) {
			struct sgf_prop *q = &m->props[p];
			bool existed;
			if (strcmp(q->id, "B") && strcmp(q->id, "W"))
				sgf_prop_add(sgf_prop_get(n, q->id, q->pos, &existed),
					     q->vals[0].raw, q->vals[0].len, q->vals[0].pos);
		}
		sgf_node_free(m);
		break;
	}
	ugf_attach_to(d, u, n, i);
	return n;
}

/* The variation from review node i on, whole, under parent: depth first,
 * each node's kids in order; the nodes made. */
static size_t review_variation(struct ugf *u, struct data_more *d, uint32_t i,
			       struct sgf_node *parent)
{
	struct frame { uint32_t i; struct sgf_node *parent; } *stack = NULL;
	size_t len = 0, cap = 0, made = 0;
	stack = xgrow(stack, &cap, 1, sizeof *stack);
	stack[len++] = (struct frame){ i, parent };
	while (len) {
		struct frame f = stack[--len];
		/* (its own allocation where the line is freed as converted: the
		 * variation, held until the line after it is, keeps no block) */
		struct sgf_node *n = review_make(u, d, f.i, f.parent, 0, d->lazy);
		made++;
		size_t from = len;
		for (uint32_t k = d->nodes[f.i].kid; k; k = d->nodes[k].next) {
			stack = xgrow(stack, &cap, len + 1, sizeof *stack);
			stack[len++] = (struct frame){ k, n };
		}
		for (size_t a = from, b = len; a + 1 < b; a++, b--) {   /* the first on top */
			struct frame t = stack[a];
			stack[a] = stack[b - 1], stack[b - 1] = t;
		}
	}
	free(stack);
	return made;
}

/* The next node of the review's main line under last, and the
 * variations beside it whole (the converter holds them until it has
 * converted the line, which goes on in the first variation). */
static bool review_next(struct sgf_more *more, struct sgf_node *root, struct sgf_node *last)
{
	struct data_more *d = (struct data_more *)more;
	uint32_t k = d->nodes[d->last].kid;
	if (!k) {
		d->more.pending = 0;
		return false;
	}
	struct sgf_notes said = { 0 };   /* (said in the first reading) */
	struct ugf u = { .notes = &said, .size = d->size, .jpn = d->jpn, .root = root };
	/* (a node of variations its own allocation: kept while the line
	 * after it is freed, it would keep its block) */
	uint32_t first = d->nodes[k].kid;
	review_make(&u, d, k, last, ++d->made, d->lazy && first && d->nodes[first].next);
	d->more.pending--;
	for (uint32_t v = d->nodes[k].next; v; v = d->nodes[v].next)
		d->more.pending -= review_variation(&u, d, v, last);
	d->last = k;
	sgf_notes_free(&said);
	return true;
}

/* [ReviewNode] (its lines r): NODE,id,colour(0 none, 1 black, 2 white),x,y,
 * with nested VARIATION, ... VARIATIONEND, blocks indented by two more
 * spaces; read into an index (struct data_more's nodes), saying what its
 * lines hold, its nodes made by review_next as the converter asks where
 * u->lazy, else at once when the game's comments are read (data_made). */
void ugf_review_nodes(struct ugf *u, struct line_reader r)
{
	enum { LEVELS = 64 };
	struct data_more *d = xcalloc(1, sizeof *d);
	*d = (struct data_more){ .more = { review_next, ugf_more_free, 0 }, .review = true,
				 .size = u->size, .jpn = u->jpn, .text = u->text,
				 .end = u->text + u->len };
	d->lazy = u->lazy && sgf_game_set_more(u->root, &d->more);
	u->more = d;
	size_t cap = 0, lcap = 0;
	uint32_t *last = NULL;   /* each node's last kid, while they are read */
	d->nodes = xgrow(NULL, &cap, 1, sizeof *d->nodes);
	last = xgrow(NULL, &lcap, 1, sizeof *last);
	d->nodes[0] = (struct rnode){ 0, 0, 0, 0 };
	last[0] = 0;
	d->nnodes = 1;
	uint32_t cur[LEVELS];
	for (size_t k = 0; k < LEVELS; k++)
		cur[k] = NO_NODE;
	cur[0] = 0;
	bool branch = false;
	for (struct line line; line_next(&r, &line);) {
		const struct line *l = &line;
		size_t ind = ugf_indent_of(l);
		const char *s = l->s + ind;
		size_t len = l->len - ind;
		size_t level = (ind + 2) / 4;
		if (level >= LEVELS) {
			sgf_say(u->notes, at_line(l), SAY_TOO_DEEP);
			continue;
		}
		if (len >= 10 && !memcmp(s, "VARIATION,", 10)) {
			cur[level] = cur[level - (level > 0)];
			branch = true;
			continue;
		}
		if (len >= 12 && !memcmp(s, "VARIATIONEND", 12))
			continue;
		if (len < 5 || memcmp(s, "NODE,", 5)) {
			if (len)
				sgf_say(u->notes, at_line(l), SAY_NODE_LINE);
			continue;
		}
		char *id = ugf_field(s, len, 1), *c = ugf_field(s, len, 2), *x = ugf_field(s, len, 3),
		     *y = ugf_field(s, len, 4);
		long nid, color, col = 0, row = 0;
		if (!lines_whole(id, &nid) || !lines_whole(c, &color) || color < 0 || color > 2 ||
		    (color && (!lines_whole(x, &col) || !lines_whole(y, &row)))) {
			sgf_say(u->notes, at_line(l), SAY_NODE_LINE);
		} else if (!color) {
			/* no move: the root (id 1), or an empty node */
			ugf_add_id(u, nid, cur[level] != NO_NODE ? cur[level] : 0);
		} else if (cur[level] != NO_NODE) {
			char xy[48], pt[3];
			snprintf(xy, sizeof xy, "%ld,%ld", col, row);
			if (!ugf_point(u, (int)col, (int)row, pt) &&
			    !ugf_pass_point(u, (int)col, (int)row, false))
				sgf_say(u->notes, at_line(l), SAY_OFF_BOARD, xy, u->size, u->size);
			uint32_t p = cur[level], n = d->nnodes++;
			d->nodes = xgrow(d->nodes, &cap, d->nnodes, sizeof *d->nodes);
			last = xgrow(last, &lcap, d->nnodes, sizeof *last);
			d->nodes[n] = (struct rnode){ 0, 0, (uint32_t)(l->s - u->text), (uint32_t)l->no };
			last[n] = 0;
			if (!d->nodes[p].kid) {
				d->nodes[p].kid = last[p] = n;
			} else if (!branch) {
				/* the line goes on after its variations: it is the main line */
				d->nodes[n].next = d->nodes[p].kid;
				d->nodes[p].kid = n;
			} else {
				d->nodes[last[p]].next = n;
				last[p] = n;
			}
			ugf_add_id(u, nid, n);
			cur[level] = n;
			for (size_t k = level + 1; k < LEVELS; k++)
				cur[k] = NO_NODE;
			branch = false;
		}
		free(id), free(c), free(x), free(y);
	}
	free(last);
	d->more.pending = d->nnodes - 1;
}

/* [Data] beside a review tree: the game as played, the review's main line
 * its copy; the times of its moves go on the main line where they agree
 * (u->more's moves: put as the line is made, review_make); false where
 * they do not (said), [Data] then kept under meta by the caller. */
bool ugf_review_data(struct ugf *u, struct line_reader data)
{
	struct data_more *d = u->more;
	d->r = data;
	uint32_t n = 0;
	struct line_reader r = data;
	for (struct line l; line_next(&r, &l);) {
		if (!l.len)
			continue;
		struct sgf_node *m = ugf_data_move(u, &l, NULL, true);
		if (!m)
			continue;
		bool same = false;
		n = d->nodes[n].kid;
		if (n) {   /* (else the main line ends before the game: a review cut short) */
			struct sgf_node *mine = review_move(u, d, n, NULL, true);
			const struct sgf_prop *q = &m->props[0], *p = sgf_prop_find(mine, q->id);
			same = p && q->nvals && p->nvals && !strcmp(p->vals[0].raw, q->vals[0].raw);
			sgf_node_free(mine);
		}
		sgf_node_free(m);
		if (!same) {
			sgf_say(u->notes, at_line(&l), SAY_DATA_DIFFERS);
			return false;
		}
		d->moves++;
	}
	return true;
}
