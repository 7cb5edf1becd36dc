/* sgfwnode: a record's tree written as SGF, node by node (sgfwriter.h):
 * a node holding both setup and a move split (setup first), its lists
 * (setup, markup, territory) one property a kind, the variations SGF's. */
#include "convert/sgfwriter.h"

#include <limits.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/fail.h"
#include "convert/sgfprops.h"
#include "convert/sgfvalue.h"
#include "convert/sgfwrite.h"
#include "core/record.h"
#include "engine/board.h"
#include "engine/walk.h"
#include "read/load.h"

SGFW_FOR_SIZE

/* The entries of a node's list (setup, markup, score: key) whose field
 * (type or color) is one of the table's rows of that key (their entry):
 * each kind's points in one property
 * (SGF has a property once a node), each point once, one a value (with
 * labels, "aa:text"); the entries of another kind and the points off SGF's
 * letters get a note at their pointer. */
/* The rows of a node's list (setup, markup, score) the writer writes, in
 * the table's order (FF[3]'s, read only, left out): node_rows_init's. */
struct list_rows {
	const struct sgf_propdef *row[16];
	size_t n;
};

static bool bit_at(const unsigned char *set, int x, int y)
{
	size_t bit = (size_t)y * 52 + (size_t)x;
	return set[bit / 8] & (1u << (bit % 8));
}

/* --sgf-compress: the points of set (52 x 52 bits, row by row) as property
 * id, in SGF's compressed point lists: each rectangle as "aa:cc" (one
 * point alone as "aa"), the rectangles found row by row, each as wide as
 * its row allows and then as tall as the rows below allow. set is
 * emptied. */
static void rectangles(struct buf *out, const char *id, unsigned char *set)
{
	bool any = false;
	for (int y = 0; y < 52; y++) {
		for (int x = 0; x < 52; x++) {
			if (!bit_at(set, x, y))
				continue;
			int x2 = x, y2 = y;
			while (x2 + 1 < 52 && bit_at(set, x2 + 1, y))
				x2++;
			for (bool full = true; full && y2 + 1 < 52;) {
				for (int i = x; full && i <= x2; i++)
					full = bit_at(set, i, y2 + 1);
				if (full)
					y2++;
			}
			for (int j = y; j <= y2; j++)
				for (int i = x; i <= x2; i++) {
					size_t bit = (size_t)j * 52 + (size_t)i;
					set[bit / 8] &= (unsigned char)~(1u << (bit % 8));
				}
			if (!any)
				buf_adds(out, id);
			any = true;
			if (x2 == x && y2 == y)
				buf_printf(out, "[%c%c]", sgf_letters[x], sgf_letters[y]);
			else
				buf_printf(out, "[%c%c:%c%c]", sgf_letters[x], sgf_letters[y], sgf_letters[x2],
					   sgf_letters[y2]);
		}
	}
}

/* The members of a node the writer reads (NULL when absent), found in one
 * pass over its keys: each looked up by name was a pass over them each. */
struct wnode {
	json_object *move, *setup, *turn, *name, *comments, *markup, *score, *solution;
	json_object *variations;
	bool others;   /* a key besides these: looked up in the table (sgfw_unmapped) */
};

/* A key the loader read is the schema's own string, one copy with these
 * literals: equal by address but for a key it did not know. */
static bool is_key(const char *key, const char *name)
{
	return key == name || !strcmp(key, name);
}

static void wnode_read(json_object *n, struct wnode *k)
{
	*k = (struct wnode){ 0 };
	if (!json_object_is_type(n, json_type_object))
		return;
	json_object_object_foreach(n, key, val) {
		json_object **at = NULL;
		switch (key[0]) {
		case 'm':
			at = is_key(key, "move") ? &k->move : is_key(key, "markup") ? &k->markup : NULL;
			break;
		case 's':
			at = is_key(key, "setup") ? &k->setup : is_key(key, "score") ? &k->score :
			     is_key(key, "solution") ? &k->solution : NULL;
			break;
		case 't':
			at = is_key(key, "turn") ? &k->turn : NULL;
			break;
		case 'n':
			at = is_key(key, "name") ? &k->name : NULL;
			break;
		case 'c':
			at = is_key(key, "comments") ? &k->comments : NULL;
			break;
		case 'v':
			at = is_key(key, "variations") ? &k->variations : NULL;
			break;
		}
		if (at && !*at)
			*at = val;   /* the first, as member() finds it */
		k->others |= !at;
	}
}

