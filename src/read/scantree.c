/* scantree: the streamed scan's tree (scan.h's scan_json_streamed, and the
 * nodes nodes.c reads from it one at a time): what each container is in
 * the record's tree, its sequences listed with their spans, and the stub
 * that stands for a variation of the node being read. */
#include "read/scanner.h"

#include <stdint.h>
#include <string.h>

#include "base/bound.h"
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
	t->seqs[t->len] = (struct scan_seq){ .start = (uint32_t)p };
	return t->len++;
}

void scan_tree_free(struct scan_tree *tree)
{
	free(tree->seqs);
	*tree = (struct scan_tree){ .tree = SIZE_MAX };
}

struct seq_ask {
	const struct scan_tree *tree;
	size_t start;
};

static bool seq_not_before(const void *ctx, size_t i)
{
	const struct seq_ask *a = ctx;
	return a->tree->seqs[i].start >= a->start;
}

/* The first sequence that starts at or after start. */
static size_t seq_from(const struct scan_tree *tree, size_t start)
{
	struct seq_ask a = { tree, start };
	return bound_first(0, tree->len, seq_not_before, &a);
}

const struct scan_seq *scan_tree_seq(const struct scan_tree *tree, size_t start)
{
	size_t i = seq_from(tree, start);
	return i < tree->len && tree->seqs[i].start == start ? &tree->seqs[i] : NULL;
}

/* The walk asks for each sequence in text order, and for arrays between
 * that are none; the node reader for a node's variations, the first of
 * them the sequence after its own and the others each the one after the
 * last one's end. So the answer is mostly at *near, the one after, or the
 * first after *near's end, where a search of 40,000 sequences (10,000
 * variations nested) took 16 steps each time. The last is not kept in
 * *near: the reader's next node is most often in the first variation. */
const struct scan_seq *scan_tree_seq_near(const struct scan_tree *tree, size_t start,
					  size_t *near)
{
	size_t i = *near;
	const struct scan_seq *s = tree->seqs;
	if (i < tree->len && s[i].start <= start) {
		if (s[i].start == start)
			return &s[i];
		if (i + 1 == tree->len || s[i + 1].start > start)
			return NULL;   /* between two sequences */
		if (s[i + 1].start == start)
			return &s[*near = i + 1];
		if (s[i].after < tree->len && s[s[i].after].start == start)
			return &s[s[i].after];
	}
	i = seq_from(tree, start);
	if (i < tree->len && s[i].start == start)
		return &s[*near = i];
	*near = i ? i - 1 : 0;
	return NULL;
}
