/* diff: line-based unified diff. Fixes change few lines, so the common
 * head and tail are trimmed first and the rest is compared by a longest
 * common subsequence table; a very large middle is shown as replaced. */
#include "output/diff.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"

#define CONTEXT 3
#define MAX_TABLE ((size_t)1 << 24)  /* cells of the LCS table */
#define BLOCK 64                     /* bytes compared at once */

struct line {
	const char *s;
	size_t len;   /* with its line ending */
};

struct lines {
	struct line *v;
	size_t n, cap;
};

/* Lines end at LF only, as diff(1) and patch(1) read them: a file whose
 * lines end in a lone CR is one line here, else the diff's lines would
 * end in CR alone and patch would read the whole hunk as one line. */
static void split(const char *s, size_t len, struct lines *out)
{
	for (const char *p = s, *end = s + len; p < end;) {
		const char *nl = memchr(p, '\n', (size_t)(end - p));
		const char *next = nl ? nl + 1 : end;
		out->v = xgrow(out->v, &out->cap, out->n + 1, sizeof *out->v);
		out->v[out->n++] = (struct line){ p, (size_t)(next - p) };
		p = next;
	}
}

/* The start of the line k lines before the one that starts at at (at is
 * a line's start, or the text's end), or the text's start. */
static size_t lines_back(const char *s, size_t at, size_t k)
{
	while (k-- && at > 0) {
		at--;   /* the LF that ends the line before */
		while (at > 0 && s[at - 1] != '\n')
			at--;
	}
	return at;
}

/* The end of the k lines that begin at at. */
static size_t lines_on(const char *s, size_t len, size_t at, size_t k)
{
	while (k-- && at < len) {
		const char *nl = memchr(s + at, '\n', len - at);
		at = nl ? (size_t)(nl - s) + 1 : len;
	}
	return at;
}

/* How many LFs the n bytes of s hold. */
static size_t count_lines(const char *s, size_t n)
{
	size_t count = 0;
	for (const char *p = s, *end = s + n; (p = memchr(p, '\n', (size_t)(end - p))); p++)
		count++;
	return count;
}

static bool same(const struct line *x, const struct line *y)
{
	return x->len == y->len && memcmp(x->s, y->s, x->len) == 0;
}

/* One line of the edit script: ' ', '-' or '+', with its line. */
struct step {
	char op;
	const struct line *line;
};

static void put_line(FILE *out, char op, const struct line *l)
{
	fputc(op, out);
	fwrite(l->s, 1, l->len, out);
	if (l->len == 0 || l->s[l->len - 1] != '\n')
		fputs("\n\\ No newline at end of file\n", out);
}

/* The lines a diff compares: fixes change few lines, so the lines both
 * texts begin and end with are found on the bytes, and only the lines
 * between them, with the CONTEXT lines around them a hunk shows, are split
 * (into la and lb). before: the lines of the texts above them; head and
 * tail: the lines split that both begin and end with. False when a and b
 * are the same. */
struct span {
	struct lines la, lb;
	size_t before, head, tail;
};

static bool span_of(struct span *sp, const char *a, size_t alen, const char *b, size_t blen)
{
	size_t min = alen < blen ? alen : blen, same_head = 0;
	while (same_head + BLOCK <= min && memcmp(a + same_head, b + same_head, BLOCK) == 0)
		same_head += BLOCK;
	while (same_head < min && a[same_head] == b[same_head])
		same_head++;
	if (same_head == alen && alen == blen)
		return false;
	size_t head = same_head;   /* the start of the line of the first difference */
	while (head > 0 && a[head - 1] != '\n')
		head--;
	size_t same_tail = 0;      /* common to the ends, not into the head */
	while (same_tail + BLOCK <= min - head &&
	       memcmp(a + alen - same_tail - BLOCK, b + blen - same_tail - BLOCK, BLOCK) == 0)
		same_tail += BLOCK;
	while (same_tail < min - head && a[alen - 1 - same_tail] == b[blen - 1 - same_tail])
		same_tail++;
	/* The tail: the lines wholly in the common end, beginning a line in
	 * both texts. */
	size_t tail = same_tail;
	while (tail > 0 && !((alen == tail || a[alen - tail - 1] == '\n') &&
			     (blen == tail || b[blen - tail - 1] == '\n')))
		tail--;
	size_t from = lines_back(a, head, CONTEXT);
	*sp = (struct span){ .before = count_lines(a, from) };   /* the same in both */
	split(a + from, alen - tail - from, &sp->la);
	split(b + from, blen - tail - from, &sp->lb);
	size_t shown = sp->la.n;
	split(a + alen - tail, lines_on(a, alen, alen - tail, CONTEXT) - (alen - tail), &sp->la);
	split(b + blen - tail, lines_on(b, blen, blen - tail, CONTEXT) - (blen - tail), &sp->lb);
	sp->tail = sp->la.n - shown;
	sp->head = count_lines(a + from, head - from);
	return true;
}

