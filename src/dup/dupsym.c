/* dupsym: the board's symmetries, and the orders and hash a game's key
 * and comments are compared by (dup/dupset.h), which dupkey.c and
 * duptext.c share. */
#include "dup/dupset.h"

#include <string.h>

int dup_cmp_u16(const void *a, const void *b)
{
	uint16_t x = *(const uint16_t *)a, y = *(const uint16_t *)b;
	return (x > y) - (x < y);
}

int dup_cmp_u64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
	return (a > b) - (a < b);
}

/* Where point p goes under symmetry s of a w x h board: x mirrored (bit
 * 0), y mirrored (bit 1), then x and y exchanged (bit 2, square boards). */
unsigned dup_transform(unsigned p, int s, int w, int h)
{
	if (p == DUP_PASS)
		return p;
	unsigned x = p % MAX_SIDE, y = p / MAX_SIDE;
	if (s & 1)
		x = (unsigned)w - 1 - x;
	if (s & 2)
		y = (unsigned)h - 1 - y;
	if (s & 4) {
		unsigned t = x;
		x = y;
		y = t;
	}
	return y * MAX_SIDE + x;
}

/* The one rule of which symmetries apply: the mirrorings (bits 0 and 1)
 * on any board, the turn (bit 2, x and y exchanged) on a square board
 * only, the colours swapped (bit 3) only with --swap-colors. */
bool dup_sym_ok(int s, int w, int h, bool swap_colors)
{
	return !((s & 4) && w != h) && !((s & 8) && !swap_colors);
}

/* The symmetry that undoes s: the same mirrorings and turn taken back,
 * which is s itself but for the two quarter turns (5 and 6), each the
 * other's inverse; a colour swap undoes itself. */
int dup_sym_inverse(int s)
{
	int t = s & 7;
	return (s & 8) | (t == 5 ? 6 : t == 6 ? 5 : t);
}

void dup_sort_runs(uint16_t *line, size_t n)
{
	for (size_t i = 0; i < n;) {
		size_t j = i;
		while (j < n && DUP_TAG(line[j]) > DUP_W)
			j++;
		if (j - i > 1)
			sort_items(line + i, j - i, sizeof *line, dup_cmp_u16);
		i = j > i ? j : i + 1;
	}
}

int dup_cmp_key(const uint16_t *a, const uint16_t *b, size_t n)
{
	/* Four elements at a time up to the four that differ: the keys a
	 * bucket's sort and its links compare most are copies alike for a
	 * hundred moves or more (a dense collection's 100,000 games: 1.5
	 * billion instructions an element at a time, 17 times its 10,000's) */
	size_t i = 0;
	for (uint64_t x, y; i + 4 <= n; i += 4) {
		memcpy(&x, a + i, sizeof x);
		memcpy(&y, b + i, sizeof y);
		if (x != y)
			break;
	}
	for (; i < n; i++)
		if (a[i] != b[i])
			return a[i] < b[i] ? -1 : 1;
	return 0;
}

