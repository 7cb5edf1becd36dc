/* The converter's property tree (convert/sgf.h): a node keeps its first
 * property, that property's first value and its first child inside itself,
 * and a short value keeps its bytes inside itself (issue 27: a move was six
 * allocations). These check what a reader relies on while its arrays move
 * from the node to the heap and grow there: every value keeps its bytes and
 * length, every property is found, children keep their order, ids of one
 * and two letters are shared and the others copied. Under the sanitizer
 * build, a read of an array that moved or a leak is a failure too. TAP
 * output. */
#include <ctype.h>
#include <limits.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>

#include "base/dom.h"
#include "base/jstring.h"
#include "convert/lines.h"
#include "convert/misread.h"
#include "convert/nodejson.h"
#include "convert/posmap.h"
#include "convert/sgfmerge.h"
#include "convert/sgfnote.h"
#include "convert/sgf.h"
#include "convert/sgfprops.h"
#include "convert/sgfsame.h"
#include "convert/sgfvalue.h"
#include "lib/jgflint.h"
#include "tap.h"

static const struct sgf_pos at = { 1, 1 };

/* Value i of a property: i bytes (0 to 19), short and long values mixed. */
static void value_text(size_t i, char *out)
{
	size_t len = i % 20;
	for (size_t k = 0; k < len; k++)
		out[k] = (char)('a' + (i + k) % 26);
	out[len] = '\0';
}

static bool values_hold(const struct sgf_prop *p, size_t n)
{
	char want[32];
	if (p->nvals != n)
		return false;
	for (size_t i = 0; i < n; i++) {
		value_text(i, want);
		if (p->vals[i].len != strlen(want) || memcmp(p->vals[i].raw, want, strlen(want) + 1))
			return false;
	}
	return true;
}

static void values(void)
{
	struct sgf_node *n = sgf_node_new(at);
	bool existed, ok = true;
	struct sgf_prop *p = sgf_prop_get(n, "AB", at, &existed);
	char text[32];
	for (size_t i = 0; i < 60; i++) {
		value_text(i, text);
		sgf_prop_add(p, text, strlen(text), at);
		ok &= values_hold(p, i + 1);
	}
	tap_ok(!existed && ok, "60 values of 0 to 19 bytes, each read back after every add");

	/* A value of the property itself, added as its array moves out of the
	 * node (one value) and as it grows on the heap (two, then four). */
	struct sgf_prop *q = sgf_prop_get(n, "C", at, &existed);
	sgf_prop_add(q, "ab", 2, at);
	sgf_prop_add(q, q->vals[0].raw, q->vals[0].len, at);
	sgf_prop_add(q, "a long comment", 14, at);
	sgf_prop_add(q, q->vals[2].raw, q->vals[2].len, at);
	sgf_prop_add(q, q->vals[1].raw, q->vals[1].len, at);
	tap_ok(q->nvals == 5 && !strcmp(q->vals[1].raw, "ab") && !strcmp(q->vals[3].raw, "a long comment") &&
	       !strcmp(q->vals[4].raw, "ab"), "a value of the property itself, added while its array moves");

	/* A NUL inside a value is dropped, short or long, once, here (the
	 * SGF reader notes it): no later reading of the value sees one. */
	sgf_prop_add(q, "a\0b", 3, at);
	sgf_prop_add(q, "long\0value\0", 11, at);
	tap_ok(q->vals[5].len == 2 && !memcmp(q->vals[5].raw, "ab", 3) && q->vals[6].len == 9 &&
	       !memcmp(q->vals[6].raw, "longvalue", 10), "a NUL byte inside a value is dropped");

	sgf_prop_clear(q);
	sgf_prop_add(q, "xy", 2, at);
	tap_ok(q->nvals == 1 && !strcmp(q->vals[0].raw, "xy") && values_hold(&n->props[0], 60),
	       "a property cleared takes new values; the others keep theirs");
	sgf_node_free(n);
}

