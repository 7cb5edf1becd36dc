/* plan: the files of a run (cli/run.c). */
#ifndef JGF_PLAN_H
#define JGF_PLAN_H

#include <stdbool.h>
#include <stddef.h>

#include "cli/files.h"
#include "cli/options.h"

/* What collect() left out. */
struct left_out {
	size_t named;      /* paths named, left out by --force-exclude */
	size_t walked;     /* files and directories walks left out by globs */
	size_t patterns;   /* shell patterns that matched nothing */
	size_t links;      /* symbolic links walks did not follow */
};

/* Which walk found each file: the index of its directory in dirs (whose
 * real path is real.items[k]), or SIZE_MAX for a path named. */
struct origins {
	size_t *dir;
	size_t cap;
	struct file_list real;
};

/* The files of the run, each once (by identity: the first of its names),
 * with none of them an output, into files; the directories walked into
 * dirs, what was left out into left, which walk found each file into from;
 * *trouble set when a path could not be read. False after saying why when
 * an output would destroy an input or two outputs would mix. */
bool plan_files(struct run_options *o, char **paths, size_t npaths, struct file_list *files,
		struct file_list *dirs, struct left_out *left, struct origins *from, bool *trouble);
/* Why a run checked no file: the directories had none (with the endings
 * looked for), or what they had was left out. */
void plan_say_nothing(const struct run_options *o, const struct file_list *dirs,
		      size_t npaths, const struct left_out *left);

#endif
