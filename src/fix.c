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
#include "jstring.h"
#include "load.h"
#include "lint.h"
#include "locate.h"
#include "repair.h"

extern const struct rule rule_json_syntax, rule_nggo_dialect;

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

/* An op on the value at pointer; key and text may be NULL. */
static struct fix_op *op_at(struct diag *d, enum fix_safety safety, enum fix_op_kind kind,
			    const char *pointer, const char *key, const char *text)
{
	struct fix_op *op = new_op(d, safety, kind);
	op->pointer = xstrdup(pointer);
	op->key = key ? xstrdup(key) : NULL;
	op->text = text ? xstrdup(text) : NULL;
	return op;
}

void fix_replace(struct diag *d, enum fix_safety safety, const char *pointer, const char *text)
{
	op_at(d, safety, FIX_REPLACE, pointer, NULL, text);
}

void fix_rename(struct diag *d, enum fix_safety safety, const char *pointer, const char *key)
{
	op_at(d, safety, FIX_RENAME, pointer, key, NULL);
}

void fix_insert(struct diag *d, enum fix_safety safety, const char *object_pointer,
		const char *key, const char *text, bool first)
{
	op_at(d, safety, FIX_INSERT, object_pointer, key, text)->first = first;
}

void fix_insert_before(struct diag *d, enum fix_safety safety, const char *object_pointer,
		       const char *key, const char *text, const char *anchor)
{
	struct fix_op *op = op_at(d, safety, FIX_INSERT, object_pointer, key, text);
	op->anchor = anchor ? xstrdup(anchor) : NULL;
}

void fix_remove(struct diag *d, enum fix_safety safety, const char *pointer)
{
	op_at(d, safety, FIX_REMOVE, pointer, NULL, NULL);
}

void fix_bytes(struct diag *d, enum fix_safety safety, size_t start, size_t end, const char *text)
{
	struct fix_op *op = new_op(d, safety, FIX_BYTES);
	op->start = start;
	op->end = end;
	op->text = xstrdup(text);
}

void fix_split(struct diag *d, enum fix_safety safety, const char *pointer, const char *parts)
{
	op_at(d, safety, FIX_SPLIT, pointer, parts, NULL);
}

void fix_move_tail(struct diag *d, enum fix_safety safety, const char *pointer,
		   const char *dest_pointer)
{
	op_at(d, safety, FIX_MOVE_TAIL, pointer, dest_pointer, NULL);
}

void fix_remove_keys(struct diag *d, enum fix_safety safety, const char *pointer, const char *keys)
{
	op_at(d, safety, FIX_REMOVE_KEYS, pointer, keys, NULL);
}

void fix_append(struct diag *d, enum fix_safety safety, const char *array_pointer,
		const char *text)
{
	op_at(d, safety, FIX_APPEND, array_pointer, NULL, text);
}

void fix_replace_value(struct diag *d, enum fix_safety safety, const char *pointer,
		       json_object *value)
{
	fix_replace(d, safety, pointer,
		    json_object_to_json_string_ext(value, JSON_C_TO_STRING_SPACED |
						   JSON_C_TO_STRING_NOSLASHESCAPE));
}

