/* sgfplace: the places of an SGF text a finding on it names, for a check
 * in place: the span of the property or value at a position (an editor's
 * range), a node of the record as a player names it ("move 14 in
 * variation 2 at move 11"), and the stable key of a finding's place that
 * baselines match (game, node path, property). */
#ifndef JGF_SGFPLACE_H
#define JGF_SGFPLACE_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"
#include "base/charset.h"
#include "convert/decode.h"
#include "convert/posmap.h"
#include "core/diag.h"
#include "core/words.h"

struct sgf_far;
struct locator;

/* Just past what starts at byte at of the SGF text s (len bytes): a
 * property (its identifier and every value), a value (`[` to its `]`),
 * or else one character; at itself at the end of the text. far keeps
 * what one call found far ahead for the next (sgfahead.h; zeroed once
 * for a text, never shared between texts). */
size_t sgf_span_end(const char *s, size_t len, size_t at, struct sgf_far *far);

/* Where the NUL bytes of the SGF text s (len bytes) stand, in order: *n
 * ranges, range k [r[2k], r[2k + 1]) (NULL: none; the caller frees): a
 * value holding one, from its `[` to just past its `]` (sgf_value_close;
 * the text's end when none), or the NUL alone outside a value. Each value
 * walked once, back no further than the range before. */
size_t *sgf_nul_values(const char *s, size_t len, size_t *n);
/* Where the U+FFFD of s (len bytes, decoded from the file's blen bytes
 * at bytes, read in UTF-8 when utf8) stand that the reading wrote for
 * bytes it could not read (REVIEW.md R109): ranges as sgf_nul_values
 * gives, NULL when none. In UTF-8, none where the file holds as many
 * U+FFFD as s (each its own); in another set, every U+FFFD of s. */
size_t *sgf_replaced_values(const char *s, size_t len, const char *bytes, size_t blen, bool utf8,
			    size_t *n);
/* Whether [from, to) (to == from: at from) begins, ends or lies in, or
 * spans, a range of r's n (sgf_nul_values'), asked in the order of from:
 * *next (0 at first) is the first range ending after the from asked last. */
bool sgf_in_ranges(size_t from, size_t to, const size_t *r, size_t n, size_t *next);

/* The file a fix's text is written into: its decoded text (t, tlen), its
 * bytes (from skip), their set and escapes, the text's locator, whether
 * the reading wrote U+FFFD for bytes it could not read
 * (sgf_replaced_values), and how far before the fixes their words were
 * looked for (lag at t's lag_at; at first at t's start, skip). */
struct sgf_file_text {
	const char *t;
	size_t tlen;
	const char *bytes;
	size_t len, skip;
	const struct sgf_escapes *esc;
	struct locator *loc;
	bool replaced;
	struct charset_walk lag;
	size_t lag_at;
};
enum sgf_text_kind { SGF_TEXT_OK, SGF_TEXT_NOT_SET, SGF_TEXT_REPLACED, SGF_TEXT_NUL };
/* text, the fix of [from, to) of t (UTF-8; at, the cursor at from), as
 * the file's bytes, into *out
 * (NULL: text's bytes as they are; else the caller frees): the words it
 * copies (a run of them holding a character beyond ASCII) as the file
 * holds them, found in [from, to) or in the node before it, not the text
 * encoded again (REVIEW.md R109: a U+FFFD the reading wrote for a byte
 * that is not UTF-8 is that byte; R115: CP932's FA 4A, U+2160, is not
 * written 87 54), other words in the set (charset_encode_strict: not a
 * U+FFFD). Asked in the order of from. SGF_TEXT_NOT_SET: a character not
 * the set's, or one beyond ASCII written with a byte `\` or `]`;
 * SGF_TEXT_REPLACED: a U+FFFD the reading wrote, not found; SGF_TEXT_NUL:
 * the file's words hold a NUL. */
enum sgf_text_kind sgf_file_text(struct sgf_file_text *f, size_t from, size_t to,
				 const struct charset_walk *at, const char *text, char **out);
/* Whether each of n fixes' texts (UTF-8; told[2k]) is, in set, the bytes
 * --fix writes for it (sgf_file_text's out, told[2k + 1]): said[k]. Not
 * where the words it copies are bytes the set does not read back, a byte
 * that is not UTF-8 read as U+FFFD, CP932's FA 4A read as U+2160, which
 * it writes 87 54 (REVIEW.md R131: a report gives no text to write). */
void sgf_texts_say(const char *const *told, size_t n, const char *set, bool *said);
/* Gives each finding of list located in the SGF text s (len bytes; by
 * offset) its place (diag.place): "game 1, node 3, B" (the root is node
 * 0; a variation's nodes are counted from 0 after ", variation 2" of its
 * parent's node), or "game 1, node 3" where no property is. */
void sgf_places(struct diag_list *list, const char *s, size_t len);
/* A place sgf_places writes of more than 16 levels (below the game's) is
 * "game G, N levels #digest" then its last 4 levels' words and its
 * property's: N the levels before those, the digest theirs (64 bits, hex),
 * so a place's size does not grow with depth. A place in the whole words
 * of earlier versions (a baseline's) that is that long, appended to out in
 * that form: false (out as it was) when it is not one. */
bool sgf_place_bounded(const char *place, struct buf *out);
/* The node of the record at pointer ("/tree/11/variations/1/3") as a
 * player names it, appended to out: "variation 2 at move 11, move 14",
 * "move 3", "the root node", "the node after move 5", after "game G, "
 * when game is not 0; the pointer itself when map does not know it. */
void sgf_node_name(struct posmap *map, const char *pointer, size_t game, struct buf *out);
/* The words of a record read from SGF (core/words.h): its fields by the
 * properties they are read from, its places by their line:col in the SGF
 * and their nodes' names. ctx must live while words does. */
struct sgf_words_ctx {
	struct posmap *map;
	size_t game;
};
void sgf_words(struct words *words, struct sgf_words_ctx *ctx);
/* Every node d names (its own, its points', its position's) named so. */
void sgf_name_nodes(struct diag *d, struct posmap *map, size_t game);

#endif
