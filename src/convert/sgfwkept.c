/* sgfwkept: what a record kept under meta.sgf written back where it came
 * from (sgfwriter.h): beside the value the record's datum wrote, in the
 * node it was read in, or, for FF[3]'s root values FF[4] rejects, where an
 * FF[4] reader keeps them. */
#include "convert/sgfwriter.h"

#include <ctype.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/dom.h"
#include "base/fail.h"
#include "base/pointer.h"
#include "base/regex.h"
#include "convert/sgf.h"
#include "convert/sgfmerge.h"
#include "convert/sgfprops.h"
#include "convert/sgfrules.h"
#include "convert/sgfvalue.h"
#include "convert/sgfwrite.h"
#include "core/values.h"

SGFW_FOR_SIZE

/* What a note says of GC of several values, and of game information of
 * several values where FF[4] holds one (the root's, a move's node's). */
#define SAID_GC_SEVERAL "more than one value, where FF[4]'s GC holds one text: " \
	"the values written as one, a blank line between"
#define SAID_GC_SEVERAL_DATUM "more than one value, where FF[4]'s GC holds one text: " \
	"the record's description and the values after the first written as one, a blank " \
	"line between"
#define SAID_IN_GC "more than one value, where FF[4] holds one: written in GC"
#define SAID_NOTHING "more than one value, each empty or blank, where FF[4] holds one: " \
	"not written, as one such value is not"

/* The pointer of kept property id: /meta/sgf/ID, or
 * /meta/sgf/nodes/POINTER/ID for the node written. */
static void kept_at(const struct writer *w, struct buf *at, const char *id, bool root)
{
	buf_adds(at, "/meta/sgf");
	if (!root) {
		buf_adds(at, "/nodes");
		const struct buf *node = sgfw_node_ptr(w);
		pointer_push_key(at, node->data, node->len);
	}
	pointer_push_key(at, id, strlen(id));
}

/* Text as the readers read a point or a label (nodeprops.c): each side of
 * its first ':' with its blanks and line breaks as spaces, trimmed. Kept
 * " aa" and written "aa", kept "jj:\n" and written "jj:", are one value. */
static void add_reading(struct buf *list, const char *text)
{
	const char *colon = strchr(text, ':');
	size_t parts[2][2] = { { 0, colon ? (size_t)(colon - text) : strlen(text) },
			       { colon ? (size_t)(colon - text) + 1 : 0, strlen(text) } };
	for (int p = 0; p < (colon ? 2 : 1); p++) {
		size_t a = parts[p][0], b = parts[p][1];
		while (a < b && isspace((unsigned char)text[a]))
			a++;
		while (b > a && isspace((unsigned char)text[b - 1]))
			b--;
		if (p)
			buf_addc(list, ':');
		for (size_t i = a; i < b; i++)
			buf_addc(list, isspace((unsigned char)text[i]) ? ' ' : text[i]);
	}
	buf_addc(list, '\0');
}

/* Whether d's values are each points of the board a datum holds (a
 * setup's, marks' or territory's), so that each is escaped on its own. */
static bool board_points(const struct sgf_propdef *d)
{
	return d && (d->kind == SGF_K_SETUP || d->kind == SGF_K_MARK || d->kind == SGF_K_SCORE);
}

/* Whether text (NUL-terminated) is one of the NUL-separated texts of list. */
static bool among(const struct buf *list, const char *text)
{
	for (size_t k = 0; list->data && k < list->len; k += strlen(list->data + k) + 1)
		if (!strcmp(list->data + k, text))
			return true;
	return false;
}

/* Whether text is one of the NUL-separated texts of list not yet taken
 * (taken[k] for the k-th), and takes it: a value read twice (LB[jj:x]
 * [jj:x], the second kept for a point labelled already) is held by the
 * node only once. */
static bool take(const struct buf *list, bool *taken, const char *text)
{
	size_t i = 0;
	for (size_t k = 0; list->data && k < list->len; k += strlen(list->data + k) + 1, i++)
		if (!taken[i] && !strcmp(list->data + k, text))
			return taken[i] = true;
	return false;
}

/* Whether text is one of the kept texts of list, or every point of it
 * (a point, a rectangle) lies in one of their points and rectangles on
 * the width x height board (AB[cc:dd] read, written AB[cc][cd][dc][dd] or,
 * compressed, AB[cc:dd]). */
static bool held_by(const struct buf *list, const char *text, int width, int height)
{
	struct sgf_box t;
	if (among(list, text))
		return true;
	if (!sgf_box_of(text, strlen(text), width, height, &t))
		return false;
	for (int x = t.x1; x <= t.x2; x++)
		for (int y = t.y1; y <= t.y2; y++) {
			bool in = false;
			for (size_t k = 0; !in && list->data && k < list->len;
			     k += strlen(list->data + k) + 1) {
				const char *e = list->data + k;
				struct sgf_box b;
				in = sgf_box_of(e, strlen(e), width, height, &b) && x >= b.x1 &&
				     x <= b.x2 && y >= b.y1 && y <= b.y2;
			}
			if (!in)
				return false;
		}
	return true;
}

/* Whether the points of kept value s, a point or a rectangle of the board,
 * are each among those of written (by y * 52 + x), adding add to each's
 * count in cover when they are. */
