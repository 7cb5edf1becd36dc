/* sgfvalue: SGF's values read for the mapping to JGF (sgfvalue.h). */
#include "convert/sgfvalue.h"

#include <ctype.h>
#include <errno.h>
#include <math.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/dom.h"
#include "base/regex.h"
#include "core/record.h"
#include "core/values.h"

/* Past the bytes from i on that are printable ASCII but `\\` and `:`,
 * eight at a time (a comment's text; a byte at a time, its four tests a
 * byte were half of decoding it); the last bytes, and those of a word
 * with another, are sgf_decode_text's to test. */
static size_t plain_words(const char *s, size_t i, size_t len)
{
	const uint64_t ones = 0x0101010101010101u, highs = 0x8080808080808080u;
	for (; i + 8 <= len; i += 8) {
		uint64_t x;
		memcpy(&x, s + i, 8);
		uint64_t b = x ^ ones * '\\', c = x ^ ones * ':';
		/* a byte below 0x20, `\\` or `:` (where x < 0x80), 0x80 or
		 * above, or 0x7F (each test may err only after a byte it hit) */
		if (((((x - ones * 0x20) | (b - ones) | (c - ones)) & ~x) | x | (x + ones)) & highs)
			break;
	}
	return i;
}

/* SGF Text: escapes removed, soft line breaks (`\` + newline) removed, other
 * white space than line breaks as spaces, line breaks as "\n". With simple
 * (SimpleText), line breaks are spaces too. Stops at an unescaped `:` when
 * colon is given (the first half of a compose value), storing where. */
void sgf_decode_text(struct buf *out, const char *s, size_t len, bool simple, size_t *colon)
{
	if (colon)
		*colon = SIZE_MAX;
	buf_reserve(out, len);   /* no more than len: grown once, not by doubling */
	for (size_t i = 0; i < len; i++) {
		/* A run of printable ASCII (no `\\` or `:`) is copied as it is
		 * (written a byte at a time, it was 3% of checking a commented
		 * tree in place). */
		size_t run = plain_words(s, i, len);
		while (run < len && ((s[run] > ' ' && s[run] < 0x7F && s[run] != '\\' && s[run] != ':') ||
				     s[run] == ' '))
			run++;
		if (run > i) {
			buf_add(out, s + i, run - i);
			i = run - 1;
			continue;
		}
		char c = s[i];
		if (c == '\\' && i + 1 < len) {
			c = s[++i];
			if (c == '\n' || c == '\r') {   /* soft line break */
				if (i + 1 < len && (s[i + 1] == '\n' || s[i + 1] == '\r') && s[i + 1] != c)
					i++;
				continue;
			}
		} else if (c == ':' && colon) {
			*colon = i;
			break;
		} else if (c == '\r' || c == '\n') {
			if (i + 1 < len && (s[i + 1] == '\n' || s[i + 1] == '\r') && s[i + 1] != c)
				i++;
			c = '\n';
		}
		if (c == '\n' && simple)
			c = ' ';
		else if (c != '\n' && isspace((unsigned char)c))
			c = ' ';
		buf_addc(out, c);
	}
	if (!out->data)
		buf_adds(out, "");
}

char *sgf_text_of(const struct sgf_value *v, bool simple)
{
	struct buf b = BUF_INIT;
	sgf_decode_text(&b, v->raw, v->len, simple, NULL);
	return buf_detach(&b);
}

/* SimpleText as SGFC keeps it: its trailing blanks dropped, its leading
 * ones kept (GN[  x  ] is "  x"). */
char *sgf_words_of(const struct sgf_value *v)
{
	char *s = sgf_text_of(v, true);
	size_t n = strlen(s);
	while (n && s[n - 1] == ' ')
		n--;
	s[n] = '\0';
	return s;
}

/* simpletext trimmed, for values read */
char *sgf_simple_of(const struct sgf_value *v)
{
	char *s = sgf_words_of(v);
	size_t start = strspn(s, " ");
	memmove(s, s + start, strlen(s + start) + 1);
	return s;
}

const char sgf_letters[] = "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ";

