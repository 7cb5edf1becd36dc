/* dupkey: a game read into its normal form, and its canonical key under
 * the board's symmetries; what the report compares besides the key, its
 * variations and comments, as hashes (dup/dup.h, dup/dupset.h). */
#define _FILE_OFFSET_BITS 64
#include "dup/dupset.h"

#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/buf.h"
#include "base/digits.h"
#include "base/dom.h"
#include "convert/sgfvalue.h"
#include "core/record.h"
#include "dup/md5.h"

void dup_game_init(struct dup_game *g)
{
	*g = (struct dup_game){ .width = 19, .height = 19, .readable = true };
}

void dup_game_free(struct dup_game *g)
{
	free(g->setup);
	free(g->line);
	free(g->vars);
	free(g->comment_items);
	free(g->mark_items);
	free(g->black);
	free(g->white);
	free(g->black_rank);
	free(g->white_rank);
	free(g->date);
	free(g->result);
	free(g->event);
	free(g->round);
	free(g->rules);
	dup_game_init(g);
}

static void push(uint16_t **arr, size_t *len, size_t *cap, unsigned tag, unsigned point)
{
	*arr = xgrow(*arr, cap, *len + 1, sizeof **arr);
	(*arr)[(*len)++] = (uint16_t)(tag << 13 | point);
}

/* An element of the line being read: the main line's, or (reading a
 * variation) the variations'. */
static void line_push(struct dup_game *g, unsigned tag, unsigned point)
{
	if (g->in_var)
		dup_game_var_element(g, tag, point);
	else
		push(&g->line, &g->nline, &g->line_cap, tag, point);
}

/* A copy of a string member, at most 200 bytes (a report shows it; what a
 * game keeps in memory stays small), or NULL when absent or empty. */
static char *string_fact(json_object *v)
{
	const char *s = json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
	if (!s || !*s)
		return NULL;
	size_t n = strlen(s);
	if (n > 200) {
		n = 200;
		while (n > 0 && ((unsigned char)s[n] & 0xC0) == 0x80)   /* a whole code point */
			n--;
	}
	return xstrndup(s, n);
}

static char *fact(json_object *obj, const char *key)
{
	return string_fact(member_of_type(obj, key, json_type_string));
}

bool dup_number_text(double v, char out[32])
{
	*out = '\0';
	if (!isfinite(v))
		return false;
	if (v > -1e9 && v < 1e9 && v * 2 == (double)(long long)(v * 2)) {
		/* whole and half points, every komi and handicap a game has:
		 * written by hand (printf's and strtod's were a percent of the
		 * reading of a game) */
		long long h = (long long)(v * 2);
		char digits[24], *p = digits + sizeof digits;
		*--p = '\0';
		if (h % 2)
			p -= 2, memcpy(p, ".5", 2);
		unsigned long long whole = (unsigned long long)(h < 0 ? -h : h) / 2;
		p = digits_before(p, whole);
		if (h < 0)
			*--p = '-';
		memcpy(out, p, (size_t)(digits + sizeof digits - p));
		return true;
	}
	snprintf(out, 32, "%.17g", v);
	for (int digits = 1; digits < 17; digits++) {   /* the shortest that reads back as v */
		char t[32];
		snprintf(t, sizeof t, "%.*g", digits, v);
		if (strtod(t, NULL) == v) {
			memcpy(out, t, sizeof t);
			break;
		}
	}
	return true;
}

/* The terms of rules (JGF's rules object; v1's ruleSet too): komi and
 * handicap when numbers, the ruleset when a string. */
static void terms(struct dup_game *g, json_object *rules)
{
	if (!json_object_is_type(rules, json_type_object))
		return;
	/* one pass over its members (mostly komi alone), not a lookup each; the
	 * names and colours here and below compared inline (key_eq): strcmp's
	 * calls were 4% of the reading of a JGF record's tree */
	json_object_object_foreach(rules, key, v) {
		long long h;
		if (key_eq(key, "komi") && (json_object_is_type(v, json_type_double) ||
					    json_object_is_type(v, json_type_int)))
			dup_number_text(json_object_get_double(v), g->komi);
		else if (key_eq(key, "handicap") && get_int(v, &h))
			dup_number_text((double)h, g->handicap);
		else if (key_eq(key, "ruleset") || (key_eq(key, "ruleSet") && !g->rules)) {
			free(g->rules);   /* v2's name over v1's */
			g->rules = string_fact(v);
		}
	}
}

static void players(struct dup_game *g, json_object *list)
{
	if (json_object_is_type(list, json_type_object)) {   /* Seki: keyed by colour */
		json_object *b = member_of_type(list, "black", json_type_object);
		json_object *w = member_of_type(list, "white", json_type_object);
		g->black = b ? fact(b, "name") : NULL;
		g->white = w ? fact(w, "name") : NULL;
		g->black_rank = b ? fact(b, "rank") : NULL;
		g->white_rank = w ? fact(w, "rank") : NULL;
		return;
	}
	if (!json_object_is_type(list, json_type_array))
		return;
	for (size_t i = 0; i < json_object_array_length(list); i++) {
		json_object *p = json_object_array_get_idx(list, i);
		json_object *c = member_of_type(p, "color", json_type_string);
		const char *color = c ? json_object_get_string(c) : "";
		bool black = key_eq(color, "black");
		char **slot = black ? &g->black : key_eq(color, "white") ? &g->white : NULL;
		if (slot && !*slot) {   /* (the first of a colour: its rank with its name) */
			*slot = fact(p, "name");
			free(black ? g->black_rank : g->white_rank);
			*(black ? &g->black_rank : &g->white_rank) = fact(p, "rank");
		}
	}
}

