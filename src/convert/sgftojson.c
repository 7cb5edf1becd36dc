/* sgftojson: SGF text as SGF-in-JSON, seed 002's shape (sgftojson.h),
 * each value as its type in sgfprops.h's table reads. */
#include "convert/sgftojson.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>

#include "base/dom.h"
#include "convert/sgf.h"
#include "convert/sgfprops.h"

/* SGF's escapes undone: a soft line break (`\` and a line break) goes, any
 * other escaped character stands for itself. */
static void unescape(struct buf *out, const char *s, size_t len)
{
	for (size_t i = 0; i < len; i++) {
		if (s[i] != '\\' || i + 1 == len) {
			buf_addc(out, s[i]);
			continue;
		}
		i++;
		if (s[i] == '\n' || s[i] == '\r') {
			/* \r\n and \n\r are one break */
			if (i + 1 < len && (s[i + 1] == '\n' || s[i + 1] == '\r') && s[i + 1] != s[i])
				i++;
			continue;
		}
		buf_addc(out, s[i]);
	}
}

static json_object *json_text(const char *s, size_t len)
{
	struct buf b = BUF_INIT;
	unescape(&b, s, len);
	json_object *v = dom_string_len(b.data ? b.data : "", b.len);
	buf_free(&b);
	return v;
}

/* A number as the seed writes it (SZ[19] is 19, KM[6.5] 6.5), when the
 * whole value is one; else NULL. */
static json_object *json_number(const char *s, size_t len, bool real)
{
	if (!len || len > 30)
		return NULL;
	char text[32], *end;
	memcpy(text, s, len);
	text[len] = '\0';
	if (!real) {
		errno = 0;
		long long n = strtoll(text, &end, 10);
		return *end || errno || (text[0] == '+') ? NULL : dom_int(n);
	}
	size_t i = text[0] == '-' || text[0] == '+' ? 1 : 0, digits = 0, dots = 0;
	for (; i < len; i++) {
		if (text[i] >= '0' && text[i] <= '9')
			digits++;
		else if (text[i] == '.' && !dots)
			dots++;
		else
			return NULL;
	}
	if (!digits || text[0] == '+' || text[len - 1] == '.' || text[dots && text[0] == '-'] == '.')
		return NULL;
	return dom_double_s(strtod(text, &end), text);
}

/* A compose value a:b as the pair ["a", "b"] (its first unescaped `:`). */
static json_object *json_pair(const char *s, size_t len)
{
	size_t i = 0;
	while (i < len && s[i] != ':')
		i += s[i] == '\\' ? 2 : 1;
	if (i >= len)
		return NULL;
	json_object *a = dom_array();
	dom_push(a, json_text(s, i));
	dom_push(a, json_text(s + i + 1, len - i - 1));
	return a;
}

/* A value as its FF[4] type reads: a Number or Double as an integer, a
 * Real as a number, a composed value as a pair; else (and when it is not
 * of its type) as text. */
static json_object *json_value(const char *id, const struct sgf_value *v)
{
	const struct sgf_propdef *d = sgf_prop_def(id);
	enum sgf_type t = d && (d->flags & SGF_P_FF4) ? d->type : SGF_T_SIMPLE;
	json_object *r = NULL;
	if (t == SGF_T_NUMBER || t == SGF_T_DOUBLE || t == SGF_T_SIZE)
		r = json_number(v->raw, v->len, false);
	else if (t == SGF_T_REAL)
		r = json_number(v->raw, v->len, true);
	if (!r && (t == SGF_T_LABELS || t == SGF_T_APP || t == SGF_T_LINES || t == SGF_T_FIGURE ||
		   t == SGF_T_SIZE))
		r = json_pair(v->raw, v->len);
	return r ? r : json_text(v->raw, v->len);
}

/* Whether id's values are a list (of points, labels, lines) in FF[4]. */
static bool json_list(const char *id)
{
	const struct sgf_propdef *d = sgf_prop_def(id);
	return d && (d->flags & SGF_P_FF4) &&
	       (d->type == SGF_T_POINTS || d->type == SGF_T_LABELS || d->type == SGF_T_LINES);
}

static json_object *json_sequence(const struct sgf_node *n);

static json_object *json_node(const struct sgf_node *n)
{
	json_object *o = dom_object();
	for (uint32_t i = 0; i < n->nprops; i++) {
		const struct sgf_prop *p = &n->props[i];
		json_object *v;
		if (p->nvals == 1 && !json_list(p->id)) {
			v = json_value(p->id, &p->vals[0]);
		} else if (p->nvals == 1 && !strcmp(p->id, "LB")) {
			v = json_value(p->id, &p->vals[0]);   /* ["aa", "label"], as the seed writes it */
		} else {
			v = dom_array();
			for (uint32_t k = 0; k < p->nvals; k++)
				dom_push(v, json_value(p->id, &p->vals[k]));
		}
		dom_add_ex(o, p->id, v, 0);
	}
	if (n->nkids > 1) {
		json_object *vars = dom_array();
		for (uint32_t k = 0; k < n->nkids; k++)
			dom_push(vars, json_sequence(n->kids[k]));
		dom_add(o, "variations", vars);
	}
	return o;
}

/* The sequence from n: n and its only children, the last with variations. */
static json_object *json_sequence(const struct sgf_node *n)
{
	json_object *seq = dom_array();
	for (;;) {
		dom_push(seq, json_node(n));
		if (n->nkids != 1)
			break;
		n = n->kids[0];
	}
	return seq;
}

json_object *sgf_to_json_value(const char *sgf, size_t len)
{
	struct sgf_games games = { 0 };
	struct sgf_notes notes = { 0 };
	sgf_read(sgf, len, &games, &notes);
	json_object *all = NULL;
	if (games.len > 0 && !notes.len) {
		all = dom_array();
		for (size_t g = 0; g < games.len; g++)
			dom_push(all, json_sequence(games.games[g]));
	}
	sgf_games_free(&games);
	sgf_notes_free(&notes);
	return all;
}

bool sgf_to_json(const char *sgf, size_t len, struct buf *out)
{
	json_object *all = sgf_to_json_value(sgf, len);
	if (!all)
		return false;
	size_t n;
	const char *text = dom_json(all, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
					JSON_C_TO_STRING_NOSLASHESCAPE, &n);
	buf_add(out, text, n);
	buf_addc(out, '\n');
	json_object_put(all);
	return true;
}
