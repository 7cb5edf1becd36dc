/* sgfwriter: the helpers the parts of the SGF writer share (sgfwriter.h). */
#include "convert/sgfwriter.h"

#include <math.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/dom.h"
#include "base/pointer.h"
#include "convert/sgf.h"
#include "convert/sgfprops.h"
#include "convert/sgfvalue.h"
#include "engine/board.h"
#include "engine/walk.h"

SGFW_FOR_SIZE

/* Property by property from node_at, each value skipped whole, so that an
 * id in a value's text (PB[x][ ;B[eb]) is none. */
bool sgfw_written_value(const struct writer *w, const char *id, size_t *start, size_t *len)
{
	const char *d = w->out->data;
	size_t n = strlen(id), i = w->node_at, end = w->out->len;
	while (i < end) {
		if (d[i] == ';' || d[i] == '\n') {
			i++;
			continue;
		}
		size_t at = i;
		while (i < end && d[i] >= 'A' && d[i] <= 'Z')
			i++;
		if (i == at)
			return false;
		bool match = i - at == n && !memcmp(d + at, id, n);
		while (i < end && d[i] == '[') {
			size_t j = i + 1;
			while (j < end && d[j] != ']')
				j += d[j] == '\\' ? 2 : 1;
			if (j >= end)
				return false;
			if (match) {
				*start = i + 1, *len = j - i - 1;
				return true;
			}
			i = j + 1;
		}
	}
	return false;
}

bool sgfw_written(const struct writer *w, const char *id)
{
	size_t start, len;
	return sgfw_written_value(w, id, &start, &len);
}

json_object *sgfw_get(json_object *o, const char *key)
{
	return member(o, key);   /* a node's handful of keys compared, not hashed */
}

const struct buf *sgfw_node_ptr(const struct writer *w)
{
	static char empty[1];
	static const struct buf none = { empty, 0, 0 };
	return w->walk ? walk_pointer(w->walk) : &none;
}

json_object *sgfw_kept_node(const struct writer *w)
{
	json_object *v;
	return json_object_is_type(w->kept_nodes, json_type_object) &&
	       json_object_object_get_ex(w->kept_nodes, sgfw_node_ptr(w)->data, &v) ? v : NULL;
}

int64_t sgfw_whole_within(double d, int64_t lo, int64_t hi)
{
	return d < (double)lo ? lo : d > (double)hi ? hi : (int64_t)d;
}

int sgfw_cell_of(const struct writer *w, json_object *c)
{
	return sgfw_cell_xy(w, sgfw_get(c, "x"), sgfw_get(c, "y"));
}

int sgfw_cell_xy(const struct writer *w, json_object *x, json_object *y)
{
	double dx, dy;
	if (!w->board || !json_object_is_type(x, json_type_int) || !json_object_is_type(y, json_type_int))
		return 0;
	dx = (double)json_object_get_int64(x), dy = (double)json_object_get_int64(y);
	if (dx < 0 || dy < 0 || dx >= w->board->w || dy >= w->board->h)
		return 0;
	return board_cell(w->board, (int)dx, (int)dy);
}

size_t sgfw_kept_count(json_object *v)
{
	return json_object_is_type(v, json_type_array) ? json_object_array_length(v) : 1;
}

json_object *sgfw_kept_item(json_object *v, size_t i)
{
	return json_object_is_type(v, json_type_array) ? json_object_array_get_idx(v, i) : v;
}

const char *sgfw_str(json_object *o, const char *key)
{
	json_object *v = sgfw_get(o, key);
	return json_object_is_type(v, json_type_string) ? json_object_get_string(v) : NULL;
}

bool sgfw_number(json_object *v, double *d)
{
	enum json_type t = json_object_get_type(v);   /* (json_type_null of NULL) */
	if (t != json_type_int && t != json_type_double)
		return false;
	*d = json_object_get_double(v);
	return isfinite(*d);
}

void sgfw_lost(struct writer *w, const char *where, const char *what)
{
	if (w->lost)
		buf_printf(w->lost, "%s: %s\n", where, what);
}

void sgfw_unmapped(struct writer *w, json_object *obj, const char *at, const char *in,
		   const char *section, const char *const *extras, const char *what)
{
	if (!json_object_is_type(obj, json_type_object))
		return;
	json_object_object_foreach(obj, key, v) {
		(void)v;
		const char *const *k = extras;
		while (k && *k && strcmp(*k, key))
			k++;
		if ((k && *k) || (section && sgf_prop_placed(section, key)))
			continue;
		struct buf where = BUF_INIT;
		buf_printf(&where, "%s%s", at, in);
		pointer_push_key(&where, key, strlen(key));
		sgfw_lost(w, where.data, what);
		buf_free(&where);
	}
}

