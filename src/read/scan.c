/* scan: strict RFC 8259 validation of the raw bytes, with messages a person
 * understands, building the json-c DOM on the way. Iterative (an explicit
 * frame stack), so any nesting depth ends in success or a diagnostic, never a
 * stack overflow.
 *
 * The DOM is the one json-c's own parser would build from the same (valid)
 * text: same types, numbers keep their text, duplicate keys and keys cut at
 * `\u0000` behave as json-c's do; tests/unit/test_build.c and the fuzz target
 * compare the two. Parsing once here, rather than again with json_tokener,
 * is what keeps a full check near the cost of json-c's parse alone
 * (bench/README.md).
 *
 * Fatal problems (syntax, invalid UTF-8, depth) stop the scan: past them the
 * text has no reliable structure. The rest (duplicate keys, lone surrogate
 * escapes, out-of-range numbers) are reported and the scan goes on. */
#include "read/scan.h"

#include <math.h>
#include <stdarg.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/dom.h"
#include "core/catalog.h"
#include "core/fix.h"
#include "base/jstring.h"
#include "base/pointer.h"
#include "read/hint.h"
#include "read/scanner.h"

/* Objects with more keys than this get a hash index for duplicate checks. */
#define LINEAR_KEYS 16

/* Whether the value about to be scanned is built. */
static inline bool building(const struct scanner *sc)
{
	return sc->depth < sc->unbuilt;
}

/* Adds a complete value (or a container about to be filled) to the DOM;
 * v is NULL for a JSON null. */
static void attach_value(struct scanner *sc, json_object *v)
{
	if (!sc->depth) {
		sc->root = v;
		return;
	}
	struct frame *f = &sc->frames[sc->depth - 1];
	if (f->kind == '[')
		dom_push(f->obj, v);
	else
		dom_add_ex(f->obj, sc->member, v, sc->member_flags);
}


/* Byte classes for the hot loops: white space, and bytes that need no
 * attention inside a string (printable ASCII but `"` and `\`, and DEL:
 * RFC 8259 forbids only U+0000 to U+001F raw in a string). */
enum { WS = 1, PLAIN = 2 };
static const unsigned char byte_class[256] = {
	[' '] = WS | PLAIN, ['\t'] = WS, ['\n'] = WS, ['\r'] = WS,
	['!'] = PLAIN, ['#'] = PLAIN, ['$'] = PLAIN, ['%'] = PLAIN, ['&'] = PLAIN, ['\''] = PLAIN,
	['('] = PLAIN, [')'] = PLAIN, ['*'] = PLAIN, ['+'] = PLAIN, [','] = PLAIN, ['-'] = PLAIN,
	['.'] = PLAIN, ['/'] = PLAIN, ['0'] = PLAIN, ['1'] = PLAIN, ['2'] = PLAIN, ['3'] = PLAIN,
	['4'] = PLAIN, ['5'] = PLAIN, ['6'] = PLAIN, ['7'] = PLAIN, ['8'] = PLAIN, ['9'] = PLAIN,
	[':'] = PLAIN, [';'] = PLAIN, ['<'] = PLAIN, ['='] = PLAIN, ['>'] = PLAIN, ['?'] = PLAIN,
	['@'] = PLAIN, ['A'] = PLAIN, ['B'] = PLAIN, ['C'] = PLAIN, ['D'] = PLAIN, ['E'] = PLAIN,
	['F'] = PLAIN, ['G'] = PLAIN, ['H'] = PLAIN, ['I'] = PLAIN, ['J'] = PLAIN, ['K'] = PLAIN,
	['L'] = PLAIN, ['M'] = PLAIN, ['N'] = PLAIN, ['O'] = PLAIN, ['P'] = PLAIN, ['Q'] = PLAIN,
	['R'] = PLAIN, ['S'] = PLAIN, ['T'] = PLAIN, ['U'] = PLAIN, ['V'] = PLAIN, ['W'] = PLAIN,
	['X'] = PLAIN, ['Y'] = PLAIN, ['Z'] = PLAIN, ['['] = PLAIN, [']'] = PLAIN, ['^'] = PLAIN,
	['_'] = PLAIN, ['`'] = PLAIN, ['a'] = PLAIN, ['b'] = PLAIN, ['c'] = PLAIN, ['d'] = PLAIN,
	['e'] = PLAIN, ['f'] = PLAIN, ['g'] = PLAIN, ['h'] = PLAIN, ['i'] = PLAIN, ['j'] = PLAIN,
	['k'] = PLAIN, ['l'] = PLAIN, ['m'] = PLAIN, ['n'] = PLAIN, ['o'] = PLAIN, ['p'] = PLAIN,
	['q'] = PLAIN, ['r'] = PLAIN, ['s'] = PLAIN, ['t'] = PLAIN, ['u'] = PLAIN, ['v'] = PLAIN,
	['w'] = PLAIN, ['x'] = PLAIN, ['y'] = PLAIN, ['z'] = PLAIN, ['{'] = PLAIN, ['|'] = PLAIN,
	['}'] = PLAIN, ['~'] = PLAIN, [0x7F] = PLAIN,
};

