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

/* A node's comments (C) as add_node writes them after its move, each as
 * write_value writes a string. */
static void put_comments(struct buf *out, const struct sgf_prop *cm)
{
	buf_adds(out, ", \"comments\": [");
	for (size_t j = 0; j < cm->nvals; j++) {
		char *s = sgf_text_of(&cm->vals[j], false);
		put_bytes(out, &", "[!j], 2 - !j);
		put_string(out, s, strlen(s));
		free(s);
	}
	buf_adds(out, " ]");
}

/* A point's members as write_value writes them ("x": 3, "y": 15). */
static void put_xy(struct buf *out, int x, int y)
{
	put_bytes(out, "\"x\": ", 5);
	put_int(out, x);
	put_bytes(out, ", \"y\": ", 7);
	put_int(out, y);
}

/* A markup point of a plain node as write_value writes coord_json's, with
 * its label's text when it has one. */
static void put_point(struct conv *c, int x, int y, const char *text)
{
	put_bytes(c->out, "{ ", 2);
	put_xy(c->out, x, y);
	if (text) {
		put_bytes(c->out, ", \"text\": ", 10);
		put_string(c->out, text, strlen(text));
	}
	put_bytes(c->out, " }", 2);
	extent_add(c->extent, x, y);
}

/* The points of a mark (CR, TR, SQ, MA, SL, M, MH, MS) or label (LB) property of a
 * plain node, each once and on the board, as node_parts reads them; false
 * for any other (a list `aa:cc`, an empty value, a point twice, a label
 * with no point): node_parts's way says what is wrong. With write, they
 * are written as its markup entry. */
static bool plain_markup(struct conv *c, const struct sgf_prop *p, bool label, bool write)
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
			put_bytes(c->out, &", "[!j], 2 - !j);
			put_point(c, x, y, text);
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

/* A node of a move alone in a record that is only checked (c->tight): on
 * its line as add_node writes it, without its indent and blanks, 41 bytes
 * where --convert writes 55 for a reader. The record is held whole as its
 * check reads it, 3.5 times a UGF record of moves alone before (issue 71).
 * Not on a line of nodes nested past CONVERT_FLAT_DEPTH, where a turn's
 * column (turn-mismatch's) is counted past the nodes before it. */
static bool write_tight_move(struct conv *c, const struct seq *seq, const struct sgf_prop *p,
			     bool pass, int x, int y)
{
	if (!c->tight || c->depth > CONVERT_FLAT_DEPTH)
		return false;
	if (seq->count)
		put_byte(c->out, ',');
	buf_adds(c->out, p->id[0] == 'B' ? "\n{\"move\":{\"color\":\"black\"," :
					   "\n{\"move\":{\"color\":\"white\",");
	if (pass) {
		put_bytes(c->out, "\"pass\":true}}", 13);
		return true;
	}
	put_bytes(c->out, "\"x\":", 4);
	put_int(c->out, x);
	put_bytes(c->out, ",\"y\":", 5);
	put_int(c->out, y);
	put_bytes(c->out, "}}", 2);
	extent_add(c->extent, x, y);
	return true;
}

/* The same node written into the record's text as add_node writes it,
 * with its name, comments and markup (write_value's way, no DOM). */
static void write_plain_move(struct conv *c, const struct seq *seq, const struct sgf_prop *p,
			     bool pass, int x, int y, const struct sgf_prop *name,
			     const struct sgf_prop *cm, const struct sgf_prop *const *marks,
			     const struct sgf_propdef *const *defs, size_t nmarks)
{
	if (seq->count)
		buf_addc(c->out, ',');
	new_line(c, seq->level);
	buf_adds(c->out, p->id[0] == 'B' ? "{ \"move\": { \"color\": \"black\", " :
					   "{ \"move\": { \"color\": \"white\", ");
	if (pass) {
		buf_adds(c->out, "\"pass\": true }");
	} else {
		put_xy(c->out, x, y);
		put_bytes(c->out, " }", 2);
		extent_add(c->extent, x, y);
	}
	if (name) {
		char *s = conv_name_of(name);
		buf_adds(c->out, ", \"name\": ");
		put_string(c->out, s, strlen(s));
		free(s);
	}
	if (cm)
		put_comments(c->out, cm);
	if (nmarks)
		buf_adds(c->out, ", \"markup\": [");
	for (size_t i = 0; i < nmarks; i++) {
		put_bytes(c->out, &", { \"type\": \""[!i], 13 - !i);
		buf_adds(c->out, defs[i]->kind == SGF_K_LABEL ? "label" : defs[i]->entry);
		buf_adds(c->out, "\", \"coords\": [");
		plain_markup(c, marks[i], defs[i]->kind == SGF_K_LABEL, true);
		buf_adds(c->out, " ] }");
	}
	if (nmarks)
		buf_adds(c->out, " ]");
	buf_adds(c->out, " }");
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
			 plain_markup(c, q, d->kind == SGF_K_LABEL, false))
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
	else if (name || cm || nmarks || !write_tight_move(c, seq, p, pass, x, y))
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