static void properties(void)
{
	struct sgf_node *n = sgf_node_new(at);
	char id[16], text[32];
	bool existed, ok = true, found = true;
	/* 40 properties (past the index, from 16), each with i % 3 + 1 values
	 * added one property after another, as a node given AB[..]C[..]AB[..]. */
	for (size_t round = 0; round < 3; round++) {
		for (size_t i = 0; i < 40; i++) {
			snprintf(id, sizeof id, i < 26 ? "%c" : "X%c", (char)('A' + i % 26));
			struct sgf_prop *p = sgf_prop_get(n, id, at, &existed);
			ok &= existed == (round > 0);
			if (round <= i % 3) {
				value_text(round, text);
				sgf_prop_add(p, text, strlen(text), at);
			}
		}
		for (size_t i = 0; i < 40; i++) {
			snprintf(id, sizeof id, i < 26 ? "%c" : "X%c", (char)('A' + i % 26));
			const struct sgf_prop *p = sgf_prop_find(n, id);
			found &= p && !strcmp(p->id, id) && values_hold(p, (round < i % 3 ? round : i % 3) + 1);
		}
	}
	tap_ok(ok && n->nprops == 40, "40 properties, each created once and given again");
	tap_ok(found, "… each found with its values after every round");
	tap_ok(!sgf_prop_find(n, "ZZ") && !sgf_prop_find(n, "b"), "… and no other");

	sgf_prop_drop_last(n);
	sgf_prop_drop_last(n);
	tap_ok(n->nprops == 38 && !sgf_prop_find(n, "XN") && sgf_prop_find(n, "XL"),
	       "the last properties dropped are no longer found; the others are");
	sgf_prop_get(n, "XN", at, &existed);
	tap_ok(!existed && sgf_prop_find(n, "XN") == &n->props[38], "… and one may be created again");
	sgf_node_free(n);
}

static void ids(void)
{
	struct sgf_node *a = sgf_node_new(at), *b = sgf_node_new(at);
	bool existed;
	const char *ab = sgf_prop_get(a, "AB", at, &existed)->id;
	tap_ok(ab == sgf_prop_get(b, "AB", at, &existed)->id &&
	       sgf_prop_get(a, "B", at, &existed)->id == sgf_prop_get(b, "B", at, &existed)->id,
	       "ids of one and two upper-case letters are shared");
	const char *ugf = sgf_prop_get(a, "UGF:Title", at, &existed)->id;
	const char *three = sgf_prop_get(a, "ABC", at, &existed)->id;
	const char *lower = sgf_prop_get(a, "b", at, &existed)->id;
	tap_ok(ugf != sgf_prop_get(b, "UGF:Title", at, &existed)->id && !strcmp(ugf, "UGF:Title") &&
	       !strcmp(three, "ABC") && !strcmp(lower, "b") && sgf_prop_find(a, "b") != sgf_prop_find(a, "B"),
	       "others are copied, and each is its own property");
	sgf_node_free(a);
	sgf_node_free(b);
}

static void kids(void)
{
	struct sgf_node *root = sgf_node_new(at), *kid[9];
	bool ok = true;
	for (unsigned i = 0; i < 9; i++) {
		kid[i] = sgf_node_new((struct sgf_pos){ 2, i + 1 });
		sgf_node_add_kid(root, kid[i]);
		for (unsigned k = 0; k <= i; k++)
			ok &= root->kids[k] == kid[k];
	}
	tap_ok(ok && root->nkids == 9, "nine children in the order they were added, after every add");
	sgf_node_free(root);
}

/* sgf_prop_def's slots answer as a search of the table does: each entry
 * by its id, and nothing for ids not in it (lower case, three letters, none). */
static void prop_lookup(void)
{
	size_t n;
	const struct sgf_propdef *t = sgf_props(&n);
	size_t found = 0;
	for (size_t i = 0; i < n; i++) {
		size_t first;
		for (first = 0; strcmp(t[first].id, t[i].id); first++)
			;
		found += sgf_prop_def(t[i].id) == &t[first];
	}
	tap_ok(n > 50 && found == n, "every property of the table found by its id (%zu of %zu)", found, n);
	const char *absent[] = { "", "ZZ", "QQ", "b", "Bb", "bB", "BBB", "KMX", "A", "@", "[", "a1", "B1" };
	size_t none = 0;
	for (size_t i = 0; i < sizeof absent / sizeof *absent; i++)
		none += sgf_prop_def(absent[i]) == NULL;
	tap_ok(none == sizeof absent / sizeof *absent, "ids not in the table: none (%zu)", none);
	tap_ok(sgf_prop_def("B") && !strcmp(sgf_prop_def("B")->id, "B") && sgf_prop_def("KM") &&
	       !strcmp(sgf_prop_def("KM")->id, "KM"), "B and KM");
}

/* sgf_ident_ok: the names SGF can hold (the writer's, the fuzzer's). */
static void idents(void)
{
	const char *ok[] = { "B", "KM", "ZZ", "BBB", "MULTIGOGM", "ABCDEFGHIJKLMNOPQRSTUVWXYZ" };
	const char *bad[] = { "", "b", "Bb", "bB", "A1", "@", "[", "B[9]@B[x", "B ", "\xc3\x84" };
	size_t good = 0, none = 0;
	for (size_t i = 0; i < sizeof ok / sizeof *ok; i++)
		good += sgf_ident_ok(ok[i]);
	for (size_t i = 0; i < sizeof bad / sizeof *bad; i++)
		none += !sgf_ident_ok(bad[i]);
	tap_ok(good == sizeof ok / sizeof *ok, "capital letters, in or out of the table: names (%zu)",
	       good);
	tap_ok(none == sizeof bad / sizeof *bad, "none, lower case, digits, others: no name (%zu)",
	       none);
}

