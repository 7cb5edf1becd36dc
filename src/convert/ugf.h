/* ugf: UGF/UGI records (seed 004: [Header] variables, [Data] moves, review
 * trees and comments) into the SGF property tree. */
#ifndef JGF_UGF_H
#define JGF_UGF_H

#include <stddef.h>

#include "convert/sgf.h"

/* text: the file decoded (convert/decode.h: UGF files are CP932), UTF-8. */
void ugf_read(const char *text, size_t len, struct sgf_games *out, struct sgf_notes *notes);

#endif
