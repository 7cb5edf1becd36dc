/* write: replacing a user's file safely.
 *
 * A fixed record is written to a temporary file beside it, given the
 * original's owner, extended attributes (ACLs among them) and mode, flushed,
 * and renamed over the original only if the original is still the file that
 * was read, byte for byte. Its temporary files are temps.c's, which an
 * interrupted run removes. */
#define _GNU_SOURCE   /* renameat2 */
#include "cli/write.h"

#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <pthread.h>
#include <signal.h>
#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <dirent.h>
#include <sys/file.h>
#include <sys/stat.h>
#include <time.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/paths.h"
#include "cli/metadata.h"
#include "cli/temps.h"

void write_init(void)
{
	for (int fd = 0; fd <= 2; fd++) {
		if (fcntl(fd, F_GETFD) != -1 || errno != EBADF)
			continue;
		/* The lowest free descriptor: fd itself. Standard input and
		 * output are opened the wrong way round, so that reading the one
		 * and writing the other still fail with EBADF, as on a closed
		 * descriptor: a run that must read or write them and cannot is
		 * an error (exit 2), never an empty input or a lost output.
		 * Standard error, where nothing depends on what is written, gets
		 * /dev/null. */
		if (open("/dev/null", fd == 1 ? O_RDONLY : O_WRONLY) != fd)
			exit(2);
	}
	temps_init();
}

static int write_all(int fd, const char *data, size_t len, off_t at)
{
	while (len) {
		ssize_t n = at < 0 ? write(fd, data, len) : pwrite(fd, data, len, at);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return errno;
		data += n;
		len -= (size_t)n;
		if (at >= 0)
			at += n;
	}
	return 0;
}

static const char *pause_marker;   /* the test hook's */

void write_test_pause(const char *marker)
{
	pause_marker = marker;
}

/* The test hook (write_test_pause): the write (of a fixed record or a
 * report file) creates the marker file once the new contents are ready,
 * then waits (at most 30 s) until it is removed, so that a test can change
 * the original, or send a signal, at the worst moment. */
static void test_pause(void)
{
	const char *marker = pause_marker;
	if (!marker)
		return;
	int fd = open(marker, O_WRONLY | O_CREAT | O_CLOEXEC, 0600);
	if (fd >= 0)
		close(fd);
	for (int i = 0; i < 3000 && access(marker, F_OK) == 0; i++)
		nanosleep(&(struct timespec){ 0, 10000000 }, NULL);
}

/* Whether fd's contents are exactly data. */
static bool same_contents(int fd, const char *data, size_t len)
{
	char chunk[65536];
	size_t at = 0;
	for (;;) {
		ssize_t n = pread(fd, chunk, sizeof chunk, (off_t)at);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0)
			return false;
		if (n == 0)
			return at == len;
		if ((size_t)n > len - at || memcmp(chunk, data + at, (size_t)n) != 0)
			return false;
		at += (size_t)n;
	}
}

/* Opens target (with flags) if path still leads to it and it is still the
 * file `was` with the contents old; else returns -1 with *err set. */
static int open_unchanged(const char *path, const char *target, const struct file_stamp *was,
			  const char *old, size_t old_len, int flags, int *err)
{
	*err = WRITE_CHANGED;
	if (!stamp_same_link(was, path))
		return -1;
	char *now = realpath(path, NULL);
	bool same_target = now && strcmp(now, target) == 0;
	free(now);
	if (!same_target)
		return -1;
	int fd = open(target, flags | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		if (errno != ENOENT && errno != ELOOP)
			*err = errno;
		return -1;
	}
	struct stat st;
	if (fstat(fd, &st) != 0 || !stamp_matches(was, &st) || !same_contents(fd, old, old_len)) {
		close(fd);
		return -1;
	}
	*err = 0;
	return fd;
}

/* Why target (in dir) may not be written: 0, or an errno value. Read-only
 * means read-only, even for root: a fix must not override it. */
static int writable(const char *target, const struct stat *st, const char *dir)
{
	if (access(target, W_OK) != 0)
		return errno;   /* EROFS on a read-only file system */
	struct stat d;
	if (!(st->st_mode & S_IWUSR) || stat(dir, &d) != 0 || !(d.st_mode & S_IWUSR))
		return EACCES;
	return access(dir, W_OK) != 0 ? errno : 0;
}

