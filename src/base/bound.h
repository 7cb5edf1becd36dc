/* bound: the one binary search of sorted items (a lower bound): the
 * places of a file's nodes, lines and marks, UGF's node ids, the edits of
 * a fix round each ask "the first item past x". Inline: each caller's
 * test is a small static function, which the compiler then inlines too,
 * so the search costs what the loop written out did. */
#ifndef JGF_BOUND_H
#define JGF_BOUND_H

#include <stdbool.h>
#include <stddef.h>

/* The first i of lo .. hi - 1 for which past(ctx, i) holds, where it holds
 * of each i from some on (the items sorted by what past asks); hi when it
 * holds of none. past is asked only of i in lo .. hi - 1. */
static inline size_t bound_first(size_t lo, size_t hi, bool (*past)(const void *ctx, size_t i),
				 const void *ctx)
{
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (past(ctx, mid))
			hi = mid;
		else
			lo = mid + 1;
	}
	return lo;
}

struct bound_sizes {
	const size_t *at;
	size_t x;
};

static inline bool bound_size_not_below(const void *ctx, size_t i)
{
	const struct bound_sizes *c = ctx;
	return c->at[i] >= c->x;
}

/* The first i of the n sorted sizes at with at[i] >= x; n when none (the
 * bytes of an SGF file's parentheses or values, asked "the first at or
 * after this byte"). */
static inline size_t bound_sizes_from(const size_t *at, size_t n, size_t x)
{
	return bound_first(0, n, bound_size_not_below, &(struct bound_sizes){ at, x });
}

#endif
