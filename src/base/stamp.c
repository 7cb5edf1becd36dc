/* stamp: a file's identity at read time. */
#include "base/stamp.h"

#include <limits.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/buf.h"

/* The target of a symlink, or NULL. */
static char *link_target(const char *path)
{
	struct stat st;
	if (lstat(path, &st) != 0 || !S_ISLNK(st.st_mode))
		return NULL;
	char *t = xmalloc(PATH_MAX + 1);
	ssize_t n = readlink(path, t, PATH_MAX);
	if (n < 0) {
		free(t);
		return xstrdup("");   /* a link whose target cannot be read matches no later one */
	}
	t[n] = '\0';
	return t;
}

void stamp_take(struct file_stamp *s, const char *path, const struct stat *st, bool link)
{
	*s = (struct file_stamp){ 0 };
	if (!st)
		return;
	*s = (struct file_stamp){ true, st->st_dev, st->st_ino, st->st_mode, st->st_nlink, st->st_size,
				  st->st_mtim, link ? link_target(path) : NULL };
}

bool stamp_matches(const struct file_stamp *s, const struct stat *st)
{
	return s->known && st->st_dev == s->dev && st->st_ino == s->ino && st->st_size == s->size &&
	       st->st_mtim.tv_sec == s->mtime.tv_sec && st->st_mtim.tv_nsec == s->mtime.tv_nsec;
}

bool stamp_same_link(const struct file_stamp *s, const char *path)
{
	char *now = link_target(path);
	bool same = (!now && !s->link) || (now && s->link && strcmp(now, s->link) == 0);
	free(now);
	return same;
}

void stamp_free(struct file_stamp *s)
{
	free(s->link);
	*s = (struct file_stamp){ 0 };
}
