/* decodeout: the text decoded and its broken bytes (decodeout.h). */
#include "convert/decodeout.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/charset.h"
#include "convert/say.h"
#include "core/catalog.h"

#define SAY_INVALID_BYTES &rule_charset_invalid_bytes, \
	"repaired: bytes that are not valid %s are read as U+FFFD, the replacement character"
#define SAY_MORE_INVALID_BYTES &rule_charset_invalid_bytes, \
	"%zu more byte sequences that are not valid in the character set read are read as U+FFFD"

/* Broken byte sequences get a note each up to this many, then one that
 * counts the rest. */
#define BROKEN_NOTED 20

void out_set(struct out *o, const char *cs)
{
	snprintf(o->set, sizeof o->set, "%s", cs ? cs : "");
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

struct sgf_pos cursor_to(struct cursor *c, size_t to)
{
	for (; c->i < to && c->i < c->len; c->i++) {
		unsigned char ch = (unsigned char)c->t[c->i];
		if (ch == '\n' || (ch == '\r' && (c->i + 1 >= c->len || c->t[c->i + 1] != '\n')))
			c->pos.line++, c->pos.col = 1;
		else if (ch != '\r' && (ch & 0xC0) != 0x80)
			c->pos.col++;
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
	free(o->bad);
	if (!o->text->data)
		buf_adds(o->text, "");
}
