/* decodeout: the text decoded and its broken bytes (decodeout.h). */
#include "convert/decodeout.h"

#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/charset.h"
#include "base/detect.h"
#include "convert/sgfnote.h"
#include "convert/sgfprops.h"
#include "convert/say.h"
#include "core/catalog.h"

#define SAY_INVALID_BYTES &rule_charset_invalid_bytes, \
	"bytes that are not valid %s: read as U+FFFD, the replacement character; --fix " \
	"leaves them"
#define SAY_BYTES_TEXT &rule_charset_mismatch, \
	"CA[%s] is a set of %zu bytes a character, but this text value is ASCII of an odd " \
	"length, written as bytes: the game's text values of ASCII are read as ASCII"
#define SAY_BYTES_NO_TEXT &rule_charset_mismatch, \
	"CA[%s] is a set of %zu bytes a character, but this text value is ASCII that reads " \
	"as no text in it, written as bytes: the game's text values of ASCII are read as ASCII"
#define SAY_MORE_INVALID_BYTES &rule_charset_invalid_bytes, \
	"%zu more byte sequences that are not valid in the character set read are read as U+FFFD"

/* Broken byte sequences get a note each up to this many, then one that
 * counts the rest. */
#define BROKEN_NOTED 20

void out_set(struct out *o, const char *cs)
{
	snprintf(o->read_in, sizeof o->read_in, "%s", cs ? cs : "");
	snprintf(o->set, sizeof o->set, "%s", cs && !o->unwritable ? cs : "");
}

void out_decode(struct out *o, const char *bytes, size_t len, const char *cs)
{
	size_t *at = NULL, n = 0, cap = 0, from = o->text->len;
	if (!charset_decode_lenient(bytes, len, cs, o->text, &at, &n, &cap))
		charset_decode_lenient(bytes, len, "ISO-8859-1", o->text, &at, &n, &cap);
	if (strcmp(cs, "UTF-8") && !charset_valid_utf8(o->text->data + from, o->text->len - from)) {
		/* A name iconv takes for UTF-8 lets through what UTF-8 forbids
		 * (F4 90 80 80 beyond U+10FFFF, a five-byte F8 …): read it as
		 * UTF-8, each such sequence a U+FFFD with its note. */
		buf_truncate(o->text, from);
		n = 0;
		cs = "UTF-8";
		charset_decode_lenient(bytes, len, cs, o->text, &at, &n, &cap);
	}
	for (size_t i = 0; i < n; i++) {
		o->bad = xgrow(o->bad, &o->cap, o->nbad + 1, sizeof *o->bad);
		o->bad[o->nbad].at = at[i];
		snprintf(o->bad[o->nbad++].label, sizeof o->bad->label, "%s", cs);
	}
	free(at);
}

size_t out_unit(const char *cs)
{
	if (!strncmp(cs, "UTF-16", 6) || !strncmp(cs, "UCS-2", 5))
		return 2;
	return !strncmp(cs, "UTF-32", 6) || !strncmp(cs, "UCS-4", 5) ? 4 : 0;
}

/* A value of a game in a set of units (decode_values): its bytes from a
 * to z (its brackets off), from text on its text in the game's set (a
 * composed value's part after its `:`; z: none), and whether its text is
 * printable ASCII. */
struct unit_value {
	size_t a, z, text;
	bool ascii;
};

/* The next value of s from *i on into v, its property's type deciding what
 * of it is text (sgfprops.h's one table: SimpleText and Text, the text part
 * of a label, an application, a figure; an unknown property's, as SGFC
 * keeps it; points, numbers and colours are ASCII); false after the last.
 * id holds the property the value is of (a value list's next value is its
 * property's). */
