/* nodeprops: a node's properties mapped to JGF (nodeprops.h). */
#include "convert/nodeprops.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/dom.h"
#include "convert/inforepair.h"
#include "convert/keep.h"
#include "convert/rootprops.h"
#include "convert/say.h"
#include "convert/sgfprops.h"
#include "convert/sgfvalue.h"
#include "core/catalog.h"

/* What a node's mapping says (convert/say.h). */
#define SAY_MOVE_KEPT &rule_sgf_two_moves, "kept under meta.%s%s: %s (%s)"
#define SAY_MOVE_THIRD "a third move in one node"
#define SAY_MOVE_VALUES "a move with several values"
#define SAY_MOVE_POINT &rule_sgf_point_value, \
	"kept under meta.%s%s: %s[%s] (not a point on the %dx%d board)"
#define SAY_MOVE_SECOND &rule_sgf_two_moves, \
	"a second move in one node: read as a node of its own after the first; --fix leaves " \
	"it, --convert --to sgf writes it so"
#define SAY_POINTS_OFF_BOARD &rule_sgf_off_board, \
	"kept under meta.%s%s: %s (points off the %dx%d board)"
#define SAY_LINES_OFF_BOARD &rule_sgf_label_value, \
	"kept under meta.%s%s: L (points off the board, a point twice, or more than 26)"
/* LB or XM with values left out: the first named, with why, and how many
 * more; the property itself kept as written, its other values read. */
#define SAY_LEFT_OUT &rule_sgf_label_value, \
	"kept under meta.%s%s as written: %s, whose value `%.*s` is %s%s; its values that are " \
	"%s on the board are read as %s"
#define SAY_LEFT_OUT_MORE " (and %zu more)"
#define SAY_LABEL_NOT_POINT "not point:text on the board"
#define SAY_LABEL_TWICE "a second label on its point"
#define SAY_MARK_NOT_POINT "not point:type on the board"
#define SAY_MARK_TWICE "a point given its type a second time"
#define SAY_TERRITORY &rule_sgf_off_board, \
	"kept under meta.%s%s: %s (points off the board or territory of both colours)"
#define SAY_MARKS_OFF_BOARD &rule_sgf_off_board, \
	"kept under meta.%s%s: %s (points off the board)"
#define SAY_UNKNOWN_MORE &rule_sgf_unknown_property, \
	"%s and the game's later properties that SGF FF[4] does not define: kept under meta.%s " \
	"as written, not listed one by one"
#define SAY_UNKNOWN &rule_sgf_unknown_property, "%s is %s: kept under meta.%s%s as written"
#define SAY_UNKNOWN_OLD "a property of SGF before FF[4], which FF[4] dropped"
#define SAY_UNKNOWN_NEW "not a property of SGF FF[4] (unknown, or an application's own)"
#define SAY_INFO_OUTSIDE_ROOT &rule_sgf_info_outside_root, \
	"kept under meta.%s.nodes: %s (game information outside the root node is not the game's)"
#define SAY_VALUE_TYPE &rule_sgf_value_type, \
	"kept under meta.%s%s: %s[%s%s] (SGF FF[4] gives %s %s)"
#define SAY_TIME_NUMBER &rule_sgf_time_read, \
	"%s[%s] read as %.15g seconds: write %s[%.15g], a number as SGF writes it"

static json_object *coord_json(int x, int y)
{
	json_object *o = dom_object();
	dom_add_new(o, "x", dom_int(x));
	dom_add_new(o, "y", dom_int(y));
	return o;
}

/* The points of (compressed) point lists, each once, in the order given,
 * with the place of each among the points as listed (FF[3]'s L labels
 * by it); bad: a value that is no point on the board; repeated: a point
 * listed twice. */
struct points {
	int (*xy)[3];
	size_t len, cap, listed;
	bool bad, repeated;
	unsigned char seen[52 * 52 / 8 + 1];   /* boards are at most 52x52 */
};