static inline size_t skip_ws(struct scanner *sc, size_t p)
{
	/* The text ends in a NUL (no white space); an indentation passed at
	 * once (byte by byte, a tenth of an indented record's scan). */
	while (byte_class[(unsigned char)sc->s[p]] & WS)
		p = sc->s[p] == '\n' ? json_skip_spaces(sc->s, p + 1, sc->len) : p + 1;
	if (sc->s[p] == '/' && p + 1 < sc->len && (sc->s[p + 1] == '/' || sc->s[p + 1] == '*'))
		scan_fail(sc, &rule_json_syntax, p, "comments are not allowed in JSON");
	return p;
}

static const char *key_bytes(const struct scanner *sc, const struct key_entry *k)
{
	return (k->decoded ? sc->keytext.data : sc->s) + k->text;
}

static bool same_key(struct scanner *sc, const struct key_entry *a, const struct key_entry *b)
{
	return a->hash == b->hash && a->len == b->len &&
	       memcmp(key_bytes(sc, a), key_bytes(sc, b), a->len) == 0;
}

/* Inserts entry i (absolute) into the frame's index; returns an equal entry
 * already there, or SIZE_MAX. */
static size_t index_insert(struct scanner *sc, struct frame *f, size_t i)
{
	size_t mask = f->index_cap - 1;
	for (size_t h = sc->keys[i].hash & mask;; h = (h + 1) & mask) {
		if (f->index[h] == SIZE_MAX) {
			f->index[h] = i;
			return SIZE_MAX;
		}
		if (same_key(sc, &sc->keys[f->index[h]], &sc->keys[i]))
			return f->index[h];
	}
}

static void index_rebuild(struct scanner *sc, struct frame *f, size_t cap)
{
	free(f->index);
	f->index_cap = cap;
	f->index = xmalloc(cap * sizeof *f->index);
	memset(f->index, 0xFF, cap * sizeof *f->index);
	for (size_t i = f->keys_start; i < sc->nkeys; i++)
		index_insert(sc, f, i);
}

/* Records the key at src (decoded) in the innermost object; reports it when
 * the object already has it. end is just past its closing quote. */
