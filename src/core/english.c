/* english: dates, komi and times written in English words, as SGFC
 * corrects them (core/values.h: value_date_words, value_komi_english,
 * value_time_english), read as narrowly as they can be: the value's
 * tokens (numbers, words, punctuation), each word one of a few, and every
 * token accounted for. */
#include "core/values.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

/* One token of an English value: a number in digits (a decimal point or
 * comma in it when frac), a word of ASCII letters (lower-cased), or one
 * character of punctuation. */
struct en_token {
	enum { EN_NUM, EN_WORD, EN_PUNCT } kind;
	double num;
	int digits;   /* the digits of a whole number, 0 with a fraction */
	char word[16];
};

/* s cut into at most max tokens, white space between them dropped; false
 * when a character is not ASCII, a word is too long or there are too many.
 * With frac, a number may hold one decimal point or comma (6.5); without,
 * 14.04.1997 is three numbers. */
static bool en_tokens(const char *s, struct en_token *t, size_t max, size_t *n, bool frac_ok)
{
	*n = 0;
	for (const char *p = s; *p;) {
		unsigned char c = (unsigned char)*p;
		if (c >= 0x80)
			return false;
		if (c == ' ' || c == '\t') {
			p++;
			continue;
		}
		if (*n == max)
			return false;
		struct en_token *k = &t[(*n)++];
		memset(k, 0, sizeof *k);
		if (c >= '0' && c <= '9') {
			char num[24];
			size_t len = 0;
			bool frac = !frac_ok;
			while ((p[len] >= '0' && p[len] <= '9') ||
			       (!frac && (p[len] == '.' || p[len] == ',') && p[len + 1] >= '0' &&
				p[len + 1] <= '9' && (frac = true))) {
				if (len + 1 >= sizeof num)
					return false;
				num[len] = p[len] == ',' ? '.' : p[len];
				len++;
			}
			num[len] = '\0';
			k->kind = EN_NUM;
			k->num = strtod(num, NULL);
			k->digits = frac && frac_ok ? 0 : (int)len;
			p += len;
		} else if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z')) {
			size_t len = 0;
			while ((p[len] >= 'a' && p[len] <= 'z') || (p[len] >= 'A' && p[len] <= 'Z')) {
				if (len + 1 >= sizeof k->word)
					return false;
				k->word[len] = (char)(p[len] | 0x20);
				len++;
			}
			k->kind = EN_WORD;
			p += len;
		} else {
			k->kind = EN_PUNCT;
			k->word[0] = (char)c;
			p++;
		}
	}
	return *n > 0;
}

static bool en_is(const struct en_token *t, const char *const *words)
{
	if (t->kind != EN_WORD)
		return false;
	for (const char *const *w = words; *w; w++)
		if (!strcmp(t->word, *w))
			return true;
	return false;
}

/* zero to ten in words, or -1 */
static int en_small_number(const struct en_token *t)
{
	static const char *const names[] = { "zero", "one", "two", "three", "four", "five",
					     "six", "seven", "eight", "nine", "ten" };
	for (int i = 0; t->kind == EN_WORD && i <= 10; i++)
		if (!strcmp(t->word, names[i]))
			return i;
	return -1;
}

/* a month's name or its abbreviation (Sept too, and SGFC's Okt): 1 to 12, or 0 */
static int en_month(const struct en_token *t)
{
	static const char *const names[] = { "january", "february", "march", "april", "may",
					     "june", "july", "august", "september", "october",
					     "november", "december" };
	if (t->kind != EN_WORD)
		return 0;
	size_t len = strlen(t->word);
	for (int i = 0; i < 12; i++)
		if (!strcmp(t->word, names[i]) || (len == 3 && !strncmp(t->word, names[i], 3)))
			return i + 1;
	if (!strcmp(t->word, "sept"))
		return 9;
	if (!strcmp(t->word, "okt"))
		return 10;
	return 0;
}

/* a day of the week's name or its abbreviation (Tues, Thur, Thurs too):
 * 1 (Monday) to 7, or 0 */
static int en_weekday(const struct en_token *t)
{
	static const char *const names[] = { "monday", "tuesday", "wednesday", "thursday",
					     "friday", "saturday", "sunday" };
	if (t->kind != EN_WORD)
		return 0;
	size_t len = strlen(t->word);
	for (int i = 0; i < 7; i++)
		if (!strcmp(t->word, names[i]) || (len == 3 && !strncmp(t->word, names[i], 3)))
			return i + 1;
	if (!strcmp(t->word, "tues"))
		return 2;
	if (!strcmp(t->word, "thur") || !strcmp(t->word, "thurs"))
		return 4;
	return 0;
}

/* The day of the week of a date of the Gregorian calendar: 1 (Monday) to 7. */
static int weekday_of(long y, int m, int d)
{
	static const int offset[] = { 0, 3, 2, 5, 0, 3, 5, 1, 4, 6, 2, 4 };
	if (m < 3)
		y--;
	int w = (int)((y + y / 4 - y / 100 + y / 400 + offset[m - 1] + d) % 7);   /* 0 Sunday */
	return w ? w : 7;
}

