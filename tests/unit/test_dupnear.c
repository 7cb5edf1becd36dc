/* dup/near.c's edit distance: the distance alone (dup_edit_band without
 * rows, by diagonals) is the band's (with rows kept, every cell
 * computed), for lines alike but for a few edits, cut short, of few
 * letters or many, unlike, empty, with and without a free end, at k from
 * 0 to 20; and for the copies a dense collection compares most, which
 * agree for 150 moves and part near their end. A game's key (dup_key)
 * and fingerprints (dup_fingerprints) are those of their definitions
 * written plainly here: every image made whole, every row of windows
 * scanned. TAP output. */
#include <stdlib.h>
#include <string.h>

#include "dup/dupset.h"
#include "tap.h"

static unsigned long long state = 88172645463325252ULL;

static unsigned next(unsigned n)   /* xorshift64 */
{
	state ^= state << 13;
	state ^= state >> 7;
	state ^= state << 17;
	return (unsigned)(state % n);
}

static uint16_t rows[301 * 41];

/* Whether both ways give the same distance of b to a (and, free, to its
 * beginning); *d gets it. */
static bool same(const uint16_t *a, size_t na, const uint16_t *b, size_t nb, size_t k, bool free_end,
		 size_t *d)
{
	size_t end = 0;
	*d = dup_edit_band(a, na, b, nb, k, free_end, NULL, NULL);
	return *d == dup_edit_band(a, na, b, nb, k, free_end, rows, &end);
}

/* dup_key as defined: each symmetry's image whole, the least kept (the
 * first of equal ones). */
static uint16_t *plain_key(const struct dup_game *g, bool swap, size_t *len, int *sym)
{
	size_t n = 3 + g->nsetup + g->nline;
	uint16_t *best = malloc(n * sizeof *best), *cand = malloc(n * sizeof *cand);
	*sym = -1;
	for (int s = 0; s < 16; s++) {
		if ((g->width != g->height && (s & 4)) || (!swap && (s & 8)))
			continue;
		cand[0] = (uint16_t)g->width;
		cand[1] = (uint16_t)g->height;
		cand[2] = (uint16_t)g->nsetup;
		for (size_t i = 0; i < g->nsetup; i++)
			cand[3 + i] = dup_image(g->setup[i], s, g->width, g->height);
		qsort(cand + 3, g->nsetup, sizeof *cand, dup_cmp_u16);
		for (size_t i = 0; i < g->nline; i++)
			cand[3 + g->nsetup + i] = dup_image(g->line[i], s, g->width, g->height);
		if (g->line_setup)
			dup_sort_runs(cand + 3 + g->nsetup, g->nline);
		int c = 0;
		for (size_t i = 0; i < n && !c; i++)
			c = cand[i] == best[i] ? 0 : cand[i] < best[i] ? -1 : 1;
		if (*sym < 0 || c < 0) {
			memcpy(best, cand, n * sizeof *best);
			*sym = s;
		}
	}
	free(cand);
	*len = n;
	return best;
}

/* dup_fingerprints as defined: each window's hash the least of its
 * images' (each image's line rolled whole), of each row of NEAR_WINNOW
 * windows the rightmost least, a window kept once however many rows it
 * is the least of, the least NEAR_PRINTS kept of more. *loose gets
 * whether they may miss a run. */
static size_t plain_prints(bool swap, const uint16_t *key, size_t len, struct print *out,
			   bool *loose)
{
	size_t head = dup_key_head(key), n = len - head, got = 0;
	*loose = false;
	if (n < NEAR_WINDOW)
		return 0;
	size_t nw = n - NEAR_WINDOW + 1;
	uint64_t *h = malloc(nw * sizeof *h), seed = dup_mix((uint64_t)key[0] << 16 | key[1]);
	for (size_t i = 0; i < n; i++)
		*loose |= DUP_TAG(key[head + i]) > DUP_W;
	bool first = true;
	for (int t = 0; t < 16; t++) {
		if ((key[0] != key[1] && (t & 4)) || (!swap && (t & 8)))
			continue;
		for (size_t w = 0; w < nw; w++) {
			uint64_t r = 0;
			for (size_t i = w; i < w + NEAR_WINDOW; i++) {
				uint16_t e = dup_image(key[head + i], t, key[0], key[1]);
				r = r * 0x100000001b3ULL + e + 1;
			}
			uint64_t v = dup_mix(r ^ seed);
			if (first || v < h[w])
				h[w] = v;
		}
		first = false;
	}
	size_t ww = nw < NEAR_WINNOW ? nw : NEAR_WINNOW, last = nw;
	for (size_t start = 0; start + ww <= nw; start++) {
		size_t m = start;
		for (size_t q = start; q < start + ww; q++)
			if (h[q] <= h[m])
				m = q;
		if (m != last)
			out[got++] = (struct print){ h[m], 0, (uint32_t)m };
		last = m;
	}
	free(h);
	if (got > NEAR_PRINTS) {
		qsort(out, got, sizeof *out, dup_cmp_print);
		got = NEAR_PRINTS;
		*loose = true;
	}
	return got;
}

