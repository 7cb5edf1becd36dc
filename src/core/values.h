/* values: the values of an SGF root (and of GIB, NGF and UGF headers) as
 * their writers spell them in their own words, read into JGF's grammars
 * when they have one certain reading: results in English, Japanese,
 * Korean and Chinese (B+R, "White resigns.", 黒中押し勝ち, 흑 불계승,
 * 黑中盘胜, 白胜3又3/4子), ranks (9p, "9 dan", 九段, 9단, 3級), komi in words
 * (黒6目半, "five and a half"), times in words (3時間, "1h30m"), dates with
 * a time of day and dates with an English month's name ("14 apr 97"); the near misses of the result
 * grammar that result-format fixes; the days of a month. docs/convert.md
 * lists the forms.
 * The one reading of them: --convert maps SGF, GIB, NGF and UGF values with
 * it, and the rules rank-format and result-format suggest and fix with it. */
#ifndef JGF_VALUES_H
#define JGF_VALUES_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"

/* The result s (UTF-8) in JGF's grammar (B+R, W+3.5, 0, ?, "") appended to
 * out; false when it has no one certain reading. */
bool value_result(const char *s, struct buf *out);

/* Whether value_result reads s setting words aside (the moves played
 * before the result: 共185手 黑中盘胜 is B+R, its 共185手 no part of it);
 * aside (when not NULL) gets them. */
bool value_result_aside(const char *s, struct buf *aside);

/* A near miss of the result grammar that value_result does not read (SGF's
 * and servers' ASCII spellings: "Black+12", "w+4,5", "B+.5", "Tie", "NR",
 * "B+TOUT") written right into out; *reinterprets when it reads a cause
 * outside the grammar as the closest one (W+ILLEGAL as W+F). */
bool value_result_near_miss(const char *s, size_t len, struct buf *out, bool *reinterprets);
/* A winner alone ("W+", "Black"): *winner gets B or W. */
bool value_result_winner_alone(const char *s, size_t len, char *winner);

/* The days of month (1 to 12) in year, 29 February in leap years. */
int value_days_in(long year, int month);

/* How a rank was read, for the note that says so. */
enum rank_reading {
	RANK_AS_WRITTEN,    /* in JGF's grammar, or spelt out: 9p, "9 dan pro", 3 kyu */
	RANK_MARKED,        /* a word says professional or amateur: プロ九段, 业余5段 */
	RANK_PRO_SOURCE,    /* dan read as professional: the record names a professional body */
	RANK_NUMERALS,      /* dan in kanji numerals (九段, 初段; 초단, 初段 in hangul): a professional's */
	RANK_DIGITS,        /* dan in digits (9段, 3단): a server's or an amateur's */
	RANK_SERVER_MARK,   /* dan with a server's mark (5단*, 九段*): an amateur's, though
			     * the record names a professional body or it is in kanji */
};

/* The rank s in JGF's grammar (15k, 4d, 9p, and the "?" or "*" written
 * after it) appended to out, with how the professional or amateur dan was
 * decided; pro_source: the record names a professional body
 * (value_pro_source). False when it is not a rank. */
bool value_rank(const char *s, bool pro_source, struct buf *out, enum rank_reading *how);

/* Whether the len bytes at s are a rank in JGF's grammar as written: 30k
 * to 1k, 1d to 9d, 1p to 9p, a "?" (uncertain) or "*" (established) after
 * it or not. The one grammar: rank-format accepts it without a word, and
 * the SGF reader keeps it as it is. */
bool value_rank_usual(const char *s, size_t len);

/* Whether the len bytes at s say the rank is unknown: "?" (SGF's WR[?],
 * as servers write it, "??"), "-", NR, unknown, none, N/A, 不明, 未知; in
 * any case, fullwidth too. JGF writes an unknown rank "". */
bool value_rank_unknown(const char *s, size_t len);

