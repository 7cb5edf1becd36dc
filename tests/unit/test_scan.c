/* Loader tests: every input the strict scanner must reject (or accept), with
 * the exact rule, line, column and pointer of each finding. */
#include <stdlib.h>
#include <string.h>

#include "base/dom.h"
#include "core/catalog.h"
#include "core/schema.h"
#include "lint/lint.h"
#include "read/nodes.h"
#include "read/scan.h"
#include "tap.h"

struct expect {
	const char *name;
	const char *input;
	size_t len;             /* 0: strlen(input) */
	bool dom;               /* a DOM must have been built */
	/* Expected findings, in order, as "RULE LINE:COL POINTER"; NULL ends. */
	const char *findings[4];
};

#define NONE_FOUND { NULL }

static const struct expect cases[] = {
	/* Accepted. */
	{ "minimal object", "{}", 0, true, NONE_FOUND },
	{ "all value kinds", "{\"a\":[1,-0,0.5,1e5,-2.5E-3,true,false,null,\"s\\n\\u00e9\\ud83d\\ude00\",{}]}", 0, true, NONE_FOUND },
	{ "white space of all kinds", " \t\r\n{ \"a\" :\r\n 1 }\n\n", 0, true, NONE_FOUND },
	{ "raw UTF-8 of every length", "{\"k\":\"é—😀\"}", 0, true, NONE_FOUND },
	/* DEL is not a control character to JSON (RFC 8259 section 7). */
	{ "raw DEL in a string and a key", "{\"a\x7f\":\"x\x7f y\x7f\"}", 0, true, NONE_FOUND },
	{ "largest 64-bit integers", "{\"a\":18446744073709551615,\"b\":-9223372036854775808}", 0, true, NONE_FOUND },
	{ "same key in different objects", "{\"a\":{\"a\":1},\"b\":{\"a\":2}}", 0, true, NONE_FOUND },

	/* JSON.parse rejects these; json-c accepts some of them. */
	{ "comment //", "{\n  // note\n  \"a\": 1\n}", 0, false, { "json-syntax 2:3 " } },
	{ "comment block", "{\"a\": /* x */ 1}", 0, false, { "json-syntax 1:7 /a" } },
	{ "trailing comma in object", "{\"a\": 1,\n}", 0, false, { "json-syntax 1:8 /a" } },
	{ "trailing comma in array", "{\"a\": [1, 2, ]}", 0, false, { "json-syntax 1:12 /a/1" } },
	/* A comma, a bracket, then what the container takes after a comma:
	 * the bracket is one too many (one finding, at it). */
	{ "a `}` one too many after a comma", "{\"a\": 1, }\"b\": 2}", 0, false, { "json-syntax 1:10 /a" } },
	{ "a `]` one too many after a comma", "{\"a\": [1, ]2]}", 0, false, { "json-syntax 1:11 /a/0" } },
	{ "a `[]` without its `[`", "{\"a\": [[1], ]]}", 0, false, { "json-syntax 1:13 /a/0" } },
	/* Values up to a `]` after a member: its array's `[` is missing. */
	{ "a `[` missing before numbers", "{\"a\": 1, 2]}", 0, false, { "json-syntax 1:10 /a" } },
	{ "a `[` missing before strings", "{\"a\": \"x\", \"y\", \"z\"]}", 0, false, { "json-syntax 1:15 /y" } },
	{ "a `[` missing before the document", "{}, {}]", 0, false, { "json-syntax 1:3 " } },
	/* A string without its opening quote, ended by a `"` on its line. */
	{ "an opening quote missing before digits", "{\"v\": 4.3.0\"}", 0, false, { "json-syntax 1:10 /v" } },
	{ "an opening quote missing before a letter", "{\"v\": \xc5\x8csaka\"}", 0, false, { "json-syntax 1:7 /v" } },
	{ "a missing comma after a number", "{\"a\": 1 \"b\": 2}", 0, false, { "json-syntax 1:9 /a" } },
	{ "a trailing comma before `}`, then `,`", "{\"a\": {\"b\": 1, }, \"c\": 2}", 0, false, { "json-syntax 1:14 /a/b" } },
	{ "single-quoted value", "{\"a\": 'x'}", 0, false, { "json-syntax 1:7 /a" } },
	{ "single-quoted key", "{'a': 1}", 0, false, { "json-syntax 1:2 " } },
	{ "unquoted key", "{a: 1}", 0, false, { "json-syntax 1:2 " } },
	{ "NaN", "{\"komi\": NaN}", 0, false, { "json-syntax 1:10 /komi" } },
	{ "Infinity", "{\"komi\": Infinity}", 0, false, { "json-syntax 1:10 /komi" } },
	{ "-Infinity", "{\"komi\": -Infinity}", 0, false, { "json-syntax 1:10 /komi" } },
	{ "leading zero", "{\"a\": 01}", 0, false, { "json-syntax 1:7 /a" } },
	{ "negative leading zero", "{\"a\": -01}", 0, false, { "json-syntax 1:7 /a" } },
	{ "double zero", "{\"a\": 00}", 0, false, { "json-syntax 1:7 /a" } },
	{ "decimal point without digits", "{\"a\": 1.}", 0, false, { "json-syntax 1:8 /a" } },
	{ "number starting with a point", "{\"a\": .5}", 0, false, { "json-syntax 1:7 /a" } },
	{ "number starting with plus", "{\"a\": +1}", 0, false, { "json-syntax 1:7 /a" } },
	{ "exponent without digits", "{\"a\": 1e}", 0, false, { "json-syntax 1:8 /a" } },
	{ "True", "{\"a\": True}", 0, false, { "json-syntax 1:7 /a" } },
	{ "NULL", "{\"a\": NULL}", 0, false, { "json-syntax 1:7 /a" } },
	{ "bare word", "{\"a\": black}", 0, false, { "json-syntax 1:7 /a" } },
	{ "raw tab in string", "{\"a\": \"x\ty\"}", 0, false, { "json-syntax 1:9 /a" } },
	{ "raw line feed in string", "{\"a\": \"x\ny\"}", 0, false, { "json-syntax 1:9 /a" } },
	{ "raw U+0001 in string", "{\"a\": \"x\001\"}", 0, false, { "json-syntax 1:9 /a" } },
	{ "NUL byte in string", "{\"a\": \"x\0\"}", 11, false, { "json-syntax 1:9 /a" } },
	{ "NUL byte after the document", "{\"a\": 1}\0garbage", 16, false, { "json-syntax 1:9 " } },
	{ "text after the document", "{}\n{}", 0, false, { "json-syntax 2:1 " } },
	{ "unterminated string", "{\"a\": \"xyz", 0, false, { "json-syntax 1:11 /a" } },
	{ "invalid escape", "{\"a\": \"\\x41\"}", 0, false, { "json-syntax 1:8 /a" } },
	{ "short \\u escape", "{\"a\": \"\\u12\"}", 0, false, { "json-syntax 1:8 /a" } },
	{ "missing comma", "{\"a\": 1\n \"b\": 2}", 0, false, { "json-syntax 2:2 /a" } },
	{ "missing colon", "{\"a\" 1}", 0, false, { "json-syntax 1:6 /a" } },
	{ "mismatched bracket", "{\"a\": [1}", 0, false, { "json-syntax 1:9 /a/0" } },
	{ "unclosed object", "{\"a\": {\"b\": 1}", 0, false, { "json-syntax 1:15 /a" } },
	{ "missing value", "{\"a\": }", 0, false, { "json-syntax 1:7 /a" } },
	{ "double comma", "{\"a\": [1,,2]}", 0, false, { "json-syntax 1:10 /a/1" } },
	{ "empty file", "", 0, false, { "json-syntax 1:1 " } },
	{ "only white space", "\n  \n", 0, false, { "json-syntax 3:1 " } },
	{ "non-breaking space as white space", "{\"a\":\xc2\xa0" "1}", 0, false, { "json-syntax 1:6 /a" } },
	{ "column counts code points", "{\"é😀\": 1,}", 0, false, { "json-syntax 1:9 /é😀" } },
	{ "CRLF lines", "{\r\n\"a\": 1,\r\n}", 0, false, { "json-syntax 2:7 /a" } },
	{ "lone CR lines", "{\r\"a\": 1,\r}", 0, false, { "json-syntax 2:7 /a" } },

	/* Encoding. */
	{ "invalid byte 0xFF", "{\"a\": \"\xff\"}", 0, false, { "json-encoding 1:8 /a" } },
	{ "Latin-1 byte", "{\"a\": \"caf\xe9\"}", 0, false, { "json-encoding 1:11 /a" } },
	{ "stray continuation byte", "{\"a\": \"\x80\"}", 0, false, { "json-encoding 1:8 /a" } },
	{ "overlong C0 AF", "{\"a\": \"\xc0\xaf\"}", 0, false, { "json-encoding 1:8 /a" } },
	{ "overlong E0 80 AF", "{\"a\": \"\xe0\x80\xaf\"}", 0, false, { "json-encoding 1:8 /a" } },
	{ "encoded surrogate ED A0 80", "{\"a\": \"\xed\xa0\x80\"}", 0, false, { "json-encoding 1:8 /a" } },
	{ "beyond U+10FFFF", "{\"a\": \"\xf4\x90\x80\x80\"}", 0, false, { "json-encoding 1:8 /a" } },
	{ "truncated sequence", "{\"a\": \"\xe2\x80\"}", 0, false, { "json-encoding 1:8 /a" } },
	{ "invalid byte outside strings", "{\"a\": \xff}", 0, false, { "json-encoding 1:7 /a" } },
	{ "lone high surrogate escape", "{\"a\": \"\\ud800x\", \"b\": 1}", 0, true, { "json-encoding 1:8 /a" } },
	{ "lone low surrogate escape", "{\"a\": \"\\udc00\"}", 0, true, { "json-encoding 1:8 /a" } },
	{ "error inside a key", "{\"a\": 1, \"b\\x\": 2}", 0, false, { "json-syntax 1:12 " } },
	{ "reversed surrogate pair", "{\"a\": \"\\ude00\\ud83d\"}", 0, true, { "json-encoding 1:8 /a", "json-encoding 1:14 /a" } },
	{ "BOM", "\xef\xbb\xbf{\"a\": 1}", 0, true, { "json-bom 1:1 " } },
	{ "BOM then an error", "\xef\xbb\xbf{\"a\": 1,}", 0, false, { "json-bom 1:1 ", "json-syntax 1:8 /a" } },

	/* Reported, and the DOM is still built. */
	{ "duplicate key", "{\"a\": 1,\n \"a\": 2}", 0, true, { "json-duplicate-key 2:2 /a" } },
	{ "duplicate key via escape", "{\"a\": 1, \"\\u0061\": 2}", 0, true, { "json-duplicate-key 1:10 /a" } },
	{ "duplicate key nested", "{\"p\": [{\"n\": 1, \"n\": 2}]}", 0, true, { "json-duplicate-key 1:17 /p/0/n" } },
	{ "NUL in key", "{\"a\\u0000b\": 1}", 0, true, { "json-key-nul 1:4 " } },
	{ "integer beyond uint64", "{\"a\": 18446744073709551616}", 0, true, { "json-number-range 1:7 /a" } },
	{ "integer below int64", "{\"a\": -9223372036854775809}", 0, true, { "json-number-range 1:7 /a" } },
	{ "double beyond range", "{\"a\": 1e400}", 0, true, { "json-number-range 1:7 /a" } },
	{ "long double beyond range", "{\"a\": -1.5E+309}", 0, true, { "json-number-range 1:7 /a" } },

	/* Valid JSON that is not an object loads; the engine says it is no record. */
	{ "top-level array", "[1, 2]", 0, true, NONE_FOUND },
	{ "top-level number", " 42", 0, true, NONE_FOUND },
	{ "top-level string", "\"x\"", 0, true, NONE_FOUND },
	{ "top-level null after BOM", "\xef\xbb\xbfnull", 0, true, { "json-bom 1:1 " } },
};

