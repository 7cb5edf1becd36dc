/* plainmove: a plain move's node written without its DOM, or made as one
 * without node_parts (plainmove.h). */
#include "convert/plainmove.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "convert/nodejson.h"
#include "convert/nodeprops.h"
#include "convert/sgfprops.h"
#include "convert/sgfvalue.h"
#include "read/load.h"
#include "read/nodes.h"

/* The text of a plain move's node around its values: as add_node writes
 * it for a reader, and, in a record that is only checked (c->tight), on
 * its line without its indent and blanks, which its check reads the same
 * (a move and a comment 20 bytes fewer than --convert writes), a move
 * alone as its mark, which the check reads as its node (read/nodes.h: 4
 * bytes where --convert writes 55): the record is held whole as its check
 * reads it (issue 71). */
struct piece {
	const char *s;
	size_t len;
};
#define PIECE(s) { s, sizeof s - 1 }
struct pieces {
	struct piece black, white, pass, x, y, close, name, comments, markup, type, coords,
		     point, text, sep, end;
};
static const struct pieces reader = {
	PIECE("{ \"move\": { \"color\": \"black\", "), PIECE("{ \"move\": { \"color\": \"white\", "),
	PIECE("\"pass\": true }"), PIECE("\"x\": "), PIECE(", \"y\": "), PIECE(" }"),
	PIECE(", \"name\": "), PIECE(", \"comments\": ["), PIECE(", \"markup\": ["),
	PIECE("{ \"type\": \""), PIECE("\", \"coords\": ["), PIECE("{ "), PIECE(", \"text\": "),
	PIECE(", "), PIECE(" ]"),
};
static const struct pieces tight = {
	PIECE("{\"move\":{\"color\":\"black\","), PIECE("{\"move\":{\"color\":\"white\","),
	PIECE("\"pass\":true}"), PIECE("\"x\":"), PIECE(",\"y\":"), PIECE("}"),
	PIECE(",\"name\":"), PIECE(",\"comments\":["), PIECE(",\"markup\":["),
	PIECE("{\"type\":\""), PIECE("\",\"coords\":["), PIECE("{"), PIECE(",\"text\":"),
	PIECE(","), PIECE("]"),
};

static inline void put_piece(struct buf *out, struct piece p)
{
	put_bytes(out, p.s, p.len);
}

/* The separator before item j of a list: ", " (a blank before the first)
 * for a reader, "," (none before the first) tight. */
static inline void put_sep(struct buf *out, const struct pieces *t, size_t j)
{
	put_bytes(out, t->sep.s + !j, t->sep.len - !j);
}

/* A node's comments (C) as add_node writes them after its move, each as
 * write_value writes a string. */
static void put_comments(struct buf *out, const struct pieces *t, const struct sgf_prop *cm)
{
	put_piece(out, t->comments);
	for (size_t j = 0; j < cm->nvals; j++) {
		char *s = sgf_text_of(&cm->vals[j], false);
		put_sep(out, t, j);
		put_string(out, s, strlen(s));
		free(s);
	}
	put_piece(out, t->end);
}

/* A point's members as write_value writes them ("x": 3, "y": 15). */
static inline void put_xy(struct buf *out, const struct pieces *t, int x, int y)
{
	put_piece(out, t->x);
	put_int(out, x);
	put_piece(out, t->y);
	put_int(out, y);
}

/* A markup point of a plain node as write_value writes coord_json's, with
 * its label's text when it has one. */
static void put_point(struct conv *c, const struct pieces *t, int x, int y, const char *text)
{
	put_piece(c->out, t->point);
	put_xy(c->out, t, x, y);
	if (text) {
		put_piece(c->out, t->text);
		put_string(c->out, text, strlen(text));
	}
	put_piece(c->out, t->close);
	extent_add(c->extent, x, y);
}

/* The points of a mark (CR, TR, SQ, MA, SL, M, MH, MS) or label (LB) property of a
 * plain node, each once and on the board, as node_parts reads them; false
 * for any other (a list `aa:cc`, an empty value, a point twice, a label
 * with no point): node_parts's way says what is wrong. With write, they
 * are written as its markup entry. */