static bool unit_value(const char *s, size_t len, size_t *i, char id[8], struct unit_value *v)
{
	size_t n = 0;
	bool named = false;
	for (; *i < len && s[*i] != '['; ++*i) {
		if (s[*i] >= 'A' && s[*i] <= 'Z' && n < 7)
			id[n++] = s[*i], named = true;
		else if (s[*i] == ';' || s[*i] == '(' || s[*i] == ')')
			n = 0;
	}
	if (named)
		id[n] = '\0';
	if (*i >= len)
		return false;
	const struct sgf_propdef *d = sgf_prop_def(id);
	/* (CA, FF, GM, AP: the file's own, its writer's ASCII) */
	enum sgf_type t = !d ? SGF_T_TEXT : d->kind == SGF_K_HEADER ? SGF_T_NONE : d->type;
	bool composed = t == SGF_T_LABELS || t == SGF_T_APP || t == SGF_T_FIGURE;
	*v = (struct unit_value){ .a = *i + 1, .text = *i + 1, .ascii = true };
	if (!composed && t != SGF_T_SIMPLE && t != SGF_T_TEXT)
		v->text = SIZE_MAX;
	else if (composed)
		v->text = SIZE_MAX;   /* until its `:` */
	size_t j = *i + 1;
	for (; j < len && s[j] != ']'; j++) {
		if (composed && v->text == SIZE_MAX && s[j] == ':')
			v->text = j + 1;
		else if (v->text != SIZE_MAX && j >= v->text)
			v->ascii = v->ascii && s[j] >= 0x20 && s[j] <= 0x7E;
		if (s[j] == '\\' && j + 1 < len) {
			j++;
			if (v->text != SIZE_MAX && j >= v->text)
				v->ascii = v->ascii && s[j] >= 0x20 && s[j] <= 0x7E;
		}
	}
	v->z = j > len ? len : j;
	if (v->text != SIZE_MAX && v->text > v->z)
		v->text = SIZE_MAX;
	*i = v->z;   /* its `]` the next structure's first byte */
	return true;
}

/* A game whose text values are in a set of units (CA[UTF-16LE]), its
 * structure and its other values ASCII, as SGFC reads and writes it: the
 * values cut on the bytes (a `\` escapes the byte after it), each text
 * value read in the set, whatever its bytes (李 is 4E 67 in UTF-16LE,
 * "Ng"), the rest as ISO-8859-1. A game with a text value of printable
 * ASCII of odd length, or that reads as no CJK text in the set, is one
 * whose writer wrote its text as bytes whatever its CA: its ASCII text
 * values are read as ASCII, said (o->bytes_at). */
/* Whether n bytes of printable ASCII read as text in a set of two-byte
 * units: every unit a CJK ideograph (U+3400-U+9FFF), kana or CJK
 * punctuation (U+3000-U+30FF), all the CJK text such bytes can make.
 * ASCII words written as bytes make jamo, enclosed forms or punctuation
 * somewhere (Lee1 in UTF-16LE is 敌ㅥ: REVIEW.md R35). */
static bool reads_as_units(const char *s, size_t n, const char *cs, size_t unit)
{
	if (unit != 2)
		return false;   /* (four printable bytes are no UTF-32 character) */
	bool big = !strstr(cs, "LE");
	for (size_t k = 0; k + 1 < n; k += 2) {
		unsigned a = (unsigned char)s[k], b = (unsigned char)s[k + 1];
		unsigned u = big ? a << 8 | b : b << 8 | a;
		if (!(u >= 0x3000 && u <= 0x30FF) && !(u >= 0x3400 && u <= 0x9FFF))
			return false;
	}
	return true;
}

static void decode_values(struct out *o, const char *s, size_t len, const char *cs, size_t unit)
{
	char id[8] = "";
	struct unit_value v;
	size_t odd = SIZE_MAX;   /* the first text value of ASCII that is no text in cs */
	bool odd_length = false;
	for (size_t i = 0; odd == SIZE_MAX && unit_value(s, len, &i, id, &v);) {
		if (v.text == SIZE_MAX || !v.ascii)
			continue;
		odd_length = (v.z - v.text) % unit;
		if (odd_length || !reads_as_units(s + v.text, v.z - v.text, cs, unit))
			odd = v.text;
	}
	size_t from = 0;
	id[0] = '\0';
	for (size_t i = 0; unit_value(s, len, &i, id, &v);) {
		size_t text = v.text == SIZE_MAX ? v.z : v.text;
		out_decode(o, s + from, text - from, "ISO-8859-1");
		bool bytes = odd != SIZE_MAX && v.ascii;
		bool in_set = text < v.z && !bytes && !((v.z - text) % unit);
		if (text == odd && !o->bytes_text) {
			o->bytes_text = true, o->bytes_at = o->text->len, o->bytes_odd = odd_length;
			snprintf(o->bytes_set, sizeof o->bytes_set, "%s", cs);
		}
		out_decode(o, s + text, v.z - text, in_set ? cs : "ISO-8859-1");
		from = v.z;
	}
	out_decode(o, s + from, len - from, "ISO-8859-1");
}

/* The bytes of s with each escaped second byte of a character of cs
 * (out_decode_sgf) without its escape, into b, each such character's
 * lead byte said to o (out's escaped, escapes); false when there is none. */
