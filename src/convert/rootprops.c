/* rootprops: the root's game information in the record's sections
 * (rootprops.h). */
#include "convert/rootprops.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/dom.h"
#include "base/regex.h"
#include "convert/keep.h"
#include "convert/posmap.h"
#include "convert/say.h"
#include "convert/sgfmerge.h"
#include "convert/sgfprops.h"
#include "convert/sgfvalue.h"
#include "core/catalog.h"
#include "core/komi.h"
#include "core/values.h"

/* What the root's mapping says (convert/say.h); a rank's reason is rank()'s
 * why[], and what a property is kept as, note_kept's words (keep.c). */
#define SAY_RANK &rule_sgf_rank_read, \
	"%s[%s] read as rank %s (%s); the original is kept under meta.%s"
#define SAY_RANK_PRO_EVENT "the record names a professional tournament"
#define SAY_KEPT_RANK "not a rank JGF can write, such as 15k, 4d or 2p"
#define SAY_RESULT &rule_sgf_result_read, \
	"%s[%s] read as result \"%s\"; the original is kept under meta.sgf"
#define SAY_KEPT_RESULT "not a result with one certain reading in JGF's grammar"
#define SAY_KEPT_DATE_ORDER "not a list of ISO dates: its day and month could be either way " \
	"round, and are not guessed"
#define SAY_KEPT_DATE_TIME "not a list of ISO dates: the time of day after a date is none, " \
	"its hours past 24, its minutes past 59 or its seconds past 60, and the date is not " \
	"read without it"
#define SAY_KEPT_DATE_WEEKDAY "not a list of ISO dates: the date does not fall on the day " \
	"of the week it names, and is not guessed"
#define SAY_KEPT_DATE "not a list of ISO dates"
#define SAY_DATE &rule_sgf_date_read, \
	"%s[%s] read as date %s%s: write %s[%s]; the original is kept under meta.%s"
#define SAY_KOMI_KEPT &rule_sgf_komi_kept, \
	"kept under meta.%s: KM (%s is not a komi a game has: most likely %g, %s; no komi is " \
	"read)"
#define SAY_KOMI &rule_sgf_komi_read, \
	"%s[%s] read as komi %.15g: write %s[%.15g]; the original is kept under meta.%s"
#define SAY_KOMI_NUMBER &rule_sgf_komi_read, \
	"%s[%s] read as komi %.15g: write %s[%.15g], a number as SGF writes it"
#define SAY_KOMI_KO &rule_sgf_komi_read, \
	"KO[%s] read as komi %g; the original is kept under meta.%s"
#define SAY_KEPT_KOMI "not a komi a game has"
#define SAY_KEPT_NUMBER "not a number"
#define SAY_TIME &rule_sgf_time_read, \
	"%s[%s] read as %.15g seconds: write %s[%.15g]; the original is kept under meta.%s"
#define SAY_TIME_NUMBER &rule_sgf_time_read, \
	"%s[%s] read as %.15g seconds: write %s[%.15g], a number as SGF writes it"
#define SAY_KEPT_HANDICAP "not a handicap"
#define SAY_BOARD_SIZE &rule_sgf_board_size, \
	"SZ is not a board size from 1 to 52: the board is read as 19x19 and SZ kept under meta.%s"
#define SAY_RECTANGLE_CORNERS &rule_sgf_rectangle, \
	"%s[%s]: FF[4] writes a rectangle by its upper-left, then its lower-right corner: " \
	"write %s[%s], the points it is read as"
#define SAY_RECTANGLE_POINT &rule_sgf_rectangle, \
	"%s[%s]: one point, which FF[4] writes as a point, not a rectangle: write %s[%s]"
#define SAY_KEPT_VIEW "not one rectangle of the board"
#define SAY_KEPT_VIEW_HIDES "the view would hide stones, moves or marks"

/* RE as SGF FF[4] writes it: its long forms (Draw, B+Resign, Void) are
 * read in JGF's short grammar without a finding. */
static struct regex sgf_result_re =
	REGEX("0|Draw|Void|\\?|[BW]\\+(?:R|Resign|T|Time|F|Forfeit|[0-9]+(?:\\.[0-9]+)?)?");

