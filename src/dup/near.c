/* near: near copies, the edit distance of two games' lines under the
 * symmetry that aligns them, and the fingerprints that find candidates. */
#define _FILE_OFFSET_BITS 64
#include "dup/dupset.h"

#include <errno.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "base/buf.h"
#include "engine/board.h"

/* ---- near copies: edit distance under the symmetry that aligns them ---- */

/* The distance alone (edit_band's when neither rows nor the end are
 * asked): by diagonals (Ukkonen's; Landau and Vishkin's), for e = 0 to k
 * edits the furthest place of a on each diagonal d (b's place less a's,
 * -e to e) that e edits reach, then on along the elements alike. Along a
 * diagonal the distance never falls, so its places within e edits are
 * those up to the furthest, which e - 1 edits on d or a diagonal beside
 * it give (a substitution, an element of b inserted, one of a deleted);
 * a place past the grid's edge is the edge, which is as near (two cells
 * beside each other differ by one at most). O(k² + the elements alike
 * passed), where the band computes 2k + 1 cells a row however alike the
 * lines: a dense collection's copies that agree for 100 moves and part
 * near their end were most of the time its 100,000 games took to link. */
#define DIAGONALS_ON_STACK 35   /* --max-differ 16: no allocation a call */

static size_t edit_diagonal(const uint16_t *a, size_t na, const uint16_t *b, size_t nb, size_t k,
			    bool free_end)
{
	if (!free_end && (na > nb ? na - nb : nb - na) > k)
		return k + 1;
	const long none = LONG_MIN / 4, la = (long)na, lb = (long)nb, kk = (long)k;
	size_t w = 2 * k + 3;   /* diagonals -k - 1 to k + 1, the outer two never reached */
	long stack[2 * DIAGONALS_ON_STACK];
	long *base = w <= DIAGONALS_ON_STACK ? stack : xmalloc(2 * w * sizeof *base);
	long *prev = base, *cur = base + w;
	for (size_t i = 0; i < 2 * w; i++)
		base[i] = none;
	size_t found = k + 1;
	for (long e = 0; e <= kk && found > k; e++) {
		for (long d = -e; d <= e; d++) {
			const long *p = prev + d + kk + 1;
			long lo = d < 0 ? -d : 0, hi = la < lb - d ? la : lb - d, i = 0;
			if (e) {
				i = p[0] + 1;           /* substituted */
				if (p[-1] > i)
					i = p[-1];      /* b's element inserted */
				if (p[1] + 1 > i)
					i = p[1] + 1;   /* a's element deleted */
			}
			if (hi < lo || i < lo) {   /* off the grid, or not reached */
				cur[d + kk + 1] = none;
				continue;
			}
			if (i > hi)
				i = hi;
			while (i < hi && a[i] == b[i + d])
				i++;
			cur[d + kk + 1] = i;
			if (free_end ? i + d == lb : d == lb - la && i == la) {
				found = (size_t)e;
				break;
			}
		}
		long *t = prev;
		prev = cur;
		cur = t;
	}
	if (base != stack)
		free(base);
	return found;
}

/* The edit distance of lines a (na elements) and b (nb): the fewest
 * elements substituted, inserted into b or deleted from it that make b of
 * a; k + 1 when more than k. Banded (the distance alone: edit_diagonal,
 * above): only the cells within k of the
 * diagonal are computed (O(n·k)), and it stops at the first row with none
 * at k or less. With free_end, a's elements after the last one aligned
 * with b's last cost nothing (b against the beginning of a); *end gets
 * how many of a's elements the alignment covers. rows, when not NULL,
 * holds the band of every row ((na + 1) * (2k + 1) cells), for
 * edit_trace. */
