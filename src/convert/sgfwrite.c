/* sgfwrite: JGF v2 to SGF FF[4]. The record's sections become the root's
 * game information, its tree a node a JGF node (a node holding both setup
 * and a move is split: setup first), its variations SGF's (the first one,
 * the main line, first). What the record kept under meta.sgf (and
 * meta.sgf.nodes, keyed by the JGF node's pointer) is written back in the
 * node it came from. */
#include "convert/sgfwrite.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/dom.h"
#include "base/fail.h"
#include "base/regex.h"
#include "core/values.h"
#include "convert/sgf.h"
#include "convert/sgfvalue.h"
#include "engine/board.h"
#include "engine/walk.h"
#include "core/rule.h"
#include "core/settings.h"
#include "lint/pipeline.h"
#include "read/load.h"

struct writer {
	const struct sgfwrite_options *o;
	struct buf *out;
	struct buf *lost;
	json_object *kept_nodes;   /* meta.sgf.nodes, or NULL */
	int width, height;
	struct buf ptr;            /* the JSON pointer of the node written */
	size_t node_at;            /* where the node written starts in out */
	struct board *board;       /* the position, for an AE that changes nothing; or NULL */
	bool ff3_tm;               /* ff3_root wrote kept TM (a clock) as TM, and said so */
};

/* Whether the node being written has property id already. */
static bool written(const struct writer *w, const char *id)
{
	size_t n = strlen(id);
	for (size_t i = w->node_at; i + n + 1 < w->out->len; i++) {
		const char *p = w->out->data + i;
		if ((p[0] == ']' || p[0] == ';') && !strncmp(p + 1, id, n) && p[n + 1] == '[')
			return true;
	}
	return false;
}

static json_object *get(json_object *o, const char *key)
{
	json_object *v;
	return json_object_is_type(o, json_type_object) && json_object_object_get_ex(o, key, &v) ?
	       v : NULL;
}

/* The board's cell of point c, or 0 when there is no board or c is off it. */
static int cell_of(const struct writer *w, json_object *c)
{
	json_object *x = get(c, "x"), *y = get(c, "y");
	double dx, dy;
	if (!w->board || !json_object_is_type(x, json_type_int) || !json_object_is_type(y, json_type_int))
		return 0;
	dx = (double)json_object_get_int64(x), dy = (double)json_object_get_int64(y);
	if (dx < 0 || dy < 0 || dx >= w->board->w || dy >= w->board->h)
		return 0;
	return board_cell(w->board, (int)dx, (int)dy);
}

static const char *str(json_object *o, const char *key)
{
	json_object *v = get(o, key);
	return json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
}

static bool number(json_object *v, double *d)
{
	if (!json_object_is_type(v, json_type_int) && !json_object_is_type(v, json_type_double))
		return false;
	*d = json_object_get_double(v);
	return isfinite(*d);
}

static void lost(struct writer *w, const char *where, const char *what)
{
	if (w->lost)
		buf_printf(w->lost, "%s: %s\n", where, what);
}

/* A note for each key of obj (at pointer at, then in: "/move") that is
 * not one of known (NULL-terminated): the writer has no property for it. */
static void unmapped_in(struct writer *w, json_object *obj, const char *at, const char *in,
			const char *const *known, const char *what)
{
	if (!json_object_is_type(obj, json_type_object))
		return;
	json_object_object_foreach(obj, key, v) {
		(void)v;
		const char *const *k = known;
		while (*k && strcmp(*k, key))
			k++;
		if (*k)
			continue;
		struct buf where = BUF_INIT;
		buf_printf(&where, "%s%s/", at, in);
		for (const char *c = key; *c; c++)   /* a JSON pointer's escapes */
			buf_adds(&where, *c == '~' ? "~0" : *c == '/' ? "~1" : (char[2]){ *c, 0 });
		lost(w, where.data, what);
		buf_free(&where);
	}
}

static void unmapped(struct writer *w, json_object *obj, const char *at,
		     const char *const *known, const char *what)
{
	unmapped_in(w, obj, at, "", known, what);
}

/* How a value is written: ']' and '\' escaped always; ':' too in a part of
 * a composed value; '[', ';', '(' and ')' too in a kept value of a short
 * property (sgf_short_value: the reader takes them for a lost ']' there);
 * SimpleText's line breaks as spaces (what they mean there), Text's as one
 * \n each (a reader makes \r\n one). */
enum { V_RAW = 0, V_COMPOSED = 1, V_SIMPLE = 2, V_TEXT = 4, V_SHORT = 8 };

static void value(struct buf *out, const char *s, int how)
{
	buf_addc(out, '[');
	for (; *s; s++) {
		if ((how & (V_SIMPLE | V_TEXT)) && (*s == '\r' || *s == '\n')) {
			if ((s[1] == '\r' || s[1] == '\n') && s[1] != s[0])
				s++;   /* \r\n or \n\r: one line break */
			buf_addc(out, how & V_SIMPLE ? ' ' : '\n');
			continue;
		}
		if (*s == ']' || *s == '\\' || ((how & V_COMPOSED) && *s == ':') ||
		    ((how & V_SHORT) && strchr("[;()", *s)))
			buf_addc(out, '\\');
		buf_addc(out, *s);
	}
	buf_addc(out, ']');
}

/* SimpleText, and Text. */
static void prop(struct writer *w, const char *id, const char *s)
{
	if (!s || !*s)
		return;
	buf_adds(w->out, id);
	value(w->out, s, V_SIMPLE);
}

static void prop_text(struct writer *w, const char *id, const char *s)
{
	if (!s || !*s)
		return;
	buf_adds(w->out, id);
	value(w->out, s, V_TEXT);
}

static void prop_number(struct writer *w, const char *id, json_object *v)
{
	double d;
	if (!number(v, &d))
		return;
	char text[64];
	if (d == 0)
		d = 0;   /* -0 is 0 */
	snprintf(text, sizeof text, "%.17g", d);
	/* The shortest text that reads back as d, never in an exponent (SGF's Real). */
	if (d == floor(d) && fabs(d) < 1e15)
		snprintf(text, sizeof text, "%.0f", d);
	else for (int prec = 1; prec <= 17; prec++) {
		snprintf(text, sizeof text, "%.*g", prec, d);
		if (strtod(text, NULL) == d)
			break;
	}
	buf_adds(w->out, id);
	value(w->out, text, V_RAW);
}

static const char letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

/* A point, "aa" from the top left corner; false off the letters SGF has. */
static bool point(json_object *c, char out[3])
{
	double dx, dy;   /* 3.0 is 3, as the checker reads it */
	if (!number(get(c, "x"), &dx) || !number(get(c, "y"), &dy) || dx != floor(dx) ||
	    dy != floor(dy) || dx < 0 || dy < 0 || dx > 51 || dy > 51)
		return false;
	int px = (int)dx, py = (int)dy;
	out[0] = letters[px], out[1] = letters[py], out[2] = '\0';
	return true;
}

static const char *color_letter(const char *color)
{
	if (!color)
		return NULL;
	if (!strcmp(color, "black"))
		return "B";
	if (!strcmp(color, "white"))
		return "W";
	return NULL;
}

/* The entries of a node's list (setup, markup, score: key) whose field
 * (type or color) is one of table's: each kind's points in one property
 * (SGF has a property once a node), each point once, one a value (with
 * labels, "aa:text"); the entries of another kind and the points off SGF's
 * letters get a note at their pointer. */
