/* write: replacing a file's contents atomically. */
#ifndef JGF_WRITE_H
#define JGF_WRITE_H

#include <stddef.h>

/* Writes data to a temporary file beside path's target (a symlink is
 * followed; the link stays), flushes it, gives it the original's mode and
 * renames it over the target. On any failure the original is untouched and
 * the temporary file is removed. A file or directory without write
 * permission (by its mode bits, even for root) is not touched (EACCES), nor
 * a file that no longer exists (ENOENT).
 * Returns 0 or an errno value. */
int write_atomic(const char *path, const char *data, size_t len);

#endif