size_t dup_edit_band(const uint16_t *a, size_t na, const uint16_t *b, size_t nb, size_t k,
			bool free_end, uint16_t *rows, size_t *end)
{
	if (!rows && !end)
		return edit_diagonal(a, na, b, nb, k, free_end);
	size_t inf = k + 1, width = 2 * k + 1, best = inf, best_i = 0;
	uint16_t *two = rows ? NULL : xmalloc(2 * width * sizeof *two), *cells = rows ? rows : two;
#define CELL(i, d) cells[(rows ? (i) : ((i) & 1)) * width + (d)]
	for (size_t d = 0; d < width; d++) {
		size_t j = d - k;   /* wraps below 0: then larger than nb */
		CELL(0, d) = (uint16_t)(d >= k && j <= nb && j < inf ? j : inf);
	}
	if (nb <= k && (free_end || na == 0)) {
		best = nb;
		best_i = 0;
	}
	size_t i = 1;
	for (; i <= na; i++) {
		size_t rowmin = inf;
		for (size_t d = 0; d < width; d++) {
			size_t v = inf;
			if (i + d >= k && i + d - k <= nb) {
				size_t j = i + d - k;
				if (j == 0) {
					v = i < inf ? i : inf;
				} else {
					v = CELL(i - 1, d) + (a[i - 1] != b[j - 1]);
					if (d + 1 < width && (size_t)CELL(i - 1, d + 1) + 1 < v)
						v = CELL(i - 1, d + 1) + 1u;
					if (d > 0 && (size_t)CELL(i, d - 1) + 1 < v)
						v = CELL(i, d - 1) + 1u;
					if (v > inf)
						v = inf;
				}
			}
			CELL(i, d) = (uint16_t)v;
			rowmin = v < rowmin ? v : rowmin;
		}
		if (free_end && nb + k >= i && i + k >= nb) {
			size_t v = CELL(i, nb + k - i);
			size_t gap = i > nb ? i - nb : nb - i, best_gap = best_i > nb ? best_i - nb
									     : nb - best_i;
			if (v < best || (v == best && v < inf && gap < best_gap)) {
				best = v;
				best_i = i;
			}
		}
		if (rowmin >= inf)
			break;   /* every later row is past k too */
	}
	if (!free_end && i > na && nb + k >= na && na + k >= nb) {
		best = CELL(na, nb + k - na);
		best_i = na;
	}
#undef CELL
	free(two);
	if (end)
		*end = best_i;
	return best;
}


/* The alignment edit_band found (rows kept), from the start to a's element
 * end and b's last: its steps in order, *n of them (freed by the caller). */
struct edit *dup_edit_trace(const uint16_t *a, const uint16_t *b, size_t nb, size_t k,
			       const uint16_t *rows, size_t end, size_t *n)
{
	size_t width = 2 * k + 1, cap = end + nb + 1, len = 0;
	struct edit *steps = xmalloc(cap * sizeof *steps);
	size_t i = end, j = nb;
	while (i > 0 || j > 0) {
		size_t d = j + k - i, v = rows[i * width + d];
		if (i > 0 && j > 0 && rows[(i - 1) * width + d] + (size_t)(a[i - 1] != b[j - 1]) == v) {
			i--, j--;
			steps[len++] = (struct edit){ a[i] == b[j] ? EDIT_SAME : EDIT_DIFFERS, i, j };
		} else if (i > 0 && d + 1 < width && rows[(i - 1) * width + d + 1] + 1u == v) {
			i--;
			steps[len++] = (struct edit){ EDIT_DELETED, i, j };
		} else {
			j--;
			steps[len++] = (struct edit){ EDIT_INSERTED, i, j };
		}
	}
	for (size_t x = 0; x < len / 2; x++) {
		struct edit t = steps[x];
		steps[x] = steps[len - 1 - x];
		steps[len - 1 - x] = t;
	}
	*n = len;
	return steps;
}

/* Key kb (len elements, canonical) under symmetry r of its board, into
 * out: the setup sorted again, as a key's is. */
void dup_key_image(const uint16_t *kb, size_t len, int r, uint16_t *out)
{
	int w = kb[0], h = kb[1];
	size_t head = dup_key_head(kb);
	memcpy(out, kb, 3 * sizeof *out);
	for (size_t i = 3; i < len; i++)
		out[i] = dup_image(kb[i], r, w, h);
	sort_items(out + 3, head - 3, sizeof *out, dup_cmp_u16);
	dup_sort_runs(out + head, len - head);
}

/* Whether symmetry r applies to keys of this board and these options. */
bool dup_sym_applies(const struct dup_set *s, const uint16_t *key, int r)
{
	return dup_sym_ok(r, key[0], key[1], s->o.swap_colors);
}

size_t dup_bare_key(const struct dup_set *s, const uint16_t *key, size_t len, uint16_t *out)
{
	size_t head = dup_key_head(key), n = len - head + 3;
	uint16_t *line = xmalloc(2 * n * sizeof *line), *img = line + n;
	memcpy(line, key, 3 * sizeof *line);
	line[2] = 0;
	memcpy(line + 3, key + head, (n - 3) * sizeof *line);
	bool first = true;
	for (int t = 0; t < 16; t++) {
		if (!dup_sym_applies(s, key, t))
			continue;
		dup_key_image(line, n, t, img);
		if (first || dup_cmp_key(img, out, n) < 0)
			memcpy(out, img, n * sizeof *out);
		first = false;
	}
	free(line);
	return n;
}


int dup_cmp_print(const void *x, const void *y)
{
	const struct print *a = x, *b = y;
	if (a->hash != b->hash)
		return a->hash < b->hash ? -1 : 1;
	return (a->game > b->game) - (a->game < b->game);
}

