/* date-format: game.date and each of game.dates is an ISO date, YYYY-MM-DD,
 * YYYY-MM or YYYY, that exists on the calendar. PCRE2 checks the shape, C
 * the calendar; common near misses get the date written the right way. */
#include <stdio.h>
#include <stdlib.h>

#include "engine/check.h"
#include "base/regex.h"
#include "core/values.h"

extern const struct rule rule_date_format;

static struct regex iso = REGEX("([0-9]{4})(?:-([0-9]{2})(?:-([0-9]{2}))?)?");
/* Near misses: unpadded or other separators, year first; no separators;
 * surrounding white space; a date and time; SGF's list of dates. */
static struct regex loose = REGEX("([0-9]{4})[-/.]([0-9]{1,2})(?:[-/.]([0-9]{1,2}))?");
static struct regex compact = REGEX("([0-9]{4})([0-9]{2})([0-9]{2})");
static struct regex datetime = REGEX("(([0-9]{4})-([0-9]{2})-([0-9]{2}))[T ][0-9].*");
static struct regex padded = REGEX("\\s*(([0-9]{4})(?:-([0-9]{2})(?:-([0-9]{2}))?)?)\\s*");
static struct regex day_first = REGEX("[0-9]{1,2}[-/.][0-9]{1,2}[-/.][0-9]{4}");
static struct regex sgf_list = REGEX("[0-9]{4}-[0-9]{2}(?:-[0-9]{2})?,.*");

static const char *const month_names[] = {
	"January", "February", "March", "April", "May", "June", "July", "August",
	"September", "October", "November", "December",
};

/* Capture groups 1 to 4 of a match. */
struct match {
	struct regex_span g[4];
};

static bool match(struct regex *re, const char *s, size_t len, struct match *m)
{
	return regex_capture(re, s, len, m->g, 4);
}

/* Group n of a match as a number, or -1 if unset. */
static long group(const struct match *m, const char *s, unsigned n)
{
	const struct regex_span *g = &m->g[n - 1];
	if (g->start == SIZE_MAX)
		return -1;
	long v = 0;
	for (size_t i = g->start; i < g->end; i++)
		v = v * 10 + (s[i] - '0');
	return v;
}

/* Whether a date of the right shape is not on the calendar; says why. */
static bool calendar_problem(struct buf *why, long year, long month, long day)
{
	if (month == -1)
		return false;
	if (month < 1 || month > 12) {
		buf_printf(why, "there is no month %02ld (months are 01 to 12)", month);
		return true;
	}
	if (day == -1)
		return false;
	int last = value_days_in(year, (int)month);
	if (day < 1) {
		buf_adds(why, "there is no day 00 (days start at 01)");
		return true;
	}
	if (day > last) {
		buf_printf(why, "%s %04ld has %d days", month_names[month - 1], year, last);
		if (month == 2 && day == 29)
			buf_printf(why, " (%04ld is not a leap year)", year);
		return true;
	}
	return false;
}

/* Whether group `first` of a match and the two after it (year, month, day;
 * the latter two may be unset) make a date on the calendar. */
static bool real_date(const struct match *m, const char *s, unsigned first)
{
	struct buf why = BUF_INIT;
	bool real = !calendar_problem(&why, group(m, s, first), group(m, s, first + 1),
				      group(m, s, first + 2));
	buf_free(&why);
	return real;
}

/* Groups 1 to 3 of a match (year, month, day) as an ISO date. */
static void write_date(struct buf *fix, const struct match *m, const char *s)
{
	long month = group(m, s, 2), day = group(m, s, 3);
	buf_printf(fix, "\"%04ld-%02ld", group(m, s, 1), month);
	if (day != -1)
		buf_printf(fix, "-%02ld", day);
	buf_adds(fix, "\"");
}

/* The date written as an ISO date, if the value is a near miss of one;
 * value gets the JSON string of the date when there is one, and *safety
 * whether writing it drops something (the time of day). */
