/* DOM tests: the DOM the scanner builds must be the one json-c's own parser
 * (json_tokener) builds from the same text, in every detail the rules and the
 * fixer can see: types (int64, uint64, double, boolean, null), values, string
 * bytes (escapes, surrogates, embedded NULs), key order, duplicate keys and
 * keys cut at \u0000, and the text a double keeps for writing back.
 *
 * Inputs: edge cases written here, every record under testdata/, and random
 * documents built from the same nasty parts. */
#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "dom_same.h"
#include "cli/files.h"
#include "base/jstring.h"
#include "lint/lint.h"
#include "read/scan.h"
#include "tap.h"

/* Builds the loaded document's text again with json_tokener; compares when
 * the scanner accepted it, then frees doc. False only for a difference. */
static bool compare(struct document *doc, bool expect_valid, bool quiet)
{
	bool ok = true;
	if (!doc->parsed) {
		if (expect_valid)
			ok = tap_ok(false, "%s: the scanner rejected it", doc->path);
		document_free(doc);
		return ok;
	}
	struct buf why = BUF_INIT;
	ok = same_as_json_c(doc, &why);
	if (!ok || !quiet)
		tap_ok(ok, "%s: same DOM as json-c%s%s", doc->path, why.len ? ": " : "",
		       why.data ? why.data : "");
	buf_free(&why);
	document_free(doc);
	return ok;
}

static const char *const cases[] = {
	"{}", "[]", "null", "true", "false", "0", "-0", "-0.0", "\"\"", "[null,null]",
	"{\"a\":null,\"b\":[null]}",
	/* Integers at and beyond the 64-bit limits (json-c clamps the latter). */
	"[9223372036854775807,9223372036854775808,18446744073709551615,18446744073709551616,"
	"99999999999999999999999,-9223372036854775808,-9223372036854775809,-99999999999999999999]",
	/* Doubles keep their text: trailing zeros, exponents, the tiny and the huge. */
	"[1.50,2.0,1e5,1E+05,-2.5e-3,0.1,1e400,-1e400,1e-400,123456789012345678901234567890.5]",
	"[0.30000000000000004,4.9e-324,2.2250738585072014e-308,1.7976931348623157e308]",
	/* Escapes, surrogate pairs, lone surrogates, NULs in values. */
	"[\"a\\\"b\\\\c\\/d\\b\\f\\n\\r\\t\",\"\\u00e9\\u20AC\\ud83d\\ude00\",\"\\u0000x\\u0000\"]",
	"[\"\\ud800\",\"\\udc00\",\"\\ud800x\",\"\\ud800\\u0041\",\"\\ud800\\ud800\\udc00\",\"\\udbff\\udfff\"]",
	"[\"é—😀\",\"\\u00E9é\"]",
	/* Duplicate keys: the last value wins at the first key's place. */
	"{\"a\":1,\"b\":2,\"a\":3}",
	"{\"a\":{\"x\":1},\"a\":[2],\"c\":3,\"a\":null}",
	/* Keys cut at \u0000 collide with others. */
	"{\"a\\u0000b\":1,\"a\":2}", "{\"a\":1,\"a\\u0000b\":2,\"c\":3}",
	"{\"\\u0000\":1,\"\":2,\"\\u0000z\":3}",
	/* Escaped keys equal to plain ones. */
	"{\"\\u0061\":1,\"a\":2}", "{\"k\\n\":1,\"k\\u000a\":2}",
	/* Many keys (the scanner's hash index) with a late duplicate. */
	"{\"k0\":0,\"k1\":1,\"k2\":2,\"k3\":3,\"k4\":4,\"k5\":5,\"k6\":6,\"k7\":7,\"k8\":8,"
	"\"k9\":9,\"k10\":10,\"k11\":11,\"k12\":12,\"k13\":13,\"k14\":14,\"k15\":15,\"k16\":16,"
	"\"k17\":17,\"k3\":\"again\"}",
	"\xEF\xBB\xBF{\"bom\":true}",
	" \t\r\n[ 1 , { } , [ ] ]\n",
};

/* Random documents from parts chosen to be awkward. */
static void random_value(struct buf *b, unsigned *seed, int depth)
{
	static const char *const scalars[] = {
		"0", "-0", "7", "-12", "1.5", "2.0", "1e3", "-4.25E-2", "9223372036854775808",
		"18446744073709551616", "-9223372036854775809", "true", "false", "null", "\"\"",
		"\"x\"", "\"\\u0000\"", "\"\\ud800\"", "\"\\ud83d\\ude00\"", "\"\\n\\t\\\\\"", "\"é\"",
	};
	static const char *const keys[] = {
		"a", "b", "a\\u0000", "\\u0061", "", "\\u0000", "move", "color", "x\\ny",
	};
	unsigned r = (*seed = *seed * 1103515245u + 12345u) >> 16;
	if (depth > 6 || r % 3 == 0) {
		buf_adds(b, scalars[r / 3 % (sizeof scalars / sizeof *scalars)]);
		return;
	}
	bool object = r % 3 == 1;
	size_t n = r / 3 % 6;
	buf_addc(b, object ? '{' : '[');
	for (size_t i = 0; i < n; i++) {
		if (i)
			buf_addc(b, ',');
		if (object) {
			unsigned k = (*seed = *seed * 1103515245u + 12345u) >> 16;
			buf_printf(b, "\"%s\":", keys[k % (sizeof keys / sizeof *keys)]);
		}
		random_value(b, seed, depth + 1);
	}
	buf_addc(b, object ? '}' : ']');
}