static int coord_of(char c)
{
	if (c >= 'a' && c <= 'z')
		return c - 'a';
	if (c >= 'A' && c <= 'Z')
		return c - 'A' + 26;
	return -1;
}

bool sgf_point_in(const char *s, size_t len, size_t *at)
{
	size_t a = 0;
	while (a < len && isspace((unsigned char)s[a]))
		a++;
	while (len > a && isspace((unsigned char)s[len - 1]))
		len--;
	*at = a;
	return len - a == 2 && coord_of(s[a]) >= 0 && coord_of(s[a + 1]) >= 0;
}

bool sgf_point_of(const char *s, size_t len, int *x, int *y)
{
	/* Two letters, nearly every point: no blank to trim (isspace a
	 * byte, four of them, was most of a move's point). */
	if (len == 2 && (*x = coord_of(s[0])) >= 0 && (*y = coord_of(s[1])) >= 0)
		return true;
	size_t at;
	if (!sgf_point_in(s, len, &at))
		return false;
	*x = coord_of(s[at]);
	*y = coord_of(s[at + 1]);
	return true;
}

bool sgf_move_pass(const char *raw, size_t len, int width, int height)
{
	return !len || (len == 2 && !memcmp(raw, "tt", 2) && record_tt_pass(width, height));
}

bool sgf_box_of(const char *s, size_t len, int width, int height, struct sgf_box *box)
{
	const char *colon = memchr(s, ':', len);
	size_t first = colon ? (size_t)(colon - s) : len;
	int x1, y1, x2, y2;
	if (!sgf_point_of(s, first, &x1, &y1) || x1 >= width || y1 >= height)
		return false;
	if (!colon)
		x2 = x1, y2 = y1;
	else if (!sgf_point_of(colon + 1, len - first - 1, &x2, &y2) || x2 >= width || y2 >= height)
		return false;
	*box = (struct sgf_box){ .x1 = x1 < x2 ? x1 : x2, .y1 = y1 < y2 ? y1 : y2,
				 .x2 = x1 < x2 ? x2 : x1, .y2 = y1 < y2 ? y2 : y1,
				 .rectangle = colon != NULL, .reversed = x1 > x2 || y1 > y2 };
	return true;
}

/* A value of digits alone, 1 to 18 of them (a number that fits, no sign,
 * blank, escape or colon), as *out: what strtoll reads of its simple text,
 * without making it (GM, FF and SZ of every game: a copy made and freed,
 * snprintf and strtoll were 3,600 instructions of each game's SZ). */
static bool digits_of(const struct sgf_value *v, long long *out)
{
	if (!v->len || v->len > 18)
		return false;
	long long n = 0;
	for (size_t i = 0; i < v->len; i++) {
		if (v->raw[i] < '0' || v->raw[i] > '9')
			return false;
		n = n * 10 + (v->raw[i] - '0');
	}
	*out = n;
	return true;
}

/* long long, not long: long is 32 bits in wasm32 (the page), where
 * GM[4294967297] or OB[3000000000] would overflow and read otherwise. */
bool sgf_number_of(const struct sgf_value *v, long long *out)
{
	if (digits_of(v, out))
		return true;
	char *s = sgf_simple_of(v), *end;
	errno = 0;
	long long n = strtoll(s, &end, 10);
	bool ok = *s && !*end && !errno;
	free(s);
	*out = n;
	return ok;
}

bool sgf_size_of(const struct sgf_value *v, int *width, int *height)
{
	long long n;
	if (digits_of(v, &n)) {   /* SZ[19] */
		if (n < 1 || n > 52)
			return false;
		*width = *height = (int)n;
		return true;
	}
	char *s = sgf_simple_of(v);
	char *colon = strchr(s, ':');
	size_t len = colon ? (size_t)(colon - s) : strlen(s);
	long long a, b;
	char tmp[32];
	snprintf(tmp, sizeof tmp, "%.*s", (int)(len < 31 ? len : 31), s);
	struct sgf_value wv = { .raw = tmp, .len = strlen(tmp), .pos = v->pos };
	bool ok = sgf_number_of(&wv, &a);
	b = a;
	if (ok && colon) {
		struct sgf_value hv = { .raw = colon + 1, .len = strlen(colon + 1), .pos = v->pos };
		ok = sgf_number_of(&hv, &b);
	}
	free(s);
	if (!ok || a < 1 || b < 1 || a > 52 || b > 52)
		return false;
	*width = (int)a, *height = (int)b;
	return true;
}