/* A point's bit in a board's 52 x 52 bits, of its letters (sgfw_point's). */
static size_t point_bit(const char p[3])
{
	return (size_t)(strchr(sgf_letters, p[1]) - sgf_letters) * 52 +
	       (size_t)(strchr(sgf_letters, p[0]) - sgf_letters);
}

/* A label's point (its bit) and text: a node's labels are few (a board's
 * worth of slots, zeroed, was most of writing them). */
struct label_at {
	size_t bit;
	const char *text;
};

/* The text of the label at bit among n, "" when none is. */
static const char *label_text(const struct label_at *labels, size_t n, size_t bit)
{
	for (size_t i = 0; i < n; i++)
		if (labels[i].bit == bit)
			return labels[i].text;
	return "";
}

/* Whether kind is the entry of one of rows. */
static bool has_row(const struct list_rows *rows, const char *kind)
{
	for (size_t t = 0; t < rows->n; t++)
		if (rows->row[t]->entry && !strcmp(rows->row[t]->entry, kind))
			return true;
	return false;
}

/* Markup of a type no other row writes (JGF's custom markup: Seki's
 * diamond, happy, sad) as row's point:type values (XM[dd:happy]), which
 * the readers read back as that markup; each point and type once. A point
 * off SGF's letters gets a note at its pointer. */
static void custom_marks(struct writer *w, json_object *list, const char *key,
			 const struct sgf_propdef *row, const struct list_rows *rows)
{
	size_t n = json_object_array_length(list), nwritten = 0, cap = 0;
	struct { size_t bit; const char *type; } *written = NULL;
	struct buf at = BUF_INIT;
	for (size_t i = 0; i < n; i++) {
		json_object *e = json_object_array_get_idx(list, i);
		const char *type = sgfw_str(e, "type");
		if (!type || !*type || has_row(rows, type))
			continue;
		json_object *coords = sgfw_get(e, "coords");
		size_t nc = json_object_is_type(coords, json_type_array) ?
			    json_object_array_length(coords) : 0;
		for (size_t j = 0; j < nc; j++) {
			char p[3];
			if (!sgfw_point(json_object_array_get_idx(coords, j), p)) {
				buf_truncate(&at, 0);
				buf_printf(&at, "%s/%s/%zu/coords/%zu", sgfw_node_ptr(w)->data, key, i, j);
				sgfw_lost(w, at.data, "a point SGF cannot write (off its 52 letters)");
				continue;
			}
			if (sgfw_str(json_object_array_get_idx(coords, j), "text")) {
				buf_truncate(&at, 0);
				buf_printf(&at, "%s/%s/%zu/coords/%zu/text", sgfw_node_ptr(w)->data, key, i, j);
				sgfw_lost(w, at.data, "a text on a point of markup of its own type, "
					  "which XM (point:type) has no room for");
			}
			size_t bit = point_bit(p), k = 0;
			while (k < nwritten && (written[k].bit != bit || strcmp(written[k].type, type)))
				k++;
			if (k < nwritten)
				continue;   /* the same point and type again */
			written = xgrow(written, &cap, nwritten + 1, sizeof *written);
			written[nwritten].bit = bit;
			written[nwritten++].type = type;
			if (nwritten == 1)
				buf_adds(w->out, row->id);
			buf_add(w->out, (char[4]){ '[', p[0], p[1], ':' }, 4);
			struct buf v = BUF_INIT;
			sgfw_value(&v, type, V_COMPOSED | V_SIMPLE);
			buf_add(w->out, v.data + 1, v.len - 1);   /* without its '[' */
			buf_free(&v);
		}
	}
	free(written);
	buf_free(&at);
}

/* A note for each entry of list whose field (type or colour) no row of
 * rows writes. */
static void unwritten(struct writer *w, json_object *list, const char *key, const char *field,
		      const char *what, const struct list_rows *rows)
{
	struct buf at = BUF_INIT;
	for (size_t i = 0; i < json_object_array_length(list); i++) {
		const char *kind = sgfw_str(json_object_array_get_idx(list, i), field);
		size_t t = 0;
		while (t < rows->n && (!kind || (rows->row[t]->entry ?
						 strcmp(kind, rows->row[t]->entry) : !*kind)))
			t++;   /* (a row without an entry, XM, takes any other type) */
		if (t < rows->n)
			continue;
		buf_truncate(&at, 0);
		buf_printf(&at, "%s/%s/%zu", sgfw_node_ptr(w)->data, key, i);
		sgfw_lost(w, at.data, what);
	}
	buf_free(&at);
}

