/* sgfplace: the places of an SGF text findings name (sgfplace.h). */
#include "convert/sgfplace.h"

#include <inttypes.h>
#include <stdbool.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/charset.h"
#include "base/digits.h"
#include "base/locate.h"
#include "convert/sgf.h"
#include "convert/sgfahead.h"
#include "convert/sgfprops.h"


/* Just past the value whose `[` is at i, as convert/sgfproperty.c reads it: to its
 * `]` (a `\\` escapes the next character); a short value (a point, a
 * number: short) whose `]` was lost ends where it was lost, before a line
 * break, `[`, `;`, `(` or `)` that is neither escaped nor its last
 * character; a value open at the end of the text ends at its line's end. */
static size_t value_end(const char *s, size_t len, size_t i, bool short_value,
			struct sgf_far *far)
{
	size_t start = ++i;
	i = sgf_far_close(far, s, start, len);
	if (i < len) {
		for (size_t k = start; short_value && k < i; k++) {
			if (s[k] == '\\' && k + 1 < i && s[k + 1] != '\r' && s[k + 1] != '\n')
				k++;
			else if (s[k] && strchr("\r\n[;()", s[k]) &&
				 (k + 1 < i || s[k] == '\r' || s[k] == '\n'))
				return k;
		}
		return i + 1;
	}
	return sgf_far_eol(far, s, start, len);
}

/* The ranges of s holding needle (n bytes): sgf_nul_values'. */
static size_t *values_holding(const char *s, size_t len, const char *needle, size_t n, size_t *nr)
{
	size_t *at = NULL, cap = 0, done = 0;
	*nr = 0;
	for (const char *c = bytes_find(s, len, needle, n); c;
	     c = done < len ? bytes_find(s + done, len - done, needle, n) : NULL) {
		size_t i = (size_t)(c - s), b = i;
		while (b > done && s[b - 1] != '[' && (s[b - 1] != ']' || (b > 1 && s[b - 2] == '\\')))
			b--;
		bool value = b > done && s[b - 1] == '[';
		size_t close = value ? sgf_value_close(s, b, len) : i + n - 1;
		at = xgrow(at, &cap, 2 * *nr + 2, sizeof *at);
		at[2 * *nr] = value ? b - 1 : i;
		at[2 * *nr + 1] = done = close < len ? close + 1 : len;
		++*nr;
	}
	return at;
}

size_t *sgf_nul_values(const char *s, size_t len, size_t *n)
{
	return values_holding(s, len, "", 1, n);
}

#define REPLACEMENT "\xEF\xBF\xBD"   /* U+FFFD in UTF-8 */

static size_t count_of(const char *s, size_t len, const char *needle, size_t n)
{
	size_t k = 0;
	for (const char *c = bytes_find(s, len, needle, n); c; k++) {
		size_t done = (size_t)(c - s) + n;
		c = bytes_find(s + done, len - done, needle, n);
	}
	return k;
}

size_t *sgf_replaced_values(const char *s, size_t len, const char *bytes, size_t blen, bool utf8,
			    size_t *n)
{
	*n = 0;
	if (!bytes_find(s, len, REPLACEMENT, 3) ||
	    (utf8 && count_of(s, len, REPLACEMENT, 3) == count_of(bytes, blen, REPLACEMENT, 3)))
		return NULL;
	return values_holding(s, len, REPLACEMENT, 3, n);
}

bool sgf_in_ranges(size_t from, size_t to, const size_t *r, size_t n, size_t *next)
{
	while (*next < n && r[2 * *next + 1] <= from)
		++*next;
	return *next < n && r[2 * *next] < to + (from == to);
}

/* Count of the bytes `\` and `]` in s's len bytes. */
static size_t specials(const char *s, size_t len)
{
	size_t n = 0;
	for (size_t i = 0; i < len; i++)
		n += s[i] == '\\' || s[i] == ']';
	return n;
}

/* How far before a fix the words its text copies are looked for: a
 * node's values before its edit (EV[a][b]'s first, copied into GC by an
 * edit of [b]). */
