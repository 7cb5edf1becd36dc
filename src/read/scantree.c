/* scantree: the streamed scan's tree (scan.h's scan_json_streamed, and the
 * nodes nodes.c reads from it one at a time): what each container is in
 * the record's tree, its sequences listed with their spans, and the stub
 * that stands for a variation of the node being read. */
#include "read/scanner.h"

#include <stdint.h>
#include <string.h>

#include "base/buf.h"
#include "base/dom.h"
#include "base/fail.h"
#include "read/scan.h"

size_t scan_seq_open(struct scanner *sc, size_t p)
{
	struct scan_tree *t = sc->tree;
	if (p > UINT32_MAX)   /* the loader refuses files of 1 GiB and more */
		die_oom();
	t->seqs = xgrow(t->seqs, &t->cap, t->len + 1, sizeof *t->seqs);
	t->seqs[t->len] = (struct scan_seq){ (uint32_t)p, 0, 0 };
	return t->len++;
}

void scan_tree_free(struct scan_tree *tree)
{
	free(tree->seqs);
	*tree = (struct scan_tree){ .tree = SIZE_MAX };
}

const struct scan_seq *scan_tree_seq(const struct scan_tree *tree, size_t start)
{
	size_t lo = 0, hi = tree->len;
	while (lo < hi) {
		size_t mid = lo + (hi - lo) / 2;
		if (tree->seqs[mid].start < start)
			lo = mid + 1;
		else
			hi = mid;
	}
	return lo < tree->len && tree->seqs[lo].start == start ? &tree->seqs[lo] : NULL;
}
