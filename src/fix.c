/* fix: from pointer-level fix ops to byte edits on the original text.
 *
 * Every op becomes one edit: a span of the original text and its
 * replacement. A diagnostic's edits are taken together or not at all; a fix
 * whose edits overlap one already taken waits for the next round (the
 * driver re-lints the new text and applies again until nothing changes). */
#include "fix.h"

#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "diag.h"
#include "load.h"
#include "lint.h"
#include "locate.h"

static struct fix_op *new_op(struct diag *d, enum fix_safety safety, enum fix_op_kind kind)
{
	if (!d->fix)
		d->fix = xcalloc(1, sizeof *d->fix);
	if (safety > d->fix->safety)
		d->fix->safety = safety;
	struct fix *f = d->fix;
	f->ops = xgrow(f->ops, &f->cap, f->nops + 1, sizeof *f->ops);
	struct fix_op *op = &f->ops[f->nops++];
	*op = (struct fix_op){ .kind = kind };
	return op;
}

void fix_replace(struct diag *d, enum fix_safety safety, const char *pointer, const char *text)
{
	struct fix_op *op = new_op(d, safety, FIX_REPLACE);
	op->pointer = xstrdup(pointer);
	op->text = xstrdup(text);
}

void fix_rename(struct diag *d, enum fix_safety safety, const char *pointer, const char *key)
{
	struct fix_op *op = new_op(d, safety, FIX_RENAME);
	op->pointer = xstrdup(pointer);
	op->key = xstrdup(key);
}

void fix_insert(struct diag *d, enum fix_safety safety, const char *object_pointer,
		const char *key, const char *text, bool first)
{
	struct fix_op *op = new_op(d, safety, FIX_INSERT);
	op->pointer = xstrdup(object_pointer);
	op->key = xstrdup(key);
	op->text = xstrdup(text);
	op->first = first;
}

void fix_remove(struct diag *d, enum fix_safety safety, const char *pointer)
{
	struct fix_op *op = new_op(d, safety, FIX_REMOVE);
	op->pointer = xstrdup(pointer);
}

void fix_bytes(struct diag *d, enum fix_safety safety, size_t start, size_t end, const char *text)
{
	struct fix_op *op = new_op(d, safety, FIX_BYTES);
	op->start = start;
	op->end = end;
	op->text = xstrdup(text);
}

void fix_free(struct fix *fix)
{
	if (!fix)
		return;
	for (size_t i = 0; i < fix->nops; i++) {
		free(fix->ops[i].pointer);
		free(fix->ops[i].key);
		free(fix->ops[i].text);
	}
	free(fix->ops);
	free(fix);
}

char *fix_json_string(const char *s, size_t len)
{
	json_object *str = json_object_new_string_len(s, (int)len);
	if (!str)
		die_oom();   /* else the fix would write null */
	char *out = xstrdup(json_object_to_json_string_ext(str, JSON_C_TO_STRING_NOSLASHESCAPE));
	json_object_put(str);
	return out;
}

struct edit {
	size_t start, end;
	char *text;
	size_t diag;   /* which diagnostic's fix it belongs to */
};

struct edits {
	struct edit *items;
	size_t len, cap;
};

static void add_edit(struct edits *e, size_t start, size_t end, char *text, size_t diag)
{
	e->items = xgrow(e->items, &e->cap, e->len + 1, sizeof *e->items);
	e->items[e->len++] = (struct edit){ start, end, text, diag };
}

/* The pointer of the container holding the value pointer names. */
static char *parent_of(const char *pointer)
{
	const char *slash = strrchr(pointer, '/');
	return xstrndup(pointer, slash ? (size_t)(slash - pointer) : 0);
}

/* The member's first byte: its key, or the element itself. */
static size_t lead(const struct span *s)
{
	return s->key_start != SIZE_MAX ? s->key_start : s->start;
}

