/* locate: offsets to line:column, pointers to offsets.
 *
 * The value index is one pass over the (already validated) text that records
 * every value's start, its member key and its parent, in document order. It
 * is built only as far as the pointers asked for reach (a record's findings
 * are mostly in its head: the whole index of a long game cost more than its
 * lint), each lookup stepping over the siblings before the value it wants.
 * Past a budget of such steps (many findings deep in a document) the index
 * is completed and children are grouped by a counting sort, so a pointer
 * resolves by index for arrays and, for objects, by a scan of a few keys or
 * a hash of many. The line table too is built as far as the offsets asked
 * for. Offsets are 32-bit: the loader refuses larger files. */
#include "base/locate.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/ascii.h"
#include "base/bound.h"
#include "base/buf.h"
#include "base/jstring.h"
#include "base/pointer.h"

#define NONE UINT32_MAX

struct lnode {
	uint32_t start;  /* offset of the value's first byte */
	uint32_t end;    /* offset just past its last byte */
	uint32_t key;    /* offset of the member key's opening quote, or NONE */
	uint32_t parent; /* index of the containing value, or NONE */
};

struct locator {
	const char *text;
	size_t len;
	size_t body;
	size_t *lines;       /* start offset of each line, as far as lines_at */
	size_t nlines, lines_cap;
	size_t lines_at;     /* where the search for the next line break goes on */
	size_t next_lf, next_cr; /* the next of each at or after it (SIZE_MAX: none) */
	bool lines_done;     /* every line is in */
	struct lnode *nodes; /* the values indexed so far, in document order */
	size_t nnodes, nodes_cap;
	/* Where the index goes on: the next value's offset and member key, and
	 * the containers open there. */
	size_t index_at;
	uint32_t pending_key;
	uint32_t *stack;
	size_t depth, stack_cap;
	bool started, complete;
	bool unique;         /* no object has a key twice (locator_keys_unique) */
	size_t steps;        /* siblings stepped over by lookups, for the budget */
	/* The last element found in an array: findings come mostly in text
	 * order, so the next lookup in the same array steps on from it. */
	uint32_t cur_parent, cur_node;
	size_t cur_index;
	uint32_t *first;     /* once indexed: children of node i: kids[first[i] .. first[i+1]) */
	uint32_t *kids;
	bool indexed;
	/* Members of large objects by key: parent and decoded key hashed to the
	 * member's node (the last of duplicates), built per object on its first
	 * lookup, so that many findings in one object stay linear. */
	struct keyslot { uint32_t parent, node, hash; } *slots;  /* node NONE: empty */
	size_t nslots, used;
	uint8_t *hashed;     /* per node: its members are in slots */
	/* The last position computed: findings come mostly in text order, so
	 * counting on from it keeps many findings on one long line linear. */
	size_t last_offset, last_line, last_col;
	/* The same for locator_offset: the byte its last column of a line
	 * began at, found by its walk (before the line's end). */
	size_t found_line, found_col, found_at;
	/* Those that do not (a check in place of a one-line SGF file places a
	 * game's findings in the order its walk meets them): the code points
	 * before every COL_STRIDE-th byte, as far as asked, so that a column
	 * costs at most two strides' counting wherever it is. */
	size_t *marks, nmarks, marks_cap;
	/* locator_new_within: arrays indexed without their elements. */
	size_t (*leaf_end)(const void *ctx, size_t start);
	const void *leaf_ctx;
};

struct locator *locator_new(const char *text, size_t len, size_t body)
{
	struct locator *loc = xcalloc(1, sizeof *loc);
	loc->text = text;
	loc->len = len;
	loc->body = body;
	loc->cur_parent = NONE;
	return loc;
}

void locator_keys_unique(struct locator *loc)
{
	loc->unique = true;
}

void locator_extent(const struct locator *loc, size_t *values, size_t *lines)
{
	*values = loc->nnodes;
	*lines = loc->nlines;
}

struct locator *locator_new_within(const char *text, size_t len, size_t start,
				   size_t (*leaf_end)(const void *ctx, size_t start),
				   const void *ctx)
{
	struct locator *loc = locator_new(text, len, start);
	loc->leaf_end = leaf_end;
	loc->leaf_ctx = ctx;
	return loc;
}

