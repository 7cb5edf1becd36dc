/* convert: SGF properties (FF[1]-FF[4], GM[1]) to JGF v2. Root properties
 * fill the record's sections (rootprops.c); node properties become moves,
 * setup, turn, comments, names, markup and score (nodeprops.c). A value JGF
 * cannot hold as it is goes to meta.sgf with a note (keep.c); values are
 * read (sgfvalue.c) and checked against the grammars the linter applies,
 * so that the record is clean. This file writes the tree as it converts it
 * and assembles the record; posmap.c maps its pointers to the source. */
#include "convert/convert.h"

#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/dom.h"
#include "base/jstring.h"
#include "convert/conv.h"
#include "convert/keep.h"
#include "convert/nodeprops.h"
#include "convert/rootprops.h"
#include "convert/say.h"
#include "convert/sgfprops.h"
#include "convert/sgfrules.h"
#include "convert/sgfvalue.h"
#include "read/load.h"
#include "read/scan.h"
#include "core/catalog.h"

/* What the tree's mapping says (convert/say.h). */
#define SAY_MOVE_IN_ROOT &rule_sgf_move_in_root, \
	"a move in the root node: read as the first node after the root; --fix leaves it, " \
	"--convert --to sgf writes it so"
#define SAY_SETUP_WITH_MOVE &rule_sgf_setup_with_move, \
	"setup and a move in one node: the setup read as a node of its own before the move; " \
	"--fix leaves it, --convert --to sgf writes it so"
#define SAY_TURN_WITH_MOVE &rule_sgf_setup_with_move, \
	"PL (setup) and a move of the colour it names in one node: the turn read as a node of " \
	"its own before the move; --fix leaves it, --convert --to sgf writes it so"
#define SAY_EMPTY_NODE &rule_sgf_empty_node, "a node without properties: left out of the record"
#define SAY_NOT_GO &rule_sgf_not_go, "GM[%lld] is not Go (GM[1]): this game is not read"
#define SAY_KEPT_VALUES "more than one value"   /* note_kept's words (keep.c) */

/* ---- the tree, written as it is converted ----
 *
 * A long game's record was held whole as a DOM (about 860 bytes a move)
 * and written indented, 7 lines a move: each node is now written as it is
 * made, on one line, and freed. Variations are indented 2 spaces a level up
 * to MAX_INDENT_LEVEL, no further: indentation that grows with the depth
 * made a deep tree's record grow with the square of its depth. Variations
 * nested deeper than CONVERT_FLAT_DEPTH (no game's, nor a dictionary's)
 * are written on one line: 2,000 of them, 32 KB of SGF, make 270 KB.
 *
 *     "tree": [
 *       { },
 *       { "move": { "color": "black", "x": 15, "y": 3 } },
 *       { "variations": [ [
 *         { "move": { "color": "white", "x": 2, "y": 3 } }
 *       ], [
 *         { "move": { "color": "white", "x": 3, "y": 2 } }
 *       ] ] }
 *     ]
 */
#define MAX_INDENT_LEVEL 6

/* A sequence of nodes being written: how many so far, at what level. */
struct seq {
	size_t count, level;
	json_object *array;   /* a record made as a DOM: the sequence's, else NULL */
	size_t id;            /* its sequence in the position map */
};

static void new_line(struct conv *c, size_t level)
{
	if (c->depth > CONVERT_FLAT_DEPTH) {
		buf_addc(c->out, ' ');
		return;
	}
	static const char indent[] = "\n              ";
	_Static_assert(sizeof indent == 4 + 2 * MAX_INDENT_LEVEL, "a line break, the deepest indent");
	buf_add(c->out, indent, 3 + 2 * (level < MAX_INDENT_LEVEL ? level : MAX_INDENT_LEVEL));
}

/* "/i" added to out: a segment of a node's pointer, two a node (printf's
 * was 3% of a check in place). */
static void add_index(struct buf *out, size_t i)
{
	char d[24];
	size_t n = sizeof d;
	do
		d[--n] = (char)('0' + i % 10);
	while (i /= 10);
	d[--n] = '/';
	buf_add(out, d + n, sizeof d - n);
}

static void node_pointer(struct conv *c, const struct seq *seq, struct buf *out)
{
	buf_truncate(out, 0);
	buf_add(out, c->ptr.data, c->ptr.len);
	add_index(out, seq->count);
}