json_object *record_section(json_object *root, const char *key)
{
	json_object *s;
	if (!json_object_object_get_ex(root, key, &s)) {
		s = dom_object();
		dom_add(root, key, s);
	}
	return s;
}

/* A JSON string of s, which it frees. */
static json_object *string_json(char *s)
{
	json_object *o = dom_string(s);
	free(s);
	return o;
}

/* Adds key to obj, the section (or player) the caller named c->at, and
 * maps its pointer to p's position: a finding about it (handicap-mismatch
 * on rules.handicap) is shown at the property it came from. */
static void put_root(struct conv *c, json_object *obj, const char *key, json_object *v,
		     const struct sgf_prop *p)
{
	dom_add(obj, key, v);
	if (!c->map)
		return;
	struct buf ptr = BUF_INIT;
	buf_printf(&ptr, "%s/%s", c->at, key);
	posmap_add(c->map, ptr.data, p->pos);
	buf_free(&ptr);
}

static bool simple_field(struct conv *c, json_object *obj, const char *key,
			 const struct sgf_prop *p)
{
	put_root(c, obj, key, string_json(sgf_words_of(&p->vals[0])), p);
	return true;
}

static bool text_field(struct conv *c, json_object *obj, const char *key,
		       const struct sgf_prop *p)
{
	put_root(c, obj, key, string_json(sgf_text_of(&p->vals[0], false)), p);
	return true;
}

static bool rank_field(struct conv *c, json_object *obj, const char *key,
		       const struct sgf_prop *p)
{
	char *s = sgf_simple_of(&p->vals[0]);
	struct buf r = BUF_INIT;
	enum rank_reading how;
	if (value_rank_usual(s, strlen(s))) {
		put_root(c, obj, key, dom_string(s), p);
	} else if (value_rank_unknown(s, strlen(s))) {
		/* WR[?]: JGF's unknown rank is "", and the spelling is kept, so
		 * that SGF written from the record says it as the file did */
		put_root(c, obj, key, dom_string(""), p);
		keep_root(c, p);
	} else if (value_rank(s, c->pro_source, &r, &how)) {
		put_root(c, obj, key, dom_string(r.data), p);
		keep_root(c, p);   /* the original spelling, too */
		static const char *const why[] = {
			[RANK_MARKED] = "as its words say",
			[RANK_PRO_SOURCE] = "the record names a professional body",
			[RANK_NUMERALS] = "a dan in kanji numerals is a professional's",
			[RANK_DIGITS] = "a dan in digits is a server's or an amateur's",
			[RANK_SERVER_MARK] = "a rank with a server's mark * is an amateur's",
		};
		const char *reason = how == RANK_PRO_SOURCE && c->pro_event ?
				     SAY_RANK_PRO_EVENT : why[how];
		if (how != RANK_AS_WRITTEN)
			sgf_say(c->notes, p->pos, SAY_RANK, p->id, s, r.data, reason, c->source);
	} else {
		note_kept(c, p, SAY_KEPT_RANK);
	}
	buf_free(&r);
	free(s);
	return true;
}

/* A score with a decimal comma (B+6,5), as SGFC corrects it. */
static struct regex result_comma_re = REGEX("[BbWw]\\+[0-9]+,[0-9]+");

static bool result_field(struct conv *c, json_object *obj, const char *key,
			 const struct sgf_prop *p)
{
	char *s = sgf_simple_of(&p->vals[0]);
	struct buf r = BUF_INIT;
	char *point = NULL;
	if (regex_match(&result_comma_re, s, strlen(s))) {
		point = xstrdup(s);
		*strchr(point, ',') = '.';
	}
	if (value_result(point ? point : s, &r)) {
		put_root(c, obj, key, dom_string(r.data ? r.data : ""), p);
		if (strcmp(s, r.data ? r.data : "")) {
			keep_root(c, p);   /* the original spelling, too */
			/* NGF, UGF and GIB write their results in words */
			if (!strcmp(c->source, "sgf") && !regex_match(&sgf_result_re, s, strlen(s)))
			{
				sgf_say(c->notes, p->pos, SAY_RESULT, p->id, s, r.data ? r.data : "");
				/* no fix where the reading sets words aside (the
				 * moves played, 共185手): RE[B+R] would lose them */
				if (r.data && *r.data && !value_result_aside(s, NULL))
					sgf_value_fix(c->notes, &p->vals[0], r.data, false);
			}
		}
	} else {
		note_kept(c, p, SAY_KEPT_RESULT);
	}
	buf_free(&r);
	free(point);
	free(s);
	return true;
}