/* A number as SGF's Real (the writer's and the repairs' text): the
 * shortest that reads back as it, never an exponent, which a Real has not
 * (a time left of 5.555555555555556e+127 was written so, and read back kept). */
static void reals(void)
{
	static const struct { double d; const char *text; } cases[] = {
		{ 0, "0" }, { -0.0, "0" }, { 30, "30" }, { 6.5, "6.5" }, { -2.75, "-2.75" },
		{ 0.1, "0.1" }, { 1e-7, "0.0000001" }, { 123456789012345, "123456789012345" },
		{ 1e20, "100000000000000000000" }, { 5.5e3, "5500" }, { 1.25e-3, "0.00125" },
		{ 5.555555555555556e127, "5555555555555556" "0000000000000000000000000000000000000000"
		  "000000000000000000000000000000000000000000000000000000000000000000000000" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct buf b = BUF_INIT;
		sgf_real_text(&b, cases[i].d);
		tap_ok(!strcmp(b.data, cases[i].text) && strtod(b.data, NULL) == cases[i].d,
		       "%g as SGF's Real: %s (wanted %s)", cases[i].d, b.data, cases[i].text);
		buf_free(&b);
	}
}

/* A point list's value as the reader reads it (sgf_box_of): a point, a
 * rectangle with its corners in any order made upper-left:lower-right,
 * blanks around each point; none off the board (a width apart from a
 * height), a pass, one letter, a colon too many. */
static void boxes(void)
{
	static const struct {
		const char *s;
		int width, height;
		bool ok;
		int x1, y1, x2, y2;
		bool rectangle, reversed;
	} cases[] = {
		{ "aa", 19, 19, true, 0, 0, 0, 0, false, false },
		{ "\t dc  ", 19, 19, true, 3, 2, 3, 2, false, false },
		{ "aa:cc", 19, 19, true, 0, 0, 2, 2, true, false },
		{ "cc:aa", 19, 19, true, 0, 0, 2, 2, true, true },
		{ "ca:ac", 19, 19, true, 0, 0, 2, 2, true, true },
		{ "ac:ca", 19, 19, true, 0, 0, 2, 2, true, true },
		{ " bb : aa ", 19, 19, true, 0, 0, 1, 1, true, true },
		{ "dd:dd", 19, 19, true, 3, 3, 3, 3, true, false },
		{ "aA:Zz", 52, 52, true, 0, 25, 51, 26, true, true },
		{ "sa:as", 19, 19, true, 0, 0, 18, 18, true, true },
		{ "ta", 19, 19, false, 0, 0, 0, 0, false, false },
		{ "tt", 19, 19, false, 0, 0, 0, 0, false, false },
		{ "tt", 21, 21, true, 19, 19, 19, 19, false, false },
		{ "aa:tt", 19, 19, false, 0, 0, 0, 0, false, false },
		{ "tt:aa", 19, 19, false, 0, 0, 0, 0, false, false },
		{ "ja", 9, 13, false, 0, 0, 0, 0, false, false },
		{ "im", 9, 13, true, 8, 12, 8, 12, false, false },
		{ "am:ja", 9, 13, false, 0, 0, 0, 0, false, false },
		{ "ia:an", 9, 13, false, 0, 0, 0, 0, false, false },
		{ "ia:am", 9, 13, true, 0, 0, 8, 12, true, true },
		{ "aA", 19, 19, false, 0, 0, 0, 0, false, false },
		{ "", 19, 19, false, 0, 0, 0, 0, false, false },
		{ "a", 19, 19, false, 0, 0, 0, 0, false, false },
		{ "a:c", 19, 19, false, 0, 0, 0, 0, false, false },
		{ "aa:", 19, 19, false, 0, 0, 0, 0, false, false },
		{ ":aa", 19, 19, false, 0, 0, 0, 0, false, false },
		{ "aa:bb:cc", 19, 19, false, 0, 0, 0, 0, false, false },
		{ "a\\a", 19, 19, false, 0, 0, 0, 0, false, false },
		{ "a1", 19, 19, false, 0, 0, 0, 0, false, false },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct sgf_box b = { -1, -1, -1, -1, false, false };
		bool ok = sgf_box_of(cases[i].s, strlen(cases[i].s), cases[i].width, cases[i].height, &b);
		tap_ok(ok == cases[i].ok && (!ok || (b.x1 == cases[i].x1 && b.y1 == cases[i].y1 &&
						  b.x2 == cases[i].x2 && b.y2 == cases[i].y2 &&
						  b.rectangle == cases[i].rectangle &&
						  b.reversed == cases[i].reversed)),
		       "[%s] on %dx%d: %s %d,%d..%d,%d%s%s", cases[i].s, cases[i].width,
		       cases[i].height, ok ? "read" : "none", b.x1, b.y1, b.x2, b.y2,
		       b.rectangle ? " a rectangle" : "", b.reversed ? " reversed" : "");
	}
}

/* Whether a value is of its FF[4] type (sgf_value_misfit), the one
 * judgement of the reader (sgf-value-type, what goes with a root's move)
 * and of sgf-judges-no-move's TE in a root: an empty value is of type
 * none only; a Double is 1 or 2 unblanked; points are the board's. */
static void misfits(void)
{
	static const struct {
		enum sgf_type type;
		const char *s;
		int side;
		bool fits;
	} cases[] = {
		{ SGF_T_NONE, "", 19, true }, { SGF_T_NONE, "1", 19, false },
		{ SGF_T_DOUBLE, "1", 19, true }, { SGF_T_DOUBLE, "2", 19, true },
		{ SGF_T_DOUBLE, "", 19, false }, { SGF_T_DOUBLE, " 1", 19, false },
		{ SGF_T_DOUBLE, "Kisei", 19, false }, { SGF_T_NUMBER, " -3 ", 19, true },
		{ SGF_T_NUMBER, "3.5", 19, false }, { SGF_T_REAL, "3.5", 19, true },
		{ SGF_T_REAL, "3,5", 19, false }, { SGF_T_COLOR, "W", 19, true },
		{ SGF_T_COLOR, "w", 19, false }, { SGF_T_POINTS, "aa:cc", 19, true },
		{ SGF_T_POINTS, "ss", 9, false }, { SGF_T_LINES, "aa:aa", 19, false },
		{ SGF_T_LINES, "aa:bb", 19, true }, { SGF_T_FIGURE, "0:Figure 1", 19, true },
		{ SGF_T_FIGURE, "Figure", 19, false }, { SGF_T_TEXT, "]anything", 19, true },
		{ SGF_T_MOVE, "zz", 19, true },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct sgf_value v = { .raw = (char *)cases[i].s, .len = strlen(cases[i].s) };
		const char *why = sgf_value_misfit(cases[i].type, &v, cases[i].side, cases[i].side);
		tap_ok(!why == cases[i].fits, "[%s] of type %d: %s", cases[i].s, cases[i].type,
		       why ? why : "fits");
	}
}

/* SGF text of one game whose nodes are nested n deep, each the one
 * variation of the node before: (;GM[1](;B[](;W[]...))) */
static char *nested_game(size_t n, size_t *len)
{
	char *text = malloc(10 + 6 * n), *p = text;
	p += sprintf(p, "(;GM[1]");
	for (size_t i = 0; i < n; i++)
		p += sprintf(p, "(;%c[]", i % 2 ? 'W' : 'B');
	memset(p, ')', n + 1);
	p += n + 1;
	*len = (size_t)(p - text);
	return text;
}

static long resident_kb(void)
{
	FILE *f = fopen("/proc/self/status", "r");
	char line[256];
	long kb = -1;
	while (f && fgets(line, sizeof line, f))
		if (!strncmp(line, "VmRSS:", 6))
			kb = atol(line + 6);
	if (f)
		fclose(f);
	return kb;
}

/* Issue 52: the check of a game of one line nested 6,767 deep (the real
 * SGF set's peak, testdata/rules/sgf-deep-nesting) peaks at the tree it
 * read and little more: the blocks of the nodes passed given back to the
 * system, the record's text and position map not grown out of the heap
 * (each left its last block there). The growth of the process's peak
 * over what it held before the check, per node, against a node's size:
 * 165 to 173 bytes a node (of 112) before, 96 to 104 since. A smaller
 * game of the same shape checked first, so that the code and the heap's
 * own pages the check needs are resident already. */
static void deep_line_peak(void)
{
#if !defined(__linux__) || !defined(__GLIBC__) || defined(SANITIZED)
	printf("ok %d # SKIP the peak of a deep line: glibc on Linux, no sanitizer\n", ++tap_count);
#else
	size_t n = 6767, len;
	char *text = nested_game(n / 2, &len);
	jgf_result_free(jgf_lint(NULL, "warm.sgf", text, len, 0));
	free(text);
	text = nested_game(n, &len);
	long before = resident_kb();
	jgf_result *r = jgf_lint(NULL, "deep.sgf", text, len, 0);
	struct rusage ru;
	getrusage(RUSAGE_SELF, &ru);
	double per_node = (double)(ru.ru_maxrss - before) * 1024 / (double)n;
	tap_ok(r && jgf_result_count(r) == 1 && before > 0 &&
	       per_node <= 1.25 * (double)sizeof(struct sgf_node),
	       "a line nested %zu deep peaks at %.0f bytes a node over what was held (a node "
	       "%zu, at most 1.25 times that)", n, per_node, sizeof(struct sgf_node));
	jgf_result_free(r);
	free(text);
#endif
}

/* has_high (misread.h) reads 32 and 8 bytes a step: the same answer as a
 * byte at a time for one high byte at every place of texts of 0 to 80
 * bytes, at every alignment, and for none. */
static void high_bytes(void)
{
	char text[96];
	bool same = true;
	for (size_t off = 0; off < 8; off++)
		for (size_t len = 0; len <= 80; len++) {
			memset(text, 'a', sizeof text);
			text[off + len] = (char)0x80;   /* just past the end: not read */
			if (off)
				text[off - 1] = (char)0xff;   /* just before: not read */
			same &= !has_high(text + off, len);
			for (size_t k = 0; k < len; k++) {
				text[off + k] = (char)(k % 2 ? 0x80 : 0xe3);
				same &= has_high(text + off, len);
				text[off + k] = 'a';
			}
		}
	tap_ok(same, "has_high finds one high byte wherever it is and none outside the text");
}

/* sgf_blank_line: the first line break of the text's first 64 KiB, as
 * written (LF, CR LF, a lone CR), twice; LF when there is none there. */
static void blank_lines(void)
{
	static char big[70000];
	memset(big, 'a', sizeof big);
	big[65536] = '\r';   /* past the 64 KiB read */
	big[30000] = '\r', big[30001] = '\n';
	bool ok = !strcmp(sgf_blank_line("(;C[a]\n)", 9), "\n\n") &&
		  !strcmp(sgf_blank_line("(;C[a]\r\n)\r", 10), "\r\n\r\n") &&
		  !strcmp(sgf_blank_line("(;C[a]\r)\n", 9), "\r\r") &&
		  !strcmp(sgf_blank_line("(;C[a]\r", 7), "\r\r") &&   /* CR, the last byte */
		  !strcmp(sgf_blank_line("(;C[a]\r\n", 7), "\r\r") &&   /* LF past len */
		  !strcmp(sgf_blank_line("(;C[a])", 7), "\n\n") &&
		  !strcmp(sgf_blank_line("", 0), "\n\n") &&
		  !strcmp(sgf_blank_line(big, sizeof big), "\r\n\r\n");
	big[30000] = big[30001] = 'a';
	ok &= !strcmp(sgf_blank_line(big, sizeof big), "\n\n");
	tap_ok(ok, "sgf_blank_line: the first break of the first 64 KiB, LF without one");
}

/* sgf_decode_text as it was, a byte at a time: what its runs of eight
 * must keep. */
static void decode_bytewise(struct buf *out, const char *s, size_t len, bool simple, size_t *colon)
{
	if (colon)
		*colon = SIZE_MAX;
	for (size_t i = 0; i < len; i++) {
		char c = s[i];
		if (c == '\\' && i + 1 < len) {
			c = s[++i];
			if (c == '\n' || c == '\r') {
				if (i + 1 < len && (s[i + 1] == '\n' || s[i + 1] == '\r') && s[i + 1] != c)
					i++;
				continue;
			}
		} else if (c == ':' && colon) {
			*colon = i;
			break;
		} else if (c == '\r' || c == '\n') {
			if (i + 1 < len && (s[i + 1] == '\n' || s[i + 1] == '\r') && s[i + 1] != c)
				i++;
			c = '\n';
		}
		if (c == '\n' && simple)
			c = ' ';
		else if (c != '\n' && isspace((unsigned char)c))
			c = ' ';
		buf_addc(out, c);
	}
	if (!out->data)
		buf_adds(out, "");
}

/* Every byte, then one more, at every place of texts of 1 to 24 bytes,
 * decoded as Text and SimpleText, with and without a colon asked. */
static void decode_runs(void)
{
	char s[32];
	size_t bad = 0;
	for (size_t len = 1; len <= 24; len++)
		for (size_t k = 0; k < len; k++)
			for (int c = 0; c < 256; c++)
				for (int mode = 0; mode < 4; mode++) {
					memset(s, 'a' + (int)(len % 26), len);
					s[k] = (char)c;
					if (k + 1 < len)
						s[k + 1] = (char)"\n:\\ \x7f\x80\xff\t"[(c + k) % 8];
					struct buf a = BUF_INIT, b = BUF_INIT;
					size_t ca = 0, cb = 0;
					sgf_decode_text(&a, s, len, mode & 1, mode & 2 ? &ca : NULL);
					decode_bytewise(&b, s, len, mode & 1, mode & 2 ? &cb : NULL);
					bad += !buf_equal(&a, &b) || ca != cb;
					buf_free(&a);
					buf_free(&b);
				}
	tap_ok(!bad, "sgf_decode_text's runs decode as a byte at a time does (%zu differ)", bad);
}

/* put_string writes what json-c's writing of the string (NODE_FLAGS),
 * read by json_escape_invisible, is: every byte at every place of strings
 * of 1 to 24 bytes (the eight-byte runs, their tails), invisible and other
 * characters beside escapes, a NUL byte inside. */
static bool string_as_jsonc(const char *s, size_t len)
{
	struct buf mine = BUF_INIT, theirs = BUF_INIT;
	put_string(&mine, s, len);
	json_object *v = dom_string_len(s, len);
	size_t n;
	const char *json = dom_json(v, NODE_FLAGS, &n);
	json_escape_invisible(&theirs, json, n);
	json_object_put(v);
	bool same = buf_equal(&mine, &theirs);
	buf_free(&mine);
	buf_free(&theirs);
	return same;
}

static void strings_as_jsonc(void)
{
	char s[32];
	size_t bad = 0;
	for (size_t len = 1; len <= 24; len++)
		for (size_t k = 0; k < len; k++)
			for (int c = 1; c < 256; c++) {
				memset(s, 'a', len);
				s[k] = (char)c;
				if (c >= 0x80 && k + 1 < len)   /* a two-byte character too */
					s[k + 1] = (char)(0x80 | (c & 0x3f));
				bad += !string_as_jsonc(s, len);
			}
	static const char *const texts[] = {
		"a \"quoted\" back\\slash\ttab / slash\r\nline\fff\bbs\x01\x1f\x7f",
		"\xe2\x80\x8bzw \"n\"\x0b", "\xe6\x97\xa5\xe6\x9c\xac \"x\"\n\xe2\x80\xaey",
		"plain text of a comment, long enough for runs of eight\nand a second line",
		"\xff\xfe invalid\n\xc3", "\xe2\x80\n\x8b",
	};
	for (size_t i = 0; i < sizeof texts / sizeof *texts; i++)
		bad += !string_as_jsonc(texts[i], strlen(texts[i]));
	static const char nul[] = "nul\0inside\n";   /* its 11 bytes, the NUL inside */
	bad += !string_as_jsonc(nul, sizeof nul - 1);
	tap_ok(!bad, "put_string writes a string as json-c and json_escape_invisible do (%zu differ)", bad);
}

/* sgf_point_of: two letters, as they are or with blanks around them; any
 * other text is no point (its fast path for two letters, and the trimming
 * way, agree). */
static void points(void)
{
	static const struct { const char *s; int x, y; } cases[] = {
		{ "ab", 0, 1 }, { "sA", 18, 26 }, { "ZZ", 51, 51 }, { " dp", 3, 15 },
		{ "dp\n", 3, 15 }, { " \tcc ", 2, 2 }, { "a1", -1, -1 }, { "1a", -1, -1 },
		{ "a ", -1, -1 }, { " a", -1, -1 }, { "a b", -1, -1 }, { "abc", -1, -1 },
		{ "", -1, -1 }, { "[a", -1, -1 }, { "a]", -1, -1 }, { "\xC3\xA9", -1, -1 },
	};
	bool right = true;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		int x = -9, y = -9;
		bool ok = sgf_point_of(cases[i].s, strlen(cases[i].s), &x, &y);
		right &= cases[i].x < 0 ? !ok : ok && x == cases[i].x && y == cases[i].y;
		if (!right) {
			printf("# %s: %d (%d, %d)\n", cases[i].s, ok, x, y);
			break;
		}
	}
	tap_ok(right, "sgf_point_of: two letters with or without blanks around them, nothing else");
}

