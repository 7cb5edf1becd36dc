/* The base layer's contracts that a caller relies on without seeing them:
 * regex_capture writes every group it is given, unset when the subject
 * does not match (a group of a failed match was left as the stack had it:
 * rank_parts branched on it), and a subject that is not UTF-8 is no match,
 * never an undefined read; utf8_sequence_length reads no byte past the
 * length it is given (each buffer is allocated to its exact size, so that
 * ASan and valgrind see a read past it); utf8_escape_invalid escapes each
 * byte that is not UTF-8 and nothing else; buf_printf appends what
 * printf writes, in one pass or two (longer than the room there is);
 * json_escape_invisible escapes the invisible characters past ASCII and
 * nothing else, escape_invisible those and ASCII's controls; dom_int's integers are written as json-c writes them;
 * digits_before writes a number's digits as printf does, before the end it is given;
 * charset_valid_utf8 finds a byte that is not UTF-8 wherever it stands
 * among ASCII (which it passes a word at a time: ascii_span, which finds
 * the first byte >= 0x80 wherever it stands; utf8_continuations counts
 * as one by one); json_skip_spaces stops
 * at the first byte that is no space, sixteen at a time or not; a value made from a
 * dom_pool is as a new one (an empty object finds no key it held before,
 * however often it was emptied; a string, an integer and its text are the
 * new ones), and what the pool cannot keep is freed (ASan and valgrind
 * see a leak or a value used after it).
 * TAP output. */
#include <inttypes.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#define PCRE2_CODE_UNIT_WIDTH 8
#include <pcre2.h>

#include <json-c/linkhash.h>

#include "base/ascii.h"
#include "base/buf.h"
#include "base/charset.h"
#include "base/digits.h"
#include "base/dom.h"
#include "base/jstring.h"
#include "base/regex.h"
#include "core/diag.h"
#include "tap.h"

/* A copy of len bytes in an allocation of exactly len bytes (no NUL). */
static char *exact(const char *bytes, size_t len)
{
	char *p = malloc(len ? len : 1);
	memcpy(p, bytes, len);
	return p;
}

/* Patterns are interpreted, never JIT-compiled: PCRE2's JIT compiler
 * touched 200 KB of its code and mapped 64 KB to run a record's result,
 * date and rank patterns (750 KB more at the peak; issue 52). */
static void interpreted(void)
{
	static struct regex re = REGEX("([BW])\\+([0-9]+)");
	bool matched = regex_match(&re, "B+12", 4);
	size_t jit = 1;
	tap_ok(matched && re.code &&
	       pcre2_pattern_info(re.code, PCRE2_INFO_JITSIZE, &jit) == 0 && jit == 0,
	       "a pattern is matched interpreted: no JIT code made for it");
}

/* Patterns match bytes, not in PCRE2's UTF mode (the page's PCRE2 is built
 * without its Unicode tables, issue 74): a pattern's words beyond ASCII
 * match as their bytes, a quantified character is a group, and a subject
 * that is not UTF-8 matches nothing, as under UTF mode. */
static void words(void)
{
	static struct regex re = REGEX("(?:总|總)?([0-9]+)(?:手|수)(?:日)?(?:,|、|，)?(.*)");
	struct regex_span g[2];
	bool ok = regex_match(&re, "12", 2);
	uint32_t options = PCRE2_UTF;
	tap_ok(!ok && re.code && pcre2_pattern_info(re.code, PCRE2_INFO_ALLOPTIONS, &options) == 0 &&
	       !(options & PCRE2_UTF), "a pattern of text is compiled without PCRE2's UTF mode");
	const char *text = "總120手日、中押し";
	ok = regex_capture(&re, text, strlen(text), g, 2);
	tap_ok(ok && g[0].start == 3 && g[0].end == 6 && g[1].start == 15 && g[1].end == strlen(text),
	       "words beyond ASCII match as their characters: a group after them where it begins");
	static struct regex day = REGEX("[0-9]+(?:日)?");
	tap_ok(regex_match(&day, "12\xE6\x97\xA5", 5) && regex_match(&day, "12", 2) &&
	       !regex_match(&day, "12\xE6\x97\xA5\xA5", 6) && !regex_match(&day, "12\xE6\x97", 4),
	       "a quantified character is the whole character, not its last byte");
	regex_free(&day);
	char *bad = exact("12\xEC\x88\x98\xFF", 6);
	tap_ok(!regex_match(&re, bad, 6), "a subject that is not UTF-8 matches nothing (.* after a word)");
	free(bad);
	regex_free(&re);
}