void fix_free(struct fix *fix)
{
	if (!fix)
		return;
	for (size_t i = 0; i < fix->nops; i++) {
		free(fix->ops[i].pointer);
		free(fix->ops[i].key);
		free(fix->ops[i].text);
		free(fix->ops[i].anchor);
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
	size_t seq;    /* creation order: a fix's insertions at one place keep it */
};

struct edits {
	struct edit *items;
	size_t len, cap;
};

static void add_edit(struct edits *e, size_t start, size_t end, char *text, size_t diag)
{
	e->items = xgrow(e->items, &e->cap, e->len + 1, sizeof *e->items);
	e->items[e->len] = (struct edit){ start, end, text, diag, e->len };
	e->len++;
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

/* The white space before the value starting at start, back to the ',' or
 * '[' before it: what separates elements of its array. */
static size_t ws_before(const char *t, size_t start)
{
	size_t ws = start;
	while (ws > 0 && (t[ws - 1] == ' ' || t[ws - 1] == '\t' || t[ws - 1] == '\n' ||
			  t[ws - 1] == '\r'))
		ws--;
	return ws;
}

/* Edits removing the members with gone[i] set from a container whose
 * members are kids (the container spans [open, close]): each run of them
 * with the separator after it, or before it at the end; all of them
 * leaves {} or []. */
static void remove_members(struct edits *out, const struct span *kids, size_t n,
			   const bool *gone, size_t open, size_t close, size_t diag)
{
	size_t kept = 0;
	for (size_t i = 0; i < n; i++)
		kept += !gone[i];
	if (!kept) {
		add_edit(out, open + 1, close, xstrdup(""), diag);
		return;
	}
	for (size_t a = 0; a < n; a++) {
		if (!gone[a])
			continue;
		size_t b = a;
		while (b + 1 < n && gone[b + 1])
			b++;
		if (b + 1 < n)
			add_edit(out, lead(&kids[a]), lead(&kids[b + 1]), xstrdup(""), diag);
		else
			add_edit(out, kids[a - 1].end, kids[b].end, xstrdup(""), diag);
		a = b;
	}
}

/* Which part of a split takes the member with this key (raw, between its
 * quotes): its index in parts, or the index of "*". */
static size_t part_of(const char *parts, const char *key, size_t keylen)
{
	size_t index = 0, rest = 0;
	for (const char *p = parts; *p;) {
		size_t len = strcspn(p, " |");
		if (len == 1 && *p == '*')
			rest = index;
		else if (len == keylen && memcmp(p, key, len) == 0)
			return index;
		p += len;
		if (*p == '|')
			index++;
		if (*p)
			p++;
	}
	return rest;
}

/* Whether key (raw, between its quotes) is among keys (separated by ' '). */
static bool key_listed(const char *keys, const char *key, size_t keylen)
{
	for (const char *p = keys; *p;) {
		size_t len = strcspn(p, " ");
		if (len == keylen && memcmp(p, key, len) == 0)
			return true;
		p += len + (p[len] == ' ');
	}
	return false;
}

static bool split_edits(const struct document *doc, const struct fix_op *op,
			const struct span *sp, size_t diag, struct edits *out)
{
	const char *t = doc->text;
	if (t[sp->start] != '{')
		return false;
	struct span *kids;
	size_t n = locator_children(doc->loc, op->pointer, &kids), nparts = 1, rest = 0;
	for (const char *p = op->key; *p; p++)
		nparts += *p == '|';
	size_t *part = xcalloc(n + 1, sizeof *part);
	bool *gone = xcalloc(n + 1, sizeof *gone);
	for (size_t i = 0; i < n; i++)
		part[i] = part_of(op->key, t + kids[i].key_start + 1,
				  kids[i].key_end - kids[i].key_start - 2);
	rest = part_of(op->key, "", SIZE_MAX);   /* no key matches: the index of "*" */
	for (size_t i = 0; i < n; i++)
		gone[i] = part[i] != rest;
	/* The node's layout: after '{', between members, before '}'. */
	size_t open_end = n ? kids[0].key_start : sp->end - 1;
	struct buf before = BUF_INIT, after = BUF_INIT, node = BUF_INIT;
	size_t ws = ws_before(t, sp->start);
	for (size_t k = 0; k < nparts; k++) {
		if (k == rest)
			continue;
		buf_truncate(&node, 0);
		buf_addc(&node, '{');
		buf_add(&node, t + sp->start + 1, open_end - sp->start - 1);
		bool any = false;
		for (size_t i = 0; i < n; i++) {
			if (part[i] != k)
				continue;
			if (any)
				buf_add(&node, t + kids[0].end, kids[1].key_start - kids[0].end);
			buf_add(&node, t + kids[i].key_start, kids[i].end - kids[i].key_start);
			any = true;
		}
		if (!any)
			continue;
		buf_add(&node, t + kids[n - 1].end, sp->end - 1 - kids[n - 1].end);
		buf_addc(&node, '}');
		if (k < rest) {
			buf_add(&before, node.data, node.len);
			buf_addc(&before, ',');
			buf_add(&before, t + ws, sp->start - ws);
		} else {
			buf_addc(&after, ',');
			buf_add(&after, t + ws, sp->start - ws);
			buf_add(&after, node.data, node.len);
		}
	}
	bool ok = before.len || after.len;
	if (ok) {
		if (before.len)
			add_edit(out, sp->start, sp->start, buf_detach(&before), diag);
		remove_members(out, kids, n, gone, sp->start, sp->end - 1, diag);
		if (after.len)
			add_edit(out, sp->end, sp->end, buf_detach(&after), diag);
	}
	buf_free(&before);
	buf_free(&after);
	buf_free(&node);
	free(part);
	free(gone);
	free(kids);
	return ok;
}

/* Where elements go at the end of the array at pointer (*at), and the
 * separator to write before each one: the one its elements already use.
 * *m is how many elements it has (the first appended to an empty array
 * needs no separator). False if pointer is no array. */
static bool array_end(const struct document *doc, const char *pointer, size_t *at, size_t *m,
		      struct buf *sep)
{
	const char *t = doc->text;
	struct span arr, *dkids;
	if (!locator_span(doc->loc, pointer, &arr) || t[arr.start] != '[')
		return false;
	*m = locator_children(doc->loc, pointer, &dkids);
	if (*m >= 2) {
		buf_add(sep, t + dkids[*m - 2].end, dkids[*m - 1].start - dkids[*m - 2].end);
	} else if (*m == 1) {
		size_t ws = ws_before(t, dkids[0].start);
		buf_addc(sep, ',');
		buf_add(sep, t + ws, dkids[0].start - ws);
		if (sep->len == 1)
			buf_addc(sep, ' ');
	} else {
		buf_adds(sep, ", ");
	}
	*at = *m ? dkids[*m - 1].end : arr.start + 1;
	free(dkids);
	return true;
}

static bool move_tail_edits(const struct document *doc, const struct fix_op *op,
			    const struct span *sp, size_t diag, struct edits *out)
{
	const char *t = doc->text;
	struct span dest, *kids;
	if (!locator_span(doc->loc, op->key, &dest) || t[dest.start] != '[')
		return false;
	char *parent = parent_of(op->pointer);
	size_t n = locator_children(doc->loc, parent, &kids), i = 0;
	free(parent);
	while (i < n && kids[i].start != sp->start)
		i++;
	/* Never into itself, and something must stay before it. */
	bool ok = i > 0 && i < n && (dest.end <= kids[i].start);
	if (ok) {
		/* Each moved element as written, after the separator the
		 * destination uses between its elements. */
		struct buf text = BUF_INIT, sep = BUF_INIT;
		size_t m, at;
		array_end(doc, op->key, &at, &m, &sep);
		for (size_t k = i; k < n; k++) {
			if (m || k > i)
				buf_add(&text, sep.data, sep.len);
			buf_add(&text, t + kids[k].start, kids[k].end - kids[k].start);
		}
		buf_free(&sep);
		add_edit(out, at, at, buf_detach(&text), diag);
		add_edit(out, kids[i - 1].end, kids[n - 1].end, xstrdup(""), diag);
	}
	free(kids);
	return ok;
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
			size_t last = n - 1, ws_end = kids[last].key_start, ws = ws_end, at = op->first ? 0 : n;
			for (size_t i = 0; op->anchor && at == n && i < n; i++)
				if (kids[i].key_end - kids[i].key_start == strlen(op->anchor) + 2 &&
				    memcmp(t + kids[i].key_start + 1, op->anchor, strlen(op->anchor)) == 0)
					at = i;
			if (at < n) {
				ws_end = kids[at].key_start;
				ws = ws_before(t, ws_end);
				if (at == 0)
					ws = sp.start + 1;
				buf_printf(&text, "%s%.*s%s,%.*s", key, seplen, sep, op->text,
					   (int)(ws_end - ws), t + ws);
				add_edit(out, kids[at].key_start, kids[at].key_start, buf_detach(&text), diag);
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
	case FIX_SPLIT:
		return split_edits(doc, op, &sp, diag, out);
	case FIX_MOVE_TAIL:
		return move_tail_edits(doc, op, &sp, diag, out);
	case FIX_REMOVE_KEYS: {
		if (t[sp.start] != '{')
			return false;
		struct span *kids;
		size_t n = locator_children(doc->loc, op->pointer, &kids), any = 0;
		bool *gone = xcalloc(n + 1, sizeof *gone);
		for (size_t i = 0; i < n; i++) {
			gone[i] = key_listed(op->key, t + kids[i].key_start + 1,
					     kids[i].key_end - kids[i].key_start - 2);
			any += gone[i];
		}
		if (any)
			remove_members(out, kids, n, gone, sp.start, sp.end - 1, diag);
		free(gone);
		free(kids);
		return any > 0;
	}
	case FIX_APPEND: {
		size_t m, at;
		struct buf sep = BUF_INIT;
		bool ok = array_end(doc, op->pointer, &at, &m, &sep);
		if (ok) {
			if (m)
				buf_adds(&sep, op->text);
			add_edit(out, at, at, m ? buf_detach(&sep) : xstrdup(op->text), diag);
		}
		buf_free(&sep);
		return ok;
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
	if (x->diag != y->diag)
		return x->diag < y->diag ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
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
	return fix_apply_some(doc, unsafe, len, applied, NULL);
}

char *fix_apply_some(struct document *doc, bool unsafe, size_t *len, bool *applied,
		     const bool *skip)
{
	struct edits taken = { 0 }, mine = { 0 };
	for (size_t i = 0; i < doc->diags.len; i++) {
		applied[i] = false;
		const struct fix *f = doc->diags.items[i].fix;
		if (!f || (f->safety == FIX_UNSAFE && !unsafe) || (skip && skip[i]))
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
	free(t->notes);
	*t = (struct fix_tally){ 0 };
}

/* Errors per rule: a short list, as there are few rules. */
struct rule_errors {
	const struct rule *rule;
	size_t before, after;
};

static void count_errors(const struct document *doc, struct rule_errors **out, size_t *n,
			 size_t *cap, bool before)
{
	for (size_t i = 0; i < doc->diags.len; i++) {
		const struct diag *d = &doc->diags.items[i];
		if (d->severity != SEV_ERROR)
			continue;
		size_t j = 0;
		while (j < *n && (*out)[j].rule != d->rule)
			j++;
		if (j == *n) {
			*out = xgrow(*out, cap, *n + 1, sizeof **out);
			(*out)[(*n)++] = (struct rule_errors){ d->rule, 0, 0 };
		}
		if (before)
			(*out)[j].before++;
		else
			(*out)[j].after++;
	}
}

/* Why next is worse than doc, or NULL: it does not parse, or some rule
 * outside the go category reports more errors than before (a repaired
 * line lets the replay see further, which is no error the fix made). */
static const char *worse(const struct document *doc, const struct document *next)
{
	if (!next->parsed)
		return "the file would not parse";
	/* A record diagnosed as a whole as another dialect was never checked
	 * as JGF: what its migration brings to light is no new error. */
	for (size_t i = 0; i < doc->diags.len; i++)
		if (doc->diags.items[i].rule == &rule_nggo_dialect)
			return NULL;
	struct rule_errors *counts = NULL;
	size_t n = 0, cap = 0;
	count_errors(doc, &counts, &n, &cap, true);
	count_errors(next, &counts, &n, &cap, false);
	const char *why = NULL;
	for (size_t j = 0; j < n && !why; j++)
		if (counts[j].after > counts[j].before && strcmp(counts[j].rule->category, "go") != 0)
			why = counts[j].rule->id;
	free(counts);
	return why;
}

/* Applies the fixes not skipped and lints the result into next; NULL when
 * none applied. */
static bool try_fixes(struct document *doc, bool unsafe, bool *applied, const bool *skip,
		      struct document *next)
{
	size_t len;
	char *text = fix_apply_some(doc, unsafe, &len, applied, skip);
	if (!text)
		return false;
	document_load_buffer(next, doc->path, text, len);
	next->cli = doc->cli;
	next->cfg = doc->cfg;
	free(text);
	lint_document(next);
	return true;
}

/* Fixes left out stay out in later rounds: known by rule and message
 * (positions move as other fixes apply), one per line. */
static bool banned(const struct buf *out, const struct diag *d)
{
	size_t idlen = strlen(d->rule->id), mlen = strlen(d->message);
	for (const char *p = out->data; p && *p; p = strchr(p, '\n') + 1)
		if (strncmp(p, d->rule->id, idlen) == 0 && p[idlen] == ' ' &&
		    strncmp(p + idlen + 1, d->message, mlen) == 0 && p[idlen + 1 + mlen] == '\n')
			return true;
	return false;
}

/* A round made things worse: tries each fix alone and leaves out those
 * that do it, saying so. */
static void find_culprits(struct document *doc, bool unsafe, const bool *applied, bool *skip,
			  struct fix_tally *tally, struct buf *out)
{
	size_t n = doc->diags.len;
	bool *only = xcalloc(n + 1, sizeof *only), *got = xcalloc(n + 1, sizeof *got);
	for (size_t i = 0; i < n; i++) {
		if (!applied[i])
			continue;
		for (size_t j = 0; j < n; j++)
			only[j] = j != i || skip[j];
		struct document next;
		if (!try_fixes(doc, unsafe, got, only, &next))
			continue;
		const char *why = worse(doc, &next);
		if (why) {
			const struct diag *d = &doc->diags.items[i];
			struct buf note = BUF_INIT;
			buf_add(&note, tally->notes, tally->notes_len);
			buf_adds(&note, "jgflint: note: ");
			shown_text(&note, doc->path);
			buf_printf(&note, ":%lu:%lu: the %s fix was not applied: %s%s%s\n",
				   d->line, d->col, d->rule->id,
				   next.parsed ? "it would add a " : "", why, next.parsed ? " error" : "");
			free(tally->notes);
			tally->notes_len = note.len;
			tally->notes = buf_detach(&note);
			skip[i] = true;
			buf_printf(out, "%s %s\n", d->rule->id, d->message);
		}
		document_free(&next);
	}
	free(only);
	free(got);
}

/* A document that does not parse: if the JavaScript style of the
 * specifications is all that keeps it from being JSON, doc becomes the
 * repaired text, linted. Anything else leaves it as it is. */
static void repair_document(struct document *doc, bool unsafe, struct fix_tally *tally)
{
	struct repair_count count;
	size_t len;
	if (!doc->text)
		return;
	char *text = repair_js(doc->text, doc->len, unsafe, &len, &count);
	if (!text)
		return;
	struct document next;
	document_load_buffer(&next, doc->path, text, len);
	next.cli = doc->cli;
	next.cfg = doc->cfg;
	free(text);
	lint_document(&next);
	if (!next.parsed) {
		document_free(&next);
		return;
	}
	for (size_t i = 0; i < count.safe + count.unsafe; i++)
		tally_add(tally, &rule_json_syntax);
	document_free(doc);
	*doc = next;
}

bool fix_document(struct document *doc, bool unsafe, struct fix_tally *tally)
{
	struct buf out = BUF_INIT;
	bool ok = true;
	if (!doc->parsed)
		repair_document(doc, unsafe, tally);
	for (int round = 0; round < FIX_MAX_ROUNDS && doc->parsed; round++) {
		bool *applied = xcalloc(doc->diags.len + 1, sizeof *applied);
		bool *skip = xcalloc(doc->diags.len + 1, sizeof *skip);
		for (size_t i = 0; out.len && i < doc->diags.len; i++)
			skip[i] = doc->diags.items[i].fix && banned(&out, &doc->diags.items[i]);
		struct document next;
		bool any = try_fixes(doc, unsafe, applied, skip, &next);
		if (any && worse(doc, &next)) {
			document_free(&next);
			find_culprits(doc, unsafe, applied, skip, tally, &out);
			any = try_fixes(doc, unsafe, applied, skip, &next);
		}
		free(skip);
		if (!any) {
			free(applied);
			break;
		}
		if (!next.parsed) {
			/* Fixes that break the text only together: keep the original. */
			free(applied);
			document_free(&next);
			ok = false;
			break;
		}
		for (size_t i = 0; i < doc->diags.len; i++)
			if (applied[i])
				tally_add(tally, doc->diags.items[i].rule);
		free(applied);
		document_free(doc);
		*doc = next;
	}
	/* A fix left out is one --fix will not apply: it is no longer offered
	 * (marked fixable, counted, or carried by json and SARIF). */
	for (size_t i = 0; out.len && i < doc->diags.len; i++) {
		struct diag *d = &doc->diags.items[i];
		if (d->fix && banned(&out, d)) {
			fix_free(d->fix);
			d->fix = NULL;
		}
	}
	buf_free(&out);
	return ok;
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
