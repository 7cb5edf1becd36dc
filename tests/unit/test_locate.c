/* Locator tests: JSON pointers to line:column, on text with escapes,
 * duplicate keys, several line-end styles, a BOM and wide characters. */
#include <string.h>

#include "base/buf.h"
#include "base/locate.h"
#include "read/load.h"
#include "tap.h"

static const char text[] =
	"\xef\xbb\xbf{\n"                          /* line 1 */
	"  \"record\": {\"version\": 2},\r\n"      /* line 2 */
	"  \"a/b\": [10, [20, 21], {\"x~y\": 3}],\n" /* line 3 */
	"  \"\\u00e9t\\u00e9\": \"été\", \"n\": \"😀\", \"m\": 5,\r" /* line 4 */
	"  \"dup\": 1, \"dup\": {\"k\": true},\n"    /* line 5 */
	"  \"\": {\"\": null}\n"                     /* line 6 */
	"}\n";

struct ptr_case {
	const char *pointer;
	bool at_key;
	bool resolves;
	unsigned long line, col;
};

static const struct ptr_case cases[] = {
	{ "", false, true, 1, 1 },
	{ "/record", false, true, 2, 13 },
	{ "/record", true, true, 2, 3 },
	{ "/record/version", false, true, 2, 25 },
	{ "/a~1b", false, true, 3, 10 },
	{ "/a~1b/0", false, true, 3, 11 },
	{ "/a~1b/1/1", false, true, 3, 20 },
	{ "/a~1b/2/x~0y", false, true, 3, 33 },
	{ "/a~1b/2/x~0y", true, true, 3, 26 },
	{ "/été", false, true, 4, 20 },
	{ "/n", false, true, 4, 32 },
	{ "/m", true, true, 4, 37 },
	{ "/dup", false, true, 5, 20 },          /* the last duplicate wins */
	{ "/dup/k", false, true, 5, 26 },
	{ "/", false, true, 6, 7 },
	{ "//", false, true, 6, 12 },
	/* Unresolvable: the deepest value reached. */
	{ "/record/nope", false, false, 2, 13 },
	{ "/a~1b/3", false, false, 3, 10 },
	{ "/a~1b/01", false, false, 3, 10 },
	{ "/a~1b/-", false, false, 3, 10 },
	{ "/m/0", false, false, 4, 37 + 5 },
	{ "nonsense", false, false, 1, 1 },
};

int main(void)
{
	tap_init();
	struct document doc;
	document_load_buffer(&doc, "t", text, sizeof text - 1);
	tap_ok(doc.root != NULL, "test text loads");
	tap_ok(doc.diags.len == 2, "only the BOM and the duplicate key are reported (%zu)", doc.diags.len);
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		const struct ptr_case *c = &cases[i];
		size_t off;
		unsigned long line, col;
		bool found = locator_find(doc.loc, c->pointer, c->at_key, &off);
		locator_linecol(doc.loc, off, &line, &col);
		tap_ok(found == c->resolves && line == c->line && col == c->col,
		       "'%s'%s -> %lu:%lu (%s), want %lu:%lu (%s)", c->pointer,
		       c->at_key ? " (key)" : "", line, col, found ? "found" : "not found",
		       c->line, c->col, c->resolves ? "found" : "not found");
	}
	/* Offsets past the end clamp to it. */
	unsigned long line, col;
	locator_linecol(doc.loc, sizeof text + 100, &line, &col);
	tap_ok(line == 8 && col == 1, "offset past the end is the end (%lu:%lu)", line, col);
	document_free(&doc);

	/* Objects with many members are looked up through a hash of their keys:
	 * two such objects with the same keys, escapes, a duplicate (the last
	 * wins), the empty key and a key that is absent. Line i + 2 holds member
	 * i of "a", line i + 103 member i of "b". */
	struct buf big = BUF_INIT;
	buf_adds(&big, "{\"a\": {\n");
	for (int o = 0; o < 2; o++) {
		for (int i = 0; i < 100; i++)
			buf_printf(&big, "\"k%d\": %d%s\n", i, i, i < 99 ? "," : "");
		buf_adds(&big, o ? "" : "}, \"b\": {\n");
	}
	buf_adds(&big, ", \"\\u006b7\": true, \"\": 0, \"k7\": 1}}");
	document_load_buffer(&doc, "big", big.data, big.len);
	tap_ok(doc.root != NULL, "a text with two objects of 100+ members loads");
	static const struct { const char *pointer; bool at_key, resolves; unsigned long line, col; }
	big_cases[] = {
		{ "/a/k0", false, true, 2, 7 },
		{ "/a/k99", true, true, 101, 1 },
		{ "/b/k0", false, true, 103, 7 },
		{ "/b/k50", false, true, 153, 8 },
		{ "/b/k7", true, true, 203, 27 },   /* the last of three "k7" */
		{ "/b/", true, true, 203, 20 },
		{ "/a/k100", false, false, 1, 7 },
		{ "/a/", false, false, 1, 7 },
	};
	for (size_t i = 0; i < sizeof big_cases / sizeof *big_cases; i++) {
		size_t off;
		bool found = locator_find(doc.loc, big_cases[i].pointer, big_cases[i].at_key, &off);
		locator_linecol(doc.loc, off, &line, &col);
		tap_ok(found == big_cases[i].resolves && line == big_cases[i].line &&
		       col == big_cases[i].col, "'%s'%s in a large object -> %lu:%lu (%s)",
		       big_cases[i].pointer, big_cases[i].at_key ? " (key)" : "", line, col,
		       found ? "found" : "not found");
	}
	document_free(&doc);
	buf_free(&big);

	/* The line table alone (the editor server's): LF, CR LF, lone CRs,
	 * breaks at both ends, and a long run of lone CRs. */
	static const char breaks[] = "\na\r\nb\rc\r\r\n\rd\n";
	struct locator *loc = locator_new(breaks, sizeof breaks - 1, 0);
	static const size_t starts[] = { 0, 1, 4, 6, 8, 10, 11, 13 };
	bool right = locator_line_count(loc) == 8;
	for (size_t i = 0; i < 8 && right; i++) {
		size_t st, en;
		locator_line_bounds(loc, i + 1, &st, &en);
		right = st == starts[i] && locator_line(loc, starts[i]) == i + 1 &&
			(i == 0 || locator_line(loc, starts[i] - 1) == i);
	}
	tap_ok(right, "lines end at LF, CR LF or a lone CR (%zu lines)", locator_line_count(loc));
	locator_free(loc);
	struct buf crs = BUF_INIT;
	for (int i = 0; i < 200000; i++)
		buf_adds(&crs, "x\r");
	loc = locator_new(crs.data, crs.len, 0);
	tap_ok(locator_line_count(loc) == 200001 && locator_line(loc, crs.len - 1) == 200000,
	       "200,000 lone CRs are 200,001 lines");
	locator_free(loc);
	buf_free(&crs);
	return tap_done();
}