/* The entries of list (the node's member key) a table row each; with
 * last (setup's), a point only in the last entry that names it (its
 * index + 1, by the point's bit); with held (markup's), a label a kept L
 * writes (sgfw_old_labels_plan) left to it. */
/* What SGF cannot write of the point list[i].coords[j] under key, said
 * lost with its words (at: a buffer for its pointer). */
static void point_lost(struct writer *w, struct buf *at, const char *key, size_t i, size_t j,
		       const char *words)
{
	buf_truncate(at, 0);
	buf_printf(at, "%s/%s/%zu/coords/%zu", sgfw_node_ptr(w)->data, key, i, j);
	sgfw_lost(w, at->data, words);
}

/* The value of the point p of def's property: [p], or a label's [p:text]. */
static void point_value(struct writer *w, const struct sgf_propdef *def, const char *p,
			const char *text)
{
	if (def->kind != SGF_K_LABEL) {
		buf_add(w->out, (char[4]){ '[', p[0], p[1], ']' }, 4);
		return;
	}
	if (text && !strcmp(text, " "))
		text = "";   /* how the readers keep LB[aa:]: written back so */
	buf_add(w->out, (char[4]){ '[', p[0], p[1], ':' }, 4);
	struct buf v = BUF_INIT;
	sgfw_value(&v, text ? text : "", V_COMPOSED | V_SIMPLE);
	buf_add(w->out, v.data + 1, v.len - 1);   /* without its '[' */
	buf_free(&v);
}

static void entries(struct writer *w, json_object *list, const char *key, const char *field,
		    const char *what, const unsigned short *last, const unsigned char *held,
		    const struct list_rows *rows)
{
	size_t n = json_object_is_type(list, json_type_array) ? json_object_array_length(list) : 0;
	if (!n)
		return;   /* most nodes: nothing to write, nothing lost */
	const struct sgf_propdef *const *table = rows->row;
	size_t ntable = rows->n;
	struct buf at = BUF_INIT;
	for (size_t t = 0; t < ntable; t++) {
		if (table[t]->kind == SGF_K_CUSTOM_MARK) {
			custom_marks(w, list, key, table[t], rows);
			continue;
		}
		bool any = false, compress = w->o->compress && table[t]->kind != SGF_K_LABEL;
		unsigned char seen[52 * 52 / 8 + 1] = { 0 };
		/* the labels so far, to tell a second label from the same again */
		struct label_at *labelled = NULL;
		size_t nlabelled = 0, labelled_cap = 0;
		for (size_t i = 0; i < n; i++) {
			json_object *e = json_object_array_get_idx(list, i);
			const char *kind = sgfw_str(e, field);
			if (!kind || strcmp(kind, table[t]->entry))
				continue;
			json_object *coords = sgfw_get(e, "coords");
			size_t nc = json_object_is_type(coords, json_type_array) ?
				    json_object_array_length(coords) : 0;
			for (size_t j = 0; j < nc; j++) {
				json_object *c = json_object_array_get_idx(coords, j);
				char p[3];
				if (!sgfw_point(c, p)) {
					point_lost(w, &at, key, i, j,
						   "a point SGF cannot write (off its 52 letters)");
					continue;
				}
				size_t bit = point_bit(p);
				if (last && last[bit] != i + 1)
					continue;   /* set again later in the node: that is its state */
				int cell = sgfw_cell_of(w, c);
				if (table[t]->kind == SGF_K_SETUP && !strcmp(table[t]->entry, "clear") && cell &&
				    board_color(w->board, cell) == CELL_EMPTY) {
					point_lost(w, &at, key, i, j,
						   "a clear of an empty point: no AE that changes nothing");
					continue;
				}
				const char *text = table[t]->kind == SGF_K_LABEL ? sgfw_str(c, "text") : NULL;
				if (text && held && held[bit] && text[0] == held[bit] && !text[1])
					continue;
				if (seen[bit / 8] & (1u << (bit % 8))) {
					/* a point twice: once is what it means; a label of
					 * another text SGF cannot write (one a point) */
					if (table[t]->kind == SGF_K_LABEL &&
					    strcmp(label_text(labelled, nlabelled, bit), text ? text : ""))
						point_lost(w, &at, key, i, j, "a second label on a point (SGF "
							   "labels a point once)");
					continue;
				}
				seen[bit / 8] |= (unsigned char)(1u << (bit % 8));
				if (table[t]->kind == SGF_K_LABEL) {
					labelled = xgrow(labelled, &labelled_cap, nlabelled + 1, sizeof *labelled);
					labelled[nlabelled++] = (struct label_at){ bit, text ? text : "" };
				}
				if (compress)
					continue;   /* written below, as rectangles */
				if (!any)
					buf_adds(w->out, table[t]->id);
				any = true;
				point_value(w, table[t], p, text);
			}
		}
		if (compress)
			rectangles(w->out, table[t]->id, seen);
		free(labelled);
	}
	buf_free(&at);
	unwritten(w, list, key, field, what, rows);
}