#define WORDS_BEFORE 4096

/* Where the n bytes w a fix of t's [from, to) writes come from: the first
 * in [from, to) (a merge's values, moved), else the last that begins in
 * [w0, from) (a value before it, copied); SIZE_MAX: none. */
static size_t words_from(const char *t, size_t w0, size_t from, size_t to, const char *w, size_t n)
{
	const char *c = bytes_find(t + from, to - from, w, n);
	if (c)
		return (size_t)(c - t);
	size_t last = SIZE_MAX, end = from + n - 1 < to ? from + n - 1 : to;
	for (c = bytes_find(t + w0, end - w0, w, n); c;) {
		last = (size_t)(c - t);
		c = last + 1 < end ? bytes_find(c + 1, end - last - 1, w, n) : NULL;
	}
	return last;
}

/* The byte of f's file at line:col of its text, walked on from k. */
static size_t walk(const struct sgf_file_text *f, struct charset_walk *k, unsigned long line,
		   unsigned long col)
{
	return charset_walk_to(k, f->bytes, f->len, f->skip, f->esc->set, f->esc->at, f->esc->n, line,
			       col);
}

/* The file's bytes of t's n bytes at o (from k, at or before it), appended
 * to out: false when not found. */
static bool file_bytes(struct sgf_file_text *f, struct charset_walk k, size_t o, size_t n,
		       struct buf *out)
{
	unsigned long l1, c1, l2, c2;
	locator_linecol(f->loc, o, &l1, &c1);
	locator_linecol(f->loc, o + n, &l2, &c2);
	size_t a = walk(f, &k, l1, c1);
	size_t b = a == SIZE_MAX ? SIZE_MAX : walk(f, &k, l2, c2);
	if (b == SIZE_MAX || b < a)
		return false;
	buf_add(out, f->bytes + a, b - a);
	return true;
}

/* The cursor at t's w0 (lag walked on to it, as the fixes come in the
 * order of from): false when not found. */
static bool lag_to(struct sgf_file_text *f, size_t w0)
{
	unsigned long l, c;
	if (w0 <= f->lag_at)
		return true;
	locator_linecol(f->loc, w0, &l, &c);
	f->lag_at = w0;
	return walk(f, &f->lag, l, c) != SIZE_MAX;
}

enum sgf_text_kind sgf_file_text(struct sgf_file_text *f, size_t from, size_t to,
				 const struct charset_walk *at, const char *text, char **out)
{
	*out = NULL;
	bool utf8 = !strcmp(f->esc->set, "UTF-8");
	const char *s = text;
	while (*s && !((unsigned char)*s & 0x80))
		s++;
	if (!*s || (utf8 && (!f->replaced || !strstr(text, REPLACEMENT))))
		return SGF_TEXT_OK;   /* the same bytes in the file's set */
	size_t w0 = from > WORDS_BEFORE ? from - WORDS_BEFORE : 0;
	while (w0 < from && ((unsigned char)f->t[w0] & 0xC0) == 0x80)
		w0++;
	w0 = w0 < f->lag_at ? f->lag_at : w0;   /* (not before the fix before's) */
	struct buf b = BUF_INIT;
	size_t len = strlen(text);
	enum sgf_text_kind kind = SGF_TEXT_OK;
	/* Each run of its words holding characters beyond ASCII (between
	 * the brackets, escapes and line breaks an edit writes around them)
	 * copied from the file where the text holds it, else written in the
	 * set (in UTF-8, as it is: but a U+FFFD the reading wrote). */
	for (size_t i = 0; i < len && !kind;) {
		size_t j = i;
		bool wide = false;
		while (j < len && !strchr("[]\\\r\n", text[j]))
			wide |= (unsigned char)text[j++] & 0x80;
		if (j == i)
			j++;
		size_t o = wide ? words_from(f->t, w0, from, to, text + i, j - i) : SIZE_MAX;
		if (!wide || (o == SIZE_MAX && utf8 && !bytes_find(text + i, j - i, REPLACEMENT, 3)))
			buf_add(&b, text + i, j - i);
		else if (o == SIZE_MAX ||
			 !(o >= from ? file_bytes(f, *at, o, j - i, &b)
				     : lag_to(f, w0) && file_bytes(f, f->lag, o, j - i, &b)))
			kind = utf8 ? SGF_TEXT_REPLACED
			       : !charset_encode_strict(text + i, j - i, f->esc->set, &b) ? SGF_TEXT_NOT_SET
			       : SGF_TEXT_OK;
		i = j;
	}
	/* none beyond ASCII written with a byte `\` or `]` (Shift_JIS's 表
	 * ends in 0x5C: an escape to a reader of SGF that does not know the
	 * set), nor a NUL (the reading drops it: R103) */
	if (!kind && b.len && memchr(b.data, '\0', b.len))
		kind = SGF_TEXT_NUL;
	if (!kind && specials(b.data, b.len) != specials(text, len))
		kind = SGF_TEXT_NOT_SET;
	if (kind)
		buf_free(&b);
	else
		*out = buf_detach(&b);
	return kind;
}