/* A DT list with a date followed by the last day of a range, in any of its
 * items (1940.10.30-31, 2024.03.01,2024.03.02-05, 2024年3月1日~3日):
 * value_date_with_time reads its first day. */
static struct regex date_range_re = REGEX(
	"(?:[^,]*+,)*\\s*[0-9]{4}(?:-|/|\\.|年)[0-9]{1,2}(?:-|/|\\.|月)[0-9]{1,2}(?:日)?"
	"(?:-|~|～)[0-9]{1,2}(?:日)?.*");

/* DT: game.date, or game.dates when it lists several. A date SGF does not
 * write so (a time of day after it, dots or slashes, a day of the week,
 * English words, numbers with the year last) is read as SGFC's -i reads it,
 * with sgf-date-read; one it cannot read with one certainty stays under
 * meta (sgf-kept-property, which says why). */
static bool date_field(struct conv *c, json_object *obj, const char *key,
		       const struct sgf_prop *p)
{
	(void)key;
	char *s = sgf_simple_of(&p->vals[0]);
	json_object *dates = dom_array();
	bool trimmed;
	struct date_reading how;
	char day[11];
	struct buf iso = BUF_INIT, why = BUF_INIT;
	bool lost = false;   /* a time of day or days of a range set aside */
	if (sgf_dates_of(s, dates, &trimmed)) {
		lost = trimmed;
		size_t n = json_object_array_length(dates);
		if (n == 1)
			put_root(c, obj, "date", json_object_get(json_object_array_get_idx(dates, 0)), p);
		else
			put_root(c, obj, "dates", json_object_get(dates), p);
		if (trimmed) {
			keep_root(c, p);   /* the time of day, the days after the first */
			for (size_t i = 0; i < n; i++)
				buf_printf(&iso, "%s%s", i ? "," : "", json_object_get_string(
						   json_object_array_get_idx(dates, i)));
			bool range = regex_match(&date_range_re, s, strlen(s));
			if (strchr(s, ':'))
				buf_printf(&why, " (the time of day%s set aside)",
					   range ? " and the days after the first" : "");
			else if (range)
				buf_adds(&why, " (the days after the first set aside)");
		}
	} else if (value_date_words(s, day, &how)) {
		lost = how.time;
		put_root(c, obj, "date", dom_string(day), p);
		keep_root(c, p);   /* the original words */
		buf_adds(&iso, day);
		const char *sep = " (";
		if (how.day_first)
			buf_printf(&why, "%sday, month, year: the first number cannot be a month", sep),
			sep = "; ";
		if (how.month_first)
			buf_printf(&why, "%smonth, day, year: the second number cannot be a month", sep),
			sep = "; ";
		if (how.two_digit_year)
			buf_printf(&why, "%sa year of two digits is the 1900s, as SGFC reads it", sep),
			sep = "; ";
		if (how.weekday)
			buf_printf(&why, "%sthe day of the week, which the date falls on, set aside",
				   sep), sep = "; ";
		if (how.time)
			buf_printf(&why, "%sthe time of day set aside", sep), sep = "; ";
		if (*sep == ';')
			buf_adds(&why, ")");
	} else if (how.ambiguous) {
		note_kept(c, p, SAY_KEPT_DATE_ORDER);
	} else if (value_date_bad_time(s)) {
		note_kept(c, p, SAY_KEPT_DATE_TIME);
	} else if (how.wrong_weekday) {
		note_kept(c, p, SAY_KEPT_DATE_WEEKDAY);
	} else {
		note_kept(c, p, SAY_KEPT_DATE);
	}
	/* NGF, UGF, GIB and OGS write their dates so: their readers' DT */
	struct buf days = BUF_INIT;
	if (iso.len && !strcmp(c->source, "sgf")) {
		/* The days of a range are written in FF[4]'s list, every one
		 * (1934-03-28,29, as --to sgf writes them; unsafe: the record
		 * reads them as dates where it read the first); a time of day,
		 * which FF[4]'s DT cannot hold, has no fix: it would be lost. */
		bool range = lost && why.len && !strchr(s, ':') && sgf_date_days(s, &days);
		sgf_say(c->notes, p->pos, SAY_DATE, p->id, s, iso.data, why.data ? why.data : "",
			p->id, range ? days.data : iso.data, c->source);
		if (!lost || !why.len)
			sgf_value_fix(c->notes, &p->vals[0], iso.data, false);
		else if (range)
			sgf_value_fix(c->notes, &p->vals[0], days.data, true);
	}
	buf_free(&days);
	buf_free(&iso);
	buf_free(&why);
	json_object_put(dates);
	free(s);
	return true;
}