/* A time of day at t[i] (H:MM or H:MM:SS, then am, pm, GMT, UTC or UT):
 * how many tokens it takes, or 0. */
static size_t en_time_of_day(const struct en_token *t, size_t i, size_t n)
{
	static const char *const after[] = { "am", "pm", "gmt", "utc", "ut", NULL };
	size_t k = i;
	if (k + 2 >= n || t[k].kind != EN_NUM || t[k].digits < 1 || t[k].digits > 2 ||
	    t[k + 1].kind != EN_PUNCT || t[k + 1].word[0] != ':' || t[k + 2].kind != EN_NUM ||
	    t[k + 2].digits != 2 || t[k].num > 24 || t[k + 2].num > 59)
		return 0;
	k += 3;
	if (k + 1 < n && t[k].kind == EN_PUNCT && t[k].word[0] == ':' && t[k + 1].kind == EN_NUM &&
	    t[k + 1].digits == 2 && t[k + 1].num <= 60)
		k += 2;
	while (k < n && en_is(&t[k], after))
		k++;
	return k - i;
}

/* A year: four digits, or two that cannot be a day (32 to 99: the 1900s,
 * as SGFC reads them); -1 when the number is no year. */
static long en_year(const struct en_token *t)
{
	if (t->kind != EN_NUM)
		return -1;
	if (t->digits == 2 && t->num >= 32)
		return (long)t->num + 1900;
	if (t->digits == 4 && t->num >= 1000)
		return (long)t->num;
	return -1;
}

/* The date's parts in their order: numbers (an ordinal's suffix and
 * "of" dropped) and one month's name; punctuation only between them;
 * a day of the week and a time of day, once each, set aside. */
static bool date_parts(const struct en_token *t, size_t n, struct en_token part[3], size_t *np,
		       int *month, int *weekday, struct date_reading *how)
{
	for (size_t i = 0; i < n; i++) {
		static const char *const ordinal[] = { "st", "nd", "rd", "th", NULL };
		static const char *const of[] = { "of", NULL };
		size_t k;
		if (!how->time && (k = en_time_of_day(t, i, n))) {
			how->time = true;
			i += k - 1;
			continue;
		}
		if (t[i].kind == EN_PUNCT) {
			if (!strchr("-/.,", t[i].word[0]) || i == 0 || t[i - 1].kind == EN_PUNCT)
				return false;
			continue;
		}
		if (en_is(&t[i], ordinal) && i > 0 && t[i - 1].kind == EN_NUM &&
		    t[i - 1].digits >= 1 && t[i - 1].digits <= 2)
			continue;
		if (en_is(&t[i], of) && *np == 1 && part[0].kind == EN_NUM)
			continue;
		if (!*weekday && (*weekday = en_weekday(&t[i])))
			continue;
		if (*np == 3)
			return false;
		if (t[i].kind == EN_WORD) {
			if (*month || !(*month = en_month(&t[i])))
				return false;
		} else if (!t[i].digits) {
			return false;
		}
		part[(*np)++] = t[i];
	}
	return true;
}

/* Numbers only (14.04.1997, 04/14/1997, 1997 04 14): a year
 * first is followed by its month and day, as ISO's; a year last
 * follows a day and a month in either order, read only when one
 * of the two cannot be a month (or both are the same): SGFC's
 * reading, which does not guess 03/04/1997 either. */
static bool numbers_date(const struct en_token part[3], size_t np, const struct en_token **day,
			 const struct en_token **year, int *m, struct date_reading *how)
{
	if (np != 3 || part[1].digits > 2)
		return false;
	if (en_year(&part[0]) >= 0 && part[2].digits <= 2) {
		*year = &part[0], *m = (int)part[1].num, *day = &part[2];
	} else if (en_year(&part[2]) >= 0 && part[0].digits <= 2) {
		*year = &part[2];
		double a = part[0].num, b = part[1].num;
		if (a > 12 && b >= 1 && b <= 12)
			*day = &part[0], *m = (int)b, how->day_first = true;
		else if (b > 12 && a >= 1 && a <= 12)
			*day = &part[1], *m = (int)a, how->month_first = true;
		else if (a == b && a >= 1 && a <= 12)
			*day = &part[0], *m = (int)a;
		else {
			how->ambiguous = a >= 1 && a <= 12 && b >= 1 && b <= 12;
			return false;
		}
	} else {
		return false;
	}
	return true;
}