bool sgf_real_in(char *s, double *out)
{
	char *end, *to = s;
	/* a decimal comma, as some writers use, and an ideographic or a
	 * full-width full stop (KM[5。5], KM[6．5]), as Chinese ones do */
	for (const char *p = s; *p; p++) {
		if (!strncmp(p, "\u3002", 3) || !strncmp(p, "\uFF0E", 3))
			*to++ = '.', p += 2;
		else
			*to++ = *p == ',' ? '.' : *p;
	}
	*to = '\0';
	errno = 0;
	double d = strtod(s, &end);
	*out = d;
	return *s && !*end && !errno && isfinite(d) && !strpbrk(s, "xXnNiI");
}

bool sgf_real_of(const struct sgf_value *v, double *out)
{
	char *s = sgf_simple_of(v);
	bool ok = sgf_real_in(s, out);
	free(s);
	return ok;
}

/* A Number ([+-]digits) or, with real, a Real (a Number, then a point and
 * digits), spaces around it aside. */
bool sgf_number_fits(const struct sgf_value *v, bool real)
{
	const char *s = v->raw, *end = v->raw + v->len;
	while (s < end && *s == ' ')
		s++;
	while (end > s && end[-1] == ' ')
		end--;
	if (s < end && (*s == '+' || *s == '-'))
		s++;
	const char *digits = s;
	while (s < end && *s >= '0' && *s <= '9')
		s++;
	if (s == digits)
		return false;
	if (real && s < end && *s == '.') {
		const char *fraction = ++s;
		while (s < end && *s >= '0' && *s <= '9')
			s++;
		if (s == fraction)
			return false;
	}
	return s == end;
}

bool sgf_number_exact(const struct sgf_value *v, bool real)
{
	return v->len && v->raw[0] != ' ' && v->raw[v->len - 1] != ' ' && sgf_number_fits(v, real);
}

const char *sgf_value_misfit(enum sgf_type type, const struct sgf_value *v, int width,
			     int height)
{
	const char *colon = memchr(v->raw, ':', v->len);
	struct sgf_box b;
	switch (type) {
	case SGF_T_NONE:
		return v->len ? "no value" : NULL;
	case SGF_T_NUMBER:
		return sgf_number_fits(v, false) ? NULL : "a Number: digits, a sign first";
	case SGF_T_REAL:
		return sgf_number_fits(v, true) ? NULL :
		       "a Real: a Number, then a decimal point and digits if any";
	case SGF_T_DOUBLE:
		return v->len == 1 && (v->raw[0] == '1' || v->raw[0] == '2') ? NULL : "1 or 2";
	case SGF_T_COLOR:
		return v->len == 1 && (v->raw[0] == 'B' || v->raw[0] == 'W') ? NULL : "B or W";
	case SGF_T_POINTS:
		return sgf_box_of(v->raw, v->len, width, height, &b) ? NULL :
		       "points, or rectangles aa:cc, of the board";
	case SGF_T_LINES:   /* two points, not one twice */
		return sgf_box_of(v->raw, v->len, width, height, &b) && b.rectangle &&
		       (b.x1 != b.x2 || b.y1 != b.y2) ? NULL : "two different points of the board, aa:cc";
	case SGF_T_FIGURE: {
		struct sgf_value number = *v;
		number.len = colon ? (size_t)(colon - v->raw) : v->len;
		return colon && sgf_number_fits(&number, false) ? NULL :
		       "none, or a Number and a name, 0:Figure 1";
	}
	default:
		return NULL;
	}
}

