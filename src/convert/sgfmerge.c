/* sgfmerge: a property given twice in one node merged as SGFC merges it
 * (sgfmerge.h): one edit of the text from the first's last `]` to the end
 * of the last one given again, which writes the same properties in the
 * same order, each given again taken out and its values written into its
 * first; every other byte kept. */
#include "convert/sgfmerge.h"

#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "convert/sgfprops.h"

/* A node of more properties than this (given again or not) gets its repair
 * from those first: --fix's next round merges the rest. */
#define MERGE_MAX 256

enum sgf_merge_kind sgf_merge_kind(const char *id)
{
	const struct sgf_propdef *d = sgf_prop_def(id);
	if (!d)
		return SGF_MERGE_NONE;
	if (d->type == SGF_T_POINTS || d->type == SGF_T_LABELS || d->type == SGF_T_LINES)
		return SGF_MERGE_LIST;
	return d->type == SGF_T_TEXT ? SGF_MERGE_TEXT : SGF_MERGE_NONE;
}

void sgf_merge_add(struct sgf_merge *m, const void *node, const struct sgf_merge_prop *p)
{
	if (m->node != node) {
		m->node = node;
		m->len = 0;
	}
	if (m->len > MERGE_MAX)
		return;
	m->items = xgrow(m->items, &m->cap, m->len + 1, sizeof *m->items);
	m->items[m->len++] = *p;
}

/* By memchr: a fix's two edits ask it too (sgf_fix_attach), and a byte
 * at a time through the 64 KiB of a collection on one line was 330 M
 * instructions for 500 games with a fix each. */
const char *sgf_blank_line(const char *text, size_t len)
{
	size_t n = len < 65536 ? len : 65536;
	const char *lf = memchr(text, '\n', n);
	const char *cr = memchr(text, '\r', lf ? (size_t)(lf - text) : n);
	if (cr)
		return cr + 1 < text + len && cr[1] == '\n' ? "\r\n\r\n" : "\r\r";
	return "\n\n";
}

size_t sgf_blank_at(const char *w, size_t m, size_t at)
{
	if (m - at >= 2 && w[at] == w[at + 1] && (w[at] == '\n' || w[at] == '\r'))
		return 2;
	return m - at >= 4 && !memcmp(w + at, "\r\n\r\n", 4) ? 4 : 0;
}

bool sgf_paragraph_at(const char *w, size_t m, size_t at)
{
	return !at || (at >= 2 && sgf_blank_at(w, m, at - 2) == 2) ||
	       (at >= 4 && sgf_blank_at(w, m, at - 4) == 4);
}

/* The id of the paragraph of game information at t[at] (n bytes, a
 * paragraph's start), written to id (9 bytes); false: none. */
static bool gc_paragraph_id(const char *t, size_t n, size_t at, char id[9])
{
	size_t k = 0, end = at + 1;
	while (at + k < n && k < 8 && t[at + k] >= 'A' && t[at + k] <= 'Z')
		k++;
	if (!k || at + k >= n || t[at + k] != '[')
		return false;
	while (end < n && !sgf_blank_at(t, n, end))
		end++;
	if (t[end - 1] != ']')   /* (as read, `\]`: a value holds no other `]`) */
		return false;
	memcpy(id, t + at, k);
	id[k] = '\0';
	return true;
}

size_t sgf_gc_paragraph_at(const char *t, size_t n, const char *id)
{
	char other[9];
	for (size_t at = 0; at < n; at++)
		if (sgf_paragraph_at(t, n, at) && gc_paragraph_id(t, n, at, other) &&
		    sgf_prop_order(other, id) > 0)
			return at;
	return n;
}

void sgf_gc_paragraph_add(struct buf *gc, const char *id, const char *para)
{
	size_t at = sgf_gc_paragraph_at(gc->len ? gc->data : "", gc->len, id);
	if (at == gc->len) {
		buf_printf(gc, "%s%s", gc->len ? "\n\n" : "", para);
		return;
	}
	struct buf all = BUF_INIT;
	buf_add(&all, gc->data, at);
	buf_printf(&all, "%s\n\n", para);
	buf_add(&all, gc->data + at, gc->len - at);
	buf_free(gc);
	*gc = all;
}