static bool all_among(const unsigned *written, unsigned *cover, int add, const char *s,
		      int width, int height)
{
	struct sgf_box b;
	if (!sgf_box_of(s, strlen(s), width, height, &b))
		return false;
	for (int x = b.x1; x <= b.x2; x++)
		for (int y = b.y1; y <= b.y2; y++)
			if (!written[y * 52 + x])
				return false;
	for (int x = b.x1; add && x <= b.x2; x++)
		for (int y = b.y1; y <= b.y2; y++)
			cover[y * 52 + x] += (unsigned)add;
	return true;
}

/* Whether the reader would read kept value s of a move or of a point list
 * as the width x height board's ("ab", "aa:cc" and " cc : aa " in a list,
 * sgf_box_of; "tt" a move's pass). */
static bool reads_as_point(const char *s, int width, int height, bool move)
{
	size_t n = strlen(s);
	struct sgf_box b;
	if (move && n && sgf_move_pass(s, n, width, height))
		return true;
	return sgf_box_of(s, n, width, height, &b) && !(move && b.rectangle);
}

/* Which of the n kept values v of a setup, marks or territory the datum
 * wrote too (texts, as read) the board holds, and which are written
 * escaped: held, a value whose every point was written (AB[dd][zz][cc:dd]
 * read dd, cc, cd and dc: dd and cc:dd both); escaped, one that is not
 * and would read as the board's (AB[a\a][b\b][cc]: aa and bb). When then
 * none would be kept aside, and hide (every value a point or empty), one
 * whose points others hold is escaped (AB[aa][a\a]: the second), else
 * the last not empty, so that the property reads back kept. */
static void board_held(const struct writer *w, const struct buf *texts, json_object *v, size_t n,
		       bool hide, bool *held, bool *escaped)
{
	unsigned *written = xcalloc(2 * 52 * 52, sizeof *written), *cover = written + 52 * 52;
	struct sgf_box b;
	for (size_t k = 0; texts->data && k < texts->len; k += strlen(texts->data + k) + 1)
		if (sgf_box_of(texts->data + k, strlen(texts->data + k), w->width, w->height, &b))
			for (int x = b.x1; x <= b.x2; x++)
				for (int y = b.y1; y <= b.y2; y++)
					written[y * 52 + x] = 1;
	const char **s = xcalloc(n + 1, sizeof *s);
	size_t last = SIZE_MAX;
	bool any = false;
	for (size_t i = 0; i < n; i++) {
		s[i] = json_object_get_string(sgfw_kept_item(v, i));
		if (!s[i])
			continue;
		held[i] = all_among(written, cover, 1, s[i], w->width, w->height);
		escaped[i] = *s[i] && !held[i] && reads_as_point(s[i], w->width, w->height, false);
		any |= escaped[i];
		last = *s[i] ? i : last;
	}
	size_t pick = last;
	for (size_t i = n; !any && hide && i-- > 0;) {
		if (!held[i])
			continue;
		all_among(written, cover, -1, s[i], w->width, w->height);
		if (all_among(cover, NULL, 0, s[i], w->width, w->height)) {
			pick = i;
			break;
		}
		all_among(written, cover, 1, s[i], w->width, w->height);
	}
	if (!any && hide && pick != SIZE_MAX)
		escaped[pick] = true, held[pick] = false;
	free(s);
	free(written);
}

/* Whether kept property d's values (one or an array), written as they are,
 * would be read as the board's: a move of one value, a setup's, marks' or
 * territory's point list whose every value is a point or empty (AB[a\b][]
 * kept as "ab", ""; the reader leaves an empty value of a point list out),
 * kept because an escape stood in a point as read (W[a\b], kept as "ab").
 * Written with the first character of a value that is not empty escaped,
 * it is read back as kept, the same text. A VW kept is a node's (the
 * root's is the writer's), which the reader keeps whatever its points
 * (node_parts): written as read (an escaped VW[\aa:ii] is SGFC's Error 15,
 * REVIEW.md R111). (A kept L is sgfwlabels.c's.) */
static bool reads_as_board(const struct writer *w, const struct sgf_propdef *d, json_object *v)
{
	if (!d || !(d->type == SGF_T_MOVE || board_points(d)))
		return false;
	size_t n = sgfw_kept_count(v);
	if (n == 0 || (d->type == SGF_T_MOVE && n != 1))
		return false;
	bool point = false;
	for (size_t i = 0; i < n; i++) {
		json_object *e = sgfw_kept_item(v, i);
		const char *s = json_object_get_string(e);
		if (!json_object_is_type(e, json_type_string))
			return false;
		if (!*s && d->type == SGF_T_POINTS)
			continue;
		if (!reads_as_point(s, w->width, w->height, d->type == SGF_T_MOVE))
			return false;
		point = true;
	}
	return point;
}

/* A kept property of a node that the record's datum wrote too: the reader
 * kept the property whole (AB[aa][zz], LB[aa:x][zz:y]) and mapped what
 * the board holds. When every value written is one kept (as their texts
 * read), the property is written as read, its values in their order;
 * otherwise the kept values the node does not hold go after the others,
 * each written value holding one kept value (a label read twice, one of
 * them kept, is held once). */