void locator_free(struct locator *loc)
{
	if (!loc)
		return;
	free(loc->lines);
	free(loc->nodes);
	free(loc->stack);
	free(loc->first);
	free(loc->kids);
	free(loc->slots);
	free(loc->hashed);
	free(loc->marks);
	free(loc);
}

/* The offset of the next c at or after from, or SIZE_MAX. By memchr: the
 * editor server builds the whole table on every keystroke. */
static size_t next_of(const struct locator *loc, char c, size_t from)
{
	const char *at = from < loc->len ? memchr(loc->text + from, c, loc->len - from) : NULL;
	return at ? (size_t)(at - loc->text) : SIZE_MAX;
}

/* The table holds every line start up to offset, and the one after it,
 * and at least count lines (or every line of the text). */
static void lines_past(struct locator *loc, size_t offset, size_t count)
{
	/* Complete: nothing is written, so that threads may share the locator
	 * (the server's snapshots, built whole before the workers read them). */
	if (loc->lines_done)
		return;
	if (!loc->lines) {
		loc->lines = xgrow(NULL, &loc->lines_cap, 64, sizeof *loc->lines);
		loc->lines[loc->nlines++] = 0;
		loc->next_lf = next_of(loc, '\n', 0);
		loc->next_cr = next_of(loc, '\r', 0);
	}
	/* In locals: the stores to the table could otherwise be the locator's. */
	const char *t = loc->text;
	size_t len = loc->len, p = loc->lines_at, n = loc->nlines, cap = loc->lines_cap;
	size_t lf = loc->next_lf, cr = loc->next_cr, *lines = loc->lines;
	bool done = loc->lines_done;
	size_t last = lines[n - 1];
	if (count < n)
		count = n;   /* then only offset can ask for more */
	while (!done && (last <= offset || n < count)) {
		if (lf != SIZE_MAX && lf < p)
			lf = next_of(loc, '\n', p);
		if (cr != SIZE_MAX && cr < p)
			cr = next_of(loc, '\r', p);
		size_t brk = cr < lf ? cr : lf;
		if (brk == SIZE_MAX) {
			done = true;
			break;
		}
		p = brk + 1;
		if (brk == cr && p < len && t[p] == '\n')
			p++;
		if (n == cap)
			lines = xgrow(lines, &cap, n + 1, sizeof *lines);
		lines[n++] = last = p;
	}
	loc->lines = lines;
	loc->lines_cap = cap;
	loc->lines_done = done;
	loc->lines_at = p;
	loc->nlines = n;
	loc->next_lf = lf;
	loc->next_cr = cr;
}

/* bound_first's tests: a line start, a mark, a value's start past the
 * offset, code point count or end ctx points to. */
struct locate_ask {
	const struct locator *loc;
	size_t past;
};

static bool line_past(const void *ctx, size_t i)
{
	const struct locate_ask *a = ctx;
	return a->loc->lines[i] > a->past;
}

static bool mark_past(const void *ctx, size_t i)
{
	const struct locate_ask *a = ctx;
	return a->loc->marks[i] > a->past;
}

static bool node_not_before(const void *ctx, size_t i)
{
	const struct locate_ask *a = ctx;
	return a->loc->nodes[i].start >= a->past;
}

size_t locator_line(struct locator *loc, size_t offset)
{
	lines_past(loc, offset, 0);
	/* the last line start <= offset (the first line's, 0, is) */
	struct locate_ask a = { loc, offset };
	return loc->nlines > 1 ? bound_first(1, loc->nlines, line_past, &a) : 1;
}

size_t locator_line_count(struct locator *loc)
{
	lines_past(loc, SIZE_MAX, 0);
	return loc->nlines;
}

bool locator_has_line(struct locator *loc, unsigned long line)
{
	if (!line)
		return false;
	if (line < loc->nlines)   /* in the table already (a finding's line, again) */
		return true;
	lines_past(loc, 0, line);
	return line <= loc->nlines;
}