/* Whether s is written as one of value_rank's forms but its number is out
 * of its range (35k, 0k, 三十一級, 10d, 十段, 10p); *unit gets the range's
 * letter, k, d or p (a dan is p only when a word says so). */
bool value_rank_out_of_range(const char *s, char *unit);

/* Whether s names a professional body or a professional player: 棋院
 * (日本棋院, 関西棋院, 中国棋院), 기원 (한국기원), Ki-in, a Go, Weiqi or
 * Baduk Association, 棋士, プロ, 职业, 프로. */
bool value_pro_source(const char *s);

/* Whether s, an event or a game's name, names a professional tournament or
 * title (춘란배, 三星杯, 名人戦, Honinbo) and no amateur's, youth's or
 * server's one (아마, 业余, アマ, 网). */
bool value_pro_event(const char *s);

/* Komi in words (KO[黒6目半], KM[6目半], 7.5): the points white receives
 * (a komi that white gives, 白6目半, is negative). False when unreadable. */
bool value_komi_words(const char *s, double *out);

/* A time in words (TM[1時間], 3時間30分, 1小时, 90分钟, 1시간 30분, 30秒): its
 * seconds. False when unreadable. */
bool value_time_words(const char *s, double *seconds);

/* One date of SGF's DT list written otherwise than ISO's YYYY-MM-DD, or
 * with a time of day after it (2016-12-29 19:01:34, an ISO timestamp
 * 2016-12-29T19:01:34+09:00, 2016/12/29, 2018.04.27 10:00, 2001/10/10
 * 15:38:55 UT, 2016年12月29日), or a range of days (1940.10.30-31: its first
 * day): the date alone as YYYY-MM-DD into out (11 bytes). False when s is
 * not such a date. */
bool value_date_with_time(const char *s, size_t len, char out[11]);
/* Whether an item of the DT list s has a date and a time of day that is
 * none (25:00, 14:75): value_date_with_time does not read it. */
bool value_date_bad_time(const char *s);

/* How value_date_words read a date, or why it did not. */
struct date_reading {
	bool two_digit_year;   /* a year of two digits (32 to 99) read as the 1900s */
	bool weekday;          /* a day of the week set aside: the date falls on it */
	bool time;             /* a time of day set aside */
	bool day_first;        /* numbers only, the day before the month (14.04.1997) */
	bool month_first;      /* numbers only, the month before the day (04/14/1997) */
	bool ambiguous;        /* not read: each of two numbers could be the month */
	bool wrong_weekday;    /* not read: the date does not fall on its day of the week */
};

/* A date written with an English month's name or its abbreviation, in the
 * orders people write it (14 Apr 1997, 14-Apr-1997, 14th of April 1997,
 * April 14, 1997, Apr 14 1997, 1997 Apr 14; April 1997, a month), or in
 * numbers with the year last (14.04.1997, 04/14/1997: read only when one of
 * the day and the month cannot be the other, as SGFC reads them), with a day
 * of the week (Mon, 14 Apr 1997; Monday April 14 1997: the date must fall
 * on it) and a time of day (14:30, 2:30 pm) set aside: its ISO form
 * (YYYY-MM-DD, or YYYY-MM) into out (11 bytes). A year of two digits is the
 * 1900s, as SGFC reads it, and only one that cannot be a day (32 to 99).
 * *how says what was read or set aside, or why s was not read. False when
 * s is not such a date. */
bool value_date_words(const char *s, char out[11], struct date_reading *how);

/* Komi in English words (five and a half, 6.5 points, a half, zero, none,
 * no komi, 5 1/2): the points. False for anything else, a plain number too. */
bool value_komi_english(const char *s, double *out);

/* A time in English words (9 hours, 1 hour 30 minutes, 1 hour and 30
 * minutes, 90 min, 30 seconds, 1h30m, 2 hours each): its seconds. False for
 * anything else, a plain number too. */
bool value_time_english(const char *s, double *seconds);

#endif