struct kind {
	const char *name, *id;
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
				buf_printf(out, "[%c%c]", letters[x], letters[y]);
			else
				buf_printf(out, "[%c%c:%c%c]", letters[x], letters[y], letters[x2],
					   letters[y2]);
		}
	}
}

static void entries(struct writer *w, json_object *node, const char *key, const char *field,
		    const struct kind *table, size_t ntable, const char *what)
{
	json_object *list = get(node, key);
	size_t n = json_object_is_type(list, json_type_array) ? json_object_array_length(list) : 0;
	if (!n)
		return;   /* most nodes: nothing to write, nothing lost */
	struct buf at = BUF_INIT;
	for (size_t t = 0; t < ntable; t++) {
		bool any = false, compress = w->o->compress && strcmp(table[t].id, "LB");
		unsigned char seen[52 * 52 / 8 + 1] = { 0 };
		for (size_t i = 0; i < n; i++) {
			json_object *e = json_object_array_get_idx(list, i);
			const char *kind = str(e, field);
			if (!kind || strcmp(kind, table[t].name))
				continue;
			json_object *coords = get(e, "coords");
			size_t nc = json_object_is_type(coords, json_type_array) ?
				    json_object_array_length(coords) : 0;
			for (size_t j = 0; j < nc; j++) {
				json_object *c = json_object_array_get_idx(coords, j);
				char p[3];
				if (!point(c, p)) {
					buf_truncate(&at, 0);
					buf_printf(&at, "%s/%s/%zu/coords/%zu", w->ptr.data, key, i, j);
					lost(w, at.data, "a point SGF cannot write (off its 52 letters)");
					continue;
				}
				int cell = cell_of(w, c);
				if (!strcmp(table[t].id, "AE") && cell &&
				    board_color(w->board, cell) == CELL_EMPTY) {
					buf_truncate(&at, 0);
					buf_printf(&at, "%s/%s/%zu/coords/%zu", w->ptr.data, key, i, j);
					lost(w, at.data, "a clear of an empty point: no AE that changes "
					     "nothing");
					continue;
				}
				size_t bit = (size_t)(strchr(letters, p[1]) - letters) * 52 +
					     (size_t)(strchr(letters, p[0]) - letters);
				if (seen[bit / 8] & (1u << (bit % 8)))
					continue;   /* a point twice: once is what it means */
				seen[bit / 8] |= (unsigned char)(1u << (bit % 8));
				if (compress)
					continue;   /* written below, as rectangles */
				if (!any)
					buf_adds(w->out, table[t].id);
				any = true;
				if (strcmp(table[t].id, "LB")) {
					buf_printf(w->out, "[%s]", p);
					continue;
				}
				const char *text = str(c, "text");
				if (text && !strcmp(text, " "))
					text = "";   /* how the readers keep LB[aa:]: written back so */
				buf_printf(w->out, "[%s:", p);
				struct buf v = BUF_INIT;
				value(&v, text ? text : "", V_COMPOSED | V_SIMPLE);
				buf_add(w->out, v.data + 1, v.len - 1);   /* without its '[' */
				buf_free(&v);
			}
		}
		if (compress)
			rectangles(w->out, table[t].id, seen);
	}
	for (size_t i = 0; i < n; i++) {
		const char *kind = str(json_object_array_get_idx(list, i), field);
		size_t t = 0;
		while (t < ntable && (!kind || strcmp(kind, table[t].name)))
			t++;
		if (t < ntable)
			continue;
		buf_truncate(&at, 0);
		buf_printf(&at, "%s/%s/%zu", w->ptr.data, key, i);
		lost(w, at.data, what);
	}
	buf_free(&at);
}

/* Setup stones: AB, AW, AE. */
static void setup(struct writer *w, json_object *node)
{
	static const struct kind kinds[] = { { "black", "AB" }, { "white", "AW" }, { "clear", "AE" } };
	entries(w, node, "setup", "type", kinds, 3, "setup of a colour SGF has no property for");
	/* The position after it: every AE is checked against it. */
	json_object *list = get(node, "setup");
	size_t n = json_object_is_type(list, json_type_array) ? json_object_array_length(list) : 0;
	for (size_t i = 0; w->board && i < n; i++) {
		json_object *e = json_object_array_get_idx(list, i);
		const char *type = str(e, "type");
		unsigned char cell = !type ? CELL_EDGE : !strcmp(type, "black") ? CELL_BLACK :
				     !strcmp(type, "white") ? CELL_WHITE :
				     !strcmp(type, "clear") ? CELL_EMPTY : CELL_EDGE;
		json_object *coords = get(e, "coords");
		size_t nc = json_object_is_type(coords, json_type_array) ?
			    json_object_array_length(coords) : 0;
		for (size_t j = 0; cell != CELL_EDGE && j < nc; j++) {
			int p = cell_of(w, json_object_array_get_idx(coords, j));
			if (p)
				board_put(w->board, p, cell);
		}
	}
	if (w->board)
		board_no_ko(w->board);
}

static void markup(struct writer *w, json_object *node)
{
	static const struct kind kinds[] = {
		{ "circle", "CR" }, { "triangle", "TR" }, { "square", "SQ" }, { "mark", "MA" },
		{ "selected", "SL" }, { "label", "LB" },
	};
	entries(w, node, "markup", "type", kinds, sizeof kinds / sizeof *kinds,
		"markup of a type SGF has no property for");
}

/* Territory: TB, TW. */
static void score(struct writer *w, json_object *node)
{
	static const struct kind kinds[] = { { "black", "TB" }, { "white", "TW" } };
	entries(w, node, "score", "color", kinds, 2, "territory of a colour SGF has no property for");
}

/* Comments: one C, the comments a paragraph each. */
static void comments(struct writer *w, json_object *list)
{
	size_t n = json_object_is_type(list, json_type_array) ? json_object_array_length(list) : 0;
	struct buf text = BUF_INIT;
	for (size_t i = 0; i < n; i++) {
		json_object *c = json_object_array_get_idx(list, i);
		const char *s = json_object_is_type(c, json_type_string) ?
				json_object_get_string(c) : str(c, "comment");   /* v1's objects */
		if (!s) {
			lost(w, w->ptr.data, "a comment that is no text");
			continue;
		}
		if (text.len)
			buf_adds(&text, "\n\n");
		buf_adds(&text, s);
	}
	if (json_object_is_type(list, json_type_string))
		buf_adds(&text, json_object_get_string(list));
	if (text.len)
		prop_text(w, "C", text.data);
	buf_free(&text);
}

/* Whether an empty value of property id is none FF[4] allows (a colour,
 * a number, a point list that may not be empty): PL[], AB[], SZ[] ... A
 * text, a move (the pass), and the properties of type none or elist
 * may be empty, and an unknown property may hold anything. */
static bool no_empty(const char *id)
{
	static const char *const ids[] = {
		"PL", "AB", "AW", "AE", "CR", "TR", "SQ", "MA", "SL", "LB", "AR", "LN", "SZ",
		"KM", "HA", "TM", "OB", "OW", "BL", "WL", "ST", "PM", "MN", "BM", "TE", "GB",
		"GW", "DM", "HO", "UC", "V", "FF", "GM", NULL,
	};
	for (const char *const *p = ids; *p; p++)
		if (!strcmp(*p, id))
			return true;
	return false;
}

