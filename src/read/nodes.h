/* nodes: the nodes of a streamed document (scan_json_streamed, scan.h)
 * read one at a time, as the walk of its tree comes to them. */
#ifndef JGF_NODES_H
#define JGF_NODES_H

#include <stdbool.h>
#include <stddef.h>

#include <json-c/json.h>

#include "base/locate.h"
#include "read/scan.h"

/* Reads the nodes of a text that scan_json_streamed accepted, one at a
 * time, as the scan builds them (the findings are the scan's, not said
 * again). */
struct scan_reader;
struct scan_reader *scan_reader_new(const char *text, size_t len, struct locator *loc,
				    scan_known_key known_key, const struct scan_tree *tree);
void scan_reader_free(struct scan_reader *r);
/* The text is a converter's (load.h's document_load_shaped): valid JSON,
 * no key twice, its nodes read without the scan's checks. */
void scan_reader_made(struct scan_reader *r);
struct scan_node {
	json_object *value;   /* the node's DOM (the caller's; NULL for JSON null) */
	size_t start, end;    /* its span */
	size_t depth;         /* its deepest nesting (to free it: json_put_deep) */
	size_t variations;    /* the `[` of its `variations` (the member the DOM keeps),
				 * or SIZE_MAX when it has no array there */
};
/* A node of a converter's text (scan_reader_made) that is a move alone
 * may be written as its mark, four bytes: SCAN_MOVE_MARK, B or W, its x
 * and y each a letter (0 to 25 a to z, 26 to 51 A to Z); a pass two, the
 * mark and b or w. It is read as the node it stands for, {"move":
 * {"color": "black", "x": 15, "y": 3}} or {"move": {"color": "white",
 * "pass": true}}: a check's record of a game of a million moves held 41
 * bytes a move written out, 6 so (issue 71). A locator reads the mark as
 * one value, which a pointer into the node it stands for resolves to. */
#define SCAN_MOVE_MARK '~'
/* The value at offset p (a node of a sequence); false when it cannot be
 * read (not a text the scan accepted). */
bool scan_reader_node(struct scan_reader *r, size_t p, struct scan_node *out);
/* The offset just past the value at p, skipped without reading it. */
size_t scan_skip_value(const struct scan_reader *r, size_t p);
/* The offset of the next element of an array after the element that ends
 * at p (or of its first, with p just past the `[`), or SIZE_MAX at the
 * array's end. */
size_t scan_next_element(const char *text, size_t p, bool first);

#endif
