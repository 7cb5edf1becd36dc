/* dupdate: a game's date as sources write it, read (dup_date_of), and
 * two games' dates compared: the same day, a month or year holding the
 * other's day, the order of dates (dup/dupset.h); dupfacts weighs them
 * with the players. */
#include "dup/dupset.h"

#include <ctype.h>
#include <stdlib.h>

/* The first date of a date as sources write it: year, month, day (0 when
 * not given): 2016-03-09, 2016.3.9, 2016/03/09, 2016-03-09,10 (SGF's
 * list: its first day), 2016年3月9日, 20160309, 09.03.2016 (day first
 * after a dot). A date whose year comes last after another separator
 * (03/09/2016: the month or the day first?) gives its year alone. False
 * when no year is found. */
bool dup_date_of(const char *text, int ymd[3])
{
	long n[3] = { 0 };
	int count = 0, year_at = -1;
	char sep = 0;
	for (const char *p = text; *p && count < 3;) {
		if (!isdigit((unsigned char)*p)) {
			if (count == 1 && !sep)
				sep = *p;
			p++;
			continue;
		}
		char *end;
		long v = strtol(p, &end, 10);
		size_t digits = (size_t)(end - p);
		if (digits == 8 && !count) {   /* 20160309 */
			ymd[0] = (int)(v / 10000), ymd[1] = (int)(v / 100 % 100), ymd[2] = (int)(v % 100);
			return ymd[0] >= 1000;
		}
		if (digits == 4 && year_at < 0)
			year_at = count;
		n[count++] = v;
		p = end;
		if (year_at == 0 && *p == ',')   /* a list of days: the first */
			break;
	}
	ymd[0] = ymd[1] = ymd[2] = 0;
	if (year_at == 0) {
		for (int i = 0; i < 3; i++)
			ymd[i] = (int)n[i];
	} else if (year_at == 2) {
		ymd[0] = (int)n[2];
		if (sep == '.')
			ymd[1] = (int)n[1], ymd[2] = (int)n[0];
	} else if (year_at == 1) {
		ymd[0] = (int)n[1];
	} else {
		return false;
	}
	if (ymd[1] < 1 || ymd[1] > 12)
		ymd[1] = ymd[2] = 0;
	if (ymd[2] < 1 || ymd[2] > 31)
		ymd[2] = 0;
	return true;
}

bool dup_same_day(const struct dup_set *s, const struct entry *a, const struct entry *b)
{
	/* Days read whole from both (DT[?] on both is the same text, no day) */
	const char *x = dup_fact(s, a, FACT_DATE), *y = dup_fact(s, b, FACT_DATE);
	int p[3], q[3];
	return x && y && dup_date_of(x, p) && dup_date_of(y, q) && p[1] && p[2] && p[0] == q[0] &&
	       p[1] == q[1] && p[2] == q[2];
}

bool dup_day_given(const struct dup_set *s, const struct entry *e)
{
	const char *x = dup_fact(s, e, FACT_DATE);
	int p[3];
	return x && dup_date_of(x, p) && p[1] && p[2];
}

static bool date_holds(const struct dup_set *s, const struct entry *a, const struct entry *b,
		       bool month)
{
	const char *x = dup_fact(s, a, FACT_DATE), *y = dup_fact(s, b, FACT_DATE);
	int p[3], q[3];
	return x && y && dup_date_of(x, p) && dup_date_of(y, q) && !p[2] && q[2] && p[0] == q[0] &&
	       (p[1] ? p[1] == q[1] : !month);
}

bool dup_date_holds(const struct dup_set *s, const struct entry *a, const struct entry *b)
{
	return date_holds(s, a, b, false);
}

bool dup_month_holds(const struct dup_set *s, const struct entry *a, const struct entry *b)
{
	return date_holds(s, a, b, true);
}

uint32_t dup_date_order(const struct dup_set *s, const struct entry *e)
{
	const char *date = dup_fact(s, e, FACT_DATE);
	int ymd[3];
	if (!date || !dup_date_of(date, ymd) || ymd[0] < 0 || ymd[0] > 99999)
		return 0;
	return (uint32_t)ymd[0] * 10000 + (uint32_t)ymd[1] * 100 + (uint32_t)ymd[2];
}