void sgf_value_fix(struct sgf_notes *notes, const struct sgf_value *v, const char *text,
		   bool unsafe)
{
	struct sgf_pos at = { v->pos.line, v->pos.col + 1 };   /* after its `[` */
	sgf_note_fix(notes, at, sgf_fix_len(v->raw, v->len), text, unsafe);
}

void sgf_real_text(struct buf *out, double d)
{
	char e[40];
	if (d == 0 || !isfinite(d)) {
		buf_addc(out, '0');   /* -0 is 0 (and no number is no Real) */
		return;
	}
	for (int prec = 0; prec <= 16; prec++) {   /* the fewest digits that read back as d */
		snprintf(e, sizeof e, "%.*e", prec, d);
		if (strtod(e, NULL) == d)
			break;
	}
	/* e: [-]D[.DDD]e[+-]X; the digits placed around the point X after the first */
	char digits[24];
	size_t n = 0;
	const char *s = e;
	if (*s == '-')
		buf_addc(out, *s++);
	for (; *s != 'e'; s++)
		if (*s != '.')
			digits[n++] = *s;
	while (n > 1 && digits[n - 1] == '0')
		n--;
	long x = strtol(s + 1, NULL, 10);
	if (x < 0) {
		buf_addc(out, '0');
		buf_addc(out, '.');
		for (long i = -1; i > x; i--)
			buf_addc(out, '0');
		buf_add(out, digits, n);
		return;
	}
	for (long i = 0; i <= x || i < (long)n; i++) {
		if (i == x + 1)
			buf_addc(out, '.');
		buf_addc(out, i < (long)n ? digits[i] : '0');
	}
}

void sgf_value_fix_number(struct sgf_notes *notes, const struct sgf_value *v, double d)
{
	struct buf num = BUF_INIT;
	sgf_real_text(&num, d);
	sgf_value_fix(notes, v, num.data, false);
	buf_free(&num);
}

/* Komi in words (6目半, 黒6目半): values.c. */
bool sgf_komi_words(const struct sgf_value *v, double *out)
{
	char *s = sgf_simple_of(v);
	bool ok = value_komi_words(s, out);
	free(s);
	return ok;
}

/* Komi in English words (five and a half, 6.5 points): values.c. */
bool sgf_komi_english(const struct sgf_value *v, double *out)
{
	char *s = sgf_simple_of(v);
	bool ok = value_komi_english(s, out);
	free(s);
	return ok;
}

json_object *sgf_number_json(double d)
{
	if (d == floor(d) && fabs(d) < 1e15)
		return dom_int((long long)d);
	char text[32];
	snprintf(text, sizeof text, "%.15g", d);
	return dom_double_s(d, text);
}

/* Digits exactly n long, as a number, or -1. */
static int digits(const char *s, size_t n)
{
	int v = 0;
	for (size_t i = 0; i < n; i++) {
		if (!isdigit((unsigned char)s[i]))
			return -1;
		v = v * 10 + (s[i] - '0');
	}
	return v;
}

/* SGF's DT: ISO dates, comma-separated, where later ones may leave out
 * what they share with the one before (1996-05-06,07,08 or 1996-12-27,
 * 01-02 or 1996-12-27,1997-01-03). Appends each as a full ISO date. A full
 * date with a time of day (2016-12-29 19:01:34, an ISO timestamp) gives its
 * date, and sets *trimmed. */