static void captures(void)
{
	static struct regex re = REGEX("(A)?([0-9]+)(x|y)");
	struct regex_span g[3];
	memset(g, 0x5a, sizeof g);
	bool ok = regex_capture(&re, "strong", 6, g, 3);
	bool unset = true;
	for (int i = 0; i < 3; i++)
		unset &= g[i].start == SIZE_MAX && g[i].end == SIZE_MAX;
	tap_ok(!ok && unset, "a subject that does not match leaves every group unset");

	memset(g, 0x5a, sizeof g);
	ok = regex_capture(&re, "12x", 3, g, 3);
	tap_ok(ok && g[0].start == SIZE_MAX && g[1].start == 0 && g[1].end == 2 &&
	       g[2].start == 2 && g[2].end == 3,
	       "a match: a group that took no part is unset, the others where they matched");

	memset(g, 0x5a, sizeof g);
	char *bad = exact("12\xC0\xAFx", 5);
	ok = regex_capture(&re, bad, 5, g, 3);
	tap_ok(!ok && g[1].start == SIZE_MAX, "bytes that are not UTF-8: no match, groups unset");
	free(bad);

	static struct regex many = REGEX("(a)(b)");
	memset(g, 0x5a, sizeof g);
	ok = regex_capture(&many, "ab", 2, g, 3);
	tap_ok(ok && g[0].start == 0 && g[1].start == 1 && g[2].start == SIZE_MAX,
	       "more groups asked for than the pattern has: the rest unset");
	regex_free(&re);
	regex_free(&many);
}

/* bytes cut after each length from 0 to all: the length of the sequence
 * at the start, read from an exact-size buffer. */
static void bounded(const char *name, const char *bytes, size_t all, size_t want)
{
	bool ok = true;
	for (size_t len = 0; len <= all; len++) {
		char *p = exact(bytes, len);
		size_t got = utf8_sequence_length(p, len);
		size_t expect = len >= want ? want : 0;
		if (got != expect) {
			printf("# %s cut at %zu: got %zu, want %zu\n", name, len, got, expect);
			ok = false;
		}
		free(p);
	}
	tap_ok(ok, "utf8_sequence_length of %s reads only the bytes it is given", name);
}

static void sequences(void)
{
	bounded("ASCII", "a", 1, 1);
	bounded("a two-byte é", "\xC3\xA9", 2, 2);
	bounded("a three-byte 碁", "\xE7\xA2\x81", 3, 3);
	bounded("a four-byte U+1F600", "\xF0\x9F\x98\x80", 4, 4);
	bounded("a lead byte alone", "\xE7", 1, 0);
	bounded("an overlong C0 AF", "\xC0\xAF", 2, 0);
	bounded("a surrogate ED A0 80", "\xED\xA0\x80", 3, 0);
	bounded("beyond U+10FFFF", "\xF4\x90\x80\x80", 4, 0);
	/* utf8_next, over an exact buffer cut inside a sequence */
	char *p = exact("\xE7\xA2", 2);
	uint32_t cp = 0;
	size_t n = utf8_next(p, 2, &cp);
	tap_ok(n == 1 && cp == 0xFFFD, "utf8_next of a sequence cut short: one U+FFFD");
	free(p);
}

/* utf8_escape_invalid copies valid text in runs and writes each byte that
 * is not UTF-8 as \xNN, wherever it stands. */
static void escaped(void)
{
	static const struct {
		const char *in, *out;
	} cases[] = {
		{ "", "" },
		{ "plain ASCII", "plain ASCII" },
		{ "\xE7\xA2\x81 go", "\xE7\xA2\x81 go" },
		{ "\xFF" "a", "\\xFFa" },
		{ "a\xFF", "a\\xFF" },
		{ "\xE7\xA2 \xC0\xAF\xE7\xA2\x81", "\\xE7\\xA2 \\xC0\\xAF\xE7\xA2\x81" },
	};
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		struct buf b = BUF_INIT;
		utf8_escape_invalid(&b, cases[i].in);
		tap_ok(b.data && strcmp(b.data, cases[i].out) == 0 && b.len == strlen(cases[i].out),
		       "utf8_escape_invalid case %zu: %s", i, b.data ? b.data : "(null)");
		buf_free(&b);
	}
}

static void printed(void)
{
	struct buf b = BUF_INIT;
	buf_printf(&b, "/%zu", (size_t)7);
	buf_addc(&b, 'x');
	buf_printf(&b, "%s", "");
	tap_ok(b.len == 3 && !strcmp(b.data, "/7x"), "buf_printf and buf_addc append");
	char longer[300];
	memset(longer, 'a', sizeof longer - 1);
	longer[sizeof longer - 1] = '\0';
	for (int i = 0; i < 3; i++)   /* past the room there is: two passes */
		buf_printf(&b, "<%s>%d", longer, i);
	size_t one = 2 + 299 + 1;
	bool same = b.len == 3 + 3 * one && strlen(b.data) == b.len;
	for (int i = 0; same && i < 3; i++)
		same = b.data[3 + i * one] == '<' && b.data[3 + i * one + 300] == '>' &&
		       b.data[3 + i * one + 301] == '0' + i;
	tap_ok(same, "buf_printf longer than the room there is: all of it, NUL-terminated");
	buf_free(&b);

	const char json[] = "{ \"a\": \"x\u00e9\xC2\xAD\xE2\x80\x8Bz\t\" }";
	json_escape_invisible(&b, json, strlen(json));
	tap_ok(!strcmp(b.data, "{ \"a\": \"x\u00e9\\u00ad\\u200bz\t\" }"),
	       "json_escape_invisible: the invisible characters past ASCII escaped, the rest as it was");
	buf_free(&b);

	const char shown[] = "a\tb\x7F c\xC2\xAD\x01\xC3\xA9~\n";
	escape_invisible(&b, shown, strlen(shown));
	tap_ok(!strcmp(b.data, "a\\tb\\u007f c\\u00ad\\u0001\xC3\xA9~\\n"),
	       "escape_invisible: controls and invisible characters escaped, the rest as it was");
	buf_free(&b);
}