static void fsync_dir(const char *dir)
{
	int fd = open(dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd >= 0) {
		fsync(fd);
		close(fd);
	}
}

/* Puts tmp in place of target. Where the file system can exchange two
 * names atomically, the original ends up under tmp, so that a change that
 * won the last instants' race (a rename over target, a write to the
 * original, a hard link made to it: more than links) is seen and undone
 * rather than lost: WRITE_CHANGED. */
static int put_in_place(const char *tmp, const char *target, const struct file_stamp *was,
			nlink_t links, bool *keep_tmp)
{
#ifdef RENAME_EXCHANGE
	if (was && renameat2(AT_FDCWD, tmp, AT_FDCWD, target, RENAME_EXCHANGE) == 0) {
		struct stat st;
		if (lstat(tmp, &st) == 0 && stamp_matches(was, &st) && st.st_nlink <= links) {
			unlink(tmp);   /* the original */
			return 0;
		}
		/* Swap back; should that fail, the other file stays under tmp. */
		*keep_tmp = renameat2(AT_FDCWD, tmp, AT_FDCWD, target, RENAME_EXCHANGE) != 0;
		return WRITE_CHANGED;
	}
	if (was && errno != EINVAL && errno != ENOSYS && errno != ENOTSUP)
		return errno == ENOENT ? WRITE_CHANGED : errno;
#else
	(void)was, (void)links, (void)keep_tmp;   /* no exchange (the npm package's program) */
#endif
	return rename(tmp, target) == 0 ? 0 : errno;
}

/* What a fixed write checks just before replacing (NULL: nothing). */
struct expect {
	const char *path;
	const struct file_stamp *was;
	const char *old;
	size_t old_len;
};

/* Temporary file, then rename over target (src: the original, open, st
 * its stat). Not over another file than src, or src changed since (a
 * record --force replaces, remade meanwhile: the user's, kept), nor over
 * what e expects changed. */
static int replace(const char *target, const char *dir, int src, const struct stat *st,
		   const char *data, size_t len, const struct expect *e)
{
	struct file_stamp opened = { .known = true, .dev = st->st_dev, .ino = st->st_ino,
				     .size = st->st_size, .mtime = st->st_mtim };
	const struct file_stamp *was = e ? e->was : &opened;
	int slot = temp_claim();
	int fd = temp_create(dir, NULL, slot, false);
	if (fd < 0) {
		temp_release(slot);
		return -fd;
	}
	const char *tmp = temp_path(slot);
	int err = write_all(fd, data, len, -1);
	if (!err)
		err = metadata_copy(src, fd, st) ? 0 : WRITE_KEEP;
	if (!err && fsync(fd) != 0)
		err = errno;
	if (close(fd) != 0 && !err)
		err = errno;
	if (!err)
		test_pause();
	struct stat now;
	if (!err && !e && (lstat(target, &now) != 0 || !stamp_matches(was, &now)))
		err = WRITE_CHANGED;
	if (!err && !e)   /* (made read-only meanwhile: left so) */
		err = writable(target, &now, dir);
	if (!err && e) {
		int check = open_unchanged(e->path, target, e->was, e->old, e->old_len, O_RDONLY, &err);
		/* a name linked to it meanwhile would keep the old contents */
		if (check >= 0 && fstat(check, &now) != 0)
			err = errno;
		else if (check >= 0 && now.st_nlink > 1)
			err = WRITE_HARD_LINKS;
		else if (check >= 0)
			err = writable(target, &now, dir);
		if (check >= 0)
			close(check);
	}
	/* From here on tmp may name the original: not the signal handler's,
	 * and no signal ends the run until tmp is gone. */
	signals_defer();
	temp_take(slot);
	bool keep_tmp = false;
	if (!err)
		err = put_in_place(tmp, target, was, e || st->st_nlink < 1 ? 1 : st->st_nlink,
				   &keep_tmp);
	if (keep_tmp) {
		/* Another's file, kept: under a backup's name, which no later
		 * run removes unseen. */
		char backup[PATH_MAX];
		int n = snprintf(backup, sizeof backup, "%s.jgflint-backup-%ld-%u", dir,
				 (long)getpid(), temp_next());
		if (n > 0 && n < PATH_MAX)
			rename(tmp, backup);
	}
	if (err && !keep_tmp)
		unlink(tmp);
	signals_resume();
	if (!err || keep_tmp)
		fsync_dir(dir);
	temp_release(slot);
	return err;
}