/* The point (px, py) in the extent of the points written. */
static void extent_add(int extent[4], int px, int py)
{
	extent[0] = px < extent[0] ? px : extent[0];
	extent[1] = py < extent[1] ? py : extent[1];
	extent[2] = px > extent[2] ? px : extent[2];
	extent[3] = py > extent[3] ? py : extent[3];
}

/* The JSON nesting of v (v itself counts 1), and the points in it. One
 * pass over an object's members, into those that nest only (two lookups
 * and a call a member were 5% of checking a large tree in place). */
static size_t node_extent(json_object *v, int extent[4])
{
	size_t deepest = 0;
	if (json_object_is_type(v, json_type_array)) {
		for (size_t i = 0; i < json_object_array_length(v); i++) {
			json_object *e = json_object_array_get_idx(v, i);
			size_t d = json_object_is_type(e, json_type_array) ||
				   json_object_is_type(e, json_type_object) ? node_extent(e, extent) : 0;
			deepest = d > deepest ? d : deepest;
		}
	} else if (json_object_is_type(v, json_type_object)) {
		json_object *x = NULL, *y = NULL;
		bool has_x = false, has_y = false;
		json_object_object_foreach(v, key, val) {
			if (key[0] == 'x' && !key[1])
				x = val, has_x = true;
			else if (key[0] == 'y' && !key[1])
				y = val, has_y = true;
			if (!json_object_is_type(val, json_type_array) &&
			    !json_object_is_type(val, json_type_object))
				continue;
			size_t d = node_extent(val, extent);
			deepest = d > deepest ? d : deepest;
		}
		if (has_x && has_y)
			extent_add(extent, json_object_get_int(x), json_object_get_int(y));
	} else {
		return 0;
	}
	return deepest + 1;
}

/* How s (len bytes) is written inside a JSON string: as it is (PLAIN_ASCII,
 * PLAIN), or escaped by json-c (a quote, backslash or control character).
 * Eight bytes at a time: a long comment's. */
enum plain { PLAIN_ASCII, PLAIN, ESCAPED };
static enum plain plain_string(const char *s, size_t len)
{
	const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
	uint64_t high = 0;
	size_t i = 0;
	for (; i + 8 <= len; i += 8) {
		uint64_t x;
		memcpy(&x, s + i, 8);
		uint64_t q = x ^ ones * '"', b = x ^ ones * '\\';
		/* a byte below 0x20, or equal to one of them (each test of a
		 * byte may err only where a byte before it is hit already) */
		if (((x - ones * 0x20) | (q - ones) | (b - ones)) & ~x & highs)
			return ESCAPED;
		high |= x;
	}
	for (; i < len; i++) {
		unsigned char c = (unsigned char)s[i];
		if (c < 0x20 || c == '"' || c == '\\')
			return ESCAPED;
		high |= c;
	}
	return high & highs ? PLAIN : PLAIN_ASCII;
}

/* buf_add and buf_addc, inline: the many short pieces of a node's
 * writing (a call each was 3% of checking a large tree in place). */
static inline void put_bytes(struct buf *out, const char *s, size_t n)
{
	if (out->cap - out->len <= n)
		buf_reserve(out, n);
	memcpy(out->data + out->len, s, n);
	out->len += n;
	out->data[out->len] = '\0';
}

static inline void put_byte(struct buf *out, char c)
{
	put_bytes(out, &c, 1);
}

#define NODE_FLAGS (JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE)

/* The string s (len bytes) as dom_json writes it with NODE_FLAGS, then
 * json_escape_invisible: copied when it needs no escaping, else written by
 * json-c, from v (made from s when v is NULL). */
static void put_string(struct buf *out, const char *s, size_t len, json_object *v)
{
	enum plain k = plain_string(s, len);
	if (k == ESCAPED) {
		json_object *made = v ? NULL : dom_string(s);
		const char *json = dom_json(v ? v : made, NODE_FLAGS, &len);
		json_escape_invisible(out, json, len);
		json_object_put(made);
		return;
	}
	put_byte(out, '"');
	if (k == PLAIN_ASCII)
		put_bytes(out, s, len);
	else
		json_escape_invisible(out, s, len);
	put_byte(out, '"');
}

/* An integer as json-c writes it ("%" PRId64), without its snprintf. */
static void put_int(struct buf *out, int64_t n)
{
	uint64_t u = n < 0 ? -(uint64_t)n : (uint64_t)n;
	char digits[24];
	size_t k = sizeof digits;
	do
		digits[--k] = (char)('0' + u % 10);
	while (u /= 10);
	if (n < 0)
		digits[--k] = '-';
	put_bytes(out, digits + k, sizeof digits - k);
}

