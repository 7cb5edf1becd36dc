/* say: how a reader's findings are worded, in one place a reader (as SGFC
 * words its messages in one numbered table). A reader's file opens with its
 * table, a macro a finding, SAY_NAME: the rule the finding is of and its
 * words, a printf format whose conversions the call site fills in (what
 * the file holds: a property's id, a value, a count):
 *
 *     #define SAY_OFF_BOARD &rule_ngf_off_board, \
 *             "a move at %s, off the %ldx%ld board: read as a pass"
 *
 * (SAY_NAME(rule), rule, "...": words a finding of either of two rules
 * says; a part of the words one finding chooses between, a plain string),
 * and the call site names the entry:
 *
 *     sgf_say(notes, at(l), SAY_OFF_BOARD, shown.data, size, size);
 *
 * The words stay a literal, which the compiler checks against what fills
 * them in (-Wformat=2), as it would not a table of strings. */
#ifndef JGF_SAY_H
#define JGF_SAY_H

#include "convert/sgfnote.h"

/* sgf_note(notes, rule, pos, words, ...), the rule and words from the
 * entry: the entry is expanded before SGF_SAY_ splits it. */
#define sgf_say(notes, pos, ...) SGF_SAY_((notes), (pos), __VA_ARGS__)
#define SGF_SAY_(notes, pos, rule, ...) sgf_note(notes, rule, pos, __VA_ARGS__)

/* diag_at(list, rule, at, NULL, words, ...), the rule and words from the
 * entry: a finding made as a file is taken, not a reader's note (named.c). */
#define diag_say(list, at, ...) DIAG_SAY_((list), (at), __VA_ARGS__)
#define DIAG_SAY_(list, at, rule, ...) diag_at(list, rule, at, NULL, __VA_ARGS__)

#endif
