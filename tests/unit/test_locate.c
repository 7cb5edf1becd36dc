/* Locator tests: JSON pointers to line:column, on text with escapes,
 * duplicate keys, several line-end styles, a BOM and wide characters; the
 * index and the line table built only as far as what is asked reaches, and
 * the same answers as the whole index. */
#include <stdlib.h>
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

/* Two locators of one text, the first made to index it whole (its
 * pointer at an offset) and the second lazy, give the same answers. */
static bool same_answers(const char *t, size_t len, const char *const *pointers, size_t n,
			 bool unique)
{
	struct locator *whole = locator_new(t, len, 0), *lazy = locator_new(t, len, 0);
	if (unique)
		locator_keys_unique(whole), locator_keys_unique(lazy);
	struct buf b = BUF_INIT;
	locator_pointer_at(whole, 0, &b);
	buf_free(&b);
	bool same = true;
	for (size_t i = 0; i < n && same; i++) {
		for (int at_key = 0; at_key < 2; at_key++) {
			size_t o1 = 0, o2 = 0, s1 = 0, e1 = 0, s2 = 0, e2 = 0;
			struct span a = { 0 }, c = { 0 }, *ka = NULL, *kc = NULL;
			bool f1 = locator_find(whole, pointers[i], at_key, &o1);
			bool f2 = locator_find(lazy, pointers[i], at_key, &o2);
			bool p1 = locator_place(whole, pointers[i], at_key, &s1, &e1);
			bool p2 = locator_place(lazy, pointers[i], at_key, &s2, &e2);
			bool sp1 = locator_span(whole, pointers[i], &a);
			bool sp2 = locator_span(lazy, pointers[i], &c);
			size_t n1 = locator_children(whole, pointers[i], &ka);
			size_t n2 = locator_children(lazy, pointers[i], &kc);
			same = f1 == f2 && o1 == o2 && p1 == p2 && s1 == s2 && e1 == e2 &&
			       sp1 == sp2 && (!sp1 || memcmp(&a, &c, sizeof a) == 0) && n1 == n2 &&
			       (!n1 || memcmp(ka, kc, n1 * sizeof *ka) == 0) && p1 == f1 && s1 == o1;
			if (!same)
				printf("# '%s'%s: whole %d %zu %zu-%zu, lazy %d %zu %zu-%zu\n", pointers[i],
					 at_key ? " (key)" : "", f1, o1, s1, e1, f2, o2, s2, e2);
			free(ka);
			free(kc);
		}
	}
	locator_free(whole);
	locator_free(lazy);
	return same;
}

static void lazy_tests(void)
{
	/* A record's head, then a tree of 2,000 nodes on as many lines. */
	struct buf rec = BUF_INIT;
	buf_adds(&rec, "{\"record\": {\"version\": \"2.0.0\"},\n\"players\": {\"black\": {\"name\": \"K\"}},\n\"tree\": [\n");
	for (int i = 0; i < 2000; i++)
		buf_printf(&rec, "{\"move\": {\"color\": \"black\", \"x\": %d, \"y\": 3}}%s\n", i % 19,
			   i < 1999 ? "," : "");
	buf_adds(&rec, "]}\n");
	struct document doc;
	document_load_buffer(&doc, "rec", rec.data, rec.len);
	size_t values, lines, off;
	unsigned long line, col;
	bool found = locator_find(doc.loc, "/record/version", false, &off);
	locator_linecol(doc.loc, off, &line, &col);
	locator_extent(doc.loc, &values, &lines);
	tap_ok(found && line == 1 && col == 24 && values <= 3 && lines <= 3,
	       "a pointer in the head indexes the head only (%zu values, %zu lines)", values, lines);
	struct span sp;
	found = locator_span(doc.loc, "/players", &sp);
	locator_extent(doc.loc, &values, &lines);
	tap_ok(found && rec.data[sp.start] == '{' && rec.data[sp.end - 1] == '}' && values <= 8,
	       "the span of /players indexes as far as its end (%zu values)", values);
	found = locator_find(doc.loc, "/tree/10/move/x", false, &off);
	locator_linecol(doc.loc, off, &line, &col);
	locator_extent(doc.loc, &values, &lines);
	tap_ok(found && line == 14 && col == 34 && values < 100 && lines < 20,
	       "a node near the start of the tree indexes the tree that far (%zu values, %zu lines)",
	       values, lines);
	found = locator_find(doc.loc, "/tree/1999/move/y", false, &off);
	locator_linecol(doc.loc, off, &line, &col);
	tap_ok(found && line == 2003 && col == 42, "the last node: %lu:%lu", line, col);
	/* Lookups stepping over many siblings again and again index it whole. */
	struct locator *loc = locator_new(doc.text, doc.len, 0);
	locator_keys_unique(loc);
	locator_find(loc, "/tree/500", false, &off);
	size_t reached;
	locator_extent(loc, &reached, &lines);
	for (int i = 0; i < 20; i++) {
		locator_find(loc, "/tree/0", false, &off);
		locator_find(loc, "/tree/500", false, &off);
	}
	locator_extent(loc, &values, &lines);
	tap_ok(reached < 3000 && values == 2000 * 5 + 7,
	       "past a budget of steps over siblings the index is whole (%zu, then %zu values)",
	       reached, values);
	locator_free(loc);
	document_free(&doc);

	/* The same answers as the whole index, with unique keys and without. */
	static const char *const ptrs[] = {
		"", "/record", "/record/version", "/players", "/players/black", "/players/black/name",
		"/players/white", "/tree", "/tree/0", "/tree/0/move", "/tree/5/move/x", "/tree/1998",
		"/tree/1999/move/y", "/tree/2000", "/tree/-", "/tree/01", "/nope", "/record/version/0",
		"/tree/3/move", "/tree/2/move/color", "/players/black",
	};
	tap_ok(same_answers(rec.data, rec.len, ptrs, sizeof ptrs / sizeof *ptrs, true),
	       "the lazy index answers as the whole one (unique keys)");
	tap_ok(same_answers(rec.data, rec.len, ptrs, sizeof ptrs / sizeof *ptrs, false),
	       "the lazy index answers as the whole one (keys maybe twice)");
	static const char dups[] = "{\"a\": 1, \"b\": [1, {\"c\": 2, \"c\": [3]}], \"a\": {\"d\": []}, \"e\": {}}";
	static const char *const dptrs[] = { "/a", "/a/d", "/b/1/c", "/b/1/c/0", "/e", "/b/2", "/e/x" };
	tap_ok(same_answers(dups, sizeof dups - 1, dptrs, sizeof dptrs / sizeof *dptrs, false),
	       "with keys twice, the last of them, as the whole index");
	/* The scanner says when keys are unique: then the first member found
	 * ends a lookup. */
	document_load_buffer(&doc, "rec", rec.data, rec.len);
	locator_find(doc.loc, "/record", false, &off);
	locator_extent(doc.loc, &values, &lines);
	tap_ok(values == 2, "the scanner found no key twice: /record alone is indexed (%zu)", values);
	document_free(&doc);
	buf_free(&rec);
}

