/* dupread: one input's games into the collection `jgflint duplicates`
 * searches: a JGF record, or each game of SGF, SGF-in-JSON, UGF/UGI, GIB
 * or NGF read as --convert reads it. */
#ifndef JGF_DUPREAD_H
#define JGF_DUPREAD_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"
#include "dup/dup.h"
#include "read/load.h"

/* Adds the games of a loaded document (name: as reports show it; encoding:
 * --encoding, or NULL); returns how many. What is not read (the file, or
 * one of its games) gets a line in log saying why. */
size_t dup_read_document(struct dup_set *s, struct document *doc, const char *name,
			 const char *encoding, struct buf *log);

/* Where dup_read_games hands each normalised game (name, index of count
 * games in the file, format as dup_set_add takes them; count is 2 for a
 * game of an SGF collection but its last, which is read before the
 * number of its games is known: what counts is whether it is more than
 * one, which a report says by naming a game by its number). */
typedef void dup_sink(void *ctx, const struct dup_game *g, const char *name, size_t index,
		      size_t count, const char *format);
/* As dup_read_document, each game to add(ctx, ...); signatures: compute
 * each game's Dyer signature and sgfinfo MD5. */
size_t dup_read_games(dup_sink *add, void *ctx, bool signatures, struct document *doc,
		      const char *name, const char *encoding, struct buf *log);

#endif