/* v as dom_json writes it with NODE_FLAGS, then json_escape_invisible, to
 * out: the objects, arrays, integers and strings that need no escaping
 * copied, any other value (a string to escape, a double) written by json-c
 * (its writing of a node, then read for invisible characters, was 14% of
 * checking a large tree in place). False, with part of it written, for a
 * key that needs escaping. */
static bool write_value(struct buf *out, json_object *v, int extent[4], size_t *depth)
{
	size_t len, d;
	*depth = 0;
	switch (json_object_get_type(v)) {
	case json_type_null:
		put_bytes(out, "null", 4);
		return true;
	case json_type_object: {
		bool had = false;
		json_object *x = NULL, *y = NULL;
		bool has_x = false, has_y = false;
		put_byte(out, '{');
		json_object_object_foreach(v, key, val) {
			if (key[0] == 'x' && !key[1])
				x = val, has_x = true;
			else if (key[0] == 'y' && !key[1])
				y = val, has_y = true;
			len = strlen(key);
			enum plain k = plain_string(key, len);
			if (k == ESCAPED)
				return false;
			put_bytes(out, &", \""[!had], 3 - !had);
			had = true;
			if (k == PLAIN_ASCII)
				put_bytes(out, key, len);
			else
				json_escape_invisible(out, key, len);
			put_bytes(out, "\": ", 3);
			if (!write_value(out, val, extent, &d))
				return false;
			*depth = d > *depth ? d : *depth;
		}
		put_bytes(out, " }", 2);
		if (has_x && has_y)   /* a point (node_extent) */
			extent_add(extent, json_object_get_int(x), json_object_get_int(y));
		++*depth;
		return true;
	}
	case json_type_array:
		len = json_object_array_length(v);
		put_byte(out, '[');
		for (size_t i = 0; i < len; i++) {
			put_bytes(out, &", "[!i], 2 - !i);
			if (!write_value(out, json_object_array_get_idx(v, i), extent, &d))
				return false;
			*depth = d > *depth ? d : *depth;
		}
		put_bytes(out, " ]", 2);
		++*depth;
		return true;
	case json_type_string:
		put_string(out, json_object_get_string(v), (size_t)json_object_get_string_len(v), v);
		return true;
	case json_type_int: {
		int64_t n = json_object_get_int64(v);
		if (n == INT64_MAX)   /* perhaps an unsigned one past it: json-c's */
			break;
		put_int(out, n);
		return true;
	}
	case json_type_boolean:
		if (json_object_get_boolean(v))
			put_bytes(out, "true", 4);
		else
			put_bytes(out, "false", 5);
		return true;
	default:
		break;
	}
	const char *json = dom_json(v, NODE_FLAGS, &len);
	json_escape_invisible(out, json, len);
	return true;
}

/* Writes node (and frees it) as the next of seq, from pos in the source. */
static void add_node(struct conv *c, struct seq *seq, json_object *node, struct sgf_pos pos)
{
	bool move = json_object_object_get_ex(node, "move", NULL);
	c->moves += move;
	posmap_node_at(c->map, seq->id, seq->count, pos, c->moves, move);
	size_t extent;   /* its nesting, and its points in c->extent */
	if (seq->array) {
		extent = node_extent(node, c->extent);
		dom_push(seq->array, node);
	} else {
		if (seq->count)
			buf_addc(c->out, ',');
		new_line(c, seq->level);
		/* The same values, with no invisible character raw in the record a
		 * terminal (--output -) or an editor shows. */
		size_t mark = c->out->len;
		if (!write_value(c->out, node, c->extent, &extent)) {
			size_t len;
			const char *json = dom_json(node, NODE_FLAGS, &len);
			buf_truncate(c->out, mark);
			json_escape_invisible(c->out, json, len);
			extent = node_extent(node, c->extent);
		}
		dom_give_back(node, extent);
	}
	size_t depth = c->json_depth + extent - 1;
	if (depth > c->deepest)
		c->deepest = depth;
	seq->count++;
}

/* key: a literal, kept by json-c as it is (dom_add_literal) */
static void put(json_object *node, const char *key, json_object *v)
{
	if (v)
		dom_add_ex(node, key, v, JSON_C_OBJECT_ADD_CONSTANT_KEY);
}

/* The node about to be added to seq takes its `turn` from n's PL: its
 * place, which a finding about the turn names. */