void sgfw_value(struct buf *out, const char *s, int how)
{
	buf_addc(out, '[');
	for (;;) {
		/* The characters no way of writing changes, in one run (none
		 * of those it may is above ']', as letters and UTF-8's bytes are) */
		size_t n = 0;
		if (!(how & V_ESCAPE_FIRST))
			while ((unsigned char)s[n] > ']' || (s[n] && !strchr("]\\\r\n:[;()", s[n])))
				n++;
		buf_add(out, s, n);
		s += n;
		if (!*s)
			break;
		if ((how & (V_SIMPLE | V_TEXT)) && (*s == '\r' || *s == '\n')) {
			if ((s[1] == '\r' || s[1] == '\n') && s[1] != s[0])
				s++;   /* \r\n or \n\r: one line break */
			buf_addc(out, how & V_SIMPLE ? ' ' : '\n');
			s++;
			continue;
		}
		if (*s == ']' || *s == '\\' || ((how & V_COMPOSED) && *s == ':') ||
		    ((how & V_SHORT) && strchr("[;()", *s)) || (how & V_ESCAPE_FIRST))
			buf_addc(out, '\\');
		buf_addc(out, *s++);
		how &= ~V_ESCAPE_FIRST;
	}
	buf_addc(out, ']');
}

void sgfw_prop(struct writer *w, const char *id, const char *s)
{
	if (!s || !*s)
		return;
	buf_adds(w->out, id);
	sgfw_value(w->out, s, V_SIMPLE | (sgf_short_value(id) ? V_SHORT : 0));
}

void sgfw_prop_text(struct writer *w, const char *id, const char *s)
{
	if (!s || !*s)
		return;
	buf_adds(w->out, id);
	sgfw_value(w->out, s, V_TEXT);
}

void sgfw_prop_number(struct writer *w, const char *id, json_object *v)
{
	double d;
	if (!sgfw_number(v, &d))
		return;
	struct buf text = BUF_INIT;
	sgf_real_text(&text, d);
	buf_adds(w->out, id);
	sgfw_value(w->out, text.data, V_RAW);
	buf_free(&text);
}

bool sgfw_point(json_object *c, char out[3])
{
	double x, y;
	return sgfw_number(sgfw_get(c, "x"), &x) && sgfw_number(sgfw_get(c, "y"), &y) &&
	       sgfw_point_at(x, y, out);
}

bool sgfw_point_at(double x, double y, char out[3])
{
	/* 3.0 is 3, as the checker reads it */
	if (!(x >= 0 && y >= 0 && x <= 51 && y <= 51) || x != (int)x || y != (int)y)
		return false;
	out[0] = sgf_letters[(int)x], out[1] = sgf_letters[(int)y], out[2] = '\0';
	return true;
}

const char *sgfw_color_letter(const char *color)
{
	if (!color)
		return NULL;
	if (!strcmp(color, "black"))
		return "B";
	if (!strcmp(color, "white"))
		return "W";
	return NULL;
}

void sgfw_insert_at(struct buf *b, size_t at, const char *data, size_t n)
{
	size_t tail = b->len - at;
	buf_reserve(b, n);
	buf_add(b, data, n);   /* grows to the length; the bytes moved below */
	memmove(b->data + at + n, b->data + at, tail);
	memcpy(b->data + at, data, n);
}

void sgfw_replace_at(struct buf *b, size_t at, size_t old, const char *data, size_t n)
{
	memmove(b->data + at, b->data + at + old, b->len - at - old);
	buf_truncate(b, b->len - old);
	sgfw_insert_at(b, at, data, n);
}

bool sgfw_result_ok(const char *r)
{
	if (!strcmp(r, "0") || !strcmp(r, "?") || !strcmp(r, "Void"))
		return true;
	if ((r[0] != 'B' && r[0] != 'W') || r[1] != '+')
		return false;
	r += 2;
	if (!*r || ((!strcmp(r, "R") || !strcmp(r, "T") || !strcmp(r, "F") ||
		     !strcmp(r, "Resign") || !strcmp(r, "Time") || !strcmp(r, "Forfeit"))))
		return true;
	char *end;
	double d = strtod(r, &end);
	return end != r && !*end && d >= 0 && r[0] >= '0' && r[0] <= '9';
}

SGFW_FOR_SIZE_END
