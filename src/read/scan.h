/* scan: the one pass over the raw bytes (NUL-terminated at text[len]) that
 * builds the json-c DOM and enforces what JSON.parse (the reference reader's
 * parser) enforces and json-c does not: RFC 8259 syntax, UTF-8, duplicate
 * keys, number ranges and a depth limit. It reports every problem it finds as
 * a located diagnostic; a syntax error ends the scan. */
#ifndef JGF_SCAN_H
#define JGF_SCAN_H

#include <stdbool.h>
#include <stddef.h>

#include <json-c/json.h>

#include "core/diag.h"
#include "base/locate.h"

/* Deepest nesting accepted: 5,000 levels of nested variations need about
 * 15,000 JSON levels. */
#define JGF_MAX_DEPTH 20000

struct scan_result {
	bool parsable;  /* no fatal error: root is the document's DOM */
	json_object *root; /* NULL for JSON null; when not parsable, what was built
			      before the error (the caller frees it) */
	size_t body;    /* offset of the JSON text (after a byte order mark) */
	size_t depth;   /* deepest nesting seen */
};

/* 3 when text starts with a UTF-8 byte order mark, else 0. */
size_t scan_bom_length(const char *text, size_t len);

/* Returns a string with static lifetime equal to the key (len bytes), or
 * NULL: the DOM then shares it rather than holding a copy of its own. */
typedef const char *(*scan_known_key)(const char *key, size_t len);

/* Documents this large or larger get a DOM cut to size (json_shrink: each
 * object's hash table and each array's slots to what its members need):
 * half the memory json-c gives (a 50 MB record took 605 MB, 12 times its
 * size; cut, 290 MB), for a fifth more instructions (which for a 30 KB
 * record would cost time and save no memory that counts). */
#define SCAN_SHRINK_MIN ((size_t)1 << 20)

/* Scans text, reporting to out; known_key may be NULL. */

struct scan_result scan_json(const char *text, size_t len, struct locator *loc,
			     struct diag_list *out, scan_known_key known_key);

#endif