/* Whether the guard takes now_text's games as was_text's after one edit
 * of its line 1 from column from up to to. */
static bool guard_keeps(const char *was_text, const char *now_text, uint32_t from, uint32_t to)
{
	struct sgf_digest was = { .text = BUF_INIT }, now = { .text = BUF_INIT };
	sgf_digest_read(&was, was_text, strlen(was_text));
	sgf_digest_read(&now, now_text, strlen(now_text));
	struct sgf_span span = { { 1, from }, { 1, to }, false, "", { 1, from } };
	struct sgf_names ns = { 0 };
	sgf_digest_named(&was, &span, 1, &ns);
	bool same = sgf_digest_same(&was, &now, &ns, false, NULL);
	sgf_names_free(&ns);
	sgf_digest_free(&was);
	sgf_digest_free(&now);
	return same;
}

/* The guard's paragraphs (convert/sgfsame.c): an edit from PB's value over
 * C[y] into C's third value (C given again, each of its values to be kept)
 * may leave C's values joined by the file's blank line, each a paragraph
 * between blank lines (sgfmerge.c's). LF LF CR before y, or CR LF CR CR
 * after x, is a blank line and a CR of the value's: x or y changed, which
 * texts_of took as kept (a run of line breaks holding a blank line parted
 * paragraphs at its ends, where paragraph_at asked one at each end). */
