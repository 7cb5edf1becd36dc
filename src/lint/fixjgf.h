/* fixjgf: --fix on a linted JGF document, through the fix loop
 * (lint/fixloop.h): JGF's text as a source of fixes. */
#ifndef JGF_FIXJGF_H
#define JGF_FIXJGF_H

#include <stdbool.h>

#include "lint/fixloop.h"

struct document;
struct lint_settings;

/* Fixes a linted document round after round until no fix applies (one
 * that does not parse first gets the repairs of repair.h, if they make it
 * JSON; else it stays as it is);
 * doc then holds the fixed text, linted with ls as it was, and tally
 * counts what was applied.
 * A fix whose result does not parse, or has more errors of some rule than
 * before (outside the go category, whose replay sees further once a line is
 * repaired), is left out and named in tally->notes. Returns false if the
 * text still does not parse (a bug in the fixer): the caller must then
 * write nothing. */
bool fix_document(struct document *doc, const struct lint_settings *ls, bool unsafe,
		  struct fix_tally *tally);

/* A check's offer: the fixes of doc (parsed, linted with ls) that --fix
 * would refuse in its first round (a round that would add an error or
 * change the game, searched for the fix that does) offered no more, as a
 * check of SGF offers (convert/sgfround.h's sgf_round_offer). Paid only
 * where a fix is offered and does more than take out a byte order mark:
 * strings rewritten (a colour's case, a rank's form) judged by the rules
 * run again in doc's own DOM, nothing parsed or held twice; other fixes (a
 * migration, a rename) by their text linted again, except in a document
 * that takes a part of the memory budget (read/load.h), whose such fixes
 * stay offered as found. */
void fix_offer(struct document *doc, const struct lint_settings *ls);

#endif