/* Adds (x, y) unless it is there already: false then. */
static bool points_add(struct points *pts, int x, int y)
{
	size_t bit = (size_t)y * 52 + (size_t)x;
	size_t nth = pts->listed++;
	if (pts->seen[bit / 8] & (1u << (bit % 8)))
		return !(pts->repeated = true);   /* a repeat adds nothing */
	pts->seen[bit / 8] |= (unsigned char)(1u << (bit % 8));
	pts->xy = xgrow(pts->xy, &pts->cap, pts->len + 1, sizeof *pts->xy);
	pts->xy[pts->len][0] = x;
	pts->xy[pts->len][1] = y;
	pts->xy[pts->len++][2] = (int)nth;
	return true;
}

/* A point of the board: (*x, *y). */
bool conv_point_fits(const struct conv *c, const char *s, size_t len, int *x, int *y)
{
	return sgf_point_of(s, len, x, y) && *x < c->width && *y < c->height;
}

static void points_of(struct conv *c, const struct sgf_prop *p, struct points *pts)
{
	for (size_t i = 0; i < p->nvals; i++) {
		const struct sgf_value *v = &p->vals[i];
		struct sgf_box b;
		if (sgf_box_of(v->raw, v->len, c->width, c->height, &b)) {
			conv_say_rectangle(c, p, v, &b);
			for (int x = b.x1; x <= b.x2; x++)
				for (int y = b.y1; y <= b.y2; y++)
					points_add(pts, x, y);
		} else if (v->len) {
			pts->bad = true;
			pts->listed++;   /* its place among L's, a letter */
		}
	}
}

static json_object *coords_json(const struct points *pts)
{
	json_object *a = dom_array();
	for (size_t i = 0; i < pts->len; i++)
		dom_push(a, coord_json(pts->xy[i][0], pts->xy[i][1]));
	return a;
}

/* key: a literal, kept by json-c as it is (dom_add_new: e is new) */
static void add_entry(json_object **list, const char *key, const char *value, json_object *coords)
{
	if (!*list)
		*list = dom_array();
	json_object *e = dom_object();
	dom_add_ex(e, key, dom_string(value),
		   JSON_C_OBJECT_ADD_CONSTANT_KEY | JSON_C_OBJECT_ADD_KEY_IS_NEW);
	dom_add_new(e, "coords", coords);
	dom_push(*list, e);
}

/* The type FF[4] gives d's property, in words, when v is not of it
 * (sgf_value_misfit); NULL when it is, or when its type is one a part of
 * its own reads (a move, a label, text), or d is game information
 * (sgf-info-outside-root's; KO is FF[3]'s komi). An empty value is
 * sgf-empty-value's. */
static const char *value_misfit(const struct conv *c, const struct sgf_propdef *d,
				const struct sgf_value *v)
{
	if (!v->len || (d->flags & SGF_P_INFO))
		return NULL;
	return sgf_value_misfit(d->type, v, c->width, c->height);
}

bool conv_kept_with_move(const struct conv *c, const struct sgf_prop *p)
{
	const struct sgf_propdef *d = sgf_prop_def(p->id);
	if (!sgf_prop_with_move(d))
		return false;
	for (size_t i = 0; i < p->nvals; i++)
		if ((!p->vals[i].len && d->type != SGF_T_NONE && !(d->flags & SGF_P_ELIST)) ||
		    value_misfit(c, d, &p->vals[i]))
			return false;
	return true;
}

/* sgf-value-type for the first value of p not of its type, if any, kept
 * under meta.SOURCE then kept_in. */
static void say_misfit_in(struct conv *c, const struct sgf_prop *p,
			  const struct sgf_propdef *d, const char *kept_in)
{
	for (size_t i = 0; d && i < p->nvals; i++) {
		const char *why = value_misfit(c, d, &p->vals[i]);
		if (!why)
			continue;
		/* the value as written, its first 16 bytes (whole characters) */
		const struct sgf_value *v = &p->vals[i];
		size_t n = v->len <= 16 ? v->len : 16;
		while (n < v->len && n && ((unsigned char)v->raw[n] & 0xC0) == 0x80)
			n--;
		char *shown = xstrndup(v->raw, n);
		sgf_say(c->notes, v->pos, SAY_VALUE_TYPE, c->source, kept_in, p->id, shown,
			n < v->len ? "…" : "", p->id, why);
		free(shown);
		return;
	}
}