static bool plain_markup(struct conv *c, const struct sgf_prop *p, bool label,
			 const struct pieces *write)
{
	unsigned char seen[52 * 52 / 8 + 1] = { 0 };
	bool ok = true;
	for (size_t j = 0; j < p->nvals && ok; j++) {
		const struct sgf_value *v = &p->vals[j];
		int x, y;
		char *text = NULL;
		ok = label ? conv_label_of(c, v, &x, &y, write ? &text : NULL) :
			     !memchr(v->raw, ':', v->len) && conv_point_fits(c, v->raw, v->len, &x, &y);
		size_t bit = ok ? (size_t)y * 52 + (size_t)x : 0;
		ok = ok && !(seen[bit / 8] & (1u << (bit % 8)));
		seen[bit / 8] |= (unsigned char)(1u << (bit % 8));
		if (ok && write) {
			put_sep(c->out, write, j);
			put_point(c, write, x, y, text);
		}
		free(text);
	}
	return ok;
}

/* A node of a move (p, at x, y or a pass) and perhaps its name and
 * comments added to seq made as a DOM (a small game's), as node_parts and
 * emit make it: its members in their order, its points in c->extent.
 * node_parts's way was 1,400 instructions a move. */
static void add_plain_move(struct conv *c, struct seq *seq, const struct sgf_prop *p, bool pass,
			   int x, int y, const struct sgf_prop *name, const struct sgf_prop *cm)
{
	json_object *m = dom_object();
	dom_add_new(m, "color", dom_string(p->id[0] == 'B' ? "black" : "white"));
	if (pass) {
		dom_add_new(m, "pass", dom_bool(1));
	} else {
		dom_add_new(m, "x", dom_int(x));
		dom_add_new(m, "y", dom_int(y));
		extent_add(c->extent, x, y);
	}
	json_object *node = dom_object();
	dom_add_new(node, "move", m);
	if (name) {
		char *s = conv_name_of(name);
		dom_add_new(node, "name", dom_string(s));
		free(s);
	}
	if (cm) {
		json_object *comments = dom_array();
		for (size_t j = 0; j < cm->nvals; j++) {
			char *s = sgf_text_of(&cm->vals[j], false);
			dom_push(comments, dom_string(s));
			free(s);
		}
		dom_add_new(node, "comments", comments);
	}
	dom_push(seq->array, node);
}

/* The same node written into the record's text as add_node writes it,
 * with its name, comments and markup (write_value's way, no DOM); tight
 * in a record only checked, but on a line of nodes nested past
 * CONVERT_FLAT_DEPTH, where a turn's column (turn-mismatch's) is counted
 * past the nodes before it. */