/* Setup stones: AB, AW, AE. */
static void setup(struct writer *w, json_object *list, const struct list_rows *rows)
{
	/* JGF's setup applies in order (a clear, then black, on one point:
	 * black), SGF's AB, AW and AE at once: each point is written with the
	 * state the node leaves it in, as the last entry naming it says. */
	unsigned short last[52 * 52] = { 0 };
	size_t n = json_object_is_type(list, json_type_array) ? json_object_array_length(list) : 0;
	for (size_t i = 0; i < n && i < USHRT_MAX; i++) {
		json_object *coords = sgfw_get(json_object_array_get_idx(list, i), "coords");
		size_t nc = json_object_is_type(coords, json_type_array) ?
			    json_object_array_length(coords) : 0;
		for (size_t j = 0; j < nc; j++) {
			char p[3];
			if (sgfw_point(json_object_array_get_idx(coords, j), p))
				last[point_bit(p)] = (unsigned short)(i + 1);
		}
	}
	entries(w, list, "setup", "type", "setup of a colour SGF has no property for", last, NULL,
		rows);
	/* The position after it: every AE is checked against it. */
	for (size_t i = 0; w->board && i < n; i++) {
		json_object *e = json_object_array_get_idx(list, i);
		const char *type = sgfw_str(e, "type");
		unsigned char cell = !type ? CELL_EDGE : !strcmp(type, "black") ? CELL_BLACK :
				     !strcmp(type, "white") ? CELL_WHITE :
				     !strcmp(type, "clear") ? CELL_EMPTY : CELL_EDGE;
		json_object *coords = sgfw_get(e, "coords");
		size_t nc = json_object_is_type(coords, json_type_array) ?
			    json_object_array_length(coords) : 0;
		for (size_t j = 0; cell != CELL_EDGE && j < nc; j++) {
			int p = sgfw_cell_of(w, json_object_array_get_idx(coords, j));
			if (p)
				board_put(w->board, p, cell);
		}
	}
	if (w->board)
		board_no_ko(w->board);
}

/* The node's markup, then a kept L beside it (which labels it gives is
 * the markup's to say). */
static void markup(struct writer *w, json_object *list, bool root, const struct list_rows *rows)
{
	json_object *kept = root ? w->ksgf : w->kept_nodes ? sgfw_kept_node(w) : NULL;
	struct old_labels labels;
	sgfw_old_labels_plan(w, kept, list, &labels);
	entries(w, list, "markup", "type", "markup of a type SGF has no property for", NULL,
		labels.letters, rows);
	sgfw_old_labels_write(w, &labels);
}

/* Territory: TB, TW. */
static void score(struct writer *w, json_object *list, const struct list_rows *rows)
{
	entries(w, list, "score", "color", "territory of a colour SGF has no property for", NULL,
		NULL, rows);
}