/* Turns one op into an edit; false if its pointers do not resolve. */
static bool op_edit(const struct document *doc, const struct fix_op *op, size_t diag,
		    struct edits *out)
{
	const char *t = doc->text;
	struct span sp;
	struct buf text = BUF_INIT;
	if (op->kind == FIX_BYTES) {
		add_edit(out, op->start, op->end, xstrdup(op->text), diag);
		return true;
	}
	if (!locator_span(doc->loc, op->pointer, &sp))
		return false;
	switch (op->kind) {
	case FIX_REPLACE:
		add_edit(out, sp.start, sp.end, xstrdup(op->text), diag);
		return true;
	case FIX_RENAME:
		if (sp.key_start == SIZE_MAX)
			return false;
		add_edit(out, sp.key_start, sp.key_end, fix_json_string(op->key, strlen(op->key)), diag);
		return true;
	case FIX_REMOVE: {
		char *parent = parent_of(op->pointer);
		struct span *kids;
		size_t n = locator_children(doc->loc, parent, &kids), i = 0;
		free(parent);
		while (i < n && kids[i].start != sp.start)
			i++;
		bool ok = i < n;
		if (ok && n == 1)       /* the only member: leave {} or [] */
			add_edit(out, lead(&kids[0]), kids[0].end, xstrdup(""), diag);
		else if (ok && i + 1 < n) /* up to the next member, with the separator */
			add_edit(out, lead(&kids[i]), lead(&kids[i + 1]), xstrdup(""), diag);
		else if (ok)            /* the last: from the end of the previous one */
			add_edit(out, kids[i - 1].end, kids[i].end, xstrdup(""), diag);
		free(kids);
		return ok;
	}
	case FIX_INSERT: {
		if (t[sp.start] != '{')
			return false;
		struct span *kids;
		size_t n = locator_children(doc->loc, op->pointer, &kids);
		char *key = fix_json_string(op->key, strlen(op->key));
		if (n == 0) {
			buf_printf(&text, "%s: %s", key, op->text);
			add_edit(out, sp.start + 1, sp.end - 1, buf_detach(&text), diag);
		} else {
			/* Follow the neighbours: the same separator after the key, the
			 * same white space before it. */
			const char *sep = t + kids[0].key_end;
			int seplen = (int)(kids[0].start - kids[0].key_end);
			size_t last = n - 1, ws_end = kids[last].key_start, ws = ws_end;
			if (op->first) {
				ws = sp.start + 1;
				ws_end = kids[0].key_start;
				buf_printf(&text, "%s%.*s%s,%.*s", key, seplen, sep, op->text,
					   (int)(ws_end - ws), t + ws);
				add_edit(out, kids[0].key_start, kids[0].key_start, buf_detach(&text), diag);
			} else {
				while (ws > sp.start && t[ws - 1] != ',' && t[ws - 1] != '{')
					ws--;
				buf_printf(&text, ",%.*s%s%.*s%s", (int)(ws_end - ws), t + ws, key,
					   seplen, sep, op->text);
				add_edit(out, kids[last].end, kids[last].end, buf_detach(&text), diag);
			}
		}
		free(key);
		free(kids);
		return true;
	}
	case FIX_BYTES:
		break;
	}
	return false;
}

/* By position; at one position insertions go first, then by fix order. */
static int by_start(const void *a, const void *b)
{
	const struct edit *x = a, *y = b;
	if (x->start != y->start)
		return x->start < y->start ? -1 : 1;
	bool xi = x->start == x->end, yi = y->start == y->end;
	if (xi != yi)
		return xi ? -1 : 1;
	return x->diag < y->diag ? -1 : x->diag > y->diag;
}

static bool overlaps(const struct edits *taken, const struct edit *e)
{
	for (size_t i = 0; i < taken->len; i++) {
		const struct edit *t = &taken->items[i];
		if (e->start < t->end && t->start < e->end)
			return true;
		/* One insertion inside a replaced span, or two at one place (two
		 * fixes adding the same key would write it twice). */
		if (e->start == e->end && t->start <= e->start && e->start < t->end)
			return true;
		if (e->start == e->end && t->start == e->start && t->end == e->end)
			return true;
		if (t->start == t->end && e->start < t->start && t->start < e->end)
			return true;
	}
	return false;
}

