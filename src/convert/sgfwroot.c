/* sgfwroot: a record's sections written as the SGF root's properties
 * (sgfwriter.h), in the order of sgfprops.h's table, each by its kind's
 * writer; and notes for what they hold that SGF has no property for. */
#include "convert/sgfwriter.h"

#include <limits.h>
#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/dom.h"
#include "core/values.h"
#include "convert/sgf.h"
#include "convert/sgfprops.h"
#include "convert/sgfwrite.h"

SGFW_FOR_SIZE

/* A date with a time of day (a JGF date "2024-03-01T10:30", SGF's DT read
 * as DT[1997-04-14 10:30], its original kept): FF[4]'s DT has no room for
 * the time, so DT gets the day and GC the date as given, as DT[value]
 * (what sgfw_root_unheld does with kept values FF[4] cannot hold), said
 * at pointer at. */
static const char *day_of(struct writer *w, const char *d, char day[11], const char *at)
{
	if (strlen(d) <= 10 || !strchr(d, ':') || !value_date_with_time(d, strlen(d), day))
		return d;
	buf_printf(&w->gc, "%sDT[%s]", w->gc.len ? "\n\n" : "", d);
	sgfw_lost(w, at, "a time of day, which FF[4]'s DT has no room for: the day in DT, the "
		  "date as given in GC");
	return day;
}

/* Dates: DT's ISO list, a later date shortened to what differs from the one before. */
static void dates(struct writer *w, json_object *game)
{
	json_object *list = sgfw_get(game, "dates");
	struct buf dt = BUF_INIT;
	const char *prev = NULL;
	char days[2][11];
	size_t n = json_object_is_type(list, json_type_array) ? json_object_array_length(list) : 0;
	for (size_t i = 0; i < n; i++) {
		const char *d = json_object_get_string(json_object_array_get_idx(list, i));
		if (!d || !*d)
			continue;
		char at[40];
		snprintf(at, sizeof at, "/game/dates/%zu", i);
		d = day_of(w, d, days[dt.len && prev == days[0]], at);   /* not prev's */
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
	if (!dt.len && sgfw_str(game, "date"))
		buf_adds(&dt, day_of(w, sgfw_str(game, "date"), days[0], "/game/date"));
	const char *kept_dt = sgfw_str(w->ksgf, "DT");
	if (dt.len && kept_dt && strchr(kept_dt, ':') &&
	    value_date_with_time(kept_dt, strlen(kept_dt), days[1])) {
		w->dt_time = true;   /* SGF's DT[1997-04-14 10:30], read as its day */
		day_of(w, kept_dt, days[1], "/meta/sgf/DT");
	}
	if (dt.len)
		sgfw_prop(w, "DT", dt.data);
	buf_free(&dt);
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
		const char *c = sgfw_color_letter(sgfw_str(p, "color"));
		char at[48];
		snprintf(at, sizeof at, "/players/%zu", i);
		if (!c || seen[*c == 'W']) {
			sgfw_lost(w, at, "a player SGF has no property for (a colour other than black or "
			     "white, or a second player of a colour)");
			continue;
		}
		seen[*c == 'W'] = true;
		const char *color = *c == 'B' ? "black" : "white";
		size_t nrows;
		const struct sgf_propdef *t = sgf_props(&nrows);
		for (size_t r = 0; r < nrows; r++)   /* PB, BR, BT or PW, WR, WT */
			if (t[r].section && !strcmp(t[r].section, color))
				sgfw_prop(w, t[r].id, sgfw_str(p, t[r].key));
		static const char *const extras[] = { "color", NULL };
		sgfw_unmapped(w, p, at, "", color, extras, "a key of the player SGF has no property for");
	}
}

/* TM, TC, TT: a time of 0 is none (Seki writes 0 for a game without a
 * time limit, and leaves TM[0] out of its own SGF): not written, said. */
static void time_prop(struct writer *w, const char *id, json_object *rules, const char *key)
{
	double d;
	json_object *v = sgfw_get(rules, key);
	if (sgfw_number(v, &d) && d == 0) {
		struct buf at = BUF_INIT;
		buf_printf(&at, "/rules/%s", key);
		sgfw_lost(w, at.data, "a time of 0, no time limit: not written (SGF leaves it out)");
		buf_free(&at);
		return;
	}
	sgfw_prop_number(w, id, v);
}

