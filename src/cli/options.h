/* options: what the command line asks of a run (struct run_options) and
 * its outputs, shared by the run (cli/run.c), its plan (cli/plan.c) and
 * its outputs (cli/outputs.c). */
#ifndef JGF_OPTIONS_H
#define JGF_OPTIONS_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>

#include "cli/write.h"
#include "core/settings.h"
#include "output/format.h"

/* One --format: a format and where it goes. */
struct output {
	const struct format *format;
	const char *path;     /* NULL: standard output */
	bool named;           /* standard output named (`-o -`, `--format html=-`) */
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

#endif