static void guard_paragraphs(void)
{
	static const char was[] = "(;GM[1]C[x]PB[Lee]C[y]PB[Kim]C[z])";
	static const char *const kept[] = {
		"(;GM[1]C[x]PB[Lee\n\nKim]C[y]C[z])", "(;GM[1]C[x\n\ny\n\nz]PB[Lee\n\nKim])",
		"(;GM[1]C[x\r\ry\r\rz]PB[Lee\r\rKim])", "(;GM[1]C[x\r\n\r\ny\r\n\r\nz]PB[Lee\r\n\r\nKim])",
	};
	static const char *const changed[] = {
		"(;GM[1]C[x\n\n\ry\n\nz]PB[Lee\n\nKim])", "(;GM[1]C[x\n\ny\n\r\nz]PB[Lee\n\nKim])",
		"(;GM[1]C[x\r\n\r\ry\r\rz]PB[Lee\r\rKim])",
	};
	size_t wrong = 0;
	for (size_t i = 0; i < sizeof kept / sizeof *kept; i++)
		wrong += !guard_keeps(was, kept[i], 16, 33);
	for (size_t i = 0; i < sizeof changed / sizeof *changed; i++)
		wrong += guard_keeps(was, changed[i], 16, 33);
	tap_ok(!wrong, "the guard: a merged value's paragraphs begin and end at blank lines (LF LF, "
		       "CR CR, CR LF CR LF), a CR beside one is a value's (%zu wrong)", wrong);
}

