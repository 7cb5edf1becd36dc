/* records: where --convert's records are written, safely: directories made
 * below --output but never through a link, a record never written over
 * anything but a regular file (and then only with --force, atomically),
 * and the files a run has written or read, by identity (device, inode). */
#ifndef JGF_RECORDS_H
#define JGF_RECORDS_H

#include <stdbool.h>
#include <stddef.h>
#include <sys/stat.h>

/* Creates the directories of path's parent that do not exist (mkdir -p),
 * those after its first keep bytes; 0 or an errno value (ELOOP: one of
 * them is a symbolic link). */
int records_make_parents(const char *path, size_t keep);
/* Whether nothing is at path (not even a dangling link). */
bool records_absent(const char *path);
/* Whether a and b are one file. */
bool records_same_file(const char *a, const char *b);
/* Writes a record to path (gone: found absent just before); 0 or an errno
 * value (EEXIST: there and no force; ELOOP: a link; EISDIR: no regular
 * file). made: a new file's stat, zeroed otherwise. */
int records_write(const char *path, const char *data, size_t len, bool force, bool gone,
		  struct stat *made);

/* Files by identity. */
struct inode_set {
	struct { dev_t dev; ino_t ino; } *items;
	size_t len, cap;
};

bool inode_set_holds(const struct inode_set *set, const struct stat *st);
/* Whether the file at path is in set. */
bool inode_set_has(const struct inode_set *set, const char *path);
/* Adds the file st unless it is in set already; returns whether it was. */
bool inode_set_add_stat(struct inode_set *set, const struct stat *st);
void inode_set_add(struct inode_set *set, const char *path);

#endif
