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

/* White space between SGF's tokens, as the reader skips it, and a letter
 * of a property's identifier: one reading for every scanner of SGF's
 * bytes (the reader, its look ahead, the places, the games' sets, the
 * repair in place, the rules). */
static inline bool sgf_blank(char c)
{
	return c == ' ' || c == '\t' || c == '\n' || c == '\r' || c == '\f' || c == '\v';
}
static inline bool sgf_letter(char c) { return (c >= 'A' && c <= 'Z') || (c >= 'a' && c <= 'z'); }

/* The `]` that closes the value whose text starts at byte i of the n bytes
 * at s (just after its `[`): the first `]` not escaped by a `\\` (one
 * after an odd run of them), or n when none does. Read with memchr, not
 * byte by byte: the values of a commented tree are most of its text, and
 * every scanner of SGF passes over them. */
size_t sgf_value_close(const char *s, size_t i, size_t n);

/* What a scanner of SGF found far ahead, kept between values read one
 * after another (zeroed: nothing kept): values whose `]` was lost (`;W[x`
 * on each line, `;B[d` along one line) each looked on to the same far
 * `]` or line end, the square of the file's size. */
struct sgf_far {
	size_t close_from, close_at;   /* a look for `]` from close_from found close_at */
	size_t eol_from, eol_at;       /* a look for a line break from eol_from found eol_at */
	bool eol_known;
};
/* sgf_value_close, and the first line break (`\n` or `\r`) at or after i
 * (n when none), each answered from far when it holds the answer. */
size_t sgf_far_close(struct sgf_far *far, const char *s, size_t i, size_t n);
size_t sgf_far_eol(struct sgf_far *far, const char *s, size_t i, size_t n);

/* Whether the n bytes at s (after a `(`) start a node holding GM or FF,
 * the properties a game's root begins with and no other node may hold. */
bool sgf_opens_game(const char *s, size_t n);

/* The parentheses of a text (values' brackets and escapes passed over),
 * read once, so that each question below is a binary search: a file of
 * many games each left open asks once a game. */
struct sgf_ahead {
	size_t n;
	size_t *at;     /* each parenthesis's byte */
	long *depth;    /* the nesting after it */
	long *lowest;   /* the least nesting from it to the end */
};
/* Whether `open` game trees open at byte at of the len bytes of text are
 * closed by `)` before its end; a is built on the first question. */
bool sgf_trees_close(struct sgf_ahead *a, const char *text, size_t len, size_t at, size_t open);
void sgf_ahead_free(struct sgf_ahead *a);

#endif
