/* files: expanding the command line's paths into the files to check. */
#ifndef JGF_FILES_H
#define JGF_FILES_H

#include <stdbool.h>
#include <stddef.h>

#include "config/config.h"

struct file_list {
	char **items;
	size_t len, cap;
};

/* What a directory walk skips besides hidden directories and node_modules:
 * exclude globs relative to the walked directory (--exclude), those of the
 * configuration that applies to it and of those met below it (each relative
 * to its directory), and the
 * patterns of the .gitignore files met on the way down (in a git work tree,
 * from its top). */
struct walk_options {
	const struct rule_list *extensions;  /* ".jgf" when empty */
	bool cli_extensions;                 /* from --extensions: configurations
						met below do not change them */
	const struct rule_list *exclude;     /* may be NULL */
	const struct config *cfg;            /* may be NULL */
	size_t *skipped;                     /* counts what the globs left out; may be NULL */
	bool follow_symlinks;                /* --follow-symlinks: symbolic links met by the
						walk are followed (to files and directories) */
	size_t *links;                       /* counts the symbolic links named like a record
						that were not followed; may be NULL */
	bool quiet;                          /* says nothing of what it meets (a walk
						again, for what a folder holds) */
	/* The regular files the walk leaves for their ending that end in one
	 * of noticed (the other formats jgflint reads), left out by no glob:
	 * each is given to notice, with the index of its ending in noticed
	 * (what a run did not check, plan.c). NULL: none. */
	const struct rule_list *noticed;
	void (*notice)(void *ctx, const char *path, size_t ending);
	void *notice_ctx;
};

/* Appends path itself, or, for a directory, every regular file below it
 * whose name ends in one of the extensions (case-insensitively), in a
 * stable order (sorted by name, directory by directory), skipping what
 * walk_options says and directories already visited (symlink loops). A
 * walk takes what lies in the tree it walks: a symbolic link met on the
 * way (to a file or a directory) is not followed unless follow_symlinks
 * (path itself is followed, as every path named is). A
 * FIFO, socket or device found in a directory is skipped with a note on
 * stderr. Returns false, after saying why on stderr, for a directory that
 * cannot be read or whose path is longer than PATH_MAX; the rest is still
 * collected. */
bool files_collect(const char *path, const struct walk_options *w, struct file_list *out);
/* --force-exclude: whether a path named on the command line is excluded by
 * walk_options' exclude globs (relative to the working directory) or its
 * configuration's (relative to that file's directory), matched against the
 * path and each directory on it; .gitignore files are not read. */
bool files_force_excluded(const char *path, const struct walk_options *w);
bool files_is_directory(const char *path);
void files_free(struct file_list *l);

#endif