/* Notes for what the record's sections hold that the root does not write:
 * the keys no row of the table places, but those the writer writes
 * besides (extras). */
static void sections_unmapped(struct writer *w, json_object *rec)
{
	static const char *const top[] = { "record", "game", "players", "event", "rules", "board",
					   "source", "settings", "meta", "tree", NULL };
	static const char *const record[] = { "format", "version", "charset", "generator", NULL };
	static const char *const game[] = { "type", "dates", NULL };
	static const char *const board[] = { "width", "height", NULL };
	static const char *const settings[] = { "showSiblingVariations", NULL };
	static const char *const meta[] = { "sgf", NULL };
	static const char *const none[] = { NULL };
	static const struct { const char *key; const char *const *extras; } sections[] = {
		{ "record", record }, { "game", game }, { "rules", none }, { "board", board },
		{ "event", none }, { "source", none }, { "meta", meta }, { "settings", settings },
	};
	sgfw_unmapped(w, rec, "", "", NULL, top, "a section SGF has no properties for");
	for (size_t i = 0; i < sizeof sections / sizeof *sections; i++) {
		char at[16];
		snprintf(at, sizeof at, "/%s", sections[i].key);
		sgfw_unmapped(w, sgfw_get(rec, sections[i].key), at, "", sections[i].key,
			      sections[i].extras, "a key SGF has no property for");
	}
	const char *type = sgfw_str(sgfw_get(rec, "game"), "type");
	if (type && strcmp(type, "go"))
		sgfw_lost(w, "/game/type", "not go: written as GM[1] all the same");
	/* game.date beside game.dates: DT is written from dates. */
	const char *date = sgfw_str(sgfw_get(rec, "game"), "date");
	json_object *dates = sgfw_get(sgfw_get(rec, "game"), "dates");
	if (date && json_object_is_type(dates, json_type_array) && json_object_array_length(dates)) {
		bool in = false;
		for (size_t i = 0; i < json_object_array_length(dates); i++) {
			const char *d = json_object_get_string(json_object_array_get_idx(dates, i));
			in |= d && !strcmp(d, date);
		}
		if (!in)
			sgfw_lost(w, "/game/date", "a date beside game.dates (DT is written from dates)");
	}
}

/* The value the writer gives a property of the file itself. */
static void write_header(struct writer *w, const struct sgf_propdef *d, json_object *sec)
{
	(void)sec;
	const char *v = !strcmp(d->id, "FF") ? "4" : !strcmp(d->id, "GM") ? "1" :
			!strcmp(d->id, "CA") ? "UTF-8" :   /* the text written is UTF-8 */
			!strcmp(d->id, "AP") ? "jgflint:" PACKAGE_VERSION : NULL;
	if (v)
		buf_printf(w->out, "%s[%s]", d->id, v);
}

static void write_size(struct writer *w, const struct sgf_propdef *d, json_object *sec)
{
	(void)sec;
	/* The record's number, whole: a side past an int's range is written
	 * as it is, not as the int the writer's points are cut to. */
	char a[32], b[32];
	snprintf(a, sizeof a, "%.0f", trunc(w->size_w) + 0.0);   /* + 0.0: -0 as 0 */
	snprintf(b, sizeof b, "%.0f", trunc(w->size_h) + 0.0);
	if (!strcmp(a, b))
		buf_printf(w->out, "%s[%s]", d->id, a);
	else
		buf_printf(w->out, "%s[%s:%s]", d->id, a, b);
}

static void write_simple(struct writer *w, const struct sgf_propdef *d, json_object *sec)
{
	sgfw_prop(w, d->id, sgfw_str(sec, d->key));
}

/* RE in SGF's grammar, else RE[?] and the result in GC, said. */
static void write_result(struct writer *w, const struct sgf_propdef *d, json_object *sec)
{
	const char *re = sgfw_str(sec, d->key);
	if (w->o->result && re && !*re)
		re = w->o->result;   /* a result --fix emptied (result-format): SGF's RE holds it */
	if (re && *re && sgfw_result_ok(re)) {
		sgfw_prop(w, d->id, re);
	} else if (re && *re) {
		sgfw_prop(w, d->id, "?");
		buf_printf(&w->gc, "%sResult: %s", w->gc.len ? "\n\n" : "", re);
		char at[64];
		snprintf(at, sizeof at, "/%s/%s", d->section, d->key);
		sgfw_lost(w, at, "not in RE's grammar: RE[?], the result in GC");
	}
}