static void note_key(struct scanner *sc, struct frame *f, size_t src, size_t end)
{
	size_t start = sc->keytext.len;
	/* Nearly always the key as written: compared where it stands. */
	struct key_entry k = { 0, false, src + 1, end - src - 2, src };
	if (sc->escaped) {   /* scan_string passed a backslash in it */
		jstring_decode(sc->s + src, &sc->keytext);
		k = (struct key_entry){ 0, true, start, sc->keytext.len - start, src };
	}
	k.hash = hash_bytes(key_bytes(sc, &k), k.len);
	size_t nkeys = sc->nkeys - f->keys_start;
	size_t dup = SIZE_MAX;
	if (sc->nkeys >= sc->keys_cap)   /* a call a key saved */
		sc->keys = xgrow(sc->keys, &sc->keys_cap, sc->nkeys + 1, sizeof *sc->keys);
	sc->keys[sc->nkeys] = k;
	if (f->index) {
		dup = index_insert(sc, f, sc->nkeys);
	} else {
		for (size_t i = f->keys_start; i < sc->nkeys && dup == SIZE_MAX; i++)
			if (same_key(sc, &sc->keys[i], &k))
				dup = i;
	}
	/* A known key is shared, not copied; json-c keeps a key up to its first
	 * NUL; a new key skips json-c's lookup. */
	sc->member = sc->known_key && !k.decoded ? scan_known(sc, key_bytes(sc, &k), k.len, k.hash) : NULL;
	sc->member_flags = sc->member ? JSON_C_OBJECT_ADD_CONSTANT_KEY : 0;
	if (!sc->member) {
		buf_truncate(&sc->member_copy, 0);
		buf_add(&sc->member_copy, key_bytes(sc, &k), k.len);
		sc->member = sc->member_copy.data;
		if (k.decoded && memchr(sc->member, '\0', k.len))
			f->nul_key = true;
	}
	if (dup == SIZE_MAX && !f->nul_key)
		sc->member_flags |= JSON_C_OBJECT_ADD_KEY_IS_NEW;
	if (dup == SIZE_MAX) {
		sc->nkeys++;
		if (!f->index && nkeys + 1 > LINEAR_KEYS)
			index_rebuild(sc, f, 4 * LINEAR_KEYS);
		else if (f->index && 2 * (nkeys + 1) > f->index_cap)
			index_rebuild(sc, f, 2 * f->index_cap);
		return;
	}
	char first[48];
	size_t shown = k.len;
	const char *key = key_bytes(sc, &k);
	if (shown > 80) /* cut long keys at a character boundary */
		for (shown = 80; ((unsigned char)key[shown] & 0xC0) == 0x80; shown--)
			;
	sc->dup_key = true;
	scan_report(sc, &rule_json_duplicate_key, src,
	       "duplicate key \"%.*s%s\" (first at %s): JSON.parse keeps only the last value, "
	       "so the earlier one is silently lost; remove or rename one of them",
	       (int)shown, key, shown < k.len ? "…" : "",
	       scan_where(sc, sc->keys[dup].src, first));
	scan_span_to(sc, end);
	/* The unsafe fix keeps what JSON.parse keeps: the earlier member goes,
	 * up to the key after it (the member that follows it). */
	size_t next = dup + 1 < sc->nkeys ? sc->keys[dup + 1].src : src;
	fix_bytes(&sc->out->items[sc->out->len - 1], FIX_UNSAFE, sc->keys[dup].src, next, "");
	buf_truncate(&sc->keytext, start);
}

/* The escape \uXXXX at esc (*p is on its u): a surrogate pair is one
 * character; a lone surrogate, or U+0000 in a key, is reported. Returns
 * false on a syntax error, with *p where it is. */
static bool scan_unicode_escape(struct scanner *sc, size_t esc, size_t *p, bool is_key)
{
	const char *s = sc->s;
	uint32_t cp = 0;
	for (int i = 1; i <= 4; i++) {
		char h = *p + (size_t)i < sc->len ? s[*p + (size_t)i] : 0;
		int v = is_digit(h) ? h - '0' : (h | 0x20) >= 'a' && (h | 0x20) <= 'f' ? (h | 0x20) - 'a' + 10 : -1;
		if (v < 0) {
			scan_fail(sc, &rule_json_syntax, esc,
			     "`\\u` must be followed by four hexadecimal digits");
			return false;
		}
		cp = cp << 4 | (uint32_t)v;
	}
	*p += 5;
	if (cp >= 0xD800 && cp <= 0xDBFF) {
		uint32_t lo = 0;
		if (*p + 6 <= sc->len && s[*p] == '\\' && s[*p + 1] == 'u') {
			char hex[5] = { s[*p + 2], s[*p + 3], s[*p + 4], s[*p + 5], 0 };
			char *end;
			lo = (uint32_t)strtoul(hex, &end, 16);
			if (*end)
				lo = 0;
		}
		if (lo >= 0xDC00 && lo <= 0xDFFF) {
			*p += 6;
			return true;
		}
	}
	if (cp >= 0xD800 && cp <= 0xDFFF)
		scan_report(sc, &rule_json_encoding, esc,
		       "`\\u%04x` is a lone UTF-16 surrogate, not a character; readers replace it "
		       "with U+FFFD (a surrogate pair must be written as two escapes, high then low)",
		       (unsigned)cp);
	else if (cp == 0 && is_key)
		scan_report(sc, &rule_json_key_nul, esc,
		       "key contains `\\u0000`: json-c, and so jgflint, cuts the key there, so it "
		       "can be confused with another key; remove the NUL character");
	else
		return true;
	scan_span_to(sc, esc + 6);   /* the escape \uXXXX */
	return true;
}