/* Not the root's: its properties are kept under meta as applications
 * write them (TE, a tesuji in FF[4], is the event in Japanese and Korean
 * records' roots), but conv_say_root_misfit's. */
static void say_misfit(struct conv *c, const struct sgf_prop *p, const struct sgf_propdef *d,
		       bool root)
{
	if (!root)
		say_misfit_in(c, p, d, ".nodes");
}

void conv_say_root_misfit(struct conv *c, const struct sgf_prop *p)
{
	const struct sgf_propdef *d = sgf_prop_def(p->id);
	if (sgf_prop_with_move(d) && !(d->flags & SGF_P_EVENT))
		say_misfit_in(c, p, d, "");
}

static void keep_part(struct parts *pt, const struct sgf_prop *p)
{
	size_t few = sizeof pt->kept_few / sizeof *pt->kept_few;
	if (!pt->kept) {
		pt->kept = pt->kept_few, pt->kcap = few;
	} else if (pt->kept == pt->kept_few && pt->nkept == few) {
		pt->kept = xmalloc(2 * few * sizeof *pt->kept);
		memcpy(pt->kept, pt->kept_few, sizeof pt->kept_few);
		pt->kcap = 2 * few;
	} else if (pt->kept != pt->kept_few) {
		pt->kept = xgrow(pt->kept, &pt->kcap, pt->nkept + 1, sizeof *pt->kept);
	}
	pt->kept[pt->nkept++] = p;
}

/* B or W: the node's move (a second one in the node gets a node of its
 * own after the first). */
static void move_part(struct conv *c, const struct sgf_prop *p, struct parts *pt)
{
	const char *id = p->id;
	int x, y;
	const struct sgf_value *v = &p->vals[0];
	if (pt->move2 || p->nvals != 1) {
		sgf_say(c->notes, p->pos, SAY_MOVE_KEPT, c->source, pt->kept_in, id,
			pt->move2 ? SAY_MOVE_THIRD : SAY_MOVE_VALUES);
		keep_part(pt, p);
		return;
	}
	bool pass = sgf_move_pass(v->raw, v->len, c->width, c->height);
	json_object *m = dom_object();
	dom_add_new(m, "color", dom_string(id[0] == 'B' ? "black" : "white"));
	if (pass) {
		dom_add_new(m, "pass", dom_bool(1));
	} else if (sgf_point_of(v->raw, v->len, &x, &y) && x < c->width && y < c->height) {
		dom_add_new(m, "x", dom_int(x));
		dom_add_new(m, "y", dom_int(y));
	} else {
		json_object_put(m);
		sgf_say(c->notes, v->pos, SAY_MOVE_POINT, c->source, pt->kept_in, id, v->raw,
			c->width, c->height);
		keep_part(pt, p);
		return;
	}
	if (pt->move) {
		/* SGF allows one move a node; a writer that put both
		 * (GNU Go's ;B[tt]W[tt]) meant them one after the other. */
		sgf_say(c->notes, p->pos, SAY_MOVE_SECOND);
		pt->move2 = m;
		pt->move2_pos = p->pos;
	} else {
		pt->move = m;
		pt->move_pos = p->pos;
	}
}

/* The markup entry just added to pt came from the property at pos. */
static void markup_from(struct parts *pt, struct sgf_pos pos)
{
	pt->markup_at = xgrow(pt->markup_at, &pt->markup_at_cap, pt->nmarkup_at + 1,
			      sizeof *pt->markup_at);
	pt->markup_at[pt->nmarkup_at++] = pos;
}

/* AB, AW or AE: a setup entry of the row's type. */
static void setup_part(struct conv *c, const struct sgf_prop *p, const struct sgf_propdef *d,
		       struct parts *pt)
{
	const char *id = p->id;
	struct points pts = {0};
	points_of(c, p, &pts);
	if (pts.bad) {
		sgf_say(c->notes, p->pos, SAY_POINTS_OFF_BOARD, c->source, pt->kept_in, id, c->width, c->height);
		keep_part(pt, p);
	}
	if (pts.len) {
		add_entry(&pt->setup, "type", d->entry, coords_json(&pts));
		if (!pt->setup_pos.line)
			pt->setup_pos = p->pos;
		pt->setup_at = xgrow(pt->setup_at, &pt->setup_at_cap, pt->nsetup_at + 1,
				     sizeof *pt->setup_at);
		pt->setup_at[pt->nsetup_at++] = p->pos;
	}
	free(pts.xy);
}

