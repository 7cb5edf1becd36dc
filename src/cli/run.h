/* run: one invocation over its files: expanding directories, checking (and
 * fixing) files in parallel, reporting them in order, and the exit status. */
#ifndef JGF_RUN_H
#define JGF_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "cli/options.h"
#include "config/config.h"
#include "output/report.h"

/* Applies --no-config or --config to every file of the run; *fixed is the
 * configuration --config loaded (the caller frees it), or NULL. False, after
 * saying why, when --config cannot be read. */
bool run_configure(const struct run_options *o, struct config **fixed);
/* Before starting more than one worker thread: malloc settings for them. */
void run_prepare_threads(long workers);
/* Between files checked in turn: the heap's free pages given back once it
 * has grown 256 KB since the last time (src/cli/heap.c). */
void run_trim_heap(void);
int run(struct run_options *o, char **paths, size_t npaths);
/* --show-files: the files run() would check, one a line (as messages show
 * names), and nothing checked; the exit status run() would have for a run
 * that checks nothing wrong (2 when the paths hold no file). */
int show_files(struct run_options *o, char **paths, size_t npaths);

/* --convert's findings, reported as run() reports a check's: the outputs
 * (to standard error with to_stderr: the records go to standard output),
 * baselines, configurations, --statistics, the warning policy. NULL after
 * saying why (a --config or baseline that cannot be read, an output that
 * cannot be written). */
struct run_report;
struct run_report *run_report_begin(struct run_options *o, bool to_stderr);
/* The settings of path's check (its configuration's and the command
 * line's); config_settings_done them after the check. */
struct lint_settings run_report_settings(struct run_report *r, const char *path);
/* Reports doc (checked with those settings; taken over); trouble: its input
 * had trouble of its own (exit 2). */
void run_report_file(struct run_report *r, struct document *doc, bool trouble);
/* Ends the report: the exit status of its findings, as run()'s, and in
 * *trouble whether an output or baseline failed; frees r. */
int run_report_end(struct run_report *r, bool *trouble);

#endif