static void integers(void)
{
	static const int64_t v[] = { 0, 7, -7, 10, -10, 1234567890123, INT64_MAX, INT64_MIN };
	bool same = true;
	for (size_t i = 0; i < sizeof v / sizeof *v; i++) {
		json_object *a = dom_array(), *b = dom_array();
		dom_push(a, dom_int(v[i]));
		dom_push(b, dom_int_read(v[i]));   /* json-c's own writer */
		size_t la, lb;
		char *ta = xstrdup(dom_json(a, JSON_C_TO_STRING_PLAIN, &la));
		const char *tb = dom_json(b, JSON_C_TO_STRING_PLAIN, &lb);
		same &= la == lb && !strcmp(ta, tb);
		free(ta);
		json_object_put(a);
		json_object_put(b);
	}
	tap_ok(same, "dom_int: each integer written as json-c writes it");
}

/* digits_before: the digits printf writes, in the DIGITS_MAX bytes before
 * the end it is given and nowhere else. */
static void digits_written(void)
{
	static const uint64_t v[] = { 0, 1, 9, 10, 99, 100, 4294967295u, 4294967296u, UINT64_MAX };
	bool same = true;
	for (size_t i = 0; i < sizeof v / sizeof *v; i++) {
		char at[DIGITS_MAX + 2], want[32];
		memset(at, '#', sizeof at);
		char *p = digits_before(at + 1 + DIGITS_MAX, v[i]);
		snprintf(want, sizeof want, "%" PRIu64, v[i]);
		same &= p >= at + 1 && (size_t)(at + 1 + DIGITS_MAX - p) == strlen(want) &&
			!memcmp(p, want, strlen(want)) && at[0] == '#' && at[DIGITS_MAX + 1] == '#';
	}
	tap_ok(same, "digits_before: each number's digits as printf writes them, in the bytes before the end");
}

static void valid_runs(void)
{
	bool right = true;
	for (size_t at = 0; at < 24; at++) {
		char t[32];
		memset(t, 'a', sizeof t);
		memcpy(t + at, "\xC3\xA9", 2);   /* é: valid */
		right &= charset_valid_utf8(t, sizeof t);
		memcpy(t + at, "\xC0\xAF", 2);   /* an overlong /: not */
		right &= !charset_valid_utf8(t, sizeof t);
		t[at] = '\xC3';   /* cut short at the end */
		right &= !charset_valid_utf8(t, at + 1) && charset_valid_utf8(t, at);
	}
	tap_ok(right, "charset_valid_utf8: a sequence valid or not wherever it stands among ASCII");
}

/* A node as the walk makes one: {"move": {"black": [x, y]}, "comments": [...]}. */
static json_object *node(int64_t x, const char *comment, const char *key)
{
	json_object *n = dom_object(), *move = dom_object(), *at = dom_array();
	dom_push(at, dom_int_read(x));
	dom_push(at, dom_int(x + 1));
	dom_add(move, key, at);
	dom_add(n, "move", move);
	json_object *c = dom_array();
	dom_push(c, dom_string(comment));
	dom_add_ex(n, "comments", c, JSON_C_OBJECT_ADD_CONSTANT_KEY);
	dom_add(n, "flag", dom_bool(x % 2));
	dom_add(n, "nothing", NULL);
	return n;
}

static size_t values_freed;
static void count_freed(json_object *v, void *userdata)
{
	(void)v, (void)userdata;
	values_freed++;
}

/* A record's DOM given back to a pool with room for it: the nodes of its
 * tree, an array longer than json-c's first size, are kept too (they were
 * freed with it), and a long string is freed rather than kept. */
static void records_pooled(void)
{
	struct dom_pool *pool = dom_pool_new(DOM_POOL_RECORDS), *was = dom_pool_use(pool);
	json_object *tree = dom_array();
	for (int i = 0; i < 300; i++) {
		json_object *n = node(i, "c", "black");
		json_object_set_userdata(n, NULL, count_freed);
		dom_push(tree, n);
	}
	char text[400];
	memset(text, 'a', sizeof text - 1);
	text[sizeof text - 1] = '\0';
	json_object *comment = dom_string(text);
	json_object_set_userdata(comment, NULL, count_freed);
	json_object *rec = dom_object();
	dom_add(rec, "tree", tree);
	dom_add(rec, "comment", comment);
	values_freed = 0;
	dom_give_back(rec, 5);
	tap_ok(values_freed == 1, "dom_pool: a record's 300 nodes given back are kept, its long "
	       "string freed (%zu freed)", values_freed);
	dom_pool_use(was);
	dom_pool_free(pool);
	tap_ok(values_freed == 301, "dom_pool_free: the nodes kept are freed with it");
}

