/* run: one invocation over its files: expanding directories, checking (and
 * fixing) files in parallel, reporting them in order, and the exit status. */
#ifndef JGF_RUN_H
#define JGF_RUN_H

#include <stdbool.h>
#include <stddef.h>

#include "cli/write.h"
#include "config/config.h"
#include "output/report.h"

/* One --format: a format and where it goes. */
struct output {
	const struct format *format;
	const char *path;     /* NULL: standard output */
	FILE *file;
	struct reporter *reporter;
	struct pending_file pending;   /* a file: written whole, then put in place */
};

#define MAX_OUTPUTS 8

struct run_options {
	bool fix;                   /* write fixed files */
	bool diff;                  /* print what --fix would change, write nothing */
	bool unsafe;                /* include unsafe fixes */
	bool fix_hard_links;        /* --fix-hard-links: write through hard links */
	bool quiet;                 /* errors only, no summary */
	bool statistics;            /* counts per rule */
	enum { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER } color;
	bool no_board;              /* --no-board: no board under findings about positions */
	struct output outputs[MAX_OUTPUTS];
	size_t noutputs;
	struct settings cli;        /* rule selection and policy from the command line */
	const char *config;         /* --config, or NULL to search */
	const char *stdin_filename; /* --stdin-filename */
	const char *baseline;       /* --baseline */
	const char *write_baseline; /* --write-baseline */
	long jobs;                  /* --jobs; 0: one per CPU */
	bool verbose;               /* --verbose: what --fix did, file by file */
	bool show_fixes;            /* --show-fixes: the fixes, file by file and rule by rule */
	bool exit_zero;             /* --exit-zero: findings do not fail the run */
	bool allow_no_files;        /* --allow-no-files: checking nothing is not an error */
	bool force_exclude;         /* --force-exclude: exclusions hold for paths named too */
	bool no_config;             /* --no-config */
	size_t text_columns;        /* the text format's terminal width (0: none) */
	bool follow_symlinks;       /* --follow-symlinks: walks follow symbolic links */
};

/* Applies --no-config or --config to every file of the run; *fixed is the
 * configuration --config loaded (the caller frees it), or NULL. False, after
 * saying why, when --config cannot be read. */
bool run_configure(const struct run_options *o, struct config **fixed);
/* Before starting more than one worker thread: malloc settings for them. */
void run_prepare_threads(long workers);
int run(struct run_options *o, char **paths, size_t npaths);
/* --show-settings: the configuration that applies to path, as JSON. */
int show_settings(struct run_options *o, const char *path);
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