/* The position map's places, held as each differs from the one before
 * (posmap.c): each read back as it was given, alone and one after the
 * other (a move's node found from its place), whatever the step between
 * two (the next line, back, far, a column before the last, a move count
 * past 31 bits), across the blocks held whole; a UGF record's (the next
 * line, its first column, a move each) a byte a node. */
static void places(void)
{
	enum { N = 5000 };
	static struct posmap_place want[N];
	struct posmap map = { 0 };
	size_t seq = posmap_tree(&map);
	uint64_t r = 12345;
	unsigned long moves = 0;
	uint32_t line = 1, col = 1;
	for (size_t i = 0; i < N; i++) {
		r = r * 6364136223846793005u + 1442695040888963407u;
		unsigned k = (unsigned)(r >> 33);
		switch (k % 8) {
		case 0: line++, col = 1; break;
		case 1: col += k % 7; break;
		case 2: line += k % 100000, col = k % 300 + 1; break;
		case 3: line -= line > 3 ? 3 : 0, col = k % 9 + 1; break;
		case 4: col = col > 5 ? col - 5 : 1; break;
		case 5: col += 1000; break;
		case 6: line++, col = k % 7; break;
		default: moves = k % 1000; break;
		}
		bool move = k & 64;
		moves += move;
		if (i == N / 2)
			moves = POSMAP_MOVES_MAX + 10ul;
		if (i == N / 2 + 1)
			moves = 3;
		posmap_node_at(&map, seq, i, (struct sgf_pos){ line, col }, moves, move);
		want[i] = (struct posmap_place){ line, col,
			moves > POSMAP_MOVES_MAX ? POSMAP_MOVES_MAX : (uint32_t)moves, move };
	}
	size_t wrong = 0, found = 0;
	for (size_t i = 0; i < N; i++) {
		struct posmap_place p = posmap_place_at(&map, i);
		wrong += p.line != want[i].line || p.col != want[i].col ||
			 p.moves != want[i].moves || p.move != want[i].move;
	}
	for (size_t i = 0; i < N; i += 7) {
		if (!want[i].move)
			continue;
		size_t first = 0;
		while (!want[first].move || want[first].line != want[i].line ||
		       want[first].col != want[i].col)
			first++;
		struct buf ptr = BUF_INIT, expect = BUF_INIT;
		buf_printf(&expect, "/tree/%zu", first);
		found++;
		wrong += !posmap_node_from(&map, (struct sgf_pos){ want[i].line, want[i].col }, &ptr) ||
			 strcmp(ptr.data, expect.data);
		buf_free(&ptr);
		buf_free(&expect);
	}
	tap_ok(!wrong && found > 100, "the position map's places read back as given, %d of them "
	       "(%zu move nodes found by place): %zu wrong", N, found, wrong);
	posmap_free(&map);
	seq = posmap_tree(&map);
	for (size_t i = 0; i < N; i++)
		posmap_node_at(&map, seq, i, (struct sgf_pos){ 6 + i, 1 }, i + 1, true);
	struct posmap_place last = posmap_place_at(&map, N - 1);
	tap_ok(map.deltas.len <= N && last.line == 5 + N && last.moves == N,
	       "a UGF record's places, the next line and a move each: %zu bytes for %d", map.deltas.len, N);
	posmap_free(&map);
}

