/* fixwords: what a fix does, in a few words, for editors' menus and a
 * finding's fix description (jgf_finding_fix_description): "replace
 * \"3 kyu\" with \"3k\"", "rename \"coments\" to \"comments\"". */
#include "lint/fixwords.h"

#include <stdbool.h>
#include <string.h>

#include "base/buf.h"
#include "base/jstring.h"
#include "base/pointer.h"
#include "core/fixop.h"

/* Appends JSON text or text of the record on one line, at most about 32
 * bytes of it (cut at a character, with …), as messages show text: bytes
 * that are not UTF-8 and invisible characters escaped. */
static void add_short(struct buf *out, const char *s, size_t n)
{
	struct buf flat = BUF_INIT;
	bool space = false;
	for (size_t i = 0; i < n && flat.len < 32; i++) {
		bool ws = s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t';
		if (ws && !space && flat.len)
			buf_addc(&flat, ' ');
		else if (!ws)
			buf_addc(&flat, s[i]);
		space = ws;
	}
	size_t keep = flat.len;
	bool cut = keep < n;
	if (cut) {
		while (keep > 0 && ((unsigned char)flat.data[keep] & 0xC0) == 0x80)
			keep--;
		/* Whatever followed was more of the text: say so. */
		bool rest = false;
		for (size_t i = 0; i < n && !rest; i++)
			rest = i >= keep && !(s[i] == ' ' || s[i] == '\n' || s[i] == '\r' || s[i] == '\t');
		cut = rest || keep < flat.len;
	}
	buf_truncate(&flat, keep);
	while (flat.len && flat.data[flat.len - 1] == ' ')
		buf_truncate(&flat, flat.len - 1);
	struct buf shown = BUF_INIT;
	buf_adds(out, shown_text(&shown, flat.data ? flat.data : ""));
	if (cut)
		buf_adds(out, "…");
	buf_free(&shown);
	buf_free(&flat);
}

static void add_shown(struct buf *out, const char *s)
{
	struct buf shown = BUF_INIT;
	buf_adds(out, shown_text(&shown, s));
	buf_free(&shown);
}

/* A pointer as a place: "the record" for the root. */
static void add_place(struct buf *out, const char *pointer)
{
	if (!pointer || !*pointer)
		buf_adds(out, "the record");
	else
		add_shown(out, pointer);
}

/* The last key or index of a pointer, unescaped ("" for the root's). */
static void add_last_key(struct buf *out, const char *pointer)
{
	const char *k = strrchr(pointer, '/');
	struct buf key = BUF_INIT;
	if (!k || !pointer_next(&k, &key))
		buf_reserve(&key, 0);
	buf_addc(out, '"');
	add_short(out, key.data, key.len);
	buf_addc(out, '"');
	buf_free(&key);
}

static void describe_op(struct buf *out, const struct document *doc, const struct fix_op *op,
			const struct fix_edit *only)
{
	const char *t = op->text ? op->text : "";
	switch (op->kind) {
	case FIX_REPLACE:
		buf_adds(out, "replace ");
		if (only && only->end > only->start && only->end <= doc->len)
			add_short(out, doc->text + only->start, only->end - only->start);
		else
			add_place(out, op->pointer);
		buf_adds(out, " with ");
		add_short(out, t, strlen(t));
		break;
	case FIX_RENAME:
		buf_adds(out, "rename ");
		add_last_key(out, op->pointer);
		buf_adds(out, " to \"");
		add_short(out, op->rename.key, strlen(op->rename.key));
		buf_addc(out, '"');
		break;
	case FIX_INSERT:
		buf_adds(out, "add \"");
		add_short(out, op->insert.key, strlen(op->insert.key));
		buf_adds(out, "\": ");
		add_short(out, t, strlen(t));
		if (op->pointer[0]) {
			buf_adds(out, " to ");
			add_place(out, op->pointer);
		}
		break;
	case FIX_REMOVE:
		buf_adds(out, "remove ");
		add_place(out, op->pointer);
		break;
	case FIX_BYTES:
		if (op->bytes.start == 0 && op->bytes.end == 3 && !*t && doc->len >= 3 &&
		    memcmp(doc->text, "\xef\xbb\xbf", 3) == 0) {
			buf_adds(out, "remove the byte order mark");
		} else if (op->bytes.end == doc->len && op->bytes.start == doc->body && *t) {
			/* The repair of text that does not parse (lint.c). */
			buf_adds(out, "rewrite the record as strict JSON");
		} else if (!*t && op->bytes.end > op->bytes.start && op->bytes.end <= doc->len) {
			buf_adds(out, "delete ");
			add_short(out, doc->text + op->bytes.start, op->bytes.end - op->bytes.start);
		} else {
			buf_adds(out, "write ");
			add_short(out, t, strlen(t));
		}
		break;
	case FIX_SPLIT: {
		size_t parts = 1;
		for (const char *p = op->split.parts; *p; p++)
			parts += *p == '|';
		buf_adds(out, "split ");
		add_place(out, op->pointer);
		buf_printf(out, " into %zu nodes", parts);
		break;
	}
	case FIX_MOVE_TAIL:
		buf_adds(out, "move ");
		add_place(out, op->pointer);
		buf_adds(out, " and what follows it to the end of ");
		add_place(out, op->move_tail.dest);
		break;
	case FIX_APPEND:
		buf_adds(out, "append ");
		add_short(out, t, strlen(t));
		buf_adds(out, " to ");
		add_place(out, op->pointer);
		break;
	case FIX_REMOVE_KEYS: {
		buf_adds(out, "remove ");
		const char *k = op->remove_keys.keys;
		for (bool first = true; *k; first = false) {
			size_t n = strcspn(k, " ");
			if (!first)
				buf_adds(out, ", ");
			buf_addc(out, '"');
			add_short(out, k, n);
			buf_addc(out, '"');
			k += n + (k[n] == ' ');
		}
		buf_adds(out, " from ");
		add_place(out, op->pointer);
		break;
	}
	}
}

char *describe_fix(const struct document *doc, const struct fix *fix,
		   const struct fix_edit *edits, size_t nedits)
{
	struct buf out = BUF_INIT;
	const struct fix_edit *only = fix->nops == 1 && nedits == 1 ? &edits[0] : NULL;
	for (size_t k = 0; k < fix->nops && k < 2; k++) {
		if (k)
			buf_adds(&out, "; ");
		describe_op(&out, doc, &fix->ops[k], only);
	}
	if (fix->nops > 2)
		buf_printf(&out, "; and %zu more change%s", fix->nops - 2, fix->nops == 3 ? "" : "s");
	return buf_detach(&out);
}