static void pooled(void)
{
	struct dom_pool *pool = dom_pool_new(64);
	tap_ok(dom_pool_use(pool) == NULL, "dom_pool_use: no pool before");
	bool same = true, empty = true;
	char want[160];
	for (int64_t i = 0; i < 2000; i++) {
		/* keys that change, so that the tables are emptied of others */
		char key[16], comment[32];
		snprintf(key, sizeof key, "k%" PRId64, i % 37);
		snprintf(comment, sizeof comment, i % 3 ? "c%" PRId64 : "a longer comment %" PRId64, i);
		json_object *n = node(i, comment, key);
		snprintf(want, sizeof want, "{\"move\":{\"%s\":[%" PRId64 ",%" PRId64 "]},"
			 "\"comments\":[\"%s\"],\"flag\":%s,\"nothing\":null}", key, i, i + 1,
			 comment, i % 2 ? "true" : "false");
		same &= !strcmp(dom_json(n, JSON_C_TO_STRING_PLAIN, NULL), want);
		json_object *move = member(n, "move");
		for (int k = 0; k < 37; k++) {
			char other[16];
			snprintf(other, sizeof other, "k%d", k);
			empty &= (member(move, other) != NULL) == (k == i % 37);
		}
		empty &= !member(move, "black") && member(n, "comments");
		dom_give_back(n, 3);
	}
	tap_ok(same, "dom_pool: each node made from the values given back is written as made new");
	tap_ok(empty, "dom_pool: an object made again holds its own keys alone, after 2,000 uses");
	/* Its table as json-c makes a new one: every slot empty, none left
	 * marked freed for lookups to pass over. */
	json_object *again = dom_object();
	struct lh_table *t = json_object_get_object(again);
	bool fresh = t->count == 0 && !t->head && !t->tail;
	for (int i = 0; i < t->size; i++)
		fresh &= t->table[i].k == LH_EMPTY;
	tap_ok(fresh, "dom_pool: an object made again has the table of a new one");
	dom_give_back(again, 0);
	/* A slot a deletion marked freed stays so (give_back empties only the
	 * entries' slots): the object made again holds its own keys alone. */
	json_object *cut = dom_object();
	for (int k = 0; k < 8; k++) {
		char key[8];
		snprintf(key, sizeof key, "d%d", k);
		dom_add(cut, key, dom_int_read(k));
	}
	json_object_object_del(cut, "d3");
	json_object_object_del(cut, "d5");
	dom_give_back(cut, 1);
	cut = dom_object();
	bool own = true;
	for (int k = 0; k < 8; k++) {
		char key[8];
		snprintf(key, sizeof key, "d%d", k);
		own &= !member(cut, key);
		if (k % 2)
			dom_add(cut, key, dom_int_read(k));
	}
	for (int k = 0; k < 8; k++) {
		char key[8];
		snprintf(key, sizeof key, "d%d", k);
		json_object *v = member(cut, key);
		own &= k % 2 ? v && json_object_get_int64(v) == k : !v;
		own &= k % 2 ? json_object_object_get_ex(cut, key, &v) : !json_object_object_get_ex(cut, key, &v);
	}
	own &= json_object_object_length(cut) == 4;
	tap_ok(own, "dom_pool: an object given back after deletions holds its own keys alone, made again");
	dom_give_back(cut, 1);
	json_object *kept = dom_int_read(7);   /* as the editor server keeps an id's text */
	json_object_set_serializer(kept, json_object_userdata_to_json_string, xstrdup("007"),
				   json_object_free_userdata);
	dom_give_back(kept, 0);
	kept = dom_int_read(5);
	tap_ok(!strcmp(dom_json(kept, JSON_C_TO_STRING_PLAIN, NULL), "5"),
	       "dom_pool: an integer made again is written as its value, not the text it had");
	json_object_set_serializer(kept, json_object_userdata_to_json_string, xstrdup("005"),
				   json_object_free_userdata);
	dom_give_back(kept, 0);
	kept = dom_int(-12);   /* dom_int's keeps the serializer it finds */
	tap_ok(!strcmp(dom_json(kept, JSON_C_TO_STRING_PLAIN, NULL), "-12"),
	       "dom_pool: an integer dom_int makes again is written as its value, not the text it had");
	json_object_put(kept);
	/* Each kind of integer given back (json-c's, dom_int's) and made again
	 * by either: written as json-c writes the value. */
	static const int64_t iv[] = { 0, -7, 10, INT64_MAX, INT64_MIN };
	bool as_json_c = true;
	for (size_t i = 0; i < sizeof iv / sizeof *iv; i++)
		for (int how = 0; how < 4; how++) {
			dom_give_back(how & 1 ? dom_int(iv[i] ^ 1) : dom_int_read(iv[i] ^ 1), 0);
			json_object *made = how & 2 ? dom_int(iv[i]) : dom_int_read(iv[i]);
			json_object *plain = json_object_new_int64(iv[i]);
			as_json_c &= !strcmp(dom_json(made, JSON_C_TO_STRING_PLAIN, NULL),
					     json_object_to_json_string_ext(plain, JSON_C_TO_STRING_PLAIN));
			json_object_put(plain);
			json_object_put(made);
		}
	tap_ok(as_json_c, "dom_pool: an integer made again from either kind is written as json-c writes it");
	/* a string grown past its own bytes, then made again empty: "" */
	json_object *grown = dom_string("a");
	dom_give_back(grown, 0);
	grown = dom_string("a string longer than the one its object was made for");
	dom_give_back(grown, 0);
	json_object *none = dom_string("");
	tap_ok(!strcmp(json_object_get_string(none), "") && !json_object_get_string_len(none),
	       "dom_pool: an empty string made after a longer one given back is empty");
	json_object_put(none);
	json_object *big = dom_array();   /* more than the pool keeps: freed */
	for (int i = 0; i < 500; i++)
		dom_push(big, node(i, "x", "white"));
	dom_give_back(big, 4);
	tap_ok(dom_pool_use(NULL) == pool, "dom_pool_use: the pool set is the thread's");
	json_object *n = node(1, "free", "black");
	dom_give_back(n, 3);   /* no pool: freed */
	dom_pool_free(pool);
	records_pooled();
}