/* The backslash escape at *p, in the string that starts at start: moves *p
 * past it, or returns false on a syntax error, with *p where it is. */
static bool scan_escape(struct scanner *sc, size_t *p, size_t start, bool is_key)
{
	sc->escaped = true;
	size_t esc = (*p)++;
	if (*p >= sc->len) {
		char at[48];
		scan_fail(sc, &rule_json_syntax, *p, "unterminated string that starts at %s",
		     scan_where(sc, start, at));
		return false;
	}
	unsigned char c = (unsigned char)sc->s[*p];
	if (strchr("\"\\/bfnrt", c) && c) {
		(*p)++;
		return true;
	}
	if (c == 'u')
		return scan_unicode_escape(sc, esc, p, is_key);
	char what[64];
	if (c >= 0x80 && !scan_utf8_check(sc, *p))
		return false;
	scan_fail(sc, &rule_json_syntax, esc,
	     "invalid escape `\\` followed by %s; JSON allows only \\\" \\\\ \\/ \\b \\f "
	     "\\n \\r \\t and \\uXXXX", hint_describe(sc, *p, what));
	return false;
}

static size_t scan_string(struct scanner *sc, size_t p, bool is_key)
{
	const char *s = sc->s;
	size_t start = p++;
	char at[48];
	sc->escaped = false;
	for (;;) {
		if (p >= sc->len) {
			scan_fail(sc, &rule_json_syntax, p, "unterminated string that starts at %s",
			     scan_where(sc, start, at));
			return p;
		}
		while (byte_class[(unsigned char)s[p]] & PLAIN)
			p++;
		unsigned char c = (unsigned char)s[p];
		if (c == '"' && p < sc->len)
			return p + 1;
		if (p >= sc->len)
			continue;
		if (c >= 0x80) {
			size_t n = scan_utf8_check(sc, p);
			if (!n)
				return p;
			p += n;
			continue;
		}
		if (c == '\n' || c == '\r') {
			scan_fail(sc, &rule_json_syntax, p,
			     "line break inside the string that starts at %s: is a closing `\"` missing? "
			     "(a line break inside a string is written `\\n`)", scan_where(sc, start, at));
			return p;
		}
		if (c < 0x20) {
			if (c == '\t')
				scan_fail(sc, &rule_json_syntax, p,
				     "raw tab character inside a string; write it as `\\t`");
			else
				scan_fail(sc, &rule_json_syntax, p,
				     "raw control character U+%04X inside a string; write it as `\\u%04x`",
				     c, c);
			return p;
		}
		if (!scan_escape(sc, &p, start, is_key))
			return p;
	}
}

/* Text of the number at [start, end) for messages, shortened if long. */
static const char *number_text(struct scanner *sc, size_t start, size_t end)
{
	size_t n = end - start;
	buf_truncate(&sc->scratch, 0);
	if (n > 40) {
		buf_add(&sc->scratch, sc->s + start, 20);
		buf_adds(&sc->scratch, "…");
		buf_add(&sc->scratch, sc->s + end - 10, 10);
	} else {
		buf_add(&sc->scratch, sc->s + start, n);
	}
	return sc->scratch.data;
}

static size_t scan_digits(struct scanner *sc, size_t p)
{
	while (p < sc->len && is_digit(sc->s[p]))
		p++;
	return p;
}

/* The value of the number [start, p) of s (its integer part from
 * int_start; an integer when is_int), attached: an integer int64 holds, or
 * a double with its text; a value past them is said (json-number-range). */