static bool komi_field(struct conv *c, json_object *obj, const char *key,
		       const struct sgf_prop *p)
{
	const struct sgf_value *v = &p->vals[0];
	double d;
	char how[128];
	if (sgf_real_of(v, &d) && komi_plausible(d)) {
		put_root(c, obj, key, sgf_number_json(d), p);
		if (!sgf_number_exact(v, true)) {   /* KM[6,5], KM[.5], KM[ 6.5] */
			char *s = sgf_text_of(v, true);   /* (its blanks shown) */
			sgf_say(c->notes, p->pos, SAY_KOMI_NUMBER, p->id, s, d, p->id, d);
			sgf_value_fix_number(c->notes, v, d);
			free(s);
		}
	} else if (sgf_real_of(v, &d) && komi_likely(d, &d, how, sizeof how)) {
		char *s = sgf_simple_of(v);
		sgf_say(c->notes, p->pos, SAY_KOMI_KEPT, c->source, s, d, how);
		keep_root(c, p);
		free(s);
	} else if (!sgf_real_of(v, &d) && (sgf_komi_words(v, &d) || sgf_komi_english(v, &d)) &&
		   komi_plausible(d)) {
		put_root(c, obj, key, sgf_number_json(d), p);
		keep_root(c, p);   /* the original words */
		char *s = sgf_simple_of(v);
		sgf_say(c->notes, p->pos, SAY_KOMI, p->id, s, d, p->id, d, c->source);
		sgf_value_fix_number(c->notes, v, d);
		free(s);
	} else {
		note_kept(c, p, sgf_real_of(v, &d) || sgf_komi_words(v, &d) || sgf_komi_english(v, &d) ?
			  SAY_KEPT_KOMI : SAY_KEPT_NUMBER);
	}
	return true;
}

bool root_has_km(const struct sgf_node *root)
{
	if (sgf_prop_find(root, "KM"))
		return true;
	/* KM moved to GC by its repair (root_unheld_plan: a paragraph
	 * `KM[x\]`, sgf_paragraph_at): --fix's next round reads the root as
	 * its first did, and as --to sgf does */
	const struct sgf_prop *gc = sgf_prop_find(root, "GC");
	for (size_t i = 0; gc && i < gc->nvals; i++) {
		const char *raw = gc->vals[i].raw;
		for (const char *p = raw; (p = strstr(p, "KM[")); p++)
			if (sgf_paragraph_at(raw, gc->vals[i].len, (size_t)(p - raw)))
				return true;
	}
	return false;
}

/* KO[黒6目半]: komi in a Japanese dialect's own property, read when there
 * is no KM (root_has_km); kept in any case, as every property SGF does
 * not define. */
static bool ko_field(struct conv *c, json_object *obj, const char *key,
		     const struct sgf_prop *p)
{
	double d;
	if (!c->has_km && sgf_komi_words(&p->vals[0], &d) && komi_plausible(d)) {
		put_root(c, obj, key, sgf_number_json(d), p);
		char *s = sgf_simple_of(&p->vals[0]);
		sgf_say(c->notes, p->pos, SAY_KOMI_KO, s, d, c->source);
		free(s);
	}
	return false;
}