/* Each window's hash of line (n elements): the least of its images'
 * under the symmetries syms (images of them, those that apply) through
 * map (a point's 8 images side by side; bit 3 of a symmetry: the colours
 * exchanged), into h; *loose gets whether the line holds setup. Each
 * image's hash rolled on an element at a time, all the images' at once:
 * an element read once, not once an image (syms a constant table where
 * it is called for the usual board, the images' loop unrolled: a fifth
 * fewer instructions); ring holds the images of the window's elements,
 * to take the first out. */
static inline void window_hashes(const uint16_t *map, uint64_t board, const uint16_t *line, size_t n,
				 const uint8_t *syms, int images, uint64_t *h, bool *loose)
{
	images = images < 16 ? images : 16;   /* at most the 16 symmetries */
	uint64_t r[16] = { 0 }, top = 1, seed = dup_mix(board);
	uint16_t ring[NEAR_WINDOW][16] = { { 0 } };
	for (int k = 1; k < NEAR_WINDOW; k++)
		top *= 0x100000001b3ULL;
	bool setup = false;
	for (size_t i = 0; i < n; i++) {
		unsigned tag = DUP_TAG(line[i]), p = DUP_POINT(line[i]);
		setup |= tag > DUP_W;
		unsigned swapped = tag <= DUP_AW ? tag ^ 1 : tag;   /* B and W, AB and AW */
		const uint16_t pass[8] = { (uint16_t)p, (uint16_t)p, (uint16_t)p, (uint16_t)p,
					   (uint16_t)p, (uint16_t)p, (uint16_t)p, (uint16_t)p };
		const uint16_t *to = p < MAX_SIDE * MAX_SIDE ? map + p * 8 : pass;
		uint16_t *img = ring[i % NEAR_WINDOW];
		uint64_t least = UINT64_MAX;
#pragma GCC unroll 16
		for (int k = 0; k < images; k++) {
			uint16_t out = img[k];   /* element i - NEAR_WINDOW's */
			img[k] = (uint16_t)((syms[k] & 8 ? swapped : tag) << 13 | to[syms[k] & 7]);
			r[k] = (r[k] - (i >= NEAR_WINDOW ? out + 1ULL : 0) * top) * 0x100000001b3ULL +
			       img[k] + 1;
			uint64_t v = dup_mix(r[k] ^ seed);
			least = v < least ? v : least;
		}
		if (i + 1 >= NEAR_WINDOW)
			h[i + 1 - NEAR_WINDOW] = least;
	}
	*loose = setup;
}

void dup_fingerprints(struct dup_set *s, const uint16_t *key, size_t len, size_t game)
{
	size_t head = dup_key_head(key), n = len - head;
	if (n < NEAR_WINDOW)
		return;
	size_t nw = n - NEAR_WINDOW + 1;
	s->hashes = xgrow(s->hashes, &s->hashes_cap, nw, sizeof *s->hashes);
	uint64_t *h = s->hashes;
	if (!s->map || s->map_w != key[0] || s->map_h != key[1]) {
		/* dup_transform()'s divisions, once a board size, not 8 times a
		 * move; a point's 8 images side by side, as they are read */
		if (!s->map)
			s->map = xmalloc(8 * MAX_SIDE * MAX_SIDE * sizeof *s->map);
		s->map_w = key[0];
		s->map_h = key[1];
		for (unsigned p = 0; p < MAX_SIDE * MAX_SIDE; p++)
			for (int t = 0; t < 8; t++)
				s->map[p * 8 + t] = (uint16_t)
					(p % MAX_SIDE < (unsigned)s->map_w && p / MAX_SIDE < (unsigned)s->map_h
					 ? dup_transform(p, t, s->map_w, s->map_h) : p);
	}
	bool loose = false;
	/* the symmetries that apply (dup_sym_applies) */
	static const uint8_t square[8] = { 0, 1, 2, 3, 4, 5, 6, 7 };
	uint8_t syms[16];
	int images = 0;
	for (int t = 0; t < 16; t++)
		if (dup_sym_applies(s, key, t))
			syms[images++] = (uint8_t)t;
	uint64_t board = (uint64_t)key[0] << 16 | key[1];
	if (images == 8 && !memcmp(syms, square, sizeof square))   /* the usual: its loop unrolled */
		window_hashes(s->map, board, key + head, n, square, 8, h, &loose);
	else
		window_hashes(s->map, board, key + head, n, syms, images, h, &loose);
	/* Winnowing: of each NEAR_WINNOW windows in a row, the rightmost of
	 * the least hash, through a queue of the windows that may yet be
	 * one's least (their hashes rising from its front: each window in and
	 * out once, where a scan of each row read every window NEAR_WINNOW
	 * times) */
	size_t ww = nw < NEAR_WINNOW ? nw : NEAR_WINNOW, last = nw, kept = s->nprints;
	size_t queue[NEAR_WINNOW], front = 0, back = 0;   /* queue[i % NEAR_WINNOW] */
	for (size_t q = 0; q < nw; q++) {
		while (front < back && queue[front % NEAR_WINNOW] + ww <= q)
			front++;   /* out of the row that ends at q */
		while (front < back && h[queue[(back - 1) % NEAR_WINNOW]] >= h[q])
			back--;   /* never the least (rightmost) while q is in the row */
		queue[back++ % NEAR_WINNOW] = q;
		if (q + 1 < ww)
			continue;
		size_t m = queue[front % NEAR_WINNOW];
		if (m != last) {
			s->prints = xgrow(s->prints, &s->prints_cap, s->nprints + 1, sizeof *s->prints);
			s->prints[s->nprints++] = (struct print){ h[m], (uint32_t)game, (uint32_t)m };
		}
		last = m;
	}
	if (s->nprints - kept > NEAR_PRINTS) {
		sort_items(s->prints + kept, s->nprints - kept, sizeof *s->prints, dup_cmp_print);
		s->nprints = kept + NEAR_PRINTS;
		loose = true;
	}
	if (game >= s->lines_cap) {   /* games without fingerprints between: never read */
		size_t was = s->lines_cap;
		s->lines = xgrow(s->lines, &s->lines_cap, game + 1, sizeof *s->lines);
		memset(s->lines + was, 0, (s->lines_cap - was) * sizeof *s->lines);
	}
	s->lines[game] = (uint32_t)n | (loose ? NEAR_LOOSE : 0);
}