/* Comments: one C, the comments a paragraph each. */
static void comments(struct writer *w, const char *id, json_object *list)
{
	size_t n = json_object_is_type(list, json_type_array) ? json_object_array_length(list) : 0;
	struct buf text = BUF_INIT;
	for (size_t i = 0; i < n; i++) {
		json_object *c = json_object_array_get_idx(list, i);
		size_t was = text.len;
		if (was)
			buf_adds(&text, "\n\n");
		/* v1's objects as the migration writes them (name, time and
		 * text), else their text alone */
		const char *s = json_object_is_type(c, json_type_string) ?
				json_object_get_string(c) : NULL;
		if (s || record_v1_comment_text(c, &text))
			buf_adds(&text, s ? s : "");
		else if ((s = sgfw_str(c, "comment")))
			buf_adds(&text, s);
		else {
			buf_truncate(&text, was);
			sgfw_lost(w, sgfw_node_ptr(w)->data, "a comment that is no text");
		}
	}
	if (json_object_is_type(list, json_type_string))
		buf_adds(&text, json_object_get_string(list));
	if (text.len)
		sgfw_prop_text(w, id, text.data);
	buf_free(&text);
}

/* PL (id): the node's turn. */
static void turn(struct writer *w, const char *id, json_object *turn)
{
	const char *t = json_object_is_type(turn, json_type_string) ?
			sgfw_color_letter(json_object_get_string(turn)) : NULL;
	if (t)
		sgfw_prop(w, id, t);
	else if (turn) {
		struct buf at = BUF_INIT;
		buf_printf(&at, "%s/turn", sgfw_node_ptr(w)->data);
		sgfw_lost(w, at.data, "a turn of a colour SGF has no property for");
		buf_free(&at);
	}
}

/* The table's rows the writer writes of a node, found once a process
 * (node_rows), not for each node (comparing every row's section and key
 * was a third of the writer's work, then the moves' rows a sixth), nor
 * for each record (3% of --to sgf's own work): a node's own content in
 * the table's order (only the rows that write: a list at its first row);
 * the moves' rows (B, W), each with its time's (BL and OB, or WL and OW). */
struct move_row {
	const struct sgf_propdef *row, *time[4];
	size_t ntime, idlen;   /* idlen: strlen(row->id) */
};

enum { F_NONE, F_NAME, F_COMMENTS, F_LOOKED_UP };   /* the member a row reads */
struct node_rows {
	const struct sgf_propdef **row;
	unsigned char *field;   /* a row's F_: wnode_read's, or one looked up by name */
	size_t n, nmoves;
	struct move_row *moves;
	const char *turn;   /* PL's id */
	struct list_rows setup, markup, score;   /* the lists' */
};

static void node_rows_init(struct node_rows *r)
{
	size_t n;
	const struct sgf_propdef *t = sgf_props(&n);
	*r = (struct node_rows){ .row = xmalloc(n * sizeof *r->row), .field = xmalloc(n),
				 .moves = xmalloc(n * sizeof *r->moves) };
	for (size_t i = 0; i < n; i++) {
		const struct sgf_propdef *d = &t[i];
		if (!d->section || strcmp(d->section, "node") || (d->flags & SGF_P_OLD))
			continue;
		struct list_rows *list = !d->key ? NULL : !strcmp(d->key, "setup") ? &r->setup :
					 !strcmp(d->key, "markup") ? &r->markup :
					 !strcmp(d->key, "score") ? &r->score : NULL;
		if (list && list->n < sizeof list->row / sizeof *list->row)
			list->row[list->n++] = d;
		bool first = !i || !t[i - 1].key || !d->key || strcmp(t[i - 1].key, d->key);
		switch (d->kind) {
		case SGF_K_MOVE: {
			struct move_row *m = &r->moves[r->nmoves++];
			*m = (struct move_row){ .row = d, .idlen = strlen(d->id) };
			for (size_t j = 0; j < n && m->ntime < 4; j++)
				if (t[j].kind == SGF_K_MOVE_TIME && !strcmp(t[j].entry, d->entry))
					m->time[m->ntime++] = &t[j];
			break;
		}
		case SGF_K_MARK: case SGF_K_LABEL: case SGF_K_SCORE:
			if (first)
				r->field[r->n] = F_NONE, r->row[r->n++] = d;
			break;
		case SGF_K_TURN:
			r->turn = r->turn ? r->turn : d->id;
			/* fall through */
		case SGF_K_NAME: case SGF_K_COMMENT: case SGF_K_SOLUTION:
			r->field[r->n] = d->kind != SGF_K_NAME && d->kind != SGF_K_COMMENT ? F_NONE :
					 !strcmp(d->key, "name") ? F_NAME :
					 !strcmp(d->key, "comments") ? F_COMMENTS : F_LOOKED_UP;
			r->row[r->n++] = d;
			break;
		default:   /* setup: node() */
			break;
		}
	}
}