static bool kept_rest(struct writer *w, const char *id, json_object *v)
{
	size_t start, len;
	if (!sgfw_written_value(w, id, &start, &len))
		return false;
	struct buf texts = BUF_INIT, kept_texts = BUF_INIT, rest = BUF_INIT, all = BUF_INIT;
	size_t end = start - 1, written = 0;   /* its '[' */
	while (end < w->out->len && w->out->data[end] == '[') {
		written++;
		size_t j = end + 1;
		while (j < w->out->len && w->out->data[j] != ']')
			j += w->out->data[j] == '\\' ? 2 : 1;
		struct buf text = BUF_INIT;
		sgf_decode_text(&text, w->out->data + end + 1, j - end - 1, false, NULL);
		add_reading(&texts, text.data);
		buf_free(&text);
		end = j + 1;
	}
	int how = sgf_short_value(id) ? V_SHORT : V_RAW;
	size_t n = sgfw_kept_count(v);
	/* Every value a point (AB[a\b][cc] kept as "ab", "cc") or empty: the
	 * first the board does not hold escaped, or the last not empty (an
	 * empty value has nothing to escape), so that it reads back kept; a
	 * setup's, marks' or territory's as board_held says. */
	const struct sgf_propdef *d = sgf_prop_def(id);
	bool hide = reads_as_board(w, d, v), board = board_points(d);
	size_t last = 0;
	for (size_t i = 0; i < n; i++) {
		const char *s = json_object_get_string(sgfw_kept_item(v, i));
		if (s && *s)
			last = i;
	}
	bool *taken = xcalloc(written + 1, sizeof *taken);
	bool *held = xcalloc(n + 1, sizeof *held), *escaped = xcalloc(n + 1, sizeof *escaped);
	if (board)
		board_held(w, &texts, v, n, hide, held, escaped);
	for (size_t i = 0; i < n; i++) {
		const char *s = json_object_get_string(sgfw_kept_item(v, i));
		if (!s)
			continue;
		size_t at = kept_texts.len;
		add_reading(&kept_texts, s);
		if (!board) {
			held[i] = take(&texts, taken, kept_texts.data + at);
			escaped[i] = hide && *s && (!held[i] || i == last);
			hide &= !escaped[i];
		}
		int h = how | (escaped[i] && *s ? V_ESCAPE_FIRST : 0);
		sgfw_value(&all, s, h);
		if (!held[i])
			sgfw_value(&rest, s, h);
	}
	bool as_read = true;
	for (size_t k = 0; texts.data && k < texts.len; k += strlen(texts.data + k) + 1)
		as_read &= held_by(&kept_texts, texts.data + k, w->width, w->height);
	if (as_read) {   /* the written values out, the kept ones in */
		sgfw_replace_at(w->out, start - 1, end - start + 1, all.data ? all.data : "", all.len);
	} else {
		sgfw_insert_at(w->out, end, rest.data ? rest.data : "", rest.len);
	}
	free(taken);
	free(held);
	free(escaped);
	buf_free(&texts);
	buf_free(&kept_texts);
	buf_free(&rest);
	buf_free(&all);
	return true;
}

/* The days of a DT item written as a range (1934.03.28-29, 2024年3月1日~3日):
 * the first date (as value_date_with_time reads it) and the last day. */
static struct regex dt_range_re = REGEX(
	"\\s*([0-9]{4}(?:-|/|\\.|年)[0-9]{1,2}(?:-|/|\\.|月)[0-9]{1,2}(?:日)?)\\s*(?:-|~|～)\\s*([0-9]{1,2})(?:日)?\\s*");

/* DT kept beside the dates the reader read from it (the days of a range
 * after the first set aside): every day of it, in FF[4]'s list, in place
 * of the dates written when those are the first days of its items. */
static bool kept_dates(struct writer *w, json_object *v)
{
	const char *s = json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
	size_t start, len;
	if (!s || !sgfw_written_value(w, "DT", &start, &len))
		return false;
	struct buf all = BUF_INIT, firsts = BUF_INIT;
	bool ok = true, range = false;
	char prev[11] = "";
	for (const char *item = s; ok && *item;) {
		const char *comma = strchr(item, ',');
		size_t n = comma ? (size_t)(comma - item) : strlen(item);
		char *one = xstrndup(item, n);
		struct regex_span g[2];
		char day[11];
		int last = 0;
		if (regex_capture(&dt_range_re, one, n, g, 2)) {
			ok = value_date_with_time(one + g[0].start, g[0].end - g[0].start, day);
			last = atoi(one + g[1].start);
			range = true;
		} else {
			ok = value_date_with_time(one, n, day);
		}
		free(one);
		int first = ok ? atoi(day + 8) : 0;
		ok = ok && (!last || (last > first && last <= 31));
		buf_printf(&firsts, "%s%s", firsts.len ? "," : "", ok ? day : "");
		for (int d = first; ok && d <= (last ? last : first); d++) {
			char iso[16];
			snprintf(iso, sizeof iso, "%.8s%02d", day, d);
			if (all.len)
				buf_addc(&all, ',');
			/* FF[4]'s short forms: a day of the month before's, MM-DD of the year's. */
			if (*prev && !strncmp(iso, prev, 8))
				buf_adds(&all, iso + 8);
			else if (*prev && !strncmp(iso, prev, 5))
				buf_adds(&all, iso + 5);
			else
				buf_adds(&all, iso);
			memcpy(prev, iso, 11);
		}
		item += n + (comma != NULL);
	}
	/* Only over the dates the record still has as read from it. */
	struct buf written = BUF_INIT;
	buf_add(&written, w->out->data + start, len);
	ok = ok && range && all.len && written.data && firsts.data;
	if (ok) {
		/* the written list, expanded to full dates, against the items' first days */
		struct buf full = BUF_INIT;
		char last[11] = "";
		for (const char *item = written.data; *item;) {
			const char *comma = strchr(item, ',');
			size_t n = comma ? (size_t)(comma - item) : strlen(item);
			char iso[11];
			if (n == 10)
				memcpy(iso, item, 10);
			else if (n == 5 && *last)
				memcpy(iso, last, 5), memcpy(iso + 5, item, 5);
			else if (n == 2 && *last)
				memcpy(iso, last, 8), memcpy(iso + 8, item, 2);
			else
				iso[0] = '\0', n = n ? n : 1;
			iso[10] = '\0';
			buf_printf(&full, "%s%s", full.len ? "," : "", iso);
			memcpy(last, iso, 11);
			item += n + (comma != NULL);
			if (!comma)
				break;
		}
		ok = full.data && !strcmp(full.data, firsts.data);
		buf_free(&full);
	}
	if (ok) {
		sgfw_replace_at(w->out, start, len, all.data, all.len);
	}
	buf_free(&written);
	buf_free(&all);
	buf_free(&firsts);
	return ok;
}

