/* indexdb: what the files of the SQLite index share (dup/index.h):
 * index.c opens, makes and updates it; indexschema.c makes its schema or
 * brings an older one up to it; indexread.c reads games from it (all of
 * them, or those --against looks up) and writes the groups; indexdb.c
 * runs their statements, checks the index, decodes a game's normal form,
 * calling none of the others (no call circle among them). Not
 * for use outside src/dup/; only with SQLite (HAVE_SQLITE3). */
#ifndef JGF_DUP_INDEXDB_H
#define JGF_DUP_INDEXDB_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <sys/types.h>
#include "dup/sqlitelib.h"

#include "base/buf.h"
#include "dup/dupset.h"

/* A file's absolute path and the path this run was given it by
 * (dup_index_given). */
struct given {
	char *abs, *given;
};

/* The statements prepared once a run, by dup_ix_stmt. */
enum {
	/* index.c: an update */
	Q_CHECK, Q_SAME, Q_TOUCH, Q_SEEN, Q_FILE_NORMALS, Q_DROP_PRINT, Q_DROP_GAMES,
	Q_DROP_FILE, Q_FILE, Q_GAME, Q_PRINT, Q_COUNT,
	/* indexread.c: --against's search, the groups */
	Q_BY_OPEN, Q_BY_BARE, Q_BY_PRINT, Q_GAME_OPEN, Q_GAME_INFO, Q_WANT, Q_SHORT, Q_FOUND, Q_FILE_GAMES,
	Q_GROUP_CLEAR, Q_GROUP,
	Q_MAX
};

/* A game dup_index_load added: the report names it by path and number. */
struct loaded {
	const char *shown;   /* its file's path as the report shows it */
	uint32_t game;       /* 1 for the first of its file */
	long long id;        /* games.id */
};

struct dup_index {
	sqlite3 *db;
	char *path;
	bool update, in_tx, failed;
	bool made, committed;    /* made by this run (none was there), committed */
	bool rebuilt;            /* brought up from an older version: its games made again */
	bool changed;            /* games added or taken out by this run */
	char *made_path;         /* ... the file it made, where path led */
	dev_t made_dev;
	ino_t made_ino;
	bool checked;          /* PRAGMA quick_check passed (an update, or a whole read) */
	struct buf err;
	sqlite3_stmt *q[Q_MAX];
	long long version;     /* of its schema */
	long long file;        /* the file being added */
	char **formats;        /* the formats of games loaded, each once */
	size_t nformats, formats_cap;
	struct dup_set *scratch;   /* computes the hashes a game is looked up by */
	struct loaded *loaded;     /* the games dup_index_load added */
	size_t nloaded, loaded_cap;
	char **shown;              /* their files' paths as shown */
	size_t nshown, shown_cap;
	struct given *given;       /* the files as this run was given them */
	size_t ngiven, given_cap;
	bool given_sorted;
};

/* Notes the first failure (why in x->err, with SQLite's message). */
void dup_ix_failed(struct dup_index *x, const char *what);
/* Whether a statement may run (nothing failed, the transaction open). */
bool dup_ix_usable(struct dup_index *x);
/* Statement which, prepared once, reset and unbound; NULL when none may run. */
sqlite3_stmt *dup_ix_stmt(struct dup_index *x, int which, const char *sql);
/* Runs a statement that returns no row. */
bool dup_ix_done(struct dup_index *x, sqlite3_stmt *q, const char *what);
/* Runs SQL that returns no row (its failure noted as what). */
bool dup_ix_exec(struct dup_index *x, const char *sql, const char *what);
/* A one-number query; -1 when it fails. */
long long dup_ix_number(struct dup_index *x, const char *sql);
/* Whether the index can be trusted as a whole (PRAGMA quick_check, each
 * file's games all there); else why in err. */
bool dup_ix_verified(struct dup_index *x, struct buf *err);
/* Whether an index SQLite opens can be trusted: integrity_check when
 * cheap, else, whole (a run that reads it whole), quick_check and each
 * file's games all there; else why in err. */
bool dup_ix_verify(struct dup_index *x, bool whole, struct buf *err);
/* indexschema.c: a new index's tables made (false: why in x->err); an
 * older index brought up to this jgflint's schema in the update's
 * transaction, its files to be read again (else why in err); what the
 * games of an index of an older version lack, in words. */
bool dup_ix_made(struct dup_index *x);
bool dup_ix_upgraded(struct dup_index *x, struct buf *err);
const char *dup_ix_lacks(long long version);
/* A game's normal form as the normal column keeps it (indexdb.c says
 * how), *len bytes, malloc'd; a game from it (the column, bytes long):
 * its board, setup, line and moves; false when it is not one. */
unsigned char *dup_ix_normal(const struct dup_game *g, size_t *len);
bool dup_ix_decode(struct dup_game *g, const unsigned char *b, size_t bytes);
/* The key and sgfinfo columns: an MD5 as 16 bytes, from its 32 lower-case
 * hex digits (false when hex is not that: an sgfinfo not defined); back,
 * false when the column is not 16 bytes (hex then ""). */
bool dup_ix_unhex(const char *hex, unsigned char out[16]);
bool dup_ix_hex(const void *blob, size_t bytes, char hex[33]);
/* A game's comment items (n) as the comment_items column holds them (and
 * its marks, markup_items), each big-endian (an index moves between
 * machines), into out (8n bytes); read back from the column's bytes into
 * *items (*nitems of them, *cap), false when they are not items summing
 * to sum (the game's comment_hash or mark_hash, read first). */
void dup_ix_items_blob(const uint64_t *items, size_t n, unsigned char *out);
bool dup_ix_items_read(uint64_t **items, size_t *nitems, size_t *cap, uint64_t sum,
		       const unsigned char *b, size_t bytes);
/* The hashes --against looks g up by (dup_lookup_hashes, colours not
 * swapped): its opening's, returned, and its fingerprints. */
uint64_t dup_ix_hashes(struct dup_index *x, const struct dup_game *g, struct print **prints,
		       size_t *n);
/* The fingerprints of a game of the index made again from its normal
 * form (the normal column, bytes long) as dup_index_add made them (the
 * prints table holds them by hash alone), in *prints (x's until the next
 * call), and its dup_bare_open in *bare; how many (0 when the form is
 * none). */
size_t dup_ix_normal_prints(struct dup_index *x, const unsigned char *normal, size_t bytes,
			    struct print **prints, uint64_t *bare);
/* The id of the file at abs in the index (its size and time in *size and
 * *mtime_ns when not NULL); -1 when it is not there. */
long long dup_ix_file_id(struct dup_index *x, const char *abs, long long *size,
			long long *mtime_ns);
/* The paths of the files sql selects (its first column), in *paths (each
 * and the array the caller's to free; NULL when none). Returns how many. */
size_t dup_ix_paths(struct dup_index *x, const char *sql, char ***paths);
/* How the report names the file at abs: as this run was given it, else
 * as display_path shows it (freed by the caller). */
char *dup_ix_shown(struct dup_index *x, const char *abs);
/* The pos of a game's row of the prints table whose hash is the opening
 * a copy of it without its handicap's stones has (dup_bare_open). */
#define DUP_IX_BARE_POS (-1)
/* Adds game id's fingerprints to the prints table, and bare (its
 * dup_bare_open, 0: none) at DUP_IX_BARE_POS. */
void dup_ix_add_prints(struct dup_index *x, long long id, const struct print *prints, size_t n,
		       uint64_t bare);

#endif