/* The pointer of kept property id: /meta/sgf/ID, or
 * /meta/sgf/nodes/POINTER/ID for the node written. */
static void kept_at(const struct writer *w, struct buf *at, const char *id, bool root)
{
	buf_adds(at, "/meta/sgf/");
	if (!root) {
		buf_adds(at, "nodes/");
		for (const char *c = w->ptr.data; *c; c++)
			buf_adds(at, *c == '/' ? "~1" : *c == '~' ? "~0" : (char[2]){ *c, 0 });
		buf_addc(at, '/');
	}
	buf_adds(at, id);
}

/* The value of property id written in the node being written: where its
 * text starts (after '[') and its length, up to its ']'; false when the
 * node has no such property. */
static bool written_value(const struct writer *w, const char *id, size_t *start, size_t *len)
{
	size_t n = strlen(id);
	for (size_t i = w->node_at; i + n + 1 < w->out->len; i++) {
		const char *p = w->out->data + i;
		if ((p[0] != ']' && p[0] != ';') || strncmp(p + 1, id, n) || p[n + 1] != '[')
			continue;
		size_t j = i + n + 2;
		while (j < w->out->len && w->out->data[j] != ']')
			j += w->out->data[j] == '\\' ? 2 : 1;
		if (j >= w->out->len)
			return false;
		*start = i + n + 2, *len = j - *start;
		return true;
	}
	return false;
}

static void insert_at(struct buf *b, size_t at, const char *data, size_t n)
{
	size_t tail = b->len - at;
	buf_reserve(b, n);
	buf_add(b, data, n);   /* grows to the length; the bytes moved below */
	memmove(b->data + at + n, b->data + at, tail);
	memcpy(b->data + at, data, n);
}

/* A kept property of several values (EV[a][b]) whose first the record's
 * datum wrote: the others after it, as they were read. */
static bool more_values(struct writer *w, const char *id, json_object *v)
{
	size_t start, len;
	if (!json_object_is_type(v, json_type_array) || json_object_array_length(v) < 2 ||
	    !written_value(w, id, &start, &len) || w->out->data[start + len + 1] == '[')
		return false;
	struct buf first = BUF_INIT, rest = BUF_INIT;
	const char *s0 = json_object_get_string(json_object_array_get_idx(v, 0));
	value(&first, s0 ? s0 : "", V_SIMPLE);
	bool same = first.len == len + 2 && !memcmp(first.data + 1, w->out->data + start, len);
	for (size_t i = 1; same && i < json_object_array_length(v); i++) {
		const char *s = json_object_get_string(json_object_array_get_idx(v, i));
		value(&rest, s ? s : "", sgf_short_value(id) ? V_SHORT : V_RAW);
	}
	if (same)
		insert_at(w->out, start + len + 1, rest.data, rest.len);
	buf_free(&first);
	buf_free(&rest);
	return same;
}

/* A kept property of a node that the record's datum wrote too: the reader
 * kept the property whole (AB[aa][zz], LB[aa:x][zz:y]) and mapped what
 * the board holds, so the kept values the node does not hold already, as
 * their text reads, go after the written ones. */
static bool kept_rest(struct writer *w, const char *id, json_object *v)
{
	size_t start, len;
	if (!written_value(w, id, &start, &len))
		return false;
	struct buf texts = BUF_INIT, rest = BUF_INIT;
	size_t end = start - 1;   /* its '[' */
	while (end < w->out->len && w->out->data[end] == '[') {
		size_t j = end + 1;
		while (j < w->out->len && w->out->data[j] != ']')
			j += w->out->data[j] == '\\' ? 2 : 1;
		sgf_decode_text(&texts, w->out->data + end + 1, j - end - 1, false, NULL);
		buf_addc(&texts, '\0');
		end = j + 1;
	}
	size_t n = json_object_is_type(v, json_type_array) ? json_object_array_length(v) : 1;
	for (size_t i = 0; i < n; i++) {
		json_object *e = json_object_is_type(v, json_type_array) ?
				 json_object_array_get_idx(v, i) : v;
		const char *s = json_object_get_string(e);
		bool held = false;
		for (size_t k = 0; s && k < texts.len && !held; k += strlen(texts.data + k) + 1)
			held = !strcmp(texts.data + k, s);
		if (s && !held)
			value(&rest, s, sgf_short_value(id) ? V_SHORT : V_RAW);
	}
	insert_at(w->out, end, rest.data ? rest.data : "", rest.len);
	buf_free(&texts);
	buf_free(&rest);
	return true;
}

/* The days of a DT item written as a range (1934.03.28-29, 2024年3月1日~3日):
 * the first date (as value_date_with_time reads it) and the last day. */
static struct regex dt_range_re = REGEX(
	"\\s*([0-9]{4}(?:-|/|\\.|年)[0-9]{1,2}(?:-|/|\\.|月)[0-9]{1,2}日?)\\s*[-~～]\\s*([0-9]{1,2})日?\\s*");

/* DT kept beside the dates the reader read from it (the days of a range
 * after the first set aside): every day of it, in FF[4]'s list, in place
 * of the dates written when those are the first days of its items. */
static bool kept_dates(struct writer *w, json_object *v)
{
	const char *s = json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
	size_t start, len;
	if (!s || !written_value(w, "DT", &start, &len))
		return false;
	struct buf all = BUF_INIT, firsts = BUF_INIT;
	bool ok = true, range = false;
	char prev[11] = "";
	for (const char *item = s; ok && *item;) {
		const char *comma = strchr(item, ',');
		size_t n = comma ? (size_t)(comma - item) : strlen(item);
		char *one = xstrndup(item, n);
		struct regex_span g[2];
		char day[11];
		int last = 0;
		if (regex_capture(&dt_range_re, one, n, g, 2)) {
			ok = value_date_with_time(one + g[0].start, g[0].end - g[0].start, day);
			last = atoi(one + g[1].start);
			range = true;
		} else {
			ok = value_date_with_time(one, n, day);
		}
		free(one);
		int first = ok ? atoi(day + 8) : 0;
		ok = ok && (!last || (last > first && last <= 31));
		buf_printf(&firsts, "%s%s", firsts.len ? "," : "", ok ? day : "");
		for (int d = first; ok && d <= (last ? last : first); d++) {
			char iso[16];
			snprintf(iso, sizeof iso, "%.8s%02d", day, d);
			if (all.len)
				buf_addc(&all, ',');
			/* FF[4]'s short forms: a day of the month before's, MM-DD of the year's. */
			if (*prev && !strncmp(iso, prev, 8))
				buf_adds(&all, iso + 8);
			else if (*prev && !strncmp(iso, prev, 5))
				buf_adds(&all, iso + 5);
			else
				buf_adds(&all, iso);
			memcpy(prev, iso, 11);
		}
		item += n + (comma != NULL);
	}
	/* Only over the dates the record still has as read from it. */
	struct buf written = BUF_INIT;
	buf_add(&written, w->out->data + start, len);
	ok = ok && range && all.len && written.data && firsts.data;
	if (ok) {
		/* the written list, expanded to full dates, against the items' first days */
		struct buf full = BUF_INIT;
		char last[11] = "";
		for (const char *item = written.data; *item;) {
			const char *comma = strchr(item, ',');
			size_t n = comma ? (size_t)(comma - item) : strlen(item);
			char iso[11];
			if (n == 10)
				memcpy(iso, item, 10);
			else if (n == 5 && *last)
				memcpy(iso, last, 5), memcpy(iso + 5, item, 5);
			else if (n == 2 && *last)
				memcpy(iso, last, 8), memcpy(iso + 8, item, 2);
			else
				iso[0] = '\0', n = n ? n : 1;
			iso[10] = '\0';
			buf_printf(&full, "%s%s", full.len ? "," : "", iso);
			memcpy(last, iso, 11);
			item += n + (comma != NULL);
			if (!comma)
				break;
		}
		ok = full.data && !strcmp(full.data, firsts.data);
		buf_free(&full);
	}
	if (ok) {
		memmove(w->out->data + start, w->out->data + start + len, w->out->len - start - len);
		buf_truncate(w->out, w->out->len - len);
		insert_at(w->out, start, all.data, all.len);
	}
	buf_free(&written);
	buf_free(&all);
	buf_free(&firsts);
	return ok;
}