static bool suggest(struct buf *fix, struct buf *value, enum fix_safety *safety,
		    const char *s, size_t len, bool single)
{
	struct match m;
	const struct regex_span *g = &m.g[0];
	*safety = FIX_SAFE;
	if (match(&padded, s, len, &m) && real_date(&m, s, 2)) {
		buf_printf(fix, "\"%.*s\", without spaces or line breaks", (int)(g->end - g->start),
			   s + g->start);
		buf_printf(value, "\"%.*s\"", (int)(g->end - g->start), s + g->start);
	} else if (match(&datetime, s, len, &m) && real_date(&m, s, 2)) {
		buf_printf(fix, "the date without the time, \"%.*s\"", (int)(g->end - g->start),
			   s + g->start);
		buf_printf(value, "\"%.*s\"", (int)(g->end - g->start), s + g->start);
		*safety = FIX_UNSAFE;
	} else if (single && regex_match(&sgf_list, s, len)) {
		buf_adds(fix, "one date here, and a game played on several days as `dates`, an array "
			      "of ISO dates such as [\"2023-06-12\", \"2023-06-13\"]");
	} else if (regex_match(&day_first, s, len)) {
		buf_adds(fix, "it year first, as \"YYYY-MM-DD\" (e.g. \"2023-06-12\")");
	} else if ((match(&loose, s, len, &m) || match(&compact, s, len, &m)) &&
		   real_date(&m, s, 1)) {
		write_date(fix, &m, s);
		write_date(value, &m, s);
	} else {
		return false;
	}
	return true;
}

/* s with full-width forms (U+FF01 to U+FF5E: "２０２３", "／") and the
 * ideographic space written as ASCII, as an IME gives dates; false when
 * there is none. */
static bool narrowed(struct buf *out, const char *s, size_t len)
{
	bool wide = false;
	for (size_t i = 0; i < len; i++) {
		const unsigned char *u = (const unsigned char *)s + i;
		if (i + 2 < len && u[0] == 0xEF && (u[1] == 0xBC || u[1] == 0xBD) &&
		    (u[2] & 0xC0) == 0x80) {
			unsigned cp = 0xF000 | (u[1] & 0x3F) << 6 | (u[2] & 0x3F);
			if (cp >= 0xFF01 && cp <= 0xFF5E) {
				buf_addc(out, (char)(cp - 0xFEE0));
				wide = true;
				i += 2;
				continue;
			}
		}
		if (i + 2 < len && u[0] == 0xE3 && u[1] == 0x80 && u[2] == 0x80) {
			buf_addc(out, ' ');
			wide = true;
			i += 2;
			continue;
		}
		buf_addc(out, s[i]);
	}
	return wide;
}

