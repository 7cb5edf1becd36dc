/* The program for Node (web/wasm.sh with WASM_NODE_PROGRAM=1, the npm
 * package's `jgflint`): what emscripten's libc only pretends to do, or
 * lacks. Linked before libc, these definitions are the program's.
 *
 * - getpid() was 42 in every process and kill() always failed: temporary
 *   files are named after the process, and those of processes gone are
 *   removed (cli/write.c), so two runs in one folder would take each
 *   other's files for their own or for a dead process's.
 * - fsync() did nothing (the file system is Node's, written through at
 *   once, but not to the disk): --fix and --convert sync what they write,
 *   then its directory (syncfs, absent).
 * - Node has no calls for extended attributes: the f*xattr functions say
 *   the file system has none (ENOTSUP), so a file --fix replaces loses
 *   its extended attributes and ACLs (the npm README says so).
 * - ioctl(TIOCGWINSZ) said yes and filled in nothing, so the text format
 *   never knew the terminal's width (cli/run.c's terminal_columns): it is
 *   Node's, process.stdout.columns or process.stderr.columns.
 * The editor server is not in it: src/server/absent.c.
 */
#ifdef __EMSCRIPTEN__
#define _GNU_SOURCE 1   /* syncfs */
#include <emscripten.h>
#include <errno.h>
#include <signal.h>
#include <stdarg.h>
#include <stdio.h>
#include <sys/ioctl.h>
#include <sys/xattr.h>
#include <unistd.h>

EM_JS(int, node_pid, (void), { return process.pid; });

/* 0, or 1 for EPERM, 2 for ESRCH, 3 for another failure. */
EM_JS(int, node_kill, (int pid, int sig), {
	try {
		process.kill(pid, sig);
		return 0;
	} catch (e) {
		return e.code == 'EPERM' ? 1 : e.code == 'ESRCH' ? 2 : 3;
	}
});

pid_t getpid(void)
{
	return node_pid();
}

/* A process, not a group (pid > 0): the only use is kill(pid, 0). */
int kill(pid_t pid, int sig)
{
	static const int errs[] = { 0, EPERM, ESRCH, EINVAL };
	int r = pid > 0 ? node_kill(pid, sig) : 3;
	if (r) {
		errno = errs[r];
		return -1;
	}
	return 0;
}

/* 0, or 1 for EBADF, 2 for EINVAL (a pipe, a terminal), 3 for EIO. */
EM_JS(int, node_fsync, (int fd), {
	var stream = FS.getStream(fd);
	if (!stream)
		return 1;
	try {
		fs.fsyncSync(stream.nfd);
		return 0;
	} catch (e) {
		return e.code == 'EBADF' ? 1 : e.code == 'EINVAL' || e.code == 'EROFS' ? 2 : 3;
	}
});

int fsync(int fd)
{
	static const int errs[] = { 0, EBADF, EINVAL, EIO };
	int r = node_fsync(fd);
	if (r) {
		errno = errs[r];
		return -1;
	}
	return 0;
}

int fdatasync(int fd)
{
	return fsync(fd);
}

/* Of a directory's descriptor (write_durable): its entries reach the disk. */
int syncfs(int fd)
{
	return fsync(fd);
}

/* The columns of the terminal that standard output (fd 1) or error (fd 2)
 * is, or 0 when it is none. */
EM_JS(int, node_columns, (int fd), {
	var s = fd == 1 ? process.stdout : fd == 2 ? process.stderr : null;
	return s && s.isTTY && s.columns > 0 ? s.columns : 0;
});

/* The program's only ioctl is TIOCGWINSZ (cli/run.c); libc's own calls
 * (isatty) go to the system call itself, not through this function. */
int ioctl(int fd, int request, ...)
{
	va_list ap;
	va_start(ap, request);
	void *arg = va_arg(ap, void *);
	va_end(ap);
	int columns = request == TIOCGWINSZ ? node_columns(fd) : 0;
	if (!columns) {
		errno = ENOTTY;
		return -1;
	}
	*(struct winsize *)arg = (struct winsize){ .ws_col = (unsigned short)columns };   /* rows: unread */
	return 0;
}

ssize_t flistxattr(int fd, char *list, size_t size)
{
	(void)fd, (void)list, (void)size;
	errno = ENOTSUP;
	return -1;
}

ssize_t fgetxattr(int fd, const char *name, void *value, size_t size)
{
	(void)fd, (void)name, (void)value, (void)size;
	errno = ENOTSUP;
	return -1;
}

int fsetxattr(int fd, const char *name, const void *value, size_t size, int flags)
{
	(void)fd, (void)name, (void)value, (void)size, (void)flags;
	errno = ENOTSUP;
	return -1;
}

int fremovexattr(int fd, const char *name)
{
	(void)fd, (void)name;
	errno = ENOTSUP;
	return -1;
}

#endif