/* The point of {x, y}, or -1 off the board. */
static int point_of(const struct dup_game *g, json_object *c)
{
	long long x, y;
	if (!get_int(member(c, "x"), &x) || !get_int(member(c, "y"), &y) || x < 0 || y < 0 ||
	    x >= g->width || y >= g->height)
		return -1;
	return (int)(y * MAX_SIDE + x);
}

static void setup(struct dup_game *g, json_object *list)
{
	for (size_t i = 0; i < json_object_array_length(list); i++) {
		json_object *s = json_object_array_get_idx(list, i);
		json_object *t = member_of_type(s, "type", json_type_string);
		json_object *coords = member_of_type(s, "coords", json_type_array);
		const char *type = t ? json_object_get_string(t) : "";
		unsigned tag = key_eq(type, "black") ? DUP_AB : key_eq(type, "white") ? DUP_AW
			     : key_eq(type, "clear") ? DUP_AE : 0;
		for (size_t k = 0; tag && coords && k < json_object_array_length(coords); k++) {
			int p = point_of(g, json_object_array_get_idx(coords, k));
			if (p < 0)
				continue;
			if (g->nline || g->in_var) {   /* on the line: part of it */
				line_push(g, tag, (unsigned)p);
				continue;
			}
			/* Before the first move: the position, whatever order built it */
			for (size_t j = 0; j < g->nsetup; j++)
				if (DUP_POINT(g->setup[j]) == (unsigned)p)
					g->setup[j--] = g->setup[--g->nsetup];
			if (tag != DUP_AE)
				push(&g->setup, &g->nsetup, &g->setup_cap, tag, (unsigned)p);
		}
	}
}

/* The first member of obj named each of names (n of them, at most 8), in
 * one pass over its members, as member() finds each (NULL for a JSON
 * null): a node's and a move's few members, read for every node. */
static void members(json_object *obj, const char *const *names, int n, json_object **out)
{
	unsigned seen = 0;
	for (int k = 0; k < n; k++)
		out[k] = NULL;
	struct lh_table *t = json_object_get_object(obj);   /* NULL unless an object */
	for (struct lh_entry *e = t ? lh_table_head(t) : NULL; e; e = lh_entry_next(e)) {
		const char *key = lh_entry_k(e);
		for (int k = 0; k < n; k++)
			if (!(seen & 1u << k) && key_eq(key, names[k])) {
				seen |= 1u << k;
				out[k] = (json_object *)lh_entry_v(e);
				break;
			}
	}
}

static json_object *of_type(json_object *v, enum json_type type)
{
	return json_object_is_type(v, type) ? v : NULL;
}

static void move(struct dup_game *g, json_object *m, const struct record_info *rec)
{
	static const char *const names[] = { "color", "pass", "x", "y" };
	json_object *v[4];
	members(m, names, 4, v);
	json_object *c = of_type(v[0], json_type_string);
	const char *color = c ? json_object_get_string(c) : "";
	unsigned tag = key_eq(color, "black") ? DUP_B : key_eq(color, "white") ? DUP_W : 8;
	if (tag == 8)
		return;   /* a third colour: not a game of two */
	long long x = 0, y = 0;
	int p = -1;
	/* point_of's, its members read once */
	if (!(v[1] && json_object_get_boolean(v[1])) && get_int(v[2], &x) && get_int(v[3], &y) &&
	    !record_pass_point(rec, x, y) && x >= 0 && y >= 0 && x < g->width && y < g->height)
		p = (int)(y * MAX_SIDE + x);
	/* A point off the board is read as the pass it most likely is. */
	line_push(g, tag, p < 0 ? DUP_PASS : (unsigned)p);
	g->moves += !g->in_var;
}

void dup_game_add_move(struct dup_game *g, bool white, int x, int y)
{
	bool on = x >= 0 && y >= 0 && x < g->width && y < g->height;
	line_push(g, white ? DUP_W : DUP_B, on ? (unsigned)(y * MAX_SIDE + x) : DUP_PASS);
	g->moves += !g->in_var;
}

/* Each comment of a node (an array of texts, or one text) to the game's
 * hash of them; whether it has one. */
static bool comments(struct dup_game *g, json_object *com)
{
	bool any = false;
	if (json_object_is_type(com, json_type_string) && json_object_get_string_len(com)) {
		dup_game_comment(g, json_object_get_string(com), (size_t)json_object_get_string_len(com));
		any = true;
	}
	for (size_t i = 0; json_object_is_type(com, json_type_array) &&
	     i < json_object_array_length(com); i++) {
		json_object *t = json_object_array_get_idx(com, i);
		if (json_object_is_type(t, json_type_string))
			dup_game_comment(g, json_object_get_string(t), (size_t)json_object_get_string_len(t));
		any = true;
	}
	return any;
}

