/* similar: edit distance over short names. */
#include "base/similar.h"

#include <stdint.h>
#include <string.h>
#include <strings.h>

size_t edit_distance(const char *a, const char *b)
{
	size_t la = strlen(a), lb = strlen(b);
	if (la > 64 || lb > 64)
		return SIZE_MAX;
	/* Three rows: two characters swapped (`--fxi`, "whtie") is one slip. */
	size_t rows[3][65];
	size_t *before = rows[0], *prev = rows[1], *row = rows[2];
	for (size_t j = 0; j <= lb; j++)
		prev[j] = j;
	for (size_t i = 1; i <= la; i++) {
		row[0] = i;
		for (size_t j = 1; j <= lb; j++) {
			size_t best = prev[j - 1] + (a[i - 1] != b[j - 1]);
			if (prev[j] + 1 < best)
				best = prev[j] + 1;
			if (row[j - 1] + 1 < best)
				best = row[j - 1] + 1;
			if (i > 1 && j > 1 && a[i - 1] == b[j - 2] && a[i - 2] == b[j - 1] &&
			    before[j - 2] + 1 < best)
				best = before[j - 2] + 1;
			row[j] = best;
		}
		size_t *t = before;
		before = prev, prev = row, row = t;
	}
	return prev[lb];
}

const char *closest_name(const char *name, const char *const *candidates, size_t n)
{
	const char *best = NULL;
	size_t best_d = SIZE_MAX, len = strlen(name);
	for (size_t i = 0; i < n; i++)   /* `JSON`, `Error`: the case is the slip */
		if (strcasecmp(name, candidates[i]) == 0)
			return candidates[i];
	for (size_t i = 0; i < n; i++) {
		size_t d = edit_distance(name, candidates[i]);
		if (d < best_d)
			best_d = d, best = candidates[i];
	}
	/* Close enough to be a slip, not another word. */
	return best && best_d <= (len < 6 ? 1 : len < 12 ? 2 : 3) ? best : NULL;
}
