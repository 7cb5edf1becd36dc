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
#include "convert/sgfprops.h"
#include "convert/sgfvalue.h"
#include "convert/sgfwrite.h"
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
#define SAY_KO_ROOT &rule_sgf_kept_property, \
	"KO with a value in a root (FF[3]'s komi) is a value FF[4] rejects there: kept under " \
	"meta.%s as written"
#define SAY_TE_ROOT &rule_sgf_kept_property, \
	"TE in a root that is not 1 or 2 (FF[3]'s, an event's name) is a value FF[4] rejects " \
	"there: kept under meta.%s as written"
#define SAY_NO_FIX_LINES "no fix offered: the value is on two lines, and the fix that " \
	"writes it in GC is written on one"
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
	"(?:[^,]*+,)*\\s*[0-9]{4}(?:-|/|\\.|年)[0-9]{1,2}(?:-|/|\\.|月)[0-9]{1,2}日?"
	"[-~～][0-9]{1,2}日?.*");

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

/* The bytes of the line break that ends just before p (LF, CR LF or a
 * lone CR: sgf_blank_line's, which the repair writes), 0 if none. */
static size_t break_before(const char *raw, const char *p)
{
	if (p - raw >= 2 && p[-2] == '\r' && p[-1] == '\n')
		return 2;
	return p > raw && (p[-1] == '\n' || p[-1] == '\r');
}