void sgf_texts_say(const char *const *told, size_t n, const char *set, bool *said)
{
	/* one encoding of them all, a NUL after each (one iconv_open: 3,000
	 * merges in a Shift_JIS file cost 49.7 M instructions one by one),
	 * or, where one is not the set's, each alone */
	struct buf all = BUF_INIT, enc = BUF_INIT;
	for (size_t k = 0; k < n; k++)
		buf_add(&all, told[2 * k], strlen(told[2 * k]) + 1);
	bool whole = n && charset_encode_strict(all.data, all.len, set, &enc);
	/* (NULL + 0 is undefined in C: a failed encoding leaves no data) */
	const char *e = enc.data, *end = e ? e + enc.len : NULL;
	for (size_t k = 0; k < n; k++) {
		struct buf one = BUF_INIT;
		if (!whole && charset_encode_strict(told[2 * k], strlen(told[2 * k]), set, &one))
			buf_add(&one, "", 1);
		if (!whole)
			e = one.data, end = e ? e + one.len : NULL;
		const char *z = e ? memchr(e, '\0', (size_t)(end - e)) : NULL;
		size_t len = strlen(told[2 * k + 1]);
		said[k] = z && (size_t)(z - e) == len && !memcmp(e, told[2 * k + 1], len);
		e = z ? z + 1 : end;
		buf_free(&one);
	}
	buf_free(&all);
	buf_free(&enc);
}

/* Whether the property the value at `[` at belongs to has short values:
 * its identifier found back over the values before it (a `]` within a
 * value read back, rare in a short one, only makes it look long). */
static bool short_before(const char *s, size_t at)
{
	size_t i = at;
	for (;;) {
		while (i && sgf_blank(s[i - 1]))
			i--;
		if (!i || s[i - 1] != ']')
			break;
		while (--i && s[i] != '[')
			;
	}
	size_t end = i;
	while (i && sgf_letter(s[i - 1]))
		i--;
	char id[4] = "";
	size_t n = 0;
	for (; i < end; i++)
		if (s[i] >= 'A' && s[i] <= 'Z' && n++ < 3)
			id[n - 1] = s[i];
	return n && n <= 2 && sgf_short_value(id);
}

size_t sgf_span_end(const char *s, size_t len, size_t at, struct sgf_far *far)
{
	if (at >= len)
		return at;
	if (s[at] == '[')
		return value_end(s, len, at, short_before(s, at), far);
	if (!sgf_letter(s[at])) {   /* one character (a code point) */
		size_t i = at + 1;
		while (i < len && ((unsigned char)s[i] & 0xC0) == 0x80)
			i++;
		return i;
	}
	size_t i = at, n = 0;
	char id[4] = "";   /* its capitals, as the reader reads it (longer: none short) */
	for (; i < len && sgf_letter(s[i]); i++)
		if (s[i] >= 'A' && s[i] <= 'Z' && n++ < 3)
			id[n - 1] = s[i];
	bool short_value = n && n <= 2 && sgf_short_value(id);
	size_t end = i;
	for (;;) {
		while (i < len && sgf_blank(s[i]))
			i++;
		if (i >= len || s[i] != '[')
			return end;
		end = i = value_end(s, len, i, short_value, far);
	}
}

