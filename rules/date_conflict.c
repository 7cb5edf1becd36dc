/* date-conflict: game.date and game.dates both given, and the date is
 * none of the dates. Seki reads one date only (`date`, else the first of
 * `dates`) and writes no `dates` back, so what it shows and keeps depends
 * on which key the record happens to hold. */
#include <string.h>

#include "engine/check.h"

extern const struct rule rule_date_conflict;

/* Whether two dates name the same day, or one is the month or year of the
 * other ("2024-03" and "2024-03-05"). */
static bool same_date(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b), n = la < lb ? la : lb;
	if (strncmp(a, b, n) != 0)
		return false;
	return la == lb || (la > lb ? a[n] : b[n]) == '-';
}

/* Written as ISO dates are (whether they are is date-format's). */
static bool iso_shaped(const char *s)
{
	return *s && strspn(s, "0123456789-") == strlen(s);
}

static void check_dates(struct check *c, json_object *root)
{
	json_object *game = member(root, "game");
	json_object *date = member(game, "date"), *dates = member(game, "dates");
	/* Values of other types are wrong-type's, other shapes date-format's. */
	if (!json_object_is_type(date, json_type_string) || !json_object_is_type(dates, json_type_array))
		return;
	size_t n = json_object_array_length(dates);
	const char *d = json_object_get_string(date), *first = NULL;
	if (!iso_shaped(d))
		return;
	for (size_t i = 0; i < n; i++) {
		json_object *e = json_object_array_get_idx(dates, i);
		if (!json_object_is_type(e, json_type_string) || !iso_shaped(json_object_get_string(e)))
			return;
		if (!first)
			first = json_object_get_string(e);
		if (same_date(d, json_object_get_string(e)))
			return;
	}
	if (!first)
		return;
	check_report(c, &rule_date_conflict, "/game/date", true,
		     "`date` is \"%s\" but `dates` says \"%s\"%s: readers that keep one date "
		     "disagree (Seki shows `date` and drops `dates` when it saves the record, a "
		     "reader of `dates` shows \"%s\"); keep the right date and remove the other",
		     d, first, n > 1 ? " and more" : "", first);
}

const struct rule rule_date_conflict = {
	.id = "date-conflict",
	.category = "sections",
	.severity = SEV_WARNING,
	.about_game = true,
	.summary = "game.date is none of game.dates",
	.explanation =
		"What it checks\n"
		"  `game.date` (one date) and `game.dates` (the days a game was played\n"
		"  on) both given, and the date is none of the dates (nor their month or\n"
		"  year, nor a day of a month or year among them). Seki keeps one date:\n"
		"  `date` when there is one, else the first of `dates`, and writes no\n"
		"  `dates` back, so the record's dates are lost the first time Seki\n"
		"  saves it. Which date is right only the record's keeper knows, so\n"
		"  there is no fix.\n"
		"\n"
		"Fails\n"
		"  { \"game\": { \"date\": \"2026-08-01\", \"dates\": [ \"2019-03-05\" ] } }\n"
		"\n"
		"Passes\n"
		"  { \"game\": { \"date\": \"2019-03-05\", \"dates\": [ \"2019-03-05\", \"2019-03-06\" ] } }\n"
		"  { \"game\": { \"dates\": [ \"2019-03-05\" ] } }\n",
	.on_record = check_dates,
};