static void map_turn(struct conv *c, struct seq *seq, const struct sgf_node *n)
{
	const struct sgf_prop *pl = sgf_prop_find(n, "PL");
	if (!pl)
		return;
	struct buf p = BUF_INIT;
	node_pointer(c, seq, &p);
	buf_adds(&p, "/turn");
	posmap_add(c->map, p.data, pl->pos);
	buf_free(&p);
}

/* Where each setup entry of the node seq is given next was read (the
 * property, node_parts's setup_at): a finding of a setup stone is placed
 * there, as SGFC places its own. */
static void map_setup(struct conv *c, struct seq *seq, const struct parts *pt)
{
	struct buf p = BUF_INIT;
	for (size_t i = 0; i < pt->nsetup_at; i++) {
		node_pointer(c, seq, &p);
		buf_printf(&p, "/setup/%zu", i);
		posmap_add(c->map, p.data, pt->setup_at[i]);
	}
	buf_free(&p);
}

/* The page takes node_parts's way for every node: the two functions below
 * only make large records faster, and their bytes are over its budget
 * (tests/sgf_reports.sh holds both ways to the same output). */
#ifndef __EMSCRIPTEN__
/* A node's comments (C) as add_node writes them after its move, each as
 * write_value writes a string. */
static void put_comments(struct buf *out, const struct sgf_prop *cm)
{
	buf_adds(out, ", \"comments\": [");
	for (size_t j = 0; j < cm->nvals; j++) {
		char *s = sgf_text_of(&cm->vals[j], false);
		put_bytes(out, &", "[!j], 2 - !j);
		put_string(out, s, strlen(s), NULL);
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
		put_string(c->out, text, strlen(text), NULL);
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

/* A node that is one move (B or W with one value, a point on the board or
 * a pass) and perhaps its name (N), comments (C), labels (LB) and marks
 * (CR, TR, SQ, MA, SL, M, MH, MS), each property once and as node_parts reads it
 * without a word, written as add_node writes what node_parts makes of it
 * without making it: most of a large tree's nodes, whose DOM made,
 * written and freed was a third of checking the tree in place. False for
 * any other node, and for a record made as a DOM. */
#define PLAIN_MARKUP 8
static bool emit_plain_move(struct conv *c, const struct sgf_node *n, struct seq *seq, bool root)
{
	/* The test hook streaming none (2G): node_parts's way for every node,
	 * as the page writes them, for the tests to compare the two. */
	size_t hook = load_stream_min(false);
	if (root || seq->array || !n->nprops || n->nprops > 3 + PLAIN_MARKUP ||
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
		else if (nmarks < PLAIN_MARKUP && (d = sgf_prop_def(q->id)) &&
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
		put_string(c->out, s, strlen(s), NULL);
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
	c->moves++;
	posmap_node_at(c->map, seq->id, seq->count, p->pos, c->moves, true);
	/* the node and its move; or markup, its entry, coords and point */
	size_t depth = c->json_depth + (nmarks ? 5 : 2) - 1;
	if (depth > c->deepest)
		c->deepest = depth;
	seq->count++;
	return true;
}

#endif

/* The times of more than one value read on pt's moves, kept at their
 * moves' nodes: the first move's at index at of the sequence, the
 * second's after it. */
static void keep_move_times(struct conv *c, const struct parts *pt, size_t at)
{
	struct buf p = BUF_INIT;
	for (size_t i = 0; i < pt->nmove_kept && at != SIZE_MAX; i++) {
		buf_truncate(&p, 0);
		buf_add(&p, c->ptr.data, c->ptr.len);
		add_index(&p, at + pt->move_kept[i].second);
		keep_node(c, p.data, pt->move_kept[i].prop);
	}
	buf_free(&p);
}

/* Emits the JGF nodes of one SGF node into seq: a setup node before the
 * node with the move when the SGF node has both (JGF never combines them),
 * and no move in the root node (the first node of the tree). */
static void emit(struct conv *c, const struct sgf_node *n, struct seq *seq, bool root)
{
#ifndef __EMSCRIPTEN__
	if (emit_plain_move(c, n, seq, root))
		return;
#endif
	struct parts pt;
	node_parts(c, n, root, &pt);
	struct sgf_pos setup_pos = pt.setup_pos.line ? pt.setup_pos : n->pos;
	/* PL beside a move of the other colour says who plays after it (as
	 * editors write it: W[mo]PL[B]); beside its own colour, before it. */
	json_object *turn_after = NULL;
	json_object *last = pt.move2 ? pt.move2 : pt.move;
	if (pt.turn && last &&
	    strcmp(json_object_get_string(pt.turn),
		   json_object_get_string(json_object_object_get(last, "color")))) {
		turn_after = pt.turn;
		pt.turn = NULL;
	}
	if (pt.move && root)
		sgf_say(c->notes, pt.move_pos, SAY_MOVE_IN_ROOT);
	else if (pt.move && pt.setup)
		sgf_say(c->notes, pt.move_pos, SAY_SETUP_WITH_MOVE);
	else if (pt.move && pt.turn)   /* PL of the move's own colour: before it */
		sgf_say(c->notes, sgf_prop_find(n, "PL")->pos, SAY_TURN_WITH_MOVE);
	json_object *node = dom_object();
	struct sgf_pos pos = n->pos;
	if ((pt.setup || pt.turn || root) && pt.move) {
		put(node, "setup", pt.setup);
		put(node, "turn", pt.turn);
		if (pt.turn)
			map_turn(c, seq, n);
		map_setup(c, seq, &pt);
		add_node(c, seq, node, setup_pos);
		node = dom_object();
	} else {
		put(node, "setup", pt.setup);
		put(node, "turn", pt.turn);
		if (pt.setup || pt.turn)
			pos = setup_pos;
		if (pt.turn)
			map_turn(c, seq, n);
		map_setup(c, seq, &pt);   /* the node is added: it holds the setup */
	}
	free(pt.setup_at);
	if (pt.move) {
		dom_add_literal(node, "move", pt.move);
		pos = pt.move_pos;
	}
	put(node, "name", pt.name);
	put(node, "comments", pt.comments);
	put(node, "markup", pt.markup);
	put(node, "score", pt.score);
	struct buf p = BUF_INIT;
	size_t at = SIZE_MAX;   /* the node's index in seq, when it is added */
	if (!root && !pt.nkept && !json_object_object_length(node)) {
		json_object_put(node);   /* an empty SGF node carries nothing */
		if (!n->nprops && !strcmp(c->source, "sgf")) {   /* the other readers' own */
			sgf_say(c->notes, n->pos, SAY_EMPTY_NODE);
			/* Its `;` goes when a node follows it (a variation's only
			 * node would leave `()`, none at all). */
			if (n->nkids)
				sgf_note_fix(c->notes, n->pos, 1, "", false);
		}
	} else {
		at = seq->count;
		add_node(c, seq, node, pos);
	}
	if (pt.move2) {
		json_object *m = dom_object();
		dom_add_literal(m, "move", pt.move2);
		add_node(c, seq, m, pt.move2_pos);
	}
	if (turn_after) {
		json_object *t = dom_object();
		dom_add_literal(t, "turn", turn_after);
		map_turn(c, seq, n);
		add_node(c, seq, t, sgf_prop_find(n, "PL")->pos);
	}
	/* What has no place: the root's under meta itself, a node's by pointer
	 * (written only for a node that keeps something). */
	for (size_t i = 0; i < pt.nkept; i++) {
		if (!pt.kept[i])
			continue;
		bool at_root = root && !(pt.move && conv_kept_with_move(c, pt.kept[i]));
		if (!at_root && !p.data && at != SIZE_MAX) {
			buf_add(&p, c->ptr.data, c->ptr.len);
			add_index(&p, at);
		}
		if (at_root && pt.move)
			conv_say_root_misfit(c, pt.kept[i]);
		if (at_root)
			keep_root(c, pt.kept[i]);
		else
			keep_node(c, p.data ? p.data : "", pt.kept[i]);
	}
	keep_move_times(c, &pt, at);
	free(pt.kept);
	buf_free(&p);
}

/* Deeper variations than this are not nested further (see MAX_NESTING in
 * sgf.c): the JSON depth the scanner accepts bounds what a record holds. */
#define MAX_VARIATION_DEPTH (SGF_MAX_NESTING - 1)

static void convert_line(struct conv *c, const struct sgf_node *n, struct seq *seq, bool root);

/* A sequence opens at out's end (its `[`): its entry in c->seqs, or
 * SIZE_MAX when no shape is kept. */
static size_t seq_open(struct conv *c)
{
	struct scan_tree *t = c->seqs;
	if (!t)
		return SIZE_MAX;
	if (c->out->len >= UINT32_MAX)
		die_oom();   /* a record of 4 GB: the loader stops at 1 GiB */
	t->seqs = xgrow(t->seqs, &t->cap, t->len + 1, sizeof *t->seqs);
	t->seqs[t->len] = (struct scan_seq){ (uint32_t)c->out->len, 0, 0 };
	return t->len++;
}

/* The sequence of entry k closes at out's end (its `]` comes next). */
static void seq_close(struct conv *c, size_t k, size_t count)
{
	if (k == SIZE_MAX)
		return;
	c->seqs->seqs[k].end = (uint32_t)c->out->len + 1;
	c->seqs->seqs[k].count = (uint32_t)count;
}

/* Drops the entries from mark on (sequences written and then left out). */
static void seq_drop(struct conv *c, size_t mark)
{
	if (c->seqs)
		c->seqs->len = mark;
}

/* The variations node after a node with several children: each variation
 * of empty nodes only is left out, and the node when all of them are. */
static void convert_variations(struct conv *c, const struct sgf_node *n, struct seq *seq)
{
	size_t mark = c->out->len, ptr_mark = c->ptr.len;
	json_object *vars = seq->array ? dom_array() : NULL;   /* made as a DOM */
	if (!vars) {
		if (seq->count)
			buf_addc(c->out, ',');
		new_line(c, seq->level);
		buf_adds(c->out, "{ \"variations\": [ ");
	}
	add_index(&c->ptr, seq->count);
	buf_adds(&c->ptr, "/variations");
	posmap_variations_at(c->map, seq->id, n->kids[0]->pos);
	c->depth++;
	if (c->depth > c->deepest_variation)
		c->deepest_variation = c->depth;
	c->json_depth += 3;   /* the node, its variations, a variation */
	size_t kept = 0, seq_mark = c->seqs ? c->seqs->len : 0, last = SIZE_MAX, last_count = 0;
	unsigned long moves = c->moves;
	for (size_t i = 0; i < n->nkids; i++) {
		size_t vmark = c->out->len, vptr = c->ptr.len, vseq = c->seqs ? c->seqs->len : 0;
		c->moves = moves;
		if (kept && !vars) {
			new_line(c, seq->level);
			seq_close(c, last, last_count);
			buf_adds(c->out, "], ");
		}
		size_t k = vars ? SIZE_MAX : seq_open(c);
		if (!vars)
			buf_addc(c->out, '[');
		add_index(&c->ptr, kept);
		struct seq var = { 0, seq->level + 1, vars ? dom_array() : NULL,
				   posmap_variation(c->map, seq->id, seq->count, kept) };
		convert_line(c, n->kids[i], &var, false);
		buf_truncate(&c->ptr, vptr);
		if (var.count) {
			kept++;
			last = k, last_count = var.count;
			if (vars)
				dom_push(vars, var.array);
		} else {
			/* a variation of empty nodes only */
			json_object_put(var.array);
			buf_truncate(c->out, vmark);
			seq_drop(c, vseq);
		}
	}
	c->json_depth -= 3;
	c->depth--;
	buf_truncate(&c->ptr, ptr_mark);
	if (!kept) {
		json_object_put(vars);
		buf_truncate(c->out, mark);
		seq_drop(c, seq_mark);
		return;
	}
	if (vars) {
		json_object *node = dom_object();
		dom_add_literal(node, "variations", vars);
		dom_push(seq->array, node);
	} else {
		new_line(c, seq->level);
		seq_close(c, last, last_count);
		buf_adds(c->out, "] ] }");
	}
	seq->count++;
}

static void convert_line(struct conv *c, const struct sgf_node *n, struct seq *seq, bool root)
{
	/* The game's first line, node by node once converted: the root's
	 * first child is the node being converted, each node before it freed
	 * (a game of one line of 6,767 nodes held 917 KB of them beside its
	 * record's 352 KB of text). Up to a node of more children. */
	struct sgf_node *game = root ? c->game : NULL;
	while (n) {
		emit(c, n, seq, root);
		root = false;
		if (n->nkids == 1 || (n->nkids > 1 && c->depth >= MAX_VARIATION_DEPTH)) {
			if (game && n != game && (n->nkids > 1 || game->kids[0] != n))
				game = NULL;
			if (game && n != game) {
				struct sgf_node *done = game->kids[0];
				game->kids[0] = done->kids[0];
				sgf_node_release(game, done);
			}
			n = game ? game->kids[0] : n->kids[0];
			continue;
		}
		if (n->nkids)
			convert_variations(c, n, seq);
		return;
	}
}

/* The record's text: its sections as json-c writes them (indented), then
 * the tree written node by node, which out holds (and keeps: a long game's
 * tree is not copied); *depth gets the sections' JSON nesting. rec is
 * freed, or with a shape kept as its head, and the tree's spans (from the
 * tree's text, first the tree's own, of nodes) moved past the head; or
 * with a shape asked whole, rec gets the tree, nodes's DOM, and no text. */
static void write_record(struct buf *out, json_object *rec, size_t *depth,
			 struct convert_shape *shape, const struct seq *nodes)
{
	int unused[4] = { 0 };
	*depth = node_extent(rec, unused);
	if (nodes->array) {   /* the record whole, no text */
		dom_add_literal(rec, "tree", nodes->array);
		shape->head = rec;
		return;
	}
	size_t count = nodes->count;
	size_t len;
	const char *json = dom_json(rec, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
				    JSON_C_TO_STRING_NOSLASHESCAPE, &len);
	while (len && json[len - 1] != '}')   /* "{\n  ...\n}": the tree goes before the } */
		len--;
	if (len)
		len--;
	while (len && (json[len - 1] == '\n' || json[len - 1] == ' '))
		len--;
	struct buf head = BUF_INIT;
	json_escape_invisible(&head, json, len);
	buf_adds(&head, ",\n  \"tree\": [");
	static const char tail[] = "\n  ]\n}\n";
	size_t tree = out->len;
	if (shape) {
		dom_add_literal(rec, "tree", dom_array());
		shape->head = rec;
		struct scan_tree *t = &shape->tree;
		if (head.len + tree + sizeof tail >= UINT32_MAX)
			die_oom();
		for (size_t i = 1; i < t->len; i++) {
			t->seqs[i].start += (uint32_t)head.len;
			t->seqs[i].end += (uint32_t)head.len;
		}
		/* its `]` after the tree's text and a line break and indent */
		t->seqs[0] = (struct scan_seq){ (uint32_t)head.len - 1,
						(uint32_t)(head.len + tree + 4), (uint32_t)count };
		t->tree = 0;
	} else {
		json_object_put(rec);
	}
	buf_reserve(out, head.len + sizeof tail);
	memmove(out->data + head.len, out->data, tree);
	memcpy(out->data, head.data, head.len);
	out->len = head.len + tree;
	buf_adds(out, tail);
	buf_free(&head);
}

/* A DOM holds about 2 KB a node (json-c's tables of 16 members); a
 * streamed record one node's at a time, and a node that is a move with
 * its comments, labels and marks is written without a DOM and read once.
 * Streamed from 65 nodes (bench/sgfc.sh, issue 52): 100 games of 300
 * nodes 23% fewer instructions than made whole, the SGF set 1.3% more
 * (a tree of deep variations, setup in its nodes, costs 33% more); the
 * set's peak 260 KB lower, such a game's 400 KB. */
#define WHOLE_MAX_NODES 64

bool convert_made_whole(size_t nodes, bool sgf)
{
	size_t min = load_stream_min(false);   /* SIZE_MAX: the hook is not set */
	if (!sgf)
		return false;
	if (min != SIZE_MAX)
		return min > 1;   /* the test hook: 0 streams all, 2G none */
	return nodes <= WHOLE_MAX_NODES;
}

void convert_shape_free(struct convert_shape *shape)
{
	json_object_put(shape->head);
	scan_tree_free(&shape->tree);
	*shape = (struct convert_shape){ .tree.tree = SIZE_MAX };
}


/* convert_record; with freed (root itself), its first line freed behind. */
static bool convert_with(const struct sgf_node *root, struct sgf_node *freed, const char *source,
			 struct sgf_notes *notes, struct posmap *map, struct buf *kept,
			 struct buf *out, size_t *depth, size_t *nesting, struct convert_shape *shape)
{
	struct conv c = { .notes = notes, .map = map, .kept = kept, .source = source, .out = out,
			  .json_depth = 3, .extent = { INT_MAX, INT_MAX, INT_MIN, INT_MIN },
			  .game = freed };
	if (shape) {
		bool whole = shape->whole;
		*shape = (struct convert_shape){ .tree.tree = SIZE_MAX, .whole = whole };
		c.seqs = whole ? NULL : &shape->tree;
	}
	const struct sgf_prop *gm = sgf_prop_find(root, "GM");
	long long game_type;
	if (gm && sgf_number_of(&gm->vals[0], &game_type) && game_type != 1) {
		sgf_say(notes, gm->pos, SAY_NOT_GO, game_type);
		return false;
	}
	if (!strcmp(source, "sgf"))
		sgf_rules_check(root, notes);
	json_object *rec = dom_object();
	json_object *record = record_section(rec, "record");
	dom_add_literal(record, "format", dom_string("JGF"));
	dom_add_literal(record, "version", dom_int(2));
	dom_add_literal(record, "charset", dom_string("UTF-8"));
	dom_add_literal(record, "generator",
			       dom_string("jgflint " PACKAGE_VERSION " --convert"));
	json_object *game = record_section(rec, "game");
	dom_add_literal(game, "type", dom_string("go"));
	c.meta = dom_object();
	c.meta_nodes = dom_object();
	/* Sections first in the order of the spec; empty ones go at the end. */
	record_section(rec, "players");
	json_object *board = dom_object();
	const struct sgf_prop *sz = sgf_prop_find(root, "SZ");
	if (!board_size_of(&c, sz, board))
		keep_root(&c, sz);
	json_object *black = dom_object(), *white = dom_object();
	dom_add_literal(black, "color", dom_string("black"));
	dom_add_literal(white, "color", dom_string("white"));
	/* What ranks and KO are read with: who the record comes from, and KM. */
	c.has_km = sgf_prop_find(root, "KM") != NULL;
	c.pro_source = names_pro_body(root, source, &c.pro_event);
	for (size_t i = 0; i < root->nprops; i++) {
		const struct sgf_prop *p = &root->props[i];
		if (!strcmp(p->id, "SZ") || !strcmp(p->id, "VW") || !is_root_info(p->id))
			continue;
		if (!p->nvals || !root_property(&c, rec, p, black, white))
			keep_root(&c, p);
		else if (p->nvals > 1)
			note_kept(&c, p, SAY_KEPT_VALUES);
	}
	json_object *players = dom_array();
	if (json_object_object_length(black) > 1 || json_object_object_length(white) > 1) {
		dom_push(players, black);
		dom_push(players, white);
	} else {
		json_object_put(black);
		json_object_put(white);
	}
	dom_add_literal(rec, "players", players);
	dom_add_literal(rec, "board", board);
	buf_adds(&c.ptr, "/tree");
	struct seq seq = { 0, 1, shape && shape->whole ? dom_array() : NULL, posmap_tree(map) };
	if (!seq.array)
		seq_open(&c);   /* the tree's own, placed by write_record */
	convert_line(&c, root, &seq, true);
	buf_free(&c.ptr);
	buf_free(&c.unknown);
	const struct sgf_prop *vw = sgf_prop_find(root, "VW");
	if (vw)
		board_view(&c, vw, board);   /* before meta is assembled: it may keep VW */
	/* Drop the sections that stayed empty (players last: after the walk). */
	if (!json_object_array_length(players))
		json_object_object_del(rec, "players");
	static const char *const sections[] = { "source", "event", "rules", NULL };
	for (const char *const *s = sections; *s; s++) {
		json_object *o;
		if (json_object_object_get_ex(rec, *s, &o) && !json_object_object_length(o))
			json_object_object_del(rec, *s);
	}
	if (json_object_object_length(c.meta_nodes))
		dom_add_literal(c.meta, "nodes", c.meta_nodes);
	else
		json_object_put(c.meta_nodes);
	if (json_object_object_length(c.meta)) {
		json_object *meta = dom_object();
		dom_add(meta, source, c.meta);
		dom_add_literal(rec, "meta", meta);
	} else {
		json_object_put(c.meta);
	}
	write_record(out, rec, depth, shape, &seq);
	if (c.deepest > *depth)
		*depth = c.deepest;
	*nesting = c.deepest_variation;
	return true;
}

bool convert_record(const struct sgf_node *root, const char *source, struct sgf_notes *notes,
		    struct posmap *map, struct buf *kept, struct buf *out, size_t *depth,
		    size_t *nesting, struct convert_shape *shape)
{
	return convert_with(root, NULL, source, notes, map, kept, out, depth, nesting, shape);
}

bool convert_record_freeing(struct sgf_node *root, const char *source, struct sgf_notes *notes,
			    struct posmap *map, struct buf *kept, struct buf *out, size_t *depth,
			    size_t *nesting, struct convert_shape *shape)
{
	return convert_with(root, root, source, notes, map, kept, out, depth, nesting, shape);
}

bool convert_game(struct sgf_node *root, const char *source, struct sgf_notes *notes,
		  struct posmap *map, struct buf *kept, struct buf *out, size_t *depth,
		  size_t *nesting)
{
	return convert_record_freeing(root, source, notes, map, kept, out, depth, nesting, NULL);
}
