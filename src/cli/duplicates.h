/* duplicates: `jgflint duplicates PATH...` (src/dup/ does the work). Its
 * options are parsed by main.c, from the program's one table
 * (cli/cmdline.h). */
#ifndef JGF_DUPLICATES_H
#define JGF_DUPLICATES_H

#include <stdbool.h>

#include "dup/dup.h"

/* What the command line asks of `jgflint duplicates`. */
struct duplicates_command {
	struct dup_options o;       /* --max-differ, --swap-colors, --keys */
	const char *format;         /* --format: text, json or html */
	const char *encoding;       /* --encoding */
	const char *index, *against;   /* --index FILE, --against FILE */
	const char *output_file;    /* -o, --output-file */
	bool indexes, exit_zero, quiet;
};

/* The defaults: text, near copies within 2 moves. */
void duplicates_init(struct duplicates_command *d);
/* Takes option c (cli/cmdline.h's code) with its argument; false after
 * saying why it cannot. */
bool duplicates_option(struct duplicates_command *d, int c, const char *arg);
/* The search over paths (npaths of them). Returns the exit status: 0 no
 * duplicates (or --exit-zero), 1 duplicates, 2 trouble. */
int duplicates_run(const struct duplicates_command *d, int npaths, char **paths);

#endif
