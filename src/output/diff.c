/* diff: line-based unified diff. Fixes change few lines, so the common
 * head and tail are trimmed first and the rest is compared by a longest
 * common subsequence table over a band of it (band_script): the whole
 * table's script where the band holds every shortest one, else the
 * band's, so that the cost is linear in the lines; a middle too large for
 * any band is shown as replaced. */
#include "output/diff.h"

#include <stdbool.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"

#define CONTEXT 3
#define MAX_TABLE ((size_t)1 << 24)  /* cells of the LCS table */
#define SMALL_TABLE ((size_t)1 << 18)  /* cells any middle may take */
#define BAND_PER_LINE 64             /* cells a line of a larger one may take */
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

/* Each line of a and b numbered by its bytes: lines alike, one number. */
static void number_lines(const struct line *a, size_t n, const struct line *b, size_t m,
			 uint32_t *na, uint32_t *nb)
{
	size_t size = 16;
	while (size < 2 * (n + m))
		size *= 2;
	const struct line **slot = xcalloc(size, sizeof *slot);
	uint32_t *id = xcalloc(size, sizeof *id), next = 0;
	for (size_t k = 0; k < n + m; k++) {
		const struct line *l = k < n ? &a[k] : &b[k - n];
		uint64_t h = 1469598103934665603u;   /* FNV-1a */
		for (size_t c = 0; c < l->len; c++)
			h = (h ^ (unsigned char)l->s[c]) * 1099511628211u;
		size_t at = (size_t)h & (size - 1);
		while (slot[at] && !same(slot[at], l))
			at = (at + 1) & (size - 1);
		if (!slot[at])
			slot[at] = l, id[at] = next++;
		*(k < n ? &na[k] : &nb[k - n]) = id[at];
	}
	free(slot);
	free(id);
}

/* The cells of the band of width w about the line from (0, 0) to (n, m):
 * row i's columns from[i] to to[i], each reached from the one above or to
 * its left and reaching the end (row i's last column is past the next
 * row's first). Returns how many (SIZE_MAX past MAX_TABLE). */
static size_t band_rows(size_t n, size_t m, size_t w, size_t *from, size_t *to)
{
	size_t cells = 0;
	for (size_t i = 0; i <= n; i++) {
		size_t lo = i * m / n, hi = ((i + 1) * m + n - 1) / n;
		from[i] = lo > w ? lo - w : 0;
		to[i] = hi + w < m ? hi + w : m;
		cells += to[i] - from[i] + 1;
		if (cells > MAX_TABLE)
			return SIZE_MAX;
	}
	return cells;
}

/* The edit script of a (n lines) into b (m lines), one of ' ', '-' and
 * '+' a step, as the longest common subsequence table of the whole (the
 * lines alike taken together, a line of a taken out before one of b is
 * put in where both keep it longest) gives it: computed on a band of the
 * table about its diagonal, widened once to hold every script as short as
 * the band's where that stays within SMALL_TABLE cells or BAND_PER_LINE a
 * line. A band that holds every cell a shortest script can pass holds the
 * whole table's values on those cells, so the same script; past the
 * cells, the band's own shortest script (a full table of a broken
 * record's thousands of lines was 71% of --diff: REVIEW.md's loop).
 * NULL where even the narrowest band is past MAX_TABLE. */
static char *band_script(const struct line *a, size_t n, const struct line *b, size_t m)
{
	uint32_t *na = xcalloc(n + m + 1, sizeof *na), *nb = na + n;
	number_lines(a, n, b, m, na, nb);
	size_t budget = BAND_PER_LINE * (n + m + 2), *from = xcalloc(2 * (n + 1), sizeof *from),
	       *to = from + n + 1, *row = NULL;
	if (budget < SMALL_TABLE)
		budget = SMALL_TABLE;
	int32_t *lcs = NULL;
	char *ops = NULL;
	for (size_t w = 8;;) {
		size_t cells = band_rows(n, m, w, from, to);
		if (cells == SIZE_MAX || (lcs && cells > budget))
			break;   /* (the last band's script stands) */
		free(lcs), free(row);
		lcs = xcalloc(cells + 1, sizeof *lcs);
		row = xcalloc(n + 2, sizeof *row);   /* row i's first cell */
		for (size_t i = 0; i <= n; i++)
			row[i + 1] = row[i] + to[i] - from[i] + 1;
		/* L(i, j): of a[i..] and b[j..] the longest common subsequence
		 * of a path in the band; -1 off it */
#define IN(i, j) ((i) <= n && (j) >= from[i] && (j) <= to[i])
#define L(i, j) (IN(i, j) ? lcs[row[i] + (j) - from[i]] : -1)
		for (size_t i = n + 1; i-- > 0;) {
			for (size_t j = to[i] + 1; j-- > from[i];) {
				int32_t v = 0;
				if (i < n && j < m) {
					int32_t down = L(i + 1, j), right = L(i, j + 1);
					v = na[i] == nb[j] && IN(i + 1, j + 1) ? L(i + 1, j + 1) + 1 :
					    down > right ? down : right;
				}
				lcs[row[i] + j - from[i]] = v;
			}
		}
		free(ops);
		ops = xmalloc(n + m + 1);
		size_t i = 0, j = 0, k = 0, spread = 0;
		while (i < n || j < m) {
			if (i < n && j < m && na[i] == nb[j] && IN(i + 1, j + 1))
				ops[k++] = ' ', i++, j++;
			else if (i < n && (j == m || L(i + 1, j) >= L(i, j + 1)))
				ops[k++] = '-', i++;
			else
				ops[k++] = '+', j++;
		}
		/* Every cell a script as short passes lies within del steps
		 * below the diagonal and ins above it: in the band, the script
		 * is the whole table's. */
		size_t d = n + m - 2 * (size_t)lcs[0], del = (d + n - m) / 2, ins = d - del;
		for (i = 0; i <= n && !spread; i++)
			spread = (i > del && i - del < from[i]) || (i + ins < m && i + ins > to[i]) ||
				 (i <= del && from[i]) || (i + ins >= m && to[i] < m);
#undef L
#undef IN
		if (!spread)
			break;
		/* the band that holds every script as short as this one: where
		 * it is past the budget, the scripts are long (a record whose
		 * every line is written again) and this one stands */
		size_t need = (del > ins ? del : ins) + (n > m ? n - m : m - n) + 1;
		w = need > w ? need : 4 * w;
	}
	free(lcs);
	free(row);
	free(from);
	free(na);
	return ops;
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
#undef STEP
	char *ops = n && m ? band_script(la.v + head, n, lb.v + head, m) : NULL;
	size_t i = 0, j = 0;
	for (size_t k = 0; i < n || j < m; k++) {
		/* (no script: the middle replaced) */
		char op = ops ? ops[k] : i < n ? '-' : '+';
		steps = xgrow(steps, &cap, len + 1, sizeof *steps);
		steps[len++] = (struct step){ op, op == '+' ? &lb.v[head + j] : &la.v[head + i] };
		i += op != '+', j += op != '-';
	}
	free(ops);
	steps = xgrow(steps, &cap, len + tail + 1, sizeof *steps);
	for (size_t t = la.n - tail; t < la.n; t++)
		steps[len++] = (struct step){ ' ', &la.v[t] };

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
