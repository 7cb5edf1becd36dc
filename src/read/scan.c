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
#include <strings.h>

#include "base/buf.h"
#include "base/dom.h"
#include "core/catalog.h"
#include "core/fix.h"
#include "base/jstring.h"
#include "base/pointer.h"

#define NO_KEY SIZE_MAX
/* Objects with more keys than this get a hash index for duplicate checks. */
#define LINEAR_KEYS 16

struct key_entry {
	uint32_t hash;
	bool decoded;  /* text is in scanner.keytext (the key had escapes), else in the source */
	size_t text;
	size_t len;
	size_t src;    /* offset of the key's opening quote */
};

struct frame {
	char kind;          /* '{' or '[' */
	size_t open;        /* offset of the bracket */
	size_t count;       /* members or elements begun so far */
	size_t key;         /* offset of the current member's key, or NO_KEY */
	size_t keys_start;  /* this object's first entry in scanner.keys */
	size_t keytext_start;
	size_t *index;      /* open-addressing table over its keys, or NULL */
	size_t index_cap;   /* a power of two */
	json_object *obj;   /* the object or array being built (NULL: none is) */
	bool nul_key;       /* a key had \u0000: json-c's cut keys may repeat */
	unsigned char role; /* in the tree of a streamed scan (enum role) */
	size_t seq;         /* a sequence's entry in scanner.tree, else SIZE_MAX */
};

/* What a scan builds: the whole DOM; a streamed document's (the tree's
 * sequences listed, their nodes not built); or one node of it. */
enum mode { MODE_WHOLE, MODE_STREAMED, MODE_NODE };
/* What a container is in the tree of a streamed scan (see scan.h). */
enum role { ROLE_NONE, ROLE_SEQ, ROLE_NODE, ROLE_VARIATIONS, ROLE_INSIDE };

struct scanner {
	const char *s;
	size_t len;
	struct locator *loc;
	struct diag_list *out;
	struct frame *frames;
	size_t depth;
	size_t max_depth;
	size_t frames_cap;
	struct key_entry *keys;
	size_t nkeys;
	size_t keys_cap;
	struct buf keytext;
	struct buf scratch;
	bool fatal;
	bool shrink;        /* containers are cut to their members (SCAN_SHRINK_MIN) */
	bool escaped;       /* the last string scanned had a backslash escape */
	size_t string_start, string_end; /* the last string value scanned (for hints) */
	json_object *root;  /* the DOM, attached to as values are scanned */
	scan_known_key known_key;
	const char *member; /* the current member's key, decoded and NUL-terminated */
	unsigned member_flags; /* for dom_add_ex */
	struct buf member_copy; /* member, when it is not a known key */
	struct buf decoded; /* a string value with escapes, decoded */
	enum mode mode;
	size_t unbuilt;     /* from this depth on nothing is built (the streamed tree) */
	struct scan_tree *tree;        /* MODE_STREAMED: the sequences found */
	const struct scan_tree *seqs;  /* MODE_NODE: the sequences, to skip them */
	size_t variations;  /* MODE_NODE: the node's variations array, or SIZE_MAX */
};

/* Whether the value about to be scanned is built. */
static inline bool building(const struct scanner *sc)
{
	return sc->depth < sc->unbuilt;
}

static const char *closer_of(char kind) { return kind == '{' ? "}" : "]"; }

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

/* The pointer of the value the scan is inside. */
static char *current_pointer(struct scanner *sc)
{
	struct buf ptr = BUF_INIT, key = BUF_INIT;
	for (size_t i = 0; i < sc->depth; i++) {
		const struct frame *f = &sc->frames[i];
		if (f->kind == '{' && f->key != NO_KEY) {
			buf_truncate(&key, 0);
			jstring_decode(sc->s + f->key, &key);
			pointer_push_key(&ptr, key.data ? key.data : "", key.len);
		} else if (f->kind == '[' && f->count > 0) {
			pointer_push_index(&ptr, f->count - 1);
		} else {
			break;
		}
	}
	buf_free(&key);
	return buf_detach(&ptr);
}

__attribute__((format(printf, 4, 0)))
static void vreport(struct scanner *sc, const struct rule *rule, size_t off,
		    const char *fmt, va_list ap)
{
	char *ptr = current_pointer(sc);
	diag_vat(sc->out, rule, off, ptr, fmt, ap);
	free(ptr);
}

