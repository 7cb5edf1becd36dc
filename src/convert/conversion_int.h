/* conversion_int: what one input's conversion (conversion.c: bytes to
 * games, a game to its record, --convert's words) shares with its check
 * in place (inplace.c: the findings of the records, located in the
 * source). */
#ifndef JGF_CONVERSION_INT_H
#define JGF_CONVERSION_INT_H

#include <stdbool.h>
#include <stddef.h>

#include "convert/sgf.h"

/* convert/conversion.h's (not included: conversion.c includes this) */
struct buf;
struct conversion;
struct converted;
struct diag;
struct document;

/* What converting a game takes, a node of its tree, as the budget counts
 * it. bench/convert-scale.sh measured 243 bytes a move at the peak for one
 * game of 1,000,000 moves (its tree, the record's text and the map of
 * positions at once; the record is then checked as it streams, and the
 * loader counts it so: read/load.c estimate_streamed), rounded up. */
#define CONVERT_COST_NODE 300

/* Reads doc into c. keep: GIB, NGF and UGF keep their decoded text
 * (plain), which a check in place shows (SGF's is text already). take:
 * SGF whose bytes read as themselves takes doc's text as its own
 * (doc->text NULL after), rather than a copy of it. count: SGF's games
 * are counted now. */
bool conversion_read_input(struct conversion *c, struct document *doc, const char *encoding,
			   bool keep, bool take, bool count);
/* Game g, the caller's to free: for SGF read now from the text (in order,
 * as callers ask; from the start again otherwise), else held since read
 * (and NULL when asked again); *info gets its first byte and whether it is
 * over the budget. */
struct sgf_node *conversion_game_at(struct conversion *c, size_t g, struct sgf_game_info *info);
/* The nodes of a game's tree. */
size_t conversion_count_nodes(const struct sgf_node *root);

/* What a finding of a record made from a source game is to that game. */
enum record_finding {
	RECORD_UNCHECKED,   /* the record could not be checked (too large, too deep) */
	RECORD_SOURCE,      /* the source game's own: a go rule's, or about_game */
	RECORD_BUG,         /* anything else: the converter's doing */
};
enum record_finding conversion_finding(const struct diag *d);

/* The test hook (conversion_test_break_records): whether it is on, and
 * the record broken when it is. */
bool conversion_breaks_records(void);
void conversion_test_break(char **text, size_t *len);

/* --convert's words of a game (named name), in a log: a note, as the
 * reading rules' are; a converter bug in the record it made, counted (an
 * error keeps the record from being written); a record that could not be
 * checked; variations nested deeper than a record writes on lines; a game
 * over the memory budget (more than max_nodes nodes), or nested deeper
 * than jgflint checks, not written. */
void conversion_print_note(struct buf *out, const char *src, const struct sgf_note *n,
			   const char *severity);
void conversion_say_bug(struct converted *out, const char *name, const struct diag *d);
void conversion_say_unchecked(struct converted *out, const char *name, const struct diag *d);
void conversion_say_nesting(struct buf *log, const char *name, size_t nesting);
void conversion_say_over(struct buf *log, const char *name, size_t max_nodes);
void conversion_say_too_deep(struct buf *log, const char *name, size_t depth);
/* The memory budget in words: "12 KB", "563 MB", "1.5 GB". */
void conversion_budget_words(char *out, size_t len);

#endif
