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