/* Keys added new and constant (the scanner's schema keys) take json-c's
 * hash kept by their address: every one is found again, in any table,
 * those sharing a slot of the kept hashes too. */
static void known_keys(void)
{
	static const char *const keys[] = {
		"move", "black", "white", "comments", "markup", "setup", "x", "y", "variations",
		"label", "text", "coords", "type", "name", "turn", "score", "timeLeft", "pass",
	};
	enum { N = sizeof keys / sizeof *keys };
	bool found = true;
	for (int round = 0; round < 3; round++) {
		json_object *o = dom_object();
		for (int i = 0; i < N; i++)
			dom_add_ex(o, keys[(i + round) % N], dom_int_read(i),
				   JSON_C_OBJECT_ADD_KEY_IS_NEW | JSON_C_OBJECT_ADD_CONSTANT_KEY);
		for (int i = 0; i < N; i++) {
			long long v = -1;
			char copy[16];   /* looked up by another address */
			snprintf(copy, sizeof copy, "%s", keys[(i + round) % N]);
			found &= get_int(member(o, copy), &v) && v == i;
		}
		found &= !member(o, "nothing") && json_object_object_length(o) == N;
		json_object_put(o);
	}
	tap_ok(found, "dom_add_ex: constant new keys are found again by their text");
}

/* get_int reads what json_type_bits calls J_INT (an integer, or a double
 * with no fraction), and a double only within long long's range. */
static void integral(void)
{
	static const struct { const char *json; bool ok; long long v; } cases[] = {
		{ "7", true, 7 }, { "-9223372036854775808", true, INT64_MIN }, { "2.0", true, 2 },
		{ "-3e2", true, -300 }, { "2.5", false, 0 }, { "1e19", false, 0 },
		{ "9223372036854775808.0", false, 0 }, { "-1e300", false, 0 }, { "\"7\"", false, 0 },
		{ "true", false, 0 }, { "null", false, 0 }, { "[7]", false, 0 },
	};
	bool right = true;
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		json_object *v = json_tokener_parse(cases[i].json);
		long long got = 0;
		bool ok = get_int(v, &got);
		right &= ok == cases[i].ok && (!ok || got == cases[i].v);
		json_object_put(v);
	}
	tap_ok(right, "get_int: integers and doubles without a fraction, within range");
}

/* json_skip_spaces passes a run of any length, wherever it stands, to
 * the first byte that is no space or to the end, and reads nothing past
 * it (an allocation of exactly the text's size). */
static void spaces_skipped(void)
{
	bool right = true;
	for (size_t at = 0; at < 20; at++)
		for (size_t run = 0; run < 40; run++)
			for (int ends = 0; ends < 2; ends++) {
				size_t len = at + run + (ends ? 0 : 3);
				char *t = malloc(len ? len : 1);
				memset(t, 'a', len);
				memset(t + at, ' ', run);
				if (!ends)
					t[at + run] = '\t';   /* white space, not a space */
				right &= json_skip_spaces(t, at, len) == at + run;
				free(t);
			}
	tap_ok(right, "json_skip_spaces: a run of up to 39 spaces anywhere, ended or at the end");
}

/* ascii_span finds the first byte >= 0x80 wherever it stands (in the
 * 32-byte steps, the 8-byte ones or the bytes after them), or none;
 * utf8_continuations counts the bytes 10xxxxxx as a byte-by-byte count
 * does, over ASCII, lead bytes and continuations in any order; neither
 * reads past the length (an allocation of exactly that size). */