static void report(struct scanner *sc, const struct rule *rule, size_t off,
		   const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void report(struct scanner *sc, const struct rule *rule, size_t off,
		   const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport(sc, rule, off, fmt, ap);
	va_end(ap);
}

/* Reports a problem that ends the scan. */
static void fail(struct scanner *sc, const struct rule *rule, size_t off,
		 const char *fmt, ...) __attribute__((format(printf, 4, 5)));
static void fail(struct scanner *sc, const struct rule *rule, size_t off,
		 const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	vreport(sc, rule, off, fmt, ap);
	va_end(ap);
	sc->fatal = true;
}

/* The finding just reported runs to end: what the scanner knows of its
 * span (the bytes, number or key concerned), for editors' ranges and the
 * carets; others end where they start. */
static void span_to(struct scanner *sc, size_t end)
{
	sc->out->items[sc->out->len - 1].end_offset = end;
}

/* "L:C", for messages that point at a second place. */
static const char *where(struct scanner *sc, size_t off, char out[48])
{
	unsigned long line, col;
	locator_linecol(sc->loc, off, &line, &col);
	snprintf(out, 48, "%lu:%lu", line, col);
	return out;
}

/* Length of the valid UTF-8 sequence at off, or 0 after reporting why not. */
static size_t utf8_check(struct scanner *sc, size_t off)
{
	const unsigned char *u = (const unsigned char *)sc->s + off;
	size_t avail = sc->len - off;
	unsigned char b = u[0];
	size_t n;
	unsigned char lo = 0x80, hi = 0xBF;   /* range of the second byte */
	const char *why = NULL;
	if (b < 0x80)
		return 1;
	if (b < 0xC0) {
		fail(sc, &rule_json_encoding, off,
		     "invalid UTF-8: stray continuation byte 0x%02X; JGF files must be UTF-8 "
		     "(was this file saved in Latin-1, CP932 or another encoding?)", b);
		span_to(sc, off + 1);
		return 0;
	}
	if (b < 0xC2) {
		fail(sc, &rule_json_encoding, off,
		     "invalid UTF-8: byte 0x%02X starts an overlong encoding; JGF files must be UTF-8", b);
		span_to(sc, off + 1);
		return 0;
	}
	if (b < 0xE0) {
		n = 2;
	} else if (b < 0xF0) {
		n = 3;
		if (b == 0xE0)
			lo = 0xA0, why = "are an overlong encoding";
		else if (b == 0xED)
			hi = 0x9F, why = "encode a UTF-16 surrogate, which is not a character";
	} else if (b < 0xF5) {
		n = 4;
		if (b == 0xF0)
			lo = 0x90, why = "are an overlong encoding";
		else if (b == 0xF4)
			hi = 0x8F, why = "encode a code point beyond U+10FFFF";
	} else {
		fail(sc, &rule_json_encoding, off,
		     "invalid UTF-8: byte 0x%02X never occurs in UTF-8; JGF files must be UTF-8 "
		     "(was this file saved in Latin-1, CP932 or another encoding?)", b);
		span_to(sc, off + 1);
		return 0;
	}
	for (size_t i = 1; i < n; i++) {
		unsigned char min = i == 1 ? lo : 0x80, max = i == 1 ? hi : 0xBF;
		if (i >= avail || u[i] < 0x80 || u[i] > 0xBF) {
			fail(sc, &rule_json_encoding, off,
			     "invalid UTF-8: byte 0x%02X is not followed by the continuation bytes of a "
			     "%zu-byte sequence; JGF files must be UTF-8 (was this file saved in Latin-1, "
			     "CP932 or another encoding?)", b, n);
			span_to(sc, off + i);   /* the bytes that began the sequence */
			return 0;
		}
		if (u[i] < min || u[i] > max) {
			fail(sc, &rule_json_encoding, off, "invalid UTF-8: bytes 0x%02X 0x%02X %s",
			     b, u[1], why);
			span_to(sc, off + i);
			return 0;
		}
	}
	return n;
}

/* Whether the bytes at off are one well-formed UTF-8 character. */
static bool utf8_valid(const struct scanner *sc, size_t off)
{
	const unsigned char *u = (const unsigned char *)sc->s + off;
	size_t avail = sc->len - off;
	size_t n = u[0] >= 0xC2 && u[0] <= 0xDF ? 2 : u[0] >= 0xE0 && u[0] <= 0xEF ? 3 :
		   u[0] >= 0xF0 && u[0] <= 0xF4 ? 4 : 0;
	if (!n || n > avail)
		return false;
	unsigned char lo = u[0] == 0xE0 ? 0xA0 : u[0] == 0xF0 ? 0x90 : 0x80;
	unsigned char hi = u[0] == 0xED ? 0x9F : u[0] == 0xF4 ? 0x8F : 0xBF;
	if (u[1] < lo || u[1] > hi)
		return false;
	for (size_t i = 2; i < n; i++)
		if ((u[i] & 0xC0) != 0x80)
			return false;
	return true;
}

/* How a stray byte reads in a message: `x`, U+0007, `é` (U+00E9), or the
 * bytes `\xC0\xAF` (not UTF-8). */
static const char *describe(struct scanner *sc, size_t off, char out[64])
{
	unsigned char b = (unsigned char)sc->s[off];
	if (off >= sc->len) {
		snprintf(out, 64, "the end of the file");
	} else if (b == 0) {
		snprintf(out, 64, "a NUL byte");
	} else if (b < 0x20 || b == 0x7F) {
		snprintf(out, 64, "the control character U+%04X", b);
	} else if (b < 0x80) {
		snprintf(out, 64, "`%c`", b);
	} else if (utf8_valid(sc, off)) {
		size_t n = b < 0xE0 ? 2 : b < 0xF0 ? 3 : 4;
		uint32_t cp = b & (0x7F >> n);
		for (size_t i = 1; i < n; i++)
			cp = cp << 6 | ((unsigned char)sc->s[off + i] & 0x3F);
		snprintf(out, 64, "`%.*s` (U+%04X)", (int)n, sc->s + off, (unsigned)cp);
	} else {
		/* Not UTF-8: the bytes as they are (the lead byte and the
		 * continuation bytes after it, as many as it announces), never
		 * copied raw into a message, nor decoded as some character. */
		const unsigned char *u = (const unsigned char *)sc->s + off;
		size_t n = b >= 0xF0 ? 4 : b >= 0xE0 ? 3 : b >= 0xC0 ? 2 : 1, k = 1;
		while (k < n && off + k < sc->len && (u[k] & 0xC0) == 0x80)
			k++;
		int at = snprintf(out, 64, "the byte%s `", k > 1 ? "s" : "");
		for (size_t i = 0; i < k; i++)
			at += snprintf(out + at, 64 - (size_t)at, "\\x%02X", u[i]);
		snprintf(out + at, 64 - (size_t)at, "` (not UTF-8)");
	}
	return out;
}

/* Reports an unexpected byte: as an encoding error when it is not UTF-8. */
static void unexpected(struct scanner *sc, size_t off, const char *expected)
{
	char what[64];
	if (off < sc->len && (unsigned char)sc->s[off] >= 0x80 && !utf8_check(sc, off))
		return;
	fail(sc, &rule_json_syntax, off, "expected %s, found %s", expected, describe(sc, off, what));
}

/* The end of the file inside the container f: its closer is missing. */
static void unclosed(struct scanner *sc, size_t p, const struct frame *f)
{
	char at[48];
	fail(sc, &rule_json_syntax, p, "unexpected end of file: `%c` opened at %s is not closed: "
	     "is a `%s` missing?", f->kind, where(sc, f->open, at), closer_of(f->kind));
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

static bool is_ws(char c) { return byte_class[(unsigned char)c] & WS; }
static bool is_digit(char c) { return c >= '0' && c <= '9'; }
static bool is_word(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_' || c == '$';
}

static inline size_t skip_ws(struct scanner *sc, size_t p)
{
	while (is_ws(sc->s[p])) /* the text ends in a NUL, which is not white space */
		p++;
	if (sc->s[p] == '/' && p + 1 < sc->len && (sc->s[p + 1] == '/' || sc->s[p + 1] == '*'))
		fail(sc, &rule_json_syntax, p, "comments are not allowed in JSON");
	return p;
}

static uint32_t hash_bytes(const char *s, size_t n)
{
	uint32_t h = 2166136261u;
	for (size_t i = 0; i < n; i++)
		h = (h ^ (unsigned char)s[i]) * 16777619u;
	return h;
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
	if (memchr(sc->s + src + 1, '\\', k.len)) {
		jstring_decode(sc->s + src, &sc->keytext);
		k = (struct key_entry){ 0, true, start, sc->keytext.len - start, src };
	}
	k.hash = hash_bytes(key_bytes(sc, &k), k.len);
	size_t nkeys = sc->nkeys - f->keys_start;
	size_t dup = SIZE_MAX;
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
	sc->member = sc->known_key && !k.decoded ? sc->known_key(key_bytes(sc, &k), k.len) : NULL;
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
	report(sc, &rule_json_duplicate_key, src,
	       "duplicate key \"%.*s%s\" (first at %s): JSON.parse keeps only the last value, "
	       "so the earlier one is silently lost; remove or rename one of them",
	       (int)shown, key, shown < k.len ? "…" : "",
	       where(sc, sc->keys[dup].src, first));
	span_to(sc, end);
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
			fail(sc, &rule_json_syntax, esc,
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
		report(sc, &rule_json_encoding, esc,
		       "`\\u%04x` is a lone UTF-16 surrogate, not a character; readers replace it "
		       "with U+FFFD (a surrogate pair must be written as two escapes, high then low)",
		       (unsigned)cp);
	else if (cp == 0 && is_key)
		report(sc, &rule_json_key_nul, esc,
		       "key contains `\\u0000`: json-c, and so jgflint, cuts the key there, so it "
		       "can be confused with another key; remove the NUL character");
	else
		return true;
	span_to(sc, esc + 6);   /* the escape \uXXXX */
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
		fail(sc, &rule_json_syntax, *p, "unterminated string that starts at %s",
		     where(sc, start, at));
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
	if (c >= 0x80 && !utf8_check(sc, *p))
		return false;
	fail(sc, &rule_json_syntax, esc,
	     "invalid escape `\\` followed by %s; JSON allows only \\\" \\\\ \\/ \\b \\f "
	     "\\n \\r \\t and \\uXXXX", describe(sc, *p, what));
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
			fail(sc, &rule_json_syntax, p, "unterminated string that starts at %s",
			     where(sc, start, at));
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
			size_t n = utf8_check(sc, p);
			if (!n)
				return p;
			p += n;
			continue;
		}
		if (c == '\n' || c == '\r') {
			fail(sc, &rule_json_syntax, p,
			     "line break inside the string that starts at %s: is a closing `\"` missing? "
			     "(a line break inside a string is written `\\n`)", where(sc, start, at));
			return p;
		}
		if (c < 0x20) {
			if (c == '\t')
				fail(sc, &rule_json_syntax, p,
				     "raw tab character inside a string; write it as `\\t`");
			else
				fail(sc, &rule_json_syntax, p,
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

static size_t scan_number(struct scanner *sc, size_t p)
{
	const char *s = sc->s;
	size_t start = p;
	bool neg = s[p] == '-';
	if (neg)
		p++;
	if (p >= sc->len || !is_digit(s[p])) {
		if (sc->len - p >= 8 && memcmp(s + p, "Infinity", 8) == 0)
			fail(sc, &rule_json_syntax, start,
			     "`-Infinity` is not a JSON value: JSON has no infinities (use a number or null)");
		else
			fail(sc, &rule_json_syntax, start, "`-` must be followed by a digit");
		return p;
	}
	size_t int_start = p;
	p = scan_digits(sc, p);
	if (s[int_start] == '0' && p - int_start > 1) {
		fail(sc, &rule_json_syntax, start,
		     "leading zeros are not allowed in JSON numbers (`%s`)", number_text(sc, start, p));
		span_to(sc, p);
		return p;
	}
	size_t int_digits = p - int_start;
	bool is_int = true;
	if (p < sc->len && s[p] == '.') {
		is_int = false;
		if (p + 1 >= sc->len || !is_digit(s[p + 1])) {
			fail(sc, &rule_json_syntax, p,
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
			fail(sc, &rule_json_syntax, e, "the exponent of `%s` has no digits",
			     number_text(sc, start, p));
			return p;
		}
		p = scan_digits(sc, p);
	}
	if (is_int) {
		/* json-c clamps integers beyond int64 (negative) and uint64 (positive). */
		const char *limit = neg ? "9223372036854775808" : "18446744073709551615";
		size_t llen = strlen(limit);
		bool clamped = int_digits > llen ||
			       (int_digits == llen && memcmp(s + int_start, limit, llen) > 0);
		if (clamped)
			report(sc, &rule_json_number_range, start,
			       "integer `%s` does not fit in 64 bits: it cannot be read exactly, and "
			       "json-c would change it to %s", number_text(sc, start, p),
			       neg ? "-9223372036854775808" : "18446744073709551615");
		if (clamped)
			span_to(sc, p);
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
				attach_value(sc, dom_int(!neg ? (int64_t)v :
							 v > (uint64_t)INT64_MAX ? INT64_MIN : -(int64_t)v));
			return p;
		}
	}
	/* A double keeps its text, so writing it back changes nothing. */
	char *text = xstrndup(s + start, p - start);
	double v = strtod(text, NULL);
	if (isinf(v))
		report(sc, &rule_json_number_range, start,
		       "number `%s` is too large for a double: readers turn it into Infinity, "
		       "which JSON cannot even write back", number_text(sc, start, p));
	if (isinf(v))
		span_to(sc, p);
	if (building(sc))
		attach_value(sc, dom_double_s(v, text));
	free(text);
	return p;
}

static void bad_word(struct scanner *sc, size_t p, size_t end, bool as_key)
{
	const char *w = sc->s + p;
	int n = (int)(end - p > 40 ? 40 : end - p);
	static const char *const literals[] = { "true", "false", "null" };
	if (as_key) {
		fail(sc, &rule_json_syntax, p,
		     "object keys must be strings in double quotes: write `\"%.*s\"`", n, w);
		span_to(sc, end);
		return;
	}
	if ((end - p == 3 && memcmp(w, "NaN", 3) == 0) || (end - p == 8 && memcmp(w, "Infinity", 8) == 0)) {
		fail(sc, &rule_json_syntax, p,
		     "`%.*s` is not a JSON value: JSON has no NaN or infinities (use a number or null)", n, w);
		span_to(sc, end);
		return;
	}
	for (size_t i = 0; i < 3; i++) {
		if (strlen(literals[i]) == end - p && strncasecmp(w, literals[i], end - p) == 0) {
			fail(sc, &rule_json_syntax, p,
			     "`%.*s` is not a JSON literal: write `%s` in lower case", n, w, literals[i]);
			span_to(sc, end);
			return;
		}
	}
	fail(sc, &rule_json_syntax, p,
	     "unexpected word `%.*s`: strings must be in double quotes", n, w);
	span_to(sc, end);
}

/* A closer or a comma where a value should be: says which bracket is
 * missing, when one is the likely cause (`"a": }` an object's `{`, `[}`
 * or `[,` an array's `]`). */
static bool missing_before_value(struct scanner *sc, size_t p)
{
	char c = sc->s[p];
	const struct frame *f = sc->depth ? &sc->frames[sc->depth - 1] : NULL;
	const char *missing = NULL;
	if (f && f->kind == '[' && f->count == 1 && c == '}')
		missing = "{` missing, or a `]";   /* [} : an object not opened, or an array not closed */
	else if (f && f->kind == '[' && f->count == 1 && c == ',')
		missing = "]";   /* [, : an empty array not closed */
	else if (c == '}')
		missing = "{";
	else if (c == ']')
		missing = "[";
	if (!missing)
		return false;
	fail(sc, &rule_json_syntax, p, "expected a value, found `%c`: is a `%s` missing?", c, missing);
	return true;
}

/* The string that would end at the first `"` on p's line, when a value
 * could end there (a `,`, `]`, `}` or `:`, or the line's end, after it):
 * that quote, or SIZE_MAX. */
static size_t quote_on_line(const struct scanner *sc, size_t p)
{
	const char *s = sc->s;
	while (p < sc->len && s[p] != '"' && s[p] != '\n' && s[p] != '\r')
		p++;
	if (p >= sc->len || s[p] != '"')
		return SIZE_MAX;
	size_t q = p + 1;
	while (s[q] == ' ' || s[q] == '\t')
		q++;
	return q >= sc->len || (s[q] && strchr(",]}:\r\n", s[q])) ? p : SIZE_MAX;
}

/* A character beyond ASCII where a value should be (`"team": Ōsaka"`):
 * text that is not in quotes, most likely a string without its opening
 * quote when a `"` ends it on its line. */
__attribute__((cold, noinline))
static void text_not_in_quotes(struct scanner *sc, size_t p)
{
	char what[64], end[48];
	size_t quote = quote_on_line(sc, p);
	if (quote != SIZE_MAX)
		fail(sc, &rule_json_syntax, p, "expected a value, found %s: is the opening `\"` of "
		     "the string that ends at %s missing?", describe(sc, p, what),
		     where(sc, quote, end));
	else
		fail(sc, &rule_json_syntax, p, "expected a value, found %s: strings must be in "
		     "double quotes", describe(sc, p, what));
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
			bad_word(sc, p, end, false);
		return end;
	}
	if (c == '\'')
		fail(sc, &rule_json_syntax, p, "strings must be in double quotes, not single quotes");
	else if (c == '.' && p + 1 < sc->len && is_digit(s[p + 1]))
		fail(sc, &rule_json_syntax, p, "a number must start with a digit: write `0%c…`", '.');
	else if (c == '+')
		fail(sc, &rule_json_syntax, p, "a number must not start with `+`");
	else if (missing_before_value(sc, p))
		;
	else if ((unsigned char)c >= 0x80 && utf8_valid(sc, p))
		text_not_in_quotes(sc, p);
	else
		unexpected(sc, p, "a value");
	return p;
}

/* White space from p, without skip_ws's finding on a comment: for the
 * look-ahead of a hint. */
static size_t past_ws(const struct scanner *sc, size_t p)
{
	while (is_ws(sc->s[p]))   /* the text ends in a NUL, which is not white space */
		p++;
	return p;
}

/* Past the string at p, closed on its line; SIZE_MAX if it is not. */
static size_t past_string(const struct scanner *sc, size_t p)
{
	const char *s = sc->s;
	for (p++; p < sc->len && s[p] != '"' && s[p] != '\n' && s[p] != '\r'; p++)
		if (s[p] == '\\')
			p++;
	return p < sc->len && s[p] == '"' ? p + 1 : SIZE_MAX;
}

/* Whether the text from p reads as the elements of an array whose `[` is
 * missing: values (strings closed on their line, numbers, words, and
 * containers whose brackets pair), separated by commas, up to a `]`, with
 * no `:` among them. */
__attribute__((cold, noinline))
static bool elements_to_closer(const struct scanner *sc, size_t p)
{
	const char *s = sc->s;
	for (;;) {
		p = past_ws(sc, p);
		if (p >= sc->len)
			return false;
		if (s[p] == '"') {
			if ((p = past_string(sc, p)) == SIZE_MAX)
				return false;
		} else if (s[p] == '{' || s[p] == '[') {
			size_t depth = 0;
			do {
				if (p >= sc->len)
					return false;
				if (s[p] == '"') {
					if ((p = past_string(sc, p)) == SIZE_MAX)
						return false;
					continue;
				}
				depth += s[p] == '{' || s[p] == '[';
				depth -= s[p] == '}' || s[p] == ']';
				p++;
			} while (depth);
		} else if (s[p] == '-' || is_word(s[p])) {
			while (p < sc->len && (is_word(s[p]) || s[p] == '-' || s[p] == '+' || s[p] == '.'))
				p++;
		} else {
			return false;
		}
		p = past_ws(sc, p);
		if (s[p] == ']')
			return true;
		if (s[p] != ',')
			return false;
		p++;
	}
}

/* Where the value of the member whose key is at key starts. */
static size_t member_value(const struct scanner *sc, size_t key)
{
	size_t v = past_ws(sc, (size_t)(jstring_skip(sc->s + key) - sc->s));
	return past_ws(sc, v + (sc->s[v] == ':'));
}

/* The question of a member that reads as an array's elements, the first
 * at value (after the key at f->key), the one read as a key at p: is a
 * `[` missing before value, or, where f is inside an array, is f's `}`
 * missing before the comma before p (`[{"a": 1, 7]`: the 7 is the
 * array's)? */
static const char *elements_question(struct scanner *sc, const struct frame *f,
				     size_t value, size_t p, char out[160])
{
	char at[48], comma[48];
	size_t c = p;
	while (c > 0 && sc->s[c - 1] != ',')
		c--;
	where(sc, value, at);
	if (f > sc->frames && f[-1].kind == '[' && c > 0)
		snprintf(out, 160, "is a `}` missing before the `,` at %s, or a `[` before the value "
			 "at %s?", where(sc, c - 1, comma), at);
	else
		snprintf(out, 160, "is a `[` missing before the value at %s?", at);
	return out;
}

/* A number or word at p where a key should be, after the member at
 * f->key and a comma: when values run from it up to a `]`
 * (`"scores": 12.5, 7]`), the array's `[` is missing. */
__attribute__((cold, noinline))
static bool value_elements(struct scanner *sc, const struct frame *f, size_t p)
{
	const char *s = sc->s;
	if (!elements_to_closer(sc, p))
		return false;
	char question[160];
	size_t end = p + 1;
	while (end < sc->len && (is_word(s[end]) || s[end] == '.') && end - p < 40)
		end++;
	fail(sc, &rule_json_syntax, p, "expected a key in double quotes, found `%.*s`, and values "
	     "after it up to a `]`: %s", (int)(end - p), s + p,
	     elements_question(sc, f, member_value(sc, f->key), p, question));
	span_to(sc, end);
	return true;
}

/* The key at f->key is followed by the `,` or `]` at p, not a `:`: when
 * the member before it has a value from which values run up to a `]`
 * (`"dates": "2011-04-23", "2011-04-24"]`), the array's `[` is missing.
 * The member before is the entry before the key's in scanner.keys (the
 * look-ahead fails where that is not so: a key given twice is not there). */
__attribute__((cold, noinline))
static bool string_elements(struct scanner *sc, const struct frame *f, size_t p)
{
	size_t last = sc->nkeys;
	if (last > f->keys_start && sc->keys[last - 1].src == f->key)
		last--;
	if (last <= f->keys_start)
		return false;
	size_t value = member_value(sc, sc->keys[last - 1].src);
	if (!elements_to_closer(sc, value))
		return false;
	char question[160];
	fail(sc, &rule_json_syntax, p, "expected `:` after the key, found `%c`, and values after "
	     "it up to a `]`: %s", sc->s[p], elements_question(sc, f, value, f->key, question));
	return true;
}

/* p is at what should be a member's key (after `{` or `,`), and is no
 * `"`: what it is, and what is likely missing. */
__attribute__((cold, noinline))
static void not_a_key(struct scanner *sc, const struct frame *f, size_t p)
{
	const char *s = sc->s;
	if ((s[p] == '{' || s[p] == '[') && f->key != NO_KEY) {
		/* After a member's value and a comma, values: an array
		 * whose `[` is not there. */
		char what[64], at[48];
		fail(sc, &rule_json_syntax, p, "expected a key in double quotes, found %s: "
		     "is a `}` missing before the `,`, or a `[` before the value at %s?",
		     describe(sc, p, what), where(sc, member_value(sc, f->key), at));
	} else if ((s[p] == ',' || s[p] == ']') && !f->count) {
		fail(sc, &rule_json_syntax, p, "expected a key in double quotes, found `%c`: "
		     "is a `}` missing?", s[p]);
	} else if (s[p] == '\'') {
		fail(sc, &rule_json_syntax, p,
		     "object keys must be in double quotes, not single quotes");
	} else if (f->key != NO_KEY && (s[p] == '-' || is_word(s[p])) &&
		   value_elements(sc, f, p)) {
		;
	} else if (is_word(s[p])) {
		size_t end = p;
		while (end < sc->len && is_word(s[end]))
			end++;
		bad_word(sc, p, end, true);
	} else {
		unexpected(sc, p, "a key in double quotes");
	}
}

/* The key at f->key, which ends at end, is followed by p, not a `:`. */
__attribute__((cold, noinline))
static void no_colon(struct scanner *sc, const struct frame *f, size_t p, size_t end)
{
	const char *s = sc->s;
	char what[64];
	if (p < sc->len && (unsigned char)s[p] >= 0x80 && !utf8_check(sc, p))
		return;
	char c = p < sc->len ? s[p] : 0;
	bool value = c == '"' || c == '{' || c == '[' || c == '-' || is_word(c);
	const char *colon = memchr(s + f->key + 1, ':', end - f->key - 1);
	if ((c == ',' || c == ']') && string_elements(sc, f, p)) {
		;
	} else if (colon) {
		/* "board: { "size": the key ran on to the next quote. */
		char at[48];
		fail(sc, &rule_json_syntax, p, "expected `:` after the key, found %s: is the "
		     "key's closing `\"` missing before the `:` at %s?", describe(sc, p, what),
		     where(sc, (size_t)(colon - s), at));
	} else {
		fail(sc, &rule_json_syntax, p, "expected `:` after the key, found %s%s",
		     describe(sc, p, what), value ? ": is a `:` missing?" :
		     c == ']' ? ": is a `[` missing before the values?" : "");
	}
}

/* p is at a member's key (after `{` or `,`); returns p past its `:`. */
static size_t scan_key(struct scanner *sc, struct frame *f, size_t p)
{
	const char *s = sc->s;
	if (p >= sc->len) {
		unclosed(sc, p, f);
		return p;
	}
	if (s[p] != '"') {
		not_a_key(sc, f, p);
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
		no_colon(sc, f, p, end);
		return p;
	}
	return skip_ws(sc, p + 1);
}

/* The member's key as the DOM keeps it (json-c cuts it at a NUL) is key. */
static bool member_is(const struct scanner *sc, const char *key)
{
	return strcmp(sc->member, key) == 0;
}

/* What the container about to be pushed is, in the tree of a streamed
 * scan: the streamed scan's root.tree, a node of a sequence, a node's
 * variations array, a variation; or inside a node. */
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

/* A sequence's entry, its end and count filled when it closes. */
static size_t seq_open(struct scanner *sc, size_t p)
{
	struct scan_tree *t = sc->tree;
	if (p > UINT32_MAX)   /* the loader refuses files of 1 GiB and more */
		die_oom();
	t->seqs = xgrow(t->seqs, &t->cap, t->len + 1, sizeof *t->seqs);
	t->seqs[t->len] = (struct scan_seq){ (uint32_t)p, 0, 0 };
	return t->len++;
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
	const struct scan_seq *seq = scan_tree_seq(sc->seqs, *p);
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
		fail(sc, &rule_json_depth, p,
		     "nesting deeper than %d levels: jgflint checks records up to this depth "
		     "(about 6,600 levels of nested variations)", JGF_MAX_DEPTH);
		return false;
	}
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
		seq = seq_open(sc, p);
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

/* end: just past the closer (0 when the scan failed). */
static void pop(struct scanner *sc, size_t end)
{
	struct frame *f = &sc->frames[--sc->depth];
	free(f->index);
	sc->nkeys = f->keys_start;
	buf_truncate(&sc->keytext, f->keytext_start);
	if (f->seq != SIZE_MAX) {
		sc->tree->seqs[f->seq].end = (uint32_t)end;
		sc->tree->seqs[f->seq].count = (uint32_t)f->count;
	}
	if (sc->depth + 1 == sc->unbuilt)
		sc->unbuilt = SIZE_MAX;
}

/* After the number or word that ends at value_end, the text at p: when it
 * runs on to a `"` on its line (`"date": 2023-12-31"`, `4.3.0"`), the
 * string's opening quote is missing. */
static bool opening_quote_missing(struct scanner *sc, size_t p, size_t value_end,
				  const char *expected)
{
	const char *s = sc->s;
	size_t start = value_end;
	while (start > 0 && (is_word(s[start - 1]) || (s[start - 1] && strchr(".+-", s[start - 1]))))
		start--;
	size_t before = start;
	while (before > 0 && (s[before - 1] == ' ' || s[before - 1] == '\t' ||
			      s[before - 1] == '\n' || s[before - 1] == '\r'))
		before--;
	if (start == value_end || !before || !s[before - 1] || !strchr(":,[", s[before - 1]))
		return false;
	size_t quote = quote_on_line(sc, p);
	if (quote == SIZE_MAX)
		return false;
	char what[64], at[48], end[48];
	fail(sc, &rule_json_syntax, p, "expected %s, found %s: is the opening `\"` of the string "
	     "that ends at %s missing before the value at %s?", expected, describe(sc, p, what),
	     where(sc, quote, end), where(sc, start, at));
	return true;
}

/* After a value inside the container f, at p: neither a `,` nor f's
 * closer (nor another closer). */
__attribute__((cold, noinline))
static void not_a_separator(struct scanner *sc, const struct frame *f, size_t p, size_t value_end)
{
	const char *s = sc->s;
	char at[48];
	char c = s[p];
	const char *expected = f->kind == '{' ? "`,` or `}` after the member"
					      : "`,` or `]` after the element";
	if (c == ':' && sc->string_end == value_end) {
		/* "move": "color": "white": the string is a key. */
		fail(sc, &rule_json_syntax, p, "expected %s, found `:` after the string at %s, "
		     "which reads as a key: is a `{` missing before it?", expected,
		     where(sc, sc->string_start, at));
	} else if (c == ':') {
		/* "ai": true :}: only a string can be a key. */
		fail(sc, &rule_json_syntax, p, "expected %s, found `:` after a value that is no "
		     "string, so no key: is this `:` one too many?", expected);
	} else if (p > 0 && s[p - 1] == '"' && c != '"' && c != '{' && c != '[') {
		/* Text right after a closing quote: "He said "hello"" */
		char what[64];
		fail(sc, &rule_json_syntax, p, "expected %s, found %s right after the closing "
		     "quote of a string: is a `\"` inside the string not escaped? Write it as "
		     "`\\\"`", expected, describe(sc, p, what));
	} else if (sc->string_end != value_end &&
		   opening_quote_missing(sc, p, value_end, expected)) {
		;
	} else if (c == '"' || c == '{' || c == '[' || c == '-' || is_word(c)) {
		char what[64];
		fail(sc, &rule_json_syntax, p, "expected %s, found %s: is a comma missing?",
		     expected, describe(sc, p, what));
	} else {
		unexpected(sc, p, expected);
	}
}

/* A comma, then the closer at p, then (past white space) what the
 * container f takes after a comma: a key in an object, a value in an
 * array (`"a": 1, }"b": 2`). Read as a trailing comma, the closer ends f
 * and the text breaks right after it; read as one bracket too many,
 * nothing else is wrong: that is the one finding, at the bracket. */
__attribute__((cold, noinline))
static bool closer_too_many(struct scanner *sc, const struct frame *f, size_t p)
{
	const char *s = sc->s;
	size_t q = past_ws(sc, p + 1);
	char c = s[q];
	bool fits = f->kind == '{' ? c == '"' :
		    c == '"' || c == '{' || c == '[' || c == '-' || is_word(c);
	if (q >= sc->len || !fits)
		return false;
	char what[64];
	fail(sc, &rule_json_syntax, p, "expected %s after the comma, found `%c`, and %s after it: "
	     "is this `%c` one too many?", f->kind == '{' ? "a key in double quotes" : "a value",
	     s[p], describe(sc, q, what), s[p]);
	span_to(sc, p + 1);
	return true;
}

/* A comma in the array f, then the bracket at p, then f's own `]`, which
 * f's parent cannot take (`[[…], ] ]`): read as a trailing comma, the
 * text breaks at that `]`; read as an empty array or object whose opening
 * bracket is missing, nothing else is wrong. */
__attribute__((cold, noinline))
static bool closer_unopened(struct scanner *sc, const struct frame *f, size_t p)
{
	const char *s = sc->s;
	size_t q = past_ws(sc, p + 1);
	const struct frame *parent = sc->depth > 1 ? f - 1 : NULL;
	if (f->kind != '[' || s[q] != ']' || (parent && parent->kind == '['))
		return false;
	char open = s[p] == ']' ? '[' : '{';
	fail(sc, &rule_json_syntax, p, "expected a value after the comma, found `%c`, and a `]` "
	     "after it that nothing else would close: is a `%c` missing before it (`%c%c`)?",
	     s[p], open, open, s[p]);
	span_to(sc, p + 1);
	return true;
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
		unclosed(sc, p, f);
		return p;
	}
	char c = s[p];
	if (c == (f->kind == '{' ? '}' : ']')) {
		if (sc->shrink && f->obj)
			json_shrink(f->obj);
		pop(sc, p + 1);
		*closed = true;
		return p + 1;
	}
	if (c == '}' || c == ']') {
		fail(sc, &rule_json_syntax, p, "`%c` does not match `%c` opened at %s; expected `%s`: "
		     "is a `%s` missing, or a `%c` earlier?", c, f->kind, where(sc, f->open, at),
		     closer_of(f->kind), closer_of(f->kind), c == '}' ? '{' : '[');
		return p;
	}
	if (c != ',') {
		not_a_separator(sc, f, p, value_end);
		return p;
	}
	size_t comma = p;
	p = skip_ws(sc, p + 1);
	if (sc->fatal)
		return p;
	if (p < sc->len && (s[p] == '}' || s[p] == ']')) {
		if (closer_too_many(sc, f, p) || closer_unopened(sc, f, p))
			return p;
		fail(sc, &rule_json_syntax, comma, "trailing comma before `%c`; remove the comma", s[p]);
		span_to(sc, comma + 1);
		return p;
	}
	if (f->kind == '{')
		return scan_key(sc, f, p);
	f->count++;
	return p;
}

/* Text at p after the document. A `]` or `}` there closes what nothing
 * opened; a comma followed by values up to a `]` at the end of the text
 * (`{…}, {…}]`) is an array without its `[`. */
__attribute__((cold, noinline))
static void after_document(struct scanner *sc, size_t p)
{
	const char *text = sc->s;
	char what[64];
	size_t last = sc->len;
	while (last > p && is_ws(text[last - 1]))
		last--;
	char c = text[p];
	if (c == ']' || c == '}')
		fail(sc, &rule_json_syntax, p, "found `%c` after the end of the JSON document: is a "
		     "`%c` missing before it, or is this `%c` one too many?", c, c == ']' ? '[' : '{', c);
	else if (c == ',' && last > p + 1 && text[last - 1] == ']')
		fail(sc, &rule_json_syntax, p, "found `,` after the end of the JSON document, whose "
		     "text ends with a `]` that nothing opened: is a `[` missing?");
	else
		fail(sc, &rule_json_syntax, p, "found %s after the end of the JSON document; remove it",
		     describe(sc, p, what));
}

/* Scans from p, at the start of a value, until the scan ends: after the
 * document (one false: nothing may follow it), or after the one value (one
 * true, from depth 0: the text goes on). Returns where it stopped. */
static size_t scan_values(struct scanner *sc, size_t p, bool one)
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
				pop(sc, q + 1);
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
				unclosed(sc, p, &sc->frames[sc->depth - 1]);
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
			if (!sc->fatal && p < len && text[p] == ':' && sc->string_end == value_end) {
				char at[48];
				fail(sc, &rule_json_syntax, p, "found `:` after the string at %s, which "
				     "reads as a key: is a `{` missing before it?",
				     where(sc, sc->string_start, at));
			} else if (!sc->fatal && p < len) {
				if ((unsigned char)text[p] < 0x80 || utf8_check(sc, p))
					after_document(sc, p);
			}
			break;
		}
	}
	return p;
}

