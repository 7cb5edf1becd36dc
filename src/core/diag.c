/* diag: creating, sorting and freeing diagnostics. */
#include "core/diag.h"

#include <stdarg.h>
#include <stdio.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/ascii.h"
#include "base/buf.h"
#include "core/fixop.h"
#include "base/jstring.h"

/* A finding of rule in list, about pointer (copied), its message to come. */
static struct diag *diag_add(struct diag_list *list, const struct rule *rule,
			     const char *pointer)
{
	list->items = xgrow(list->items, &list->cap, list->len + 1, sizeof *list->items);
	struct diag *d = &list->items[list->len];
	*d = (struct diag){ .rule = rule, .severity = rule->severity, .seq = list->len };
	list->len++;
	d->pointer = pointer ? xstrdup(pointer) : NULL;
	return d;
}

/* Messages quote the record: nothing in them may act on a terminal. Most
 * are printable ASCII, kept as they are (escape_invisible's buffer grown
 * to hold them was 40% of making a finding of SGF's); text (len bytes, a
 * string) is the message's own when own, else copied. */
static void diag_message(struct diag *d, char *text, size_t len, bool own)
{
	if (printable_span(text, len) == len) {
		d->message = own ? text : xstrndup(text, len);
		return;
	}
	struct buf safe = BUF_INIT;
	escape_invisible(&safe, text, len);
	d->message = buf_detach(&safe);
	if (own)
		free(text);
}

/* The format attribute: clang's -Wformat=2 (emscripten's) wants one on a
 * va_list function, as gcc does not. */
__attribute__((format(printf, 4, 0)))
static struct diag *diag_new(struct diag_list *list, const struct rule *rule,
			     const char *pointer, const char *fmt, va_list ap)
{
	struct diag *d = diag_add(list, rule, pointer);
	/* Formatted once, into the stack when it fits (measuring it first
	 * and then writing it was two thirds of making a finding); a message
	 * passed on whole ("%s": a check in place's findings, each the
	 * record's) not formatted at all. */
	char small[512], *big = NULL;
	const char *text = "";
	size_t len = 0;
	if (fmt[0] == '%' && fmt[1] == 's' && !fmt[2]) {
		text = va_arg(ap, const char *);
		text = text ? text : "(null)";   /* as glibc writes it */
		len = strlen(text);
	} else {
		va_list aq;
		va_copy(aq, ap);
		int n = vsnprintf(small, sizeof small, fmt, aq);
		va_end(aq);
		if (n > 0 && (size_t)n < sizeof small) {
			text = small, len = (size_t)n;
		} else if (n > 0) {
			big = xmalloc((size_t)n + 1);
			vsnprintf(big, (size_t)n + 1, fmt, ap);
			text = big, len = (size_t)n;
		}
	}
	diag_message(d, (char *)text, len, false);
	free(big);
	return d;
}

struct diag *diag_at_given(struct diag_list *list, const struct rule *rule, size_t offset,
			   char *message)
{
	struct diag *d = diag_add(list, rule, NULL);
	diag_message(d, message, strlen(message), true);
	d->offset = offset;
	d->has_offset = true;
	return d;
}

struct diag *diag_vat(struct diag_list *list, const struct rule *rule, size_t offset,
		      const char *pointer, const char *fmt, va_list ap)
{
	struct diag *d = diag_new(list, rule, pointer, fmt, ap);
	d->offset = offset;
	d->has_offset = true;
	return d;
}

struct diag *diag_vptr(struct diag_list *list, const struct rule *rule, const char *pointer,
		       bool at_key, const char *fmt, va_list ap)
{
	struct diag *d = diag_new(list, rule, pointer, fmt, ap);
	d->at_key = at_key;
	return d;
}

struct diag *diag_at(struct diag_list *list, const struct rule *rule,
		     size_t offset, const char *pointer, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	struct diag *d = diag_vat(list, rule, offset, pointer, fmt, ap);
	va_end(ap);
	return d;
}

struct diag *diag_ptr(struct diag_list *list, const struct rule *rule,
		      const char *pointer, bool at_key, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	struct diag *d = diag_vptr(list, rule, pointer, at_key, fmt, ap);
	va_end(ap);
	return d;
}

struct diag *diag_file(struct diag_list *list, const struct rule *rule,
		       const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	struct diag *d = diag_new(list, rule, NULL, fmt, ap);
	va_end(ap);
	return d;
}

static int by_position(const void *a, const void *b)
{
	const struct diag *x = a, *y = b;
	if (x->line != y->line)
		return x->line < y->line ? -1 : 1;
	if (x->col != y->col)
		return x->col < y->col ? -1 : 1;
	return x->seq < y->seq ? -1 : x->seq > y->seq;
}

void diag_list_sort(struct diag_list *list)
{
	if (list->len > 1)
		sort_items(list->items, list->len, sizeof *list->items, by_position);
}

