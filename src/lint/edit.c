/* edit: from pointer-level fix ops to byte edits on the original text.
 *
 * Every op becomes one edit: a span of the original text and its
 * replacement. A diagnostic's edits are taken together or not at all; a fix
 * whose edits overlap one already taken waits for the next round (the
 * fix loop, fixloop.c, re-lints the new text and applies again until
 * nothing changes). */
#include "lint/edit.h"

#include <json-c/json.h>
#include <stdlib.h>
#include <string.h>

#include "base/bound.h"
#include "base/buf.h"
#include "core/diag.h"
#include "core/fix.h"
#include "base/jstring.h"
#include "read/load.h"
#include "base/locate.h"

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
	for (const char *p = op->split.parts; *p; p++)
		nparts += *p == '|';
	size_t *part = xcalloc(n + 1, sizeof *part);
	bool *gone = xcalloc(n + 1, sizeof *gone);
	for (size_t i = 0; i < n; i++)
		part[i] = part_of(op->split.parts, t + kids[i].key_start + 1,
				  kids[i].key_end - kids[i].key_start - 2);
	rest = part_of(op->split.parts, "", SIZE_MAX);   /* no key matches: the index of "*" */
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
	if (!locator_span(doc->loc, op->move_tail.dest, &dest) || t[dest.start] != '[')
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
		array_end(doc, op->move_tail.dest, &at, &m, &sep);
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

/* The members of the container an op last asked for, kept while one
 * application's ops become edits (the text and its locator do not change
 * meanwhile): n removals from one array (n points listed twice) asked the
 * locator for all n members each, n squared. */
struct kids_memo {
	char *pointer;
	struct span *kids;
	size_t n;
};

static void kids_memo_free(struct kids_memo *m)
{
	free(m->pointer);
	free(m->kids);
	*m = (struct kids_memo){ 0 };
}

/* The members of the container at pointer, in text order, into *kids
 * (the memo's); how many. */
static size_t kids_of(const struct document *doc, struct kids_memo *m, const char *pointer,
		      const struct span **kids)
{
	if (!m->pointer || strcmp(m->pointer, pointer) != 0) {
		kids_memo_free(m);
		m->n = locator_children(doc->loc, pointer, &m->kids);
		m->pointer = xstrdup(pointer);
	}
	*kids = m->kids;
	return m->n;
}

struct kid_ask {
	const struct span *kids;
	size_t start;
};

static bool kid_not_before(const void *ctx, size_t i)
{
	const struct kid_ask *a = ctx;
	return a->kids[i].start >= a->start;
}

/* FIX_REMOVE: the member or element, with its separator. */
static bool remove_edit(const struct document *doc, const struct fix_op *op,
			const struct span *sp, size_t diag, struct edits *out,
			struct kids_memo *memo)
{
	char *parent = parent_of(op->pointer);
	const struct span *kids;
	size_t n = kids_of(doc, memo, parent, &kids);
	free(parent);
	size_t i = bound_first(0, n, kid_not_before, &(struct kid_ask){ kids, sp->start });
	bool ok = i < n && kids[i].start == sp->start;
	if (ok && n == 1)       /* the only member: leave {} or [] */
		add_edit(out, lead(&kids[0]), kids[0].end, xstrdup(""), diag);
	else if (ok && i + 1 < n) /* up to the next member, with the separator */
		add_edit(out, lead(&kids[i]), lead(&kids[i + 1]), xstrdup(""), diag);
	else if (ok)            /* the last: from the end of the previous one */
		add_edit(out, kids[i - 1].end, kids[i].end, xstrdup(""), diag);
	return ok;
}

/* FIX_INSERT: the member key: text, following its neighbours' layout (the
 * same separator after the key, the same white space before it), first,
 * last or before the member op->insert.anchor. */