/* The first value of a kept property, or NULL. */
static const char *kept_first(json_object *v)
{
	if (json_object_is_type(v, json_type_array))
		v = json_object_array_length(v) ? json_object_array_get_idx(v, 0) : NULL;
	return json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
}

/* Whether s is SGF's Real: [+-]digits[.digits]. */
static bool sgf_real(const char *s)
{
	if (*s == '+' || *s == '-')
		s++;
	const char *d = s;
	while (*s >= '0' && *s <= '9')
		s++;
	if (s == d)
		return false;
	if (*s == '.') {
		d = ++s;
		while (*s >= '0' && *s <= '9')
			s++;
		if (s == d)
			return false;
	}
	return !*s;
}

/* A kept root value of FF[3]'s that FF[4] rejects in a root: TM that is
 * no Real (5:00:00(5x1:00)), KO with a value (a komi), TE or BM that is no
 * Double, DO or IT with a value (move annotations, of no value in FF[4]). */
static bool ff3_root_value(const struct writer *w, const char *id, const char *s)
{
	if (!s)
		return false;
	if (!strcmp(id, "TM"))   /* (one the record's time wrote is its spelling) */
		return !sgf_real(s) && !written(w, "TM");
	if (!strcmp(id, "KO") || !strcmp(id, "DO") || !strcmp(id, "IT"))
		return *s != '\0';
	if (!strcmp(id, "TE") || !strcmp(id, "BM"))
		return strcmp(s, "1") && strcmp(s, "2");
	return false;
}

/* The root's kept values FF[4] rejects there (ff3_root_value), written
 * so that an FF[4] reader keeps them: a clock (H:MM:SS or M:SS) as TM in
 * seconds and what follows it as OT; a komi KM says already left out; any
 * other in the game comment as ID[value]. Each said. */
static void ff3_root(struct writer *w, json_object *ksgf, struct buf *gc)
{
	if (!json_object_is_type(ksgf, json_type_object))
		return;
	json_object_object_foreach(ksgf, id, v) {
		const char *s = kept_first(v);
		if (!ff3_root_value(w, id, s))
			continue;
		struct buf at = BUF_INIT;
		buf_printf(&at, "/meta/sgf/%s", id);
		unsigned h = 0, m = 0, sec = 0;
		int n = 0;
		if (!strcmp(id, "TM") &&
		    (sscanf(s, "%u:%2u:%2u%n", &h, &m, &sec, &n) == 3 ||
		     (h = 0, sscanf(s, "%u:%2u%n", &m, &sec, &n) == 2)) && m < 60 && sec < 60) {
			buf_printf(w->out, "TM[%lu]", (unsigned long)h * 3600 + m * 60 + sec);
			w->ff3_tm = true;
			const char *rest = s + n;
			while (*rest == ' ')
				rest++;
			size_t len = strlen(rest);
			if (*rest == '(' && len > 1 && rest[len - 1] == ')')
				rest++, len -= 2;
			char *ot = xstrndup(rest, len);
			if (*ot && !written(w, "OT"))
				prop(w, "OT", ot);
			lost(w, at.data, *ot && written(w, "OT") ?
			     "FF[3]'s clock, which FF[4]'s TM rejects: written as TM in seconds and "
			     "its overtime as OT" :
			     "FF[3]'s clock, which FF[4]'s TM rejects: written as TM in seconds");
			free(ot);
		} else if (!strcmp(id, "KO") && written(w, "KM")) {
			lost(w, at.data, "FF[3]'s komi, which FF[4] rejects in a root: written as KM");
		} else {
			struct buf text = BUF_INIT;
			buf_printf(&text, "%s[%s]", id, s);
			buf_printf(gc, "%s%s", gc->len ? "\n\n" : "", text.data);
			lost(w, at.data, "a value FF[4] rejects in a root (FF[3]'s): written in GC");
			buf_free(&text);
		}
		buf_free(&at);
	}
}

/* Properties kept under meta.sgf (an object of ID -> value or values). */
static void kept(struct writer *w, json_object *props, bool root)
{
	if (!json_object_is_type(props, json_type_object))
		return;
	json_object_object_foreach(props, id, v) {
		bool ident = *id != '\0';
		for (const char *c = id; *c; c++)
			ident &= *c >= 'A' && *c <= 'Z';
		/* Those the writer writes itself, and the nodes' map. */
		if (root && (!strcmp(id, "FF") || !strcmp(id, "GM") || !strcmp(id, "CA") ||
			     !strcmp(id, "AP") || !strcmp(id, "VW") || !strcmp(id, "nodes")))
			continue;
		if (root && (ff3_root_value(w, id, kept_first(v)) || (w->ff3_tm && !strcmp(id, "TM"))))
			continue;   /* written by ff3_root, and said */
		if (root && ident && written(w, id) &&
		    (more_values(w, id, v) || (!strcmp(id, "DT") && kept_dates(w, v))))
			continue;   /* what the record's datum left out, back beside it */
		if (!root && ident && written(w, id) && kept_rest(w, id, v))
			continue;
		bool empty = json_object_is_type(v, json_type_string) &&
			     !*json_object_get_string(v);
		for (size_t i = 0; json_object_is_type(v, json_type_array) &&
				   i < json_object_array_length(v); i++) {
			const char *s = json_object_get_string(json_object_array_get_idx(v, i));
			empty = !s || !*s;
			if (!empty)
				break;
		}
		if (!ident || written(w, id) || (empty && no_empty(id))) {
			struct buf at = BUF_INIT;
			kept_at(w, &at, id, root);
			lost(w, at.data, !ident ? "a kept property whose name is not an SGF property's" :
			     empty && no_empty(id) ? "an empty value FF[4] does not allow (as read): "
			     "not written" :
			     !strcmp(id, "DT") ? "the date as read, beside the dates written from "
			     "the record (a time of day, which FF[4]'s DT has no room for)" :
			     "a kept spelling of a property written from the record");
			buf_free(&at);
			continue;
		}
		int how = sgf_short_value(id) ? V_SHORT : V_RAW;
		if (json_object_is_type(v, json_type_string)) {
			buf_adds(w->out, id);
			value(w->out, json_object_get_string(v), how);
		} else if (json_object_is_type(v, json_type_array)) {
			buf_adds(w->out, id);
			for (size_t i = 0; i < json_object_array_length(v); i++) {
				const char *s = json_object_get_string(json_object_array_get_idx(v, i));
				value(w->out, s ? s : "", how);
			}
		}
	}
}