#define COL_STRIDE 1024

/* The code points (bytes that are no UTF-8 continuation) of [from, to),
 * a word at a time (base/ascii.h; the column of a finding on a one-line
 * SGF of 160 KB counted 1,024 bytes at a time, one by one, was 4% of its
 * check). */
static size_t code_points(const struct locator *loc, size_t from, size_t to)
{
	return to - from - utf8_continuations(loc->text + from, to - from);
}

/* The marks up to mark k (at most the text's last whole stride's end). */
static void marks_to(struct locator *loc, size_t k)
{
	if (k > loc->len / COL_STRIDE)
		k = loc->len / COL_STRIDE;
	if (!loc->nmarks) {
		loc->marks = xgrow(loc->marks, &loc->marks_cap, 1, sizeof *loc->marks);
		loc->marks[loc->nmarks++] = 0;
	}
	for (; loc->nmarks <= k; loc->nmarks++) {
		loc->marks = xgrow(loc->marks, &loc->marks_cap, loc->nmarks + 1, sizeof *loc->marks);
		size_t at = (loc->nmarks - 1) * COL_STRIDE;
		loc->marks[loc->nmarks] = loc->marks[loc->nmarks - 1] +
					  code_points(loc, at, at + COL_STRIDE);
	}
}

/* Whether stride k (the bytes from mark k to mark k + 1, both made) holds
 * no UTF-8 continuation: each of its bytes is a code point, so a count or
 * a column in it is a subtraction (R47's findings file, ASCII on one line
 * of 26 KB: a finding's byte walked ~500 bytes from its mark, 15.5 M
 * instructions for 8,000 findings). */
static bool stride_whole(const struct locator *loc, size_t k)
{
	return k + 1 < loc->nmarks && loc->marks[k + 1] - loc->marks[k] == COL_STRIDE;
}

/* The code points before offset, by the marks (made as far as needed, and
 * the next one: a stride of ASCII is not counted), else counted from the
 * nearer of the two around it: half the bytes counted (the findings of
 * 10,000 variations nested on one line, 3.2 M). */
static size_t code_points_before(struct locator *loc, size_t offset)
{
	size_t k = offset / COL_STRIDE;
	marks_to(loc, k + 1);
	if (stride_whole(loc, k))
		return loc->marks[k] + offset % COL_STRIDE;
	if (offset % COL_STRIDE > COL_STRIDE / 2 && k + 1 < loc->nmarks)
		return loc->marks[k + 1] - code_points(loc, offset, (k + 1) * COL_STRIDE);
	return loc->marks[k] + code_points(loc, k * COL_STRIDE, offset);
}

size_t text_columns(const char *s, size_t n)
{
	return n - utf8_continuations(s, n) - (n && s[n - 1] == '\r');
}

void text_pos_past(const char *s, size_t len, size_t from, size_t to, uint32_t *line,
		   uint32_t *col)
{
	size_t start = from;   /* just past the last line's end */
	uint32_t lines = 0;
	for (const char *p = s + from, *q; p < s + to && (q = memchr(p, '\n', (size_t)(s + to - p)));
	     p = q + 1)
		lines++, start = (size_t)(q - s) + 1;
	for (const char *p = s + from, *q; p < s + to && (q = memchr(p, '\r', (size_t)(s + to - p)));
	     p = q + 1) {
		size_t k = (size_t)(q - s);
		if (text_ends_line(s, len, k)) {
			lines++;
			start = k + 1 > start ? k + 1 : start;
		}
	}
	*line += lines;
	*col = (uint32_t)((start > from ? 1 : *col) + text_columns(s + start, to - start));
}

