/* sgfahead: what the SGF reader (sgf.c) reads ahead of where it is, to
 * tell a game left open from a variation: a `(` whose first node holds GM
 * or FF, inside a game tree that no `)` closes before the end of the file,
 * is the next game of a collection whose game before lost its `)` (a
 * truncated copy): read as a variation, it and every game after it would
 * join the open game. */
#ifndef JGFLINT_CONVERT_SGFAHEAD_H
#define JGFLINT_CONVERT_SGFAHEAD_H

#include <stdbool.h>
#include <stddef.h>

/* Whether the n bytes at s (after a `(`) start a node holding GM or FF,
 * the properties a game's root begins with and no other node may hold. */
bool sgf_opens_game(const char *s, size_t n);
/* Whether `depth` game trees open at s are closed by `)` within its n
 * bytes (values' brackets and escapes passed over). */
bool sgf_trees_close(const char *s, size_t n, size_t depth);

#endif