/* PL: the node's turn. */
static void turn(struct writer *w, json_object *node)
{
	json_object *turn = get(node, "turn");
	const char *t = json_object_is_type(turn, json_type_string) ?
			color_letter(json_object_get_string(turn)) : NULL;
	if (t)
		prop(w, "PL", t);
	else if (turn) {
		struct buf at = BUF_INIT;
		buf_printf(&at, "%s/turn", w->ptr.data);
		lost(w, at.data, "a turn of a colour SGF has no property for");
		buf_free(&at);
	}
}

/* A node's own content, the move aside. */
static void node_content(struct writer *w, json_object *node)
{
	if (!get(node, "move"))
		turn(w, node);
	prop(w, "N", str(node, "name"));
	comments(w, get(node, "comments"));
	markup(w, node);
	score(w, node);
	json_object *sol = get(node, "solution");
	if (json_object_is_type(sol, json_type_boolean) && json_object_get_boolean(sol))
		prop(w, "TE", "1");   /* a good move: the nearest SGF has */
	kept(w, get(w->kept_nodes, w->ptr.data), false);
	if (json_object_is_type(sol, json_type_boolean) && json_object_get_boolean(sol))
	{
		struct buf at = BUF_INIT;
		buf_printf(&at, "%s/solution", w->ptr.data);
		lost(w, at.data, "written as TE[1] (a good move), which a reader keeps as TE");
		buf_free(&at);
	}
	static const char *const known[] = { "move", "setup", "turn", "name", "comments", "markup",
					     "score", "solution", "variations", NULL };
	unmapped(w, node, w->ptr.data, known, "a key of the node SGF has no property for");
}

/* The pointer of the node's move, for a note (at: empty until asked). */
static const char *move_at(const struct writer *w, struct buf *at)
{
	if (!at->len)
		buf_printf(at, "%s/move", w->ptr.data);
	return at->data;
}

static void move(struct writer *w, json_object *m)
{
	const char *c = color_letter(str(m, "color"));
	struct buf at = BUF_INIT;
	if (!c) {
		lost(w, move_at(w, &at), "a move of a colour SGF has no property for");
		buf_free(&at);
		return;
	}
	json_object *pass = get(m, "pass");
	char p[3];
	buf_adds(w->out, c);
	double x, y;
	bool pass_point = number(get(m, "x"), &x) && number(get(m, "y"), &y) &&
			  ((x == w->width && y == w->height) ||
			   (x == 19 && y == 19 && w->width <= 19 && w->height <= 19));
	if (pass_point && !(x == 19 && y == 19)) {
		/* Seki's pass: the point just past the board's corner (x 9, y 9
		 * on 9x9), which SGF would read as a point off the board. (x 19,
		 * y 19 on a board up to 19x19 is SGF's pass tt, written so.) */
		buf_adds(w->out, w->o->pass_tt && w->width <= 19 && w->height <= 19 ? "[tt]" : "[]");
		lost(w, move_at(w, &at), "the point past the board's corner (Seki's pass), written "
		     "as a pass");
	} else if (json_object_is_type(pass, json_type_boolean) && json_object_get_boolean(pass)) {
		buf_adds(w->out, w->o->pass_tt && w->width <= 19 && w->height <= 19 ? "[tt]" : "[]");
	} else if (point(m, p)) {
		buf_addc(w->out, '[');
		buf_add(w->out, p, 2);
		buf_addc(w->out, ']');
	} else {
		buf_adds(w->out, "[]");
		lost(w, move_at(w, &at), "a move off SGF's points, written as a pass");
	}
	int cell = cell_of(w, m);
	size_t taken;
	if (cell && board_play(w->board, *c == 'B' ? CELL_BLACK : CELL_WHITE, cell, true, &taken) ==
		    BOARD_OCCUPIED)
		board_put(w->board, cell, *c == 'B' ? CELL_BLACK : CELL_WHITE);   /* as a reader would */
	prop_number(w, *c == 'B' ? "BL" : "WL", get(m, "timeLeft"));
	prop_number(w, *c == 'B' ? "OB" : "OW", get(m, "periodsLeft"));
	static const char *const known[] = { "color", "x", "y", "pass", "timeLeft", "periodsLeft",
					     NULL };
	unmapped_in(w, m, w->ptr.data, "/move", known, "a key of the move SGF has no property for");
	buf_free(&at);
}