static bool loses;   /* the test hook's (sgf_merge_test_loses) */

void sgf_merge_test_loses(bool on)
{
	loses = on;
}

/* The first record of p's property before k. */
static size_t first_of(const struct sgf_merge *m, size_t k)
{
	size_t j = 0;
	while (j < k && m->items[j].prop != m->items[k].prop)
		j++;
	return j;
}

/* Writes the merge into out from the first's last `]`; false when it
 * cannot be written. */
static bool write_merge(const struct sgf_merge *m, const char *text, size_t f,
			struct buf *out)
{
	const struct sgf_merge_prop *s = m->items;
	size_t n = m->len, from = s[f].close;
	for (size_t k = f; k < n; k++) {
		if (s[k].again) {   /* taken out: the text before it kept */
			if (!loses)   /* (the hook: the properties between lost) */
				buf_add(out, text + from, s[k].id - from);
			from = s[k].close + 1;
			continue;
		}
		bool any = false;
		for (size_t j = k + 1; j < n && !any; j++)
			any = s[j].again && s[j].prop == s[k].prop;
		if (!any)
			continue;
		if (!s[k].closed)
			return false;
		bool list = true;   /* as the kind of those given again says */
		for (size_t j = k + 1; j < n; j++)
			if (s[j].again && s[j].prop == s[k].prop)
				list = s[j].again == SGF_MERGE_LIST;
		size_t upto = list ? s[k].close + 1 : s[k].close;
		buf_add(out, text + from, upto - from);
		/* A Text's empty values say nothing (SGFC deletes them): no blank
		 * line for them, C[x]C[] is C[x] */
		bool said = s[k].close > s[k].open + 1;
		for (size_t j = k + 1; j < n; j++) {
			if (!s[j].again || s[j].prop != s[k].prop)
				continue;
			if (!s[j].closed || (!list && s[j].nvals != 1))
				return false;
			if (list) {
				buf_add(out, text + s[j].open, s[j].close + 1 - s[j].open);
			} else if (s[j].close > s[j].open + 1) {
				if (said)
					buf_adds(out, m->eol ? m->eol : "\n\n");
				buf_add(out, text + s[j].open + 1, s[j].close - s[j].open - 1);
				said = true;
			}
		}
		if (!list)
			buf_addc(out, ']');
		from = s[k].close + 1;
	}
	return true;
}

bool sgf_merge_fix(const struct sgf_merge *m, const char *text, size_t len, char **fix,
		   uint32_t *line, uint32_t *col, uint32_t *cps)
{
	size_t n = m->len, f = n;
	if (!n || n > MERGE_MAX)
		return false;
	for (size_t k = 0; k < n; k++) {
		if (m->items[k].again) {
			size_t j = first_of(m, k);
			f = j < f ? j : f;
		}
	}
	size_t end = f < n ? m->items[n - 1].close + 1 : 0;
	struct buf out = BUF_INIT;
	/* (The repair is a C string, cut at a NUL byte of a value it writes:
	 * such a value lies in its span, and sgfedit.c's sgf_fix_place places no fix
	 * in, over or into a value holding a NUL, this one's nor any other's.) */
	if (f >= n || end > len || !write_merge(m, text, f, &out)) {
		buf_free(&out);
		return false;
	}
	/* Its length in the code points sgf_fix_attach counts (a line break
	 * one each). */
	uint64_t k = 0;
	for (size_t b = m->items[f].close; b < end; b++)
		k += ((unsigned char)text[b] & 0xC0) != 0x80;
	if (k >= UINT32_MAX) {
		buf_free(&out);
		return false;
	}
	*fix = out.data ? buf_detach(&out) : xstrdup("");
	*line = m->items[f].line;
	*col = m->items[f].col;
	*cps = (uint32_t)k;
	return true;
}

void sgf_merge_free(struct sgf_merge *m)
{
	free(m->items);
	*m = (struct sgf_merge){ 0 };
}