static void check(const struct expect *e)
{
	struct document doc;
	document_load_buffer(&doc, "case", e->input, e->len ? e->len : strlen(e->input));
	document_locate(&doc);
	size_t want = 0;
	while (want < 4 && e->findings[want])
		want++;
	bool ok = doc.diags.len == want && doc.parsed == e->dom;
	for (size_t i = 0; ok && i < want; i++) {
		const struct diag *d = &doc.diags.items[i];
		char got[256];
		snprintf(got, sizeof got, "%s %lu:%lu %s", d->rule->id, d->line, d->col,
			 d->pointer ? d->pointer : "(none)");
		ok = strcmp(got, e->findings[i]) == 0;
	}
	if (!tap_ok(ok, "%s", e->name)) {
		printf("# expected %zu finding(s)%s:\n", want, e->dom ? " and a DOM" : "");
		for (size_t i = 0; i < want; i++)
			printf("#   %s\n", e->findings[i]);
		printf("# got%s:\n", doc.parsed ? " a DOM and" : "");
		for (size_t i = 0; i < doc.diags.len; i++) {
			const struct diag *d = &doc.diags.items[i];
			printf("#   %s %lu:%lu %s  (%s)\n", d->rule->id, d->line, d->col,
			       d->pointer ? d->pointer : "(none)", d->message);
		}
	}
	document_free(&doc);
}