static bool time_field(struct conv *c, json_object *obj, const char *key,
		       const struct sgf_prop *p)
{
	double d;
	char *s = sgf_simple_of(&p->vals[0]);
	if (sgf_real_of(&p->vals[0], &d) && d >= 0) {
		put_root(c, obj, key, sgf_number_json(d), p);
		if (!sgf_number_exact(&p->vals[0], true)) {   /* TM[5400,0], TM[ 600] */
			char *written = sgf_text_of(&p->vals[0], true);
			sgf_say(c->notes, p->pos, SAY_TIME_NUMBER, p->id, written, d, p->id, d);
			free(written);
			sgf_value_fix_number(c->notes, &p->vals[0], d);
		}
	} else if (value_time_words(s, &d) || value_time_english(s, &d)) {
		put_root(c, obj, key, sgf_number_json(d), p);
		keep_root(c, p);   /* the original words */
		sgf_say(c->notes, p->pos, SAY_TIME, p->id, s, d, p->id, d, c->source);
		sgf_value_fix_number(c->notes, &p->vals[0], d);
	} else {
		note_kept(c, p, SAY_KEPT_NUMBER);
	}
	free(s);
	return true;
}

static bool handicap_field(struct conv *c, json_object *obj, const char *key,
			   const struct sgf_prop *p)
{
	long long n;
	if (sgf_number_of(&p->vals[0], &n) && n >= 0 && n <= 361)
		put_root(c, obj, key, dom_int(n), p);
	else
		note_kept(c, p, SAY_KEPT_HANDICAP);
	return true;
}

bool is_root_info(const char *id)
{
	return sgf_prop_is(id, SGF_P_ROOT);
}

/* How each kind of root property is read into its section (sgfprops.h's
 * rows give the section and key). A reader returns false when the
 * property is kept under meta all the same; a kind without one is kept. */
typedef bool (*root_reader)(struct conv *c, json_object *obj, const char *key,
			    const struct sgf_prop *p);
static const root_reader root_readers[] = {
	[SGF_K_SIMPLE] = simple_field,    [SGF_K_DESCRIPTION] = text_field,
	[SGF_K_RESULT] = result_field,    [SGF_K_DATE] = date_field,
	[SGF_K_KOMI] = komi_field,        [SGF_K_FF3] = ko_field,
	[SGF_K_TIME] = time_field,        [SGF_K_HANDICAP] = handicap_field,
	[SGF_K_RANK] = rank_field,
};

/* One root property in its section; false when it is not one of them. The
 * players are /players/0 (black) and /players/1 (white): both are written
 * when either has a member. */
bool root_property(struct conv *c, json_object *rec, const struct sgf_prop *p,
		   json_object *black, json_object *white)
{
	const struct sgf_propdef *f = sgf_prop_def(p->id);
	if (!f || !(f->flags & SGF_P_ROOT) ||
	    (size_t)f->kind >= sizeof root_readers / sizeof *root_readers || !root_readers[f->kind])
		return false;
	bool player = !strcmp(f->section, "black") || !strcmp(f->section, "white");
	json_object *obj = !player ? record_section(rec, f->section) :
			   f->section[0] == 'b' ? black : white;
	char at[32];
	snprintf(at, sizeof at, "/%s", !player ? f->section :
		 f->section[0] == 'b' ? "players/0" : "players/1");
	c->at = at;
	bool placed = root_readers[f->kind](c, obj, f->key, p);
	c->at = NULL;
	return placed;
}

bool board_size_of(struct conv *c, const struct sgf_prop *sz, json_object *board)
{
	c->width = c->height = 19;
	if (!sz) {
		dom_add(board, "size", dom_int(19));
		return true;
	}
	int a, b;
	if (!sgf_size_of(&sz->vals[0], &a, &b)) {
		sgf_say(c->notes, sz->pos, SAY_BOARD_SIZE, c->source);
		dom_add(board, "size", dom_int(19));
		return false;
	}
	c->width = a, c->height = b;
	if (sz->nvals > 1) {   /* the first is the board's; SZ is kept whole, none lost */
		say_more_values(c, sz, true);
		keep_root(c, sz);
	}
	if (a == b) {
		dom_add(board, "size", dom_int(a));
	} else {
		dom_add(board, "width", dom_int(a));
		dom_add(board, "height", dom_int(b));
	}
	return true;
}

