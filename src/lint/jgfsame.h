/* jgfsame: the guard of --fix on JGF (issue 70), as convert/sgfsame.h is
 * SGF's: the game a record holds, digested node by node as it is read
 * again, and two compared (lint/jgfsame.c). */
#ifndef JGF_JGFSAME_H
#define JGF_JGFSAME_H

#include <stdbool.h>
#include <stddef.h>

#include <json-c/json.h>

#include "base/buf.h"

struct document;

/* The record's members but its tree (game information, players, ...),
 * sorted by key, then its tree's nodes in the order of the walk (each
 * node's members but its variations, sorted, with their values) and the
 * marks of its variations; each with its JSON pointer. The values are
 * held, not copied: compared as json-c compares values. */
struct jgf_digest {
	struct jgf_item {
		char *key;            /* its pointer; NULL for a mark */
		json_object *value;   /* its value, held (a node's: its members
				       * but its variations count) */
		char mark;            /* a mark: '(', '[' or ')'; else 0 */
	} *items;
	size_t len, cap;
	size_t members;   /* items[0 .. members): the record's members */
};

/* The digest of doc's record (parsed; streamed or not) into d (emptied
 * first); without nodes, its members but its tree alone (for two texts
 * whose tree is the same bytes: the same nodes). */
void jgf_digest_read(struct jgf_digest *d, const struct document *doc, bool nodes);
void jgf_digest_free(struct jgf_digest *d);

/* Whether now's record is was's but for what the pointers named (n of
 * them, each NUL-terminated, one after the other) name: a member of the
 * record (or what is in it), a node (or what is in it, but its
 * variations' nodes), or what holds them (the tree, a node's variations,
 * "": the whole record), which may change, appear or go (a node split,
 * moved, added beside a named one). When not, why gets where they part. */
bool jgf_digest_same(const struct jgf_digest *was, const struct jgf_digest *now,
		     const char *named, size_t n, struct buf *why);

#endif