/* A document is classified once (document_record): the engine takes what
 * the check in place found, not a classification of its own. */
static void classified_once(void)
{
	static const char rec[] = "{\"record\": {\"version\": 2}, \"tree\": [{}]}";
	struct document doc;
	document_load_buffer(&doc, "once.jgf", rec, sizeof rec - 1);
	const struct record_info *first = document_record(&doc);
	bool same = first == document_record(&doc) && first->dialect == DIALECT_JGF;
	doc.rec.dialect = DIALECT_FOREIGN;   /* what the engine must take */
	doc.rec.what = "once classified";
	lint_document(&doc, NULL);
	tap_ok(same && doc.diags.len == 1 && doc.diags.items[0].rule == &rule_foreign_format &&
	       strcmp(doc.diags.items[0].message, "once classified") == 0,
	       "the engine takes the document's classification (%zu findings)", doc.diags.len);
	document_free(&doc);
}

/* load_estimate_streamed counts each `\n`, `[` and `{` wherever it stands
 * (it reads 16 or 8 bytes at a time, then the rest), over 255 runs too:
 * what one more of each adds is found on a text of one, then every text
 * is held to its byte-at-a-time count. */
static void estimated(void)
{
	static char t[20000];
	memset(t, 'a', sizeof t);
	size_t base = load_estimate_streamed(t, 1);
	t[0] = '\n';
	size_t line = load_estimate_streamed(t, 1) - base;
	t[0] = '[';
	size_t array = load_estimate_streamed(t, 1) - base;
	t[0] = '{';
	size_t object = load_estimate_streamed(t, 1) - base;
	bool right = line && array && object;
	unsigned seed = 52;
	for (size_t len = 0; len < sizeof t; len += len < 70 ? 1 : 997) {
		size_t lines = 0, arrays = 0, objects = 0;
		for (size_t i = 0; i < len; i++) {
			seed = seed * 1103515245u + 12345u;
			t[i] = "\n[{a\xFF"[(seed >> 16) % 5];
			lines += t[i] == '\n', arrays += t[i] == '[', objects += t[i] == '{';
		}
		right &= load_estimate_streamed(t, len) ==
			 base - 1 + len + lines * line + arrays * array + objects * object;
	}
	memset(t, '{', sizeof t);   /* each lane of the 16 counts past 255 */
	right &= load_estimate_streamed(t, sizeof t) == base - 1 + sizeof t + sizeof t * object;
	tap_ok(right, "load_estimate_streamed: every line, array and object counted, at any length");
}

