/* engine: classifies a loaded document and, for a JGF record, walks it once,
 * calling the hooks of every rule. */
#ifndef JGF_ENGINE_H
#define JGF_ENGINE_H

#include "read/load.h"

struct lint_settings;
struct record_info;
struct rule;

/* ls: which rules run (NULL: all), so that costly stages can be skipped. */
void engine_run(struct document *doc, const struct lint_settings *ls);

/* A check again of a JGF record after strings outside its tree changed
 * (lint/fixjgf.c's judgement of a check's offer, in the record's own DOM),
 * paid where it can change whether a rule finds more errors: no replay; a
 * rule that cannot find an error (its severity as ls gives it is below
 * one) does not run, nor one whose findings read the tree alone
 * (rule.reads), nor the tree and the board while the board is as it was;
 * a rule that reads what a hook is given runs outside the tree only (in
 * the tree it finds what it found); any other runs whole, and the tree is
 * walked only for such rules. The rules left out find what they found
 * before the change; those run outside the tree only, what they found
 * there before it less what engine_again_was finds there now plus what
 * this finds. */
enum again_run { AGAIN_OUT, AGAIN_OUTSIDE_TREE, AGAIN_WHOLE };
enum again_run engine_again_run(const struct rule *rule, const struct lint_settings *ls,
				bool board_same);
/* The lists of rules the checks again with ls run, built once for all of
 * them (a check's offer judges many changes: the lists were built three
 * times a judgement); ls must outlive them. */
struct again_rules;
struct again_rules *engine_again_rules(const struct lint_settings *ls);
void engine_again_rules_free(struct again_rules *a);
/* The check again of doc (its record_info classified afresh) with a's
 * rules, was its record_info before the change: false, nothing run, when
 * either is not a JGF record's; *board_same whether the board is as it
 * was. */
bool engine_again(struct document *doc, struct again_rules *a, const struct record_info *was,
		  bool *board_same);
/* Before the change: the rules engine_again runs outside the tree only,
 * there (doc a JGF record). */
void engine_again_was(struct document *doc, struct again_rules *a);
/* The test hook, which only the test program sets (cli/hooks.h, from
 * JGFLINT_TEST_AGAIN_WHOLE): engine_again runs every rule whole, as the
 * check it stands for (tests/offer.sh compares the two). */
void engine_test_again_whole(bool on);

#endif