/* Columns count code points, wherever and in whatever order they are asked
 * (a check in place of a one-line SGF file asks in its walk's order): on
 * lines of 2 and 3-byte characters, long and short, and of ASCII but one
 * every 1,500 (strides of ASCII and not), asked out of order
 * and in order, each column that of counting from the line's start. */
static void columns_any_order(void)
{
	struct buf t = BUF_INIT;
	for (int line = 0; line < 4; line++) {
		for (int i = 0; i < (line == 1 ? 40 : 9000); i++)
			buf_adds(&t, line == 3 ? (i % 1500 == 700 ? "\xc3\xa9" : "a") :
				i % 7 ? (i % 3 ? "a" : "\xc3\xa9") : "\xe2\x82\xac");
		buf_addc(&t, '\n');
	}
	struct locator *loc = locator_new(t.data, t.len, 0);
	size_t start = 0, bad = 0, asked = 0;
	unsigned long seed = 7;
	for (int k = 0; k < 4000; k++) {
		size_t off;
		if (k < 3000) {   /* anywhere, then forward and back in steps */
			seed = seed * 6364136223846793005u + 1442695040888963407u;
			off = (seed >> 33) % (t.len + 1);
		} else {
			off = (k % 2 ? t.len - (size_t)(k - 3000) * 17 : (size_t)(k - 3000) * 29) % t.len;
		}
		start = off;
		while (start && t.data[start - 1] != '\n')
			start--;
		unsigned long want = 1, line, col;
		for (size_t i = start; i < off; i++)
			want += ((unsigned char)t.data[i] & 0xC0) != 0x80;
		locator_linecol(loc, off, &line, &col);
		bad += col != want;
		asked++;
	}
	tap_ok(!bad, "columns asked in any order on long lines: %zu of %zu wrong", bad, asked);
	locator_free(loc);
	buf_free(&t);
}

/* locator_offset, a column's byte, as inplace.c's walk found it (col - 1
 * code points stepped from the line's start, at most its end): on lines
 * of 40 and 9,000 characters of one, two and three bytes, one that starts
 * with a stray continuation byte, one of ASCII alone, one of ASCII but a
 * character every 1,500 (strides of ASCII and not), at random columns in
 * any order (marks made by one line's columns read by another's) and past
 * the end, then in order line by line a few columns a step (walked on from
 * the last one found), as a one-line SGF's findings are asked. */
static void offsets_any_order(void)
{
	struct buf t = BUF_INIT;
	for (int line = 0; line < 6; line++) {
		if (line == 3)
			buf_adds(&t, "\x82\xac");
		for (int i = 0; i < (line == 1 ? 40 : 9000); i++)
			buf_adds(&t, line == 5 ? (i % 1500 == 700 ? "\xe2\x82\xac" : "a") :
				line == 4 || i % 7 ? (line == 4 || i % 3 ? "a" : "\xc3\xa9") :
				"\xe2\x82\xac");
		buf_addc(&t, '\n');
	}
	struct locator *loc = locator_new(t.data, t.len, 0);
	size_t bad = 0, asked = 0;
	unsigned long seed = 11;
	unsigned long walk_line = 1, walk_col = 1;
	for (int k = 0; k < 16000; k++) {
		seed = seed * 6364136223846793005u + 1442695040888963407u;
		unsigned long line = 1 + (seed >> 33) % 7, col = 1 + (seed >> 40) % 9100;
		if (k % 5 == 0)
			col = 1 + (seed >> 40) % 6;
		if (k >= 6000) {   /* in order: 0 to 12 columns on, a line at a time */
			walk_col += (seed >> 40) % 13;
			if (walk_col > 9100)
				walk_line++, walk_col = 1 + (seed >> 50) % 3;
			line = 1 + (walk_line - 1) % 7, col = walk_col;
		}
		size_t at, end;
		locator_line_bounds(loc, line, &at, &end);
		for (unsigned long c = 1; c < col && at < end; c++)
			do
				at++;
			while (at < end && ((unsigned char)t.data[at] & 0xC0) == 0x80);
		bad += locator_offset(loc, line, col) != at;
		asked++;
	}
	tap_ok(!bad, "a column's byte asked in any order on long lines: %zu of %zu wrong", bad, asked);
	locator_free(loc);
	buf_free(&t);
}

int main(void)
{
	tap_init();
	columns_any_order();
	offsets_any_order();
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
	lazy_tests();
	return tap_done();
}