void locator_linecol(struct locator *loc, size_t offset,
		     unsigned long *line, unsigned long *col)
{
	if (offset > loc->len)
		offset = loc->len;
	/* on the last position's line still: no line looked up (a finding's
	 * end, the next one's start) */
	size_t lo = loc->last_col && loc->last_line + 1 < loc->nlines &&
		    loc->lines[loc->last_line] <= offset && offset < loc->lines[loc->last_line + 1] ?
		    loc->last_line : locator_line(loc, offset) - 1;
	size_t start = loc->lines[lo];
	if (start < loc->body)
		start = loc->body < offset ? loc->body : offset;
	unsigned long c = 1;
	if (loc->last_col && loc->last_line == lo && loc->last_offset <= offset &&
	    loc->last_offset >= start && offset - loc->last_offset <= 2 * COL_STRIDE)
		c = loc->last_col + code_points(loc, loc->last_offset, offset);
	else if (offset - start <= 2 * COL_STRIDE)
		c += code_points(loc, start, offset);
	else
		c += code_points_before(loc, offset) - code_points_before(loc, start);
	loc->last_offset = offset;
	loc->last_line = lo;
	loc->last_col = c;
	*line = lo + 1;
	/* (the only CR of a line before offset is a CR LF's, offset its LF) */
	*col = c - (offset > start && loc->text[offset - 1] == '\r');
}

/* The first byte at or after i, below end, where the code points before
 * it (n at i) reach want and a code point starts: 8 bytes a step while
 * the word's code points keep the count at most want. */
static size_t code_point_at(const struct locator *loc, size_t i, size_t end, size_t n,
			    size_t want)
{
	const unsigned char *t = (const unsigned char *)loc->text;
	for (uint64_t w; n < want && i + 8 <= end; i += 8) {
		memcpy(&w, t + i, 8);
		size_t k = 8 - utf8_continuations_in(w);
		if (n + k > want)
			break;
		n += k;
	}
	for (; i < end && (n < want || (t[i] & 0xC0) == 0x80); i++)
		n += (t[i] & 0xC0) != 0x80;
	return i;
}

/* locator_offset's byte of column col of the line from at to end, found
 * from its start or the marks. */
static size_t column_byte(struct locator *loc, size_t at, size_t end, unsigned long col)
{
	const unsigned char *t = (const unsigned char *)loc->text;
	/* col - 1 code points past the line's first byte (which counts as
	 * one, continuation or not) */
	size_t skip = col - 1 - ((t[at] & 0xC0) == 0x80);
	if (col - 1 <= 2 * COL_STRIDE)
		return code_point_at(loc, at, end, 0, skip);
	size_t before = code_points_before(loc, at), want = before + skip;
	marks_to(loc, end / COL_STRIDE + 1);   /* the marks up to the line's end, and the next */
	size_t lo = at / COL_STRIDE, hi = end / COL_STRIDE + 1;
	if (hi > loc->nmarks)
		hi = loc->nmarks;
	struct locate_ask a = { loc, want };   /* the last mark at most want */
	if (hi - lo > 1)
		lo = bound_first(lo + 1, hi, mark_past, &a) - 1;
	size_t from = lo * COL_STRIDE, n = loc->marks[lo];
	if (from < at)
		from = at, n = before;
	/* in a stride of ASCII, the byte want - n past from (its end, or the
	 * line's, counted on as before) */
	size_t stop = (lo + 1) * COL_STRIDE < end ? (lo + 1) * COL_STRIDE : end;
	if (stride_whole(loc, lo) && want - n < stop - from)
		return from + (want - n);
	return code_point_at(loc, from, end, n, want);
}

size_t locator_offset(struct locator *loc, unsigned long line, unsigned long col)
{
	size_t at, end;
	locator_line_bounds(loc, line, &at, &end);
	if (col <= 1 || at >= end)
		return at;
	/* Past the last column found on this line: walked on from its byte
	 * (the findings of a line in its order: from the line's start, or
	 * the marks, 500 instructions each on a line of 130 KB) */
	if (loc->found_col && loc->found_line == line && loc->found_col <= col &&
	    col - loc->found_col <= 2 * COL_STRIDE) {
		size_t i = code_point_at(loc, loc->found_at, end, 0, col - loc->found_col);
		if (i < end)
			loc->found_col = col, loc->found_at = i;
		return i;
	}
	size_t i = column_byte(loc, at, end, col);
	if (i < end)
		loc->found_line = line, loc->found_col = col, loc->found_at = i;
	return i;
}