bool root_has_km(const struct sgf_node *root)
{
	if (sgf_prop_find(root, "KM"))
		return true;
	/* KM moved to GC by its repair (root_unheld_plan: `KM[x\]`, parted
	 * from the words before by a blank line in the file's line breaks):
	 * --fix's next round reads the root as its first did, and as --to sgf
	 * does */
	const struct sgf_prop *gc = sgf_prop_find(root, "GC");
	for (size_t i = 0; gc && i < gc->nvals; i++) {
		const char *raw = gc->vals[i].raw;
		for (const char *p = raw; (p = strstr(p, "KM[")); p++) {
			size_t one = break_before(raw, p);
			if (p == raw || (one && break_before(raw, p - one)))
				return true;
		}
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

/* The place of the `]` that closes value v: its `[` and its text, lines
 * ending at LF, CR LF or a lone CR, columns in code points. */
static struct sgf_pos value_close(const struct sgf_value *v)
{
	struct sgf_pos at = { v->pos.line, v->pos.col + 1 };
	for (uint32_t i = 0; i < v->len; i++) {
		char ch = v->raw[i];
		if (ch == '\r' || ch == '\n') {
			i += ch == '\r' && i + 1 < v->len && v->raw[i + 1] == '\n';
			at.line++, at.col = 1;
		} else if (((unsigned char)ch & 0xC0) != 0x80) {
			at.col++;
		}
	}
	return at;
}

static bool pos_after(struct sgf_pos a, struct sgf_pos b)
{
	return a.line != b.line ? a.line > b.line : a.col > b.col;
}

/* Whether no `]` stands at close, where a value of root ends: a property
 * of root or its next node begins there, before which the reader cut a
 * value whose `]` was lost (sgfproperty.c's short_value_end: KM[0.aAB[dd],
 * KM[x;B[aa]). A repair then ends with the value's text, and writes the
 * `]` where it keeps the value (REVIEW.md R62: it took AB's A out). A
 * property given again is merged into the first, at its place: its value's
 * `[` as near as its id's length says its id begins at close (after a `]`
 * there, an id as long leaves it a column further). Only a short value
 * (sgf_short_value) is cut so: a text reads on past `PB[` (PB[aPB[b] is one
 * value, sgf-swallowed-property), so a text's `[` there follows a `]` and
 * a blank (PB[a] [b], REVIEW.md R87). Values of except are not looked at:
 * the caller's repair holds either reading (several_edit's). */
static bool close_lost(const struct sgf_node *root, struct sgf_pos close,
		       const struct sgf_prop *except)
{
	for (uint32_t i = 0; i < root->nprops; i++) {
		const struct sgf_prop *p = &root->props[i];
		if (p->pos.line == close.line && p->pos.col == close.col)
			return true;
		uint32_t id_len = (uint32_t)strlen(p->id);
		for (uint32_t k = 0; p != except && sgf_short_value(p->id) && k < p->nvals; k++)
			if (p->vals[k].pos.line == close.line && p->vals[k].pos.col == close.col + id_len)
				return true;
	}
	return root->nkids && root->kids[0]->pos.line == close.line &&
	       root->kids[0]->pos.col == close.col;
}

/* The finding of the root's property at pos among c's notes from from on
 * that keeps its value as read (NULL: none). */
static struct sgf_note *kept_finding(const struct conv *c, size_t from, struct sgf_pos pos)
{
	for (size_t i = from; i < c->notes->len; i++) {
		struct sgf_note *n = &c->notes->items[i];
		if (n->pos.line == pos.line && n->pos.col == pos.col &&
		    (n->rule == &rule_sgf_result_read || n->rule == &rule_sgf_kept_property ||
		     n->rule == &rule_sgf_unknown_property ||
		     n->rule == &rule_sgf_annotation_without_move || n->rule == &rule_sgf_komi_read))
			return n;
	}
	return NULL;
}

/* KO with a value, or TE that is not 1 or 2, in a root: FF[3]'s, which no
 * other finding names (a KO read as komi is sgf-komi-read's), said so that
 * its repair has a finding to go with. */
static void root_ff3_said(const struct conv *c, size_t from, const struct sgf_prop *p)
{
	if ((strcmp(p->id, "KO") && strcmp(p->id, "TE")) || kept_finding(c, from, p->pos))
		return;
	if (!strcmp(p->id, "KO"))
		sgf_say(c->notes, p->pos, SAY_KO_ROOT, c->source);
	else
		sgf_say(c->notes, p->pos, SAY_TE_ROOT, c->source);
}

/* The repair of KO where --to sgf writes the record's komi as KM
 * (sgfw_unheld_how's SGFW_AS_KM: KO's value is that komi): KO written as
 * KM[komi] when the komi was read from it, else taken out beside the
 * root's KM, which the komi is. */
static struct unheld_fix ko_as_km(const struct sgf_node *root, const struct sgf_prop *p,
			       bool read_komi)
{
	double d;
	char km[40] = "";
	if (read_komi && sgf_komi_words(&p->vals[0], &d))
		snprintf(km, sizeof km, "KM[%.15g]", d);
	struct sgf_pos close = value_close(&p->vals[0]);
	return (struct unheld_fix){ .pos = p->pos, .at = p->pos,
				    .len = close.col + !close_lost(root, close, NULL) - p->pos.col,
				    .fix = xstrdup(km) };
}

/* What FF[4] holds of value s written in its place (sgfw_unheld_how's
 * held: the record's result, RE[?], DT's year), or NULL: the property
 * taken out. */
static char *held_of(enum sgfw_held held, const char *s, const char *year)
{
	struct buf r = BUF_INIT;
	if (held == SGFW_HELD_RESULT && value_result(s, &r) && r.data)
		return buf_detach(&r);
	buf_free(&r);
	return held == SGFW_HELD_RESULT || held == SGFW_HELD_UNKNOWN ? xstrdup("?") :
	       held == SGFW_HELD_YEAR ? xstrdup(year) : NULL;
}

/* Whether a property of node but p begins after a and before b. */
static bool prop_between(const struct sgf_node *node, const struct sgf_prop *p, struct sgf_pos a,
			 struct sgf_pos b)
{
	for (uint32_t i = 0; i < node->nprops; i++)
		if (&node->props[i] != p && pos_after(node->props[i].pos, a) &&
		    pos_after(b, node->props[i].pos))
			return true;
	return false;
}

/* Where the text after node's last `]` before at on at's line begins
 * (after a value's `]`, or at the line's start where none is there); {0,
 * 0} when that `]` may have been lost (close_lost). */
static struct sgf_pos after_last_close(const struct sgf_node *node, struct sgf_pos at)
{
	struct sgf_pos last = { at.line, 0 };
	for (uint32_t i = 0; i < node->nprops; i++)
		for (uint32_t k = 0; k < node->props[i].nvals; k++) {
			struct sgf_pos close = value_close(&node->props[i].vals[k]);
			if (close.line == at.line && close.col < at.col && close.col > last.col)
				last = close;
		}
	if (last.col && close_lost(node, last, NULL))
		return (struct sgf_pos){ 0, 0 };
	return (struct sgf_pos){ at.line, last.col + 1 };
}

/* The end (the `]`) of p's last value when every value after the second
 * follows the one before on its line, each `]` where it stands, with no
 * other property between (TM[3600][1:00:00]; PB[a] [b], blanks between;
 * KM[6.5]KM[7.5], given again and merged); {0, 0} when not. The second
 * may follow the first so, or stand after other properties (KM[6.5]PB[x]
 * KM[7.5], given again: REVIEW.md R87's item 2) or on a line of its own
 * (PB[a] LF [b]); *rest is where the text that holds the values after the
 * first begins: after the first's `]`, after the last `]` before the
 * second on its line, or that line's start. A short value's `]` at a
 * line's end may have been lost there (KM[6.5 LF [7.5]): its second stays
 * on its first's line. *one_line: all of them follow the first on p's
 * line. */
static struct sgf_pos values_run(const struct sgf_node *root, const struct sgf_prop *p,
				 bool *one_line, struct sgf_pos *rest)
{
	struct sgf_pos close = value_close(&p->vals[0]), none = { 0, 0 };
	*one_line = close.line == p->pos.line;
	*rest = (struct sgf_pos){ close.line, close.col + 1 };
	for (uint32_t i = 1; i < p->nvals; i++) {
		if (close_lost(root, close, p) || !pos_after(p->vals[i].pos, close))
			return none;
		bool apart = p->vals[i].pos.line != close.line ||
			     prop_between(root, p, close, p->vals[i].pos);
		if (apart && i == 1) {
			*rest = after_last_close(root, p->vals[1].pos);
			if (!rest->line ||
			    prop_between(root, p, (struct sgf_pos){ rest->line, rest->col - 1 },
					 p->vals[1].pos) ||
			    (sgf_short_value(p->id) && p->vals[1].pos.line != close.line))
				return none;
			*one_line = false;
		} else if (apart) {
			return none;
		}
		close = value_close(&p->vals[i]);
	}
	return close_lost(root, close, NULL) || close.line != p->vals[p->nvals - 1].pos.line ?
	       none : close;
}

/* The edit of a property of several values of game information FF[4]
 * gives one (sgfw_unheld_how's several, REVIEW.md R77), to last, its last
 * `]`, from rest (values_run's): the values after the first taken out
 * where FF[4] holds the first (TM[3600]), else the first rewritten as held
 * (RE[?]) or the property taken out, as --to sgf writes it. A short
 * value's `]` just before its second may be a `]` lost before the property
 * given again (KM[6.5KM[7.5] reads as KM[6.5] [7.5] does, close_lost): its
 * first is written again, from its text on to the last `]`, which holds
 * both. False where the edit would not be on one line: only the values
 * after the first are taken out apart from it. */
static bool several_edit(const struct sgf_prop *p, struct sgf_pos last, bool one_line,
			 struct sgf_pos rest, bool first_held, char *held, struct unheld_fix *f)
{
	struct sgf_pos close = value_close(&p->vals[0]);
	const char *raw = p->vals[0].raw;
	if (first_held && sgf_short_value(p->id) && rest.line == close.line &&
	    rest.col == close.col + 1) {
		for (uint32_t k = 0; k < p->vals[0].len; k++)
			if ((unsigned char)raw[k] >= 0x80)   /* (a fix is ASCII) */
				return false;
		held = xstrdup(raw);
		first_held = false;
	}
	if (!one_line && (!first_held || held)) {
		free(held);
		return false;
	}
	f->at = first_held ? rest : held ? (struct sgf_pos){ p->pos.line, p->vals[0].pos.col + 1 } :
		p->pos;
	f->len = last.col + !held - f->at.col;
	f->fix = held ? held : xstrdup("");
	return true;
}

/* Where a node ends: after its last `]` (after the text of a last value
 * whose `]` was lost). */
static struct sgf_pos node_end(const struct sgf_node *node)
{
	struct sgf_pos end = { 0, 0 };
	for (size_t i = 0; i < node->nprops; i++) {
		const struct sgf_prop *p = &node->props[i];
		struct sgf_pos close = p->nvals ? value_close(&p->vals[p->nvals - 1]) : p->pos;
		if (pos_after(close, end))
			end = close, end.col++;
	}
	if (node->nprops)
		end.col -= close_lost(node, (struct sgf_pos){ end.line, end.col - 1 }, NULL);
	return end;
}

/* f's second edit: p's every value into the node's GC as --to sgf's
 * kept_values writes them, ID[a\][b\], after GC's one value and a blank
 * line (its last paragraph), or a GC of its own at the node's end. */
static void values_in_gc(const struct sgf_prop *gc, const struct sgf_prop *p, struct sgf_pos end,
			 struct unheld_fix *f)
{
	struct buf also = BUF_INIT;
	if (gc)
		buf_adds(&also, gc->vals[0].len ? "\n\n" : "");
	else
		buf_adds(&also, "GC[");
	buf_adds(&also, p->id);
	for (uint32_t v = 0; v < p->nvals; v++) {
		buf_addc(&also, '[');
		const char *raw = p->vals[v].raw;
		uint32_t len = p->vals[v].len, bare = 0;
		while (bare < len && raw[len - 1 - bare] == '\\')
			bare++;
		buf_add(&also, raw, len);
		/* a last `\` that escapes nothing (a soft line break's, whose line
		 * break the value ends before; a file cut after it) doubled, as
		 * --to sgf escapes the text read: it would escape the `\]`
		 * (REVIEW.md R106) */
		buf_adds(&also, bare % 2 ? "\\\\]" : "\\]");
	}
	buf_adds(&also, gc ? "" : "]");
	f->also_at = gc ? value_close(&gc->vals[0]) : end;
	f->also = buf_detach(&also);
}

/* The edit of GC of several values on one line (GC[a][b], which FF[4]
 * gives one text) that writes them as --to sgf does (sgfwkept.c's
 * gc_values, REVIEW.md R87): one text, its values not empty a blank line
 * apart. False when its values are not on its line, or a `]` was lost. */
static bool gc_one_text(const struct sgf_node *node, const struct sgf_prop *gc,
			struct unheld_fix *f)
{
	bool one_line;
	struct sgf_pos rest, last = values_run(node, gc, &one_line, &rest);
	if (gc->nvals < 2 || !last.line || !one_line)
		return false;
	struct buf text = BUF_INIT;
	for (uint32_t v = 0; v < gc->nvals; v++) {
		if (!gc->vals[v].len)
			continue;
		buf_adds(&text, text.len ? "\n\n" : "");
		buf_add(&text, gc->vals[v].raw, gc->vals[v].len);
	}
	*f = (struct unheld_fix){ .pos = gc->pos, .several = true,
				  .at = { gc->pos.line, gc->vals[0].pos.col + 1 } };
	f->len = last.col - f->at.col;
	f->fix = text.data ? buf_detach(&text) : xstrdup("");
	return true;
}

/* Whether every value of p says nothing (sgfw_says_nothing: EV[][ ]): as
 * one such value (REVIEW.md R105): the values after the first taken out. */
static bool says_nothing(const struct sgf_prop *p)
{
	bool nothing = true;
	for (uint32_t k = 0; nothing && k < p->nvals; k++) {
		char *s = sgf_simple_of(&p->vals[k]);
		nothing = sgfw_says_nothing(s);
		free(s);
	}
	return nothing;
}

void node_several_fixes(struct conv *c, const struct sgf_node *node, size_t from)
{
	if (strcmp(c->source, "sgf"))
		return;
	const struct sgf_prop *gc = sgf_prop_find(node, "GC");
	for (size_t i = 0; i < node->nprops; i++) {
		const struct sgf_prop *p = &node->props[i];
		struct unheld_fix f = { 0 };
		if (p->nvals < 2 || (p != gc && !sgfw_one_info(p->id)))
			continue;   /* (AB's points: values_run not walked) */
		bool one_line;
		struct sgf_pos rest, last = p != gc ? values_run(node, p, &one_line, &rest) :
						(struct sgf_pos){ 0, 0 };
		if (p == gc) {
			if (!gc_one_text(node, p, &f))
				continue;
		} else if (last.line && says_nothing(p)) {   /* its first alone */
			f = (struct unheld_fix){ .pos = p->pos, .several = true };
			if (!several_edit(p, last, one_line, rest, true, NULL, &f))
				continue;
		} else if (last.line && (!gc || gc->nvals == 1)) {
			/* the first, where FF[4] holds it, as --to sgf writes it */
			char *s = sgf_simple_of(&p->vals[0]);
			bool first_held = !sgfw_unheld_value(p->id, s, false);
			free(s);
			f = (struct unheld_fix){ .pos = p->pos, .several = true };
			if (!several_edit(p, last, one_line, rest, first_held, NULL, &f))
				continue;
			values_in_gc(gc, p, node_end(node), &f);
		} else {
			continue;
		}
		for (size_t k = from; k < c->notes->len; k++) {
			struct sgf_note *n = &c->notes->items[k];
			if (n->rule == &rule_sgf_info_outside_root && n->pos.line == p->pos.line &&
			    n->pos.col == p->pos.col) {
				sgf_note_fix_two(n, f.at, f.len, f.fix, f.also_at, f.also);
				break;
			}
		}
		free(f.fix);
		free(f.also);
	}
}

void root_unheld_plan(const struct conv *c, const struct sgf_node *root, size_t from,
		      const double *komi, struct unheld_plan *plan)
{
	static const char *const ids[] = { "RE", "DT", "KM", "HA", "LT", "DO", "IT", "BM", "KO", "TE",
					   NULL };
	*plan = (struct unheld_plan){ 0 };
	if (strcmp(c->source, "sgf"))
		return;
	const struct sgf_prop *gc = sgf_prop_find(root, "GC");
	struct sgf_pos end = node_end(root);
	for (size_t i = 0; i < root->nprops; i++) {
		const struct sgf_prop *p = &root->props[i];
		struct unheld_fix g;
		if (p == gc && gc_one_text(root, p, &g)) {
			plan->items = xgrow(plan->items, &plan->cap, plan->len + 1, sizeof *plan->items);
			plan->items[plan->len++] = g;
			continue;
		}
		size_t k = 0;
		while (ids[k] && strcmp(ids[k], p->id))
			k++;
		bool several = p->nvals > 1 && sgfw_one_info(p->id), one_line = false;
		struct sgf_pos rest, last = several ? values_run(root, p, &one_line, &rest) :
						value_close(&p->vals[0]);
		if (several && says_nothing(p)) {   /* its first alone */
			struct unheld_fix f = { .pos = p->pos, .several = true };
			if (!last.line || !several_edit(p, last, one_line, rest, true, NULL, &f))
				continue;
			plan->items = xgrow(plan->items, &plan->cap, plan->len + 1, sizeof *plan->items);
			plan->items[plan->len++] = f;
			continue;
		}
		if ((!ids[k] || p->nvals != 1) && (!several || !last.line))
			continue;
		const struct sgf_note *n = kept_finding(c, from, p->pos);
		bool read = !n || n->rule != &rule_sgf_kept_property;
		char *s = sgf_simple_of(&p->vals[0]), year[5];
		struct sgf_pos close = value_close(&p->vals[0]);
		enum sgfw_held hold;
		enum sgfw_unheld how = sgfw_unheld_how(p->id, s, p->nvals > 1, read, komi, &hold,
						       year);
		bool cannot = how != SGFW_WRITTEN;
		if (cannot)
			root_ff3_said(c, from, p);
		struct sgf_note *said = cannot ? kept_finding(c, from, p->pos) : NULL;
		if (said && close.line != p->pos.line) {
			char *why = xasprintf("%s (%s)", said->text, SAY_NO_FIX_LINES);
			free(said->text);
			said->text = why;
		}
		bool unheld = cannot && close.line == p->pos.line && (!gc || gc->nvals == 1);
		bool first_held = several && !sgfw_unheld_value(p->id, s, read);
		char *held = unheld && !first_held ? held_of(hold, s, year) : NULL;
		free(s);
		if (!unheld || how == SGFW_AS_SECONDS)   /* (TM: not among ids) */
			continue;
		if (how == SGFW_AS_KM) {
			plan->items = xgrow(plan->items, &plan->cap, plan->len + 1, sizeof *plan->items);
			plan->items[plan->len++] = ko_as_km(root, p, n && n->rule == &rule_sgf_komi_read);
			continue;
		}
		struct unheld_fix f = { .pos = p->pos, .several = several };
		/* the value rewritten (its lost `]` written), or the property (on
		 * one line) taken out */
		bool lost = close_lost(root, close, NULL);
		if (several && !several_edit(p, last, one_line, rest, first_held, held, &f)) {
			continue;
		} else if (!several) {
			f.at = held ? (struct sgf_pos){ p->pos.line, p->vals[0].pos.col + 1 } : p->pos;
			f.len = held ? close.col - f.at.col : close.col + !lost - f.at.col;
			f.fix = held && lost ? xasprintf("%s]", held) : held ? held : xstrdup("");
			if (held && lost)
				free(held);
		}
		values_in_gc(gc, p, end, &f);
		plan->items = xgrow(plan->items, &plan->cap, plan->len + 1, sizeof *plan->items);
		plan->items[plan->len++] = f;
	}
}

void root_unheld_attach(struct conv *c, struct unheld_plan *plan, size_t from)
{
	for (size_t i = 0; i < plan->len; i++) {
		struct unheld_fix *f = &plan->items[i];
		struct sgf_note *n = kept_finding(c, from, f->pos);
		while (f->several && n && n->rule != &rule_sgf_kept_property)   /* RE's safe fix stays */
			n = kept_finding(c, (size_t)(n - c->notes->items) + 1, f->pos);
		if (n && f->also)
			sgf_note_fix_two(n, f->at, f->len, f->fix, f->also_at, f->also);
		else if (n)   /* one edit (KO as KM): unsafe, as the others */
			sgf_note_fix_two(n, f->at, f->len, f->fix, f->at, NULL);
		free(f->fix);
		free(f->also);
	}
	free(plan->items);
	*plan = (struct unheld_plan){ 0 };
}