static void ascii_scans(void)
{
	bool span = true, cont = true;
	static const unsigned char highs[] = { 0x80, 0xBF, 0xC3, 0xE6, 0xFF };
	for (size_t len = 0; len < 80; len++)
		for (size_t at = 0; at <= len; at++) {
			unsigned char *t = malloc(len ? len : 1);
			memset(t, 'a' + (int)(at % 26), len);
			if (at < len)
				t[at] = highs[(at + len) % sizeof highs];
			if (at + 1 < len)
				t[len - 1] = 0x7F;   /* the last ASCII byte: not high */
			span &= ascii_span(t, len) == at;
			free(t);
		}
	uint32_t seed = 74;
	for (int round = 0; round < 2000; round++) {
		size_t len = (size_t)round % 97;
		unsigned char *t = malloc(len ? len : 1);
		size_t want = 0;
		for (size_t i = 0; i < len; i++) {
			seed = seed * 1103515245u + 12345u;
			unsigned r = seed >> 16;
			/* runs of ASCII most of the time, any byte else */
			t[i] = (unsigned char)(r % 4 ? r % 0x80 : r >> 8);
			want += (t[i] & 0xC0) == 0x80;
		}
		cont &= utf8_continuations(t, len) == want;
		free(t);
	}
	tap_ok(span, "ascii_span: the first byte >= 0x80 at any place of up to 79 bytes, or none");
	tap_ok(cont, "utf8_continuations: the bytes 10xxxxxx of ASCII and any bytes mixed, as counted one by one");
	/* printable_span: each byte value at each place of up to 40 printable
	 * bytes (the edges 0x1F, 0x20, 0x7E, 0x7F, 0x80 among them), and
	 * bytes of printable runs with any other mixed in, as counted one by one */
	bool printable = true;
	for (size_t len = 0; len < 41; len++)
		for (size_t at = 0; at <= len; at++)
			for (unsigned b = 0; b < 256; b += at < len ? 1 : 256) {
				unsigned char *t = malloc(len ? len : 1);
				for (size_t i = 0; i < len; i++)
					t[i] = (unsigned char)(0x20 + (i * 7 + len) % 0x5F);
				if (at < len)
					t[at] = (unsigned char)b;
				size_t want = at < len && (b < 0x20 || b >= 0x7F) ? at : len;
				printable &= printable_span(t, len) == want;
				free(t);
			}
	for (int round = 0; round < 2000; round++) {
		size_t len = (size_t)round % 97, want = SIZE_MAX;
		unsigned char *t = malloc(len ? len : 1);
		for (size_t i = 0; i < len; i++) {
			seed = seed * 1103515245u + 12345u;
			unsigned r = seed >> 16;
			t[i] = (unsigned char)(r % 16 ? 0x20 + r % 0x5F : r >> 8);
			if (want == SIZE_MAX && (t[i] < 0x20 || t[i] >= 0x7F))
				want = i;
		}
		printable &= printable_span(t, len) == (want == SIZE_MAX ? len : want);
		free(t);
	}
	tap_ok(printable, "printable_span: the first byte not 0x20 to 0x7E, any byte at any place, or none");
}

/* Unicode's maximal subpart of an ill-formed UTF-8 sequence at s (its
 * table 3-7), at least one byte: what the reading reads as one U+FFFD. */
static size_t maximal_subpart(const unsigned char *s, size_t n)
{
	static const unsigned char second[][3] = {   /* lead from 0xE0: lowest, highest */
		{ 0xE0, 0xA0, 0xBF }, { 0xED, 0x80, 0x9F }, { 0xF0, 0x90, 0xBF }, { 0xF4, 0x80, 0x8F },
	};
	size_t need = s[0] >= 0xC2 && s[0] <= 0xDF ? 2 : s[0] >= 0xE0 && s[0] <= 0xEF ? 3
		      : s[0] >= 0xF0 && s[0] <= 0xF4 ? 4 : 1;
	size_t k = 1;
	for (; k < need && k < n; k++) {
		unsigned char lo = 0x80, hi = 0xBF;
		for (size_t j = 0; k == 1 && j < 4; j++)
			if (second[j][0] == s[0])
				lo = second[j][1], hi = second[j][2];
		if (s[k] < lo || s[k] > hi)
			break;
	}
	return k;
}

/* charset_walk_to as it was, byte by byte from the file's start: what
 * its ASCII runs passed at once must give. */
static size_t walk_one_by_one(const char *s, size_t len, const char *set, const size_t *esc,
			      size_t nesc, unsigned long line, unsigned long col)
{
	size_t i = 0, e = 0;
	unsigned long l = 1, c = 1;
	while (i < len && (l < line || c < col)) {
		while (e < nesc && esc[e] < i)
			e++;
		if (e < nesc && esc[e] == i) {
			i += 3, c++;
		} else if (s[i] == '\n' || s[i] == '\r') {
			if (l == line)
				break;
			i += s[i] == '\r' && i + 1 < len && s[i + 1] == '\n' ? 2 : 1;
			l++, c = 1;
		} else {
			size_t n = charset_char_len(set, s + i, len - i);
			if (n == 1 && (unsigned char)s[i] >= 0x80 && !strcmp(set, "UTF-8"))
				n = maximal_subpart((const unsigned char *)s + i, len - i);
			i += n, c++;
		}
	}
	return l == line && c == col ? i : SIZE_MAX;
}

/* ascii_line_span against the bytes one by one, and charset_walk_to's
 * walk (on from where it stopped, back to a line's start, again from the
 * start) against walk_one_by_one: random bytes of mostly ASCII with line
 * ends of each kind and wide characters, in four sets, escaped characters
 * among them, every place asked in order and at random. */