void locator_line_bounds(struct locator *loc, unsigned long line, size_t *start, size_t *end)
{
	if (!line || line + 1 > loc->nlines)   /* (a line and the next in the table: nothing to read) */
		lines_past(loc, 0, line + 1);
	size_t i = line ? line - 1 : 0;
	if (i >= loc->nlines)
		i = loc->nlines - 1;
	*start = loc->lines[i];
	*end = i + 1 < loc->nlines ? loc->lines[i + 1] : loc->len;
	while (*end > *start && (loc->text[*end - 1] == '\n' || loc->text[*end - 1] == '\r'))
		(*end)--;
}

static size_t skip_ws(const char *s, size_t p)
{
	while (s[p] == ' ' || s[p] == '\t' || s[p] == '\n' || s[p] == '\r')
		p++;
	return p;
}

static size_t skip_scalar(const char *s, size_t p)
{
	if (s[p] == '"')
		return (size_t)(jstring_skip(s + p) - s);
	while (s[p] && !strchr(",]} \t\n\r", s[p]))
		p++;
	return p;
}

/* Indexes one more value: the next in document order, then closes the
 * containers that end after it. */
static void index_step(struct locator *loc)
{
	const char *s = loc->text;
	if (!loc->started) {
		loc->started = true;
		loc->index_at = skip_ws(s, loc->body);
		loc->pending_key = NONE;
	}
	size_t p = loc->index_at;
	loc->nodes = xgrow(loc->nodes, &loc->nodes_cap, loc->nnodes + 1, sizeof *loc->nodes);
	uint32_t id = (uint32_t)loc->nnodes++;
	loc->nodes[id] = (struct lnode){ (uint32_t)p, 0, loc->pending_key,
					 loc->depth ? loc->stack[loc->depth - 1] : NONE };
	size_t leaf = id && s[p] == '[' && loc->leaf_end ? loc->leaf_end(loc->leaf_ctx, p) : 0;
	if (leaf) {
		p = leaf;
		loc->nodes[id].end = (uint32_t)p;
	} else if (s[p] == '{' || s[p] == '[') {
		loc->stack = xgrow(loc->stack, &loc->stack_cap, loc->depth + 1, sizeof *loc->stack);
		loc->stack[loc->depth++] = id;
		p++;
	} else {
		p = skip_scalar(s, p);
		loc->nodes[id].end = (uint32_t)p;
	}
	/* Move to the next value, closing containers on the way. */
	for (;;) {
		p = skip_ws(s, p);
		if (loc->depth == 0) {
			loc->complete = true;
			break;
		}
		if (s[p] == '}' || s[p] == ']') {
			loc->nodes[loc->stack[--loc->depth]].end = (uint32_t)++p;
			continue;
		}
		if (s[p] == ',')
			p = skip_ws(s, p + 1);
		loc->pending_key = NONE;
		if (s[loc->nodes[loc->stack[loc->depth - 1]].start] == '{') {
			loc->pending_key = (uint32_t)p;
			p = skip_ws(s, (size_t)(jstring_skip(s + p) - s));
			p = skip_ws(s, p + 1); /* the ':' */
		}
		break;
	}
	loc->index_at = p;
}

/* Indexes on until node i is closed (its end known, its values in). */
static void index_closing(struct locator *loc, uint32_t i)
{
	while (!loc->nodes[i].end && !loc->complete)
		index_step(loc);
}

/* The whole index, its children grouped by parent. */
static void build_index(struct locator *loc)
{
	while (!loc->complete)
		index_step(loc);
	free(loc->stack);
	loc->stack = NULL;
	loc->indexed = true;
	/* Group children by parent; document order keeps them in order. */
	loc->first = xcalloc(loc->nnodes + 1, sizeof *loc->first);
	loc->kids = xcalloc(loc->nnodes, sizeof *loc->kids);
	for (size_t i = 1; i < loc->nnodes; i++)
		loc->first[loc->nodes[i].parent + 1]++;
	for (size_t i = 0; i < loc->nnodes; i++)
		loc->first[i + 1] += loc->first[i];
	uint32_t *fill = xcalloc(loc->nnodes, sizeof *fill);
	for (size_t i = 1; i < loc->nnodes; i++) {
		uint32_t par = loc->nodes[i].parent;
		loc->kids[loc->first[par] + fill[par]++] = (uint32_t)i;
	}
	free(fill);
}

