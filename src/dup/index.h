/* index: a collection's games kept in an SQLite database (`jgflint
 * duplicates --index FILE`, `--against FILE`), so that a later run reads
 * only what is new or changed. The schema (versioned by PRAGMA
 * user_version, marked as jgflint's by PRAGMA application_id) is the man
 * page's, for keepers who query it with sqlite3. An update is one
 * transaction: a run that stops before dup_index_commit leaves the index
 * as it was. A file that is not an SQLite database, or one that is not a
 * jgflint index, is refused and left as it is. Without libsqlite3 at
 * build time, dup_index_open says how to build with it. */
#ifndef JGF_DUP_INDEX_H
#define JGF_DUP_INDEX_H

#include <stdbool.h>
#include <stddef.h>

#include <json-c/json.h>

#include "base/buf.h"
#include "dup/dup.h"

/* The schema's version, PRAGMA user_version. */
#define DUP_INDEX_VERSION 16
/* PRAGMA application_id of a jgflint index: "JGFD". */
#define DUP_INDEX_APPLICATION_ID 0x4A474644

/* The most bytes a game an index holds after an update that changed it
 * (issue 72's bound): past it, the update writes it again compactly. */
#define DUP_INDEX_GAME_BYTES 1024

/* How long a run waits for another that holds the index (seconds). */
#define DUP_INDEX_WAIT 3

/* Whether this build has SQLite (configure found libsqlite3). */
bool dup_index_available(void);

struct dup_index;
/* Opens the index at path: update (--index), made when absent or an empty
 * file, its one transaction begun, brought up to DUP_INDEX_VERSION when
 * older; else (--against, --indexes) it must exist, of this version (an
 * older one lacks what only its files give), and nothing is written.
 * NULL, with why in err, when it cannot be used. */
struct dup_index *dup_index_open(const char *path, bool update, struct buf *err);

/* What the index knows of the file at abs (an absolute path), of this size
 * and modification time (nanoseconds since the epoch). */
enum dup_file_state {
	DUP_FILE_NEW,        /* not in the index */
	DUP_FILE_SAME,       /* the same size and time: not read again */
	DUP_FILE_CHANGED,    /* in the index, but its size or time differs */
	DUP_FILE_STALE,      /* indexed before version 3: read again, whatever its
			      * size, time or content (dup_index_stale) */
};
enum dup_file_state dup_index_check(struct dup_index *x, const char *abs, long long size,
				    long long mtime_ns);
/* A file whose size or time changed but whose content hash (md5: 32 hex
 * digits) is the one indexed: its size and time are updated and true
 * returned (its games stay). */
bool dup_index_same_content(struct dup_index *x, const char *abs, long long size,
			    long long mtime_ns, const char *md5);
/* The file at abs as this run was given it (a PATH, or found under one):
 * how the report names its games, where the index's own absolute path
 * named them otherwise (a run over ../src/a.sgf and the same run with
 * --index named one game two ways). */
void dup_index_given(struct dup_index *x, const char *abs, const char *given);
/* A file that could not be read this time: its games stay as indexed. */
void dup_index_keep(struct dup_index *x, const char *abs);
/* A file to be read again (DUP_FILE_STALE) that could not be: dropped
 * from the index, whose games would lack their terms. */
void dup_index_forget(struct dup_index *x, const char *abs);
/* The absolute paths of the files to be read again (DUP_FILE_STALE) that
 * this run has not read, sorted, in *paths (each and the array the
 * caller's to free; NULL when none). Returns how many. */
size_t dup_index_stale(struct dup_index *x, char ***paths);
/* A new or changed file: its old games are dropped, then dup_index_add
 * adds each game read from it (a dup_sink), and dup_index_end_file sets
 * how many there were. */
void dup_index_begin_file(struct dup_index *x, const char *abs, long long size,
			  long long mtime_ns, const char *md5);
void dup_index_add(void *ctx, const struct dup_game *g, const char *name, size_t index_in,
		   size_t count, const char *format);
void dup_index_end_file(struct dup_index *x, size_t games);
/* Drops the files indexed before this run that no longer exist, and
 * lists their paths in removed, a line each; returns how many. */
size_t dup_index_prune(struct dup_index *x, struct buf *removed);
/* Adds every game of the index to s, as the file's path shows it, each
 * marked indexed when mark; except the games of the files in skip (nskip
 * absolute paths). Returns the games added. An index opened only to be
 * read is checked whole first (PRAGMA quick_check and each file's games). */
size_t dup_index_load(struct dup_index *x, struct dup_set *s, char *const *skip, size_t nskip,
		      bool mark);
/* --against: adds to s the games of the index that s's games (those read
 * now, all marked not indexed) can be grouped with, each marked indexed,
 * but those of the files in skip: the games that share an opening hash
 * or a fingerprint with one of them, and so on from each game found, as
 * a run over the whole index groups them, looked up by the index's
 * columns, not read whole; the others are counted (dup_set_count).
 * Returns the games of the index but those in skip. With --swap-colors
 * the index is read whole (dup_index_load). What
 * is read is checked as it is (the files of the games found have all their
 * games), not the whole index: that is dup_index_load's. */
size_t dup_index_against(struct dup_index *x, struct dup_set *s, char *const *skip,
			 size_t nskip);
/* An update (--index): the groups of the report (dup_set_each's, of every
 * game of the index, as dup_index_load added them) written to the games'
 * relation, kept and why columns, those of the last run replaced:
 * dup_index_groups_begin clears them, then each group and fragment of the
 * report is written as it is handed on. */
void dup_index_groups_begin(struct dup_index *x);
void dup_index_group(struct dup_index *x, json_object *group);
void dup_index_fragment(struct dup_index *x, json_object *fragment);
/* The number of files in the index. */
size_t dup_index_files(struct dup_index *x);
/* The absolute paths of its files, sorted, in *paths (each and the array
 * the caller's to free; NULL when none). Returns how many. */
size_t dup_index_paths(struct dup_index *x, char ***paths);
/* Whether something went wrong (then why is in err) since it was opened. */
bool dup_index_failed(struct dup_index *x, struct buf *err);
/* Whether this run made the index (none was at its path): an update that
 * fails leaves no index behind, where it left an empty file. */
bool dup_index_new(const struct dup_index *x);
/* Ends the update: its transaction committed. false, with why in err,
 * when it could not be (the index is then as it was). */
bool dup_index_commit(struct dup_index *x, struct buf *err);
/* Closes it; an update not committed is rolled back. */
void dup_index_close(struct dup_index *x);
/* Test hooks, which only the test program sets (cli/hooks.h, from
 * JGFLINT_TEST_QUERY_PLAN and JGFLINT_TEST_AGAINST_WHOLE): each search's
 * query plan on standard error; --against reads the index whole. */
void dup_index_test_query_plan(bool on);
void dup_index_test_against_whole(bool on);

#endif
