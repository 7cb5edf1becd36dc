/* scan: the one pass over the raw bytes (NUL-terminated at text[len]) that
 * builds the json-c DOM and enforces what JSON.parse (the reference reader's
 * parser) enforces and json-c does not: RFC 8259 syntax, UTF-8, duplicate
 * keys, number ranges and a depth limit. It reports every problem it finds as
 * a located diagnostic; a syntax error ends the scan. */
#ifndef JGF_SCAN_H
#define JGF_SCAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include <json-c/json.h>

#include "core/diag.h"
#include "base/locate.h"

/* Deepest nesting accepted: 5,000 levels of nested variations need about
 * 15,000 JSON levels. */
#define JGF_MAX_DEPTH 20000
/* The deepest SGF game trees the readers nest, and so the deepest a record
 * in JGF_MAX_DEPTH can be written: a record's node at variation depth k is
 * at JSON depth 3 + 3k (the record, the tree, then its node, the
 * variations, a variation a level), so a record holds k up to 6665, which
 * SGF writes 6666 parentheses deep (convert/sgfwrite.c). What jgflint
 * writes it reads back (issue 47). */
#define SGF_MAX_NESTING ((JGF_MAX_DEPTH - 3) / 3 + 1)

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

/* A streamed document: the same scan, reporting the same findings, that
 * builds the DOM of everything but the tree's nodes. The sequences of the
 * tree (root.tree, and each array in a node's `variations` array) are
 * listed with their spans instead, in text order, so that the walk reads
 * their nodes one at a time (scan_reader, read/nodes.h) and frees each
 * after it.
 *
 * In the DOM, root.tree holds only its first node (the root node, read
 * with scan_reader, when there is one); a node's `variations` holds each
 * variation as [] when it is empty, else [null]: the walk visits the
 * nodes themselves after the node. Sequences and variations that are not
 * arrays, and whatever is not a node, are built as scan_json builds them. */
struct scan_seq {
	uint32_t start;   /* the `[` */
	uint32_t end;     /* just past the `]` */
	uint32_t count;   /* its elements */
	uint32_t after;   /* the index of the first sequence after it (its
			   * next sibling's, ...): scan_tree_seq_near's */
};

struct scan_tree {
	struct scan_seq *seqs;   /* in text order */
	size_t len, cap;
	size_t tree;             /* root.tree's entry, or SIZE_MAX when it is no array */
};

struct scan_result scan_json_streamed(const char *text, size_t len, struct locator *loc,
				      struct diag_list *out, scan_known_key known_key,
				      struct scan_tree *tree);
void scan_tree_free(struct scan_tree *tree);
/* The sequence that starts at offset start, or NULL. */
const struct scan_seq *scan_tree_seq(const struct scan_tree *tree, size_t start);
/* scan_tree_seq for a reader that asks in text order: *near (0 at first)
 * is the index of the last sequence it was told of, looked at first. */
const struct scan_seq *scan_tree_seq_near(const struct scan_tree *tree, size_t start,
					  size_t *near);

#endif