/* The line-based readers' lines (lines.c reads eight bytes at a time
 * where none is below 14): the same lines as a byte at a time finds them,
 * LF, CR LF or a lone CR ending each, in texts of line breaks, tabs,
 * control and high bytes at every offset and length. */
static void lines_read(void)
{
	static const char bytes[] = { '\n', '\r', '\t', 1, 0x0D - 1, 0x0E, 'a', ' ', (char)0x80,
				      (char)0xFF, (char)0x8D, (char)0x8A };
	char text[200];
	uint64_t r = 99;
	size_t wrong = 0, lines = 0;
	for (int t = 0; t < 4000; t++) {
		r = r * 6364136223846793005u + 1442695040888963407u;
		size_t len = (size_t)(r >> 33) % sizeof text;
		/* a few kinds of byte a text, so that some runs are long */
		unsigned kinds = (unsigned)(r >> 20) % 4 + 1;
		for (size_t i = 0; i < len; i++) {
			r = r * 6364136223846793005u + 1442695040888963407u;
			unsigned k = (unsigned)(r >> 40);
			text[i] = k % 8 < 6 ? bytes[6 + k / 8 % 6] : bytes[k / 64 % (kinds * 3)];
		}
		struct line_reader rd;
		struct line l;
		line_reader_init(&rd, text, len);
		size_t p = 0;
		unsigned long no = 0;
		while (line_next(&rd, &l)) {
			size_t e = p;
			while (e < len && text[e] != '\n' && text[e] != '\r')
				e++;
			wrong += l.s != text + p || l.len != e - p || l.no != ++no;
			lines++;
			p = e < len && text[e] == '\r' && e + 1 < len && text[e + 1] == '\n' ? e + 2 : e + 1;
		}
		wrong += p < len;
	}
	tap_ok(!wrong && lines > 10000, "a text's lines (%zu) as a byte at a time finds them: %zu wrong",
	       lines, wrong);
}

