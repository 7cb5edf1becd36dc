/* inforepair: the repairs --fix --unsafe-fixes writes of game information
 * FF[4] cannot hold, in the root and in a move's node, as --to sgf writes
 * it (the writer's sgfw_unheld_how decides for both). */
#ifndef JGF_INFOREPAIR_H
#define JGF_INFOREPAIR_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "convert/conv.h"
#include "convert/sgf.h"

/* The repairs --fix --unsafe-fixes writes of the root's game information
 * FF[4] cannot hold there (sgfw_unheld_value: RE[共55手 黑不战胜],
 * DT[1940年(...)], LT[30秒]): what FF[4] holds of each, as --to sgf writes
 * it, and its words in GC, one repair of two edits; KO that is the record's
 * komi (NULL: it holds none), written as --to sgf writes it, as
 * sgfw_unheld_how decides for both. Planned once the root's sections are
 * read (c's notes from from on), attached to their findings once its node
 * is read (FF[1]'s LT is found there). */
struct unheld_fix {
	struct sgf_pos pos, at, also_at;
	uint32_t len;
	char *fix, *also;
	bool several;   /* on the finding "more than one value" (not RE's own, read) */
	bool in_gc;     /* its paragraph added to the node's GC, at byte gap of its value */
	size_t gap;
	const char *id;
};
struct unheld_plan {
	struct unheld_fix *items;
	size_t len, cap;
};
void root_unheld_plan(const struct conv *c, const struct sgf_node *root, size_t from,
		      const double *komi, struct unheld_plan *plan);
void root_unheld_attach(struct conv *c, struct unheld_plan *plan, size_t from);
/* The same repairs in a node but the root (its findings c's notes from
 * from on, sgf-info-outside-root's), where --to sgf writes its game
 * information as the root's (REVIEW.md R87): GC of several values as one
 * text, a blank line between; other game information of several values
 * as its first where FF[4] holds it, the property as read in the node's
 * GC. Values on one line only, as the root's. */
void node_several_fixes(struct conv *c, const struct sgf_node *node, size_t from);

#endif