/* The name of the node at pointer into out; false when pointer is not a
 * node's of map. Its variations are named from its sequence's chain up to
 * the tree's, not read again from the pointer: each level's once. */
static bool name_of(struct posmap *map, const char *pointer, size_t game, struct buf *out)
{
	size_t seq;
	struct posmap_place pl;
	if (!posmap_node(map, pointer, &seq, &pl))
		return false;
	if (game)
		buf_printf(out, "game %zu, ", game);
	size_t depth;
	/* variation V + 1 at its first node's move (the first, 0, is the
	 * line's own continuation, not named) */
	size_t *chain = posmap_named_chain(map, seq, &depth);
	bool ok = true;
	for (size_t d = 0; d < depth && ok; d++) {
		const struct posmap_seq *s = &map->seqs[chain[d]];
		ok = s->count > 0;
		if (ok) {
			struct posmap_place first = posmap_place_at(map, s->first);
			buf_printf(out, "variation %" PRIu32 " at move %lu, ", s->variation + 1,
				   (unsigned long)first.moves - first.move + 1);
		}
	}
	free(chain);
	if (!ok)
		return false;
	unsigned long moves = pl.moves;
	if (pl.move)
		buf_printf(out, "move %lu", moves);
	else if (!strcmp(pointer, "/tree/0"))
		buf_adds(out, "the root node");
	else if (moves)
		buf_printf(out, "the node after move %lu", moves);
	else
		buf_adds(out, "the node before move 1");
	return true;
}

void sgf_node_name(struct posmap *map, const char *pointer, size_t game, struct buf *out)
{
	size_t mark = out->len;
	if (!name_of(map, pointer, game, out)) {
		buf_truncate(out, mark);
		buf_adds(out, pointer);
	}
}

static void name_node(char **node, struct posmap *map, size_t game)
{
	if (!*node)
		return;
	struct buf b = BUF_INIT;
	sgf_node_name(map, *node, game, &b);
	free(*node);
	*node = buf_detach(&b);
}

void sgf_name_nodes(struct diag *d, struct posmap *map, size_t game)
{
	name_node(&d->node, map, game);
	for (size_t k = 0; k < d->npoints; k++)
		name_node(&d->points[k].node, map, game);
	struct position *p = d->position;
	if (!p)
		return;
	name_node(&p->node, map, game);
	name_node(&p->stop_node, map, game);
	name_node(&p->last.node, map, game);
	for (size_t k = 0; p->placed_at && k < (size_t)p->width * (size_t)p->height; k++)
		name_node(&p->placed_at[k], map, game);
}

/* The property a field findings name is read from (sgfprops.c's table):
 * "/SECTION/KEY" of the record's sections, "/KEY" of a node's. */
static const char *sgf_field(const char *pointer)
{
	const char *key = strrchr(pointer, '/');
	if (!key || key[1] == '\0')
		return NULL;
	size_t slen = (size_t)(key - pointer);
	size_t n;
	const struct sgf_propdef *t = sgf_props(&n);
	for (size_t i = 0; i < n; i++) {
		const char *section = t[i].section;
		if (!section || !t[i].key || t[i].entry || (t[i].flags & SGF_P_OWN) ||
		    strcmp(t[i].key, key + 1))
			continue;
		if (slen ? slen == strlen(section) + 1 && !strncmp(pointer + 1, section, slen - 1)
			 : !strcmp(section, "node"))
			return t[i].id;
	}
	return NULL;
}