/* A random line of n elements on a w x h board: moves in turn or not,
 * passes, few points (windows alike, hashes tied) or any, setup runs
 * (line_setup) where setup is asked. */
static void random_line(uint16_t *line, size_t n, int w, int h, unsigned points, bool setup)
{
	for (size_t i = 0; i < n; i++) {
		unsigned tag = setup && next(8) == 0 ? DUP_AB + next(3) : (unsigned)(i & 1) ^ (next(20) == 0);
		unsigned p = next(30) == 0 ? DUP_PASS : next(points) % (unsigned)w + next(points) % (unsigned)h * MAX_SIDE;
		line[i] = (uint16_t)(tag << 13 | p);
	}
}

int main(void)
{
	tap_init();
	uint16_t a[300], b[300];
	long pairs = 0, differ = 0, within = 0, past = 0;
	for (int it = 0; it < 25000; it++) {
		size_t k = next(it % 3 ? 4 : 21), na = next(it % 5 ? 60 : 300);
		unsigned letters = 2 + next(it % 2 ? 4 : 400);
		for (size_t i = 0; i < na; i++)
			a[i] = (uint16_t)next(letters);
		size_t nb = 0, kind = next(4);
		if (kind == 3) {   /* unlike */
			nb = next(60);
			for (size_t i = 0; i < nb; i++)
				b[i] = (uint16_t)next(letters);
		} else {   /* a few edits: deleted, substituted, inserted */
			for (size_t i = 0; i < na && nb < 300; i++) {
				unsigned r = next(100);
				if (r < 3)
					continue;
				if (r < 6 || r >= 9 || nb + 1 >= 300) {
					b[nb++] = r < 6 ? (uint16_t)next(letters) : a[i];
					continue;
				}
				b[nb++] = (uint16_t)next(letters);
				b[nb++] = a[i];
			}
			if (kind == 1 && nb)   /* cut short */
				nb = next((unsigned)nb + 1);
		}
		for (int free_end = 0; free_end < 2; free_end++) {
			size_t d;
			pairs++;
			differ += !same(a, na, b, nb, k, free_end, &d);
			within += d <= k;
			past += d > k;
		}
	}
	tap_ok(!differ, "%ld pairs of lines: the same distance both ways (%ld differ)", pairs, differ);
	tap_ok(within > pairs / 4 && past > pairs / 4, "within k and past it both met (%ld, %ld)",
	       within, past);
	/* A copy that agrees for 150 moves, then one move inserted and the
	 * rest alike, or every move after in the other colour */
	for (size_t i = 0; i < 200; i++)
		a[i] = (uint16_t)((i & 1) << 13 | next(361));
	size_t nb = 0;
	for (size_t i = 0; i < 200; i++) {
		if (i == 150)
			b[nb++] = 7;
		b[nb++] = a[i];
	}
	size_t d0 = 0, d1 = 0, d2 = 0, d3 = 0;
	bool ok = same(a, 200, b, nb, 2, false, &d0) && same(a, 200, b, nb, 0, false, &d1);
	for (size_t i = 151; i < nb; i++)
		b[i] ^= 1 << 13;
	ok = ok && same(a, 200, b, nb, 2, false, &d2) && same(a, 200, b, 150, 2, true, &d3);
	tap_ok(ok && d0 == 1 && d1 == 1 && d2 == 3 && d3 == 0,
	       "one move inserted at 150: 1 edit (k 2), more than 0 (k 0); the colours after turned: "
	       "more than 2; its first 150 begin the game (%zu %zu %zu %zu)", d0, d1, d2, d3);
	size_t e0 = 0, e1 = 0, e2 = 0;
	ok = same(a, 0, b, 0, 0, false, &e0) && same(a, 0, b, 2, 3, false, &e1) &&
	     same(a, 5, b, 0, 3, true, &e2);
	tap_ok(ok && e0 == 0 && e1 == 2 && e2 == 0,
	       "empty lines: 0; two inserted: 2; an empty line begins any (%zu %zu %zu)", e0, e1, e2);
	/* dup_cmp_key (several elements at a time) orders as element by
	 * element: keys alike up to an element at each place, of each
	 * length, from any place in the arrays, the first differing by its
	 * high byte, its low one or both (a place where the elements' bytes
	 * order the other way: 0x01FF against 0x0200), those after it in any
	 * order */
	long orders = 0, wrong = 0;
	for (size_t n = 0; n <= 19; n++)
		for (size_t from = 0; from < 3; from++)
			for (size_t at = 0; at <= n; at++)
				for (int kind = 0; kind < 4; kind++) {
					for (size_t i = 0; i < n + from; i++)
						a[i] = b[i] = (uint16_t)next(65536);
					if (at < n) {
						static const uint16_t x[] = { 0x01FF, 0x0100, 0x0001, 0x8000 },
								      y[] = { 0x0200, 0x0101, 0x0100, 0x7FFF };
						a[from + at] = x[kind];
						b[from + at] = y[kind];
						for (size_t i = from + at + 1; i < from + n; i++)
							b[i] = (uint16_t)next(65536);   /* any order after */
					}
					int want = 0;
					for (size_t i = 0; i < n && !want; i++)
						if (a[from + i] != b[from + i])
							want = a[from + i] < b[from + i] ? -1 : 1;
					int got = dup_cmp_key(a + from, b + from, n),
					    back = dup_cmp_key(b + from, a + from, n);
					orders++;
					wrong += got != want || back != -want;
				}
	tap_ok(!wrong, "%ld pairs of keys: dup_cmp_key orders them element by element (%ld wrong)",
	       orders, wrong);
	/* dup_key: the least image, the first symmetry of equal ones (few
	 * points: images alike, ties), setup before the line and within it,
	 * boards square and not, the colours swapped or not */
	long keys = 0, keys_wrong = 0;
	static uint16_t setup_in[12], line_in[400];
	for (int it = 0; it < 6000; it++) {
		static const int sides[][2] = { { 19, 19 }, { 9, 9 }, { 13, 7 }, { 1, 1 }, { 52, 52 }, { 2, 5 } };
		const int *side = sides[next(6)];
		unsigned points = it % 3 ? 400 : 1 + next(3);
		struct dup_game g = { .width = side[0], .height = side[1] };
		g.nsetup = next(4) ? 0 : next(12);
		random_line(setup_in, g.nsetup, g.width, g.height, points, false);
		for (size_t i = 0; i < g.nsetup; i++)
			setup_in[i] = (uint16_t)((DUP_AB + (setup_in[i] >> 13 & 1)) << 13 | DUP_POINT(setup_in[i]));
		g.setup = setup_in;
		g.nline = next(it % 4 ? 40 : 400);
		g.line_setup = next(4) == 0;
		random_line(line_in, g.nline, g.width, g.height, points, g.line_setup);
		g.line = line_in;
		bool swap = next(2);
		size_t n1, n2;
		int s1, s2;
		uint16_t *k1 = dup_key(&g, swap, &n1, &s1), *k2 = plain_key(&g, swap, &n2, &s2);
		keys++;
		keys_wrong += n1 != n2 || s1 != s2 || memcmp(k1, k2, n1 * sizeof *k1);
		free(k1);
		free(k2);
	}
	tap_ok(!keys_wrong, "%ld games: dup_key's key and symmetry those of every image made whole "
	       "(%ld differ)", keys, keys_wrong);
	/* dup_fingerprints: the same prints and looseness as the definition,
	 * game after game into one set (its tables kept from game to game,
	 * the board changing), lines of 0 to 1,200 elements (more prints
	 * than NEAR_PRINTS), few points (windows alike: the rightmost of
	 * equal hashes) */
	long games = 0, prints_wrong = 0;
	static uint16_t key[3 + 1300];
	static struct print want[1300];
	for (int swap = 0; swap < 2; swap++) {
		struct dup_set set = { .o.swap_colors = swap };
		for (int it = 0; it < 1500; it++) {
			static const int sides[][2] = { { 19, 19 }, { 19, 19 }, { 13, 7 }, { 9, 9 }, { 3, 3 } };
			const int *side = sides[next(5)];
			size_t n = it % 10 ? next(60) : next(1200);
			key[0] = (uint16_t)side[0];
			key[1] = (uint16_t)side[1];
			key[2] = 0;
			random_line(key + 3, n, side[0], side[1], it % 3 ? 400 : 1 + next(3), next(3) == 0);
			size_t before = set.nprints;
			dup_fingerprints(&set, key, 3 + n, (size_t)it);
			bool loose;
			size_t nwant = plain_prints(swap, key, 3 + n, want, &loose);
			bool alike = set.nprints - before == nwant &&
				  (nwant == 0 || (set.lines_cap > (size_t)it &&
						  (set.lines[it] & NEAR_LOOSE) == (loose ? NEAR_LOOSE : 0) &&
						  (set.lines[it] & ~NEAR_LOOSE) == n));
			for (size_t i = 0; alike && i < nwant; i++) {
				const struct print *p = &set.prints[before + i];
				alike = p->hash == want[i].hash && p->pos == want[i].pos && p->game == (uint32_t)it;
			}
			games++;
			prints_wrong += !alike;
		}
		free(set.prints);
		free(set.lines);
		free(set.hashes);
		free(set.map);
	}
	tap_ok(!prints_wrong, "%ld games: dup_fingerprints' prints those of every window's images "
	       "hashed whole and every row scanned (%ld differ)", games, prints_wrong);
	/* dup_sym_ok, the one rule of the symmetries (R180): every symmetry
	 * on every board of 1 to MAX_SIDE lines a side, with and without
	 * --swap-colors, against the rule as written; and their count, 8 on
	 * a square board, 4 on an oblong one, twice that with the swap */
	long sym_wrong = 0, count_wrong = 0;
	for (int swap = 0; swap < 2; swap++)
		for (int w = 1; w <= MAX_SIDE; w++)
			for (int h = 1; h <= MAX_SIDE; h++) {
				int count = 0;
				for (int t = 0; t < 16; t++) {
					bool rule = !(w != h && (t & 4)) && !(!swap && (t & 8));
					bool got = dup_sym_ok(t, w, h, swap);
					sym_wrong += got != rule;
					count += got;
				}
				count_wrong += count != (w == h ? 8 : 4) * (swap ? 2 : 1);
			}
	struct dup_set oblong = { .o.swap_colors = false }, swapping = { .o.swap_colors = true };
	const uint16_t k19[3] = { 19, 19, 0 }, k13x7[3] = { 13, 7, 0 };
	for (int t = 0; t < 16; t++) {   /* dup_sym_applies asks it */
		sym_wrong += dup_sym_applies(&oblong, k19, t) != dup_sym_ok(t, 19, 19, false);
		sym_wrong += dup_sym_applies(&oblong, k13x7, t) != dup_sym_ok(t, 13, 7, false);
		sym_wrong += dup_sym_applies(&swapping, k13x7, t) != dup_sym_ok(t, 13, 7, true);
	}
	/* dup_sym_inverse undoes each symmetry, on every point of a square
	 * and an oblong board (R185) */
	long inverse_wrong = 0;
	static const int boards[][2] = { { 19, 19 }, { 13, 7 }, { 7, 13 }, { 1, 1 } };
	for (int bd = 0; bd < 4; bd++)
		for (int t = 0; t < 16; t++) {
			int w = boards[bd][0], h = boards[bd][1];
			if (!dup_sym_ok(t, w, h, true))
				continue;
			inverse_wrong += dup_sym_inverse(dup_sym_inverse(t)) != t ||
					 (dup_sym_inverse(t) & 8) != (t & 8);
			for (unsigned p = 0; p < MAX_SIDE * MAX_SIDE; p++)
				if (p % MAX_SIDE < (unsigned)w && p / MAX_SIDE < (unsigned)h)
					inverse_wrong += dup_transform(dup_transform(p, t & 7, w, h),
								       dup_sym_inverse(t) & 7, w, h) != p;
			inverse_wrong += dup_transform(DUP_PASS, dup_sym_inverse(t) & 7, w, h) != DUP_PASS;
		}
	tap_ok(!inverse_wrong, "dup_sym_inverse undoes every symmetry on 19x19, 13x7, 7x13, 1x1 (%ld wrong)",
	       inverse_wrong);
	tap_ok(!sym_wrong && !count_wrong && !dup_sym_ok(4, 13, 7, false) && !dup_sym_ok(8, 19, 19, false) &&
	       dup_sym_ok(12, 19, 19, true) && dup_sym_ok(3, 13, 7, false),
	       "dup_sym_ok: no turn on an oblong board, no colour swap without --swap-colors "
	       "(%ld wrong, %ld counts wrong)", sym_wrong, count_wrong);
	return tap_done();
}