/* Through hard links: the new contents into the same inode, with a backup
 * of the original beside it until they are safely there (the backup stays,
 * to be found by the next run, if the original cannot be restored or the
 * run is killed meanwhile). */
static int in_place(const char *target, const char *dir, const char *data, size_t len,
		    const struct expect *e)
{
	int slot = temp_claim();
	int fd = temp_create(dir, NULL, slot, true);
	if (fd < 0) {
		temp_release(slot);
		return -fd;
	}
	int err = write_all(fd, e->old, e->old_len, -1);
	if (!err && fsync(fd) != 0)
		err = errno;
	if (close(fd) != 0 && !err)
		err = errno;
	bool keep_backup = false;
	if (!err) {
		test_pause();
		fd = open_unchanged(e->path, target, e->was, e->old, e->old_len, O_RDWR, &err);
	}
	if (!err) {
		err = write_all(fd, data, len, 0);
		if (!err && ftruncate(fd, (off_t)len) != 0)
			err = errno;
		if (!err && fsync(fd) != 0)
			err = errno;
		if (err)
			keep_backup = write_all(fd, e->old, e->old_len, 0) != 0 ||
				      ftruncate(fd, (off_t)e->old_len) != 0 || fsync(fd) != 0;
		close(fd);
	}
	if (!keep_backup)
		unlink(temp_path(slot));
	temp_release(slot);
	return err;
}

/* The directory part of target, with its slash ("./" when it has none). */
static char *dir_of(const char *target)
{
	const char *slash = strrchr(target, '/');
	return slash ? xstrndup(target, (size_t)(slash - target) + 1) : xstrdup("./");
}

int write_fixed(const char *path, const struct file_stamp *was, const char *old, size_t old_len,
		const char *data, size_t len, bool through_links)
{
	if (!was->known)
		return EINVAL;
	if (!S_ISREG(was->mode))
		return WRITE_NOT_REGULAR;
	char *target = realpath(path, NULL);
	if (!target)
		return errno == ENOENT ? WRITE_CHANGED : errno;
	char *dir = dir_of(target);
	struct expect e = { path, was, old, old_len };
	int err;
	int src = open_unchanged(path, target, was, old, old_len, O_RDONLY, &err);
	if (src >= 0) {
		struct stat st;
		if (fstat(src, &st) != 0)
			err = errno;
		if (!err)
			err = writable(target, &st, dir);
		if (!err && st.st_nlink > 1 && !through_links)
			err = WRITE_HARD_LINKS;
		if (!err)
			err = st.st_nlink > 1 ? in_place(target, dir, data, len, &e)
					      : replace(target, dir, src, &st, data, len, &e);
		close(src);
	}
	free(dir);
	free(target);
	return err;
}

/* The file systems write_new wrote to (a directory on each), for
 * write_durable. */
static struct durable {
	dev_t dev;
	char *dir;
} *durable;
static size_t ndurable, durable_cap;
static pthread_mutex_t durable_lock = PTHREAD_MUTEX_INITIALIZER;

static void durable_add(dev_t dev, const char *path)
{
	pthread_mutex_lock(&durable_lock);
	bool known = false;
	for (size_t i = 0; i < ndurable && !known; i++)
		known = durable[i].dev == dev;
	if (!known) {
		durable = xgrow(durable, &durable_cap, ndurable + 1, sizeof *durable);
		durable[ndurable].dev = dev;
		durable[ndurable++].dir = dir_of(path);
	}
	pthread_mutex_unlock(&durable_lock);
}

/* Why the directory dir (its stat into *d) may not be written in: 0, or
 * an errno value. */
static int dir_denied(const char *dir, struct stat *d)
{
	return stat(dir, d) != 0 ? errno : !(d->st_mode & S_IWUSR) ? EACCES :
	       access(dir, W_OK) != 0 ? errno : 0;
}

