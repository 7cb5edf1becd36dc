/* nodes: a streamed document's nodes read one at a time by the scanner
 * itself (MODE_NODE: the same scan, building one node's DOM), and the
 * values it skips. */
#include "read/nodes.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/dom.h"
#include "base/jstring.h"
#include "read/scanner.h"

/* The scanner of MODE_NODE, kept from node to node; what it reports is
 * the streamed scan's already, and goes. */
struct scan_reader {
	struct scanner sc;
	struct diag_list quiet;
	bool made;   /* scan_reader_made: the nodes read without the scan */
	struct buf key;
	/* The keys of a move's mark's node (made_move): the schema's strings,
	 * as the scan's (known_key), looked up at its first. */
	const char *move_keys[5];
#ifndef __EMSCRIPTEN__
	/* The known keys read so far, by key_slot (made_object's guesses). */
	struct key_guess { const char *key; size_t len; } guess[256];
#endif
};

void scan_reader_made(struct scan_reader *r)
{
	r->made = true;
}

/* A node of a converter's text (scan_reader_made): what the scan builds of
 * it, read with none of its checks (the scan of each node was 19% of
 * checking a large SGF tree in place). What it does not read (an escaped
 * key, a number that is no integer of up to 18 digits, anything the
 * converter does not write) is left to the scan: false, with *v what it
 * built so far. */
struct made {
	struct scan_reader *r;
	size_t max_depth, variations;
};

/* JSON's white space, of a byte: a converted node's text has a blank after
 * each `{`, `:` and `,`, and a line break and its indent before each node
 * (is_ws's tests of each were 2% of checking a large SGF tree in place);
 * the page's smaller code asks is_ws. */
static inline bool white(char c)
{
#ifndef __EMSCRIPTEN__
	static const bool table[256] = { [' '] = true, ['\t'] = true, ['\n'] = true,
					 ['\r'] = true };
	return table[(unsigned char)c];
#else
	return is_ws(c);
#endif
}

static size_t ws(const char *s, size_t p)
{
	while (white(s[p]))
		p++;
	return p;
}

static bool made_value(struct made *m, size_t *pp, size_t depth, bool vars, json_object **v);
static bool made_string(struct made *m, size_t *pp, json_object **v);
static bool made_int(const char *s, size_t *pp, json_object **v);

#ifndef __EMSCRIPTEN__
/* A key's slot by its first and third bytes (its quote and colon for a
 * letter's): the converter's keys each have their own ("color", "comments"
 * and "coords"; "move" and "markup"; "x" and "y"). key holds two bytes
 * before its NUL at least. */
static size_t key_slot(const char *key)
{
	return ((unsigned char)key[0] * 7u + (unsigned char)key[2]) & 255u;
}
#endif

/* The known key whose text begins at s + k (after its quote), as the key
 * read last in its slot, with its length in *len; NULL where that is not
 * it (or none is kept): hashing the key and finding it among those seen
 * (scan_known) was 3% of checking a large SGF tree in place, each key of
 * a node's text the same few. */
static const char *guessed_key(const struct scan_reader *r, const char *s, size_t k, size_t *len)
{
#ifndef __EMSCRIPTEN__
	if (!s[k] || s[k] == '"' || !s[k + 1])
		return NULL;
	const struct key_guess *g = &r->guess[key_slot(s + k)];
	if (!g->key)
		return NULL;
	size_t i = 0;
	while (i < g->len && s[k + i] == g->key[i])
		i++;
	if (i < g->len || s[k + i] != '"')
		return NULL;
	*len = g->len;
	return g->key;
#else
	(void)r, (void)s, (void)k, (void)len;
	return NULL;
#endif
}

/* The known key found for the text at s + k of len bytes, kept to be
 * guessed next in its slot. */
static void key_read(struct scan_reader *r, const char *s, size_t k, size_t len, const char *key)
{
#ifndef __EMSCRIPTEN__
	if (len)   /* (s[k + 1] is a byte of it or its quote: s[k + 2] is there) */
		r->guess[key_slot(s + k)] = (struct key_guess){ key, len };
#else
	(void)r, (void)s, (void)k, (void)len, (void)key;
#endif
}