/* subject: "`date`" or "`dates[1]`"; rel: the value's pointer. */
static void check_date(struct check *c, json_object *v, const char *subject, const char *rel,
		       bool single)
{
	if (!json_object_is_type(v, json_type_string))
		return; /* wrong-type */
	const char *s = json_object_get_string(v);
	size_t len = (size_t)json_object_get_string_len(v);
	struct buf found = BUF_INIT, why = BUF_INIT, value = BUF_INIT, ascii = BUF_INIT;
	enum fix_safety safety = FIX_SAFE;
	describe_value(&found, v);
	struct match m;
	if (match(&iso, s, len, &m)) {
		if (calendar_problem(&why, group(&m, s, 1), group(&m, s, 2), group(&m, s, 3)))
			check_report(c, &rule_date_format, rel, false,
				     "%s \"%s\" is not a date on the calendar: %s", subject, s,
				     why.data);
	} else if (len == 0) {
		check_report(c, &rule_date_format, rel, false,
			     "%s is empty; write an ISO date such as \"2023-06-12\", or leave %s out "
			     "when the date is unknown", subject, subject);
	} else if (suggest(&why, &value, &safety, s, len, single)) {
		struct diag *d = check_report(c, &rule_date_format, rel, false,
					      "%s must be an ISO date (YYYY-MM-DD, YYYY-MM or YYYY), "
					      "found %s; write %s", subject, found.data, why.data);
		if (value.data)
			check_fix_replace(c, d, safety, rel, value.data);
	} else if (narrowed(&ascii, s, len) &&
		   (match(&iso, ascii.data, ascii.len, &m) ?
		    real_date(&m, ascii.data, 1) && (buf_printf(&value, "\"%s\"", ascii.data), true) :
		    suggest(&why, &value, &safety, ascii.data, ascii.len, single))) {
		/* Full-width digits: the same date in ASCII, which JSON.parse and
		 * Date read (they do not read "２０２３"). */
		struct diag *d = check_report(c, &rule_date_format, rel, false,
					      "%s must be an ISO date written in ASCII digits, found %s "
					      "(full-width characters); write %s", subject, found.data,
					      why.len ? why.data : value.data);
		if (value.data)
			check_fix_replace(c, d, safety, rel, value.data);
	} else {
		check_report(c, &rule_date_format, rel, false,
			     "%s must be an ISO date: YYYY-MM-DD such as \"2023-06-12\", or YYYY-MM or "
			     "YYYY when the day is not known, found %s", subject, found.data);
	}
	buf_free(&found);
	buf_free(&why);
	buf_free(&value);
	buf_free(&ascii);
}

static void check_dates(struct check *c, json_object *game, const struct schema *schema)
{
	(void)schema;   /* the game's only: .objects */
	json_object *date = member(game, "date");
	if (date)
		check_date(c, date, "`date`", "/date", true);
	json_object *dates = member(game, "dates");
	if (!json_object_is_type(dates, json_type_array))
		return;
	size_t n = json_object_array_length(dates);
	for (size_t i = 0; i < n; i++) {
		char subject[48], rel[40];
		snprintf(subject, sizeof subject, "`dates[%zu]`", i);
		snprintf(rel, sizeof rel, "/dates/%zu", i);
		check_date(c, json_object_array_get_idx(dates, i), subject, rel, false);
	}
}

const struct rule rule_date_format = {
	.id = "date-format",
	.category = "sections",
	.severity = SEV_ERROR,
	.summary = "game.date or an element of game.dates is not an ISO date on the calendar",
	.explanation =
		"What it checks\n"
		"  `game.date` and every element of `game.dates` is an ISO 8601 date:\n"
		"  YYYY-MM-DD (\"2023-06-12\"), or YYYY-MM or YYYY when the day or month\n"
		"  is not known, and it exists on the calendar: months 01 to 12, days\n"
		"  up to the length of the month, 29 February only in leap years\n"
		"  (2024 and 2000, but not 2023 or 1900). Near misses such as\n"
		"  \"2023/6/12\", \"20230612\", a date in full-width digits\n"
		"  (\"２０２３-01-01\") or a date with a time get the date written the right\n"
		"  way; a game played on several days lists them in `dates`.\n"
		"\n"
		"Fix\n"
		"  Safe: a date with other separators or without them (\"2023/06/12\",\n"
		"  \"2023.06.12\", \"20230612\"), in full-width digits, or with spaces\n"
		"  around it becomes \"2023-06-12\".\n"
		"  Unsafe: a date with a time of day loses the time.\n"
		"\n"
		"Fails\n"
		"  { \"game\": { \"date\": \"12/06/2023\" } }\n"
		"  { \"game\": { \"date\": \"2023-02-29\" } }\n"
		"\n"
		"Passes\n"
		"  { \"game\": { \"date\": \"2024-02-29\", \"dates\": [ \"2024-02-29\", \"2024-03\" ] } }\n",
	.fix = FIX_SAFE | FIX_UNSAFE,
	.on_object = check_dates,
	.objects = (const struct schema *const[]){ &schema_game, NULL },
};