static struct node_rows rows_made;
static pthread_once_t rows_once = PTHREAD_ONCE_INIT;

static void rows_make(void)
{
	node_rows_init(&rows_made);
}

/* The rows, made by the first record a process writes (its threads' too). */
static const struct node_rows *node_rows(void)
{
	pthread_once(&rows_once, rows_make);
	return &rows_made;
}

/* A node's own content, the move and setup aside: the table's rows of
 * a node in its order, a list (markup, territory) at its first row. */
static void node_content(struct writer *w, json_object *node, const struct wnode *k,
			 const struct node_rows *rows, bool root)
{
	if (!root && !w->kept_nodes && !k->others && !k->turn && !k->name && !k->comments &&
	    !k->markup && !k->score && !k->solution)
		return;   /* most nodes, a move alone: no row writes (nor a kept L) */
	json_object *sol = k->solution;
	bool solution = json_object_is_type(sol, json_type_boolean) && json_object_get_boolean(sol);
	for (size_t i = 0; i < rows->n; i++) {
		const struct sgf_propdef *d = rows->row[i];
		unsigned char f = rows->field[i];
		json_object *v = f == F_NAME ? k->name : f == F_COMMENTS ? k->comments :
				 f == F_LOOKED_UP ? sgfw_get(node, d->key) : NULL;
		switch (d->kind) {
		case SGF_K_TURN:
			if (!k->move)
				turn(w, rows->turn, k->turn);
			break;
		case SGF_K_NAME: {
			sgfw_prop(w, d->id, json_object_is_type(v, json_type_string) ?
					    json_object_get_string(v) : NULL);
			break;
		}
		case SGF_K_COMMENT:
			comments(w, d->id, v);
			break;
		case SGF_K_MARK: case SGF_K_LABEL:   /* the first row of the list's */
			markup(w, k->markup, root, &rows->markup);
			break;
		case SGF_K_SCORE:
			score(w, k->score, &rows->score);
			break;
		case SGF_K_SOLUTION:
			if (solution)
				sgfw_prop(w, d->id, "1");   /* a good move: the nearest SGF has */
			break;
		default:   /* setup and the move: node() */
			break;
		}
	}
	if (root && !k->move)
		sgfw_kept(w, w->ksgf, KEPT_ROOT_NODE);
	if (w->kept_nodes)
		sgfw_kept(w, sgfw_kept_node(w), KEPT_NODE);
	if (solution) {
		struct buf at = BUF_INIT;
		buf_printf(&at, "%s/solution", sgfw_node_ptr(w)->data);
		sgfw_lost(w, at.data, "written as TE[1] (a good move), which a reader keeps as TE");
		buf_free(&at);
	}
	/* The keys wnode_read knows are the table's node keys and variations */
	static const char *const extras[] = { "variations", NULL };
	if (k->others)
		sgfw_unmapped(w, node, sgfw_node_ptr(w)->data, "", "node", extras,
			      "a key of the node SGF has no property for");
}

/* The pointer of the node's move, for a note (at: empty until asked). */
static const char *move_at(const struct writer *w, struct buf *at)
{
	if (!at->len)
		buf_printf(at, "%s/move", sgfw_node_ptr(w)->data);
	return at->data;
}

/* The members of a move the writer reads, found in one pass over its
 * keys (each looked up by name was a pass over them each). */
struct wmove {
	json_object *color, *x, *y, *pass;
	bool others;   /* a key besides these (its time, or one SGF has no place for) */
};

static void wmove_read(json_object *m, struct wmove *k)
{
	*k = (struct wmove){ 0 };
	if (!json_object_is_type(m, json_type_object))
		return;
	json_object_object_foreach(m, key, val) {
		json_object **at = key[0] == 'x' && !key[1] ? &k->x : key[0] == 'y' && !key[1] ? &k->y :
				   key[0] == 'c' && is_key(key, "color") ? &k->color :
				   key[0] == 'p' && is_key(key, "pass") ? &k->pass : NULL;
		if (at && !*at)
			*at = val;   /* the first, as member() finds it */
		k->others |= !at;
	}
}