/* The members of the object at *pp (its `{`), into obj. */
static bool made_object(struct made *m, size_t *pp, size_t depth, json_object *obj)
{
	struct scanner *sc = &m->r->sc;
	const char *s = sc->s;
	size_t p = ws(s, *pp + 1);
	if (s[p] == '}') {
		*pp = p + 1;
		return true;
	}
	for (;;) {
		if (s[p] != '"')
			return false;
		size_t k = p + 1, e = k, len;
		unsigned flags = JSON_C_OBJECT_ADD_KEY_IS_NEW;   /* json-c's own: no key twice */
		const char *known = guessed_key(m->r, s, k, &len);
		if (known) {
			e = k + len;
			flags |= JSON_C_OBJECT_ADD_CONSTANT_KEY;
		} else {
			uint32_t hash = SCAN_HASH_START;   /* the keys seen's, as the scan's */
			while (s[e] != '"' && s[e] != '\\' && s[e])
				hash = scan_hash_byte(hash, s[e++]);
			if (s[e] != '"')
				return false;   /* escaped: the scan decodes it */
			known = sc->known_key ? scan_known(sc, s + k, e - k, hash) : NULL;
			if (known) {
				flags |= JSON_C_OBJECT_ADD_CONSTANT_KEY;
				key_read(m->r, s, k, e - k, known);
			} else {
				buf_truncate(&m->r->key, 0);
				buf_add(&m->r->key, s + k, e - k);
				known = m->r->key.data;
			}
		}
		p = ws(s, e + 1);
		if (s[p] != ':')
			return false;
		p = ws(s, p + 1);
		/* A node's variations: its sequences are the walk's */
		bool vars = depth == 1 && e - k == 10 && !memcmp(s + k, "variations", 10) &&
			    s[p] == '[';
		if (vars)
			m->variations = p;
		json_object *val = NULL;
		/* a string or a number read here (most members' values: a call
		 * of made_value's frame each was 1% of a large tree's check) */
		bool ok = s[p] == '"' ? made_string(m, &p, &val) :
			  is_digit(s[p]) ? made_int(s, &p, &val) : made_value(m, &p, depth, vars, &val);
		dom_add_ex(obj, known, val, flags);
		if (!ok)
			return false;
		p = ws(s, p);
		if (s[p] == '}') {
			*pp = p + 1;
			return true;
		}
		if (s[p] != ',')
			return false;
		p = ws(s, p + 1);
	}
}

/* The string whose quote is at *pp, made as *v: its bytes as they are,
 * or decoded where it holds an escape; false where the scan reports (no
 * closing quote, a NUL byte). */
static bool made_string(struct made *m, size_t *pp, json_object **v)
{
	const struct scanner *sc = &m->r->sc;
	const char *s = sc->s;
	size_t p = *pp;
	const char *q = memchr(s + p + 1, '"', sc->len - p - 1);
	if (!q)
		return false;
	size_t e = (size_t)(q - s);
	bool escaped = memchr(s + p + 1, '\\', e - p - 1) != NULL;
	if (escaped) {   /* past escaped quotes: those after an odd run of \ */
		for (;;) {
			size_t run = 0;
			while (e - run > p + 1 && s[e - run - 1] == '\\')
				run++;
			if (run % 2 == 0)
				break;
			q = memchr(s + e + 1, '"', sc->len - e - 1);
			if (!q)
				return false;
			e = (size_t)(q - s);
		}
		if (memchr(s + p + 1, '\0', e - p - 1))
			return false;   /* a NUL byte: the scan's */
	}
	if (!escaped) {
		*v = dom_string_len(s + p + 1, e - p - 1);
	} else {
		struct buf *d = &m->r->sc.decoded;
		buf_truncate(d, 0);
		jstring_decode(s + p, d);
		*v = dom_string_len(d->data ? d->data : "", d->len);
	}
	*pp = e + 1;
	return true;
}

/* The number at *pp (its `-` or first digit), an integer made as *v; false
 * for one the scan reads (a double, leading zeros, more than 18 digits). */
static bool made_int(const char *s, size_t *pp, json_object **v)
{
	size_t p = *pp;
	char c = s[p];
	size_t e = p + (c == '-');
	uint64_t n = 0;
	size_t first = e;
	while (is_digit(s[e]))
		n = n * 10 + (uint64_t)(s[e++] - '0');
	if (e == first || e - first > 18 || (s[first] == '0' && e - first > 1) ||
	    s[e] == '.' || s[e] == 'e' || s[e] == 'E')
		return false;   /* a double, or what the scan reports */
	*v = dom_int_read(c == '-' ? -(int64_t)n : (int64_t)n);
	*pp = e;
	return true;
}

/* The value at *pp, made as *v; depth the nesting it is in. vars: a
 * node's variations, whose sequences are stubs (scan.h). */
