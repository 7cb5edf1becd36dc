/* plan: the files of a run (cli/run.c). */
#ifndef JGF_PLAN_H
#define JGF_PLAN_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>

#include "base/buf.h"
#include "convert/named.h"
#include "cli/files.h"
#include "cli/options.h"

/* The endings of what jgflint reads: .jgf, the formats named by their
 * ending (convert/named.h's one list) and .json. */
#define PLAN_READABLE (NAMED_ENDINGS + 2)

/* What collect() left out. */
struct left_out {
	size_t named;      /* paths named, left out by --force-exclude */
	size_t walked;     /* files and directories walks left out by globs */
	size_t patterns;   /* shell patterns that matched nothing */
	size_t links;      /* symbolic links walks did not follow */
	/* Files of the formats jgflint reads that walks left for their
	 * ending, by ending: counted, or their paths kept, the .json files'
	 * always (a game record, or package.json, as their contents say when
	 * asked) and every one when several paths were given (the same file
	 * counted once, as it is checked once). */
	size_t unread[PLAN_READABLE];
	struct file_list unread_kept[PLAN_READABLE];
	bool unread_keep;
	struct rule_list readable;
};

/* Which walk found each file: the index of its directory in dirs (whose
 * real path is real.items[k]), or ORIGIN_NAMED for a path named, whose
 * name is then the command line's own: not a copy (48 bytes a file of
 * bench/sgfc.sh's 4,920 files, held all the run; issue 52), which the
 * file list does not free (plan_free). A pattern's match is a copy,
 * ORIGIN_MATCHED. */
#define ORIGIN_NAMED SIZE_MAX
#define ORIGIN_MATCHED (SIZE_MAX - 1)

/* A value of each file of a run held as runs of files that share it:
 * the files come a directory or a command line at a time, and an array
 * of a value a file was 8 bytes of each of thousands held all the run
 * (issue 74's peak). */
struct file_runs {
	struct file_run {
		size_t first;     /* the run's first file */
		uintptr_t value;
	} *items;
	size_t len, cap;
};
/* Gives files first.. the value v (files are given in order, from 0). */
void file_runs_put(struct file_runs *r, size_t first, uintptr_t v);
/* The value of file i. */
uintptr_t file_runs_get(const struct file_runs *r, size_t i);
void file_runs_free(struct file_runs *r);

struct origins {
	size_t *dir;            /* each file's while plan_files collects them */
	size_t cap;
	struct file_runs runs;  /* then each file's as runs */
	struct file_list real;
};

/* The files of the run, each once (by identity: the first of its names),
 * with none of them an output, into files; the directories walked into
 * dirs, what was left out into left, which walk found each file into from;
 * *trouble set when a path could not be read. False after saying why when
 * an output would destroy an input or two outputs would mix. */
bool plan_files(struct run_options *o, char **paths, size_t npaths, struct file_list *files,
		struct file_list *dirs, struct left_out *left, struct origins *from, bool *trouble);
/* Frees what plan_files made of files, from and left. */
void plan_free(struct file_list *files, struct origins *from, struct left_out *left);
/* Why a run checked no file: the directories had none (with the endings
 * looked for), or what they had was left out; and the files of the other
 * formats jgflint reads they hold, with the --extensions that checks them
 * (walked again, quietly, after a -q run, which noticed none). */
void plan_say_nothing(const struct run_options *o, const struct file_list *dirs,
		      size_t npaths, struct left_out *left);
/* What the directories walked hold of the formats jgflint reads that the
 * run did not check (a folder of SGF and JGF walked for .jgf), appended to
 * a summary: "; 3 files of other formats not checked (2 .sgf, 1 .gib):
 * --extensions .jgf,.sgf,.gib checks them"; nothing when none. A .json
 * file counts when it is a game record (JGF, SGF-in-JSON, OGS). */
void plan_say_unread(struct buf *out, const struct run_options *o, const struct file_list *dirs,
		     const struct left_out *left);

#endif