static void number_value(struct scanner *sc, size_t start, size_t int_start, size_t p, bool neg,
			 bool is_int)
{
	const char *s = sc->s;
	if (is_int) {
		/* json-c clamps integers beyond int64 (negative) and uint64 (positive). */
		const char *limit = neg ? "9223372036854775808" : "18446744073709551615";
		size_t llen = strlen(limit);
		size_t int_digits = p - int_start;
		bool clamped = int_digits > llen ||
			       (int_digits == llen && memcmp(s + int_start, limit, llen) > 0);
		if (clamped)
			scan_report(sc, &rule_json_number_range, start,
			       "integer `%s` does not fit in 64 bits: it cannot be read exactly, and "
			       "json-c would change it to %s", number_text(sc, start, p),
			       neg ? "-9223372036854775808" : "18446744073709551615");
		if (clamped)
			scan_span_to(sc, p);
		uint64_t v = clamped ? UINT64_MAX : 0;
		for (size_t i = int_start; i < p && !clamped; i++)
			v = v * 10 + (uint64_t)(s[i] - '0');
		/* An integer int64 holds is one (-0 is 0, as json-c reads it);
		 * any other is kept as written: a double with its text, so that
		 * every finding quotes it as the file has it (never json-c's
		 * clamped 9223372036854775807 or 18446744073709551615), a rule
		 * asking for an integer that fits sees one that does not, and
		 * writing it back changes nothing. */
		if (!clamped && (neg ? v <= (uint64_t)INT64_MAX + 1 : v <= (uint64_t)INT64_MAX)) {
			if (building(sc))
				attach_value(sc, dom_int_read(!neg ? (int64_t)v :
							      v > (uint64_t)INT64_MAX ? INT64_MIN :
							      -(int64_t)v));
			return;
		}
	}
	/* A double keeps its text, so writing it back changes nothing. */
	char *text = xstrndup(s + start, p - start);
	double v = strtod(text, NULL);
	if (isinf(v))
		scan_report(sc, &rule_json_number_range, start,
		       "number `%s` is too large for a double: readers turn it into Infinity, "
		       "which JSON cannot even write back", number_text(sc, start, p));
	if (isinf(v))
		scan_span_to(sc, p);
	if (building(sc))
		attach_value(sc, dom_double_s(v, text));
	free(text);
}

static size_t scan_number(struct scanner *sc, size_t p)
{
	const char *s = sc->s;
	size_t start = p;
	bool neg = s[p] == '-';
	if (neg)
		p++;
	if (p >= sc->len || !is_digit(s[p])) {
		if (sc->len - p >= 8 && memcmp(s + p, "Infinity", 8) == 0)
			scan_fail(sc, &rule_json_syntax, start,
			     "`-Infinity` is not a JSON value: JSON has no infinities (use a number or null)");
		else
			scan_fail(sc, &rule_json_syntax, start, "`-` must be followed by a digit");
		return p;
	}
	size_t int_start = p;
	p = scan_digits(sc, p);
	if (s[int_start] == '0' && p - int_start > 1) {
		scan_fail(sc, &rule_json_syntax, start,
		     "leading zeros are not allowed in JSON numbers (`%s`)", number_text(sc, start, p));
		scan_span_to(sc, p);
		return p;
	}
	bool is_int = true;
	if (p < sc->len && s[p] == '.') {
		is_int = false;
		if (p + 1 >= sc->len || !is_digit(s[p + 1])) {
			scan_fail(sc, &rule_json_syntax, p,
			     "a digit must follow the decimal point in `%s`; write `%s0` or drop the point",
			     number_text(sc, start, p + 1), number_text(sc, start, p + 1));
			return p;
		}
		p = scan_digits(sc, p + 1);
	}
	if (p < sc->len && (s[p] == 'e' || s[p] == 'E')) {
		is_int = false;
		size_t e = p++;
		if (p < sc->len && (s[p] == '+' || s[p] == '-'))
			p++;
		if (p >= sc->len || !is_digit(s[p])) {
			scan_fail(sc, &rule_json_syntax, e, "the exponent of `%s` has no digits",
			     number_text(sc, start, p));
			return p;
		}
		p = scan_digits(sc, p);
	}
	number_value(sc, start, int_start, p, neg, is_int);
	return p;
}

/* p is at a value that is not an object or array. */
static size_t scan_scalar(struct scanner *sc, size_t p)
{
	const char *s = sc->s;
	char c = s[p];
	if (c == '"') {
		size_t end = scan_string(sc, p, false);
		sc->string_start = p;
		sc->string_end = end;
		if (sc->fatal || !building(sc))
			return end;
		if (!sc->escaped) {
			attach_value(sc, dom_string_len(s + p + 1, end - p - 2));
		} else {
			buf_truncate(&sc->decoded, 0);
			jstring_decode(s + p, &sc->decoded);
			attach_value(sc, dom_string_len(sc->decoded.data, sc->decoded.len));
		}
		return end;
	}
	if (c == '-' || is_digit(c))
		return scan_number(sc, p);
	if (is_word(c)) {
		size_t end = p;
		while (end < sc->len && is_word(s[end]))
			end++;
		if (!building(sc) && ((end - p == 4 && (memcmp(s + p, "true", 4) == 0 ||
							memcmp(s + p, "null", 4) == 0)) ||
				      (end - p == 5 && memcmp(s + p, "false", 5) == 0)))
			;   /* not built */
		else if (end - p == 4 && memcmp(s + p, "true", 4) == 0)
			attach_value(sc, dom_bool(1));
		else if (end - p == 5 && memcmp(s + p, "false", 5) == 0)
			attach_value(sc, dom_bool(0));
		else if (end - p == 4 && memcmp(s + p, "null", 4) == 0)
			attach_value(sc, NULL);
		else
			hint_bad_word(sc, p, end, false);
		return end;
	}
	hint_not_a_value(sc, p);
	return p;
}