char *fix_apply(struct document *doc, bool unsafe, size_t *len, bool *applied)
{
	struct edits taken = { 0 }, mine = { 0 };
	for (size_t i = 0; i < doc->diags.len; i++) {
		applied[i] = false;
		const struct fix *f = doc->diags.items[i].fix;
		if (!f || (f->safety == FIX_UNSAFE && !unsafe))
			continue;
		bool ok = true;
		for (size_t j = 0; ok && j < f->nops; j++)
			ok = op_edit(doc, &f->ops[j], i, &mine);
		for (size_t j = 0; ok && j < mine.len; j++)
			ok = !overlaps(&taken, &mine.items[j]);
		for (size_t j = 0; j < mine.len; j++) {
			if (ok)
				add_edit(&taken, mine.items[j].start, mine.items[j].end, mine.items[j].text, i);
			else
				free(mine.items[j].text);
		}
		mine.len = 0;
		applied[i] = ok;
	}
	free(mine.items);
	if (!taken.len) {
		free(taken.items);
		return NULL;
	}
	qsort(taken.items, taken.len, sizeof *taken.items, by_start);
	struct buf out = BUF_INIT;
	size_t at = 0;
	for (size_t i = 0; i < taken.len; i++) {
		const struct edit *e = &taken.items[i];
		buf_add(&out, doc->text + at, e->start - at);
		buf_adds(&out, e->text);
		at = e->end;
		free(e->text);
	}
	buf_add(&out, doc->text + at, doc->len - at);
	free(taken.items);
	*len = out.len;
	return buf_detach(&out);
}

static void tally_add(struct fix_tally *t, const struct rule *rule)
{
	t->total++;
	for (size_t i = 0; i < t->len; i++) {
		if (t->items[i].rule == rule) {
			t->items[i].count++;
			return;
		}
	}
	t->items = xgrow(t->items, &t->cap, t->len + 1, sizeof *t->items);
	t->items[t->len++] = (struct fix_count){ rule, 1 };
}

void fix_tally_free(struct fix_tally *t)
{
	free(t->items);
	*t = (struct fix_tally){ 0 };
}

bool fix_document(struct document *doc, bool unsafe, struct fix_tally *tally)
{
	for (int round = 0; round < FIX_MAX_ROUNDS && doc->parsed; round++) {
		bool *applied = xcalloc(doc->diags.len + 1, sizeof *applied);
		size_t len;
		char *text = fix_apply(doc, unsafe, &len, applied);
		if (!text) {
			free(applied);
			return true;
		}
		struct document next;
		document_load_buffer(&next, doc->path, text, len);
		next.cli = doc->cli;
		next.cfg = doc->cfg;
		free(text);
		lint_document(&next);
		if (!next.parsed) {
			/* A bug in a fix: keep the original, never write this. */
			free(applied);
			document_free(&next);
			return false;
		}
		for (size_t i = 0; i < doc->diags.len; i++)
			if (applied[i])
				tally_add(tally, doc->diags.items[i].rule);
		free(applied);
		document_free(doc);
		*doc = next;
	}
	return true;
}

struct fix_edit *fix_edits(const struct document *doc, size_t i, size_t *n)
{
	struct edits e = { 0 };
	const struct fix *f = doc->diags.items[i].fix;
	bool ok = f != NULL;
	for (size_t j = 0; ok && j < f->nops; j++)
		ok = op_edit(doc, &f->ops[j], i, &e);
	if (ok)
		qsort(e.items, e.len, sizeof *e.items, by_start);
	struct fix_edit *out = xcalloc(e.len + 1, sizeof *out);
	for (size_t j = 0; j < e.len; j++) {
		if (ok)
			out[j] = (struct fix_edit){ e.items[j].start, e.items[j].end, e.items[j].text };
		else
			free(e.items[j].text);
	}
	*n = ok ? e.len : 0;
	free(e.items);
	return out;
}

void fix_edits_free(struct fix_edit *e, size_t n)
{
	for (size_t i = 0; i < n; i++)
		free(e[i].text);
	free(e);
}