void diag_list_take(struct diag_list *to, struct diag_list *from)
{
	for (size_t i = 0; i < from->len; i++) {
		to->items = xgrow(to->items, &to->cap, to->len + 1, sizeof *to->items);
		to->items[to->len] = from->items[i];
		to->items[to->len].seq = to->len;
		to->len++;
	}
	free(from->items);
	*from = (struct diag_list){ 0 };
}

size_t diag_list_count(const struct diag_list *list, enum severity sev)
{
	size_t n = 0;
	for (size_t i = 0; i < list->len; i++)
		n += list->items[i].severity == sev;
	return n;
}

struct diag_point *diag_add_point(struct diag *d, enum point_role role, int x, int y,
				  int color, unsigned long move, const char *node,
				  const char *pointer)
{
	d->points = xrealloc(d->points, (d->npoints + 1) * sizeof *d->points);
	struct diag_point *p = &d->points[d->npoints++];
	*p = (struct diag_point){ .x = x, .y = y, .role = (unsigned char)role,
				  .color = (unsigned char)color, .move = move,
				  .node = node ? xstrdup(node) : NULL,
				  .pointer = pointer ? xstrdup(pointer) : NULL };
	return p;
}

const char *diag_role_name(enum point_role role)
{
	static const char *const names[] = { "move", "stone", "capture", "chain", "setup",
					     "previous" };
	return (size_t)role < sizeof names / sizeof *names ? names[role] : "point";
}

/* The position a finding is about: its node and points. */
static void diag_free_points(struct diag *d)
{
	for (size_t i = 0; i < d->npoints; i++) {
		free(d->points[i].node);
		free(d->points[i].pointer);
	}
	free(d->points);
	free(d->node);
	if (d->position) {
		position_free(d->position);
		free(d->position);
		d->position = NULL;
	}
	d->points = NULL;
	d->npoints = 0;
	d->node = NULL;
}

struct diag_places {
	struct place_entry {
		uint32_t parent, seg, len;   /* its words: len bytes at seg in words */
	} *entries;
	size_t len, cap;
	uint32_t *slots;   /* (parent, words) -> entry + 1 */
	size_t nslots;
	struct buf words;
	size_t holds;
};

struct diag_places *diag_places_new(void)
{
	struct diag_places *t = xcalloc(1, sizeof *t);
	t->entries = xgrow(NULL, &t->cap, 16, sizeof *t->entries);
	t->entries[t->len++] = (struct place_entry){ 0 };
	t->holds = 1;
	return t;
}

static uint32_t place_hash(uint32_t parent, const char *seg, size_t len)
{
	uint32_t h = 2166136261u ^ parent;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)seg[i]) * 16777619u;
	return h;
}

static void places_rehash(struct diag_places *t)
{
	free(t->slots);
	t->nslots = t->nslots ? 2 * t->nslots : 64;
	t->slots = xcalloc(t->nslots, sizeof *t->slots);
	for (size_t e = 1; e < t->len; e++) {
		const struct place_entry *p = &t->entries[e];
		size_t i = place_hash(p->parent, t->words.data + p->seg, p->len) & (t->nslots - 1);
		while (t->slots[i])
			i = (i + 1) & (t->nslots - 1);
		t->slots[i] = (uint32_t)e + 1;
	}
}

uint32_t diag_places_add(struct diag_places *t, uint32_t parent, const char *seg, size_t len)
{
	if (2 * (t->len + 1) > t->nslots)
		places_rehash(t);
	size_t i = place_hash(parent, seg, len) & (t->nslots - 1);
	for (; t->slots[i]; i = (i + 1) & (t->nslots - 1)) {
		const struct place_entry *p = &t->entries[t->slots[i] - 1];
		if (p->parent == parent && p->len == len && !memcmp(t->words.data + p->seg, seg, len))
			return t->slots[i] - 1;
	}
	/* Words the same as its parent's are kept once (a line nested 6,767
	 * deep is ", variation 1, node 0" at every level: 131 KB of them, at
	 * the real set's peak). */
	const struct place_entry *up = &t->entries[parent];
	uint32_t at = (uint32_t)t->words.len;
	if (len && up->len == len && !memcmp(t->words.data + up->seg, seg, len))
		at = up->seg;
	else
		buf_add(&t->words, seg, len);
	t->entries = xgrow(t->entries, &t->cap, t->len + 1, sizeof *t->entries);
	t->entries[t->len] = (struct place_entry){ parent, at, (uint32_t)len };
	t->slots[i] = (uint32_t)t->len + 1;
	return (uint32_t)t->len++;
}

size_t diag_places_words(const struct diag_places *t)
{
	return t->words.len;
}

void diag_places_release(struct diag_places *t)
{
	if (!t || --t->holds)
		return;
	free(t->entries);
	free(t->slots);
	buf_free(&t->words);
	free(t);
}

void diag_set_place(struct diag *d, struct diag_places *t, uint32_t at)
{
	t->holds++;
	diag_places_release(d->places);
	d->places = t;
	d->place = at;
}