/* Elements from to to of key kb under symmetry t into out, element from
 * at out[0], through the set's table of the board's symmetries
 * (dup_fingerprints') when it is this board's: a look-up an element,
 * where dup_image works it out (a tenth of a dense collection's grouping
 * went to it). A key's points are on its board or passes, which the
 * table gives as dup_image does. */
static void image_part(const struct dup_set *s, const uint16_t *kb, size_t from, size_t to,
		       int t, uint16_t *out)
{
	if (!s->map || s->map_w != kb[0] || s->map_h != kb[1]) {
		for (size_t i = from; i < to; i++)
			out[i - from] = dup_image(kb[i], t, kb[0], kb[1]);
		return;
	}
	const uint16_t *map = s->map + (t & 7);   /* a point's images side by side */
	unsigned swap = (t & 8) ? 1 : 0;
	for (size_t i = from; i < to; i++) {
		unsigned tag = DUP_TAG(kb[i]), p = DUP_POINT(kb[i]);
		if (tag <= DUP_AW)
			tag ^= swap;   /* colours swapped: B and W, AB and AW */
		out[i - from] = (uint16_t)(tag << 13 | (p < MAX_SIDE * MAX_SIDE ? map[p * 8] : p));
	}
}

bool dup_stones_dropped(const struct dup_set *s, const uint16_t *x, const uint16_t *y, size_t ly)
{
	size_t head = dup_key_head(y);
	return !x[2] && x[0] == y[0] && x[1] == y[1] && ly >= head &&
	       dup_handicap_setup(y + 3, y[2], y + head, ly - head, s->o.swap_colors);
}

/* Keys of at most this many elements are imaged on the stack (a game of
 * 500 moves; dup_aligned is called for every pair compared). */
#define IMAGE_ON_STACK 512

/* Whether b's first k + 1 elements (b holds that many) meet a's first
 * 2k + 1 (of na) as an alignment of b within k edits of a or of a's
 * beginning needs: each of b's elements is inserted or aligned with one
 * of a's, the same or substituted, so that one of b's first k + 1, b[j],
 * is aligned with its own a[i], an edit before it for each place i and
 * j are apart: |i - j| <= k. */
static bool meets_start(const uint16_t *a, size_t na, const uint16_t *b, size_t k)
{
	for (size_t j = 0; j <= k; j++)
		for (size_t i = 0; i <= j + k && i < na; i++)
			if (a[i] == b[j])
				return true;
	return false;
}

/* The least edit distance of kb's line to ka's (keys of la and lb
 * elements) under the symmetries of kb that make its head (size, setup)
 * ka's, at most k (k + 1: more); *r gets the symmetry that gives it
 * (the first of equals, 0 first). free_end as edit_band's. Where one
 * sets up no stone and the other a handicap's (dup_stones_dropped), the
 * lines alone, under any symmetry: a copy that dropped the stones. */