/* Before the whole index: the first child of node at, or NONE. */
static uint32_t first_child(struct locator *loc, uint32_t at)
{
	if (!loc->nodes[at].end && loc->nnodes == at + 1 && !loc->complete)
		index_step(loc);   /* an open container's next value is its first */
	return at + 1 < loc->nnodes && loc->nodes[at + 1].parent == at ? at + 1 : NONE;
}

/* Before the whole index: the sibling after child c of node at, or NONE. */
static uint32_t next_sibling(struct locator *loc, uint32_t at, uint32_t c)
{
	loc->steps++;
	index_closing(loc, c);
	uint32_t end = loc->nodes[c].end;
	/* The first value past c's: the next one, or past c's own values. */
	size_t lo = c + 1;
	struct locate_ask a = { loc, end };
	if (lo < loc->nnodes && loc->nodes[lo].start < end)
		lo = bound_first(lo + 1, loc->nnodes, node_not_before, &a);
	if (lo == loc->nnodes && !loc->nodes[at].end && !loc->complete)
		index_step(loc);
	return lo < loc->nnodes && loc->nodes[lo].parent == at ? (uint32_t)lo : NONE;
}

/* Objects with more members than this are looked up through the slots. */
#define HASHED_MEMBERS 16

static uint32_t key_hash(uint32_t parent, const char *key, size_t len)
{
	uint32_t h = 2166136261u ^ parent;
	h *= 16777619u;
	for (size_t i = 0; i < len; i++)
		h = (h ^ (unsigned char)key[i]) * 16777619u;
	return h;
}

/* The slot for (parent, key): the one holding it, or the empty one where it
 * goes. */
static struct keyslot *slot_of(struct locator *loc, uint32_t parent, const char *key,
			       size_t len, uint32_t h, struct buf *scratch)
{
	size_t mask = loc->nslots - 1;
	for (size_t i = h & mask;; i = (i + 1) & mask) {
		struct keyslot *sl = &loc->slots[i];
		if (sl->node == NONE)
			return sl;
		if (sl->hash != h || sl->parent != parent)
			continue;
		buf_truncate(scratch, 0);
		jstring_decode(loc->text + loc->nodes[sl->node].key, scratch);
		if (scratch->len == len && memcmp(scratch->data, key, len) == 0)
			return sl;
	}
}

static void grow_slots(struct locator *loc, size_t need)
{
	if (2 * need < loc->nslots)
		return;
	size_t n = loc->nslots ? loc->nslots : 64;
	while (2 * need >= n)
		n *= 2;
	struct keyslot *old = loc->slots;
	size_t nold = loc->nslots;
	loc->slots = xcalloc(n, sizeof *loc->slots);
	loc->nslots = n;
	for (size_t i = 0; i < n; i++)
		loc->slots[i].node = NONE;
	for (size_t i = 0; i < nold; i++) {
		if (old[i].node == NONE)
			continue;
		size_t j = old[i].hash & (n - 1);
		while (loc->slots[j].node != NONE)
			j = (j + 1) & (n - 1);
		loc->slots[j] = old[i];
	}
	free(old);
}

/* Puts the members of object `at` in the slots; later duplicates win. */
static void hash_members(struct locator *loc, uint32_t at, struct buf *scratch)
{
	if (!loc->hashed)
		loc->hashed = xcalloc(loc->nnodes, 1);
	loc->hashed[at] = 1;
	const uint32_t *k = loc->kids + loc->first[at];
	size_t n = loc->first[at + 1] - loc->first[at];
	grow_slots(loc, loc->used + n);
	struct buf key = BUF_INIT;
	for (size_t i = 0; i < n; i++) {
		buf_truncate(&key, 0);
		jstring_decode(loc->text + loc->nodes[k[i]].key, &key);
		uint32_t h = key_hash(at, key.data ? key.data : "", key.len);
		struct keyslot *sl = slot_of(loc, at, key.data ? key.data : "", key.len, h, scratch);
		loc->used += sl->node == NONE;
		*sl = (struct keyslot){ at, k[i], h };
	}
	buf_free(&key);
}