int write_new(const char *path, const char *data, size_t len, struct stat *made)
{
	if (strlen(path) >= PATH_MAX)
		return ENAMETOOLONG;
	/* A directory without write permission is not written in, even by
	 * root (as writable() says for replacements), nor one made so while
	 * the record was written. */
	char *dir = dir_of(path);
	struct stat d;
	int denied = dir_denied(dir, &d);
	if (denied) {
		free(dir);
		return denied;
	}
	/* Written under a temporary name, the signal handler's from before it
	 * exists, then linked to path, which it never replaces: there is no
	 * moment when path exists and is not whole. */
	int slot = temp_claim();
	int fd = temp_create(dir, &d, slot, false);   /* (sweep_stale first) */
	if (fd < 0) {
		free(dir);
		temp_release(slot);
		return -fd;
	}
	int err = fchmod(fd, 0666 & ~temp_creation_mask()) != 0 ? errno : write_all(fd, data, len, -1);
	if (!err)
		test_pause();   /* (the test hook: a signal now must remove it) */
	if (!err)
		err = dir_denied(dir, &d);
	free(dir);
	struct stat st;
	bool known = !err && fstat(fd, &st) == 0;
	if (known)
		durable_add(st.st_dev, path);
	if (close(fd) != 0 && !err)
		err = errno;
	if (!err && link(temp_path(slot), path) != 0) {
		err = errno;
		/* A file system without hard links: a rename that replaces nothing. */
#ifdef RENAME_NOREPLACE   /* glibc */
		if ((err == EPERM || err == EOPNOTSUPP || err == EMLINK) &&
		    renameat2(AT_FDCWD, temp_path(slot), AT_FDCWD, path, RENAME_NOREPLACE) == 0)
			err = 0;
#else   /* npx jgflint: Node's file system answers every link() EMLINK and has
	   no renameat2; rename onto a name absent just now (another process
	   could take it in between: no call here closes that) */
		struct stat taken;
		if (err == EPERM || err == EOPNOTSUPP || err == EMLINK) {
			if (lstat(path, &taken) == 0)
				err = EEXIST;
			else if (errno == ENOENT && rename(temp_path(slot), path) == 0)
				err = 0;
		}
#endif
	}
	/* Whole at path now, or failed: the temporary name goes either way. */
	unlink(temp_path(slot));
	temp_take(slot);
	temp_release(slot);
	if (made && !err)
		*made = known ? st : (struct stat){ 0 };
	return err;
}