size_t dup_aligned(const struct dup_set *s, const uint16_t *ka, size_t la, const uint16_t *kb,
		      size_t lb, size_t k, bool free_end, int *r)
{
	size_t ha = dup_key_head(ka), hb = dup_key_head(kb), best = k + 1;
	bool dropped = ka[2] != kb[2];
	if ((dropped && !dup_stones_dropped(s, ka, kb, lb) && !dup_stones_dropped(s, kb, ka, la)) ||
	    la < ha || lb < hb)
		return best;
	size_t na = la - ha, nb = lb - hb;
	if (!free_end && (na > nb ? na - nb : nb - na) > k)
		return best;   /* more than k inserted or deleted, whatever the symmetry */
	uint16_t small[IMAGE_ON_STACK];
	uint16_t *img = lb <= IMAGE_ON_STACK ? small : xmalloc(lb * sizeof *img);
	/* Most symmetries are wrong within a few moves: their image's first
	 * moves against ka's beginning first (b's first p within k edits of
	 * a's first p + k is needed for the whole within k), the whole image
	 * only for those that pass (a third of the time a dense collection's
	 * grouping took went to images of whole lines under wrong symmetries);
	 * before that, b's first k + 1 (moves, which no run's sorting moves)
	 * against a's first 2k + 1 (meets_start: a wrong symmetry's first
	 * move is seldom any of a's first few). A line of moves alone (most)
	 * has no runs to sort (dup_sort_runs). */
	size_t p = 4 * k + 16, pb = nb < p ? nb : p, run = 0;
	while (run < nb && DUP_TAG(kb[hb + run]) <= DUP_W)
		run++;   /* the line's first element of a run */
	size_t pa = na < pb + k ? na : pb + k, q = nb > k && run > k ? k + 1 : 0;
	for (int t = 0; t < 16 && best; t++) {
		if (!dup_sym_applies(s, ka, t))
			continue;
		/* The identity's image is kb itself (a key's setup and runs are
		 * sorted): nothing to image, so no first moves to try first. */
		const uint16_t *im = t ? img : kb;
		if (t) {
			memcpy(img, kb, 3 * sizeof *img);
			image_part(s, kb, 3, hb + q, t, img + 3);
			sort_items(img + 3, hb - 3, sizeof *img, dup_cmp_u16);   /* as dup_key_image */
		}
		if (!dropped && memcmp(im, ka, ha * sizeof *img))
			continue;
		if (q && !meets_start(ka + ha, na, im + hb, k))
			continue;
		if (t) {
			image_part(s, kb, hb + q, hb + pb, t, img + hb + q);
			if (pb < nb && dup_edit_band(ka + ha, pa, img + hb, pb, k, true, NULL, NULL) > k)
				continue;
			image_part(s, kb, hb + pb, lb, t, img + hb + pb);
			if (run < nb)
				dup_sort_runs(img + hb + run, nb - run);
		}
		size_t d = dup_edit_band(ka + ha, na, im + hb, nb, k, free_end, NULL, NULL);
		if (d < best) {
			best = d;
			*r = t;
		}
	}
	if (img != small)
		free(img);
	return best;
}


/* Two black moves in a row read as a handicap's stones (dup_game_normalise):
 * a copy with a first move inserted, or its second move deleted, sets up
 * stones its game plays as its first black moves. Game g's key (kg, lg
 * elements, a handicap's stones: dup_stones_dropped's y) against key kp
 * (lp, no setup), whose line under a symmetry of g's board plays one
 * stone or more as its first black moves (a white move between them
 * taken as it comes, up to the first black move on no stone): the edit
 * distance of p's line (imaged) with g's stones played as moves, those
 * p plays in its order after those it does not (each an edit), then g's
 * line; at most k (k + 1: more, or no stone played). free_end: 0 none,
 * 1 p's line against the beginning of g's so played, 2 that against the
 * beginning of p's. out (lg elements, when not NULL) gets g's key so
 * played for the best: no setup, in g's own frame; pout (lp elements,
 * when not NULL) p's key under the symmetry that aligns it so, in that
 * frame too. */