/* Whether text is UTF-16 or UTF-32, by its byte order mark or, without
 * one, by the NUL bytes around the first characters (JSON text starts with
 * ASCII: RFC 4627, section 3). *enc names the encoding, *how says how it
 * shows, *iconv is the name to convert from (with a mark, UTF-16 or UTF-32,
 * so that iconv reads the mark and drops it). */
struct wide_encoding {
	const char *bytes;   /* the first bytes, X for any byte but NUL */
	const char *enc, *how, *iconv;
};

static const struct wide_encoding *wide_encoding(const char *text, size_t len)
{
	static const struct wide_encoding encodings[] = {
		{ "\x00\x00\xFE\xFF", "UTF-32", "big-endian; it starts with the UTF-32 byte order "
		  "mark 00 00 FE FF", "UTF-32" },
		{ "\xFF\xFE\x00\x00", "UTF-32", "little-endian; it starts with the UTF-32 byte order "
		  "mark FF FE 00 00", "UTF-32" },
		{ "\xFE\xFF", "UTF-16", "big-endian; it starts with the UTF-16 byte order mark FE FF",
		  "UTF-16" },
		{ "\xFF\xFE", "UTF-16", "little-endian; it starts with the UTF-16 byte order mark FF FE",
		  "UTF-16" },
		{ "\x00\x00\x00X", "UTF-32", "big-endian, without a byte order mark: three NUL bytes "
		  "before each ASCII character", "UTF-32BE" },
		{ "X\x00\x00\x00", "UTF-32", "little-endian, without a byte order mark: three NUL "
		  "bytes after each ASCII character", "UTF-32LE" },
		{ "\x00X\x00X", "UTF-16", "big-endian, without a byte order mark: a NUL byte before "
		  "each ASCII character", "UTF-16BE" },
		{ "X\x00X\x00", "UTF-16", "little-endian, without a byte order mark: a NUL byte after "
		  "each ASCII character", "UTF-16LE" },
	};
	static const size_t lengths[] = { 4, 4, 2, 2, 4, 4, 4, 4 };
	for (size_t i = 0; i < sizeof encodings / sizeof *encodings; i++) {
		size_t n = lengths[i];
		bool match = len >= n;
		for (size_t k = 0; match && k < n; k++)
			match = encodings[i].bytes[k] == 'X' ? text[k] != 0 :
				text[k] == encodings[i].bytes[k];
		if (match)
			return &encodings[i];
	}
	return NULL;
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
	const struct wide_encoding *wide = wide_encoding(text, len);
	if (wide) {
		fail(&sc, &rule_json_encoding, 0,
		     "the file is %s (%s), but JGF files must be UTF-8: convert it, e.g. iconv -f %s "
		     "-t UTF-8", wide->enc, wide->how, wide->iconv);
		return res;
	}
	if (scan_bom_length(text, len)) {
		report(&sc, &rule_json_bom, 0,
		       "UTF-8 byte order mark at the start of the file: JSON text must not begin "
		       "with one (RFC 8259); readers that decode the file as UTF-8 drop it, but "
		       "JSON.parse of the text as read and json-c reject it; remove it");
		span_to(&sc, 3);   /* the mark's three bytes */
		fix_bytes(&out->items[out->len - 1], FIX_SAFE, 0, 3, "");
		p = res.body = 3;
	}
	p = skip_ws(&sc, p);
	if (!sc.fatal && p >= len) {
		fail(&sc, &rule_json_syntax, p,
		     "%s: a JGF record is a JSON object `{ … }`", p == res.body ? "empty file" : "file holds only white space");
	}
	if (!sc.fatal)
		scan_values(&sc, p, false);
	while (sc.depth)
		pop(&sc, 0);
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

/* The scanner of MODE_NODE, kept from node to node; what it reports is
 * the streamed scan's already, and goes. */
struct scan_reader {
	struct scanner sc;
	struct diag_list quiet;
};

struct scan_reader *scan_reader_new(const char *text, size_t len, struct locator *loc,
				    scan_known_key known_key, const struct scan_tree *tree)
{
	struct scan_reader *r = xcalloc(1, sizeof *r);
	r->sc = (struct scanner){ .s = text, .len = len, .loc = loc, .out = &r->quiet,
				  .known_key = known_key, .mode = MODE_NODE,
				  .unbuilt = SIZE_MAX, .seqs = tree };
	return r;
}

void scan_reader_free(struct scan_reader *r)
{
	if (!r)
		return;
	struct scanner *sc = &r->sc;
	free(sc->frames);
	free(sc->keys);
	buf_free(&sc->keytext);
	buf_free(&sc->scratch);
	buf_free(&sc->member_copy);
	buf_free(&sc->decoded);
	diag_list_free(&r->quiet);
	free(r);
}

bool scan_reader_node(struct scan_reader *r, size_t p, struct scan_node *out)
{
	struct scanner *sc = &r->sc;
	sc->fatal = false;
	sc->root = NULL;
	sc->variations = SIZE_MAX;
	sc->max_depth = 0;
	size_t end = scan_values(sc, p, true);
	if (r->quiet.len)
		diag_list_free(&r->quiet);
	bool ok = !sc->fatal;
	while (sc->depth)
		pop(sc, 0);
	if (!ok) {
		json_put_deep(sc->root, sc->max_depth);
		sc->root = NULL;
	}
	*out = (struct scan_node){ sc->root, p, end, sc->max_depth, ok ? sc->variations : SIZE_MAX };
	sc->root = NULL;
	return ok;
}

size_t scan_skip_value(const struct scan_reader *r, size_t p)
{
	const char *s = r->sc.s;
	const struct scan_seq *seq = s[p] == '[' ? scan_tree_seq(r->sc.seqs, p) : NULL;
	if (seq)
		return seq->end;
	size_t depth = 0;
	do {
		char c = s[p];
		if (!c)
			return p;   /* not a text the scan accepted */
		if (c == '"')
			p = (size_t)(jstring_skip(s + p) - s);
		else if (c == '{' || c == '[')
			depth++, p++;
		else if (c == '}' || c == ']')
			depth--, p++;
		else if (depth && (c == ',' || c == ':' || is_ws(c)))
			p++;
		else
			while (s[p] && !strchr(",:]} \t\n\r", s[p]))
				p++;   /* a number or a literal */
	} while (depth);
	return p;
}

size_t scan_next_element(const char *text, size_t p, bool first)
{
	while (is_ws(text[p]))
		p++;
	if (!first) {
		if (text[p] != ',')
			return SIZE_MAX;
		p++;
		while (is_ws(text[p]))
			p++;
	}
	return text[p] == ']' ? SIZE_MAX : p;
}
