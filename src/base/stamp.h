/* stamp: what a file was when it was read (identity, size, time, symlink
 * target), so that a writer can tell whether it changed since. */
#ifndef JGF_STAMP_H
#define JGF_STAMP_H

#include <stdbool.h>
#include <sys/stat.h>
#include <sys/types.h>
#include <time.h>

struct file_stamp {
	bool known;              /* taken from an open descriptor */
	dev_t dev;
	ino_t ino;
	mode_t mode;
	nlink_t nlink;
	off_t size;
	struct timespec mtime;
	char *link;              /* the path's symlink target when read, else NULL */
};

/* Records st, the fstat of a descriptor just opened through path (NULL:
 * it failed, nothing known) and, when path may be a symlink (link: an
 * open with O_NOFOLLOW did not show it is none), its target. */
void stamp_take(struct file_stamp *s, const char *path, const struct stat *st, bool link);
/* Whether st is still the file s recorded (device, inode, size, mtime). */
bool stamp_matches(const struct file_stamp *s, const struct stat *st);
/* Whether path is still the symlink to the same target (or still no symlink). */
bool stamp_same_link(const struct file_stamp *s, const char *path);
void stamp_free(struct file_stamp *s);

#endif