/* A node's markup (an array of {type, coords}, a label's coords with
 * their text) to the game's marks. */
static void markup(struct dup_game *g, json_object *list)
{
	for (size_t i = 0; i < json_object_array_length(list); i++) {
		json_object *m = json_object_array_get_idx(list, i);
		json_object *t = member_of_type(m, "type", json_type_string);
		json_object *coords = member_of_type(m, "coords", json_type_array);
		for (size_t k = 0; t && coords && k < json_object_array_length(coords); k++) {
			json_object *c = json_object_array_get_idx(coords, k);
			int p = point_of(g, c);
			json_object *text = member_of_type(c, "text", json_type_string);
			if (p >= 0)
				dup_game_mark(g, json_object_get_string(t), p % MAX_SIDE, p / MAX_SIDE,
					      text ? json_object_get_string(text) : NULL,
					      text ? (size_t)json_object_get_string_len(text) : 0);
		}
	}
}

/* An SGF point ("pd") of the board, read as the converter reads one, or -1. */
static int kept_point(const struct dup_game *g, const char *v, size_t len)
{
	int x, y;
	if (!sgf_point_of(v, len, &x, &y) || x >= g->width || y >= g->height)
		return -1;
	return y * MAX_SIDE + x;
}

/* SGF's arrows, lines and dimmed points (AR, LN, DD), which JGF has no
 * markup for and the mapping keeps under meta.sgf.nodes by the node's
 * pointer, read as marks of that node (REVIEW.md R170): a copy with them
 * is not "equal in the number of marks" to a bare one. An arrow or line
 * is two marks, its ends, each turned with the game; DD's values are a
 * point list, each rectangle its points (sgf_box_of, the reader's), each
 * point once: DD[aa:cc] is DD[aa][ab]...[cc]'s nine, not DD[aa][cc]. */
static void kept_marks(struct dup_game *g, json_object *kept)
{
	static const char *const ids[] = { "AR", "LN", "DD" };
	static const char *const ends[][2] = { { "arrow", "arrow-head" }, { "line", "line" } };
	unsigned char dimmed[(MAX_SIDE * MAX_SIDE + 7) / 8] = { 0 };
	for (int k = 0; kept && k < 3; k++) {
		json_object *v = member(kept, ids[k]);
		bool many = json_object_is_type(v, json_type_array);
		size_t n = many ? json_object_array_length(v) : v ? 1 : 0;
		for (size_t i = 0; i < n; i++) {
			json_object *one = many ? json_object_array_get_idx(v, i) : v;
			if (!json_object_is_type(one, json_type_string))
				continue;
			const char *t = json_object_get_string(one);
			size_t len = (size_t)json_object_get_string_len(one);
			struct sgf_box b;
			if (k == 2) {
				if (!sgf_box_of(t, len, g->width, g->height, &b))
					continue;
				for (int y = b.y1; y <= b.y2; y++)
					for (int x = b.x1; x <= b.x2; x++) {
						int p = y * MAX_SIDE + x;
						if (dimmed[p / 8] & 1u << p % 8)
							continue;
						dimmed[p / 8] |= (unsigned char)(1u << p % 8);
						dup_game_mark(g, "dimmed", x, y, NULL, 0);
					}
				continue;
			}
			const char *colon = memchr(t, ':', len);
			int a = kept_point(g, t, colon ? (size_t)(colon - t) : len);
			int e = colon ? kept_point(g, colon + 1, len - (size_t)(colon - t) - 1) : -1;
			if (a >= 0)
				dup_game_mark(g, ends[k][0], a % MAX_SIDE, a / MAX_SIDE, NULL, 0);
			if (e >= 0)
				dup_game_mark(g, ends[k][1], e % MAX_SIDE, e / MAX_SIDE, NULL, 0);
		}
	}
}

/* The nodes meta.sgf.nodes keeps arrows, lines or dimmed points of, by
 * the node object its pointer names: read at the node, main line or
 * variation, as its JGF markup is (R170's rest: a variation's were not
 * read). */
struct kept_node {
	json_object *node, *kept;
};

struct kept_nodes {
	struct kept_node *items;
	size_t len, cap;
};

static int by_node(const void *a, const void *b)
{
	uintptr_t x = (uintptr_t)((const struct kept_node *)a)->node;
	uintptr_t y = (uintptr_t)((const struct kept_node *)b)->node;
	return (x > y) - (x < y);
}

static void kept_nodes_read(struct kept_nodes *k, json_object *record)
{
	json_object *nodes = member_of_type(member_of_type(member_of_type(record, "meta",
		json_type_object), "sgf", json_type_object), "nodes", json_type_object);
	if (!nodes)
		return;
	json_object_object_foreach(nodes, pointer, kept) {
		if (!json_object_is_type(kept, json_type_object) ||
		    !(member(kept, "AR") || member(kept, "LN") || member(kept, "DD")))
			continue;
		json_object *n = dom_resolve(record, pointer);
		if (!json_object_is_type(n, json_type_object))
			continue;
		k->items = xgrow(k->items, &k->cap, k->len + 1, sizeof *k->items);
		k->items[k->len++] = (struct kept_node){ n, kept };
	}
	sort_items(k->items, k->len, sizeof *k->items, by_node);
}