static void sgf_place(const void *ctx, const char *pointer, struct buf *out)
{
	const struct sgf_words_ctx *w = ctx;
	struct sgf_pos pos = posmap_find(w->map, pointer);
	if (pos.line)
		buf_printf(out, "%" PRIu32 ":%" PRIu32 " ", pos.line, pos.col);
	/* Its node: the longest prefix of pointer that is one. */
	struct buf node = BUF_INIT;
	buf_adds(&node, pointer);
	unsigned long moves;
	bool move;
	while (node.len && !posmap_node_moves(w->map, node.data, &moves, &move)) {
		while (node.len && node.data[node.len - 1] != '/')
			node.len--;
		if (node.len)
			node.len--;
		node.data[node.len] = '\0';
	}
	buf_adds(out, "(");
	if (node.len)
		sgf_node_name(w->map, node.data, w->game, out);
	else
		buf_adds(out, pointer);
	buf_adds(out, ")");
	buf_free(&node);
}

void sgf_words(struct words *words, struct sgf_words_ctx *ctx)
{
	*words = (struct words){ .field = sgf_field, .place = sgf_place, .ctx = ctx };
}

/* words then the number v at seg + n, and the length now (snprintf's
 * formatting was a third of the places of 10,000 nested levels). */
static size_t put_words(char *seg, size_t n, const char *words, size_t v)
{
	size_t w = strlen(words);
	memcpy(seg + n, words, w);
	n += w;
	char d[DIGITS_MAX], *p = digits_before(d + sizeof d, v);
	memcpy(seg + n, p, (size_t)(d + sizeof d - p));
	return n + (size_t)(d + sizeof d - p);
}

/* Where sgf_places' scan is: the tree levels open, each with the nodes of
 * its sequence so far and the variations opened in it. */
struct level {
	uint32_t nodes;    /* its nodes so far (its current one's index + 1) */
	uint32_t kids;     /* the variations opened in it so far */
	uint32_t variation;   /* which of its parent's it is (from 1) */
	uint32_t entry;    /* its words' entry in the places (diag_places_add) */
	uint64_t path;     /* the digest of levels 1 .. it (path_step) */
};

/* A place of more levels than PLACE_LEVELS is its game's, the count of the
 * levels before its last PLACE_LAST with their digest, then those last:
 * "game 1, 996 levels #0123456789abcdef, variation 1, node 0, ..., B",
 * bounded whatever the depth (the whole path written was a baseline in the
 * square of the depth: 32 MB for 1,000 nested variations; issue 74). */
#define PLACE_LEVELS 16
#define PLACE_LAST 4
#define PATH_SEED UINT64_C(0xcbf29ce484222325)

/* The digest of a path h then a level (its variation, its node): one step
 * per level, its parent's digest kept, never the path walked again. */
static uint64_t path_step(uint64_t h, uint64_t variation, uint64_t node)
{
	h ^= variation * UINT64_C(0x9E3779B97F4A7C15) + node;
	h *= UINT64_C(0x100000001b3);
	h ^= h >> 29;
	h *= UINT64_C(0xBF58476D1CE4E5B9);
	return h ^ (h >> 32);
}

/* The head of a long place: "game G, N levels #digest". */
static size_t put_head(char *seg, size_t game, size_t levels, uint64_t path)
{
	static const char hex[] = "0123456789abcdef";
	size_t n = put_words(seg, 0, "game ", game);
	n = put_words(seg, n, ", ", levels);
	memcpy(seg + n, " levels #", 9);
	n += 9;
	for (int k = 60; k >= 0; k -= 4)
		seg[n++] = hex[(path >> k) & 15];
	return n;
}

bool sgf_place_bounded(const char *place, struct buf *out)
{
	const char *s = place;
	char *e;
	if (strncmp(s, "game ", 5) || !(s[5] >= '0' && s[5] <= '9'))
		return false;
	size_t game = strtoul(s + 5, &e, 10), levels = 0, cap = 0;
	s = e;
	const char **at = NULL;   /* where each level's words begin */
	uint64_t *path = NULL;
	for (;;) {
		unsigned long v = 1, node;
		const char *l = s;
		if (levels && !strncmp(s, ", variation ", 12) && s[12] >= '0' && s[12] <= '9') {
			v = strtoul(s + 12, &e, 10);
			s = e;
		} else if (levels) {
			break;
		}
		if (strncmp(s, ", node ", 7) || !(s[7] >= '0' && s[7] <= '9'))
			break;
		node = strtoul(s + 7, &e, 10);
		s = e;
		at = xgrow(at, &cap, levels + 2, sizeof *at);
		path = xrealloc(path, cap * sizeof *path);
		path[levels] = path_step(levels ? path[levels - 1] : PATH_SEED, v, node);
		at[levels++] = l;
	}
	bool long_one = levels > PLACE_LEVELS;
	if (long_one) {
		char head[80];
		size_t kept = levels - PLACE_LAST;
		buf_add(out, head, put_head(head, game, kept, path[kept - 1]));
		buf_adds(out, at[kept]);
	}
	free(at);
	free(path);
	return long_one;
}

