/* baseline: known findings a collection starts with. `--write-baseline`
 * records every finding of a run; `--baseline` suppresses the findings it
 * records, so that CI fails only on new ones, and reports the entries that
 * no longer match anything, so that the baseline can shrink. */
#ifndef JGF_BASELINE_H
#define JGF_BASELINE_H

#include <stdbool.h>

#include "read/load.h"

struct baseline;

/* Reads a baseline file. Returns NULL after saying why on stderr. */
struct baseline *baseline_load(const char *path);
/* Removes from doc the findings the baseline records (each entry matches
 * as many findings as it counts). Returns how many were removed. */
size_t baseline_filter(struct baseline *b, struct document *doc);
/* The entries of files below dir that no longer exist are in this run's
 * scope (stale); those of files the walk left out (excluded, ignored) are
 * not: they may still match. */
void baseline_scope_directory(struct baseline *b, const char *dir);
/* The baseline file as a document whose findings are its stale entries
 * (baseline-stale, located at each entry): only entries of files checked
 * in this run (baseline_filter) or below a directory in its scope, so a
 * run over some files (a pre-commit hook's) says nothing of the others;
 * free with document_free. */
void baseline_stale(struct baseline *b, struct document *out);
void baseline_free(struct baseline *b);

/* Recording, for --write-baseline. */
struct baseline *baseline_new(const char *path);
void baseline_record(struct baseline *b, const struct document *doc);
/* What was recorded: entries, the findings they count, files with any. */
void baseline_counts(const struct baseline *b, size_t *entries, size_t *findings, size_t *files);
/* Returns 0 or an errno value. */
int baseline_write(const struct baseline *b, const char *path);

#endif