static void write_date(struct writer *w, const struct sgf_propdef *d, json_object *sec)
{
	(void)d;
	dates(w, sec);
}

static void write_number(struct writer *w, const struct sgf_propdef *d, json_object *sec)
{
	sgfw_prop_number(w, d->id, sgfw_get(sec, d->key));
}

static void write_handicap(struct writer *w, const struct sgf_propdef *d, json_object *sec)
{
	double ha;
	if (sgfw_number(sgfw_get(sec, d->key), &ha) && ha >= 0)
		sgfw_prop_number(w, d->id, sgfw_get(sec, d->key));
}

static void write_time(struct writer *w, const struct sgf_propdef *d, json_object *sec)
{
	time_prop(w, d->id, sec, d->key);
}

static void write_ff3(struct writer *w, const struct sgf_propdef *d, json_object *sec)
{
	(void)d, (void)sec;
	sgfw_root_unheld(w, NULL);
}

/* GC: game.description, the values after the first of a GC read with
 * several, what the record's RE and dates left for it, then the kept root
 * values FF[4] cannot hold, each where sgf_gc_paragraph_at puts it
 * (sgfw_unheld_paragraphs). */
static void write_description(struct writer *w, const struct sgf_propdef *d, json_object *sec)
{
	const char *desc = sgfw_str(sec, d->key);
	struct buf gc = BUF_INIT;
	if (desc)
		buf_adds(&gc, desc);
	sgfw_gc_several(w, &gc, desc);
	if (w->gc.len) {
		if (gc.len)
			buf_adds(&gc, "\n\n");
		buf_add(&gc, w->gc.data, w->gc.len);
	}
	sgfw_unheld_paragraphs(w, &gc);
	if (gc.len)
		sgfw_prop_text(w, d->id, gc.data);
	buf_free(&gc);
}

/* The board's cut-offs, in the order of Seki's rows (left, top, right,
 * bottom); whether any hides a line (a cut-off of 0 hides nothing). */
static bool cut_offs(json_object *board, double cut[4])
{
	size_t n, k = 0;
	const struct sgf_propdef *t = sgf_props(&n);
	bool any = false;
	for (size_t i = 0; i < n && k < 4; i++) {
		if (t[i].kind != SGF_K_SEKI_CUT)
			continue;
		cut[k] = 0;
		if (sgfw_number(sgfw_get(board, t[i].key), &cut[k]) && cut[k] != 0)
			any = true;
		k++;
	}
	return any;
}

/* VW: the part shown, from the cut-offs (unless kept VW says it already). */
static void write_view(struct writer *w, const struct sgf_propdef *d, json_object *board)
{
	double cut[4];
	bool any = cut_offs(board, cut);
	json_object *vw = sgfw_get(w->ksgf, d->id);
	if (vw) {   /* kept: where the writer writes its own, every time */
		buf_adds(w->out, d->id);
		for (size_t i = 0; i < (json_object_is_type(vw, json_type_array) ?
					json_object_array_length(vw) : 1); i++) {
			const char *s = json_object_is_type(vw, json_type_array) ?
					json_object_get_string(json_object_array_get_idx(vw, i)) :
					json_object_get_string(vw);
			sgfw_kept_value(w, w->out, d->id, s ? s : "",
					sgf_short_value(d->id) ? V_SHORT : V_RAW);
		}
	} else if (any) {
		json_object *lo = dom_object(), *hi = dom_object();
		int64_t c[4];   /* (past any board, the point is none as it was) */
		for (int k = 0; k < 4; k++)
			c[k] = sgfw_whole_within(cut[k], INT_MIN, INT_MAX);
		dom_add(lo, "x", dom_int(c[0]));
		dom_add(lo, "y", dom_int(c[1]));
		dom_add(hi, "x", dom_int(w->width - 1 - c[2]));
		dom_add(hi, "y", dom_int(w->height - 1 - c[3]));
		char a[3], b[3];
		if (!sgfw_point(lo, a) || !sgfw_point(hi, b))
			sgfw_lost(w, "/board", "a cut-off SGF's VW cannot show");
		else if (!strcmp(a, b))
			buf_printf(w->out, "%s[%s]", d->id, a);   /* one point: FF[4]'s point */
		else
			buf_printf(w->out, "%s[%s:%s]", d->id, a, b);
		json_object_put(lo);
		json_object_put(hi);
	}
}