/* The words of the levels open, "game 1, node 0, variation 2, node 3",
 * kept as the scan goes (level 0 the game's) as entries of the places'
 * trie: each finding's place is one of them (and its property's), and
 * only the levels that changed since the last finding are made again
 * (400 findings 10,000 levels deep were 150 M instructions of printf). */
struct levels_text {
	struct diag_places *places;
	size_t made;       /* the levels 0 .. made - 1 made */
};

/* Level k changed (opened, or its node moved on). */
static void level_changed(struct levels_text *t, size_t k)
{
	if (t->made > k)
		t->made = k;
}

/* Level k's own words, ", variation 2, node 3" (", node 3" the first's),
 * at seg + n. */
static size_t level_words(char *seg, size_t n, const struct level *lv, size_t k)
{
	if (k > 1)
		n = put_words(seg, n, ", variation ", lv[k].variation);
	return put_words(seg, n, ", node ", lv[k].nodes ? lv[k].nodes - 1 : 0);
}

/* A level past PLACE_LEVELS whose words are not written yet: a long
 * place is no other's parent, so only those a finding names are made (all
 * of them were 150 bytes a level of a deep line with one finding: the
 * peak tests/unit/test_sgf 2 bounds). */
#define NO_ENTRY UINT32_MAX

static void levels_write(struct levels_text *t, struct level *lv, size_t depth, size_t game)
{
	char seg[80 * (PLACE_LAST + 1)];
	for (size_t k = t->made; k <= depth; k++) {
		size_t n = 0;
		lv[k].path = k ? path_step(lv[k - 1].path, lv[k].variation,
					   lv[k].nodes ? lv[k].nodes - 1 : 0) : PATH_SEED;
		if (k > PLACE_LEVELS) {
			lv[k].entry = NO_ENTRY;
			continue;
		}
		if (!k)
			n = put_words(seg, n, "game ", game);
		else
			n = level_words(seg, n, lv, k);
		lv[k].entry = diag_places_add(t->places, k ? lv[k - 1].entry : 0, seg, n);
	}
	if (t->made <= depth)
		t->made = depth + 1;
	if (depth > PLACE_LEVELS && lv[depth].entry == NO_ENTRY) {
		/* (a long place: its words whole, under the root) */
		size_t n = put_head(seg, game, depth - PLACE_LAST, lv[depth - PLACE_LAST].path);
		for (size_t j = depth - PLACE_LAST + 1; j <= depth; j++)
			n = level_words(seg, n, lv, j);
		lv[depth].entry = diag_places_add(t->places, 0, seg, n);
	}
}

static int by_offset(const void *a, const void *b)
{
	const struct diag *x = *(struct diag *const *)a, *y = *(struct diag *const *)b;
	return x->offset < y->offset ? -1 : x->offset > y->offset;
}

/* Gives d, at byte at, its place, the scan being there: its levels' (entry
 * levels of t) and its property's. */