static bool made_value(struct made *m, size_t *pp, size_t depth, bool vars, json_object **v)
{
	const char *s = m->r->sc.s;
	size_t p = *pp;
	char c = s[p];
	if (c == '{' || c == '[') {
		if (depth >= 32)
			return false;   /* not the converter's: the scan counts it */
		if (++depth > m->max_depth)
			m->max_depth = depth;
		*v = c == '{' ? dom_object() : dom_array();
		if (c == '{')
			return made_object(m, pp, depth, *v);
		p = ws(s, p + 1);
		for (bool first = true; s[p] != ']'; first = false) {
			if (!first) {
				if (s[p] != ',')
					return false;
				p = ws(s, p + 1);
			}
			json_object *e = NULL;
			bool ok;
			const struct scan_seq *seq = vars && s[p] == '[' ?
						     scan_tree_seq_near(m->r->sc.seqs, p, &m->r->sc.seq_near) : NULL;
			if (vars && s[p] == '[' && !seq)
				return false;
			if (seq) {   /* a variation: the walk reads it */
				e = dom_array();
				if (seq->count)
					dom_push(e, NULL);
				p = seq->end;
				ok = true;
			} else {
				ok = s[p] == '"' ? made_string(m, &p, &e) :
				     made_value(m, &p, depth, false, &e);
			}
			dom_push(*v, e);
			if (!ok)
				return false;
			p = ws(s, p);
		}
		*pp = p + 1;
		return true;
	}
	if (c == '"')
		return made_string(m, pp, v);
	if (c == '-' || is_digit(c))
		return made_int(s, pp, v);
	if (!strncmp(s + p, "true", 4) || !strncmp(s + p, "null", 4) || !strncmp(s + p, "false", 5)) {
		size_t n = c == 'f' ? 5 : 4;
		if (is_word(s[p + n]))
			return false;
		*v = c == 'n' ? NULL : dom_bool(c == 't');
		*pp = p + n;
		return true;
	}
	return false;
}

/* A coordinate's letter in a move's mark (nodes.h), or -1. */
static int mark_coord(char c)
{
	return c >= 'a' && c <= 'z' ? c - 'a' : c >= 'A' && c <= 'Z' ? c - 'A' + 26 : -1;
}

/* The node a move's mark at p stands for (nodes.h): false when it is none. */
static bool made_move(struct scan_reader *r, size_t p, struct scan_node *out)
{
	const char *s = r->sc.s;
	char c = s[p + 1];
	bool pass = c == 'b' || c == 'w';
	int x = 0, y = 0;
	if ((!pass && c != 'B' && c != 'W') ||
	    (!pass && ((x = mark_coord(s[p + 2])) < 0 || (y = mark_coord(s[p + 3])) < 0)))
		return false;
	const char **k = r->move_keys;
	if (!k[0]) {
		static const char *const keys[5] = { "move", "color", "pass", "x", "y" };
		for (int i = 0; i < 5; i++) {
			const char *known = r->sc.known_key ?
					    r->sc.known_key(keys[i], strlen(keys[i])) : NULL;
			k[i] = known ? known : keys[i];
		}
	}
	const unsigned flags = JSON_C_OBJECT_ADD_CONSTANT_KEY | JSON_C_OBJECT_ADD_KEY_IS_NEW;
	json_object *m = dom_object();
	dom_add_ex(m, k[1], dom_string(c == 'B' || c == 'b' ? "black" : "white"), flags);
	if (pass) {
		dom_add_ex(m, k[2], dom_bool(1), flags);
	} else {
		dom_add_ex(m, k[3], dom_int_read(x), flags);
		dom_add_ex(m, k[4], dom_int_read(y), flags);
	}
	json_object *node = dom_object();
	dom_add_ex(node, k[0], m, flags);
	*out = (struct scan_node){ node, p, p + (pass ? 2 : 4), 2, SIZE_MAX };
	return true;
}

/* scan_reader_node of a converter's text: false when the scan reads it. */
static bool made_node(struct scan_reader *r, size_t p, struct scan_node *out)
{
	struct made m = { r, 0, SIZE_MAX };
	if (r->sc.s[p] == SCAN_MOVE_MARK)
		return made_move(r, p, out);
	if (r->sc.s[p] != '{')
		return false;
	json_object *v = NULL;
	size_t end = p;
	if (!made_value(&m, &end, 0, false, &v)) {
		json_object_put(v);
		return false;
	}
	*out = (struct scan_node){ v, p, end, m.max_depth, m.variations };
	return true;
}

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
	buf_free(&r->key);
	diag_list_free(&r->quiet);
	free(r);
}

bool scan_reader_node(struct scan_reader *r, size_t p, struct scan_node *out)
{
	if (r->made && made_node(r, p, out))
		return true;
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
		scan_pop(sc, 0);
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
	p = ws(text, p);
	if (!first) {
		if (text[p] != ',')
			return SIZE_MAX;
		p = ws(text, p + 1);
	}
	return text[p] == ']' ? SIZE_MAX : p;
}
