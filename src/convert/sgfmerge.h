/* sgfmerge: the repair of a property given twice in one node
 * (sgf-duplicate-property) as SGFC makes it, written by --fix: a list's
 * values go to the end of its first (AB[aa]AB[bb]: AB[aa][bb]), a Text's
 * one value is joined to the first's, a blank line between (C, GC); any
 * other property has no such repair (one of two moves, two komis, two
 * names would go). The reader records each property of the node it reads
 * (its bytes in the text), and after each one given again, the one edit
 * that writes the node with those merged so far. */
#ifndef JGF_SGFMERGE_H
#define JGF_SGFMERGE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"

enum sgf_merge_kind {
	SGF_MERGE_NONE,   /* a value would go: no repair */
	SGF_MERGE_LIST,   /* points, labels, lines: the values added */
	SGF_MERGE_TEXT,   /* Text: one value, a blank line between */
};

/* How property id (upper-case) given again in a node is merged. */
enum sgf_merge_kind sgf_merge_kind(const char *id);

/* A property of the node being read, as the text writes it. */
struct sgf_merge_prop {
	uint32_t prop;            /* its index in the node */
	size_t id, open, close;   /* bytes of the text: its identifier, its first `[`,
				   * its last `]` */
	uint32_t line, col;       /* of its last `]` (an sgf_pos) */
	uint32_t nvals;
	bool closed;              /* each value closed by its own `]` */
	enum sgf_merge_kind again;   /* given again, of a kind that merges (NONE: the
				      * first, or one that has no repair) */
};

struct sgf_merge {
	const void *node;         /* the node the properties are of */
	struct sgf_merge_prop *items;
	size_t len, cap;
	const char *eol;          /* the text's sgf_blank_line, found once a file (NULL: LF) */
};

/* The line break the text writes (CR LF, a lone CR, else LF), twice: the
 * blank line between merged Text. Found in its first 64 KiB, once a file
 * (a text of one line would read them at each merge). */
const char *sgf_blank_line(const char *text, size_t len);
/* The length of the blank line at w[at] of a text m long, 0: none: what
 * sgf_blank_line writes, LF LF, CR CR or CR LF CR LF, and nothing else
 * (LF LF CR before a value is a blank line and the value's CR). */
size_t sgf_blank_at(const char *w, size_t m, size_t at);
/* Whether a paragraph of text w (m bytes, as read) begins at byte at: at
 * its start, or after a blank line (sgf_blank_at). A merge joins a Text's
 * values so, and the repairs of game information FF[4] cannot hold write
 * the property as read, ID[a\][b\], as such a paragraph of GC (--to sgf's
 * sgfwkept.c, --fix's inforepair.c): the one reading of where one begins,
 * for the root's komi (rootprops.c's root_has_km), the repairs' order and
 * sgfsame.c's values found in a merged one. */
bool sgf_paragraph_at(const char *w, size_t m, size_t at);
/* Where a paragraph of game information id goes in GC's text t (n bytes,
 * as read or decoded): before t's first paragraph (sgf_paragraph_at) that
 * is one such, ID[...] up to the next blank line or t's end, of an id
 * sgf_prop_order puts after id; n: at t's end. The order of the table, not
 * the file's, which is gone once a repair moved a property into GC (or a
 * record holds it as an object, meta.sgf): added so, paragraphs come in
 * one order whatever order they are added in, GC's own text where it was,
 * so that --to sgf (sgfwkept.c) and --fix's rounds (inforepair.c, each
 * adding one) write one GC, of the input or of any round's output. */
size_t sgf_gc_paragraph_at(const char *t, size_t n, const char *id);
/* Adds paragraph para of id to GC's text gc where sgf_gc_paragraph_at puts
 * it, a blank line (LF LF) between it and the text's others. */
void sgf_gc_paragraph_add(struct buf *gc, const char *id, const char *para);

/* Records p, a property of node (the records of the node before are
 * dropped). */
void sgf_merge_add(struct sgf_merge *m, const void *node, const struct sgf_merge_prop *p);
/* The repair of every property given again in the node so far that merges
 * (text: the len bytes the reader reads, decoded): *fix (the caller's to
 * free) replaces *cps code points from line:col (an sgf_pos). False when
 * none can be written (a value not closed, a Text given again with
 * several values, a node of too many properties). */
bool sgf_merge_fix(const struct sgf_merge *m, const char *text, size_t len, char **fix,
		   uint32_t *line, uint32_t *col, uint32_t *cps);
void sgf_merge_free(struct sgf_merge *m);

/* Test hook: each merge written loses the text between the first and the
 * property given again (the properties there), a repair's bug the guard
 * (sgfsame.c) must catch. Only the test program calls it (cli/hooks.c),
 * from JGFLINT_TEST_MERGE_LOSES (CONTRIBUTING.md). */
void sgf_merge_test_loses(bool on);

#endif