static bool unescape_seconds(struct out *o, const char *s, size_t len, const char *cs,
			     struct buf *b)
{
	bool any = false;   /* (most text has none: one look) */
	for (const char *p = s; !any && (p = memchr(p, '\\', (size_t)(s + len - p))); p++)
		any = p > s && (unsigned char)p[-1] >= 0x80;
	if (!any)
		return false;
	size_t from = 0;
	bool value = false;
	for (size_t i = 0; i < len;) {
		unsigned char c = (unsigned char)s[i];
		if (!value && c < 0x80) {
			value = c == '[';
			i++;
			continue;
		}
		if (value && c < 0x80) {
			value = c != ']';
			i += c == '\\' && i + 1 < len ? 1 + charset_char_len(cs, s + i + 1, len - i - 1) : 1;
			continue;
		}
		size_t k = charset_char_len(cs, s + i, len - i);
		if (!value) {
			i += k;
			continue;
		}
		/* lead \ ] with no SGF after the `]`; lead \ \ ] with SGF after it */
		bool escaped = k == 2 && s[i + 1] == '\\' && len - i >= 3 &&
			       ((s[i + 2] == ']' && !charset_value_ends(s, i + 3, len)) ||
				(s[i + 2] == '\\' && len - i >= 4 && s[i + 3] == ']' &&
				 charset_value_ends(s, i + 4, len)));
		if (escaped) {
			const char *lead = s + i;
			if (!o->escaped)
				o->escaped = lead;
			if (o->escapes)
				buf_add(o->escapes, &lead, sizeof lead);
			buf_add(b, s + from, i + 1 - from);
			from = i + 2;   /* the escape left out */
			k = 3;
		}
		i += k;
	}
	if (!from)
		return false;
	buf_add(b, s + from, len - from);
	return true;
}

void out_decode_sgf(struct out *o, const char *bytes, size_t len, const char *cs)
{
	size_t unit = out_unit(cs);
	struct buf plain = BUF_INIT;
	if (unit) {   /* (a file all in it has a byte order mark or zeros: decode_marked) */
		decode_values(o, bytes, len, cs, unit);
		o->unwritable = true;
		if (!*o->units)
			snprintf(o->units, sizeof o->units, "%s", cs);
	} else if (unescape_seconds(o, bytes, len, cs, &plain)) {
		out_decode(o, plain.data, plain.len, cs);
		o->unwritable = true;
	} else {
		out_decode(o, bytes, len, cs);
	}
	buf_free(&plain);
}

struct sgf_pos cursor_to(struct cursor *c, size_t to)
{
	if (to > c->len)
		to = c->len;
	if (c->i < to) {
		c->pos = sgf_pos_past(c->pos, c->t, c->len, c->i, to);
		c->i = to;
	}
	return c->pos;
}

/* A leading byte order mark off the text (offsets of broken bytes move). */
static void strip_bom(struct out *o)
{
	struct buf *t = o->text;
	if (t->len < 3 || memcmp(t->data, "\xEF\xBB\xBF", 3))
		return;
	memmove(t->data, t->data + 3, t->len - 3 + 1);
	t->len -= 3;
	for (size_t i = 0; i < o->nbad; i++)
		o->bad[i].at -= o->bad[i].at >= 3 ? 3 : o->bad[i].at;
}

/* Notes for the broken byte sequences, at their positions. */
static void note_broken(struct out *o, struct sgf_notes *notes)
{
	struct cursor c = { o->text->data, o->text->len, 0, { 1, 1 } };
	for (size_t i = 0; i < o->nbad && i < BROKEN_NOTED; i++)
		sgf_say(notes, cursor_to(&c, o->bad[i].at), SAY_INVALID_BYTES, o->bad[i].label);
	if (o->nbad > BROKEN_NOTED)
		sgf_say(notes, ((struct sgf_pos){ 0, 0 }), SAY_MORE_INVALID_BYTES,
			o->nbad - BROKEN_NOTED);
}

void out_finish(struct out *o, struct sgf_notes *notes)
{
	if (o->same)
		return;   /* valid as it is: no byte order mark kept, nothing broken */
	strip_bom(o);
	note_broken(o, notes);
	if (o->bytes_text) {
		struct cursor c = { o->text->data, o->text->len, 0, { 1, 1 } };
		if (o->bytes_odd)
			sgf_say(notes, cursor_to(&c, o->bytes_at), SAY_BYTES_TEXT, o->bytes_set,
				out_unit(o->bytes_set));
		else
			sgf_say(notes, cursor_to(&c, o->bytes_at), SAY_BYTES_NO_TEXT, o->bytes_set,
				out_unit(o->bytes_set));
	}
	free(o->bad);
	if (!o->text->data)
		buf_adds(o->text, "");
}