static void walks(void)
{
	static const char *const sets[] = { "UTF-8", "CP932", "GB18030", "EUC-JP" };
	static const unsigned char wide[] = { 0x81, 0x8F, 0x9F, 0xA4, 0xC3, 0xE3, 0xFE, 0x30, 0x5C };
	uint32_t seed = 93;
	bool span = true, walked = true, any_wide = false;
	size_t asked = 0;
	for (int round = 0; round < 400; round++) {
		size_t len = (size_t)round % 131;
		char *t = malloc(len + 1);
		for (size_t i = 0; i < len; i++) {
			seed = seed * 1103515245u + 12345u;
			unsigned r = seed >> 16;
			t[i] = r % 9 == 0 ? "\n\r"[r / 9 % 2]
			       : r % 9 == 1 ? (char)wide[r / 9 % sizeof wide] : (char)('a' + r / 9 % 26);
			any_wide |= (unsigned char)t[i] >= 0x80;
		}
		t[len] = '\0';
		for (size_t at = 0; at <= len; at++) {
			size_t want = at;
			while (want < len && (unsigned char)t[want] < 0x80 && t[want] != '\n' && t[want] != '\r')
				want++;
			span &= ascii_line_span(t + at, len - at) == want - at;
		}
		/* escapes: a wide lead byte now and then, as the reading lists them */
		size_t esc[64], nesc = 0;
		for (size_t i = 0; i + 2 < len && nesc < 64; i++)
			if ((unsigned char)t[i] >= 0x81 && (i * 7 + (size_t)round) % 5 == 0)
				esc[nesc++] = i, i += 2;
		const char *set = sets[round % 4];
		struct charset_walk k;
		charset_walk_start(&k, 0);
		for (int q = 0; q < 60; q++) {
			seed = seed * 1103515245u + 12345u;
			unsigned r = seed >> 16;
			/* in order (the line or the column after the last), or anywhere */
			unsigned long line = r % 3 ? k.l + r / 3 % 2 : 1 + r / 3 % 6,
				      col = r % 3 == 1 ? k.c + r / 6 % 9 : 1 + r / 6 % 40;
			size_t got = charset_walk_to(&k, t, len, 0, set, esc, nesc, line, col);
			walked &= got == walk_one_by_one(t, len, set, esc, nesc, line, col);
			asked++;
		}
		free(t);
	}
	tap_ok(span, "ascii_line_span: the bytes before the first >= 0x80, LF or CR, as counted one by one");
	tap_ok(walked && any_wide && asked == 24000,
	       "charset_walk_to: the byte of each of %zu places asked in order and at random, as walked one by one from the start", asked);
}

/* A finding's message as its format makes it: one longer than the stack
 * buffer diag_new formats into, one passed whole ("%s"), one made of
 * several values; each with a control escaped. */
static void messages(void)
{
	static const struct rule r = { .id = "test-rule", .severity = SEV_INFO };
	struct diag_list list = { 0 };
	char long_text[1500];
	for (size_t i = 0; i < sizeof long_text - 1; i++)
		long_text[i] = (char)('a' + i % 26);
	long_text[sizeof long_text - 1] = '\0';
	long_text[700] = '\t';
	diag_at(&list, &r, 3, NULL, "<%s>", long_text);
	diag_at(&list, &r, 4, "/a", "%s", "whole\x01text");
	diag_file(&list, &r, "move %d of %s: %.3s", 12, "game\n", "abcdef");
	diag_file(&list, &r, "%s", "");
	struct buf want = BUF_INIT;
	buf_printf(&want, "<%.700s\\t%s>", long_text, long_text + 701);
	bool right = list.len == 4 && !strcmp(list.items[0].message, want.data) &&
		     !strcmp(list.items[1].message, "whole\\u0001text") &&
		     !strcmp(list.items[1].pointer, "/a") &&
		     !strcmp(list.items[2].message, "move 12 of game\\n: abc") &&
		     !strcmp(list.items[3].message, "");
	tap_ok(right, "diag: a message longer than 511 bytes, one passed whole and one formatted, as their formats make them");
	buf_free(&want);
	diag_list_free(&list);
}

/* The places' trie: a line of variations nested 10,000 deep, the same
 * words at every level (", variation 1, node 0"), holds them once, not
 * once a level (210 KB at that depth, the real set's peak: issue 74); a
 * finding at its deepest level and one beside it under other words read
 * as they were given. */
