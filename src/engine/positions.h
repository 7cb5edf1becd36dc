/* positions: the position at a node of a record's tree (core/position.h),
 * for the boards beside findings, the library's positions and the
 * editor's hover, taken by the one replay (engine/replay.h), which tells
 * them its nodes as it goes: at any node (replay_positions), or at each
 * finding's node as the lint's replay goes (replay_start's keep,
 * positions_kept). */
#ifndef JGF_POSITIONS_H
#define JGF_POSITIONS_H

#include <stdbool.h>
#include <stddef.h>

#include <json-c/json.h>

#include "base/buf.h"
#include "core/diag.h"
#include "core/position.h"
#include "core/record.h"

/* What the lint's replay is given to keep the position at each finding's
 * node (replay_start's keep, engine/replay.h). */
struct replay_listener;
extern const struct replay_listener positions_kept;

/* The node a pointer is at or inside: "/tree/3/move/x" is in "/tree/3",
 * "/tree/2/variations/1/0/setup" in "/tree/2/variations/1/0". Writes the
 * node's pointer to out (indices as written canonically); false when the
 * pointer is not inside a node of root's tree. */
bool replay_node_of(json_object *root, const char *pointer, struct buf *out);

/* The positions at n nodes of the record root (rec its facts), in one
 * replay: out[k] at the node targets[k] names (a node's pointer as
 * replay_node_of writes it; targets may repeat). With full, each stone's
 * move and node too. A position that cannot be given says why in
 * `unavailable`: a record that is not Go on a board of at most 52×52
 * played by black and white, or a pointer that names no node. */
void replay_positions(json_object *root, const struct record_info *rec, const char *const *targets,
		      size_t n, bool full, struct position *out);

/* The position with each stone's move and node (full) at the node that
 * pointer is at or inside, in root (parsed: its text was JSON), to out;
 * returns why there is none (out->unavailable, or why the replay was not
 * asked), or NULL. */
const char *replay_position_at(json_object *root, bool parsed, const char *pointer,
			       struct position *out);
/* The positions, full, at the nodes of every finding of diags that names
 * one (the go rules'), from one replay of root: all[i] for diags->items[i]
 * (an empty position for a finding without a node). */
void replay_finding_positions(json_object *root, const struct diag_list *diags,
			      struct position *all);

#endif