static void move(struct writer *w, json_object *m, const struct node_rows *rows)
{
	struct wmove k;
	wmove_read(m, &k);
	const char *color = json_object_is_type(k.color, json_type_string) ?
			    json_object_get_string(k.color) : NULL;
	const struct move_row *row = NULL;
	for (size_t i = 0; color && !row && i < rows->nmoves; i++)
		if (rows->moves[i].row->entry[0] == color[0] && !strcmp(rows->moves[i].row->entry, color))
			row = &rows->moves[i];
	const char *c = row ? row->row->id : NULL;
	struct buf at = BUF_INIT;
	if (!c) {
		sgfw_lost(w, move_at(w, &at), "a move of a colour SGF has no property for");
		buf_free(&at);
		return;
	}
	char p[3];
	buf_add_inline(w->out, c, row->idlen);
	double x, y;
	bool xy = sgfw_number(k.x, &x) && sgfw_number(k.y, &y);
	bool tt = record_tt_pass(w->width, w->height);
	if (xy && x == w->width && y == w->height && !(tt && x == RECORD_TT && y == RECORD_TT)) {
		/* Seki's pass: the point just past the board's corner (x 9, y 9
		 * on 9x9), which SGF would read as a point off the board. (SGF's
		 * pass tt, x 19, y 19 on 19x19, is written so.) */
		buf_add_inline(w->out, w->o->pass_tt && tt ? "[tt]" : "[]",
			       w->o->pass_tt && tt ? 4 : 2);
		sgfw_lost(w, move_at(w, &at), "the point past the board's corner (Seki's pass), written "
		     "as a pass");
	} else if (json_object_is_type(k.pass, json_type_boolean) && json_object_get_boolean(k.pass)) {
		buf_add_inline(w->out, w->o->pass_tt && tt ? "[tt]" : "[]",
			       w->o->pass_tt && tt ? 4 : 2);
	} else if (xy && sgfw_point_at(x, y, p)) {
		buf_add_inline(w->out, (char[4]){ '[', p[0], p[1], ']' }, 4);
	} else {
		buf_add_inline(w->out, "[]", 2);
		sgfw_lost(w, move_at(w, &at), "a move off SGF's points, written as a pass");
	}
	int cell = sgfw_cell_xy(w, k.x, k.y);
	size_t taken;
	if (cell && board_play(w->board, *c == 'B' ? CELL_BLACK : CELL_WHITE, cell, true, &taken) ==
		    BOARD_OCCUPIED)
		board_put(w->board, cell, *c == 'B' ? CELL_BLACK : CELL_WHITE);   /* as a reader would */
	if (k.others) {
		for (size_t i = 0; i < row->ntime; i++)   /* BL and OB, or WL and OW */
			sgfw_prop_number(w, row->time[i]->id, sgfw_get(m, row->time[i]->key));
		static const char *const extras[] = { "color", "x", "y", "pass", NULL };
		sgfw_unmapped(w, m, sgfw_node_ptr(w)->data, "/move", "move", extras,
			      "a key of the move SGF has no property for");
	}
	if (at.data)
		buf_free(&at);
}

/* One JGF node: a setup node and a move node when it holds both. */
static void node(struct writer *w, json_object *n, const struct wnode *k, bool root,
		 const struct node_rows *rows)
{
	json_object *m = k->move, *s = k->setup;
	size_t start = w->out->len;
	if (!root) {
		bool opens = w->out->data[w->out->len - 1] == '(';   /* "(;": no line break */
		buf_add_inline(w->out, opens ? ";" : "\n;", opens ? 1 : 2);
	}
	size_t content = w->out->len;
	if (!root)
		w->node_at = content - 1;   /* the root's is its `;`, from its first property on */
	if (s)
		setup(w, s, &rows->setup);
	w->root_node |= root;
	if (root && m)
		sgfw_kept(w, w->ksgf, KEPT_ROOT_NODE);   /* in the root, before the move's node */
	if (m) {
		if (root || w->out->len > content)
			buf_adds(w->out, "\n;");   /* no move in the root, nor with setup */
		move(w, m, rows);
	}
	node_content(w, n, k, rows, root);
	if (m && k->turn) {
		/* Whose turn it is after the move: PL is a setup property, which
		 * SGF keeps out of a move's node (and would play before it). */
		size_t at = w->out->len;
		buf_adds(w->out, "\n;");
		turn(w, rows->turn, k->turn);
		if (w->out->len == at + 2)
			buf_truncate(w->out, at);
	}
	if (!root && w->out->len == content)
		buf_truncate(w->out, start);   /* nothing SGF holds: no empty node */
}

