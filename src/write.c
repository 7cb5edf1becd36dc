/* write: atomic replacement by temporary file and rename. */
#include "write.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"

static int write_all(int fd, const char *data, size_t len)
{
	while (len) {
		ssize_t n = write(fd, data, len);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return errno;
		data += n;
		len -= (size_t)n;
	}
	return 0;
}

int write_atomic(const char *path, const char *data, size_t len)
{
	char *target = realpath(path, NULL);
	if (!target)
		return errno;
	struct stat st;
	int err = 0;
	if (stat(target, &st) != 0)
		err = errno;
	else if (!S_ISREG(st.st_mode))
		err = EINVAL;
	/* Read-only means read-only, even for root: a fix must not override it. */
	else if (!(st.st_mode & S_IWUSR) || access(target, W_OK) != 0)
		err = EACCES;
	if (err) {
		free(target);
		return err;
	}
	struct buf tmp = BUF_INIT;
	const char *slash = strrchr(target, '/');
	buf_add(&tmp, target, (size_t)(slash - target) + 1);
	struct stat dir;
	if (stat(tmp.data, &dir) != 0 || !(dir.st_mode & S_IWUSR) || access(tmp.data, W_OK) != 0) {
		buf_free(&tmp);
		free(target);
		return EACCES;
	}
	buf_adds(&tmp, ".jgflint-XXXXXX");
	int fd = mkstemp(tmp.data);
	if (fd < 0) {
		err = errno;
	} else {
		err = write_all(fd, data, len);
		if (!err && fsync(fd) != 0)
			err = errno;
		if (!err && fchmod(fd, st.st_mode & 07777) != 0)
			err = errno;
		if (!err && geteuid() == 0 && fchown(fd, st.st_uid, st.st_gid) != 0)
			err = errno;
		if (close(fd) != 0 && !err)
			err = errno;
		if (!err && rename(tmp.data, target) != 0)
			err = errno;
		if (err)
			unlink(tmp.data);
	}
	buf_free(&tmp);
	free(target);
	return err;
}