/* p is at a member's key (after `{` or `,`); returns p past its `:`. */
static size_t scan_key(struct scanner *sc, struct frame *f, size_t p)
{
	const char *s = sc->s;
	if (p >= sc->len) {
		hint_unclosed(sc, p, f);
		return p;
	}
	if (s[p] != '"') {
		hint_not_a_key(sc, f, p);
		return p;
	}
	/* Until the key is known to be a complete string, findings inside it
	 * point at the object. */
	f->key = NO_KEY;
	f->count++;
	size_t end = scan_string(sc, p, true);
	if (sc->fatal)
		return end;
	f->key = p;
	note_key(sc, f, p, end);
	p = skip_ws(sc, end);
	if (sc->fatal)
		return p;
	if (p >= sc->len || s[p] != ':') {
		hint_no_colon(sc, f, p, end);
		return p;
	}
	return skip_ws(sc, p + 1);
}

/* The member's key as the DOM keeps it (json-c cuts it at a NUL) is key. */
static bool member_is(const struct scanner *sc, const char *key)
{
	return strcmp(sc->member, key) == 0;
}

static enum role role_of(const struct scanner *sc, char kind)
{
	if (!sc->depth)
		return sc->mode == MODE_NODE && kind == '{' ? ROLE_NODE : ROLE_NONE;
	const struct frame *f = &sc->frames[sc->depth - 1];
	switch (f->role) {
	case ROLE_NONE:
		return sc->mode == MODE_STREAMED && sc->depth == 1 && f->kind == '{' &&
		       kind == '[' && member_is(sc, "tree") ? ROLE_SEQ : ROLE_NONE;
	case ROLE_SEQ:
		return kind == '{' ? ROLE_NODE : ROLE_INSIDE;
	case ROLE_NODE:
		return kind == '[' && member_is(sc, "variations") ? ROLE_VARIATIONS : ROLE_INSIDE;
	case ROLE_VARIATIONS:
		return kind == '[' ? ROLE_SEQ : ROLE_INSIDE;
	default:
		return ROLE_INSIDE;
	}
}

/* At the start of a value in a streamed scan: notes what the value is
 * when it matters (root.tree, a node's variations); for a variation of the
 * node being read, attaches its stub and returns true with *p past it. */
static bool streamed_value(struct scanner *sc, size_t *p)
{
	if (!sc->depth)
		return false;
	const struct frame *f = &sc->frames[sc->depth - 1];
	char c = sc->s[*p];
	if (sc->mode == MODE_STREAMED) {
		if (sc->depth == 1 && f->kind == '{' && member_is(sc, "tree"))
			sc->tree->tree = SIZE_MAX;   /* a later tree that is no array replaces it */
		return false;
	}
	if (f->role == ROLE_NODE && sc->depth == 1 && member_is(sc, "variations"))
		sc->variations = c == '[' ? *p : SIZE_MAX;
	if (f->role != ROLE_VARIATIONS || c != '[')
		return false;
	const struct scan_seq *seq = scan_tree_seq_near(sc->seqs, *p, &sc->seq_near);
	if (!seq) {
		sc->fatal = true;   /* not the text the streamed scan read */
		return true;
	}
	json_object *stub = dom_array();
	if (seq->count)
		dom_push(stub, NULL);
	attach_value(sc, stub);
	*p = seq->end;
	return true;
}

