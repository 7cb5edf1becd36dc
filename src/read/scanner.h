/* scanner: the state of a scan (read/scan.c), shared within read/ by its
 * findings (read/scannote.c), the hints it gives after a syntax error
 * (read/hint.c), the streamed scan's tree (read/scantree.c) and the reader
 * of a streamed document's nodes (read/nodes.c). No one outside read/
 * includes it: scan.h and nodes.h are the scanner's interface, and it
 * includes neither (scan.c includes it). */
#ifndef JGF_SCANNER_H
#define JGF_SCANNER_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <json-c/json.h>

#include "base/buf.h"
#include "base/locate.h"
#include "core/catalog.h"
#include "core/diag.h"
#include "core/rule.h"

struct scan_tree;   /* read/scan.h */

#define NO_KEY SIZE_MAX

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
	bool dup_key;       /* an object had a key twice */
	size_t string_start, string_end; /* the last string value scanned (for hints) */
	json_object *root;  /* the DOM, attached to as values are scanned */
	const char *(*known_key)(const char *key, size_t len);   /* a scan_known_key */
	const char *member; /* the current member's key, decoded and NUL-terminated */
	unsigned member_flags; /* for dom_add_ex */
	struct buf member_copy; /* member, when it is not a known key */
	struct buf decoded; /* a string value with escapes, decoded */
	enum mode mode;
	size_t unbuilt;     /* from this depth on nothing is built (the streamed tree) */
	struct scan_tree *tree;        /* MODE_STREAMED: the sequences found */
	const struct scan_tree *seqs;  /* MODE_NODE: the sequences, to skip them */
	size_t seq_near;    /* MODE_NODE: scan_tree_seq_near's of seqs */
	size_t variations;  /* MODE_NODE: the node's variations array, or SIZE_MAX */
#ifndef __EMSCRIPTEN__
	/* Keys known_key found, by the hash note_key takes of every key: a
	 * record's few dozen keys are looked up again on every node. */
	struct known_seen { const char *key; uint32_t hash, len; } seen[64];
#endif
};

/* The hash of a key's bytes the keys seen are kept by (FNV-1a), one
 * byte at a time: as a key is scanned. */
#define SCAN_HASH_START 2166136261u
static inline uint32_t scan_hash_byte(uint32_t h, char c) { return (h ^ (unsigned char)c) * 16777619u; }
static inline uint32_t hash_bytes(const char *s, size_t n)
{
	uint32_t h = SCAN_HASH_START;
	for (size_t i = 0; i < n; i++)
		h = scan_hash_byte(h, s[i]);
	return h;
}

/* The known key (sc->known_key's answer) of the key bytes[0, len), whose
 * hash note_key took, from the keys seen: the schema's lookup (its hash,
 * its table's probes and a memcmp) was a sixth of scanning a key. */
static inline const char *scan_known(struct scanner *sc, const char *bytes, size_t len,
				     uint32_t hash)
{
#ifndef __EMSCRIPTEN__
	size_t slot = hash % (sizeof sc->seen / sizeof *sc->seen);
	const char *seen = sc->seen[slot].key;
	if (seen && sc->seen[slot].hash == hash && sc->seen[slot].len == len) {
		size_t i = 0;
		while (i < len && seen[i] == bytes[i])
			i++;
		if (i == len)
			return seen;
	}
	const char *key = sc->known_key(bytes, len);
	if (key)   /* a known key is short: its length fits */
		sc->seen[slot] = (struct known_seen){ key, hash, (uint32_t)len };
	return key;
#else
	(void)hash;   /* the page's build keeps no cache of the keys seen */
	return sc->known_key(bytes, len);
#endif
}

