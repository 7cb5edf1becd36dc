/* nodeprops: a node's properties mapped to JGF: its move, setup, turn,
 * comments, name, markup, score and time left, and what has no place. */
#ifndef JGF_NODEPROPS_H
#define JGF_NODEPROPS_H

#include <stdbool.h>
#include <stddef.h>
#include <json-c/json.h>

#include "convert/conv.h"
#include "convert/sgf.h"

/* What one SGF node becomes: at most a setup node then a node with the
 * move and the annotations (JGF never combines setup and a move). */
struct parts {
	json_object *setup, *turn, *move, *comments, *name, *markup, *score;
	json_object *move2;   /* a second move (B and W in one node): a node of its own */
	struct sgf_pos setup_pos, move_pos, move2_pos;
	const struct sgf_prop **kept;   /* what has no place in JGF */
	size_t nkept, kcap;
	/* kept's first few, in place (a node's one kept property was a block
	 * of its own: 10,000 nested variations, 2.4 M of malloc) */
	const struct sgf_prop *kept_few[4];
	const struct sgf_prop *time[4];   /* BL, WL, OB, OW */
	/* BL, WL, OB, OW of more than one value, read on a move: kept at
	 * that move's node, which writes them (not at the root, for a move
	 * in the root, nor at the first move's node, for the second move's:
	 * each was written twice); second: on the node's second move */
	struct { const struct sgf_prop *prop; bool second; } move_kept[4];
	size_t nmove_kept;
	const char *kept_in;   /* where kept is, in meta.SOURCE: "" (the root's), ".nodes" */
	/* The property of each setup entry, in order: a finding of a setup
	 * stone is placed at the property that set it (AE's), not at the
	 * node's first (AB's). */
	struct sgf_pos *setup_at;
	size_t nsetup_at, setup_at_cap;
	/* The property of each markup entry, in order: a finding of an XM
	 * type (markup-type's "cross") is placed at the XM that wrote it. */
	struct sgf_pos *markup_at;
	size_t nmarkup_at, markup_at_cap;
};

/* What a node's properties become in JGF, part by part (the root's game
 * information left out when root). */
void node_parts(struct conv *c, const struct sgf_node *n, bool root, struct parts *pt);
/* What node_parts allocated beside the JSON it gives away (kept, setup_at, markup_at). */
void parts_free(struct parts *pt);

/* Whether kept property p of a root that holds a move is the move's (an
 * annotation, a mark or a judgement of FF[4] of a value of its type: BM,
 * DM, DD, ...), kept at the move's node as its marks and comments are,
 * not at the root (TE[Honinbo], a root's event in Japanese records, is
 * not a tesuji's). */
bool conv_kept_with_move(const struct conv *c, const struct sgf_prop *p);

/* sgf-value-type for such a property whose value is not of its type,
 * kept at the root (a root's values are otherwise not judged): V[high]
 * beside the root's move is the move's judgement misspelt, not the
 * game's; TE is left alone. */
void conv_say_root_misfit(struct conv *c, const struct sgf_prop *p);

/* How node_parts reads a value, for convert.c's nodes written without
 * their DOM: a point of the board; an LB value's point on the board and
 * its text (allocated, unless text is NULL; an empty one " "), false for
 * no point:text; a node's name (N, allocated). */
bool conv_point_fits(const struct conv *c, const char *s, size_t len, int *x, int *y);
bool conv_label_of(const struct conv *c, const struct sgf_value *v, int *x, int *y, char **text);
char *conv_name_of(const struct sgf_prop *p);

#endif