/* L (FF[1-3] labels): the points get a, b, c, ... in order. */
static void old_labels_part(struct conv *c, const struct sgf_prop *p, struct parts *pt)
{
	struct points pts = {0};
	points_of(c, p, &pts);
	if (pts.bad || pts.repeated || pts.listed > 26) {
		sgf_say(c->notes, p->pos, SAY_LINES_OFF_BOARD, c->source, pt->kept_in);
		keep_part(pt, p);
	}
	json_object *coords = dom_array();
	/* each point its letter as listed (L[ee][ee][ff]: ff is c), a
	 * repeat's kept with L */
	for (size_t j = 0; j < pts.len && pts.xy[j][2] < 26; j++) {
		json_object *cj = coord_json(pts.xy[j][0], pts.xy[j][1]);
		char text[2] = { (char)('a' + pts.xy[j][2]), '\0' };
		dom_add_new(cj, "text", dom_string(text));
		dom_push(coords, cj);
	}
	free(pts.xy);
	if (json_object_array_length(coords)) {
		add_entry(&pt->markup, "type", "label", coords);
		markup_from(pt, p->pos);
	} else {
		json_object_put(coords);
	}
}

static bool ascii_letter(char ch)
{
	return (ch >= 'a' && ch <= 'z') || (ch >= 'A' && ch <= 'Z');
}

bool conv_label_of(const struct conv *c, const struct sgf_value *v, int *x, int *y, char **text)
{
	size_t colon = 2;
	bool ok;
	if (v->len >= 3 && ascii_letter(v->raw[0]) && ascii_letter(v->raw[1]) && v->raw[2] == ':') {
		/* a point's two letters, as they decode (the most of labels:
		 * their decoding, a buffer's, was 60% of reading one) */
		ok = sgf_point_of(v->raw, 2, x, y) && *x < c->width && *y < c->height;
	} else {
		struct buf first = BUF_INIT;
		sgf_decode_text(&first, v->raw, v->len, true, &colon);
		ok = colon != SIZE_MAX && first.data && sgf_point_of(first.data, first.len, x, y) &&
		     *x < c->width && *y < c->height;
		buf_free(&first);
	}
	if (!ok || !text)
		return ok;
	struct sgf_value rest = { .raw = v->raw + colon + 1, .len = v->len - colon - 1, .pos = v->pos };
	*text = sgf_simple_of(&rest);
	if (!**text) {
		free(*text);
		*text = xstrdup(" ");
	}
	return true;
}

char *conv_name_of(const struct sgf_prop *p)
{
	return sgf_words_of(&p->vals[0]);
}

/* The values of an LB or XM left out of the markup, each with why: the
 * finding names the first. */
struct left_out {
	const struct sgf_value *first;
	const char *why;
	size_t count;
};

static void left_out_add(struct left_out *lo, const struct sgf_value *v, const char *why)
{
	if (!lo->count++)
		lo->first = v, lo->why = why;
}

/* p had values left out (lo): said, naming the first as written (its first
 * 40 bytes at most, cut between characters), and kept whole. what: the
 * property in words; shape: what a good value is; read_as: what it is read as. */
static void say_left_out(struct conv *c, const struct sgf_prop *p, struct parts *pt,
			 const struct left_out *lo, const char *what, const char *shape,
			 const char *read_as)
{
	if (!lo->count)
		return;
	char more[48] = "";
	if (lo->count > 1)
		snprintf(more, sizeof more, SAY_LEFT_OUT_MORE, lo->count - 1);
	size_t shown = lo->first->len < 40 ? lo->first->len : 40;
	while (shown < lo->first->len && ((unsigned char)lo->first->raw[shown] & 0xC0) == 0x80)
		shown--;
	sgf_say(c->notes, p->pos, SAY_LEFT_OUT, c->source, pt->kept_in, what, (int)shown,
		lo->first->raw, lo->why, more, shape, read_as);
	keep_part(pt, p);
}