size_t dup_played(const struct dup_set *s, const uint16_t *kg, size_t lg, const uint16_t *kp,
		  size_t lp, size_t k, int free_end, uint16_t *out, uint16_t *pout)
{
	size_t hg = dup_key_head(kg), hp = dup_key_head(kp), ns = hg - 3, best = k + 1;
	if (!k || !dup_stones_dropped(s, kp, kg, lg) || lp < hp)
		return best;   /* (such a copy is an edit away or more) */
	size_t ng = lg - hg, np = lp - hp, n = ns + ng;
	if (!free_end && (n > np ? n - np : np - n) > k)
		return best;
	unsigned move = DUP_TAG(kg[3]) == DUP_AB ? DUP_B : DUP_W;
	uint16_t *img = xmalloc((np + 2 * n + 1) * sizeof *img), *played = img + np,
		 *kept = played + n;
	size_t run = 0;
	while (run < np && DUP_TAG(kp[hp + run]) <= DUP_W)
		run++;
	for (int t = 0; t < 16 && best; t++) {
		if (!dup_sym_applies(s, kg, t))
			continue;
		image_part(s, kp, hp, lp, t, img);
		if (run < np)
			dup_sort_runs(img + run, np - run);
		bool used[9] = { false };
		size_t matched = 0;
		for (size_t j = 0; j < np && matched < ns; j++) {
			unsigned tag = DUP_TAG(img[j]);
			if (tag > DUP_W)
				break;
			if (tag != move)
				continue;   /* the other's move between the stones */
			size_t x = 0;
			while (x < ns && (used[x] || DUP_POINT(kg[3 + x]) != DUP_POINT(img[j])))
				x++;
			if (x == ns)
				break;   /* a black move on no stone: the game's own */
			used[x] = true;
			played[matched++] = (uint16_t)(move << 13 | DUP_POINT(img[j]));
		}
		if (!matched)
			continue;
		/* those not played first, then those played in p's order */
		size_t m = 0;
		for (size_t x = 0; x < ns; x++)
			if (!used[x])
				kept[m++] = (uint16_t)(move << 13 | DUP_POINT(kg[3 + x]));
		for (size_t x = 0; x < matched; x++)
			kept[m++] = played[x];
		memcpy(kept + ns, kg + hg, ng * sizeof *kept);
		size_t d = free_end == 2 ? dup_edit_band(img, np, kept, n, k, true, NULL, NULL)
			   : dup_edit_band(kept, n, img, np, k, free_end == 1, NULL, NULL);
		if (d < best) {
			best = d;
			if (out) {
				memcpy(out, kg, 3 * sizeof *out);
				out[2] = 0;
				memcpy(out + 3, kept, n * sizeof *out);
			}
			if (pout) {
				memcpy(pout, kp, 3 * sizeof *pout);
				memcpy(pout + 3, img, np * sizeof *pout);
			}
		}
	}
	free(img);
	return best;
}

/* Whether x's last element (of nx, from head) is one of y's (of ny) in
 * an alignment of at most k edits of the two: y's place j within k of
 * x's last, y[j] that element, and the lines before them within k - the
 * edits after it (y's elements after j, but where they are free: a prefix
 * against a longer game's beginning). */
static bool last_matched(const uint16_t *x, size_t nx, const uint16_t *y, size_t ny, size_t head,
			 size_t k, bool free_tail)
{
	size_t last = nx - 1, lo = last > head + k ? last - k : head;
	for (size_t j = lo; j <= last + k && j < ny; j++) {
		if (y[j] != x[last])
			continue;
		size_t tail = free_tail ? 0 : ny - 1 - j;
		if (tail <= k && dup_edit_band(y + head, j - head, x + head, last - head, k - tail, false,
					       NULL, NULL) <= k - tail)
			return true;
	}
	return false;
}

bool dup_ends_apart(const struct dup_set *s, const uint16_t *ka, size_t la, const uint16_t *kb,
		    size_t lb, size_t k, int t, bool both)
{
	size_t head = dup_key_head(ka);
	/* Passes after the last move end any game: the moves before them
	 * say whether two games end apart (two games of one fuseki, each
	 * ended by a pass, were one for their last elements alike) */
	while (la > head && DUP_TAG(ka[la - 1]) <= DUP_W && DUP_POINT(ka[la - 1]) == DUP_PASS)
		la--;
	while (lb > head && DUP_TAG(kb[lb - 1]) <= DUP_W && DUP_POINT(kb[lb - 1]) == DUP_PASS)
		lb--;
	if (la <= head || lb <= head)
		return true;
	/* kb as ka sees it (under t): its last move one of ka's in an
	 * alignment within k edits, and (both) ka's last one of its; a move
	 * within k places of its own, but where the edits to get there are
	 * more than k (two games parting, one ending on a point the other
	 * played a move or two later), is no move of the game */
	uint16_t *img = xmalloc(lb * sizeof *img);
	memcpy(img, kb, head * sizeof *img);
	image_part(s, kb, head, lb, t, img + head);
	bool apart = !last_matched(img, lb, ka, la, head, k, !both) ||
		     (both && !last_matched(ka, la, img, lb, head, k, false));
	free(img);
	return apart;
}