/* The first value of a kept property, or NULL. */
static const char *kept_first(json_object *v)
{
	if (json_object_is_type(v, json_type_array))
		v = json_object_array_length(v) ? json_object_array_get_idx(v, 0) : NULL;
	return json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
}

/* Whether kept value v is an array of more than one value. */
static bool several_values(json_object *v)
{
	return json_object_is_type(v, json_type_array) && json_object_array_length(v) > 1;
}

/* Whether kept game information v has several values, one of them saying
 * something (sgfw_says_nothing: EV[][ ] is as EV[]). */
static bool several_said(json_object *v)
{
	for (size_t i = 0; several_values(v) && i < json_object_array_length(v); i++)
		if (!sgfw_says_nothing(json_object_get_string(json_object_array_get_idx(v, i))))
			return true;
	return false;
}

/* Every value of a kept property as SGF writes them, `[a][b]` (the
 * decision is its first's: RE[黒勝ち][白勝ち] lost its second in GC). */
static void kept_values(struct buf *out, json_object *v)
{
	size_t n = json_object_is_type(v, json_type_array) ? json_object_array_length(v) : 1;
	for (size_t i = 0; i < n; i++) {
		json_object *one = json_object_is_type(v, json_type_array) ?
				   json_object_array_get_idx(v, i) : v;
		const char *t = json_object_get_string(one);
		buf_printf(out, "[%s]", t ? t : "");
	}
}

/* Whether s is SGF's Real: [+-]digits[.digits]. */
static bool sgf_real(const char *s)
{
	if (*s == '+' || *s == '-')
		s++;
	const char *d = s;
	while (*s >= '0' && *s <= '9')
		s++;
	if (s == d)
		return false;
	if (*s == '.') {
		d = ++s;
		while (*s >= '0' && *s <= '9')
			s++;
		if (s == d)
			return false;
	}
	return !*s;
}

/* Whether s is SGF's Number: [+-]digits. */
static bool sgf_number(const char *s)
{
	s += *s == '+' || *s == '-';
	return *s && strspn(s, "0123456789") == strlen(s);
}

/* Whether kept DT value s reads as FF[4]'s list of ISO dates. */
static bool sgf_iso_dates(const char *s)
{
	json_object *dates = dom_array();
	bool trimmed, ok = sgf_dates_of(s, dates, &trimmed) && !trimmed;
	json_object_put(dates);
	return ok;
}

/* A kept root value FF[4] cannot hold there (read: the record holds a
 * datum read from it, which the writer wrote): FF[3]'s (TM that is no Real
 * (5:00:00(5x1:00)), KO with a value (a komi), TE or BM that is no Double,
 * DO, IT or LT with a value: move annotations and FF[1]'s "lose on time",
 * of no value in FF[4]), and game information that no datum of the record
 * wrote (its reader read none of it) out of its FF[4] grammar: RE, DT, KM,
 * HA (DT[1940年(报知新闻...)], RE[共55手 黑不战胜], KM[5。5]); and a result
 * read setting words aside (共55手, the moves played: RE[B+F] from the
 * record), which RE has no room for. */
bool sgfw_says_nothing(const char *s)
{
	return !s || !s[strspn(s, " \t\r\n")];
}

bool sgfw_first_held(const char *id, const char *s, bool read)
{
	return !sgfw_says_nothing(s) && !sgfw_unheld_value(id, s, read);
}

bool sgfw_unheld_value(const char *id, const char *s, bool read)
{
	if (sgfw_says_nothing(s))
		return false;   /* empty: no value to keep (TM[], TE[]: not written, said);
				 * blank, TM[ ], as empty, not a GC's TM[ ] */
	if (!strcmp(id, "TM") || !strcmp(id, "KM"))   /* (one the record wrote is its spelling) */
		return !sgf_real(s) && !read;
	if (!strcmp(id, "HA"))
		return !sgf_number(s) && !read;
	if (!strcmp(id, "RE"))
		return !sgfw_result_ok(s) && (!read || value_result_aside(s, NULL));
	if (!strcmp(id, "DT"))
		return !sgf_iso_dates(s) && !read;
	if (!strcmp(id, "KO") || !strcmp(id, "DO") || !strcmp(id, "IT") || !strcmp(id, "LT"))
		return *s != '\0';
	if (!strcmp(id, "TE") || !strcmp(id, "BM"))
		return strcmp(s, "1") && strcmp(s, "2");
	return false;
}