static json_object *kept_of(const struct kept_nodes *k, json_object *n)
{
	if (!k->len)
		return NULL;
	struct kept_node key = { n, NULL };
	struct kept_node *at = bsearch(&key, k->items, k->len, sizeof *k->items, by_node);
	return at ? at->kept : NULL;
}

/* Reads node n; returns its variations (an array), or NULL. */
static json_object *node(struct dup_game *g, json_object *n, const struct record_info *rec,
			 const struct kept_nodes *kept)
{
	static const char *const names[] = { "setup", "turn", "move", "comments", "variations",
					     "markup" };
	json_object *v[6];
	members(n, names, 6, v);
	json_object *list = of_type(v[0], json_type_array);
	if (list)
		setup(g, list);
	/* The side to play before the first move: what a position (a
	 * problem) gives without its solution */
	json_object *turn = of_type(v[1], json_type_string);
	if (turn && !g->moves && !g->in_var)
		g->to_move = key_eq(json_object_get_string(turn), "black") ? DUP_B + 1
			     : key_eq(json_object_get_string(turn), "white") ? DUP_W + 1 : 0;
	json_object *m = of_type(v[2], json_type_object);
	if (m)
		move(g, m, rec);
	if (comments(g, v[3]) && !g->in_var)
		g->comments++;
	json_object *marks = of_type(v[5], json_type_array);
	if (marks)   /* after its move, as its comments */
		markup(g, marks);
	kept_marks(g, kept_of(kept, n));
	return of_type(v[4], json_type_array);
}

/* A variation off the main line (seq, a sequence of nodes), its moves and
 * setup between DUP_VAR_OPEN and DUP_VAR_CLOSE, the variations off it
 * nested so, each before the line it continues on (its first), as the
 * main line is read; by a stack of its own (a tree can nest deep). */
static void variation(struct dup_game *g, json_object *seq, const struct record_info *rec,
		      const struct kept_nodes *kept)
{
	enum { SEQ, OPEN, CLOSE };
	struct step { int what; json_object *seq; size_t i; } *todo = NULL;
	size_t n = 0, cap = 0;
	g->in_var = true;
	todo = xgrow(todo, &cap, 3, sizeof *todo);
	todo[n++] = (struct step){ CLOSE, NULL, 0 };
	todo[n++] = (struct step){ SEQ, seq, 0 };
	todo[n++] = (struct step){ OPEN, NULL, 0 };
	while (n) {   /* popped last pushed first */
		struct step st = todo[--n];
		if (st.what != SEQ) {
			if (st.what == OPEN)
				dup_game_var_open(g);
			else
				dup_game_var_close(g);
			continue;
		}
		if (!json_object_is_type(st.seq, json_type_array) ||
		    st.i >= json_object_array_length(st.seq))
			continue;
		json_object *vars = node(g, json_object_array_get_idx(st.seq, st.i), rec, kept);
		json_object *first = vars ? json_object_array_get_idx(vars, 0) : NULL;
		size_t m = vars ? json_object_array_length(vars) : 0;
		todo = xgrow(todo, &cap, n + 3 * m + 1, sizeof *todo);
		/* the line it continues on last, each variation off it before,
		 * the first first */
		todo[n++] = json_object_is_type(first, json_type_array)
			    ? (struct step){ SEQ, first, 0 } : (struct step){ SEQ, st.seq, st.i + 1 };
		for (size_t k = m; k-- > 1;) {
			todo[n++] = (struct step){ CLOSE, NULL, 0 };
			todo[n++] = (struct step){ SEQ, json_object_array_get_idx(vars, k), 0 };
			todo[n++] = (struct step){ OPEN, NULL, 0 };
		}
	}
	g->in_var = false;
	free(todo);
}

bool dup_no_player(const char *name)
{
	static const char *const words[] = { "?", "-", "black", "white", "黑", "白", "黒", "흑", "백",
					     "anonymous", "unknown", "guest" };
	if (!name)
		return true;
	while (*name == ' ')
		name++;
	size_t n = strlen(name);
	while (n && name[n - 1] == ' ')
		n--;
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		if (n == strlen(words[i]) && !strncasecmp(name, words[i], n))
			return true;
	return !n;
}

/* An NGF header names each player on its line, the colour's word where a
 * writer knew no name (`black 9DP`), and dates a game it knew no date of
 * 2000-01-01 (the twin games of tests/duplicates_truth.py, their copies
 * stripped): taken for names, they made two games of the same moves one
 * game, both of "black" against "white" that day. A game of 2000-01-01
 * naming its players keeps its date. */
void dup_game_ngf_placeholders(struct dup_game *g)
{
	bool black = dup_no_player(g->black), white = dup_no_player(g->white);
	if (black) {
		free(g->black);
		g->black = NULL;
	}
	if (white) {
		free(g->white);
		g->white = NULL;
	}
	if (black && white && g->date && !strcmp(g->date, "2000-01-01")) {
		free(g->date);
		g->date = NULL;
	}
}

