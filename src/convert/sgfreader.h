/* sgfreader: the SGF text reader's state, which its parts share: sgf.c
 * (the stream of game trees, their nodes, the text outside them),
 * sgfproperty.c (a property: its identifier, its values, the repairs of
 * both) and sgfcursor.c (its line and column as it moves). Private to
 * them; sgf.h is the reader's interface. */
#ifndef JGF_SGFREADER_H
#define JGF_SGFREADER_H

#include <stdbool.h>
#include <stddef.h>

#include "base/locate.h"
#include "convert/sgfahead.h"
#include "convert/sgfmerge.h"
#include "convert/sgfnote.h"

struct sgf_games;
struct sgf_node;
struct sgf_prop;

/* What a node may repeat property after property: each is noted once, at
 * its first occurrence, and that note counts the others (a node of
 * 1,000,000 properties wrote as many notes). */
enum tally { TALLY_MERGED, TALLY_AGAIN, TALLY_BEYOND, TALLY_NO_VALUE, TALLIES };

/* The reader: a cursor over the text with its line and column. */
struct reader {
	const char *s;
	size_t len, i;
	struct sgf_pos pos;
	struct sgf_notes *notes;
	struct sgf_games *out;
	const struct sgf_node *const *game;   /* the root of the game being read */
	const struct sgf_node *tally_node;   /* the node the tallies count */
	struct { size_t note, text_len, count; } tally[TALLIES];
	struct sgf_merge merge;   /* the node's properties, for the repair of one given again */
	const struct sgf_node *ahead_root;   /* the root whose FF was read ahead, */
	int ahead_ff;                        /* and that FF (root_ff_ahead) */
	bool cut;                            /* the file ends inside a value */
	struct sgf_far far;                  /* kept by the stream (sgf_stream's) */
};

/* One byte on, its line and column with it. */
static inline void sgf_advance(struct reader *r)
{
	text_step(r->s, r->len, r->i++, &r->pos.line, &r->pos.col);
}

/* sgf_advance() over the bytes up to byte to at once (sgf_pos_past). */
void sgf_advance_to(struct reader *r, size_t to);
/* Past blanks. */
void sgf_skip_space(struct reader *r);
/* Reads on again from byte target, which follows the `[` at `at` (start
 * its first byte after it). */
void sgf_reread_from(struct reader *r, size_t start, struct sgf_pos at, size_t target);

/* A property from its identifier at the reader into node (its values, or
 * none when it has no `[`), each repair said. */
void sgf_read_property(struct reader *r, struct sgf_node *node);
/* A value of prop from its `[` at the reader (short: sgf_short_value of
 * its id); true when its own `]` closed it. */
bool sgf_read_value(struct reader *r, struct sgf_prop *prop, bool short_value);

#endif
