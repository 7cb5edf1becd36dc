/* rootprops: the root's game information (SGF's root and game-info
 * properties) in the record's sections (game, event, source, record,
 * rules, players, board), each read by the grammar the linter applies. */
#ifndef JGF_ROOTPROPS_H
#define JGF_ROOTPROPS_H

#include <stdbool.h>
#include <stdint.h>
#include <json-c/json.h>

#include "convert/conv.h"
#include "convert/sgf.h"
#include "convert/sgfvalue.h"

/* The section key of root, made (empty) when it has none. */
json_object *record_section(json_object *root, const char *key);
/* Whether root has KM, or a GC holding a KM its repair moved there (KO
 * is then not read as komi). */
bool root_has_km(const struct sgf_node *root);
/* Whether id is a root or game-info property (the root node's, not a move's). */
bool is_root_info(const char *id);
/* One root property in its section; false when it is not one of them. The
 * players are /players/0 (black) and /players/1 (white). */
bool root_property(struct conv *c, json_object *rec, const struct sgf_prop *p,
		   json_object *black, json_object *white);
/* SZ (sz may be null: 19) as the board's size, and c's width and height;
 * false, with a note, when it is none (19x19: SZ is to be kept). */
bool board_size_of(struct conv *c, const struct sgf_prop *sz, json_object *board);
/* sgf-rectangle for a rectangle b (value v of p) FF[4] writes otherwise
 * (corners in another order, one point), with the fix that writes it so. */
void conv_say_rectangle(struct conv *c, const struct sgf_prop *p, const struct sgf_value *v,
			const struct sgf_box *b);
/* VW as the board's cut-offs, or kept (after the tree: c's extent). */
void board_view(struct conv *c, const struct sgf_prop *vw, json_object *board);
/* Whether the record names a professional body (*event: a professional
 * tournament), so that its dans are read as professionals'. */
bool names_pro_body(const struct sgf_node *root, const char *source, bool *event);

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