/* LB: labels point:text, one a point. */
static void labels_part(struct conv *c, const struct sgf_prop *p, struct parts *pt)
{
	json_object *coords = dom_array();
	struct points seen = {0};
	struct left_out lo = {0};
	for (size_t j = 0; j < p->nvals; j++) {
		int x, y;
		char *text = NULL;
		if (!conv_label_of(c, &p->vals[j], &x, &y, &text)) {
			left_out_add(&lo, &p->vals[j], SAY_LABEL_NOT_POINT);
		} else if (!points_add(&seen, x, y)) {
			left_out_add(&lo, &p->vals[j], SAY_LABEL_TWICE);
		} else {
			json_object *pt_json = coord_json(x, y);
			dom_add_new(pt_json, "text", dom_string(text));
			dom_push(coords, pt_json);
		}
		free(text);
	}
	free(seen.xy);
	say_left_out(c, p, pt, &lo, "LB", "point:text", "labels");
	if (json_object_array_length(coords)) {
		if (!pt->markup)
			pt->markup = dom_array();
		json_object *e = dom_object();
		dom_add_new(e, "type", dom_string("label"));
		dom_add_new(e, "coords", coords);
		dom_push(pt->markup, e);
		markup_from(pt, p->pos);
	} else {
		json_object_put(coords);
	}
}

/* The entry of type among entries, or NULL. */
static json_object *entry_of(json_object *entries, const char *type)
{
	for (size_t i = 0; i < json_object_array_length(entries); i++) {
		json_object *e = json_object_array_get_idx(entries, i);
		if (!strcmp(json_object_get_string(member(e, "type")), type))
			return e;
	}
	return NULL;
}

/* XM, jgflint's own (sgfprops.h): the markup of types SGF has no property
 * for, point:type, as its writer writes JGF's custom markup; an entry a
 * type, in the order first given. */
static void custom_marks_part(struct conv *c, const struct sgf_prop *p, struct parts *pt)
{
	json_object *entries = dom_array();
	struct left_out lo = {0};
	for (size_t j = 0; j < p->nvals; j++) {
		int x, y;
		char *type = NULL;
		const char *bad = NULL;   /* why this value alone is left out of the markup */
		json_object *e = NULL, *coords = NULL;
		if (!conv_label_of(c, &p->vals[j], &x, &y, &type) || !strcmp(type, " ")) {
			bad = SAY_MARK_NOT_POINT;
		} else {
			e = entry_of(entries, type);
			coords = member(e, "coords");
			for (size_t k = 0; coords && k < json_object_array_length(coords); k++) {
				json_object *q = json_object_array_get_idx(coords, k);
				if (json_object_get_int(member(q, "x")) == x &&
				    json_object_get_int(member(q, "y")) == y)
					bad = SAY_MARK_TWICE;
			}
		}
		if (bad) {
			left_out_add(&lo, &p->vals[j], bad);
			free(type);
			continue;
		}
		if (!e) {
			e = dom_object();
			dom_add_new(e, "type", dom_string(type));
			dom_add_new(e, "coords", coords = dom_array());
			dom_push(entries, e);
		}
		dom_push(coords, coord_json(x, y));
		free(type);
	}
	say_left_out(c, p, pt, &lo, "XM, jgflint's markup of other types", "point:type", "markup");
	for (size_t i = 0; i < json_object_array_length(entries); i++) {
		if (!pt->markup)
			pt->markup = dom_array();
		dom_push(pt->markup, json_object_get(json_object_array_get_idx(entries, i)));
		markup_from(pt, p->pos);
	}
	json_object_put(entries);
}

/* TB or TW: score points, unique across colours (the first keeps one). */
static void score_part(struct conv *c, const struct sgf_prop *p, const struct sgf_propdef *d,
		       struct parts *pt, struct points *seen_score)
{
	const char *id = p->id;
	struct points pts = {0}, fresh = {0};
	points_of(c, p, &pts);
	for (size_t j = 0; j < pts.len; j++) {
		if (points_add(seen_score, pts.xy[j][0], pts.xy[j][1]))
			points_add(&fresh, pts.xy[j][0], pts.xy[j][1]);
		else
			pts.bad = true;
	}
	if (pts.bad) {
		sgf_say(c->notes, p->pos, SAY_TERRITORY, c->source, pt->kept_in, id);
		keep_part(pt, p);
	}
	if (fresh.len)
		add_entry(&pt->score, "color", d->entry, coords_json(&fresh));
	free(pts.xy);
	free(fresh.xy);
}

