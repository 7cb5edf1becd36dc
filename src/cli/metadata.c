/* metadata: what a replaced file keeps of the original (cli/write.c): its
 * owner, its extended attributes (ACLs among them) and its mode. */
#include "cli/metadata.h"

#include <errno.h>
#include <stdlib.h>
#include <string.h>
#include <sys/xattr.h>
#include <unistd.h>

#include "base/buf.h"

/* Whether name is in the NUL-separated list. */
static bool listed(const char *list, ssize_t len, const char *name)
{
	/* By offset: list is NULL when len is 0, and NULL + 0 is undefined. */
	for (ssize_t i = 0; i < len; i += (ssize_t)strlen(list + i) + 1)
		if (strcmp(list + i, name) == 0)
			return true;
	return false;
}

/* The extended attributes of fd (NUL-separated names) into *out; returns
 * the length, 0 where the file system has none, or -1. */
static ssize_t xattr_names(int fd, char **out)
{
	*out = NULL;
	for (int tries = 0; tries < 4; tries++) {
		ssize_t n = flistxattr(fd, NULL, 0);
		if (n <= 0)
			return n < 0 && errno != ENOTSUP ? -1 : 0;
		*out = xmalloc((size_t)n);
		ssize_t m = flistxattr(fd, *out, (size_t)n);
		if (m >= 0)
			return m;
		free(*out);
		*out = NULL;
		if (errno != ERANGE)
			return -1;
	}
	return -1;
}

/* Makes dst's extended attributes (ACLs are some) those of src. */
static bool copy_xattrs(int src, int dst)
{
	char *names, *have;
	ssize_t n = xattr_names(src, &names), m = xattr_names(dst, &have);
	bool ok = n >= 0 && m >= 0;
	for (ssize_t i = 0; ok && i < m; i += (ssize_t)strlen(have + i) + 1)
		if (!listed(names, n, have + i) && fremovexattr(dst, have + i) != 0)
			ok = false;
	for (ssize_t i = 0; ok && i < n; i += (ssize_t)strlen(names + i) + 1) {
		const char *p = names + i;
		ssize_t len = fgetxattr(src, p, NULL, 0);
		char *value = len >= 0 ? xmalloc((size_t)len + 1) : NULL;
		ok = value && (len = fgetxattr(src, p, value, (size_t)len)) >= 0 &&
		     fsetxattr(dst, p, value, (size_t)len, 0) == 0;
		free(value);
	}
	free(names);
	free(have);
	return ok;
}

bool metadata_copy(int src, int dst, const struct stat *st)
{
	struct stat now;
	if (fchown(dst, st->st_uid, st->st_gid) != 0 &&
	    (fstat(dst, &now) != 0 || now.st_uid != st->st_uid || now.st_gid != st->st_gid))
		return false;
	if (!copy_xattrs(src, dst) || fchmod(dst, st->st_mode & 07777) != 0)
		return false;
	/* The kernel may silently drop setgid for a group the user is not in. */
	if (fstat(dst, &now) != 0 || (now.st_mode & 07777) != (st->st_mode & 07777))
		return false;
	return true;
}