int write_durable(void)
{
	int first = 0;
	pthread_mutex_lock(&durable_lock);
	for (size_t i = 0; i < ndurable; i++) {
		int fd = open(durable[i].dir, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		int err = fd < 0 ? errno : syncfs(fd) != 0 ? errno : 0;
		if (fd >= 0)
			close(fd);
		if (err && !first)
			first = err;
		free(durable[i].dir);
	}
	free(durable);
	durable = NULL;
	ndurable = durable_cap = 0;
	pthread_mutex_unlock(&durable_lock);
	return first;
}

/* The atomic replacement of the regular file target in dir (open_flags:
 * O_NOFOLLOW, or 0 when target is resolved already). */
static int replace_file(const char *target, const char *dir, int open_flags, const char *data,
			size_t len)
{
	struct stat st;
	int err = 0;
	int src = open(target, O_RDONLY | O_NONBLOCK | O_CLOEXEC | open_flags);
	if (src < 0 || fstat(src, &st) != 0)
		err = errno;
	else if (!S_ISREG(st.st_mode))
		err = EINVAL;
	if (!err)
		err = writable(target, &st, dir);
	if (!err)
		err = replace(target, dir, src, &st, data, len, NULL);
	if (src >= 0)
		close(src);
	return err;
}

int write_replace(const char *path, const char *data, size_t len)
{
	char *dir = dir_of(path);
	int err = replace_file(path, dir, O_NOFOLLOW, data, len);
	free(dir);
	return err;
}

int write_atomic(const char *path, const char *data, size_t len)
{
	char *target = realpath(path, NULL);
	if (!target)
		return errno;
	char *dir = dir_of(target);
	int err = replace_file(target, dir, 0, data, len);
	free(dir);
	free(target);
	return err;
}

/* The name a dangling symbolic link leads to (each link of a chain read,
 * relative ones from their own directory), or NULL: not a link, a loop,
 * or too long. Free it. */
static char *dangling_target(const char *path)
{
	char *at = xstrdup(path);
	for (int hops = 0; hops < 40; hops++) {
		struct stat st;
		if (lstat(at, &st) != 0)
			return hops ? at : (free(at), NULL);   /* the end: no such file */
		if (!S_ISLNK(st.st_mode))
			break;
		char link[PATH_MAX];
		ssize_t n = readlink(at, link, sizeof link - 1);
		if (n <= 0 || (size_t)n >= sizeof link - 1)
			break;
		link[n] = '\0';
		struct buf next = BUF_INIT;
		const char *slash = strrchr(at, '/');
		if (link[0] != '/' && slash)
			buf_add(&next, at, (size_t)(slash - at) + 1);
		buf_adds(&next, link);
		free(at);
		at = buf_detach(&next);
		if (strlen(at) >= PATH_MAX)
			break;
	}
	free(at);
	return NULL;
}

/* In place, as the shell's `>` writes: into the file itself, which keeps
 * its inode, its other names and its metadata. The contents wait in an
 * anonymous file until write_commit copies them in, so that until then
 * (a failed run, a signal) the report keeps what it held; without room
 * for that (no temporary directory), they go straight in. */
static int begin_in_place(struct pending_file *p, const char *target)
{
	int fd = open(target, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0)
		return errno;
	p->file = temp_file();
	if (p->file) {
		p->through = fd;
		return 0;
	}
	/* Written over from the start and cut to length at the end: what
	 * fails meanwhile leaves part of the new contents (p->direct). */
	p->file = fdopen(fd, "w");
	if (!p->file) {
		int err = errno;
		close(fd);
		return err;
	}
	p->direct = true;
	return 0;
}

/* Whether a temporary file can be made in dir ("" for the working one). */
static bool takes_temp(const char *dir)
{
	return access(*dir ? dir : ".", W_OK | X_OK) == 0;
}

/* The descriptor of standard output or error (1 or 2) that writes to the
 * file st, or -1. */
static int standard_of(const struct stat *st)
{
	struct stat std;
	for (int fd = 1; fd <= 2; fd++)
		if (fstat(fd, &std) == 0 && std.st_dev == st->st_dev && std.st_ino == st->st_ino &&
		    (fcntl(fd, F_GETFL) & O_ACCMODE) != O_RDONLY)   /* not closed (write_init) */
			return fd;
	return -1;
}

/* Through the descriptor standard itself, where what goes there goes:
 * opened anew, a redirected file would be truncated, or written over from
 * its start. */
static int begin_through(struct pending_file *p, int standard)
{
	int fd = fcntl(standard, F_DUPFD_CLOEXEC, 3);
	p->file = fd >= 0 ? fdopen(fd, "w") : NULL;
	if (!p->file) {
		int err = errno;
		if (fd >= 0)
			close(fd);
		return err;
	}
	return 0;
}

/* What is no regular file (a device, a FIFO), opened for writing as it is. */
static int begin_special(struct pending_file *p, const char *path)
{
	int err;
	int fd = write_open_special(path, &err);
	if (fd < 0)
		return err;
	p->file = fdopen(fd, "w");
	if (!p->file) {
		close(fd);
		return errno;
	}
	return 0;
}

int write_begin(struct pending_file *p, const char *path)
{
	*p = (struct pending_file){ .slot = -1, .src = -1, .through = -1 };
	struct stat st;
	bool exists = stat(path, &st) == 0;
	if (!exists && errno != ENOENT)
		return errno;
	/* Written as it is: a file that is standard output or error
	 * (/dev/stdout, /dev/stderr, a file they are redirected to), and what
	 * is no regular file (a device, a FIFO). */
	int standard = exists ? standard_of(&st) : -1;
	if (standard >= 0)
		return begin_through(p, standard);
	if (exists && !S_ISREG(st.st_mode))
		return begin_special(p, path);
	if (exists) {
		p->target = realpath(path, NULL);
		if (!p->target)
			return errno;
		p->dir = dir_of(p->target);
		/* A file of several names (hard links) is written through them
		 * all, and one in a directory that takes no temporary file as `>`
		 * would: in place. Else whole, by a rename. */
		if (st.st_nlink > 1 || !takes_temp(p->dir)) {
			int err = access(p->target, W_OK) != 0 ? errno : begin_in_place(p, p->target);
			if (err)
				write_abandon(p);
			return err;
		}
		p->src = open(p->target, O_RDONLY | O_NONBLOCK | O_CLOEXEC);
		if (p->src < 0 || fstat(p->src, &p->st) != 0 || access(p->target, W_OK) != 0) {
			int err = errno;
			write_abandon(p);
			return err;
		}
	} else {
		/* A new file; where path is a dangling symbolic link, the file
		 * it leads to (as `>` creates it), the link kept. */
		p->target = dangling_target(path);
		if (!p->target)
			p->target = xstrdup(path);
		const char *slash = strrchr(p->target, '/');
		p->dir = xstrndup(p->target, slash ? (size_t)(slash - p->target) + 1 : 0);
	}
	p->slot = temp_claim();
	int fd = temp_create(p->dir, NULL, p->slot, false);
	if (fd < 0) {
		temp_release(p->slot);
		p->slot = -1;
		write_abandon(p);
		return -fd;
	}
	if (!exists) {
		/* What open(2) would have made of 0666: the umask applies. */
		mode_t mask = umask(0);
		umask(mask);
		p->st.st_mode = 0666 & ~mask;
	}
	p->file = fdopen(fd, "w");
	if (!p->file || (!exists && fchmod(fd, p->st.st_mode) != 0)) {
		int err = errno;
		if (!p->file)
			close(fd);
		write_abandon(p);
		return err;
	}
	return 0;
}

int write_open_special(const char *path, int *err)
{
	/* A FIFO with no reader would block open(2) for ever. */
	int fd = open(path, O_WRONLY | O_NONBLOCK | O_CLOEXEC);
	if (fd < 0) {
		*err = errno == ENXIO ? WRITE_NO_READER : errno;
		return -1;
	}
	int flags = fcntl(fd, F_GETFL);
	if (flags == -1 || fcntl(fd, F_SETFL, flags & ~O_NONBLOCK) == -1) {
		*err = errno;
		close(fd);
		return -1;
	}
	return fd;
}

/* The spooled contents into the file written in place (begin_in_place).
 * The room for them is reserved first, so that a full disk leaves the old
 * contents whole; they are then written over the old ones and the file cut
 * to their length. Where no room can be reserved (a file system without
 * fallocate), a failed write leaves part of the new contents: *damaged
 * says so. */
static int copy_in(FILE *spool, int fd, bool *damaged)
{
	off_t size = ftello(spool);
	if (size < 0 || fseeko(spool, 0, SEEK_SET) != 0)
		return errno;
#if defined FALLOC_FL_KEEP_SIZE && !defined __EMSCRIPTEN__
	bool reserved = size == 0 || fallocate(fd, FALLOC_FL_KEEP_SIZE, 0, size) == 0;
#else   /* Node's file system (npx jgflint): no fallocate */
	bool reserved = size == 0;
	errno = ENOSYS;
#endif
	if (!reserved && errno != EOPNOTSUPP && errno != ENOSYS)
		return errno;   /* ENOSPC among them: nothing written */
	char chunk[65536];
	off_t at = 0;
	size_t n;
	while ((n = fread(chunk, 1, sizeof chunk, spool)) > 0) {
		int err = write_all(fd, chunk, n, at);
		if (err) {
			*damaged = true;
			return err;
		}
		at += (off_t)n;
	}
	if (ferror(spool)) {
		*damaged = at > 0;
		return EIO;
	}
	if (ftruncate(fd, size) != 0) {
		*damaged = true;
		return errno;
	}
	return fsync(fd) != 0 && errno != EINVAL ? errno : 0;
}

int write_commit(struct pending_file *p)
{
	int err = 0;
	bool damaged = p->damaged;
	if (fflush(p->file) != 0 || ferror(p->file))
		err = errno ? errno : EIO;
	if (p->through >= 0) {
		if (!err) {
			test_pause();
			err = copy_in(p->file, p->through, &damaged);
		}
		if (close(p->through) != 0 && !err)
			err = errno;
		p->through = -1;
	}
	if (p->slot < 0) {
		if (p->direct) {
			off_t at = ftello(p->file);
			if (!err && (at < 0 || ftruncate(fileno(p->file), at) != 0))
				err = errno;
			damaged = err && at != 0;
		}
		if (fclose(p->file) != 0 && !err)
			err = errno;
		p->file = NULL;
		write_abandon(p);
		p->damaged = damaged;
		return err;
	}
	int fd = fileno(p->file);
	if (!err && p->src >= 0)
		err = metadata_copy(p->src, fd, &p->st) ? 0 : WRITE_KEEP;
	if (!err && fsync(fd) != 0)
		err = errno;
	if (fclose(p->file) != 0 && !err)
		err = errno;
	p->file = NULL;
	if (!err) {
		test_pause();
		/* From here on the temporary file is the report: not the signal
		 * handler's to remove, and no signal ends the run until it is
		 * renamed or removed. */
		signals_defer();
		temp_take(p->slot);
		if (rename(temp_path(p->slot), p->target) != 0) {
			err = errno;
			unlink(temp_path(p->slot));
		}
		signals_resume();
		if (!err)
			fsync_dir(*p->dir ? p->dir : ".");
	}
	write_abandon(p);
	p->damaged = damaged;
	return err;
}

void write_abandon(struct pending_file *p)
{
	bool damaged = p->damaged || (p->direct && p->file && ftello(p->file) != 0);
	if (p->file)
		fclose(p->file);
	if (p->slot >= 0) {
		/* Not once write_commit took it over (renamed or removed). */
		if (temp_live(p->slot))
			unlink(temp_path(p->slot));
		temp_release(p->slot);
	}
	if (p->src >= 0)
		close(p->src);
	if (p->through >= 0)
		close(p->through);
	free(p->target);
	free(p->dir);
	*p = (struct pending_file){ .slot = -1, .src = -1, .through = -1, .damaged = damaged };
}

const char *write_outcome(const struct pending_file *p)
{
	return p->damaged ? "it now holds part of the new contents: what it held before is lost"
			  : "it was not changed";
}

/* What a file that is no regular file is, for a message. */
static const char *not_regular(mode_t mode)
{
	return S_ISFIFO(mode) ? "it is a FIFO (named pipe), not a regular file" :
	       S_ISCHR(mode) ? "it is a character device, not a regular file" :
	       S_ISBLK(mode) ? "it is a block device, not a regular file" :
	       S_ISSOCK(mode) ? "it is a socket, not a regular file" :
	       "it is not a regular file";
}

const char *write_not_fixable(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0 || S_ISREG(st.st_mode) || S_ISDIR(st.st_mode))
		return NULL;
	return not_regular(st.st_mode);
}

