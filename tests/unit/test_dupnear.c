/* dup/near.c's edit distance: the distance alone (dup_edit_band without
 * rows, by diagonals) is the band's (with rows kept, every cell
 * computed), for lines alike but for a few edits, cut short, of few
 * letters or many, unlike, empty, with and without a free end, at k from
 * 0 to 20; and for the copies a dense collection compares most, which
 * agree for 150 moves and part near their end. TAP output. */
#include <stdlib.h>

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
	return tap_done();
}
