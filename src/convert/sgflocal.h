/* sgflocal: the nodes of a round's bytes and where they are in them, for
 * a fix judged by reading only its game or the nodes around it
 * (convert/sgflocal.c; the judging is convert/sgfround.c's). */
#ifndef JGF_SGFLOCAL_H
#define JGF_SGFLOCAL_H

#include <stdbool.h>
#include <stddef.h>

#include "base/bound.h"
#include "base/buf.h"
#include "convert/sgf.h"
#include "convert/sgfsame.h"

/* The nodes of a round's bytes, for a fix judged alone (REVIEW.md R39). */
struct sgf_local {
	struct local_node {
		struct sgf_pos pos;
		size_t off;      /* its `;` in the bytes; SIZE_MAX: not found there */
		size_t game;     /* its game's, from 1 */
		size_t before;   /* the nodes with properties before it in its game */
		size_t depth;    /* its parents in its game's tree */
	} *nodes;
	size_t len, cap;
	bool ok;   /* the bytes read as themselves, no value's end guessed */
	/* Or read in the round's set (a multi-byte or single-byte set that
	 * keeps ASCII, decoded with no broken byte, no byte of SGF's syntax
	 * inside a character): the nodes and games found in the bytes, each
	 * game's window decoded before it is read; judged by game alone
	 * (part_reads_same), not by window (sgf_round_alone). */
	bool decoded;
	struct local_game {   /* each game's bytes, its `(` to its `)` (SIZE_MAX: */
		size_t open, close, first;   /* not one tree there), and its first node */
	} *games;
	size_t games_cap;
	/* The digest of the bytes' one game where its window (part_reads_same)
	 * is the bytes themselves but for blanks after its `)`: taken from
	 * this reading, not read again for each probe of its fixes. */
	struct sgf_digest whole;
	bool has_whole;
	/* A check's (sgf_read_as): taken, each game added as it read them
	 * whole (false: not all were); unclosed, a value's end guessed there;
	 * placed, its nodes found in the bytes since. */
	bool taken, unclosed, placed;
};
struct sgf_node;
/* game's nodes (the gth, from 1) added to l in the order of the text, as
 * the digest counts them (a node, then its variations, each whole). */
void sgf_local_game(struct sgf_local *l, const struct sgf_node *game, size_t g);
void sgf_local_free(struct sgf_local *l);

/* What a check knows of the bytes it decoded (decode_sgf's reading, no
 * --encoding), so that its offer does not decode them again (a file with
 * a fix offered was decoded four times): text, len bytes, the bytes as
 * decoded; plain, 1 when they read as themselves with no CA set aside
 * (the check took them as its text), 0 when not, -1 not known; local,
 * its games' nodes as it read them (NULL: not taken), so that its offer
 * does not read the bytes again for them (issue 74, R47's file). */
struct sgf_read_as {
	const char *text;
	size_t len;
	int plain;
	struct sgf_local *local;
};

/* The order of two places (struct sgf_pos), for sorting and searching. */
static inline int sgf_pos_cmp(const void *a, const void *b)
{
	const struct sgf_pos *x = a, *y = b;
	return x->line != y->line ? (x->line < y->line ? -1 : 1) :
	       x->col != y->col ? (x->col < y->col ? -1 : 1) : 0;
}

/* Places in the order of the text, each stride bytes after the one before
 * it (was's nodes' starts, a window's nodes' pos), and a place to find. */
struct sgf_places_ask {
	const char *first;
	size_t stride;
	struct sgf_pos at;
};

static inline bool sgf_place_past(const void *ctx, size_t i)
{
	const struct sgf_places_ask *a = ctx;
	return sgf_pos_cmp((const struct sgf_pos *)(const void *)(a->first + i * a->stride), &a->at) > 0;
}

/* How many of the n places at first (stride bytes apart, in order) begin
 * at or before at: the ordinal of the node at is in (the last to begin at
 * or before it), plus one; 0: before the first. Inline: each caller's
 * stride is a constant (a call cost R110's --fix 0.1% more). */
static inline size_t sgf_places_to(const void *first, size_t stride, size_t n, struct sgf_pos at)
{
	struct sgf_places_ask a = { first, stride, at };
	return bound_first(0, n, sgf_place_past, &a);
}

/* The nodes of the len bytes at bytes (sgf_local: ok false where they are
 * not read so, as themselves or in set): as's, the check's reading's,
 * where it read them as themselves; else read from them (at the caller's,
 * freed with sgf_local_free). */
struct sgf_local *sgf_local_read(const char *bytes, size_t len, const char *set,
				 const struct sgf_read_as *as);
/* The node of l that at is in (the last to begin at or before it);
 * SIZE_MAX: before the first. */
size_t sgf_local_node_at(const struct sgf_local *l, struct sgf_pos at);
/* Whether byte i of the n at s, past blanks back (dir -1) or on (1), is c. */
bool sgf_next_is(const char *s, size_t n, size_t i, int dir, char c);
/* The `)` that closes the tree the `(` at open of the len bytes at s
 * opens, values passed over; len when none does, or a tree in it does not
 * begin with a node's `;` (values after a `(` are read as the values of a
 * property before the window: gen seed 1 g00125, `(;W[jj]([ll][mg]`). */
size_t sgf_tree_close(const char *s, size_t len, size_t open);

#endif
