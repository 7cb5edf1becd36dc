/* sgfsame: the guard of --fix on SGF (issue 70): a digest of the games a
 * text reads as, taken as a check reads them (or read again), and two
 * compared node by node (convert/sgfsame.c). */
#ifndef JGF_SGFSAME_H
#define JGF_SGFSAME_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "convert/sgf.h"

/* The digest's marks; a value's bytes up to SGF_DIGEST_ESCAPE are written
 * escaped (SGF_DIGEST_ESCAPE, then the byte with 0x40 set): a control
 * character is a value's byte as any other (PW[W\001hite]). */
#define SGF_DIGEST_GAME '\x01'
#define SGF_DIGEST_NODE '\x02'
#define SGF_DIGEST_PROP '\x03'
#define SGF_DIGEST_VALUE '\x04'
#define SGF_DIGEST_OPEN '\x05'
#define SGF_DIGEST_CLOSE '\x06'
#define SGF_DIGEST_ESCAPE '\x07'

/* A place's id or val that is none. 32 bits: the digest's text is the
 * decoded text's nodes, ids and values with a mark each (a control byte
 * of a value two bytes), under 4 GiB as a decoded text is (sgf_pos). */
#define SGF_NO_PLACE UINT32_MAX

/* Each game's nodes in the order of the text, a node's properties sorted
 * by id with their values as read, its variations marked; and where each
 * node, property and value was read (for the properties an edit names). */
struct sgf_digest {
	struct buf text;
	struct sgf_place {   /* 20 bytes, three a move (issue 70: --fix's memory) */
		struct sgf_pos pos;
		uint32_t id;        /* the id's offset in text; SGF_NO_PLACE: a node's `;` */
		uint32_t node;      /* its node's ordinal among those in text */
		uint32_t val;       /* a value's index in its property; SGF_NO_PLACE: an id, a `;` */
	} *places;              /* in the order of the text, but where unsorted says */
	size_t len, cap;
	bool unsorted;              /* a place before the one added before it */
	size_t all;                 /* the nodes in text (SGF_DIGEST_NODE), empty ones too */
	size_t nodes;               /* those holding a property */
};

/* game's digest appended to d. */
void sgf_digest_game(struct sgf_digest *d, const struct sgf_node *game);
/* The digest of the games len bytes at bytes read as, decoded as a check
 * decodes them, into d (emptied first). */
void sgf_digest_read(struct sgf_digest *d, const char *bytes, size_t len);
/* The same of text already decoded so (len bytes, UTF-8): a check's own
 * text, not decoded again. */
void sgf_digest_text(struct sgf_digest *d, const char *text, size_t len);
void sgf_digest_clear(struct sgf_digest *d);
void sgf_digest_free(struct sgf_digest *d);

/* An edit of the decoded text, from `from` up to `to`, writing text
 * (NULL: none); spelling: it writes an id as the reading took it already
 * (`w` made `W`); at: its finding's place (line 0: none), a property's id
 * the edit may take out where it spans it (LT moved into a GC before it:
 * the edit begins in GC). */
struct sgf_span {
	struct sgf_pos from, to;
	bool spelling;
	const char *text;
	struct sgf_pos at;
};
/* A property a round's edits name: the occ-th of id in node (the digest's
 * ordinal; a property given twice counted in the order of the text).
 * Whole: an edit spans its id, so it may change, go or come, values and
 * all. Else an edit lies in its values first to last (of the was it had),
 * and it has was + delta values after (what the edits write: a value
 * taken out, or written); the values before first and after last stay as
 * they were. */
enum { SGF_KEEP_NONE, SGF_KEEP_ID, SGF_KEEP_VALUES, SGF_KEEP_ALL };
struct sgf_name {
	size_t node, occ;
	char id[17];
	bool whole;
	/* Of one named whole: whether it stays (REVIEW.md R96). SGF_KEEP_NONE:
	 * its finding's to take out, the property the edit begins in or the
	 * one its finding is at (sgf_span.at), or one of the id of either (a
	 * merge's given again); SGF_KEEP_ALL: any other it spans, which may move,
	 * never go nor change; SGF_KEEP_VALUES: a property given again, parted
	 * by another's places, whose values may be joined with its other
	 * places' (a merge), each still there (REVIEW.md R129); SGF_KEEP_ID:
	 * its values may change (an edit lies in them), it may not go. */
	unsigned char keep;
	size_t first, last, was;
	long long delta;
	size_t id_at;   /* its id's offset in the digest's text */
};
/* A round's names, sorted by node, id and occ, each property's once; and
 * the nodes whose `;` its edits take out (their ordinals, sorted): the
 * nodes of the round's digest are counted without them, so that a name
 * falls on its own node there (REVIEW.md R57). */
struct sgf_names {
	struct sgf_name *items;
	size_t len, cap;
	size_t *gone;
	size_t ngone, gone_cap;
};
void sgf_names_free(struct sgf_names *ns);

/* The properties n edits name, into ns (emptied first; of one node, the
 * ordinal among the digest's, so that a fix of a `b` in one node lets no
 * other node's B change). An edit that spans a property's id, or begins
 * in it, names it whole: it may change, go or come. An edit in a
 * property's values names those values: the property keeps its count (but
 * for the values the edit's text writes or takes out) and every value no
 * edit lies in (REVIEW.md R50: `AB[aa:aa];[cc][dd]`, the rectangle's fix
 * and the empty node's `;` in one round, gave AB[aa][cc][dd]). An edit
 * that takes out a node's `;` (and writes none) names that node gone; one
 * before an id (a lost `;` written) names nothing, nor does a spelling
 * (R41: `w[dd];[cc]` gave W[dd][cc], a move lost). */
void sgf_digest_named(const struct sgf_digest *d, const struct sgf_span *edits, size_t n,
		      struct sgf_names *ns);

/* Whether now's games are was's: the same games, variations and nodes
 * holding properties, each node the same properties with the same values
 * (moves, setup, comments, game information), but for what ns names
 * (sgf_digest_named) in their nodes: a property named whole may change,
 * appear or go there, one named by its values keeps the others and its
 * count, and one named whole that its finding does not take out (keep)
 * is still there, with its values (SGF_KEEP_ALL), in the nodes where they
 * part (in its own node; with more, in any). Every node is counted, empty
 * or not, in was; in now but those named gone, so that a name falls on
 * the node it was given in whether the round empties it or not
 * (REVIEW.md R57: `;C[];B[aa]C[hi]`), and a node
 * merged, split or lost parts them; a node left with nothing is compared
 * as no node (an empty node holds nothing of the game). With
 * more (an unsafe fix, which may restore what a reading lost: a `]`
 * swallowed, nodes after a game's `)`), now may hold more, and its nodes
 * and games be cut otherwise, but holds every value of was that ns does
 * not name, each with its property and a root's in a game's root
 * (REVIEW.md R66), among all of its own (ns counts nodes
 * as was does, which a round that restores a game before them does not):
 * it may normalise, never lose. When not, why gets where they part (its
 * words). */
bool sgf_digest_same(const struct sgf_digest *was, const struct sgf_digest *now,
		     const struct sgf_names *ns, bool more, struct buf *why);
/* Whether a and b are alike but in their nodes first to last of a's and
 * first to blast of b's (counted from 0 in the order of the text, empty
 * ones too), the shape of the games and variations too; where blast is
 * less than last (b lacks nodes of a's there), those nodes' own marks
 * left out of both (none of b's where blast < first). */
bool sgf_digest_alike_but(const struct sgf_digest *a, const struct sgf_digest *b, size_t first,
			  size_t last, size_t blast);

#endif