/* FF[3]'s clock h:mm:ss or mm:ss, then its overtime: *secs and where the
 * overtime begins (*n bytes of s read); false: not one. */
static bool ff3_clock(const char *s, unsigned long *secs, int *n)
{
	unsigned h = 0, m = 0, sec = 0;
	if (!(sscanf(s, "%u:%2u:%2u%n", &h, &m, &sec, n) == 3 ||
	      (h = 0, sscanf(s, "%u:%2u%n", &m, &sec, n) == 2)) || m >= 60 || sec >= 60)
		return false;
	*secs = (unsigned long)h * 3600 + m * 60 + sec;
	return true;
}

/* Whether KO's value s is the komi: its number, or its words (黒6目半). */
static bool ko_is_komi(const char *s, double komi)
{
	char *end;
	double d = strtod(s, &end);
	if (end != s && !end[strspn(end, " ")])
		return d == komi;
	return value_komi_words(s, &d) && d == komi;
}

bool sgfw_one_info(const char *id)
{
	return (sgf_prop_is(id, SGF_P_INFO) && strcmp(id, "GC")) || sgf_prop_is(id, SGF_P_ONE);
}

enum sgfw_unheld sgfw_unheld_how(const char *id, const char *s, bool several, bool read,
				 const double *komi, enum sgfw_held *held, char year[5])
{
	unsigned long secs;
	int n;
	*held = SGFW_HELD_NOTHING;
	if (!sgfw_unheld_value(id, s, read))
		return several && sgfw_one_info(id) ? SGFW_IN_GC : SGFW_WRITTEN;
	if (!strcmp(id, "TM") && !several && ff3_clock(s, &secs, &n))
		return SGFW_AS_SECONDS;
	if (!strcmp(id, "KO") && !several && komi && ko_is_komi(s, *komi))
		return SGFW_AS_KM;
	if (!strcmp(id, "RE"))
		*held = read ? SGFW_HELD_RESULT : SGFW_HELD_UNKNOWN;
	else if (!strcmp(id, "DT") && sgfw_date_year(s, year))
		*held = SGFW_HELD_YEAR;
	return SGFW_IN_GC;
}

/* Whether id is one of list's ids, each and a space. */
static bool listed(const char *list, const char *id)
{
	char key[8];
	snprintf(key, sizeof key, "%s ", id);
	for (const char *k = list; (k = strstr(k, key)); k++)
		if (k == list || k[-1] == ' ')
			return true;
	return false;
}

/* Whether sgfw_root_unheld wrote kept root property id. */
static bool unheld(const struct writer *w, const char *id)
{
	return listed(w->unheld, id);
}

bool sgfw_date_year(const char *s, char year[5])
{
	int found = 0;
	for (const char *p = s; *p;) {
		size_t n = strspn(p, "0123456789");
		if (n == 4 && strncmp(p, "0000", 4))
			memcpy(year, p, 4), year[4] = '\0', found++;
		p += n ? n : 1;
	}
	return found == 1;
}

/* What FF[4] holds of kept game information value of id moved to GC,
 * written (held: sgfw_unheld_how's): a result the record did not write,
 * RE[?]; a date its year. The note's words for it. */
static const char *held_part(struct writer *w, const char *id, enum sgfw_held held,
			     const char *year)
{
	if (held == SGFW_HELD_RESULT)
		return "words beside the result, which RE has no room for: RE from the record, "
		       "the value in GC";
	if (held == SGFW_HELD_UNKNOWN) {
		sgfw_prop(w, "RE", "?");
		return "not in RE's grammar: RE[?], the value in GC";
	}
	if (held == SGFW_HELD_YEAR) {
		sgfw_prop(w, "DT", year);
		return "not a list of ISO dates: its year in DT, the value in GC";
	}
	return !strcmp(id, "DT") ? "not a list of ISO dates: written in GC" :
	       !strcmp(id, "HA") ? "not a number, as FF[4]'s HA is: written in GC" :
	       !strcmp(id, "KM") ? "not a number, as FF[4]'s KM is: written in GC" :
	       !strcmp(id, "LT") ? "FF[1]'s LT holds no value (FF[4] none): written in GC" :
	       "a value FF[4] rejects in a root (FF[3]'s): written in GC";
}

/* Adds kept game information id (values v) to GC's text gc as a
 * paragraph, the property as read, ID[a][b], where --fix's repairs add
 * theirs (sgf_gc_paragraph_add). */
static void gc_paragraph(struct buf *gc, const char *id, json_object *v)
{
	struct buf para = BUF_INIT;
	buf_adds(&para, id);
	kept_values(&para, v);
	sgf_gc_paragraph_add(gc, id, para.data);
	buf_free(&para);
}

void sgfw_unheld_paragraphs(const struct writer *w, struct buf *gc)
{
	if (!json_object_is_type(w->ksgf, json_type_object))
		return;
	json_object_object_foreach(w->ksgf, id, v) {
		if (listed(w->in_gc, id))
			gc_paragraph(gc, id, v);
	}
}

