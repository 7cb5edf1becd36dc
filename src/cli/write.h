/* write: the one place that writes a user's file (and checks standard
 * output). */
#ifndef JGF_WRITE_H
#define JGF_WRITE_H

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <sys/stat.h>

#include "base/stamp.h"

/* Failures of write_fixed beside errno values (all leave the file alone). */
enum {
	WRITE_CHANGED = -1,      /* the file changed since it was read */
	WRITE_NOT_REGULAR = -2,  /* a FIFO, device or socket: not rewritten */
	WRITE_HARD_LINKS = -3,   /* more than one link, and no --fix-hard-links */
	WRITE_KEEP = -4,         /* its owner, mode or an extended attribute could not be kept */
	WRITE_OUTSIDE = -5,      /* found by a walk, it now lies outside the walked tree (run.c) */
	WRITE_NO_READER = -6,    /* a FIFO that nobody reads: nothing written */
};

/* Call first thing in main: opens /dev/null on any of descriptors 0-2 that
 * is closed (so that no file written later can get one of them; 0 and 1
 * the wrong way round, so that reading or writing them still fails), and
 * installs the SIGINT, SIGTERM and SIGHUP handlers that remove temporary
 * files before the signal takes its usual effect. */
void write_init(void);

/* Writes data to a temporary file beside path's target (a symlink is
 * followed; the link stays), flushes it, gives it the original's owner,
 * extended attributes and mode and renames it over the target. On any
 * failure the original is untouched and the temporary file is removed. A
 * file or directory without write permission (by its mode bits, even for
 * root) is not touched (EACCES), nor a file that no longer exists (ENOENT).
 * Returns 0 or an errno value. */
int write_atomic(const char *path, const char *data, size_t len);

/* A new file at path, never through a symbolic link: created exclusively
 * (O_EXCL | O_NOFOLLOW: EEXIST when anything, a dangling link included, is
 * there), filled and closed, but not synced: write_durable makes all of
 * them durable at once. It is written under a temporary name and linked to
 * path when whole: a full disk or a signal leaves nothing at path.
 * Returns 0 or an errno value. For --convert's new records: one sync at the
 * end instead of two fsyncs a file. made (unless NULL): the file's stat once
 * written (all zero when it could not be taken). */
int write_new(const char *path, const char *data, size_t len, struct stat *made);

/* Makes every file write_new created durable: one syncfs for each file
 * system they are on. Returns 0, or the first errno value (an I/O error
 * or a full disk met while the data went to disk). */
int write_durable(void);

/* write_atomic for a name that must not be followed: when path is a
 * symbolic link, ELOOP and nothing written; else the same atomic, fsynced
 * replacement of the regular file at path (the rename replaces the name,
 * never what a link put there since points to). */
int write_replace(const char *path, const char *data, size_t len);

/* write_atomic for a fixed record: only when path still names the file
 * `was` describes, with the contents old (else WRITE_CHANGED), checked just
 * before the rename. A file with more than one hard link is refused
 * (WRITE_HARD_LINKS) unless through_links: then data is written into the
 * same inode, with a backup of the original beside it until done. */
int write_fixed(const char *path, const struct file_stamp *was, const char *old, size_t old_len,
		const char *data, size_t len, bool through_links);

/* A report file (--format FORMAT=PATH) written whole or not at all: to a
 * temporary file beside its target (a symbolic link is followed, the link
 * stays; a dangling one leads to the file it names), put in place by
 * write_commit; until then, and whatever happens to the run (a full disk,
 * a signal, SIGKILL), PATH keeps what it held. A target with more than one
 * hard link, or in a directory that takes no temporary file, is written in
 * place as `>` would (through every name; its contents wait in an
 * anonymous temporary file until write_commit copies them in). A PATH that
 * is not a regular file (a device, a FIFO, /dev/stdout) is written as it
 * is. */
struct pending_file {
	FILE *file;              /* where the contents go */
	int slot;                /* the temporary file's, or -1: written in place */
	char *target;            /* the file replaced, or created */
	char *dir;               /* its directory, with its slash ("" for the working one) */
	int src;                 /* the target as it was, open, or -1 for a new file */
	struct stat st;          /* of src */
	int through;             /* in place: the target, open, that file's contents go into */
	bool direct;             /* in place without a spool: written straight in */
	bool damaged;            /* after a failed commit or abandon: part of the new
				  * contents went in (write_outcome) */
};

/* Opens path, which is no regular file (a device, a FIFO), for writing,
 * without waiting for a FIFO's reader (WRITE_NO_READER when it has none);
 * returns the descriptor, blocking from then on, or -1 and *err. */
int write_open_special(const char *path, int *err);

/* Opens what path's contents go to (p->file); 0 or an errno value. */
int write_begin(struct pending_file *p, const char *path);
/* Closes p->file and puts the temporary file in place, with the owner,
 * extended attributes and mode of the file it replaces; 0 or an errno
 * value (WRITE_KEEP), after which path is as it was. */
int write_commit(struct pending_file *p);
/* Closes p->file and removes the temporary file: path stays as it was
 * (but see write_outcome). */
void write_abandon(struct pending_file *p);
/* After a failed write_commit or a write_abandon: what the file holds now,
 * for a message ("it was not changed"). */
const char *write_outcome(const struct pending_file *p);

/* Why --fix must not even read path (through a symbolic link): a FIFO
 * with no writer would block the read for ever, and what is no regular file
 * is never rewritten anyway. The reason ("it is a FIFO (named pipe), not a
 * regular file"), or NULL for a regular file, a directory, or a path that
 * cannot be looked at (reading it says why). */
const char *write_not_fixable(const char *path);

/* Why a write failed, for "cannot write the fixed file: %s". */
const char *write_error(int err, const struct file_stamp *was);

/* Test hook: each write, its new contents ready, creates the file marker
 * and waits (at most 30 s) until it is removed. Only the test program calls
 * it (cli/hooks.c), from JGFLINT_TEST_PAUSE_BEFORE_RENAME. */
void write_test_pause(const char *marker);

/* Flushes standard output; on a failed write says so on stderr (once) and
 * returns false. */
bool write_flush_stdout(void);
/* Flushes and closes standard output at exit; false on a failure. */
bool write_close_stdout(void);

/* --format html writes a page to open in a browser: to a terminal it
 * would be a screenful of markup. Whether the page may go where the user
 * sent it, given: NULL when no output was named (standard output), "-"
 * when standard output was named (asked for by name: written, terminal or
 * not), else a file. A page to a terminal by default is refused, saying
 * so, prog ("jgflint", "jgflint duplicates") the program's words, give
 * the file to give instead. The one check of the check and of duplicates. */
bool write_page_ok(const char *prog, const char *given, const char *give);

#endif
