/* ogs: online-go.com's game JSON (what its API gives for a game, and the
 * `gamedata` inside it: the goban library's engine configuration; the
 * library calls its newer format JGOF, not this JGF) into the SGF property
 * tree, so that it shares the SGF conversion. Every field it cannot read
 * is a note at its line:col in the JSON (the ogs-* rules). */
#ifndef JGF_OGS_H
#define JGF_OGS_H

#include "convert/sgf.h"
#include "read/load.h"

/* doc is a parsed document that record_ogs recognises; positions come from
 * its locator. One game. */
void ogs_read(struct document *doc, struct sgf_games *out, struct sgf_notes *notes);

#endif
