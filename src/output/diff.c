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
	size_t start = 0;
	for (size_t i = 0; i < len; i++) {
		if (s[i] != '\n')
			continue;
		out->v = xgrow(out->v, &out->cap, out->n + 1, sizeof *out->v);
		out->v[out->n++] = (struct line){ s + start, i + 1 - start };
		start = i + 1;
	}
	if (start < len) {
		out->v = xgrow(out->v, &out->cap, out->n + 1, sizeof *out->v);
		out->v[out->n++] = (struct line){ s + start, len - start };
	}
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

void diff_unified(FILE *out, const char *path, const char *a, size_t alen,
		  const char *b, size_t blen)
{
	struct lines la = { 0 }, lb = { 0 };
	split(a, alen, &la);
	split(b, blen, &lb);
	size_t head = 0;
	while (head < la.n && head < lb.n && same(&la.v[head], &lb.v[head]))
		head++;
	size_t tail = 0;
	while (tail < la.n - head && tail < lb.n - head &&
	       same(&la.v[la.n - 1 - tail], &lb.v[lb.n - 1 - tail]))
		tail++;
	size_t n = la.n - head - tail, m = lb.n - head - tail;

	/* The edit script over the whole texts. */
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
	size_t k = 0, aline = 1, bline = 1;
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