static bool push(struct scanner *sc, char kind, size_t p)
{
	if (sc->depth >= JGF_MAX_DEPTH) {
		scan_fail(sc, &rule_json_depth, p,
		     "nesting deeper than %d levels: jgflint checks records up to this depth "
		     "(about 6,600 levels of nested variations)", JGF_MAX_DEPTH);
		return false;
	}
	if (sc->depth >= sc->frames_cap)
		sc->frames = xgrow(sc->frames, &sc->frames_cap, sc->depth + 1, sizeof *sc->frames);
	if (sc->depth == sc->max_depth)
		sc->max_depth++;
	enum role role = sc->mode == MODE_WHOLE ? ROLE_NONE : role_of(sc, kind);
	json_object *obj = NULL;
	if (building(sc)) {
		obj = kind == '{' ? dom_object() : dom_array();
		attach_value(sc, obj);
	}
	size_t seq = SIZE_MAX;
	if (role == ROLE_SEQ) {
		seq = scan_seq_open(sc, p);
		if (sc->depth == 1) {   /* root.tree: its stub stays empty, its nodes unbuilt */
			sc->tree->tree = seq;
			obj = NULL;
			sc->unbuilt = sc->depth + 1;
		}
	}
	sc->frames[sc->depth++] = (struct frame){ .kind = kind, .open = p, .key = NO_KEY,
						   .keys_start = sc->nkeys,
						   .keytext_start = sc->keytext.len,
						   .obj = obj, .role = (unsigned char)role,
						   .seq = seq };
	return true;
}

void scan_pop(struct scanner *sc, size_t end)
{
	struct frame *f = &sc->frames[--sc->depth];
	free(f->index);
	sc->nkeys = f->keys_start;
	buf_truncate(&sc->keytext, f->keytext_start);
	if (f->seq != SIZE_MAX) {
		sc->tree->seqs[f->seq].end = (uint32_t)end;
		sc->tree->seqs[f->seq].count = (uint32_t)f->count;
		sc->tree->seqs[f->seq].after = (uint32_t)sc->tree->len;
	}
	if (sc->depth + 1 == sc->unbuilt)
		sc->unbuilt = SIZE_MAX;
}

/* After a value inside a container: a separator, a closer, or an error.
 * Returns the offset of the next value, or of what ended the scan. */
static size_t after_value(struct scanner *sc, size_t p, bool *closed)
{
	const char *s = sc->s;
	struct frame *f = &sc->frames[sc->depth - 1];
	char at[48];
	size_t value_end = p;
	*closed = false;
	p = skip_ws(sc, p);
	if (sc->fatal)
		return p;
	if (p >= sc->len) {
		hint_unclosed(sc, p, f);
		return p;
	}
	char c = s[p];
	if (c == (f->kind == '{' ? '}' : ']')) {
		if (sc->shrink && f->obj)
			json_shrink(f->obj);
		scan_pop(sc, p + 1);
		*closed = true;
		return p + 1;
	}
	if (c == '}' || c == ']') {
		scan_fail(sc, &rule_json_syntax, p, "`%c` does not match `%c` opened at %s; expected `%s`: "
		     "is a `%s` missing, or a `%c` earlier?", c, f->kind, scan_where(sc, f->open, at),
		     closer_of(f->kind), closer_of(f->kind), c == '}' ? '{' : '[');
		return p;
	}
	if (c != ',') {
		hint_not_a_separator(sc, f, p, value_end);
		return p;
	}
	size_t comma = p;
	p = skip_ws(sc, p + 1);
	if (sc->fatal)
		return p;
	if (p < sc->len && (s[p] == '}' || s[p] == ']')) {
		if (hint_closer_too_many(sc, f, p) || hint_closer_unopened(sc, f, p))
			return p;
		scan_fail(sc, &rule_json_syntax, comma, "trailing comma before `%c`; remove the comma", s[p]);
		scan_span_to(sc, comma + 1);
		return p;
	}
	if (f->kind == '{')
		return scan_key(sc, f, p);
	f->count++;
	return p;
}