/* CR, TR, SQ, MA, SL, M, MH, MS: markup of the row's type. */
static void mark_part(struct conv *c, const struct sgf_prop *p, const struct sgf_propdef *d,
		      struct parts *pt)
{
	struct points pts = {0};
	points_of(c, p, &pts);
	if (pts.bad) {
		sgf_say(c->notes, p->pos, SAY_MARKS_OFF_BOARD, c->source, pt->kept_in, p->id);
		keep_part(pt, p);
	}
	if (pts.len) {
		if (!pt->markup)
			pt->markup = dom_array();
		add_entry(&pt->markup, "type", d->entry, coords_json(&pts));
		markup_from(pt, p->pos);
	}
	free(pts.xy);
}

/* A time left read though not written as SGF writes a Real: said, with
 * the repair that writes it so. */
static void say_time_number(struct conv *c, const struct sgf_prop *p, double d)
{
	char *s = sgf_text_of(&p->vals[0], true);   /* (its blanks shown) */
	sgf_say(c->notes, p->pos, SAY_TIME_NUMBER, p->id, s, d, p->id, d);
	sgf_value_fix_number(c->notes, &p->vals[0], d);
	free(s);
}

/* BL, WL, OB, OW: time left, on the move of the same colour. */
static void time_parts(struct conv *c, struct parts *pt, bool root)
{
	for (int k = 0; k < 4; k++) {
		const struct sgf_prop *p = pt->time[k];
		if (!p)
			continue;
		json_object *move = NULL;
		for (int i = 0; i < 2 && !move; i++) {
			json_object *m = i ? pt->move2 : pt->move;
			const char *color = m ? json_object_get_string(
				json_object_object_get(m, "color")) : "";
			if (color[0] && (k % 2 == 0) == (color[0] == 'b'))
				move = m;
		}
		double d;
		long long count;
		if (move && k < 2 && sgf_real_of(&p->vals[0], &d) && d >= 0) {
			dom_add_literal(move, "timeLeft", sgf_number_json(d));
			if (!sgf_number_exact(&p->vals[0], true))   /* BL[12,5], BL[ 30] */
				say_time_number(c, p, d);
		} else if (move && k >= 2 && sgf_number_of(&p->vals[0], &count) && count >= 0)
			dom_add_literal(move, "periodsLeft", dom_int(count));
		else {
			say_misfit(c, p, sgf_prop_def(p->id), root);
			keep_part(pt, p);
			continue;
		}
		if (p->nvals > 1) {   /* the first read, the others kept with it */
			say_more_values(c, p, false);
			pt->move_kept[pt->nmove_kept].prop = p;
			pt->move_kept[pt->nmove_kept++].second = move == pt->move2;
		}
	}
}

/* The unknown properties of a game named one by one; past these, one
 * finding for the rest (a node of 1,000 private properties). */
#define UNKNOWN_LISTED 20

/* A property FF[4] does not define: kept as written, and said once a game
 * (SGF's own and SGF-in-JSON's; the other readers keep their own
 * variables). */
static void note_unknown(struct conv *c, const struct sgf_prop *p, bool root)
{
	if (strcmp(c->source, "sgf") || strchr(p->id, ':'))
		return;
	if (sgf_prop_is(p->id, SGF_P_FF4 | SGF_P_SEKI | SGF_P_OWN))
		return;
	/* Once a game for each (an application's own property may stand in
	 * every node), and a few one by one: then one finding for the rest. */
	if (c->nunknown > UNKNOWN_LISTED)
		return;
	struct buf token = BUF_INIT;
	buf_printf(&token, " %s ", p->id);
	bool seen = c->unknown.data && strstr(c->unknown.data, token.data);
	if (!seen)
		buf_add(&c->unknown, token.data + !!c->unknown.len, token.len - !!c->unknown.len);
	buf_free(&token);
	if (seen)
		return;
	if (++c->nunknown > UNKNOWN_LISTED) {
		sgf_say(c->notes, p->pos, SAY_UNKNOWN_MORE, p->id, c->source);
		return;
	}
	bool obsolete = sgf_prop_is(p->id, SGF_P_OLD);
	sgf_say(c->notes, p->pos, SAY_UNKNOWN, p->id, obsolete ? SAY_UNKNOWN_OLD : SAY_UNKNOWN_NEW,
		c->source, root ? "" : ".nodes");
}