static inline __attribute__((always_inline)) void
write_node(struct conv *c, const struct pieces *t, const struct seq *seq, const struct sgf_prop *p,
	   bool pass, int x, int y, const struct sgf_prop *name, const struct sgf_prop *cm,
	   const struct sgf_prop *const *marks, const struct sgf_propdef *const *defs, size_t nmarks)
{
	if (seq->count)
		put_byte(c->out, ',');
	if (t == &tight)
		put_byte(c->out, '\n');
	else
		new_line(c, seq->level);
	if (t == &tight && !name && !cm && !nmarks) {   /* a move alone: its mark (nodes.h) */
		static const char letter[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";
		char mark[4] = { SCAN_MOVE_MARK, p->id[0] == 'B' ? 'B' : 'W' };
		if (pass) {
			mark[1] = p->id[0] == 'B' ? 'b' : 'w';
			put_bytes(c->out, mark, 2);
			return;
		}
		mark[2] = letter[x], mark[3] = letter[y];   /* (on a board of at most 52) */
		put_bytes(c->out, mark, 4);
		extent_add(c->extent, x, y);
		return;
	}
	put_piece(c->out, p->id[0] == 'B' ? t->black : t->white);
	if (pass) {
		put_piece(c->out, t->pass);
	} else {
		put_xy(c->out, t, x, y);
		put_piece(c->out, t->close);
		extent_add(c->extent, x, y);
	}
	if (name) {
		char *s = conv_name_of(name);
		put_piece(c->out, t->name);
		put_string(c->out, s, strlen(s));
		free(s);
	}
	if (cm)
		put_comments(c->out, t, cm);
	if (nmarks)
		put_piece(c->out, t->markup);
	for (size_t i = 0; i < nmarks; i++) {
		put_sep(c->out, t, i);
		put_piece(c->out, t->type);
		buf_adds(c->out, defs[i]->kind == SGF_K_LABEL ? "label" : defs[i]->entry);
		put_piece(c->out, t->coords);
		plain_markup(c, marks[i], defs[i]->kind == SGF_K_LABEL, t);
		put_piece(c->out, t->end);
		put_piece(c->out, t->close);
	}
	if (nmarks)
		put_piece(c->out, t->end);
	put_piece(c->out, t->close);
}

/* (write_node inlined with each table: its pieces' lengths constants, as
 * a million moves are written) */
static void write_plain_move(struct conv *c, const struct seq *seq, const struct sgf_prop *p,
			     bool pass, int x, int y, const struct sgf_prop *name,
			     const struct sgf_prop *cm, const struct sgf_prop *const *marks,
			     const struct sgf_propdef *const *defs, size_t nmarks)
{
	if (c->tight && c->depth <= CONVERT_FLAT_DEPTH)
		write_node(c, &tight, seq, p, pass, x, y, name, cm, marks, defs, nmarks);
	else
		write_node(c, &reader, seq, p, pass, x, y, name, cm, marks, defs, nmarks);
}

#define PLAIN_MARKUP 8
bool emit_plain_move(struct conv *c, const struct sgf_node *n, struct seq *seq, bool root)
{
	/* The test hook streaming none (2G): node_parts's way for every node,
	 * as the page writes them, for the tests to compare the two. */
	size_t hook = load_stream_min(false);
	if (root || !n->nprops || n->nprops > 3 + PLAIN_MARKUP ||
	    (hook != SIZE_MAX && hook > 1))
		return false;
	const struct sgf_prop *p = NULL, *cm = NULL, *name = NULL, *marks[PLAIN_MARKUP];
	const struct sgf_propdef *defs[PLAIN_MARKUP];
	size_t nmarks = 0;
	for (size_t i = 0; i < n->nprops; i++) {
		const struct sgf_prop *q = &n->props[i];
		const struct sgf_propdef *d = NULL;
		if ((q->id[0] == 'B' || q->id[0] == 'W') && !q->id[1] && !p)
			p = q;
		else if (q->id[0] == 'C' && !q->id[1] && !cm && q->nvals)
			cm = q;
		else if (q->id[0] == 'N' && !q->id[1] && !name && q->nvals == 1)
			name = q;
		else if (!seq->array && nmarks < PLAIN_MARKUP && (d = sgf_prop_def(q->id)) &&
			 (d->kind == SGF_K_MARK || d->kind == SGF_K_LABEL) && q->nvals &&
			 plain_markup(c, q, d->kind == SGF_K_LABEL, NULL))
			marks[nmarks] = q, defs[nmarks++] = d;
		else
			return false;
	}
	for (size_t i = 0; i < nmarks; i++)
		for (size_t k = 0; k < i; k++)
			if (!strcmp(marks[i]->id, marks[k]->id))
				return false;   /* a property twice: node_parts's */
	if (!p || p->nvals != 1)
		return false;
	const struct sgf_value *v = &p->vals[0];
	bool pass = sgf_move_pass(v->raw, v->len, c->width, c->height);
	int x = 0, y = 0;
	if (!pass && !conv_point_fits(c, v->raw, v->len, &x, &y))
		return false;
	if (seq->array)
		add_plain_move(c, seq, p, pass, x, y, name, cm);
	else
		write_plain_move(c, seq, p, pass, x, y, name, cm, marks, defs, nmarks);
	c->moves++;
	posmap_node_at(c->map, seq->id, seq->count, p->pos, c->moves, true);
	/* the node and its move; or markup, its entry, coords and point */
	size_t depth = c->json_depth + (nmarks ? 5 : 2) - 1;
	if (depth > c->deepest)
		c->deepest = depth;
	seq->count++;
	return true;
}