void dup_game_from_jgf(struct dup_game *g, json_object *record)
{
	struct record_info rec;
	record_classify(record, &rec);
	if (rec.dialect != DIALECT_JGF) {
		g->readable = false;
		snprintf(g->why, sizeof g->why, "%s", rec.dialect == DIALECT_NGGO
			 ? "ngGo's own JGF dialect is not read (jgflint --fix does not convert it either)"
			 : "not a JGF record");
		return;
	}
	if (rec.width < 1 || rec.height < 1 || rec.width > MAX_SIDE || rec.height > MAX_SIDE) {
		g->readable = false;
		snprintf(g->why, sizeof g->why, "its board size is not one from 1x1 to 52x52");
		return;
	}
	g->width = rec.width;
	g->height = rec.height;
	players(g, member(record, "players"));
	json_object *game = member_of_type(record, "game", json_type_object);
	g->date = fact(game, "date");
	if (!g->date) {
		json_object *dates = member_of_type(game, "dates", json_type_array);
		json_object *first = dates ? json_object_array_get_idx(dates, 0) : NULL;
		if (json_object_is_type(first, json_type_string) && json_object_get_string_len(first))
			g->date = xstrdup(json_object_get_string(first));
	}
	/* An SGF DT the mapping keeps as written (1996年10月, 1996-10-1,2: no
	 * ISO date) still names a year and month (dates_agree reads them):
	 * without it, a copy so dated of a game of 20 to 49 moves joined
	 * another game of its players that shares its moves */
	if (!g->date)
		g->date = fact(member_of_type(member_of_type(record, "meta", json_type_object), "sgf",
					      json_type_object), "DT");
	g->result = fact(game, "result");
	json_object *event = member_of_type(record, "event", json_type_object);
	g->event = fact(event, "name");
	g->round = fact(event, "round");
	terms(g, member(record, "rules"));
	/* The main line: the first variation wherever the tree branches. */
	json_object *seq = member_of_type(record, "tree", json_type_array);
	struct kept_nodes kept = { 0 };
	kept_nodes_read(&kept, record);
	for (size_t i = 0; seq && i < json_object_array_length(seq);) {
		json_object *vars = node(g, json_object_array_get_idx(seq, i), &rec, &kept);
		json_object *first = vars ? json_object_array_get_idx(vars, 0) : NULL;
		for (size_t k = 1; vars && k < json_object_array_length(vars); k++) {
			g->variations++;
			variation(g, json_object_array_get_idx(vars, k), &rec, &kept);
		}
		if (json_object_is_type(first, json_type_array)) {
			seq = first;
			i = 0;
		} else {
			i++;
		}
	}
	free(kept.items);
}

/* Kombilo's duplicate signature (libkombilo's Algo_signature): the
 * points of moves 20, 40, 60, 31, 51 and 71 of the main line (passes
 * counted, as "tt"; "??" for a move the game does not have), two letters
 * each as SGF writes points, least of its images under the 8 symmetries
 * (the letters of a pass or of no move stay as they are). */
static void dyer(struct dup_game *g)
{
	static const size_t at[6] = { 20, 40, 60, 31, 51, 71 };
	unsigned points[6];
	for (int k = 0; k < 6; k++)
		points[k] = DUP_PASS + 1;   /* no such move */
	size_t move = 0;
	for (size_t i = 0; i < g->nline; i++) {
		if (DUP_TAG(g->line[i]) > DUP_W)
			continue;
		move++;
		for (int k = 0; k < 6; k++)
			if (move == at[k])
				points[k] = DUP_POINT(g->line[i]);
	}
	for (int s = 0; s < 8; s++) {
		char sig[13];
		for (int k = 0; k < 6; k++) {
			unsigned p = points[k];
			if (p > DUP_PASS) {
				sig[2 * k] = sig[2 * k + 1] = '?';
			} else if (p == DUP_PASS) {
				sig[2 * k] = sig[2 * k + 1] = 't';
			} else {
				p = dup_transform(p, s, g->width, g->height);
				sig[2 * k] = (char)('a' + p % MAX_SIDE);
				sig[2 * k + 1] = (char)('a' + p / MAX_SIDE);
			}
		}
		sig[12] = 0;
		if (!s || strcmp(sig, g->dyer) < 0)
			memcpy(g->dyer, sig, sizeof sig);
	}
}

static int cmp_int(const void *a, const void *b)
{
	int x = *(const int *)a, y = *(const int *)b;
	return (x > y) - (x < y);
}

/* sgfutils' `sgfinfo -can`: the MD5 of the setup stones (sorted as
 * sgfinfo sorts them: black before white, then by their SGF letters, in
 * the game's own orientation) and the main line's moves, two SGF letters
 * each ("tt" a pass), then a newline; the least digest of the 8 images of
 * the board. */
