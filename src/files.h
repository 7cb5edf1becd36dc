/* files: expanding the command line's paths into the files to check. */
#ifndef JGF_FILES_H
#define JGF_FILES_H

#include <stdbool.h>
#include <stddef.h>

#include "config.h"

struct file_list {
	char **items;
	size_t len, cap;
};

/* Appends path itself, or, for a directory, every file below it whose name
 * ends in one of extensions (".jgf" when the list is empty), in a stable
 * order (sorted by name, directory by directory), skipping hidden
 * directories and directories already visited (symlink loops). Returns
 * false, after saying why on stderr, for a directory that cannot be read;
 * the rest is still collected. */
bool files_collect(const char *path, const struct rule_list *extensions, struct file_list *out);
bool files_is_directory(const char *path);
void files_free(struct file_list *l);

#endif