void conv_say_rectangle(struct conv *c, const struct sgf_prop *p, const struct sgf_value *v,
			const struct sgf_box *b)
{
	bool point = b->x1 == b->x2 && b->y1 == b->y2;
	if (!b->rectangle || (!point && !b->reversed))
		return;
	char fixed[6] = { sgf_letters[b->x1], sgf_letters[b->y1], ':', sgf_letters[b->x2],
			  sgf_letters[b->y2], '\0' };
	if (point) {
		fixed[2] = '\0';
		sgf_say(c->notes, v->pos, SAY_RECTANGLE_POINT, p->id, v->raw, p->id, fixed);
	} else {
		sgf_say(c->notes, v->pos, SAY_RECTANGLE_CORNERS, p->id, v->raw, p->id, fixed);
	}
	sgf_value_fix(c->notes, v, fixed, false);
}

/* VW (FF[4]: the part of the board shown) as JGF's cut-offs, when it is one
 * rectangle that hides no stone, move or mark; else it is kept. Its
 * rectangle is read as a point list's (sgf_box_of): corners in another
 * order than FF[4]'s (VW[ii:aa]) name the same view, as SGFC corrects
 * them, and are said as AB[cc:aa] is (sgf-rectangle); a point (VW[dd]) is
 * a view of one point, as VW[dd:dd], which sgf-rectangle's fix writes so. */
void board_view(struct conv *c, const struct sgf_prop *vw, json_object *board)
{
	const struct sgf_value *v = &vw->vals[0];
	struct sgf_box b;
	if (vw->nvals == 1 && v->len == 0)
		return;   /* VW[]: the whole board */
	if (vw->nvals != 1 || !sgf_box_of(v->raw, v->len, c->width, c->height, &b)) {
		note_kept(c, vw, SAY_KEPT_VIEW);
		return;
	}
	conv_say_rectangle(c, vw, v, &b);
	const int *e = c->extent;   /* the points of the tree written */
	if (e[0] <= e[2] && (e[0] < b.x1 || e[1] < b.y1 || e[2] > b.x2 || e[3] > b.y2)) {
		note_kept(c, vw, SAY_KEPT_VIEW_HIDES);
		return;
	}
	static const char *const keys[] = { "cutOffTop", "cutOffBottom", "cutOffLeft", "cutOffRight" };
	int cut[] = { b.y1, c->height - 1 - b.y2, b.x1, c->width - 1 - b.x2 };
	for (int i = 0; i < 4; i++)
		if (cut[i])
			dom_add(board, keys[i], dom_int(cut[i]));
}

/* Whether the record names a professional body (日本棋院, 한국기원) or,
 * in its event, game name or round, a professional tournament (춘란배,
 * 三星杯: value_pro_event; *event says which), so that a dan it does not
 * mark professional or amateur is read as a professional's: a guess, made
 * only where nothing in the record says otherwise. A server's record
 * (Tygem's GIB, WBaduk's NGF) and a handicap game are amateurs' (a place
 * that is a server, 台灣棋院棋城網, names no body: value_pro_source), and
 * so is a rank a server marks (5단*: value_rank). */
bool names_pro_body(const struct sgf_node *root, const char *source, bool *event)
{
	*event = false;
	if (!strcmp(source, "gib") || !strcmp(source, "ngf"))
		return false;
	const struct sgf_prop *ha = sgf_prop_find(root, "HA");
	long long handicap;
	if (ha && ha->nvals && sgf_number_of(&ha->vals[0], &handicap) && handicap >= 1)
		return false;
	bool named = false;
	size_t n;
	const struct sgf_propdef *rows = sgf_props(&n);
	for (size_t r = 0; r < n && !named; r++) {
		const struct sgf_prop *p = rows[r].flags & SGF_P_ORIGIN ?
					   sgf_prop_find(root, rows[r].id) : NULL;
		for (size_t i = 0; p && i < p->nvals && !named; i++) {
			char *s = sgf_simple_of(&p->vals[i]);
			named = value_pro_source(s);
			if (!named && (rows[r].flags & SGF_P_EVENT))
				named = *event = value_pro_event(s);
			free(s);
		}
	}
	return named;
}