size_t scan_values(struct scanner *sc, size_t p, bool one)
{
	const char *text = sc->s;
	size_t len = sc->len;
	while (!sc->fatal) {
		/* p is at the start of a value. */
		bool closed = false;
		if (sc->mode != MODE_WHOLE && streamed_value(sc, &p)) {
			if (sc->fatal)
				break;
		} else if (p < len && (text[p] == '{' || text[p] == '[')) {
			char kind = text[p];
			if (!push(sc, kind, p))
				break;
			size_t q = skip_ws(sc, p + 1);
			if (sc->fatal)
				break;
			if (q < len && text[q] == (kind == '{' ? '}' : ']')) {
				if (sc->shrink && sc->frames[sc->depth - 1].obj)
					json_shrink(sc->frames[sc->depth - 1].obj);
				scan_pop(sc, q + 1);
				p = q + 1;
				closed = true;
			} else if (kind == '{') {
				p = scan_key(sc, &sc->frames[sc->depth - 1], q);
				continue;
			} else {
				sc->frames[sc->depth - 1].count = 1;
				p = q;
				continue;
			}
		} else if (p >= len) {
			if (sc->depth)
				hint_unclosed(sc, p, &sc->frames[sc->depth - 1]);
			break;
		} else {
			p = scan_scalar(sc, p);
		}
		/* After a complete value: close containers, or move to the next value. */
		while (!sc->fatal && sc->depth) {
			p = after_value(sc, p, &closed);
			if (!closed)
				break;
		}
		if (sc->fatal || (one && sc->depth == 0))
			break;
		if (sc->depth == 0) {
			size_t value_end = p;
			p = skip_ws(sc, p);
			if (!sc->fatal && p < len)
				hint_after_document(sc, p, value_end);
			break;
		}
	}
	return p;
}

size_t scan_bom_length(const char *text, size_t len)
{
	return len >= 3 && memcmp(text, "\xEF\xBB\xBF", 3) == 0 ? 3 : 0;
}

static struct scan_result scan_document(const char *text, size_t len, struct locator *loc,
					struct diag_list *out, scan_known_key known_key,
					struct scan_tree *tree)
{
	struct scanner sc = { .s = text, .len = len, .loc = loc, .out = out,
			      .known_key = known_key, .shrink = len >= SCAN_SHRINK_MIN,
			      .mode = tree ? MODE_STREAMED : MODE_WHOLE, .unbuilt = SIZE_MAX,
			      .tree = tree };
	if (tree)
		*tree = (struct scan_tree){ .tree = SIZE_MAX };
	struct scan_result res = { 0 };
	size_t p = 0;
	/* UTF-16 or UTF-32: name the encoding rather than guess. */
	const struct hint_wide *wide = hint_wide_encoding(text, len);
	if (wide) {
		scan_fail(&sc, &rule_json_encoding, 0,
		     "the file is %s (%s), but JGF files must be UTF-8: convert it, e.g. iconv -f %s "
		     "-t UTF-8", wide->enc, wide->how, wide->iconv);
		return res;
	}
	if (scan_bom_length(text, len)) {
		scan_report(&sc, &rule_json_bom, 0,
		       "UTF-8 byte order mark at the start of the file: JSON text must not begin "
		       "with one (RFC 8259); readers that decode the file as UTF-8 drop it, but "
		       "JSON.parse of the text as read and json-c reject it; remove it");
		scan_span_to(&sc, 3);   /* the mark's three bytes */
		fix_bytes(&out->items[out->len - 1], FIX_SAFE, 0, 3, "");
		p = res.body = 3;
	}
	p = skip_ws(&sc, p);
	if (!sc.fatal && p >= len) {
		scan_fail(&sc, &rule_json_syntax, p,
		     "%s: a JGF record is a JSON object `{ … }`", p == res.body ? "empty file" : "file holds only white space");
	}
	if (!sc.fatal)
		scan_values(&sc, p, false);
	while (sc.depth)
		scan_pop(&sc, 0);
	/* The locator's lookups stop at a key's first member (not when the
	 * tree's nodes are scanned later, one at a time). */
	if (!tree && !sc.fatal && !sc.dup_key && loc)
		locator_keys_unique(loc);
	free(sc.frames);
	free(sc.keys);
	buf_free(&sc.keytext);
	buf_free(&sc.scratch);
	buf_free(&sc.member_copy);
	buf_free(&sc.decoded);
	res.root = sc.root;
	res.parsable = !sc.fatal;
	res.depth = sc.max_depth;
	return res;
}

struct scan_result scan_json(const char *text, size_t len, struct locator *loc,
			     struct diag_list *out, scan_known_key known_key)
{
	return scan_document(text, len, loc, out, known_key, NULL);
}

struct scan_result scan_json_streamed(const char *text, size_t len, struct locator *loc,
				      struct diag_list *out, scan_known_key known_key,
				      struct scan_tree *tree)
{
	return scan_document(text, len, loc, out, known_key, tree);
}