/* PL: the node's turn (B, W, or FF[3]'s 1 and 2); kept when it is none,
 * or when it has more values (PL[W][B]: which is meant is not guessed). */
static void turn_part(struct conv *c, const struct sgf_prop *p, struct parts *pt, bool root)
{
	char *s = sgf_simple_of(&p->vals[0]);
	const char *turn = !strcmp(s, "B") || !strcmp(s, "1") ? "black" :
			   !strcmp(s, "W") || !strcmp(s, "2") ? "white" : NULL;
	if (turn && p->nvals > 1)
		say_more_values(c, p, root);
	if (turn && p->nvals == 1)
		pt->turn = dom_string(turn);
	else
		keep_part(pt, p);
	free(s);
}

/* What a node's properties become in JGF, part by part. */
void node_parts(struct conv *c, const struct sgf_node *n, bool root, struct parts *pt)
{
	struct points seen_score = {0};
	size_t notes_from = c->notes->len;
	*pt = (struct parts){ .kept_in = root ? "" : ".nodes" };
	for (size_t i = 0; i < n->nprops; i++) {
		const struct sgf_prop *p = &n->props[i];
		const char *id = p->id;
		if (root && is_root_info(id))
			continue;
		if (!root && is_root_info(id) && !sgf_prop_is(id, SGF_P_ANY_NODE))
			sgf_say(c->notes, p->pos, SAY_INFO_OUTSIDE_ROOT, c->source, id);
		const struct sgf_propdef *d = sgf_prop_def(id);
		switch (d ? d->kind : SGF_K_KEPT) {
		case SGF_K_MOVE:
			move_part(c, p, pt);
			break;
		case SGF_K_SETUP:
			setup_part(c, p, d, pt);
			break;
		case SGF_K_TURN:
			turn_part(c, p, pt, root);
			break;
		case SGF_K_COMMENT:
			if (!pt->comments)
				pt->comments = dom_array();
			for (size_t j = 0; j < p->nvals; j++) {
				char *s = sgf_text_of(&p->vals[j], false);
				dom_push(pt->comments, dom_string(s));
				free(s);
			}
			break;
		case SGF_K_NAME: {
			char *s = conv_name_of(p);
			pt->name = dom_string(s);
			free(s);
			if (p->nvals > 1)
				keep_part(pt, p);
			break;
		}
		case SGF_K_OLD_LABEL:
			old_labels_part(c, p, pt);
			break;
		case SGF_K_LABEL:
			labels_part(c, p, pt);
			break;
		case SGF_K_SCORE:
			score_part(c, p, d, pt, &seen_score);
			break;
		case SGF_K_MARK:
			mark_part(c, p, d, pt);
			break;
		case SGF_K_CUSTOM_MARK:
			custom_marks_part(c, p, pt);
			break;
		case SGF_K_MOVE_TIME:
			/* BL, WL, OB, OW: time[0] to [3] */
			pt->time[(strcmp(d->key, "timeLeft") ? 2 : 0) + !strcmp(d->entry, "white")] = p;
			break;
		default:
			note_unknown(c, p, root);
			say_misfit(c, p, d, root);
			keep_part(pt, p);
			break;
		}
	}
	free(seen_score.xy);
	time_parts(c, pt, root);
	if (!root)   /* game information of several values: repaired as --to sgf writes it */
		node_several_fixes(c, n, notes_from);
}

void parts_free(struct parts *pt)
{
	if (pt->kept != pt->kept_few)
		free(pt->kept);
	free(pt->setup_at);
	free(pt->markup_at);
}
