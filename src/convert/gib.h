/* gib: Tygem's GIB records into the SGF property tree (the players, the
 * result, komi and date of the header; the handicap of the INI line; the
 * moves of the STO lines), so that they share the SGF conversion. */
#ifndef JGF_GIB_H
#define JGF_GIB_H

#include <stddef.h>

#include "convert/sgf.h"

/* text: the file decoded (convert/decode.h), UTF-8. */
void gib_read(const char *text, size_t len, struct sgf_games *out, struct sgf_notes *notes);

#endif