static inline const char *closer_of(char kind) { return kind == '{' ? "}" : "]"; }
/* JSON's white space (the scan's hot loops read it from a table). */
static inline bool is_ws(char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; }
static inline bool is_digit(char c) { return c >= '0' && c <= '9'; }
static inline bool is_word(char c)
{
	return (c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || is_digit(c) || c == '_' || c == '$';
}

/* The scanner's findings (scannote.c) */

/* Reports a problem at off, in the value the scan is inside. */
void scan_report(struct scanner *sc, const struct rule *rule, size_t off,
		 const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* Reports a problem that ends the scan. */
void scan_fail(struct scanner *sc, const struct rule *rule, size_t off,
	       const char *fmt, ...) __attribute__((format(printf, 4, 5)));
/* The finding just reported runs to end: what the scanner knows of its
 * span (the bytes, number or key concerned), for editors' ranges and the
 * carets; others end where they start. */
void scan_span_to(struct scanner *sc, size_t end);
/* "L:C", for messages that point at a second place. */
const char *scan_where(struct scanner *sc, size_t off, char out[48]);
/* Length of the valid UTF-8 sequence at off, or 0 after reporting why not:
 * inline, as the scan's hot loop needs it (called across files it cost a
 * call a character beyond ASCII), and the hints' words on a stray byte. */
static inline size_t scan_utf8_check(struct scanner *sc, size_t off)
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
		scan_fail(sc, &rule_json_encoding, off,
		     "invalid UTF-8: stray continuation byte 0x%02X; JGF files must be UTF-8 "
		     "(was this file saved in Latin-1, CP932 or another encoding?)", b);
		scan_span_to(sc, off + 1);
		return 0;
	}
	if (b < 0xC2) {
		scan_fail(sc, &rule_json_encoding, off,
		     "invalid UTF-8: byte 0x%02X starts an overlong encoding; JGF files must be UTF-8", b);
		scan_span_to(sc, off + 1);
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
		scan_fail(sc, &rule_json_encoding, off,
		     "invalid UTF-8: byte 0x%02X never occurs in UTF-8; JGF files must be UTF-8 "
		     "(was this file saved in Latin-1, CP932 or another encoding?)", b);
		scan_span_to(sc, off + 1);
		return 0;
	}
	for (size_t i = 1; i < n; i++) {
		unsigned char min = i == 1 ? lo : 0x80, max = i == 1 ? hi : 0xBF;
		if (i >= avail || u[i] < 0x80 || u[i] > 0xBF) {
			scan_fail(sc, &rule_json_encoding, off,
			     "invalid UTF-8: byte 0x%02X is not followed by the continuation bytes of a "
			     "%zu-byte sequence; JGF files must be UTF-8 (was this file saved in Latin-1, "
			     "CP932 or another encoding?)", b, n);
			scan_span_to(sc, off + i);   /* the bytes that began the sequence */
			return 0;
		}
		if (u[i] < min || u[i] > max) {
			scan_fail(sc, &rule_json_encoding, off, "invalid UTF-8: bytes 0x%02X 0x%02X %s",
			     b, u[1], why);
			scan_span_to(sc, off + i);
			return 0;
		}
	}
	return n;
}

/* The streamed scan's tree (scantree.c) */

/* What the container about to be pushed is, in the tree of a streamed
 * scan: the streamed scan's root.tree, a node of a sequence, a node's
 * variations array, a variation; or inside a node. */
enum role scan_role(const struct scanner *sc, char kind);
/* A sequence's entry, its end and count filled when it closes. */
size_t scan_seq_open(struct scanner *sc, size_t p);
/* At the start of a value in a streamed scan: notes what the value is
 * when it matters (root.tree, a node's variations); for a variation of the
 * node being read, returns true with *stub the value that stands for it
 * (the caller attaches it; NULL when the scan failed there) and *p past
 * it. */
bool scan_streamed_value(struct scanner *sc, size_t *p, json_object **stub);

/* The scan (scan.c) */

/* Scans from p, at the start of a value, until the scan ends: after the
 * document (one false: nothing may follow it), or after the one value (one
 * true, from depth 0: the text goes on). Returns where it stopped. */
size_t scan_values(struct scanner *sc, size_t p, bool one);
/* Closes the innermost container; end: just past the closer (0 when the
 * scan failed). */
void scan_pop(struct scanner *sc, size_t end);

#endif