/* ST: how variations are shown (settings' two SGF has; Seki's mapping). */
static void write_show(struct writer *w, const struct sgf_propdef *d, json_object *settings)
{
	json_object *children = sgfw_get(settings, d->key);
	json_object *siblings = sgfw_get(settings, "showSiblingVariations");
	if (json_object_is_type(children, json_type_boolean) ||
	    json_object_is_type(siblings, json_type_boolean))
		buf_printf(w->out, "%s[%d]", d->id, (json_object_get_boolean(children) ? 0 : 2) +
			   (json_object_get_boolean(siblings) ? 1 : 0));
}

/* Seki's own cut-off properties too: what Seki reads them back from
 * (unless kept ones say it: the order a reader keeps them in is the
 * order they are written in again). */
static void write_seki_cut(struct writer *w, const struct sgf_propdef *d, json_object *board)
{
	double cut[4], v;
	size_t n;
	const struct sgf_propdef *t = sgf_props(&n);
	bool kept_cuts = false;
	for (size_t i = 0; i < n; i++)
		kept_cuts |= t[i].kind == SGF_K_SEKI_CUT && sgfw_get(w->ksgf, t[i].id) != NULL;
	if (cut_offs(board, cut) && !kept_cuts && sgfw_number(sgfw_get(board, d->key), &v) && v != 0)
		sgfw_prop_number(w, d->id, sgfw_get(board, d->key));
}

/* The writer of each kind of root property, given its row and its section. */
typedef void (*root_writer)(struct writer *w, const struct sgf_propdef *d, json_object *sec);
static const root_writer root_writers[] = {
	[SGF_K_HEADER] = write_header,       [SGF_K_SIZE] = write_size,
	[SGF_K_VIEW] = write_view,           [SGF_K_SHOW] = write_show,
	[SGF_K_SIMPLE] = write_simple,       [SGF_K_DESCRIPTION] = write_description,
	[SGF_K_RESULT] = write_result,       [SGF_K_DATE] = write_date,
	[SGF_K_KOMI] = write_number,         [SGF_K_FF3] = write_ff3,
	[SGF_K_TIME] = write_time,           [SGF_K_HANDICAP] = write_handicap,
	[SGF_K_SEKI_CUT] = write_seki_cut,   [SGF_K_SEKI_TIME] = write_time,
};

void sgfw_root(struct writer *w)
{
	size_t n;
	const struct sgf_propdef *t = sgf_props(&n);
	bool players_done = false, info_done = false;
	for (size_t i = 0; i < n; i++) {
		const struct sgf_propdef *d = &t[i];
		if (!(d->flags & (SGF_P_ROOT | SGF_P_SEKI)))
			continue;
		if (!info_done && !(d->flags & SGF_P_INFO) && d->kind != SGF_K_HEADER &&
		    d->kind != SGF_K_SIZE) {
			/* past the game information: what the sections hold besides */
			sections_unmapped(w, w->rec);
			info_done = true;
		}
		if (d->section && (!strcmp(d->section, "black") || !strcmp(d->section, "white"))) {
			if (!players_done)   /* each player's rows, in the players' order */
				players(w, sgfw_get(w->rec, "players"));
			players_done = true;
			continue;
		}
		if ((size_t)d->kind < sizeof root_writers / sizeof *root_writers &&
		    root_writers[d->kind])
			root_writers[d->kind](w, d, d->section ? sgfw_get(w->rec, d->section) : NULL);
		if ((d->flags & SGF_P_INFO) && d->kind != SGF_K_FF3 && d->kind != SGF_K_DESCRIPTION)
			sgfw_root_unheld(w, d->id);
	}
	if (!info_done)
		sections_unmapped(w, w->rec);
}

SGFW_FOR_SIZE_END
