/* ugf: UGF/UGI records (seed 004: [Header] variables, [Data] moves, review
 * trees and comments), CP932-decoded, into the SGF property tree. */
#ifndef JGF_UGF_H
#define JGF_UGF_H

#include <stddef.h>

#include "convert/sgf.h"

void ugf_read(const char *bytes, size_t len, struct sgf_games *out, struct sgf_notes *notes);

#endif
