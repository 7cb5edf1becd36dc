/* paths: file names against the file system. */
#define _GNU_SOURCE   /* O_TMPFILE */
#include "base/paths.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/buf.h"

/* The absolute, normalised directory a file (existing or not) is in. */
char *directory_of(const char *file)
{
	char *copy = xstrdup(file);
	char *slash = strrchr(copy, '/');
	const char *dir = slash ? (slash == copy ? "/" : (*slash = '\0', copy)) : ".";
	char *abs = realpath(dir, NULL);
	free(copy);
	return abs;
}

/* The absolute path of a file that need not exist (standard input named by
 * --stdin-filename): its directory resolved, then its name. */
char *absolute_path(const char *path)
{
	char *dir = directory_of(path);
	if (!dir)
		return NULL;
	const char *slash = strrchr(path, '/');
	struct buf b = BUF_INIT;
	buf_printf(&b, "%s/%s", strcmp(dir, "/") == 0 ? "" : dir, slash ? slash + 1 : path);
	free(dir);
	return buf_detach(&b);
}

char *display_path(const char *abs)
{
	char *cwd = getcwd(NULL, 0);
	size_t n = cwd ? strlen(cwd) : 0;
	const char *rel = cwd && n > 1 && strncmp(abs, cwd, n) == 0 && abs[n] == '/' ?
			  abs + n + 1 : NULL;
	char *out = xstrdup(rel && *rel ? rel : abs);
	free(cwd);
	return out;
}

/* path relative to dir, when it lies below it. */
const char *relative_to(const char *abs, const char *dir)
{
	size_t n = strlen(dir);
	if (strncmp(abs, dir, n) == 0 && abs[n] == '/')
		return abs + n + 1;
	if (strcmp(dir, "/") == 0 && abs[0] == '/')
		return abs + 1;
	return NULL;
}

static const char *temp_dir;

void temp_dir_set(const char *dir)
{
	temp_dir = dir;
}

FILE *temp_file(void)
{
	const char *dir = temp_dir && *temp_dir ? temp_dir : "/tmp";
	int fd = -1;
#ifdef O_TMPFILE
	fd = open(dir, O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
#endif
	if (fd < 0) {
		/* A file system without O_TMPFILE: a name, removed at once. */
		struct buf path = BUF_INIT;
		buf_printf(&path, "%s/jgflint-XXXXXX", dir);
		fd = mkstemp(path.data);
		if (fd >= 0) {
			unlink(path.data);
			fcntl(fd, F_SETFD, FD_CLOEXEC);
		}
		buf_free(&path);
		if (fd < 0)
			return NULL;
	}
	FILE *f = fdopen(fd, "w+");
	if (!f) {
		int err = errno;
		close(fd);
		errno = err;
	}
	return f;
}

const char *write_errno_words(int err)
{
	switch (err) {
	case ENOSPC:
		return "No space left on device: the disk is full";
	case EFBIG:
		return "File too large: past the file size limit (ulimit -f)";
	default:
		return strerror(err);
	}
}