void diff_unified(FILE *out, const char *path, const char *a, size_t alen,
		  const char *b, size_t blen)
{
	struct span sp;
	if (!span_of(&sp, a, alen, b, blen))
		return;
	struct lines la = sp.la, lb = sp.lb;
	size_t head = sp.head, tail = sp.tail, before = sp.before;
	size_t n = la.n - head - tail, m = lb.n - head - tail;

	/* The edit script over the lines split. */
	size_t cap = 0, len = 0;
	struct step *steps = NULL;
#define STEP(o, l) (steps = xgrow(steps, &cap, len + 1, sizeof *steps), \
		    steps[len++] = (struct step){ (o), (l) })
	for (size_t i = 0; i < head; i++)
		STEP(' ', &la.v[i]);
	if (n && m && (n + 1) * (m + 1) <= MAX_TABLE) {
		/* lcs[i][j]: longest common subsequence of a[i..] and b[j..]. */
		uint32_t *lcs = xcalloc((n + 1) * (m + 1), sizeof *lcs);
#define L(i, j) lcs[(i) * (m + 1) + (j)]
		for (size_t i = n; i-- > 0;)
			for (size_t j = m; j-- > 0;)
				L(i, j) = same(&la.v[head + i], &lb.v[head + j]) ? L(i + 1, j + 1) + 1 :
					  L(i + 1, j) > L(i, j + 1) ? L(i + 1, j) : L(i, j + 1);
		size_t i = 0, j = 0;
		while (i < n || j < m) {
			if (i < n && j < m && same(&la.v[head + i], &lb.v[head + j]))
				STEP(' ', &la.v[head + i]), i++, j++;
			else if (i < n && (j == m || L(i + 1, j) >= L(i, j + 1)))
				STEP('-', &la.v[head + i]), i++;
			else
				STEP('+', &lb.v[head + j]), j++;
		}
#undef L
		free(lcs);
	} else {
		for (size_t i = 0; i < n; i++)
			STEP('-', &la.v[head + i]);
		for (size_t j = 0; j < m; j++)
			STEP('+', &lb.v[head + j]);
	}
	for (size_t i = la.n - tail; i < la.n; i++)
		STEP(' ', &la.v[i]);
#undef STEP

	/* The name ends with a tab, as diff(1) writes it, so that patch(1)
	 * reads a name with spaces whole. */
	if (n || m)
		fprintf(out, "--- %s\t\n+++ %s\t\n", path, path);
	/* Hunks: changes with CONTEXT lines around, merged when they touch. */
	size_t k = 0, aline = before + 1, bline = before + 1;
	while (k < len) {
		if (steps[k].op == ' ') {
			k++, aline++, bline++;
			continue;
		}
		size_t start = k >= CONTEXT ? k - CONTEXT : 0, end = k;
		for (;;) {
			while (end < len && steps[end].op != ' ')
				end++;
			size_t run = end;
			while (run < len && steps[run].op == ' ' && run - end < 2 * CONTEXT)
				run++;
			if (run < len && steps[run].op != ' ' && run - end <= 2 * CONTEXT)
				end = run;
			else {
				end = end + CONTEXT < len ? end + CONTEXT : len;
				break;
			}
		}
		size_t a0 = aline - (k - start), b0 = bline - (k - start), na = 0, nb = 0;
		for (size_t s = start; s < end; s++) {
			na += steps[s].op != '+';
			nb += steps[s].op != '-';
		}
		fprintf(out, "@@ -%zu,%zu +%zu,%zu @@\n", na ? a0 : a0 - 1, na, nb ? b0 : b0 - 1, nb);
		for (size_t s = start; s < end; s++)
			put_line(out, steps[s].op, steps[s].line);
		for (; k < end; k++) {
			aline += steps[k].op != '+';
			bline += steps[k].op != '-';
		}
	}
	free(steps);
	free(la.v);
	free(lb.v);
}
