/* metadata: a file's owner, extended attributes and mode, carried to the
 * file that replaces it. */
#ifndef JGF_METADATA_H
#define JGF_METADATA_H

#include <stdbool.h>
#include <sys/stat.h>

/* Gives dst the owner, extended attributes and mode of src (st): owner
 * first, since chown clears setuid and setgid; false when one of them
 * could not be given (the caller keeps the original: WRITE_KEEP). */
bool metadata_copy(int src, int dst, const struct stat *st);

#endif