void sgfw_root_unheld(struct writer *w, const char *only)
{
	if (!json_object_is_type(w->ksgf, json_type_object))
		return;
	/* the komi written as KM: the record's */
	json_object *rules = sgfw_get(w->rec, "rules"), *km = rules ? sgfw_get(rules, "komi") : NULL;
	double km_value = km ? json_object_get_double(km) : 0;
	const double *komi = km && sgfw_written(w, "KM") ? &km_value : NULL;
	json_object_object_foreach(w->ksgf, id, v) {
		const char *s = kept_first(v);
		bool several = several_said(v);
		enum sgfw_held held;
		char year[5];
		enum sgfw_unheld how = only && strcmp(id, only) ? SGFW_WRITTEN :
			sgfw_unheld_how(id, s, several, sgfw_written(w, id), komi, &held, year);
		if (how == SGFW_WRITTEN || unheld(w, id) ||
		    strlen(w->unheld) + strlen(id) + 2 > sizeof w->unheld)
			continue;
		strcat(strcat(w->unheld, id), " ");
		struct buf at = BUF_INIT;
		kept_at(w, &at, id, true);
		unsigned long secs;
		int n = 0;
		if (how == SGFW_AS_SECONDS && ff3_clock(s, &secs, &n)) {
			buf_printf(w->out, "TM[%lu]", secs);
			const char *rest = s + n;
			while (*rest == ' ')
				rest++;
			size_t len = strlen(rest);
			if (*rest == '(' && len > 1 && rest[len - 1] == ')')
				rest++, len -= 2;
			char *ot = xstrndup(rest, len);
			if (*ot && !sgfw_written(w, "OT"))
				sgfw_prop(w, "OT", ot);
			sgfw_lost(w, at.data, *ot && sgfw_written(w, "OT") ?
			     "FF[3]'s clock, which FF[4]'s TM rejects: written as TM in seconds and "
			     "its overtime as OT" :
			     "FF[3]'s clock, which FF[4]'s TM rejects: written as TM in seconds");
			free(ot);
		} else if (how == SGFW_AS_KM) {
			sgfw_lost(w, at.data, "FF[3]'s komi, which FF[4] rejects in a root: written as KM");
		} else {
			const char *said = sgfw_unheld_value(id, s, sgfw_written(w, id)) ?
					   held_part(w, id, held, year) :
					   SAID_IN_GC;
			if (strlen(w->in_gc) + strlen(id) + 2 <= sizeof w->in_gc)
				strcat(strcat(w->in_gc, id), " ");   /* sgfw_unheld_paragraphs' */
			sgfw_lost(w, at.data, said);
		}
		buf_free(&at);
	}
}

/* Appends the values of kept GC v from the from-th on that are not empty
 * to text, a blank line before each when text holds some already. */
static void gc_values(struct buf *text, json_object *v, size_t from)
{
	for (size_t i = from; i < sgfw_kept_count(v); i++) {
		const char *s = json_object_get_string(sgfw_kept_item(v, i));
		if (s && *s)
			buf_printf(text, "%s%s", text->len ? "\n\n" : "", s);
	}
}

bool sgfw_gc_several(struct writer *w, struct buf *text, const char *datum)
{
	json_object *v = sgfw_get(w->ksgf, "GC");
	if (!json_object_is_type(v, json_type_array) || json_object_array_length(v) < 2 ||
	    unheld(w, "GC") || strlen(w->unheld) + 4 > sizeof w->unheld)
		return false;
	strcat(w->unheld, "GC ");
	const char *first = kept_first(v);
	bool same = !datum || (first && !strcmp(first, datum));
	gc_values(text, v, datum ? 1 : 0);
	struct buf at = BUF_INIT;
	kept_at(w, &at, "GC", true);
	sgfw_lost(w, at.data, same ? SAID_GC_SEVERAL : SAID_GC_SEVERAL_DATUM);
	buf_free(&at);
	return true;
}


/* The GC of a node but the root (props: its kept properties, which hold
 * all its game information: no datum writes it), when it keeps GC of
 * several values or other game information of several values: FF[4]
 * holds one value of each, so GC's values as one text, a blank line
 * between, then each other such property as the root's
 * (sgfw_root_unheld, REVIEW.md R87): the property as read, ID[a][b], a
 * paragraph each; said. False, text empty, when it keeps neither. */
static bool node_gc(struct writer *w, json_object *props, struct buf *text)
{
	bool any = false;
	json_object_object_foreach(props, id, v) {
		any |= sgfw_one_info(id) ? several_said(v) : !strcmp(id, "GC") && several_values(v);
	}
	json_object *gc = sgfw_get(props, "GC");
	if (!any)
		return false;
	struct buf at = BUF_INIT;
	if (gc)
		gc_values(text, gc, 0);
	if (several_values(gc)) {
		kept_at(w, &at, "GC", false);
		sgfw_lost(w, at.data, SAID_GC_SEVERAL);
	}
	json_object_object_foreach(props, id2, v2) {
		if (!sgfw_one_info(id2) || !several_said(v2))
			continue;
		gc_paragraph(text, id2, v2);
		buf_truncate(&at, 0);
		kept_at(w, &at, id2, false);
		sgfw_lost(w, at.data, SAID_IN_GC);
	}
	buf_free(&at);
	return true;
}

/* Up to 40 characters of s, as a note quotes a value. */
static void quoted_value(struct buf *b, const char *s)
{
	size_t n = 0, chars = 0;
	while (s[n] && chars < 40) {
		n++;
		while (((unsigned char)s[n] & 0xC0) == 0x80)
			n++;
		chars++;
	}
	buf_add(b, s, n);
	buf_adds(b, s[n] ? "..." : "");
}