/* A sequence or a variations array the walk is in. */
struct level {
	bool variations;    /* a variations array (else a sequence) */
	bool inline_line;   /* one variation: the line itself, no parentheses */
	bool ended;         /* a sequence after its variations: its nodes are not written */
	unsigned char *saved;   /* variations: the position at the branch point */
};

/* The tree, node by node as the engine's walk gives it (from the DOM, or
 * from a streamed document's text a node at a time): each node, its
 * variations in parentheses (the first, the main line, first; one
 * variation is the line itself), each from the position at its branch. */
void sgfw_tree(struct writer *w, const struct document *doc, json_object *rec)
{
	struct tree_walk walk;
	walk_init(&walk, doc, rec, NULL);   /* the pointer made when asked */
	w->walk = &walk;
	struct level *stack = NULL;
	size_t top = 0, cap = 0, skip = 0;
	struct buf vars_at = BUF_INIT;
	const struct node_rows *rows = node_rows();
	for (enum walk_step step; (step = walk_next(&walk)) != WALK_DONE;) {
		struct level *up = top ? &stack[top - 1] : NULL;
		if (skip) {   /* what follows a sequence's variations, to its end */
			skip += step == WALK_SEQUENCE || step == WALK_VARIATIONS;
			skip -= step == WALK_END;
			if (skip || step != WALK_END)
				continue;
		}
		switch (step) {
		case WALK_SEQUENCE:
			if (up && up->variations && up->saved && walk.index)
				memcpy(w->board->cells, up->saved, w->board->ncells);
			if (up && up->variations && !up->inline_line)
				buf_adds(w->out, "\n(");
			bool inline_line = up && up->inline_line;   /* read before xgrow moves the stack */
			stack = xgrow(stack, &cap, top + 1, sizeof *stack);
			stack[top++] = (struct level){ .inline_line = inline_line };
			break;
		case WALK_NODE: {
			json_object *nd = walk.node;
			struct wnode k;
			wnode_read(nd, &k);
			json_object *vars = k.variations;
			walk_node_variations(&walk, vars);   /* found: not looked up again */
			if (up->ended) {
				/* The node before this one had the variations. */
				const char *ptr = sgfw_node_ptr(w)->data, *slash = strrchr(ptr, '/');
				buf_truncate(&vars_at, 0);
				buf_add(&vars_at, ptr, (size_t)(slash - ptr));
				buf_printf(&vars_at, "/%zu", walk.index - 1);
				sgfw_lost(w, vars_at.data, "nodes after a variations node (SGF has none)");
				skip = 1;
				break;
			}
			/* A node whose only content is kept under meta.sgf.nodes
			 * is written too: every node read is written. */
			bool content = (json_object_is_type(nd, json_type_object) &&
					json_object_object_length(nd) > (vars ? 1 : 0)) ||
				       sgfw_kept_node(w);
			if (content || walk.is_root)
				node(w, nd, &k, walk.is_root, rows);
			else if (vars && w->out->data[w->out->len - 1] == '(')
				buf_addc(w->out, ';');   /* `((` is one `(` to a reader: `(;(` */
			break;
		}
		case WALK_VARIATIONS: {
			stack = xgrow(stack, &cap, top + 1, sizeof *stack);
			struct level *l = &stack[top++];
			*l = (struct level){ .variations = true, .inline_line = walk.count == 1 };
			if (w->board && walk.count > 1) {
				l->saved = xmalloc(w->board->ncells);
				memcpy(l->saved, w->board->cells, w->board->ncells);
			}
			break;
		}
		case WALK_END:
			top--;
			if (stack[top].variations) {
				free(stack[top].saved);
				if (top)
					stack[top - 1].ended = true;
			} else if (top && stack[top - 1].variations && !stack[top - 1].inline_line) {
				if (w->out->data[w->out->len - 1] == '(')
					buf_addc(w->out, ';');   /* a game tree has a node */
				buf_adds(w->out, ")");
			}
			break;
		case WALK_DONE:
			break;
		}
	}
	while (top--)
		free(stack[top].saved);
	free(stack);
	buf_free(&vars_at);
	w->walk = NULL;
	walk_free(&walk);
}

SGFW_FOR_SIZE_END