bool diag_place_words(const struct diag *d, struct buf *out)
{
	const struct diag_places *t = d->places;
	if (!t)
		return false;
	/* Its entries from the root down: their words' lengths first. */
	size_t n = 0, mark = out->len;
	for (uint32_t e = d->place; e; e = t->entries[e].parent)
		n += t->entries[e].len;
	buf_reserve(out, n);
	out->len = mark + n;
	for (uint32_t e = d->place; e; e = t->entries[e].parent) {
		const struct place_entry *p = &t->entries[e];
		n -= p->len;
		memcpy(out->data + mark + n, t->words.data + p->seg, p->len);
	}
	out->data[out->len] = '\0';
	return true;
}

int diag_place_cmp(const struct diag *a, const struct diag *b)
{
	if (!a->places || !b->places)
		return (a->places != NULL) - (b->places != NULL);
	if (a->places == b->places)
		return (a->place > b->place) - (a->place < b->place);
	struct buf x = BUF_INIT, y = BUF_INIT;
	diag_place_words(a, &x);
	diag_place_words(b, &y);
	int c = strcmp(x.data, y.data);
	buf_free(&x);
	buf_free(&y);
	return c;
}

void diag_free(struct diag *d)
{
	free(d->message);
	free(d->pointer);
	diag_places_release(d->places);
	fix_free(d->fix);
	diag_free_points(d);
	*d = (struct diag){ 0 };
}

static char *copied(const char *s)
{
	return s ? xstrdup(s) : NULL;
}

void diag_copy(struct diag *to, const struct diag *from)
{
	*to = *from;
	to->message = copied(from->message);
	to->pointer = copied(from->pointer);
	to->fix = fix_copy(from->fix);
	to->node = copied(from->node);
	to->points = from->npoints ? xmalloc(from->npoints * sizeof *to->points) : NULL;
	for (size_t i = 0; i < from->npoints; i++) {
		to->points[i] = from->points[i];
		to->points[i].node = copied(from->points[i].node);
		to->points[i].pointer = copied(from->points[i].pointer);
	}
	if (from->position) {
		to->position = xmalloc(sizeof *to->position);
		position_copy(to->position, from->position);
	}
	if (from->places)
		from->places->holds++;   /* held by both */
}

void diag_list_copy(struct diag_list *to, const struct diag_list *from)
{
	*to = (struct diag_list){ .len = from->len, .cap = from->len };
	to->items = from->len ? xmalloc(from->len * sizeof *to->items) : NULL;
	for (size_t i = 0; i < from->len; i++)
		diag_copy(&to->items[i], &from->items[i]);
}

void diag_list_free(struct diag_list *list)
{
	for (size_t i = 0; i < list->len; i++)
		diag_free(&list->items[i]);
	free(list->items);
	*list = (struct diag_list){0};
}

/* 1234567 -> "1,234,567" */
static void thousands(char *out, size_t n)
{
	char digits[32];
	int len = snprintf(digits, sizeof digits, "%zu", n);
	for (int i = 0; i < len; i++) {
		*out++ = digits[i];
		if ((len - i - 1) % 3 == 0 && i < len - 1)
			*out++ = ',';
	}
	*out = '\0';
}

void diag_list_cap(struct diag_list *list, size_t max)
{
	struct seen { const struct rule *rule; size_t count, summary; } *seen = NULL;
	size_t nseen = 0, seen_cap = 0, kept = 0, last = 0;
	if (!max)
		return;
	for (size_t i = 0; i < list->len; i++) {
		struct diag *d = &list->items[i];
		if (!(last < nseen && seen[last].rule == d->rule)) {
			for (last = 0; last < nseen && seen[last].rule != d->rule; last++)
				;
			if (last == nseen) {
				seen = xgrow(seen, &seen_cap, nseen + 1, sizeof *seen);
				seen[nseen++] = (struct seen){ d->rule, 0, SIZE_MAX };
			}
		}
		struct seen *s = &seen[last];
		if (++s->count <= max) {
			list->items[kept++] = *d;
		} else if (s->summary == SIZE_MAX) {
			/* The first one dropped becomes the summary (its place, its
			 * severity), about no position. */
			free(d->message);
			fix_free(d->fix);
			d->fix = NULL;
			diag_free_points(d);
			s->summary = kept;
			list->items[kept++] = *d;
		} else {
			diag_free(d);
		}
	}
	list->len = kept;
	for (size_t i = 0; i < nseen; i++) {
		if (seen[i].summary == SIZE_MAX)
			continue;
		char more[40], shown[40];
		thousands(more, seen[i].count - max);
		thousands(shown, max);
		struct buf msg = BUF_INIT;
		buf_printf(&msg, "and %s more %s finding%s in this file, not shown: only the first %s "
			   "of each rule are (--max-findings; 0 shows all)", more, seen[i].rule->id,
			   seen[i].count - max == 1 ? "" : "s", shown);
		list->items[seen[i].summary].message = buf_detach(&msg);
	}
	free(seen);
}