bool sgf_dates_of(const char *s, json_object *out, bool *trimmed)
{
	*trimmed = false;
	int y = -1, m = -1, d = -1;
	char text[32];
	const char *p = s;
	for (;;) {
		while (*p == ' ')
			p++;
		size_t n = strcspn(p, ",");
		size_t t = n;
		while (t && p[t - 1] == ' ')
			t--;
		int a, b, e;
		char day[11];
		const char *q = p;   /* the item, or its date without the time */
		if (!(t == 10 && p[4] == '-' && p[7] == '-') && value_date_with_time(p, t, day)) {
			q = day;
			t = 10;
			*trimmed = true;
		}
		if (t == 10 && q[4] == '-' && q[7] == '-' && (a = digits(q, 4)) >= 0 &&
		    (b = digits(q + 5, 2)) >= 0 && (e = digits(q + 8, 2)) >= 0)
			y = a, m = b, d = e;
		else if (t == 7 && q[4] == '-' && (a = digits(q, 4)) >= 0 && (b = digits(q + 5, 2)) >= 0)
			y = a, m = b, d = -1;
		else if (t == 4 && (a = digits(q, 4)) >= 0)
			y = a, m = d = -1;
		else if (t == 5 && q[2] == '-' && y >= 0 && m >= 0 && d >= 0 &&
			 (b = digits(q, 2)) >= 0 && (e = digits(q + 3, 2)) >= 0)
			m = b, d = e;
		else if (t == 2 && y >= 0 && m >= 0 && (e = digits(q, 2)) >= 0)
			d = d >= 0 ? e : -1, m = d >= 0 ? m : e;
		else
			return false;
		if (m != -1 && (m < 1 || m > 12))
			return false;
		if (d != -1 && (d < 1 || d > value_days_in(y, m)))
			return false;
		if (d >= 0)
			snprintf(text, sizeof text, "%04d-%02d-%02d", y, m, d);
		else if (m >= 0)
			snprintf(text, sizeof text, "%04d-%02d", y, m);
		else
			snprintf(text, sizeof text, "%04d", y);
		dom_push(out, dom_string(text));
		if (!p[n])
			return true;
		p += n + 1;
	}
}

/* An item of a DT list written as a range (1934.03.28-29, 2024年3月1日~3日):
 * its first date (as value_date_with_time reads it) and its last day. */
static struct regex date_range_item = REGEX(
	"\\s*([0-9]{4}(?:-|/|\\.|年)[0-9]{1,2}(?:-|/|\\.|月)[0-9]{1,2}(?:日)?)\\s*(?:-|~|～)\\s*([0-9]{1,2})(?:日)?\\s*");

/* The full dates of s's items, a range's days written out, each once a
 * list, appended to out (a JSON array); false when an item is no date, a
 * range none (its last day before its first, or past its month), or an
 * item has a time of day. */
static bool all_days(const char *s, json_object *out)
{
	if (strchr(s, ':'))
		return false;
	struct buf list = BUF_INIT;
	bool ok = true;
	for (const char *item = s; ok && *item;) {
		size_t n = strcspn(item, ",");
		struct regex_span g[2];
		char day[11];
		if (regex_capture(&date_range_item, item, n, g, 2)) {
			int last = atoi(item + g[1].start), first = 0;
			ok = value_date_with_time(item + g[0].start, g[0].end - g[0].start, day);
			first = ok ? atoi(day + 8) : 0;
			ok = ok && last > first && last <= value_days_in(atol(day), atoi(day + 5));
			for (int d = first; ok && d <= last; d++)
				buf_printf(&list, "%s%.8s%02d", list.len ? "," : "", day, d);
		} else {
			buf_printf(&list, "%s%.*s", list.len ? "," : "", (int)n, item);
		}
		item += n + (item[n] == ',');
	}
	bool trimmed;
	ok = ok && list.data && sgf_dates_of(list.data, out, &trimmed);
	buf_free(&list);
	return ok;
}

bool sgf_date_days(const char *s, struct buf *out)
{
	json_object *days = dom_array();
	bool ok = all_days(s, days);
	char prev[11] = "";
	for (size_t i = 0; ok && i < json_object_array_length(days); i++) {
		const char *iso = json_object_get_string(json_object_array_get_idx(days, i));
		if (strlen(iso) != 10) {
			ok = false;
			break;
		}
		if (i)
			buf_addc(out, ',');
		/* FF[4]'s short forms: a day of the month before's, MM-DD of the year's */
		if (*prev && !strncmp(iso, prev, 8))
			buf_adds(out, iso + 8);
		else if (*prev && !strncmp(iso, prev, 5))
			buf_adds(out, iso + 5);
		else
			buf_adds(out, iso);
		memcpy(prev, iso, 11);
	}
	json_object_put(days);
	return ok;
}