static void sgfinfo_md5(struct dup_game *g)
{
	size_t n = g->nsetup;
	int *setup = xmalloc((n ? n : 1) * sizeof *setup);
	for (size_t i = 0; i < n; i++) {
		unsigned p = DUP_POINT(g->setup[i]);
		setup[i] = (DUP_TAG(g->setup[i]) == DUP_AB ? 0x10000 : 0x20000) |
			   (int)('a' + p % MAX_SIDE) << 8 | (int)('a' + p / MAX_SIDE);
	}
	sort_items(setup, n, sizeof *setup, cmp_int);
	unsigned char best[16];
	for (int s = 0; s < 8; s++) {
		struct md5 m;
		md5_init(&m);
		for (size_t i = 0; i < n; i++) {
			unsigned x = (unsigned)((setup[i] >> 8 & 0xFF) - 'a');
			unsigned y = (unsigned)((setup[i] & 0xFF) - 'a');
			unsigned p = dup_transform(y * MAX_SIDE + x, s, g->width, g->height);
			char two[2] = { (char)('a' + p % MAX_SIDE), (char)('a' + p / MAX_SIDE) };
			md5_add(&m, two, 2);
		}
		for (size_t i = 0; i < g->nline; i++) {
			if (DUP_TAG(g->line[i]) > DUP_W)
				continue;
			unsigned p = DUP_POINT(g->line[i]);
			char two[2] = { 't', 't' };
			if (p != DUP_PASS) {
				p = dup_transform(p, s, g->width, g->height);
				two[0] = (char)('a' + p % MAX_SIDE);
				two[1] = (char)('a' + p / MAX_SIDE);
			}
			md5_add(&m, two, 2);
		}
		md5_add(&m, "\n", 1);
		unsigned char d[16];
		md5_bytes(&m, d);
		if (!s || memcmp(d, best, 16) < 0)
			memcpy(best, d, 16);
	}
	free(setup);
	for (int i = 0; i < 16; i++)
		snprintf(g->sgfinfo + 2 * i, 3, "%02x", best[i]);
}

void dup_game_trim(struct dup_game *g)
{
	while (g->nline && DUP_TAG(g->line[g->nline - 1]) > DUP_W)
		g->nline--;
}

/* The variations off the main line branching where they did after its
 * first run elements are taken off it (handicap moves become setup). */
static void vars_shift(struct dup_game *g, size_t run)
{
	size_t depth = 0;
	for (size_t i = 0; i < g->nvars; i++) {
		unsigned tag = DUP_TAG(g->vars[i]), at = DUP_POINT(g->vars[i]);
		if (tag == DUP_VAR_OPEN && !depth++)
			g->vars[i] = (uint16_t)(DUP_VAR_OPEN << 13 | (at > run ? at - run : 0));
		else if (tag == DUP_VAR_CLOSE)
			depth--;
	}
}

/* Whether g's line as read has two black moves in a row (a pass is a
 * move), no white pass between, before white's first move (struct
 * dup_game's black_twice); setup between lets either colour follow. */
static bool black_twice(const struct dup_game *g)
{
	bool black = false;
	for (size_t i = 0; i < g->nline; i++) {
		unsigned tag = DUP_TAG(g->line[i]);
		if (tag == DUP_W && DUP_POINT(g->line[i]) != DUP_PASS)
			return false;
		if (tag == DUP_B && black)
			return true;
		black = tag == DUP_B;
	}
	return false;
}

void dup_game_normalise(struct dup_game *g)
{
	dup_game_comments_end(g);
	dup_game_trim(g);
	if (g->signatures && g->width == g->height && g->width <= 19) {
		dyer(g);
		sgfinfo_md5(g);
	}
	g->black_twice = black_twice(g);
	/* Handicap played as moves: black points, with or without white
	 * passes between them, then white's first real move. Two stones or
	 * more, and no white stone set up: that is what AB stones would be. */
	size_t i = 0, stones = 0, run = 0;
	bool white_setup = false;
	for (size_t k = 0; k < g->nsetup; k++)
		white_setup |= DUP_TAG(g->setup[k]) == DUP_AW;
	while (i < g->nline && DUP_TAG(g->line[i]) == DUP_B && DUP_POINT(g->line[i]) != DUP_PASS) {
		stones++;
		i++;
		run = i;
		if (i < g->nline && g->line[i] == (uint16_t)(DUP_W << 13 | DUP_PASS))
			i++;
	}
	bool white_next = run == g->nline || (DUP_TAG(g->line[run]) == DUP_W &&
					      DUP_POINT(g->line[run]) != DUP_PASS);
	if (stones >= 2 && !white_setup && white_next) {
		for (size_t k = 0; k < run; k++)
			if (DUP_TAG(g->line[k]) == DUP_B)
				push(&g->setup, &g->nsetup, &g->setup_cap, DUP_AB, DUP_POINT(g->line[k]));
		g->moves -= run;
		g->handicap_moves = stones;
		memmove(g->line, g->line + run, (g->nline - run) * sizeof *g->line);
		g->nline -= run;
		vars_shift(g, run);
	} else {
		run = 0;
	}
	sort_items(g->setup, g->nsetup, sizeof *g->setup, dup_cmp_u16);
	size_t out = 0;   /* a stone set up twice is one stone */
	for (size_t k = 0; k < g->nsetup; k++)
		if (!out || g->setup[out - 1] != g->setup[k])
			g->setup[out++] = g->setup[k];
	g->nsetup = out;
	dup_game_replay(g);
	/* (their paths through the line as replayed) */
	dup_comments_placed(g, run, dup_game_position(g));
	dup_game_tree_hashes(g);
	free(g->vars);   /* held no longer than its hashes need */
	g->vars = NULL;
	g->nvars = g->vars_cap = 0;
}

