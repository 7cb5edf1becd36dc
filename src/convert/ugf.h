/* ugf: UGF/UGI records (seed 004: [Header] variables, [Data] moves, review
 * trees and comments) into the SGF property tree. */
#ifndef JGF_UGF_H
#define JGF_UGF_H

#include <stdbool.h>
#include <stddef.h>

#include "convert/sgf.h"

/* text: the file decoded (convert/decode.h: UGF files are CP932), UTF-8.
 * lazy: a game of [Data] alone (no review) holds its root, and its moves
 * are read as the converter asks for them (sgf_more), the comments on
 * them ([Figure]'s, [ReviewComment]'s) kept until their move is read: text
 * must outlive the game then, and only convert_record_freeing reads all
 * of it. bare: the record is made without what it keeps under meta
 * (struct convert_shape's bare: a check's), so that a section kept there
 * is read as its first two lines alone. */
void ugf_read(const char *text, size_t len, struct sgf_games *out, struct sgf_notes *notes,
	      bool lazy, bool bare);

#endif