static bool insert_edit(const struct document *doc, const struct fix_op *op,
			const struct span *sp, size_t diag, struct edits *out)
{
	const char *t = doc->text;
	if (t[sp->start] != '{')
		return false;
	struct span *kids;
	size_t n = locator_children(doc->loc, op->pointer, &kids);
	char *key = fix_json_string(op->insert.key, strlen(op->insert.key));
	struct buf text = BUF_INIT;
	if (n == 0) {
		buf_printf(&text, "%s: %s", key, op->text);
		add_edit(out, sp->start + 1, sp->end - 1, buf_detach(&text), diag);
	} else {
		const char *sep = t + kids[0].key_end;
		int seplen = (int)(kids[0].start - kids[0].key_end);
		size_t last = n - 1, ws_end = kids[last].key_start, ws = ws_end, at = op->insert.first ? 0 : n;
		for (size_t i = 0; op->insert.anchor && at == n && i < n; i++)
			if (kids[i].key_end - kids[i].key_start == strlen(op->insert.anchor) + 2 &&
			    memcmp(t + kids[i].key_start + 1, op->insert.anchor, strlen(op->insert.anchor)) == 0)
				at = i;
		if (at < n) {
			ws_end = kids[at].key_start;
			ws = ws_before(t, ws_end);
			if (at == 0)
				ws = sp->start + 1;
			buf_printf(&text, "%s%.*s%s,%.*s", key, seplen, sep, op->text,
				   (int)(ws_end - ws), t + ws);
			add_edit(out, kids[at].key_start, kids[at].key_start, buf_detach(&text), diag);
		} else {
			while (ws > sp->start && t[ws - 1] != ',' && t[ws - 1] != '{')
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

/* FIX_REMOVE_KEYS: the members named, a run of them at a time. */
static bool remove_keys_edit(const struct document *doc, const struct fix_op *op,
			     const struct span *sp, size_t diag, struct edits *out)
{
	const char *t = doc->text;
	if (t[sp->start] != '{')
		return false;
	struct span *kids;
	size_t n = locator_children(doc->loc, op->pointer, &kids), any = 0;
	bool *gone = xcalloc(n + 1, sizeof *gone);
	for (size_t i = 0; i < n; i++) {
		gone[i] = key_listed(op->remove_keys.keys, t + kids[i].key_start + 1,
				     kids[i].key_end - kids[i].key_start - 2);
		any += gone[i];
	}
	if (any)
		remove_members(out, kids, n, gone, sp->start, sp->end - 1, diag);
	free(gone);
	free(kids);
	return any > 0;
}

/* FIX_APPEND: the element at the end of the array, after a separator
 * like the others'. */
static bool append_edit(const struct document *doc, const struct fix_op *op, size_t diag,
			struct edits *out)
{
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

/* Turns one op into edits; false if its pointers do not resolve. */
static bool op_edit(const struct document *doc, const struct fix_op *op, size_t diag,
		    struct edits *out, struct kids_memo *memo)
{
	struct span sp;
	if (op->kind == FIX_BYTES) {
		add_edit(out, op->bytes.start, op->bytes.end, xstrdup(op->text), diag);
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
		add_edit(out, sp.key_start, sp.key_end, fix_json_string(op->rename.key, strlen(op->rename.key)), diag);
		return true;
	case FIX_REMOVE:
		return remove_edit(doc, op, &sp, diag, out, memo);
	case FIX_INSERT:
		return insert_edit(doc, op, &sp, diag, out);
	case FIX_SPLIT:
		return split_edits(doc, op, &sp, diag, out);
	case FIX_MOVE_TAIL:
		return move_tail_edits(doc, op, &sp, diag, out);
	case FIX_REMOVE_KEYS:
		return remove_keys_edit(doc, op, &sp, diag, out);
	case FIX_APPEND:
		return append_edit(doc, op, diag, out);
	case FIX_BYTES:
		break;
	}
	return false;
}

int edit_order(size_t a_start, size_t a_end, size_t b_start, size_t b_end)
{
	if (a_start != b_start)
		return a_start < b_start ? -1 : 1;
	bool ai = a_start == a_end, bi = b_start == b_end;
	return ai != bi ? (ai ? -1 : 1) : 0;
}

bool edit_overlaps(size_t t_start, size_t t_end, size_t start, size_t end)
{
	bool insert = start == end;
	return (start < t_end && t_start < end) ||
	       (insert && t_start <= start && start < t_end) ||   /* inside a replaced span */
	       (insert && t_start == start && t_end == end) ||    /* two at one place */
	       (t_start == t_end && start < t_start && t_start < end);
}

/* By position; at one position insertions go first, then by fix order. */
static int by_start(const void *a, const void *b)
{
	const struct edit *x = a, *y = b;
	int c = edit_order(x->start, x->end, y->start, y->end);
	if (c)
		return c;
	if (x->diag != y->diag)
		return x->diag < y->diag ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

/* A round's edits taken, found by place: each listed in every block of
 * TAKEN_BLOCK bytes that its span, ends included, meets. An edit that
 * overlaps one (edit_overlaps) shares a byte or an end with it, so a block:
 * it is compared with those of its blocks, where it was compared with
 * every one taken (a record of n fixes cost n squared). Until TAKEN_SCAN
 * are taken they are only walked: the blocks cost a round of a few fixes
 * more than the walk (bench/versus.sh's fix-diff, 1.0025x). */
#define TAKEN_BLOCK 64
#define TAKEN_SCAN 32

struct taken_index {
	size_t nblocks;
	size_t *head;   /* per block, its last entry + 1 (0: none) */
	struct taken_entry {
		size_t edit, next;   /* next: the block's entry before, + 1 */
	} *entries;
	size_t len, cap;
};

static size_t block_of(const struct taken_index *x, size_t at)
{
	size_t b = at / TAKEN_BLOCK;
	return b < x->nblocks ? b : x->nblocks - 1;
}

static void taken_add(struct taken_index *x, const struct edits *taken, size_t k)
{
	if (!x->head)
		x->head = xcalloc(x->nblocks, sizeof *x->head);
	const struct edit *e = &taken->items[k];
	size_t last = block_of(x, e->start > e->end ? e->start : e->end);
	for (size_t b = block_of(x, e->start < e->end ? e->start : e->end); b <= last; b++) {
		x->entries = xgrow(x->entries, &x->cap, x->len + 1, sizeof *x->entries);
		x->entries[x->len] = (struct taken_entry){ k, x->head[b] };
		x->head[b] = ++x->len;
	}
}

static bool overlaps(const struct taken_index *x, const struct edits *taken, const struct edit *e)
{
	for (size_t i = 0; !x->head && i < taken->len; i++)
		if (edit_overlaps(taken->items[i].start, taken->items[i].end, e->start, e->end))
			return true;
	if (!x->head)
		return false;
	size_t last = block_of(x, e->start > e->end ? e->start : e->end);
	for (size_t b = block_of(x, e->start < e->end ? e->start : e->end); b <= last; b++)
		for (size_t n = x->head[b]; n; n = x->entries[n - 1].next) {
			const struct edit *t = &taken->items[x->entries[n - 1].edit];
			if (edit_overlaps(t->start, t->end, e->start, e->end))
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
	struct taken_index x = { .nblocks = doc->len / TAKEN_BLOCK + 1 };
	struct kids_memo memo = { 0 };
	for (size_t i = 0; i < doc->diags.len; i++) {
		applied[i] = false;
		const struct fix *f = doc->diags.items[i].fix;
		if (!f || (f->safety == FIX_UNSAFE && !unsafe) || (skip && skip[i]))
			continue;
		bool ok = true;
		for (size_t j = 0; ok && j < f->nops; j++)
			ok = op_edit(doc, &f->ops[j], i, &mine, &memo);
		for (size_t j = 0; ok && j < mine.len; j++)
			ok = !overlaps(&x, &taken, &mine.items[j]);
		for (size_t j = 0; j < mine.len; j++) {
			if (ok) {
				add_edit(&taken, mine.items[j].start, mine.items[j].end, mine.items[j].text, i);
				if (x.head)
					taken_add(&x, &taken, taken.len - 1);
				else if (taken.len == TAKEN_SCAN)
					for (size_t k = 0; k < taken.len; k++)
						taken_add(&x, &taken, k);
			} else {
				free(mine.items[j].text);
			}
		}
		mine.len = 0;
		applied[i] = ok;
	}
	free(x.head);
	free(x.entries);
	free(mine.items);
	kids_memo_free(&memo);
	if (!taken.len) {
		free(taken.items);
		return NULL;
	}
	sort_items(taken.items, taken.len, sizeof *taken.items, by_start);
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

struct fix_edit *fix_edits(const struct document *doc, size_t i, size_t *n)
{
	struct edits e = { 0 };
	struct kids_memo memo = { 0 };
	const struct fix *f = doc->diags.items[i].fix;
	bool ok = f != NULL;
	for (size_t j = 0; ok && j < f->nops; j++)
		ok = op_edit(doc, &f->ops[j], i, &e, &memo);
	kids_memo_free(&memo);
	if (ok)
		sort_items(e.items, e.len, sizeof *e.items, by_start);
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
