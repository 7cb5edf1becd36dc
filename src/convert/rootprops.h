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

#endif