/* scan_tree_seq_near answers as scan_tree_seq, whatever order it is asked
 * in and whatever its hints (near, after) hold: 200 sequences, starts 10
 * apart, after a sibling's index, another's or past the end; 20,000
 * questions of offsets on and between them, in text order, at random and
 * in the node reader's order (the first variation, then its siblings). */
static void seq_near(void)
{
	enum { N = 200 };
	struct scan_seq seqs[N];
	for (uint32_t i = 0; i < N; i++)
		seqs[i] = (struct scan_seq){ .start = 10 * i + 5, .end = 10 * i + 9,
					     .after = i % 7 ? i + 1 + i % 5 : i % 3 ? 7 * N : i / 2 };
	struct scan_tree tree = { .seqs = seqs, .len = N, .tree = SIZE_MAX };
	size_t near = 0, wrong = 0;
	srand(7);
	for (size_t q = 0; q < 20000; q++) {
		size_t start = q < 2100 ? q : q % 3 ? (size_t)rand() % (10 * N + 20) :
			       seqs[(q / 3 * 5 + (size_t)rand() % 3) % N].start;
		if (q % 101 == 0)
			near = (size_t)rand() % (N + 3);   /* a hint of nothing */
		wrong += scan_tree_seq_near(&tree, start, &near) != scan_tree_seq(&tree, start);
	}
	tap_ok(!wrong, "scan_tree_seq_near answers as scan_tree_seq (%zu of 20000 not)", wrong);
}