/* The position key kl's setup and its line's first off elements make
 * (captures taken, setup runs put), as the sorted setup elements a key's
 * head holds (DUP_AB, DUP_AW), into out (room for w x h); its count. */
static size_t position_at(const uint16_t *kl, size_t off, uint16_t *out)
{
	struct board *b = xmalloc(sizeof *b);
	board_init(b, kl[0], kl[1]);
	size_t head = dup_key_head(kl), n = 0;
	for (size_t i = 3; i < head + off; i++) {
		unsigned tag = DUP_TAG(kl[i]), p = DUP_POINT(kl[i]);
		if (p == DUP_PASS || p % MAX_SIDE >= kl[0] || p / MAX_SIDE >= kl[1]) {
			board_no_ko(b);
			continue;
		}
		int cell = board_cell(b, (int)(p % MAX_SIDE), (int)(p / MAX_SIDE));
		if (i >= head && tag <= DUP_W) {
			int color = tag == DUP_B ? CELL_BLACK : CELL_WHITE;
			size_t len;
			if (board_play(b, color, cell, true, &len) == BOARD_PLAYED)
				board_commit(b, color);
		} else {
			board_put(b, cell, tag == DUP_AB ? CELL_BLACK : tag == DUP_AW ? CELL_WHITE
					   : CELL_EMPTY);
			board_no_ko(b);
		}
	}
	for (unsigned y = 0; y < kl[1]; y++)
		for (unsigned x = 0; x < kl[0]; x++) {
			int c = board_color(b, board_cell(b, (int)x, (int)y));
			if (c != CELL_EMPTY)
				out[n++] = (uint16_t)((c == CELL_BLACK ? DUP_AB : DUP_AW) << 13 |
						      (y * MAX_SIDE + x));
		}
	free(b);
	sort_items(out, n, sizeof *out, dup_cmp_u16);
	return n;
}

/* ks's line under each symmetry of its board (dup_sym_applies: else
 * its first element's tag past any: 0xFFFF), its runs sorted, one after
 * the other (16 x its elements): what dup_middle compares at each offset. */
static uint16_t *middle_images(const struct dup_set *s, const uint16_t *ks, size_t ls)
{
	size_t hs = dup_key_head(ks), ns = ls - hs, run = 0;
	while (run < ns && DUP_TAG(ks[hs + run]) <= DUP_W)
		run++;
	uint16_t *img = xmalloc(16 * ns * sizeof *img);
	for (int t = 0; t < 16; t++) {
		uint16_t *it = img + (size_t)t * ns;
		if (!dup_sym_applies(s, ks, t)) {
			it[0] = 0xFFFF;
			continue;
		}
		image_part(s, ks, hs, ls, t, it);
		if (run < ns)
			dup_sort_runs(it + run, ns - run);
	}
	return img;
}

/* dup_middle with ks's images made (middle_images); pos (room for the
 * board's points) the position kl makes at off, *npos its count once
 * made (SIZE_MAX: not yet). */
static size_t middle_at(const struct dup_set *s, const uint16_t *kl, size_t ll, const uint16_t *ks,
			size_t ls, const uint16_t *img, size_t off, size_t k, int *r, uint16_t *pos,
			size_t *npos)
{
	size_t hl = dup_key_head(kl), hs = dup_key_head(ks), best = k + 1;
	size_t ns = ls - hs, nl = ll - hl - off, nset = hs - 3;
	if (ns > nl + k)
		return best;
	uint16_t setup[MAX_SIDE * MAX_SIDE];
	for (int t = 0; t < 16 && best; t++) {
		const uint16_t *it = img + (size_t)t * ns;
		if (it[0] == 0xFFFF)
			continue;
		/* its line within k edits of the game's from off (the game's
		 * moves after its last free) */
		size_t d = !k ? (ns <= nl && !memcmp(it, kl + hl + off, ns * sizeof *it) ? 0 : 1)
			   : dup_edit_band(kl + hl + off, nl, it, ns, k, true, NULL, NULL);
		if (d >= best)
			continue;
		if (nset) {   /* the position it sets up, the game's there */
			if (*npos == SIZE_MAX)
				*npos = position_at(kl, off, pos);
			if (*npos != nset || nset > MAX_SIDE * MAX_SIDE)
				continue;
			image_part(s, ks, 3, hs, t, setup);
			sort_items(setup, nset, sizeof *setup, dup_cmp_u16);
			if (memcmp(setup, pos, nset * sizeof *setup))
				continue;
		}
		best = d;
		*r = t;
	}
	return best;
}

/* Whether kl and ks can be a game and its middle at all. */
static bool middle_shapes(const uint16_t *kl, size_t ll, const uint16_t *ks, size_t ls)
{
	size_t hl = dup_key_head(kl), hs = dup_key_head(ks);
	return kl[0] == ks[0] && kl[1] == ks[1] && ll >= hl && ls > hs;
}