static void place_of(struct diag *d, const char *s, size_t len, size_t at,
		     struct diag_places *t, uint32_t levels, const char *prop, bool inside)
{
	struct buf b = BUF_INIT;
	size_t n = 0;
	while (!inside && at + n < len && sgf_letter(s[at + n]))
		n++;
	if (n) {   /* a property's identifier, as read: its capitals */
		buf_adds(&b, ", ");
		for (size_t i = 0; i < n; i++)
			if (s[at + i] >= 'A' && s[at + i] <= 'Z')
				buf_addc(&b, s[at + i]);
		if (b.len == 2)   /* none: as written (b[bb]'s place ended in ", ") */
			buf_add(&b, s + at, n);
	} else if (prop[0] && (inside || (at < len && s[at] == '['))) {
		buf_printf(&b, ", %s", prop);
	}
	diag_set_place(d, t, b.len ? diag_places_add(t, levels, b.data, b.len) : levels);
	buf_free(&b);
}

void sgf_places(struct diag_list *list, const char *s, size_t len)
{
	size_t n = 0;
	struct diag **at = xcalloc(list->len + 1, sizeof *at);
	for (size_t i = 0; i < list->len; i++)
		if (list->items[i].has_offset && !list->items[i].places)
			at[n++] = &list->items[i];
	sort_items(at, n, sizeof *at, by_offset);
	size_t cap = 16, depth = 0, game = 0, next = 0;
	struct level *lv = xcalloc(cap, sizeof *lv);
	char prop[8] = "";   /* the identifier of the property read last */
	bool fresh = false;  /* a level opened and no node in it yet */
	struct sgf_ahead ahead = { 0 };
	struct levels_text text = { diag_places_new(), 0 };
	struct sgf_far far = { 0 };
	for (size_t i = 0; next < n && i <= len; i++) {
		for (; next < n && at[next]->offset <= i; next++) {
			/* Before i: inside the identifier or value just read */
			size_t o = at[next]->offset;
			if (depth) {
				levels_write(&text, lv, depth, game);
				place_of(at[next], s, len, o, text.places, lv[depth].entry, prop, o < i);
			}
		}
		if (i >= len)
			break;
		char c = s[i];
		if (c == '[') {   /* a value: to its `]` (its text holds no structure) */
			/* a point's, [pd], at once (the most of any record's:
			 * value_end's calls were a third of these places) */
			size_t end = i + 3 < len && s[i + 3] == ']' && s[i + 1] != '\\' &&
				     s[i + 1] != ']' && s[i + 2] != '\\' && s[i + 2] != ']' ? i + 4 :
				     value_end(s, len, i, false, &far);
			i = end > i ? end - 1 : i;
			continue;
		}
		if (sgf_letter(c)) {
			size_t k = 0;
			for (; i < len && sgf_letter(s[i]); i++)
				if (s[i] >= 'A' && s[i] <= 'Z' && k + 1 < sizeof prop)
					prop[k++] = s[i];
			prop[k] = '\0';
			i--;
			fresh = false;   /* (a node's properties, its `;` lost) */
		} else if (c == '(') {
			/* the reader's next game, the one before left open (sgfahead.h) */
			if (depth && sgf_opens_game(s + i + 1, len - i - 1) &&
			    !sgf_trees_close(&ahead, s, len, i, depth))
				depth = 0, fresh = false;
			/* A `(` where a variation has no node yet opens none, as the
			 * reader reads it (sgf.c's stream_open): `((((` is one
			 * level, each finding's place as short as the reader's. */
			if (depth && fresh) {
				prop[0] = '\0';
				continue;
			}
			fresh = true;
			if (++depth >= cap)
				lv = xgrow(lv, &cap, depth + 1, sizeof *lv);
			if (depth == 1)
				game++, level_changed(&text, 0);
			level_changed(&text, depth);
			lv[depth] = (struct level){ .nodes = 0,
						    .variation = depth > 1 ? ++lv[depth - 1].kids : 1 };
		} else if (c == ')' && depth) {
			depth--;
			fresh = false;
		} else if (c == ';' && depth) {
			lv[depth].nodes++;
			level_changed(&text, depth);
			fresh = false;
		}
		if (c == ';' || c == '(' || c == ')' || !c)   /* (as strchr(";()", c) was) */
			prop[0] = '\0';
	}
	sgf_ahead_free(&ahead);
	diag_places_release(text.places);
	free(lv);
	free(at);
}
