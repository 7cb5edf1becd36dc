/* paths: file names resolved against the file system, and shown relative
 * to the working directory. */
#ifndef JGF_PATHS_H
#define JGF_PATHS_H

#include <stdio.h>

/* The absolute path of a file that need not exist: its directory resolved
 * (symbolic links included), then its name; NULL when the directory does
 * not exist. Free it. */
char *absolute_path(const char *path);
/* The absolute, normalised directory a file (existing or not) is in, or
 * NULL. Free it. */
char *directory_of(const char *file);
/* The part of the absolute path abs below the directory dir, or NULL when
 * abs is not below it. */
const char *relative_to(const char *abs, const char *dir);
/* An absolute path as reports show it: relative to the working directory
 * when below it (as the paths of checked files are), else as it is. Free it. */
char *display_path(const char *abs);
/* An anonymous file for spooling, opened for reading and writing, in the
 * directory temp_dir_set gave (else /tmp): it has no name, so nothing is
 * left behind whatever ends the run. NULL, with errno set, when it cannot
 * be made. */
FILE *temp_file(void);
/* Why a write failed, in the words every report uses: a full disk and
 * the file size limit (ulimit -f) named, else strerror's. */
const char *write_errno_words(int err);
/* The directory of temp_file's files (NULL or "": /tmp). The program gives
 * TMPDIR's, as mktemp(1) and sort(1) choose theirs (libc's tmpfile()
 * always uses /tmp); the library reads no environment. Before any thread:
 * dir must live as long as the process. */
void temp_dir_set(const char *dir);

#endif