const char *write_error(int err, const struct file_stamp *was)
{
	switch (err) {
	case WRITE_CHANGED:
		return "it changed while being fixed";
	case WRITE_NOT_REGULAR:
		return not_regular(was->mode);
	case WRITE_HARD_LINKS:
		return "it has more than one hard link, whose other names would keep the old "
		       "contents (--fix-hard-links writes through them)";
	case WRITE_KEEP:
		return "its owner, group, mode or extended attributes could not be kept";
	case WRITE_OUTSIDE:
		return "a symbolic link on its way now leads out of the directory walked "
		       "(--follow-symlinks follows links)";
	case WRITE_NO_READER:
		return "it is a FIFO (named pipe) that nobody reads: nothing was written";
	default:
		return write_errno_words(err);
	}
}

static bool stdout_failed;

bool write_flush_stdout(void)
{
	if (fflush(stdout) == 0 && !ferror(stdout))
		return true;
	if (!stdout_failed)
		fprintf(stderr, "jgflint: cannot write standard output: %s\n", strerror(errno));
	stdout_failed = true;
	return false;
}

bool write_close_stdout(void)
{
	bool ok = write_flush_stdout();
	if (fclose(stdout) != 0 && ok) {
		fprintf(stderr, "jgflint: cannot write standard output: %s\n", strerror(errno));
		ok = false;
	}
	return ok;
}

bool write_page_ok(const char *prog, const char *given, const char *give)
{
	if (given || !isatty(STDOUT_FILENO))
		return true;
	fprintf(stderr, "%s: --format html writes a page to open in a browser, not to the terminal: "
		"give it a file (%s), or -o - to have the markup here all the same\n", prog, give);
	return false;
}
