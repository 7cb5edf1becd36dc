/* expand: a shell pattern jgflint was given as it is (quoted, or matching
 * nothing in the shell), expanded as eslint and ruff expand theirs. */
#ifndef JGF_EXPAND_H
#define JGF_EXPAND_H

#include <stdbool.h>

#include "cli/files.h"

/* Whether path holds a pattern character (`*`, `?`, `[`). */
bool expand_is_pattern(const char *path);
/* Appends the paths pattern matches, in sorted order, component by
 * component: `*`, `?` and `[...]` within a name (not matching a leading
 * `.`), `**` any number of directories (hidden ones and symbolic links to
 * directories not entered), `\` quoting the next character. Returns how
 * many were added. */
size_t expand_pattern(const char *pattern, struct file_list *out);

#endif
