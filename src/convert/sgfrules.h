/* sgfrules: what SGF FF[4] says of a game's properties that reading it
 * into JGF does not check (SGFC's messages 17, 38, 41-43 and 46): an empty
 * value where one is needed, a point twice in a node, annotations that
 * contradict or judge no move, an FF that is no version, PL's old
 * spellings and values it cannot have. Notes only: the mapping reads the
 * game as it does without them. */
#ifndef JGF_SGFRULES_H
#define JGF_SGFRULES_H

#include <stdbool.h>
#include <stddef.h>

#include "convert/sgf.h"
#include "convert/sgfprops.h"

/* Notes what root's game (every node) breaks of these; size gets the
 * board's width and height they were read on. */
void sgf_rules_check(const struct sgf_node *root, struct sgf_notes *notes, int size[2]);
/* The same of node n, not the root, read after the rest was checked (a
 * line read as it is converted: sgf_more), on a board of size. */
void sgf_rules_node(const struct sgf_node *n, const int size[2], struct sgf_notes *notes);

/* Whether a property of type type has its values' points read with white
 * space set aside (sgf_point_bare): a move, point list, line or label
 * (inline: asked of every property a check reads). */
static inline bool sgf_type_points(enum sgf_type type)
{
	return type == SGF_T_MOVE || type == SGF_T_POINTS || type == SGF_T_LINES ||
	       type == SGF_T_LABELS;
}

/* Value s (len bytes) of a property of type type (sgf_type_points) as
 * the mapping reads a point written with white space around it (B[ cc],
 * MA[aa :bb], LB[ ee:A], AR[aa: bb], VW[ aa:ei]; a point list's and a
 * line's split at their first `:`, as sgf_box_of reads them): its points
 * alone in bare ("cc", "aa:bb"), and the number of s's
 * first bytes they stand for (a label's before its `:`, the rest its
 * text) returned. 0 where s has no white space around its points, its
 * points are none the mapping reads on a board of width x height, or its
 * type has none.
 * sgf-point-blanks says each, and the SGF writer writes a kept value so. */
size_t sgf_point_bare(const char *s, size_t len, enum sgf_type type, int width, int height,
		      char bare[6]);

#endif
