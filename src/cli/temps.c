/* temps: the temporary files a run has in flight beside the files it
 * writes (write.c), registered in slots that the SIGINT, SIGTERM and SIGHUP
 * handler walks, so that an interrupted run removes them; and the
 * stale ones a killed run left, removed by the next. */
#define _GNU_SOURCE
#include "cli/temps.h"

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

/* Temporary files in flight. A slot's name is only read by the signal
 * handler while its state says TEMP. */
#define SLOTS 128
enum { SLOT_FREE, SLOT_CLAIMED, SLOT_TEMP, SLOT_BACKUP };
static char slot_name[SLOTS][PATH_MAX];
static atomic_int slot_state[SLOTS];
static atomic_uint temp_counter;
/* The umask, read once before any thread starts (umask(2) can only be read
 * by setting it). */
static mode_t creation_mask = 022;

void write_remove_temporaries(void)
{
	for (int i = 0; i < SLOTS; i++)
		if (atomic_load(&slot_state[i]) == SLOT_TEMP)
			unlink(slot_name[i]);
}

/* A signal while a thread puts a temporary file in place (an exchange of
 * names, then the original's removal) would leave one of the two under a
 * temporary name: the handler only marks the run as dying while any thread
 * is between signals_defer and signals_resume, and the last to leave ends
 * the run. (Both sides store, then load: one of them sees the other.) */
static atomic_int critical_count, dying_signal;

static void on_signal(int sig)
{
	int saved = errno;
	atomic_store(&dying_signal, sig);
	if (atomic_load(&critical_count) == 0) {
		write_remove_temporaries();
		/* SA_RESETHAND restored the default action; it takes effect on return. */
		raise(sig);
	}
	errno = saved;
}

void signals_resume(void)
{
	if (atomic_fetch_sub(&critical_count, 1) == 1) {
		int sig = atomic_load(&dying_signal);
		if (sig) {
			write_remove_temporaries();
			/* To the process, not this thread, which may block it. */
			kill(getpid(), sig);
			for (;;)
				pause();
		}
	}
}

void signals_defer(void)
{
	atomic_fetch_add(&critical_count, 1);
	if (atomic_load(&dying_signal)) {
		signals_resume();   /* the run ends: nothing more is put in place */
		for (;;)
			pause();
	}
}

void temps_init(void)
{
	creation_mask = umask(0);
	umask(creation_mask);
	static const int sigs[] = { SIGINT, SIGTERM, SIGHUP };
	for (size_t i = 0; i < sizeof sigs / sizeof *sigs; i++) {
		struct sigaction old, sa = { .sa_handler = on_signal, .sa_flags = SA_RESETHAND };
		sigemptyset(&sa.sa_mask);
		/* An ignored signal (nohup) stays ignored. */
		if (sigaction(sigs[i], NULL, &old) == 0 && old.sa_handler != SIG_IGN)
			sigaction(sigs[i], &sa, NULL);
	}
	/* A write past the file size limit (ulimit -f) fails with EFBIG, said
	 * as any failed write is and its temporary file removed, where
	 * SIGXFSZ's default ended the run in silence and left it behind. */
	signal(SIGXFSZ, SIG_IGN);
}

int temp_claim(void)
{
	for (;;) {
		for (int i = 0; i < SLOTS; i++) {
			int free_state = SLOT_FREE;
			if (atomic_compare_exchange_strong(&slot_state[i], &free_state, SLOT_CLAIMED))
				return i;
		}
		nanosleep(&(struct timespec){ 0, 1000000 }, NULL);
	}
}

void temp_release(int slot)
{
	atomic_store(&slot_state[slot], SLOT_FREE);
}

/* Whether name is a temporary file's, .jgflint-PID-N (a backup of
 * --fix-hard-links is .jgflint-backup-PID-N: never removed unseen), and
 * its PID. */
static bool temp_name(const char *name, long *pid)
{
	static const char prefix[] = ".jgflint-";
	if (strncmp(name, prefix, sizeof prefix - 1) != 0)
		return false;
	const char *p = name + sizeof prefix - 1, *dash = strchr(p, '-');
	if (!dash || dash == p || !dash[1] || dash - p > 9)
		return false;
	*pid = 0;
	for (const char *q = p; *q; q++) {
		if (q != dash && (*q < '0' || *q > '9'))
			return false;
		if (q < dash)
			*pid = *pid * 10 + (*q - '0');
	}
	return *pid > 0;
}