bool value_date_words(const char *s, char out[11], struct date_reading *how)
{
	*how = (struct date_reading){ 0 };
	struct en_token t[16];
	size_t n;
	if (!en_tokens(s, t, 16, &n, false))
		return false;
	struct en_token part[3];
	size_t np = 0;
	int month = 0, weekday = 0;
	if (!date_parts(t, n, part, &np, &month, &weekday, how))
		return false;
	const struct en_token *day = NULL, *year = NULL;
	int m = month;
	if (month) {
		/* Where the month is says what the numbers are: 14 Apr 1997,
		 * Apr 14 1997, 1997 Apr 14, April 1997. */
		if (np == 3 && part[1].kind == EN_WORD)
			day = part[0].digits == 4 ? &part[2] : &part[0],
			year = part[0].digits == 4 ? &part[0] : &part[2];
		else if (np == 3 && part[0].kind == EN_WORD)
			day = &part[1], year = &part[2];
		else if (np == 2)
			year = part[0].kind == EN_WORD ? &part[1] : &part[0];
		else
			return false;
	} else {
		if (!numbers_date(part, np, &day, &year, &m, how))
			return false;
		if (m < 1 || m > 12)
			return false;
	}
	if (day && (day->digits > 2 || day->num < 1 || day->num > 31))
		return false;
	/* A year of two digits is the 1900s, as SGFC reads it, and only when
	 * it cannot be a day (32 to 99): 14 Apr 05 stays unread. */
	long y = en_year(year);
	if (y < 0)
		return false;
	how->two_digit_year = year->digits == 2;
	if (day && day->num > value_days_in(y, m))
		return false;
	if (weekday) {
		/* A day of the week is read only beside the date it falls on */
		if (!day || weekday_of(y, m, (int)day->num) != weekday) {
			how->wrong_weekday = day != NULL;
			return false;
		}
		how->weekday = true;
	}
	if (day)
		snprintf(out, 11, "%04u-%02u-%02u", (unsigned)y % 10000u, (unsigned)m % 13u,
			 (unsigned)day->num % 32u);
	else
		snprintf(out, 11, "%04u-%02u", (unsigned)y % 10000u, (unsigned)m % 13u);
	return true;
}

bool value_komi_english(const char *s, double *out)
{
	struct en_token t[8];
	size_t n, i = 0;
	if (!en_tokens(s, t, 8, &n, true))
		return false;
	static const char *const nothing[] = { "none", "nil", "no", NULL };
	static const char *const komi[] = { "komi", NULL };
	static const char *const and_[] = { "and", NULL };
	static const char *const a[] = { "a", NULL };
	static const char *const half[] = { "half", NULL };
	static const char *const points[] = { "point", "points", "pts", "pt", "moku", NULL };
	/* none, no komi, nil */
	if (en_is(&t[0], nothing) && (n == 1 || (n == 2 && en_is(&t[1], komi)))) {
		*out = 0;
		return !strcmp(t[0].word, "no") ? n == 2 : true;
	}
	double v = -1;
	bool words = false;
	int w;
	if (t[i].kind == EN_NUM) {
		v = t[i++].num;
	} else if ((w = en_small_number(&t[i])) >= 0) {
		v = w, i++, words = true;
	}
	/* and a half, a half, half; 5 1/2 */
	size_t j = i;
	if (v >= 0 && j < n && en_is(&t[j], and_))
		j++;
	if (j < n && en_is(&t[j], a))
		j++;
	bool halved = false;
	if (j < n && en_is(&t[j], half)) {
		halved = true, i = j + 1;
	} else if (j == i && v >= 0 && !words && i + 2 < n &&
		   t[i].kind == EN_NUM && t[i].digits == 1 && t[i].num == 1 &&
		   t[i + 1].kind == EN_PUNCT && t[i + 1].word[0] == '/' &&
		   t[i + 2].kind == EN_NUM && t[i + 2].digits == 1 && t[i + 2].num == 2) {
		halved = true, i += 3;
	} else if (j != i) {
		return false;   /* "five and", "a" */
	}
	if (halved && v >= 0 && v != (double)(long long)v)
		return false;   /* 6.5 and a half */
	if (v < 0 && !halved)
		return false;
	/* points, pts, moku; a half point */
	bool unit = false;
	if (i < n && en_is(&t[i], points))
		unit = true, i++;
	if (i < n && en_is(&t[i], komi))
		i++;
	if (i != n || !(words || halved || unit))
		return false;
	*out = (v < 0 ? 0 : v) + (halved ? 0.5 : 0);
	return true;
}

bool value_time_english(const char *s, double *seconds)
{
	struct en_token t[12];
	size_t n;
	if (!en_tokens(s, t, 12, &n, true))
		return false;
	static const char *const units[3][6] = {
		{ "h", "hr", "hrs", "hour", "hours", NULL },
		{ "m", "min", "mins", "minute", "minutes", NULL },
		{ "s", "sec", "secs", "second", "seconds", NULL },
	};
	static const char *const and_[] = { "and", NULL };
	static const char *const each[] = { "each", NULL };
	static const double unit_seconds[3] = { 3600, 60, 1 };
	double total = 0;
	int last = -1;   /* the units come once each, hours first */
	size_t i = 0;
	while (i < n) {
		if (last >= 0 && en_is(&t[i], and_))
			i++;
		if (i + 1 >= n)
			return false;
		double v = t[i].kind == EN_NUM ? t[i].num : en_small_number(&t[i]);
		if (v < 0)
			return false;
		int u = 0;
		while (u < 3 && !en_is(&t[i + 1], units[u]))
			u++;
		if (u == 3 || u <= last)
			return false;
		total += v * unit_seconds[u];
		last = u;
		i += 2;
		if (i + 1 == n && en_is(&t[i], each))
			i++;
	}
	*seconds = total;
	return last >= 0 && total < 1e9;   /* 31 years: no game's */
}
