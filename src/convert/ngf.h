/* ngf: WBaduk's (Cyberoro's) NGF records into the SGF property tree: the
 * fixed-line header (title, board size, players with ranks, server,
 * handicap, komi, date, result) and the PM move lines, so that they share
 * the SGF conversion. */
#ifndef JGF_NGF_H
#define JGF_NGF_H

#include <stddef.h>

#include "convert/sgf.h"

/* text: the file decoded (convert/decode.h), UTF-8. */
void ngf_read(const char *text, size_t len, struct sgf_games *out, struct sgf_notes *notes);

#endif