bool dup_game_position(const struct dup_game *g)
{
	bool white_setup = false;
	for (size_t i = 0; i < g->nsetup; i++)
		white_setup |= DUP_TAG(g->setup[i]) == DUP_AW;
	return g->moves < DUP_MIN_MOVES && g->nsetup && (white_setup || g->nsetup >= 10);
}

uint16_t dup_image(uint16_t e, int s, int w, int h)
{
	unsigned tag = DUP_TAG(e);
	if (s & 8)   /* colours swapped */
		tag = tag == DUP_B ? DUP_W : tag == DUP_W ? DUP_B : tag == DUP_AB ? DUP_AW
		    : tag == DUP_AW ? DUP_AB : tag;
	return (uint16_t)(tag << 13 | dup_transform(DUP_POINT(e), s & 7, w, h));
}

uint16_t *dup_key(const struct dup_game *g, bool swap_colors, size_t *len, int *sym)
{
	size_t head = 3 + g->nsetup, n = head + g->nline;
	uint16_t *best = xmalloc(n * sizeof *best), *cand = xmalloc(n * sizeof *cand);
	int found = -1;
	for (int s = 0; s < 16; s++) {
		if (!dup_sym_ok(s, g->width, g->height, swap_colors))
			continue;
		cand[0] = (uint16_t)g->width;
		cand[1] = (uint16_t)g->height;
		cand[2] = (uint16_t)g->nsetup;
		for (size_t i = 0; i < g->nsetup; i++)
			cand[3 + i] = dup_image(g->setup[i], s, g->width, g->height);
		sort_items(cand + 3, g->nsetup, sizeof *cand, dup_cmp_u16);
		int c = found < 0 ? -1 : dup_cmp_key(cand, best, head);
		if (g->line_setup) {   /* its runs of setup sorted: each image whole */
			for (size_t i = 0; i < g->nline; i++)
				cand[head + i] = dup_image(g->line[i], s, g->width, g->height);
			dup_sort_runs(cand + head, g->nline);
			if (!c)
				c = dup_cmp_key(cand + head, best + head, g->nline);
		}
		/* else the line's images compared with the least's as they are
		 * made, up to the first that differs (most images differ at their
		 * first move): the least is made whole once, at the end */
		for (size_t i = 0; !c && !g->line_setup && i < g->nline; i++) {
			uint16_t x = dup_image(g->line[i], s, g->width, g->height),
				 y = dup_image(g->line[i], found, g->width, g->height);
			if (x != y)
				c = x < y ? -1 : 1;
		}
		if (c < 0) {
			uint16_t *t = best;
			best = cand;
			cand = t;
			found = s;
		}
	}
	for (size_t i = 0; !g->line_setup && i < g->nline; i++)
		best[head + i] = dup_image(g->line[i], found, g->width, g->height);
	free(cand);
	*len = n;
	*sym = found;
	return best;
}

void dup_key_hex(const uint16_t *key, size_t len, char hex[33])
{
	struct md5 m;
	md5_init(&m);
	for (size_t i = 0; i < len; i++) {
		unsigned char two[2] = { (unsigned char)(key[i] >> 8), (unsigned char)key[i] };
		md5_add(&m, two, 2);
	}
	md5_hex(&m, hex);
}

bool dup_handicap_setup(const uint16_t *setup, size_t n, const uint16_t *line, size_t nline,
			bool swap)
{
	if (n < 2 || n > 9)
		return false;
	unsigned tag = DUP_TAG(setup[0]);
	if (tag != DUP_AB && !(swap && tag == DUP_AW))
		return false;
	for (size_t i = 1; i < n; i++)
		if (DUP_TAG(setup[i]) != tag)
			return false;
	return !nline || DUP_TAG(line[0]) == (tag == DUP_AB ? DUP_W : DUP_B);
}

size_t dup_key_head(const uint16_t *key)
{
	return 3 + (size_t)key[2];
}

/* ---- what the report compares besides the key ---- */

void dup_game_var_open(struct dup_game *g)
{
	/* where it branches off the main line, as far as 13 bits number it */
	size_t at = g->nline < DUP_PASS - 1 ? g->nline : DUP_PASS - 1;
	push(&g->vars, &g->nvars, &g->vars_cap, DUP_VAR_OPEN, (unsigned)at);
}

void dup_game_var_close(struct dup_game *g)
{
	push(&g->vars, &g->nvars, &g->vars_cap, DUP_VAR_CLOSE, 0);
}

void dup_game_var_element(struct dup_game *g, unsigned tag, unsigned point)
{
	push(&g->vars, &g->nvars, &g->vars_cap, tag, point);
}

/* Element e's hash under symmetry s (bit 3: the colours swapped), through
 * map (each point's image): a move's, a stone's and an emptied point's
 * (REVIEW.md R179: an AE's was left as written, so a turned problem with
 * one was "another solution"). */