/* A move's mark (read/nodes.h) in a converter's text is read as the node
 * its JSON gives, ends where it ends, and a mark that is none (a colour
 * or coordinate no mark has) is not read as a node. */
static void move_marks(void)
{
	static const struct { const char *mark, *json; } marks[] = {
		{ "~Bpd", "{ \"move\": { \"color\": \"black\", \"x\": 15, \"y\": 3 } }" },
		{ "~Waa", "{ \"move\": { \"color\": \"white\", \"x\": 0, \"y\": 0 } }" },
		{ "~BzA", "{ \"move\": { \"color\": \"black\", \"x\": 25, \"y\": 26 } }" },
		{ "~WZZ", "{ \"move\": { \"color\": \"white\", \"x\": 51, \"y\": 51 } }" },
		{ "~b", "{ \"move\": { \"color\": \"black\", \"pass\": true } }" },
		{ "~w", "{ \"move\": { \"color\": \"white\", \"pass\": true } }" },
	};
	for (size_t i = 0; i < sizeof marks / sizeof *marks; i++) {
		char text[32];
		size_t len = (size_t)snprintf(text, sizeof text, "%s,", marks[i].mark);
		struct scan_reader *r = scan_reader_new(text, len, NULL, schema_known_key, NULL);
		scan_reader_made(r);
		struct scan_node n;
		bool read = scan_reader_node(r, 0, &n);
		const char *json = read ? dom_json(n.value, JSON_C_TO_STRING_SPACED, NULL) : "";
		tap_ok(read && !strcmp(json, marks[i].json) && n.end == strlen(marks[i].mark) &&
		       n.variations == SIZE_MAX,
		       "the mark %s is read as the node %s (got %s)", marks[i].mark, marks[i].json, json);
		if (read)
			json_object_put(n.value);
		scan_reader_free(r);
	}
	static const char *const none[] = { "~Xab", "~B!a", "~Ba1", "~" };
	for (size_t i = 0; i < sizeof none / sizeof *none; i++) {
		struct scan_reader *r = scan_reader_new(none[i], strlen(none[i]), NULL,
							schema_known_key, NULL);
		scan_reader_made(r);
		struct scan_node n;
		bool read = scan_reader_node(r, 0, &n);
		tap_ok(!read, "%s is no mark: not read as a node", none[i]);
		if (read)
			json_object_put(n.value);
		scan_reader_free(r);
	}
}

int main(void)
{
	tap_init();
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++)
		check(&cases[i]);
	classified_once();
	estimated();
	seq_near();
	move_marks();
	return tap_done();
}