/* The note of kept property id whose value the record's own datum was
 * written in place of, in a player's words: "BR[3段] as read, written as
 * BR[3d] from the record" (issue 53). */
static void kept_rewritten(struct writer *w, const char *at, const char *id, const char *kept)
{
	struct buf note = BUF_INIT, now = BUF_INIT;
	size_t start, len;
	if (sgfw_written_value(w, id, &start, &len))
		buf_add(&now, w->out->data + start, len);
	buf_printf(&note, "%s[", id);
	quoted_value(&note, kept ? kept : "");
	buf_printf(&note, "] as read, written as %s[", id);
	quoted_value(&note, now.data ? now.data : "");
	buf_adds(&note, !strcmp(id, "DT") ? "] from the record's dates (FF[4]'s DT has no room "
		 "for a time of day or words)" : "] from the record");
	sgfw_lost(w, at, note.data);
	buf_free(&note);
	buf_free(&now);
}

/* Whether kept value s, the first of a property the reader read a datum
 * from, reads as the value text (len bytes, as written) that datum wrote:
 * the same text (as a point or a label reads), or for a Number or a Real
 * the same number to the 15 digits a record keeps (BL[30.0] read as 30
 * and written BL[30]; a decimal comma read as a point, as the reader
 * reads it). */
static bool first_as_written(const struct sgf_propdef *d, const char *s, const char *text,
			     size_t len)
{
	struct buf written = BUF_INIT, a = BUF_INIT, b = BUF_INIT;
	sgf_decode_text(&written, text, len, false, NULL);
	add_reading(&a, s);
	add_reading(&b, written.data ? written.data : "");
	bool same = !strcmp(a.data, b.data);
	double x, y;
	if (!same && (d->type == SGF_T_NUMBER || d->type == SGF_T_REAL) &&
	    sgf_real_in(a.data, &x) && sgf_real_in(b.data, &y)) {
		/* to the 15 digits a record holds (sgf_number_json) */
		char tx[32], ty[32];
		snprintf(tx, sizeof tx, "%.15g", x);
		snprintf(ty, sizeof ty, "%.15g", y);
		same = !strcmp(tx, ty);
	}
	buf_free(&written);
	buf_free(&a);
	buf_free(&b);
	return same;
}

/* A kept property of one value's type read with more (BL[30.0][20]; game
 * information of several values is sgfw_root_unheld's, in GC), the first
 * read into the record's datum, which wrote it:
 * while that datum is the first as read, the property is written as it was
 * read; once the record changed it, the datum's value and then the others
 * as read, said. */
static bool more_values(struct writer *w, const char *id, json_object *v, bool root)
{
	const struct sgf_propdef *d = sgf_prop_def(id);
	size_t start, len;
	if (!d || d->type == SGF_T_POINTS || d->type == SGF_T_LABELS || d->type == SGF_T_LINES ||
	    d->type == SGF_T_MOVE || !json_object_is_type(v, json_type_array) ||
	    json_object_array_length(v) < 2 || !sgfw_written_value(w, id, &start, &len) ||
	    w->out->data[start + len + 1] == '[')
		return false;
	const char *s0 = json_object_get_string(json_object_array_get_idx(v, 0));
	bool same = first_as_written(d, s0 ? s0 : "", w->out->data + start, len);
	struct buf values = BUF_INIT;
	for (size_t i = same ? 0 : 1; i < json_object_array_length(v); i++) {
		const char *s = json_object_get_string(json_object_array_get_idx(v, i));
		sgfw_value(&values, s ? s : "", sgf_short_value(id) ? V_SHORT : V_RAW);
	}
	if (same) {   /* the written value out, the values as read in */
		sgfw_replace_at(w->out, start - 1, len + 2, values.data, values.len);
	} else {
		sgfw_insert_at(w->out, start + len + 1, values.data, values.len);
		struct buf at = BUF_INIT;
		kept_at(w, &at, id, root);
		kept_rewritten(w, at.data, id, s0);
		buf_free(&at);
	}
	buf_free(&values);
	return true;
}

/* Kept game information *v of several values that each say nothing
 * (EV[][ ], DT[][]): as one such value (sgfw_says_nothing), which the root
 * reads into the record's datum (a text, a result: none written, said;
 * true) or keeps as read (DT[], BR[], KM[ ]), as a node does: *v its first. */
static bool says_nothing_kept(struct writer *w, const char *id, const struct sgf_propdef *d,
			      json_object **v, bool root)
{
	if (!sgfw_one_info(id) || !several_values(*v) || several_said(*v))
		return false;
	if (root && (d->kind == SGF_K_SIMPLE || d->kind == SGF_K_RESULT)) {
		struct buf at = BUF_INIT;
		kept_at(w, &at, id, root);
		sgfw_lost(w, at.data, SAID_NOTHING);
		buf_free(&at);
		return true;
	}
	*v = json_object_array_get_idx(*v, 0);
	return false;
}

void sgfw_kept_value(const struct writer *w, struct buf *out, const char *id, const char *s,
		     int how)
{
	const struct sgf_propdef *d = sgf_prop_def(id);
	char bare[6];
	size_t n = strlen(s), head = 0;
	if (d && !(how & V_ESCAPE_FIRST))
		head = sgf_point_bare(s, n, d->type, w->width, w->height, bare);
	if (!head) {
		sgfw_value(out, s, how);
		return;
	}
	struct buf v = BUF_INIT;
	buf_adds(&v, bare);
	buf_add(&v, s + head, n - head);
	sgfw_value(out, v.data, how);
	buf_free(&v);
}