static uint64_t element_image(uint16_t e, const uint16_t *map, int s)
{
	unsigned tag = DUP_TAG(e), p = DUP_POINT(e);
	if (tag <= DUP_AE) {
		if ((s & 8) && tag <= DUP_AW)
			tag ^= 1;   /* B and W, AB and AW */
		p = p == DUP_PASS ? p : map[p];
	}
	return dup_mix((uint64_t)(tag << 13 | p) + 0x9e3779b97f4a7c15ULL);
}

/* A node of the tree: its element, and the sum of its children's hashes
 * (the lines that go on from it, in any order). */
static uint64_t tree_node(uint64_t element, uint64_t children)
{
	return dup_mix(element ^ dup_mix(children + 0x2545f4914f6cdd1dULL));
}

/* A setup run's node (its elements' images summed: the position it
 * makes, in whatever order the run lists them, as its image under any
 * symmetry has it). */
static uint64_t run_image(uint64_t sum)
{
	return dup_mix(sum + 0x7f4a7c159e3779b9ULL);
}

/* The hashes of the variations off the main line, each added to
 * at[where it branches] (clamped to the line), nested ones within
 * theirs: read from the last element back, each element's node made of
 * the sum of the lines after it (a setup run one node), a variation's
 * hash its first node's with the variations beside it. */
static void variations_image(const struct dup_game *g, const uint16_t *map, int s, uint64_t *at)
{
	/* a frame a level: the lines after, and the setup run being summed */
	struct { uint64_t sum, run; bool in_run; } *f = xmalloc((g->nvars + 1) * sizeof *f);
	size_t depth = 0;
	f[0].in_run = false;
	for (size_t i = g->nvars; i-- > 0;) {
		uint16_t e = g->vars[i];
		unsigned tag = DUP_TAG(e);
		bool setup = tag >= DUP_AB && tag <= DUP_AE;
		if (!setup && f[depth].in_run) {   /* a run's first element passed */
			f[depth].sum = tree_node(run_image(f[depth].run), f[depth].sum);
			f[depth].in_run = false;
		}
		if (tag == DUP_VAR_CLOSE) {
			depth++;
			f[depth].sum = f[depth].run = 0;
			f[depth].in_run = false;
		} else if (tag == DUP_VAR_OPEN) {
			uint64_t h = f[depth].sum;
			if (depth)
				depth--;
			if (depth)
				f[depth].sum += h;
			else
				at[DUP_POINT(e) < g->nline ? DUP_POINT(e) : g->nline] += h;
		} else if (depth && setup) {
			f[depth].run += element_image(e, map, s);
			f[depth].in_run = true;
		} else if (depth) {
			f[depth].sum = tree_node(element_image(e, map, s), f[depth].sum);
		}
	}
	free(f);
}

/* The hash of the game's moves and setup with its variations, as a tree
 * whose lines are in any order (sibling variations are a writer's order:
 * a problem's right answer first or last), under symmetry s of its board
 * (bit 3: the colours swapped), through map (each point's image). */
static uint64_t tree_image(const struct dup_game *g, const uint16_t *map, int s)
{
	uint64_t *at = xcalloc(g->nline + 1, sizeof *at);
	variations_image(g, map, s, at);
	uint64_t line = at[g->nline], run = 0;
	for (size_t i = g->nline; i-- > 0;) {
		unsigned tag = DUP_TAG(g->line[i]);
		if (tag <= DUP_W) {
			line = tree_node(element_image(g->line[i], map, s), line) + at[i];
			continue;
		}
		run += element_image(g->line[i], map, s);
		/* a run ends at a move, or where a variation branches */
		if (!i || DUP_TAG(g->line[i - 1]) <= DUP_W || at[i]) {
			line = tree_node(run_image(run), line) + at[i];
			run = 0;
		}
	}
	uint64_t setup = 0;   /* a set of stones */
	for (size_t i = 0; i < g->nsetup; i++)
		setup += element_image(g->setup[i], map, s);
	free(at);
	return dup_mix(setup ^ dup_mix(line));
}

void dup_game_tree_hashes(struct dup_game *g)
{
	g->tree_hash = g->tree_swap_hash = 0;
	/* the main line is all: its key says it, but for a record shorter
	 * than a game matched on its moves (a position: its key is its
	 * stones, not its solution) */
	if (!g->nvars && g->moves >= DUP_MIN_MOVES)
		return;
	uint16_t *map = xmalloc(MAX_SIDE * MAX_SIDE * sizeof *map);
	for (int s = 0; s < 8; s++) {
		if (!dup_sym_ok(s, g->width, g->height, false))
			continue;
		for (unsigned p = 0; p < MAX_SIDE * MAX_SIDE; p++)
			map[p] = (uint16_t)(p % MAX_SIDE < (unsigned)g->width &&
					    p / MAX_SIDE < (unsigned)g->height
					    ? dup_transform(p, s, g->width, g->height) : p);
		uint64_t h = tree_image(g, map, s), w = tree_image(g, map, s | 8);
		if (!g->tree_hash || h < g->tree_hash)
			g->tree_hash = h;
		if (!g->tree_swap_hash || w < g->tree_swap_hash)
			g->tree_swap_hash = w;
	}
	free(map);
}