static void places_shared(void)
{
	static const struct rule r = { .id = "test-rule", .severity = SEV_INFO };
	static const char seg[] = ", variation 1, node 0";
	const size_t levels = 10000, n = sizeof seg - 1;
	struct diag_places *t = diag_places_new();
	uint32_t e = diag_places_add(t, 0, "game 1", 6), mid = 0;
	for (size_t i = 0; i < levels; i++) {
		e = diag_places_add(t, e, seg, n);
		if (i == levels / 2)
			mid = e;
	}
	uint32_t other = diag_places_add(t, mid, ", variation 2, node 3", 21);
	uint32_t again = diag_places_add(t, other, ", variation 2, node 3", 21);
	struct diag_list list = { 0 };
	diag_file(&list, &r, "%s", "deep");
	diag_file(&list, &r, "%s", "beside");
	diag_set_place(&list.items[0], t, e);
	diag_set_place(&list.items[1], t, again);
	struct buf got = BUF_INIT, want = BUF_INIT;
	bool right = diag_place_words(&list.items[0], &got);
	buf_adds(&want, "game 1");
	for (size_t i = 0; i < levels; i++)
		buf_adds(&want, seg);
	right = right && got.len == want.len && !memcmp(got.data, want.data, got.len);
	buf_truncate(&got, 0);
	buf_truncate(&want, 6 + (levels / 2 + 1) * n);
	buf_adds(&want, ", variation 2, node 3, variation 2, node 3");
	right = right && diag_place_words(&list.items[1], &got) && !strcmp(got.data, want.data);
	size_t words = diag_places_words(t);
	tap_ok(right && words == 6 + n + 21, "diag: a place 10,000 levels deep of the same words holds them once (%zu bytes), and reads whole", words);
	diag_places_release(t);
	buf_free(&got);
	buf_free(&want);
	diag_list_free(&list);
}

static int cmp_u64(const void *x, const void *y)
{
	uint64_t a = *(const uint64_t *)x, b = *(const uint64_t *)y;
	return (a > b) - (a < b);
}

/* sort_u64 (by bytes, a few in place) orders as sort_items does: arrays
 * of every length around its bound of 64 and large ones, of numbers of
 * every byte, of a few bytes (game numbers: the high bytes alike and no
 * pass), all alike, and with the top bit set; the empty array at NULL */
static void sorted_u64(void)
{
	static uint64_t v[5000], w[5000];
	uint64_t x = 88172645463325252ULL;
	long arrays = 0, wrong = 0;
	static const size_t sizes[] = { 0, 1, 2, 3, 17, 63, 64, 65, 200, 1000, 5000 };
	for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++)
		for (int kind = 0; kind < 5; kind++) {
			size_t n = sizes[z];
			for (size_t i = 0; i < n; i++) {
				x ^= x << 13;
				x ^= x >> 7;
				x ^= x << 17;
				v[i] = kind == 0 ? x : kind == 1 ? x % 100000 : kind == 2 ? 42
				       : kind == 3 ? x | 1ULL << 63 : (x % 7) << 32 | (x >> 40);
				w[i] = v[i];
			}
			sort_u64(n ? v : NULL, n);
			sort_items(w, n, sizeof *w, cmp_u64);
			arrays++;
			wrong += n && memcmp(v, w, n * sizeof *v) != 0;
		}
	tap_ok(!wrong, "sort_u64: %ld arrays in sort_items' order (%ld not)", arrays, wrong);
}

struct keyed {
	uint32_t key, was;
	char rest[40];   /* an element larger than a pointer or two */
};

static int by_key(const void *x, const void *y)
{
	const struct keyed *a = x, *b = y;
	return (a->key > b->key) - (a->key < b->key);
}

/* sort_items merges a few runs in order itself: arrays of 1 to 10 runs
 * (more than its 8: qsort), of keys with many ties, lengths 0 to 3,000,
 * in the one stable order (an insertion sort's), each element whole. */
static void sorted_runs(void)
{
	static struct keyed v[3000], w[3000];
	uint64_t x = 88172645463325252ULL;
	long arrays = 0, wrong = 0;
	static const size_t sizes[] = { 0, 1, 2, 3, 9, 100, 3000 };
	for (size_t z = 0; z < sizeof sizes / sizeof *sizes; z++)
		for (size_t runs = 1; runs <= 10; runs++) {
			size_t n = sizes[z];
			uint32_t key = 0;
			for (size_t i = 0; i < n; i++) {
				x ^= x << 13;
				x ^= x >> 7;
				x ^= x << 17;
				if (i % (n / runs + 1) == 0)
					key = (uint32_t)(x % 40);   /* a run begins */
				key += (uint32_t)(x % 3);   /* ties: two in three go up */
				v[i] = (struct keyed){ key, (uint32_t)i, { 0 } };
				memset(v[i].rest, (int)(i & 0x7F), sizeof v[i].rest);
			}
			memcpy(w, v, n * sizeof *v);
			for (size_t i = 1; i < n; i++) {
				struct keyed t = w[i];
				size_t j = i;
				for (; j > 0 && w[j - 1].key > t.key; j--)
					w[j] = w[j - 1];
				w[j] = t;
			}
			sort_items(n ? v : NULL, n, sizeof *v, by_key);
			arrays++;
			wrong += n && memcmp(v, w, n * sizeof *v) != 0;
		}
	tap_ok(!wrong, "sort_items: %ld arrays of runs in the stable order (%ld not)", arrays, wrong);
}

int main(void)
{
	tap_init();
	sorted_u64();
	sorted_runs();
	ascii_scans();
	walks();
	spaces_skipped();
	captures();
	interpreted();
	words();
	sequences();
	escaped();
	printed();
	integers();
	digits_written();
	valid_runs();
	pooled();
	known_keys();
	integral();
	messages();
	places_shared();
	return tap_done();
}