/* One JGF node: a setup node and a move node when it holds both. */
static void node(struct writer *w, json_object *n, bool root)
{
	json_object *m = get(n, "move"), *s = get(n, "setup");
	size_t start = w->out->len;
	if (!root)
		buf_adds(w->out, w->out->data[w->out->len - 1] == '(' ? ";" : "\n;");
	size_t content = w->out->len;
	w->node_at = content - 1;
	if (s)
		setup(w, n);
	if (m) {
		if (root || w->out->len > content)
			buf_adds(w->out, "\n;");   /* no move in the root, nor with setup */
		move(w, m);
	}
	node_content(w, n);
	if (m && get(n, "turn")) {
		/* Whose turn it is after the move: PL is a setup property, which
		 * SGF keeps out of a move's node (and would play before it). */
		size_t at = w->out->len;
		buf_adds(w->out, "\n;");
		turn(w, n);
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
static void tree(struct writer *w, const struct document *doc, json_object *rec)
{
	struct tree_walk walk;
	walk_init(&walk, doc, rec, &w->ptr);
	struct level *stack = NULL;
	size_t top = 0, cap = 0, skip = 0;
	struct buf vars_at = BUF_INIT;
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
			json_object *nd = walk.node, *vars = get(nd, "variations");
			if (up->ended) {
				/* The node before this one had the variations. */
				char *slash = strrchr(w->ptr.data, '/');
				buf_truncate(&vars_at, 0);
				buf_add(&vars_at, w->ptr.data, (size_t)(slash - w->ptr.data));
				buf_printf(&vars_at, "/%zu", walk.index - 1);
				lost(w, vars_at.data, "nodes after a variations node (SGF has none)");
				skip = 1;
				break;
			}
			/* A node whose only content is kept under meta.sgf.nodes
			 * is written too: every node read is written. */
			bool content = (json_object_is_type(nd, json_type_object) &&
					json_object_object_length(nd) > (vars ? 1 : 0)) ||
				       get(w->kept_nodes, w->ptr.data);
			if (content || walk.is_root)
				node(w, nd, walk.is_root);
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
	walk_free(&walk);
	buf_truncate(&w->ptr, 0);
}

/* Dates: DT's ISO list, a later date shortened to what differs from the one before. */
static void dates(struct writer *w, json_object *game)
{
	json_object *list = get(game, "dates");
	struct buf dt = BUF_INIT;
	const char *prev = NULL;
	size_t n = json_object_is_type(list, json_type_array) ? json_object_array_length(list) : 0;
	for (size_t i = 0; i < n; i++) {
		const char *d = json_object_get_string(json_object_array_get_idx(list, i));
		if (!d || !*d)
			continue;
		if (dt.len)
			buf_addc(&dt, ',');
		if (prev && strlen(d) == 10 && strlen(prev) == 10 && !strncmp(d, prev, 8))
			buf_adds(&dt, d + 8);
		else if (prev && strlen(d) == 10 && strlen(prev) == 10 && !strncmp(d, prev, 5))
			buf_adds(&dt, d + 5);
		else
			buf_adds(&dt, d);
		prev = d;
	}
	if (!dt.len && str(game, "date"))
		buf_adds(&dt, str(game, "date"));
	if (dt.len)
		prop(w, "DT", dt.data);
	buf_free(&dt);
}

/* RE in SGF's grammar: 0, ?, Void, B+R/T/F, B+score, or B+ alone (a win
 * by an unknown margin); anything else is kept in the game comment. */
static bool result_ok(const char *r)
{
	if (!strcmp(r, "0") || !strcmp(r, "?") || !strcmp(r, "Void"))
		return true;
	if ((r[0] != 'B' && r[0] != 'W') || r[1] != '+')
		return false;
	r += 2;
	if (!*r || ((!strcmp(r, "R") || !strcmp(r, "T") || !strcmp(r, "F") ||
		     !strcmp(r, "Resign") || !strcmp(r, "Time") || !strcmp(r, "Forfeit"))))
		return true;
	char *end;
	double d = strtod(r, &end);
	return end != r && !*end && d >= 0 && r[0] >= '0' && r[0] <= '9';
}

static void players(struct writer *w, json_object *list)
{
	/* Seki's exports keep players by colour: {"black": {...}, "white": {...}}. */
	if (json_object_is_type(list, json_type_object)) {
		json_object *arr = dom_array();
		json_object_object_foreach(list, color, p) {
			json_object *copy = dom_object();
			dom_add(copy, "color", dom_string(color));
			if (json_object_is_type(p, json_type_object)) {
				json_object_object_foreach(p, k, v) {
					if (strcmp(k, "color"))
						dom_add(copy, k, json_object_get(v));
				}
			}
			dom_push(arr, copy);
		}
		players(w, arr);
		json_object_put(arr);
		return;
	}
	size_t n = json_object_is_type(list, json_type_array) ? json_object_array_length(list) : 0;
	bool seen[2] = { false, false };
	for (size_t i = 0; i < n; i++) {
		json_object *p = json_object_array_get_idx(list, i);
		const char *c = color_letter(str(p, "color"));
		char at[48];
		snprintf(at, sizeof at, "/players/%zu", i);
		if (!c || seen[*c == 'W']) {
			lost(w, at, "a player SGF has no property for (a colour other than black or "
			     "white, or a second player of a colour)");
			continue;
		}
		seen[*c == 'W'] = true;
		bool b = *c == 'B';
		prop(w, b ? "PB" : "PW", str(p, "name"));
		prop(w, b ? "BR" : "WR", str(p, "rank"));
		prop(w, b ? "BT" : "WT", str(p, "team"));
		static const char *const known[] = { "color", "name", "rank", "team", NULL };
		unmapped(w, p, at, known, "a key of the player SGF has no property for");
	}
}

/* TM, TC, TT: a time of 0 is none (Seki writes 0 for a game without a
 * time limit, and leaves TM[0] out of its own SGF): not written, said. */
static void time_prop(struct writer *w, const char *id, json_object *rules, const char *key)
{
	double d;
	json_object *v = get(rules, key);
	if (number(v, &d) && d == 0) {
		struct buf at = BUF_INIT;
		buf_printf(&at, "/rules/%s", key);
		lost(w, at.data, "a time of 0, no time limit: not written (SGF leaves it out)");
		buf_free(&at);
		return;
	}
	prop_number(w, id, v);
}

/* Notes for what the record's sections hold that the root does not write. */
static void sections_unmapped(struct writer *w, json_object *rec)
{
	static const char *const top[] = { "record", "game", "players", "event", "rules", "board",
					   "source", "settings", "meta", "tree", NULL };
	static const char *const record[] = { "format", "version", "charset", "generator",
					      "transcriber", NULL };
	static const char *const game[] = { "type", "name", "result", "date", "dates", "opening",
					    "annotator", "description", NULL };
	static const char *const rules[] = { "ruleset", "komi", "handicap", "time", "overtime",
					     "numberOfPeriods", "timePerPeriod", NULL };
	static const char *const settings[] = { "showVariations", "showSiblingVariations", NULL };
	static const char *const board[] = { "size", "width", "height", "cutOffLeft", "cutOffTop",
					     "cutOffRight", "cutOffBottom", NULL };
	static const char *const event[] = { "name", "location", "round", NULL };
	static const char *const source[] = { "name", "copyright", NULL };
	static const char *const meta[] = { "sgf", NULL };
	static const struct { const char *key; const char *const *known; } sections[] = {
		{ "record", record }, { "game", game }, { "rules", rules }, { "board", board },
		{ "event", event }, { "source", source }, { "meta", meta }, { "settings", settings },
	};
	unmapped(w, rec, "", top, "a section SGF has no properties for");
	for (size_t i = 0; i < sizeof sections / sizeof *sections; i++) {
		char at[16];
		snprintf(at, sizeof at, "/%s", sections[i].key);
		unmapped(w, get(rec, sections[i].key), at, sections[i].known,
			 "a key SGF has no property for");
	}
	const char *type = str(get(rec, "game"), "type");
	if (type && strcmp(type, "go"))
		lost(w, "/game/type", "not go: written as GM[1] all the same");
	/* game.date beside game.dates: DT is written from dates. */
	const char *date = str(get(rec, "game"), "date");
	json_object *dates = get(get(rec, "game"), "dates");
	if (date && json_object_is_type(dates, json_type_array) && json_object_array_length(dates)) {
		bool in = false;
		for (size_t i = 0; i < json_object_array_length(dates); i++) {
			const char *d = json_object_get_string(json_object_array_get_idx(dates, i));
			in |= d && !strcmp(d, date);
		}
		if (!in)
			lost(w, "/game/date", "a date beside game.dates (DT is written from dates)");
	}
}

void sgf_write_record(json_object *rec, const struct document *doc,
		      const struct sgfwrite_options *o, struct buf *out, struct buf *lostbuf)
{
	struct writer w = { .o = o, .out = out, .lost = lostbuf, .ptr = BUF_INIT };
	json_object *game = get(rec, "game"), *board = get(rec, "board"), *rules = get(rec, "rules");
	json_object *ev = get(rec, "event"), *src = get(rec, "source"), *meta = get(rec, "meta");
	json_object *ksgf = get(meta, "sgf");
	w.kept_nodes = get(ksgf, "nodes");
	double size = 19, width, height;
	number(get(board, "size"), &size);
	if (!number(get(board, "width"), &width))
		width = size;
	if (!number(get(board, "height"), &height))
		height = size;
	w.width = (int)width, w.height = (int)height;
	if (width >= 1 && height >= 1 && width <= BOARD_MAX_SIDE && height <= BOARD_MAX_SIDE &&
	    width == floor(width) && height == floor(height)) {
		w.board = xmalloc(sizeof *w.board);
		board_init(w.board, w.width, w.height);
	}

	w.node_at = out->len + 1;
	buf_adds(out, "(;FF[4]GM[1]CA[UTF-8]AP[jgflint:" PACKAGE_VERSION "]");
	if (w.width == w.height)
		buf_printf(out, "SZ[%d]", w.width);
	else
		buf_printf(out, "SZ[%d:%d]", w.width, w.height);
	prop(&w, "GN", str(game, "name"));
	const char *re = str(game, "result");
	if (o->result && re && !*re)
		re = o->result;   /* a result --fix emptied (result-format): SGF's RE holds it */
	struct buf gc = BUF_INIT;
	if (str(game, "description"))
		buf_adds(&gc, str(game, "description"));
	if (re && *re && result_ok(re)) {
		prop(&w, "RE", re);
	} else if (re && *re) {
		prop(&w, "RE", "?");
		buf_printf(&gc, "%sResult: %s", gc.len ? "\n\n" : "", re);
		lost(&w, "/game/result", "not in RE's grammar: RE[?], the result in GC");
	}
	dates(&w, game);
	players(&w, get(rec, "players"));
	prop_number(&w, "KM", get(rules, "komi"));
	double ha;
	if (number(get(rules, "handicap"), &ha) && ha >= 0)
		prop_number(&w, "HA", get(rules, "handicap"));
	prop(&w, "RU", str(rules, "ruleset"));
	time_prop(&w, "TM", rules, "time");
	prop(&w, "OT", str(rules, "overtime"));
	ff3_root(&w, ksgf, &gc);
	prop(&w, "EV", str(ev, "name"));
	prop(&w, "PC", str(ev, "location"));
	prop(&w, "RO", str(ev, "round"));
	prop(&w, "ON", str(game, "opening"));
	prop(&w, "AN", str(game, "annotator"));
	prop(&w, "SO", str(src, "name"));
	prop(&w, "CP", str(src, "copyright"));
	prop(&w, "US", str(get(rec, "record"), "transcriber"));
	if (gc.len)
		prop_text(&w, "GC", gc.data);
	buf_free(&gc);
	sections_unmapped(&w, rec);
	/* Cut-offs: the part shown, VW (unless kept VW says it already). */
	static const char *const cuts[] = { "cutOffLeft", "cutOffTop", "cutOffRight", "cutOffBottom" };
	double cut[4] = { 0, 0, 0, 0 };
	bool any = false;
	for (size_t i = 0; i < 4; i++)
		if (number(get(board, cuts[i]), &cut[i]) && cut[i] != 0)
			any = true;   /* a cut-off of 0 hides nothing */
	if (get(ksgf, "VW")) {   /* kept: where the writer writes its own, every time */
		buf_adds(out, "VW");
		json_object *vw = get(ksgf, "VW");
		for (size_t i = 0; i < (json_object_is_type(vw, json_type_array) ?
					json_object_array_length(vw) : 1); i++) {
			const char *s = json_object_is_type(vw, json_type_array) ?
					json_object_get_string(json_object_array_get_idx(vw, i)) :
					json_object_get_string(vw);
			value(out, s ? s : "", V_RAW);
		}
	} else if (any) {
		json_object *lo = dom_object(), *hi = dom_object();
		dom_add(lo, "x", dom_int((int64_t)cut[0]));
		dom_add(lo, "y", dom_int((int64_t)cut[1]));
		dom_add(hi, "x", dom_int(w.width - 1 - (int64_t)cut[2]));
		dom_add(hi, "y", dom_int(w.height - 1 - (int64_t)cut[3]));
		char a[3], b[3];
		if (point(lo, a) && point(hi, b))
			buf_printf(out, "VW[%s:%s]", a, b);
		else
			lost(&w, "/board", "a cut-off SGF's VW cannot show");
		json_object_put(lo);
		json_object_put(hi);
	}
	/* ST: how variations are shown (settings' two SGF has; Seki's mapping). */
	json_object *settings = get(rec, "settings"), *children, *siblings;
	children = get(settings, "showVariations"), siblings = get(settings, "showSiblingVariations");
	if (json_object_is_type(children, json_type_boolean) ||
	    json_object_is_type(siblings, json_type_boolean))
		buf_printf(out, "ST[%d]", (json_object_get_boolean(children) ? 0 : 2) +
			   (json_object_get_boolean(siblings) ? 1 : 0));
	/* Seki's own cut-off properties too: what Seki reads them back from
	 * (unless kept ones say it: the order a reader keeps them in is the
	 * order they are written in again). */
	static const char *const seki_cuts[] = { "XL", "XT", "XR", "XB" };
	bool kept_cuts = false;
	for (size_t i = 0; i < 4; i++)
		kept_cuts |= get(ksgf, seki_cuts[i]) != NULL;
	for (size_t i = 0; any && !kept_cuts && i < 4; i++)
		if (cut[i] != 0)
			prop_number(&w, seki_cuts[i], get(board, cuts[i]));
	/* Byo-yomi's periods and their time: Seki's (and Fox's) TC and TT. */
	time_prop(&w, "TC", rules, "numberOfPeriods");
	time_prop(&w, "TT", rules, "timePerPeriod");
	kept(&w, ksgf, true);
	json_object *nodes = get(rec, "tree");
	if (doc ? doc->streamed || json_object_is_type(nodes, json_type_array) :
	    json_object_is_type(nodes, json_type_array))
		tree(&w, doc, rec);
	buf_adds(out, ")\n");
	buf_free(&w.ptr);
	free(w.board);
}

bool sgf_write_text(char *text, size_t len, const struct sgfwrite_options *o,
		    struct buf *out, struct buf *lost)
{
	struct document doc;
	document_load_record(&doc, "<record>", text, len);
	bool ok = doc.parsed && json_object_is_type(doc.root, json_type_object);
	if (ok)
		sgf_write_record(doc.root, &doc, o, out, lost);
	document_free(&doc);
	return ok;
}

/* Whether the check left a finding of seki-pre4-variations with its fix:
 * the variations are still the bare nodes Seki wrote before 4.0. */
static bool seki_pre4_left(const struct document *doc)
{
	for (size_t i = 0; i < doc->diags.len; i++) {
		const struct diag *d = &doc->diags.items[i];
		if (d->rule && d->fix && !strcmp(d->rule->id, "seki-pre4-variations"))
			return true;
	}
	return false;
}

bool sgf_write_fixed(struct document *doc, const struct sgfwrite_options *o, struct buf *out,
		     struct buf *lost, const struct lint_settings *ls, struct checked *found)
{
	if (found) {
		/* The input checked as a check checks it, for its report; written
		 * from a copy of its text, fixed. */
		check_document(found, doc, &(struct check_request){ .settings = ls });
		if (!found->doc.text)
			return false;
		document_load_record(doc, found->doc.path, xstrndup(found->doc.text, found->doc.len),
				     found->doc.len);
		if (!doc->parsed || !json_object_is_type(doc->root, json_type_object))
			return false;
	}
	/* The record's result as written: a result JGF's grammar lacks
	 * ("Void", "adjourned") is fixed to "", and SGF's RE has one for it. */
	const char *result = str(get(doc->root, "game"), "result");
	char *result_was = result && *result ? xstrdup(result) : NULL;
	struct sgfwrite_options with_result = *o;
	with_result.result = result_was;
	o = &with_result;
	struct checked ck;
	check_document(&ck, doc, &(struct check_request){ .fix = true });
	bool ok = !ck.fix_broke && ck.doc.text && ck.doc.parsed &&
		  json_object_is_type(ck.doc.root, json_type_object);
	if (ok && seki_pre4_left(&ck.doc)) {
		/* Seki's variations before 4.0, bare nodes one after another:
		 * their fix (unsafe for a JGF record, which it rewrites by a
		 * guess where a line ends) is the only way to write them as
		 * variations at all: applied alone, and said. */
		struct settings only;
		settings_init(&only);
		only.has_select = true;
		rule_list_add(&only.select, "seki-pre4-variations");
		struct document again;
		document_load_record(&again, ck.doc.path, xstrndup(ck.doc.text, ck.doc.len), ck.doc.len);
		struct checked ck2;
		check_document(&ck2, &again, &(struct check_request){
			&(struct lint_settings){ .cli = &only }, true, true });
		settings_free(&only);
		if (!ck2.fix_broke && ck2.doc.text && ck2.doc.parsed &&
		    json_object_is_type(ck2.doc.root, json_type_object)) {
			checked_free(&ck);
			ck = ck2;
			if (lost)
				buf_adds(lost, "/tree: variations as Seki before 4.0 wrote them (bare "
					 "nodes): split into SGF variations as --fix --unsafe-fixes "
					 "splits them (a guess where a line ends)\n");
		} else {
			checked_free(&ck2);
		}
	}
	/* Written from the document the check leaves: the input itself when
	 * no fix applies (streamed when it was loaded so, and its tree read
	 * again from its text), else the fixed record's. */
	if (ok)
		sgf_write_record(ck.doc.root, &ck.doc, o, out, lost);
	checked_free(&ck);
	free(result_was);
	return ok;
}

bool sgf_write_json(const char *text, size_t len, const struct sgfwrite_options *o,
		    struct buf *out, struct buf *lost)
{
	char *copy = xmalloc(len + 1);
	memcpy(copy, text, len);
	copy[len] = '\0';
	return sgf_write_text(copy, len, o, out, lost);
}

/* ---- SGF-in-JSON (seed 002's shape) ---- */

static bool id_in(const char *id, const char *const *ids)
{
	for (; *ids; ids++)
		if (!strcmp(*ids, id))
			return true;
	return false;
}

/* SGF's escapes undone: a soft line break (`\` and a line break) goes, any
 * other escaped character stands for itself. */
static void unescape(struct buf *out, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		if (s[i] != '\\' || i + 1 == len) {
			buf_addc(out, s[i]);
			continue;
		}
		i++;
		if (s[i] == '\n' || s[i] == '\r') {
			/* \r\n and \n\r are one break */
			if (i + 1 < len && (s[i + 1] == '\n' || s[i + 1] == '\r') && s[i + 1] != s[i])
				i++;
			continue;
		}
		buf_addc(out, s[i]);
	}
}

static json_object *json_text(const char *s, size_t len)
{
	struct buf b = BUF_INIT;
	unescape(&b, s, len);
	json_object *v = dom_string_len(b.data ? b.data : "", b.len);
	buf_free(&b);
	return v;
}

/* A number as the seed writes it (SZ[19] is 19, KM[6.5] 6.5), when the
 * whole value is one; else NULL. */
static json_object *json_number(const char *s, size_t len, bool real)
{
	if (!len || len > 30)
		return NULL;
	char text[32], *end;
	memcpy(text, s, len);
	text[len] = '\0';
	if (!real) {
		errno = 0;
		long long n = strtoll(text, &end, 10);
		return *end || errno || (text[0] == '+') ? NULL : dom_int(n);
	}
	size_t i = text[0] == '-' || text[0] == '+' ? 1 : 0, digits = 0, dots = 0;
	for (; i < len; i++) {
		if (text[i] >= '0' && text[i] <= '9')
			digits++;
		else if (text[i] == '.' && !dots)
			dots++;
		else
			return NULL;
	}
	if (!digits || text[0] == '+' || text[len - 1] == '.' || text[dots && text[0] == '-'] == '.')
		return NULL;
	return dom_double_s(strtod(text, &end), text);
}

/* A compose value a:b as the pair ["a", "b"] (its first unescaped `:`). */
static json_object *json_pair(const char *s, size_t len)
{
	size_t i = 0;
	while (i < len && s[i] != ':')
		i += s[i] == '\\' ? 2 : 1;
	if (i >= len)
		return NULL;
	json_object *a = dom_array();
	dom_push(a, json_text(s, i));
	dom_push(a, json_text(s + i + 1, len - i - 1));
	return a;
}

static json_object *json_value(const char *id, const struct sgf_value *v)
{
	static const char *const numbers[] = { "FF", "GM", "HA", "MN", "PM", "OB", "OW", "ST",
					       "SZ", "DM", "GB", "GW", "HO", "UC", "BM", "TE",
					       NULL };
	static const char *const reals[] = { "KM", "BL", "WL", "TM", "V", NULL };
	static const char *const compose[] = { "LB", "AP", "LN", "AR", "FG", "SZ", NULL };
	json_object *r = NULL;
	if (id_in(id, numbers))
		r = json_number(v->raw, v->len, false);
	else if (id_in(id, reals))
		r = json_number(v->raw, v->len, true);
	if (!r && id_in(id, compose))
		r = json_pair(v->raw, v->len);
	return r ? r : json_text(v->raw, v->len);
}

static json_object *json_sequence(const struct sgf_node *n);

static json_object *json_node(const struct sgf_node *n)
{
	static const char *const lists[] = { "AB", "AW", "AE", "TR", "CR", "SQ", "MA", "SL",
					     "TB", "TW", "DD", "VW", "LB", "LN", "AR", NULL };
	json_object *o = dom_object();
	for (uint32_t i = 0; i < n->nprops; i++) {
		const struct sgf_prop *p = &n->props[i];
		json_object *v;
		if (p->nvals == 1 && !id_in(p->id, lists)) {
			v = json_value(p->id, &p->vals[0]);
		} else if (p->nvals == 1 && !strcmp(p->id, "LB")) {
			v = json_value(p->id, &p->vals[0]);   /* ["aa", "label"], as the seed writes it */
		} else {
			v = dom_array();
			for (uint32_t k = 0; k < p->nvals; k++)
				dom_push(v, json_value(p->id, &p->vals[k]));
		}
		dom_add_ex(o, p->id, v, 0);
	}
	if (n->nkids > 1) {
		json_object *vars = dom_array();
		for (uint32_t k = 0; k < n->nkids; k++)
			dom_push(vars, json_sequence(n->kids[k]));
		dom_add(o, "variations", vars);
	}
	return o;
}

/* The sequence from n: n and its only children, the last with variations. */
static json_object *json_sequence(const struct sgf_node *n)
{
	json_object *seq = dom_array();
	for (;;) {
		dom_push(seq, json_node(n));
		if (n->nkids != 1)
			break;
		n = n->kids[0];
	}
	return seq;
}

json_object *sgf_to_json_value(const char *sgf, size_t len)
{
	struct sgf_games games = { 0 };
	struct sgf_notes notes = { 0 };
	sgf_read(sgf, len, &games, &notes);
	json_object *all = NULL;
	if (games.len > 0 && !notes.len) {
		all = dom_array();
		for (size_t g = 0; g < games.len; g++)
			dom_push(all, json_sequence(games.games[g]));
	}
	sgf_games_free(&games);
	sgf_notes_free(&notes);
	return all;
}

bool sgf_to_json(const char *sgf, size_t len, struct buf *out)
{
	json_object *all = sgf_to_json_value(sgf, len);
	if (!all)
		return false;
	size_t n;
	const char *text = dom_json(all, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
					JSON_C_TO_STRING_NOSLASHESCAPE, &n);
	buf_add(out, text, n);
	buf_addc(out, '\n');
	json_object_put(all);
	return true;
}