int main(void)
{
	tap_init();
	for (size_t i = 0; i < sizeof cases / sizeof *cases; i++) {
		char name[32];
		snprintf(name, sizeof name, "case %zu", i + 1);
		struct document doc;
		document_load_buffer(&doc, name, cases[i], strlen(cases[i]));
		compare(&doc, true, false);
	}

	unsigned seed = 1;
	size_t differ = 0, total = 2000;
	for (size_t i = 0; i < total; i++) {
		struct buf b = BUF_INIT;
		char name[32];
		snprintf(name, sizeof name, "random document %zu", i + 1);
		random_value(&b, &seed, 0);
		struct document doc;
		document_load_buffer(&doc, name, b.data, b.len);
		differ += !compare(&doc, true, true);
		buf_free(&b);
	}
	tap_ok(differ == 0, "%zu random documents: same DOM as json-c (%zu differ)", total, differ);

	/* From SCAN_SHRINK_MIN on, each container is cut to its members (its
	 * hash table, its slots): the same DOM, every key found, no key that
	 * is not there, and a member added afterwards found too. Objects of 0
	 * to 24 members (a duplicate among them), arrays of 0 to 40 values. */
	struct buf big = BUF_INIT;
	buf_addc(&big, '[');
	for (size_t i = 0; big.len < SCAN_SHRINK_MIN + 4096; i++) {
		buf_printf(&big, "%s{", i ? "," : "");
		for (size_t k = 0; k < i % 25; k++)
			buf_printf(&big, "%s\"k%zu\":%zu", k ? "," : "", k, i);
		if (i % 25 > 3)
			buf_printf(&big, ",\"k1\":\"again\"");
		buf_printf(&big, "},[");
		for (size_t k = 0; k < i % 41; k++)
			buf_printf(&big, "%s%zu", k ? "," : "", k);
		buf_addc(&big, ']');
	}
	buf_addc(&big, ']');
	struct document cut;
	document_load_buffer(&cut, "a document cut to size", big.data, big.len);
	bool found = cut.parsed;
	for (size_t i = 0; found && i < json_object_array_length(cut.root); i += 2) {
		json_object *o = json_object_array_get_idx(cut.root, i), *v;
		size_t members = i / 2 % 25;
		for (size_t k = 0; found && k < members; k++) {
			char key[16];
			snprintf(key, sizeof key, "k%zu", k);
			found = json_object_object_get_ex(o, key, &v) &&
				(k == 1 && members > 3 ? json_object_is_type(v, json_type_string)
						       : (size_t)json_object_get_int64(v) == i / 2);
		}
		found = found && !json_object_object_get_ex(o, "absent", NULL) &&
			(size_t)json_object_object_length(o) == members &&
			json_object_array_length(json_object_array_get_idx(cut.root, i + 1)) ==
				i / 2 % 41;
	}
	json_object *first = cut.parsed ? json_object_array_get_idx(cut.root, 2) : NULL;
	if (first) {   /* one member, cut to two entries; two more added */
		json_object_object_add(first, "added", json_object_new_int(1));
		json_object_object_add(first, "more", json_object_new_int(2));
		found = found && json_object_object_get_ex(first, "added", NULL) &&
			json_object_object_get_ex(first, "more", NULL) &&
			json_object_object_get_ex(first, "k0", NULL) &&
			json_object_object_length(first) == 3;
		json_object_object_del(first, "added");
		json_object_object_del(first, "more");
	}
	tap_ok(found, "a %zu-byte document cut to size: every member found, none more, arrays whole",
	       big.len);
	compare(&cut, true, false);
	buf_free(&big);

	/* Every character JSON allows raw in a string (U+0020 and up, but `"`,
	 * `\` and the surrogates) is accepted, in values and in keys, and reads
	 * as json-c reads it: 4,352 strings of 256 code points each. */
	struct buf all = BUF_INIT;
	buf_addc(&all, '{');
	for (uint32_t from = 0; from <= 0x10FFFF; from += 256) {
		struct buf str = BUF_INIT;
		for (uint32_t cp = from; cp < from + 256; cp++) {
			if (cp < 0x20 || cp == '"' || cp == '\\' || (cp >= 0xD800 && cp <= 0xDFFF))
				continue;
			utf8_encode(&str, cp);
		}
		buf_printf(&all, "%s\"%s\":\"%s\"", from ? "," : "", str.data ? str.data : "",
			   str.data ? str.data : "");
		buf_free(&str);
	}
	buf_addc(&all, '}');
	struct document every;
	document_load_buffer(&every, "every code point raw", all.data, all.len);
	compare(&every, true, false);
	buf_free(&all);

	const char *top = getenv("TOP_SRCDIR");
	struct buf dir = BUF_INIT;
	buf_printf(&dir, "%s/testdata", top ? top : ".");
	struct file_list files = { 0 };
	struct rule_list jgf = { 0 };
	files_collect(dir.data, &(struct walk_options){ .extensions = &jgf }, &files);
	size_t compared = 0;
	differ = 0;
	for (size_t i = 0; i < files.len; i++) {
		struct document doc;
		document_load_file(&doc, files.items[i]);
		differ += !compare(&doc, false, true);
		compared++;
	}
	tap_ok(compared > 250 && differ == 0, "%zu files under %s: same DOM as json-c (%zu differ)",
	       compared, dir.data, differ);
	files_free(&files);
	buf_free(&dir);
	return tap_done();
}