/* The array index token names, or SIZE_MAX. */
static size_t array_index(const struct buf *tok)
{
	if (tok->len == 0 || tok->len > 10 || (tok->data[0] == '0' && tok->len > 1))
		return SIZE_MAX;
	size_t i = 0;
	for (size_t j = 0; j < tok->len; j++) {
		if (tok->data[j] < '0' || tok->data[j] > '9')
			return SIZE_MAX;
		i = i * 10 + (size_t)(tok->data[j] - '0');
	}
	return i;
}

static bool key_is(const struct locator *loc, uint32_t node, const struct buf *tok,
		   struct buf *scratch)
{
	buf_truncate(scratch, 0);
	jstring_decode(loc->text + loc->nodes[node].key, scratch);
	return scratch->len == tok->len && memcmp(scratch->data, tok->data, tok->len) == 0;
}

/* Before the whole index: the child of node `at` named by token, or NONE,
 * stepping over the siblings before it (indexing them). */
static uint32_t child_partial(struct locator *loc, uint32_t at, const struct buf *tok,
			      struct buf *scratch)
{
	if (loc->text[loc->nodes[at].start] == '[') {
		size_t want = array_index(tok), i = 0;
		if (want == SIZE_MAX)
			return NONE;
		uint32_t c = first_child(loc, at);
		if (loc->cur_parent == at && loc->cur_index <= want)
			i = loc->cur_index, c = loc->cur_node;
		for (; c != NONE && i < want; i++)
			c = next_sibling(loc, at, c);
		if (c != NONE)
			loc->cur_parent = at, loc->cur_index = want, loc->cur_node = c;
		return c;
	}
	/* The last of equal keys, as in the DOM: the first when keys are
	 * unique, else the object is read to its end. */
	uint32_t found = NONE;
	for (uint32_t c = first_child(loc, at); c != NONE; c = next_sibling(loc, at, c)) {
		if (key_is(loc, c, tok, scratch)) {
			found = c;
			if (loc->unique)
				break;
		}
	}
	return found;
}

/* The child of node `at` named by token, or NONE. */
static uint32_t child(struct locator *loc, uint32_t at, const struct buf *tok,
		      struct buf *scratch)
{
	if (!loc->indexed)
		return child_partial(loc, at, tok, scratch);
	const uint32_t *k = loc->kids + loc->first[at];
	size_t n = loc->first[at + 1] - loc->first[at];
	if (loc->text[loc->nodes[at].start] == '[') {
		size_t i = array_index(tok);
		return i < n ? k[i] : NONE;
	}
	if (n > HASHED_MEMBERS) {
		if (!loc->hashed || !loc->hashed[at])
			hash_members(loc, at, scratch);
		const char *key = tok->data ? tok->data : "";
		return slot_of(loc, at, key, tok->len, key_hash(at, key, tok->len), scratch)->node;
	}
	uint32_t found = NONE;
	for (size_t i = 0; i < n; i++)
		if (key_is(loc, k[i], tok, scratch))
			found = k[i];
	return found;
}

/* The node pointer names, or the deepest one it reaches (*ok false). */
/* Lookups that stepped over more siblings than the values indexed (and a
 * start) would cost more than the whole index: it is built. */
#define STEP_BUDGET 1024

static uint32_t resolve(struct locator *loc, const char *pointer, bool *ok)
{
	if (!loc->indexed && loc->steps > loc->nnodes + STEP_BUDGET)
		build_index(loc);
	if (!loc->started)
		index_step(loc);
	struct buf tok = BUF_INIT, scratch = BUF_INIT;
	uint32_t at = 0;
	const char *p = pointer;
	*ok = true;
	while (pointer_next(&p, &tok)) {
		char kind = loc->text[loc->nodes[at].start];
		uint32_t next = kind == '{' || kind == '[' ? child(loc, at, &tok, &scratch) : NONE;
		if (next == NONE) {
			*ok = false;
			break;
		}
		at = next;
	}
	if (*p && *p != '/')
		*ok = false; /* not a pointer at all */
	buf_free(&tok);
	buf_free(&scratch);
	return at;
}