size_t dup_middle(const struct dup_set *s, const uint16_t *kl, size_t ll, const uint16_t *ks,
		  size_t ls, size_t off, size_t k, int *r)
{
	if (!middle_shapes(kl, ll, ks, ls) || !off || off >= ll - dup_key_head(kl))
		return k + 1;
	uint16_t *img = middle_images(s, ks, ls), *pos = xmalloc(((size_t)kl[0] * kl[1] + 1) *
								  sizeof *pos);
	size_t npos = SIZE_MAX, d = middle_at(s, kl, ll, ks, ls, img, off, k, r, pos, &npos);
	free(pos);
	free(img);
	return d;
}

size_t dup_middle_of(const struct dup_set *s, const uint16_t *kl, size_t ll, const uint16_t *ks,
		     size_t ls, size_t k, int *r)
{
	if (!middle_shapes(kl, ll, ks, ls))
		return 0;
	/* the fewest edits, the first offset of those; ks imaged once (each
	 * offset's comparison O(k^2) but where the lines agree) */
	uint16_t *img = middle_images(s, ks, ls), *pos = xmalloc(((size_t)kl[0] * kl[1] + 1) *
								  sizeof *pos);
	size_t at = 0, best = k + 1, nl = ll - dup_key_head(kl);
	for (size_t off = 1; off < nl && best; off++) {
		int t = 0;
		size_t npos = SIZE_MAX, d = middle_at(s, kl, ll, ks, ls, img, off, best - 1, &t, pos,
						      &npos);
		if (d < best)
			best = d, at = off, *r = t;
	}
	free(pos);
	free(img);
	return at;
}

struct edit *dup_middle_steps(const struct dup_set *s, const uint16_t *kk, size_t lk,
			      const uint16_t *ke, size_t le, uint16_t **img, size_t *nsteps, int *r,
			      size_t *from)
{
	size_t band = (size_t)s->o.max_differ;
	size_t off = dup_middle_of(s, kk, lk, ke, le, band, r);
	if (!off)
		return NULL;
	size_t head = dup_key_head(kk), he = dup_key_head(ke), nb = le - he;
	uint16_t *own = xmalloc(le * sizeof *own);
	dup_key_image(ke, le, *r, own);
	*img = xmalloc((head + nb) * sizeof **img);
	memcpy(*img, kk, head * sizeof **img);
	memcpy(*img + head, own + he, nb * sizeof **img);
	free(own);
	size_t na = lk - head - off, end, w = band ? band : 1;
	uint16_t *rows = xmalloc((na + 1) * (2 * w + 1) * sizeof *rows);
	dup_edit_band(kk + head + off, na, *img + head, nb, w, true, rows, &end);
	struct edit *steps = dup_edit_trace(kk + head + off, *img + head, nb, w, rows, end, nsteps);
	free(rows);
	for (size_t i = 0; i < *nsteps; i++)
		steps[i].ai += off;
	*from = 1;
	for (size_t i = 0; i < off; i++)
		*from += DUP_TAG(kk[head + i]) <= DUP_W;
	return steps;
}

bool dup_middle_span(const struct dup_set *s, const uint16_t *kk, size_t lk, const uint16_t *ke,
		     size_t le, size_t *from, size_t *to)
{
	/* (a copy that dropped the game's handicap stones is its beginning
	 * or its line played from them: no middle, its stones no moves) */
	if (dup_stones_dropped(s, ke, kk, lk))
		return false;
	uint16_t *img = NULL;
	size_t nsteps = 0;
	int r = 0;
	struct edit *steps = dup_middle_steps(s, kk, lk, ke, le, &img, &nsteps, &r, from);
	if (!steps)
		return false;
	*to = dup_moves_through(steps, nsteps, kk, dup_key_head(kk));
	free(steps);
	free(img);
	return true;
}

size_t dup_moves_before(const struct edit *steps, size_t nsteps, const uint16_t *kk, size_t head)
{
	size_t n = 0;
	for (size_t i = 0; nsteps && i < steps[0].ai; i++)
		n += DUP_TAG(kk[head + i]) <= DUP_W;
	return n;
}

size_t dup_moves_through(const struct edit *steps, size_t nsteps, const uint16_t *kk, size_t head)
{
	size_t n = dup_moves_before(steps, nsteps, kk, head);
	for (size_t i = 0; i < nsteps; i++)   /* the kept copy's moves the steps hold */
		if (steps[i].op != EDIT_INSERTED)
			n += DUP_TAG(kk[head + steps[i].ai]) <= DUP_W;
	return n;
}