/* Properties kept under meta.sgf (an object of ID -> value or values). */
void sgfw_kept(struct writer *w, json_object *props, enum kept_part part)
{
	bool root = part != KEPT_NODE;
	if (!json_object_is_type(props, json_type_object))
		return;
	struct buf gc = BUF_INIT;
	bool one_gc = !root && node_gc(w, props, &gc);
	json_object_object_foreach(props, id, v) {
		bool ident = sgf_ident_ok(id);
		/* Those the writer writes itself, and the nodes' map. */
		const struct sgf_propdef *d = sgf_prop_def(id);
		bool of_node = d && d->section && !strcmp(d->section, "node");
		if ((part == KEPT_ROOT_INFO && of_node) || (part == KEPT_ROOT_NODE && !of_node))
			continue;   /* the other part's */
		if (root && ((d && (d->kind == SGF_K_HEADER || d->kind == SGF_K_VIEW)) ||
			     !strcmp(id, "nodes")))
			continue;
		if (d && d->kind == SGF_K_OLD_LABEL)
			continue;   /* beside the node's labels: sgfw_old_labels_write */
		if (says_nothing_kept(w, id, d, &v, root))
			continue;   /* (the record's datum says it: said) */
		if (root && unheld(w, id) && several_said(v) && sgfw_one_info(id) &&
		    !sgfw_written(w, id) && sgfw_first_held(id, kept_first(v), false)) {
			/* no datum wrote the first, which FF[4] holds (BR[x1][ ]) */
			buf_adds(w->out, id);
			sgfw_value(w->out, kept_first(v), sgf_short_value(id) ? V_SHORT : V_RAW);
			continue;
		}
		if (root && (unheld(w, id) || sgfw_unheld_value(id, kept_first(v), sgfw_written(w, id)) ||
			     (w->dt_time && !strcmp(id, "DT"))))
			continue;   /* written by sgfw_root_unheld, and said */
		if (one_gc && !strcmp(id, "GC")) {   /* node_gc's, in GC's place */
			if (gc.len)
				buf_adds(w->out, id), sgfw_value(w->out, gc.data, V_RAW);
			continue;
		}
		if (one_gc && several_values(v) && sgfw_one_info(id)) {
			/* the first, where FF[4] holds it, as the root's */
			const char *first = kept_first(v);
			if (sgfw_first_held(id, first, false)) {
				buf_adds(w->out, id);
				sgfw_value(w->out, first, sgf_short_value(id) ? V_SHORT : V_RAW);
			}
			continue;
		}
		if (ident && sgfw_written(w, id) &&
		    (more_values(w, id, v, root) ||
		     (part == KEPT_ROOT_INFO ? !strcmp(id, "DT") && kept_dates(w, v) :
		      kept_rest(w, id, v))))
			continue;   /* what the record's datum left out, back beside it */
		bool empty = json_object_is_type(v, json_type_string) &&
			     !*json_object_get_string(v);
		for (size_t i = 0; json_object_is_type(v, json_type_array) &&
				   i < json_object_array_length(v); i++) {
			const char *s = json_object_get_string(json_object_array_get_idx(v, i));
			empty = !s || !*s;
			if (!empty)
				break;
		}
		if (!ident || sgfw_written(w, id) || (empty && sgf_prop_no_empty(id))) {
			struct buf at = BUF_INIT;
			kept_at(w, &at, id, root);
			if (!ident || (empty && sgf_prop_no_empty(id)))
				sgfw_lost(w, at.data, !ident ? "a kept property whose name is not an SGF "
					  "property's" : "an empty value FF[4] does not allow (as read): "
					  "not written");
			else
				kept_rewritten(w, at.data, id, kept_first(v));
			buf_free(&at);
			continue;
		}
		int how = sgf_short_value(id) ? V_SHORT : V_RAW;
		/* escaped: the first value that is not empty (AB[][\ab]); of a
		 * setup, marks or territory that no datum wrote, the reader read
		 * none: each that reads as the board's (AB[\aa][\bb][zz]) */
		int escape = reads_as_board(w, d, v) ? V_ESCAPE_FIRST : 0;
		bool each = board_points(d);
		if (json_object_is_type(v, json_type_string)) {
			buf_adds(w->out, id);
			sgfw_kept_value(w, w->out, id, json_object_get_string(v), how | escape);
		} else if (json_object_is_type(v, json_type_array)) {
			buf_adds(w->out, id);
			for (size_t i = 0; i < json_object_array_length(v); i++) {
				const char *s = json_object_get_string(json_object_array_get_idx(v, i));
				if (each)
					escape = s && reads_as_point(s, w->width, w->height, false) ?
						 V_ESCAPE_FIRST : 0;
				sgfw_kept_value(w, w->out, id, s ? s : "", how | (s && *s ? escape : 0));
				escape = s && *s ? 0 : escape;
			}
		}
	}
	if (one_gc && gc.len && !sgfw_get(props, "GC")) {   /* a GC of its own, last */
		buf_adds(w->out, "GC");
		sgfw_value(w->out, gc.data, V_RAW);
	}
	buf_free(&gc);
}

SGFW_FOR_SIZE_END