bool locator_find(struct locator *loc, const char *pointer, bool at_key,
		  size_t *offset)
{
	bool ok;
	uint32_t at = resolve(loc, pointer, &ok);
	const struct lnode *n = &loc->nodes[at];
	*offset = ok && at_key && n->key != NONE ? n->key : n->start;
	return ok;
}

bool locator_place(struct locator *loc, const char *pointer, bool at_key,
		   size_t *start, size_t *end)
{
	bool ok;
	uint32_t at = resolve(loc, pointer, &ok);
	uint32_t key = loc->nodes[at].key;
	if (ok && at_key && key != NONE) {
		*start = key;
		*end = (size_t)(jstring_skip(loc->text + key) - loc->text);
		return true;
	}
	*start = *end = loc->nodes[at].start;
	if (ok) {
		index_closing(loc, at);
		*end = loc->nodes[at].end;
	}
	return ok;
}

static struct span span_of(const struct locator *loc, uint32_t i)
{
	const struct lnode *n = &loc->nodes[i];
	struct span sp = { SIZE_MAX, SIZE_MAX, n->start, n->end };
	if (n->key != NONE) {
		sp.key_start = n->key;
		sp.key_end = (size_t)(jstring_skip(loc->text + n->key) - loc->text);
	}
	return sp;
}

bool locator_span(struct locator *loc, const char *pointer, struct span *out)
{
	bool ok;
	uint32_t at = resolve(loc, pointer, &ok);
	if (ok) {
		index_closing(loc, at);
		*out = span_of(loc, at);
	}
	return ok;
}

size_t locator_children(struct locator *loc, const char *pointer, struct span **out)
{
	bool ok;
	uint32_t at = resolve(loc, pointer, &ok);
	*out = NULL;
	if (!ok)
		return 0;
	if (!loc->indexed) {
		size_t n = 0, cap = 0;
		for (uint32_t c = first_child(loc, at); c != NONE; c = next_sibling(loc, at, c)) {
			index_closing(loc, c);
			*out = xgrow(*out, &cap, n + 1, sizeof **out);
			(*out)[n++] = span_of(loc, c);
		}
		return n;
	}
	size_t n = loc->first[at + 1] - loc->first[at];
	*out = xcalloc(n, sizeof **out);
	for (size_t i = 0; i < n; i++)
		(*out)[i] = span_of(loc, loc->kids[loc->first[at] + i]);
	return n;
}

bool locator_pointer_at(struct locator *loc, size_t offset, struct buf *out)
{
	if (!loc->indexed)
		build_index(loc);
	/* The innermost: the last in document order whose span holds it. */
	size_t found = NONE;
	for (size_t i = 0; i < loc->nnodes; i++) {
		const struct lnode *n = &loc->nodes[i];
		size_t from = n->key != NONE ? n->key : n->start;
		if (from <= offset && offset < n->end)
			found = i;
		else if (from > offset)
			break;
	}
	if (found == NONE)
		return false;
	uint32_t *chain = NULL;
	size_t depth = 0, cap = 0;
	for (uint32_t i = (uint32_t)found; loc->nodes[i].parent != NONE; i = loc->nodes[i].parent) {
		chain = xgrow(chain, &cap, depth + 1, sizeof *chain);
		chain[depth++] = i;
	}
	struct buf key = BUF_INIT;
	while (depth--) {
		uint32_t i = chain[depth], par = loc->nodes[i].parent;
		if (loc->text[loc->nodes[par].start] == '{') {
			buf_truncate(&key, 0);
			jstring_decode(loc->text + loc->nodes[i].key, &key);
			pointer_push_key(out, key.data ? key.data : "", key.len);
		} else {
			size_t k = loc->first[par];
			while (loc->kids[k] != i)
				k++;
			pointer_push_index(out, k - loc->first[par]);
		}
	}
	buf_free(&key);
	free(chain);
	if (!out->data)
		buf_adds(out, "");
	return true;
}