/* The directories swept this run (by device and inode). */
static struct swept {
	dev_t dev;
	ino_t ino;
} *swept;
static size_t nswept, swept_cap;
static pthread_mutex_t swept_lock = PTHREAD_MUTEX_INITIALIZER;

/* A run killed outright (SIGKILL, power loss) leaves its temporary files:
 * the first write of a run in a directory removes those of processes that
 * no longer exist. Only those: a PID that is alive keeps its files whatever
 * the process now is (a reused PID delays the removal until it ends; it
 * never removes a live run's file), a file another run holds its lock on
 * stays (a run in another PID namespace sharing the directory, whose PID
 * means nothing here), and so does one of another user, a backup, or
 * anything but a regular file. */
static void sweep_stale(const char *dir, const struct stat *dir_st)
{
	const char *name = *dir ? dir : ".";
	struct stat d;
	if (dir_st)
		d = *dir_st;
	else if (stat(name, &d) != 0)
		return;
	pthread_mutex_lock(&swept_lock);
	bool seen = false;
	for (size_t i = 0; i < nswept && !seen; i++)
		seen = swept[i].dev == d.st_dev && swept[i].ino == d.st_ino;
	if (!seen) {
		swept = xgrow(swept, &swept_cap, nswept + 1, sizeof *swept);
		swept[nswept++] = (struct swept){ d.st_dev, d.st_ino };
	}
	pthread_mutex_unlock(&swept_lock);
	DIR *dp = seen ? NULL : opendir(name);
	if (!dp)
		return;
	struct dirent *e;
	long pid;
	while ((e = readdir(dp))) {
		if (!temp_name(e->d_name, &pid) || pid == (long)getpid() ||
		    kill((pid_t)pid, 0) == 0 || errno != ESRCH)
			continue;
		int fd = openat(dirfd(dp), e->d_name, O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
		struct stat st;
		if (fd >= 0 && fstat(fd, &st) == 0 && S_ISREG(st.st_mode) && st.st_uid == geteuid() &&
		    flock(fd, LOCK_EX | LOCK_NB) == 0)
			unlinkat(dirfd(dp), e->d_name, 0);
		if (fd >= 0)
			close(fd);
	}
	closedir(dp);
}

int temp_create(const char *dir, const struct stat *dir_st, int slot, bool backup)
{
	int state = backup ? SLOT_BACKUP : SLOT_TEMP;
	sweep_stale(dir, dir_st);
	for (;;) {
		int n = snprintf(slot_name[slot], PATH_MAX, "%s.jgflint-%s%ld-%u", dir,
				 state == SLOT_BACKUP ? "backup-" : "", (long)getpid(),
				 atomic_fetch_add(&temp_counter, 1));
		if (n < 0 || n >= PATH_MAX)
			return -ENAMETOOLONG;
		/* (A signal between the two would remove the name before it
		 * exists, and leave the file made after it.) */
		signals_defer();
		atomic_store(&slot_state[slot], state);
		int fd = open(slot_name[slot], O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0600);
		signals_resume();
		if (fd > STDERR_FILENO) {
			flock(fd, LOCK_EX | LOCK_NB);   /* ours, just made: cannot be held */
			return fd;
		}
		int err = fd < 0 ? errno : EBADF;
		atomic_store(&slot_state[slot], SLOT_CLAIMED);
		if (fd >= 0) {
			/* Never a record on the report's descriptor (write_init prevents it). */
			close(fd);
			unlink(slot_name[slot]);
		}
		if (err != EEXIST)
			return -err;
	}
}

const char *temp_path(int slot)
{
	return slot_name[slot];
}

void temp_take(int slot)
{
	atomic_store(&slot_state[slot], SLOT_CLAIMED);
}

bool temp_live(int slot)
{
	return atomic_load(&slot_state[slot]) == SLOT_TEMP;
}

unsigned temp_next(void)
{
	return atomic_fetch_add(&temp_counter, 1);
}

mode_t temp_creation_mask(void)
{
	return creation_mask;
}