/* One note's words: what snprintf writes of the same format and values. */
#define NOTE_SAME(notes, same, ...) do { \
		char want_[512]; \
		snprintf(want_, sizeof want_, __VA_ARGS__); \
		sgf_note(notes, NULL, (struct sgf_pos){ 1, 1 }, __VA_ARGS__); \
		same &= !strcmp((notes)->items[(notes)->len - 1].text, want_); \
	} while (0)

/* A note's words, written without printf's machinery for the tables'
 * common conversions (sgfnote.c's words_quick) and by vsnprintf for the
 * others, a NULL string or words past its 256 bytes: each as snprintf
 * writes them. */
static void notes_worded(void)
{
	struct sgf_notes notes = { 0 };
	bool same = true;
	char *nothing = getenv("JGFLINT_TEST_NO_SUCH_VARIABLE");   /* NULL, unknown to -Wformat */
	char longer[400];
	memset(longer, 'x', sizeof longer - 1);
	longer[sizeof longer - 1] = '\0';
	NOTE_SAME(&notes, same, "plain words, no conversion");
	NOTE_SAME(&notes, same, "%s|%.*s|%.2s|%.*s|%.*s|%%|%s", "abc", 2, "xyz", "qrs", -1, "whole", 0,
		  "none", "");
	NOTE_SAME(&notes, same, "%d %d %d %ld %ld %lld %lld", 0, INT_MIN, INT_MAX, LONG_MIN, LONG_MAX,
		  LLONG_MIN, LLONG_MAX);
	NOTE_SAME(&notes, same, "%u %u %lu %lu %zu %zu %" PRIu32 ":%" PRIu32, 0u, UINT_MAX, 0ul, ULONG_MAX,
		  (size_t)0, SIZE_MAX, (uint32_t)7, UINT32_MAX);
	NOTE_SAME(&notes, same, "at %s[%.15g], %04X, %c, %5s", "KM", 6.5, 255u, 'q', "ab");
	NOTE_SAME(&notes, same, "%s and %s", "a", nothing);
	NOTE_SAME(&notes, same, "%s, %zu", longer, (size_t)12);
	NOTE_SAME(&notes, same, "%.*s%s", 250, longer, "0123456789");
	tap_ok(same && notes.len == 8, "a note's words as snprintf writes them, its common conversions "
	       "without printf");
	sgf_notes_free(&notes);
}

int main(void)
{
	tap_init();
	points();
	deep_line_peak();   /* first: the process's peak is its own */
	prop_lookup();
	idents();
	values();
	properties();
	ids();
	kids();
	reals();
	boxes();
	misfits();
	high_bytes();
	blank_lines();
	guard_paragraphs();
	strings_as_jsonc();
	decode_runs();
	places();
	lines_read();
	notes_worded();
	return tap_done();
}
