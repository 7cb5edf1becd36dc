/* replay: plays the game a JGF record describes, on a board, and reports
 * what cannot happen in a game of Go: a stone on an occupied point, suicide,
 * an immediate ko retake, a repeated position under disallowRepeats, setups
 * that leave stones without liberties or change nothing, the same colour
 * moving twice, a handicap or a turn that the moves contradict.
 *
 * The main line and every variation are replayed, each variation from the
 * position of the node it branches from; a line stops at its first error. */
#ifndef JGF_REPLAY_H
#define JGF_REPLAY_H

#include "read/load.h"
#include "core/record.h"

/* Replays doc (a JGF record, rec its facts) and adds the findings to
 * doc->diags. Does nothing for records that are not Go on a board of at
 * most 52×52 played by black and white. */
void replay_run(struct document *doc, const struct record_info *rec);

#endif
