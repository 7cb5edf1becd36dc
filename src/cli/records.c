/* records: where --convert's records are written, safely (records.h). */
#include "cli/records.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/buf.h"
#include "cli/write.h"

/* Creates the directories of path's parent that do not exist (mkdir -p),
 * those after its first keep bytes (the --output directory, or beside the
 * input: none); one of those that is a symbolic link is refused (ELOOP):
 * records are never written through a link below --output. */
int records_make_parents(const char *path, size_t keep)
{
	char *p = xstrdup(path);
	int err = 0;
	for (char *slash = strchr(p + 1, '/'); slash && !err; slash = strchr(slash + 1, '/')) {
		*slash = '\0';
		struct stat st;
		if ((size_t)(slash - p) <= keep)
			;   /* the --output directory and above: the user's */
		else if (mkdir(p, 0777) != 0 && errno != EEXIST)
			err = errno;
		else if (lstat(p, &st) != 0)
			err = errno;
		else if (S_ISLNK(st.st_mode))
			err = ELOOP;
		else if (!S_ISDIR(st.st_mode))
			err = ENOTDIR;
		*slash = '/';
	}
	free(p);
	return err;
}

/* Whether nothing is at path (not even a dangling link). */
bool records_absent(const char *path)
{
	struct stat st;
	return lstat(path, &st) != 0 && errno == ENOENT;
}

bool records_same_file(const char *a, const char *b)
{
	struct stat sa, sb;
	return stat(a, &sa) == 0 && stat(b, &sb) == 0 && sa.st_dev == sb.st_dev &&
	       sa.st_ino == sb.st_ino;
}

/* Writes a record to path (gone: path was found absent just before, not
 * looked at again; should it be there now, the write finds it): a new
 * file without a sync of its own (the run ends with one for all:
 * write_durable), an existing one, with force, by an atomic, fsynced
 * replacement; never through a symbolic link, never over anything but a
 * regular file. made: a new file's stat, zeroed otherwise. */
int records_write(const char *path, const char *data, size_t len, bool force, bool gone,
			struct stat *made)
{
	struct stat st;
	if (gone || lstat(path, &st) != 0) {
		if (!gone && errno != ENOENT)
			return errno;
		int err = write_new(path, data, len, made);
		if (err != EEXIST || lstat(path, &st) != 0)
			return err;
		/* made meanwhile: as if it had been there */
	}
	*made = (struct stat){ 0 };   /* replaced, or not written */
	if (S_ISLNK(st.st_mode))
		return ELOOP;
	if (!S_ISREG(st.st_mode))
		return EISDIR;
	if (!force)
		return EEXIST;
	return write_replace(path, data, len);
}


/* Whether the file st (a stat) is in set. */
bool inode_set_holds(const struct inode_set *set, const struct stat *st)
{
	for (size_t i = 0; i < set->len; i++)
		if (set->items[i].dev == st->st_dev && set->items[i].ino == st->st_ino)
			return true;
	return false;
}

bool inode_set_has(const struct inode_set *set, const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && inode_set_holds(set, &st);
}

/* Adds the file st (path's stat) unless it is in set already; returns
 * whether it was. */
bool inode_set_add_stat(struct inode_set *set, const struct stat *st)
{
	if (inode_set_holds(set, st))
		return true;
	set->items = xgrow(set->items, &set->cap, set->len + 1, sizeof *set->items);
	set->items[set->len].dev = st->st_dev;
	set->items[set->len++].ino = st->st_ino;
	return false;
}

void inode_set_add(struct inode_set *set, const char *path)
{
	struct stat st;
	if (stat(path, &st) == 0)
		inode_set_add_stat(set, &st);
}
