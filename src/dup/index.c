/* index: `jgflint duplicates --index`'s SQLite database (dup/index.h). */
#include "dup/index.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/paths.h"
#include "dup/dupset.h"

#ifndef HAVE_SQLITE3

bool dup_index_available(void)
{
	return false;
}

struct dup_index *dup_index_open(const char *path, bool update, struct buf *err)
{
	(void)path;
	(void)update;
	buf_adds(err, "this jgflint was built without SQLite, which --index, --against and "
		 "--indexes need: install libsqlite3 and its headers (on Debian or Ubuntu: apt-get install "
		 "libsqlite3-dev), then ./configure && make (configure finds it through "
		 "pkg-config and says so)");
	return NULL;
}

/* Never called: no index is ever opened. */
enum dup_file_state dup_index_check(struct dup_index *x, const char *abs, long long size,
				    long long mtime_ns)
{
	(void)x, (void)abs, (void)size, (void)mtime_ns;
	return DUP_FILE_NEW;
}

bool dup_index_same_content(struct dup_index *x, const char *abs, long long size,
			    long long mtime_ns, const char *md5)
{
	(void)x, (void)abs, (void)size, (void)mtime_ns, (void)md5;
	return false;
}

void dup_index_keep(struct dup_index *x, const char *abs)
{
	(void)x, (void)abs;
}

void dup_index_given(struct dup_index *x, const char *abs, const char *given)
{
	(void)x, (void)abs, (void)given;
}

void dup_index_begin_file(struct dup_index *x, const char *abs, long long size,
			  long long mtime_ns, const char *md5)
{
	(void)x, (void)abs, (void)size, (void)mtime_ns, (void)md5;
}

void dup_index_add(void *ctx, const struct dup_game *g, const char *name, size_t index_in,
		   size_t count, const char *format)
{
	(void)ctx, (void)g, (void)name, (void)index_in, (void)count, (void)format;
}

void dup_index_end_file(struct dup_index *x, size_t games)
{
	(void)x, (void)games;
}

void dup_index_forget(struct dup_index *x, const char *abs)
{
	(void)x, (void)abs;
}

size_t dup_index_stale(struct dup_index *x, char ***paths)
{
	(void)x;
	*paths = NULL;
	return 0;
}

size_t dup_index_prune(struct dup_index *x, struct buf *removed)
{
	(void)x, (void)removed;
	return 0;
}

size_t dup_index_load(struct dup_index *x, struct dup_set *s, char *const *skip, size_t nskip,
		      bool mark)
{
	(void)x, (void)s, (void)skip, (void)nskip, (void)mark;
	return 0;
}

size_t dup_index_against(struct dup_index *x, struct dup_set *s, char *const *skip,
			 size_t nskip)
{
	(void)x, (void)s, (void)skip, (void)nskip;
	return 0;
}

void dup_index_groups_begin(struct dup_index *x)
{
	(void)x;
}

void dup_index_group(struct dup_index *x, json_object *group)
{
	(void)x, (void)group;
}

void dup_index_fragment(struct dup_index *x, json_object *fragment)
{
	(void)x, (void)fragment;
}

size_t dup_index_files(struct dup_index *x)
{
	(void)x;
	return 0;
}

size_t dup_index_paths(struct dup_index *x, char ***paths)
{
	(void)x;
	*paths = NULL;
	return 0;
}

bool dup_index_failed(struct dup_index *x, struct buf *err)
{
	(void)x, (void)err;
	return false;
}

bool dup_index_new(const struct dup_index *x)
{
	(void)x;
	return false;
}

bool dup_index_commit(struct dup_index *x, struct buf *err)
{
	(void)x, (void)err;
	return false;
}

void dup_index_close(struct dup_index *x)
{
	(void)x;
}

#else

#include "dup/indexdb.h"

bool dup_index_available(void)
{
	return true;
}

void dup_index_close(struct dup_index *x)
{
	if (!x)
		return;
	for (int i = 0; i < Q_MAX; i++)
		sqlite3_finalize(x->q[i]);
	if (x->in_tx)
		sqlite3_exec(x->db, "ROLLBACK", NULL, NULL, NULL);
	sqlite3_close_v2(x->db);
	/* An index this run made and could not commit is not left behind as
	 * an empty file (as it was: none), unless something else has since
	 * written to it or put another file in its place; one it failed to
	 * open or lock has no made_path (a file there is another run's) */
	struct stat st;
	if (x->made && x->made_path && !x->committed && !stat(x->made_path, &st) &&
	    st.st_size == 0 && st.st_dev == x->made_dev && st.st_ino == x->made_ino)
		unlink(x->made_path);
	free(x->made_path);
	for (size_t i = 0; i < x->nformats; i++)
		free(x->formats[i]);
	free(x->formats);
	for (size_t i = 0; i < x->nshown; i++)
		free(x->shown[i]);
	free(x->shown);
	free(x->loaded);
	for (size_t i = 0; i < x->ngiven; i++) {
		free(x->given[i].abs);
		free(x->given[i].given);
	}
	free(x->given);
	dup_set_free(x->scratch);
	buf_free(&x->err);
	free(x->path);
	free(x);
}

/* Refuses what is not an SQLite database before SQLite sees it: nothing is
 * written to it, no journal is made beside it. */
static bool looks_like_sqlite(const char *path, bool update, struct buf *err)
{
	struct stat st;
	if (stat(path, &st)) {
		if (errno == ENOENT && update)
			return true;
		buf_printf(err, "%s: %s%s", path, strerror(errno),
			   errno == ENOENT ? " (--against and --indexes take indexes made by --index)" : "");
		return false;
	}
	if (!S_ISREG(st.st_mode)) {
		buf_printf(err, "%s is not a regular file, so not a jgflint index", path);
		return false;
	}
	if (st.st_size == 0)
		return true;
	static const char magic[16] = "SQLite format 3";   /* and its NUL */
	char head[16] = { 0 };
	FILE *f = fopen(path, "rb");
	size_t n = f ? fread(head, 1, sizeof head, f) : 0;
	if (f)
		fclose(f);
	if (!f) {
		buf_printf(err, "%s: %s", path, strerror(errno));
		return false;
	}
	if (n < sizeof head || memcmp(head, magic, sizeof head)) {
		buf_printf(err, "%s is not an SQLite database, so not a jgflint index: it is left "
			   "as it is (give --index a new file name or an index it made)", path);
		return false;
	}
	return true;
}

struct dup_index *dup_index_open(const char *path, bool update, struct buf *err)
{
	if (!sqlite_lib_load(err) || !looks_like_sqlite(path, update, err))
		return NULL;
	struct dup_index *x = xcalloc(1, sizeof *x);
	x->path = xstrdup(path);
	x->update = update;
	x->made = update && access(path, F_OK) && errno == ENOENT;
	int flags = SQLITE_OPEN_READWRITE | (update ? SQLITE_OPEN_CREATE : 0);
	if (sqlite3_open_v2(path, &x->db, flags, NULL) != SQLITE_OK) {
		buf_printf(err, "%s: cannot open it: %s", path,
			   x->db ? sqlite3_errmsg(x->db) : "out of memory");
		dup_index_close(x);
		return NULL;
	}
	sqlite3_busy_timeout(x->db, DUP_INDEX_WAIT * 1000);
	int rc = sqlite3_exec(x->db, update ? "BEGIN IMMEDIATE" : "BEGIN", NULL, NULL, NULL);
	if (rc == SQLITE_BUSY || rc == SQLITE_LOCKED) {
		buf_printf(err, "%s is held by another run (another jgflint duplicates --index "
			   "updating it, or a program writing to it): waited %d seconds; try again "
			   "when it has finished", path, DUP_INDEX_WAIT);
		dup_index_close(x);
		return NULL;
	}
	if (rc != SQLITE_OK) {
		dup_ix_failed(x, "cannot begin a transaction");
		buf_adds(err, x->err.data);
		dup_index_close(x);
		return NULL;
	}
	x->in_tx = true;
	struct stat st;
	/* SQLite made it (with its first lock), where path leads: through a
	 * symbolic link that led nowhere, the file it made is removed, not
	 * the link */
	if (x->made && !stat(path, &st) && (x->made_path = realpath(path, NULL)))
		x->made_dev = st.st_dev, x->made_ino = st.st_ino;
	else
		x->made = false;
	long long app = dup_ix_number(x, "PRAGMA application_id");
	long long version = dup_ix_number(x, "PRAGMA user_version");
	long long objects = dup_ix_number(x, "SELECT count(*) FROM sqlite_master");
	long long tables = dup_ix_number(x, "SELECT count(*) FROM sqlite_master WHERE type = 'table' "
				  "AND name IN ('files', 'games', 'prints')");
	if (app < 0 || version < 0 || objects < 0 || tables < 0) {
		buf_printf(err, "%s is not a usable SQLite database (%s), so not a jgflint index: "
			   "it is left as it is", path, sqlite3_errmsg(x->db));
		dup_index_close(x);
		return NULL;
	}
	if (app == DUP_INDEX_APPLICATION_ID) {
		if (version > DUP_INDEX_VERSION)
			buf_printf(err, "%s is a jgflint index of schema version %lld, newer than "
				   "this jgflint's (%d): it is left as it is", path, version,
				   DUP_INDEX_VERSION);
		else if (version < 1 || tables != (version == 1 ? 2 : 3))
			buf_printf(err, "%s is a damaged jgflint index (schema version %lld, %lld of "
				   "its %d tables): it is left as it is", path, version, tables,
				   version == 1 ? 2 : 3);
		else if (!update && version < DUP_INDEX_VERSION)
			buf_printf(err, "%s is a jgflint index of schema version %lld, older than this "
				   "jgflint's (%d): its games lack their %s, which "
				   "only reading their files again gives; it is left as it is (jgflint "
				   "duplicates --index %s brings it up to date, reading its files again)",
				   path, version, DUP_INDEX_VERSION, dup_ix_lacks(version), path);
		else if (x->version = version, update ? dup_ix_verified(x, err) &&
			 dup_ix_upgraded(x, err) : dup_ix_verify(x, false, err))
			return x;   /* read only: read whole, checked whole first (dup_index_load);
				     * looked up (--against), what is read checked as it is */
	} else if (app == 0 && objects == 0) {
		if (!update) {
			buf_printf(err, "%s is an empty database, not a jgflint index (--index makes "
				   "one)", path);
		} else if (dup_ix_made(x)) {
			return x;
		} else {
			buf_adds(err, x->err.data);
		}
	} else {
		buf_printf(err, "%s is an SQLite database but not a jgflint index (application_id "
			   "%lld, %lld schema objects): it is left as it is", path, app, objects);
	}
	dup_index_close(x);
	return NULL;
}

static void seen(struct dup_index *x, long long id)
{
	if (!x->q[Q_SEEN] && !dup_ix_exec(x, "CREATE TEMP TABLE IF NOT EXISTS seen (id INTEGER "
				   "PRIMARY KEY)", "cannot note the files seen"))
		return;
	sqlite3_stmt *q = dup_ix_stmt(x, Q_SEEN, "INSERT OR IGNORE INTO temp.seen (id) VALUES (?)");
	if (q) {
		sqlite3_bind_int64(q, 1, id);
		dup_ix_done(x, q, "cannot note the files seen");
	}
}

enum dup_file_state dup_index_check(struct dup_index *x, const char *abs, long long size,
				    long long mtime_ns)
{
	long long was_size = 0, was_mtime = 0, id = dup_ix_file_id(x, abs, &was_size, &was_mtime);
	if (id < 0)
		return DUP_FILE_NEW;
	if (was_size < 0)   /* indexed before the schema had its terms, its variations */
		return DUP_FILE_STALE;
	bool same = was_size == size && was_mtime == mtime_ns;
	if (same)
		seen(x, id);
	return same ? DUP_FILE_SAME : DUP_FILE_CHANGED;
}

bool dup_index_same_content(struct dup_index *x, const char *abs, long long size,
			    long long mtime_ns, const char *md5)
{
	sqlite3_stmt *q = dup_ix_stmt(x, Q_SAME, "SELECT id FROM files WHERE path = ? AND md5 = ?");
	if (!q)
		return false;
	sqlite3_bind_text(q, 1, abs, -1, SQLITE_STATIC);
	sqlite3_bind_text(q, 2, md5, -1, SQLITE_STATIC);
	int rc = sqlite3_step(q);
	long long id = rc == SQLITE_ROW ? sqlite3_column_int64(q, 0) : -1;
	sqlite3_reset(q);
	if (id < 0)
		return false;
	q = dup_ix_stmt(x, Q_TOUCH, "UPDATE files SET size = ?, mtime_ns = ? WHERE id = ?");
	if (q) {
		sqlite3_bind_int64(q, 1, size);
		sqlite3_bind_int64(q, 2, mtime_ns);
		sqlite3_bind_int64(q, 3, id);
		dup_ix_done(x, q, "cannot update the index");
	}
	seen(x, id);
	return true;
}

void dup_index_given(struct dup_index *x, const char *abs, const char *given)
{
	x->given = xgrow(x->given, &x->given_cap, x->ngiven + 1, sizeof *x->given);
	x->given[x->ngiven++] = (struct given){ xstrdup(abs), xstrdup(given) };
	x->given_sorted = false;
}

void dup_index_keep(struct dup_index *x, const char *abs)
{
	long long id = dup_ix_file_id(x, abs, NULL, NULL);
	if (id >= 0)
		seen(x, id);
}

/* The fingerprints of file id's games taken out: each game's made again
 * from its normal form and taken out by their hash, the prints table's
 * key (no index of the table by game: f0e3662). */
static void drop_prints(struct dup_index *x, long long id)
{
	sqlite3_stmt *q = dup_ix_stmt(x, Q_FILE_NORMALS, "SELECT id, normal FROM games WHERE file = ?");
	if (!q)
		return;
	sqlite3_bind_int64(q, 1, id);
	int rc;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		long long game = sqlite3_column_int64(q, 0);
		struct print *prints;
		uint64_t bare;
		size_t n = dup_ix_normal_prints(x, sqlite3_column_blob(q, 1),
						(size_t)sqlite3_column_bytes(q, 1), &prints, &bare);
		for (size_t i = 0; i < n + (bare != 0); i++) {
			sqlite3_stmt *d = dup_ix_stmt(x, Q_DROP_PRINT, "DELETE FROM prints WHERE hash = ? "
						      "AND game = ?");
			if (!d)
				break;
			sqlite3_bind_int64(d, 1, (sqlite3_int64)(i < n ? prints[i].hash : bare));
			sqlite3_bind_int64(d, 2, game);
			dup_ix_done(x, d, "cannot update the index");
		}
	}
	if (rc != SQLITE_DONE)
		dup_ix_failed(x, "cannot update the index");
	sqlite3_reset(q);
}

static void drop(struct dup_index *x, long long id)
{
	x->changed = true;
	drop_prints(x, id);
	sqlite3_stmt *q = dup_ix_stmt(x, Q_DROP_GAMES, "DELETE FROM games WHERE file = ?");
	if (q) {
		sqlite3_bind_int64(q, 1, id);
		dup_ix_done(x, q, "cannot update the index");
	}
	q = dup_ix_stmt(x, Q_DROP_FILE, "DELETE FROM files WHERE id = ?");
	if (q) {
		sqlite3_bind_int64(q, 1, id);
		dup_ix_done(x, q, "cannot update the index");
	}
}

void dup_index_forget(struct dup_index *x, const char *abs)
{
	long long id = dup_ix_file_id(x, abs, NULL, NULL);
	if (id >= 0)
		drop(x, id);
}

size_t dup_index_stale(struct dup_index *x, char ***paths)
{
	*paths = NULL;
	if (!dup_ix_exec(x, "CREATE TEMP TABLE IF NOT EXISTS seen (id INTEGER PRIMARY KEY)",
		  "cannot note the files seen"))
		return 0;
	return dup_ix_paths(x, "SELECT path FROM files WHERE size < 0 AND id NOT IN (SELECT id "
			    "FROM temp.seen) ORDER BY path", paths);
}

void dup_index_begin_file(struct dup_index *x, const char *abs, long long size,
			  long long mtime_ns, const char *md5)
{
	long long old = dup_ix_file_id(x, abs, NULL, NULL);
	if (old >= 0)
		drop(x, old);
	sqlite3_stmt *q = dup_ix_stmt(x, Q_FILE, "INSERT INTO files (path, size, mtime_ns, md5, games, indexed) "
		 "VALUES (?, ?, ?, ?, 0, strftime('%Y-%m-%dT%H:%M:%SZ', 'now'))");
	if (!q)
		return;
	sqlite3_bind_text(q, 1, abs, -1, SQLITE_STATIC);
	sqlite3_bind_int64(q, 2, size);
	sqlite3_bind_int64(q, 3, mtime_ns);
	sqlite3_bind_text(q, 4, md5, -1, SQLITE_STATIC);
	if (dup_ix_done(x, q, "cannot add to the index")) {
		x->file = sqlite3_last_insert_rowid(x->db);
		seen(x, x->file);
	}
}

static void bind_text_or_null(sqlite3_stmt *q, int i, const char *s)
{
	if (s && *s)
		sqlite3_bind_text(q, i, s, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(q, i);
}

/* Binds column i to the n items' blob (NULL where none); returns the blob,
 * which the statement reads until it is done, for the caller to free. */
static unsigned char *bind_items(sqlite3_stmt *q, int i, const uint64_t *items, size_t n)
{
	if (!n) {
		sqlite3_bind_null(q, i);
		return NULL;
	}
	unsigned char *blob = xmalloc(8 * n);
	dup_ix_items_blob(items, n, blob);
	sqlite3_bind_blob(q, i, blob, (int)(8 * n), SQLITE_STATIC);
	return blob;
}

void dup_index_add(void *ctx, const struct dup_game *g, const char *name, size_t index_in,
		   size_t count, const char *format)
{
	(void)name;
	(void)count;
	struct dup_index *x = ctx;
	sqlite3_stmt *q = dup_ix_stmt(x, Q_GAME, "INSERT INTO games (file, game, format, width, height, "
			       "moves, handicap_moves, comments, black, white, date, result, event, "
			       "key, dyer, sgfinfo, normal, open, to_move, komi, handicap, rules, "
			       "variations, illegal, tree, tree_swapped, comment_hash, comment_bytes, "
			       "comment_items, round, markup_hash, markup_items, black_rank, "
			       "white_rank, black_twice) "
			       "VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, "
			       "?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)");
	if (!q)
		return;
	x->changed = true;
	size_t klen, blen;
	int sym;
	uint16_t *key = dup_key(g, false, &klen, &sym);
	char hex[33];
	unsigned char digest[16], sgfinfo[16];
	dup_key_hex(key, klen, hex);
	free(key);
	dup_ix_unhex(hex, digest);
	unsigned char *blob = dup_ix_normal(g, &blen);
	sqlite3_bind_int64(q, 1, x->file);
	sqlite3_bind_int64(q, 2, (long long)index_in + 1);
	sqlite3_bind_text(q, 3, format, -1, SQLITE_STATIC);
	sqlite3_bind_int(q, 4, g->width);
	sqlite3_bind_int(q, 5, g->height);
	sqlite3_bind_int64(q, 6, (long long)g->moves);
	sqlite3_bind_int64(q, 7, (long long)g->handicap_moves);
	sqlite3_bind_int64(q, 8, (long long)g->comments);
	bind_text_or_null(q, 9, g->black);
	bind_text_or_null(q, 10, g->white);
	bind_text_or_null(q, 11, g->date);
	bind_text_or_null(q, 12, g->result);
	bind_text_or_null(q, 13, g->event);
	sqlite3_bind_blob(q, 14, digest, 16, SQLITE_STATIC);
	bind_text_or_null(q, 15, g->dyer);
	if (dup_ix_unhex(g->sgfinfo, sgfinfo))
		sqlite3_bind_blob(q, 16, sgfinfo, 16, SQLITE_STATIC);
	else
		sqlite3_bind_null(q, 16);
	sqlite3_bind_blob(q, 17, blob, (int)blen, SQLITE_STATIC);
	struct print *prints;
	size_t nprints;
	sqlite3_bind_int64(q, 18, (sqlite3_int64)dup_ix_hashes(x, g, &prints, &nprints));
	sqlite3_bind_int(q, 19, g->to_move);
	/* komi as its text, which the column's REAL affinity stores as the number */
	bind_text_or_null(q, 20, g->komi);
	if (*g->handicap)
		sqlite3_bind_int64(q, 21, strtoll(g->handicap, NULL, 10));
	else
		sqlite3_bind_null(q, 21);
	bind_text_or_null(q, 22, g->rules);
	sqlite3_bind_int64(q, 23, (long long)g->variations);
	sqlite3_bind_int64(q, 24, (long long)g->illegal);
	if (g->vars_unknown) {   /* too many to read: not compared */
		sqlite3_bind_null(q, 25);
		sqlite3_bind_null(q, 26);
	} else {
		sqlite3_bind_int64(q, 25, (sqlite3_int64)g->tree_hash);
		sqlite3_bind_int64(q, 26, (sqlite3_int64)g->tree_swap_hash);
	}
	sqlite3_bind_int64(q, 27, (sqlite3_int64)g->comment_hash);
	sqlite3_bind_int64(q, 28, (sqlite3_int64)g->comment_bytes);
	unsigned char *items = bind_items(q, 29, g->comment_items, g->ncomment_items);
	bind_text_or_null(q, 30, g->round);
	sqlite3_bind_int64(q, 31, (sqlite3_int64)g->mark_hash);
	unsigned char *marks = bind_items(q, 32, g->mark_items, g->nmark_items);
	bind_text_or_null(q, 33, g->black_rank);
	bind_text_or_null(q, 34, g->white_rank);
	sqlite3_bind_int(q, 35, g->black_twice);
	if (dup_ix_done(x, q, "cannot add to the index"))
		dup_ix_add_prints(x, sqlite3_last_insert_rowid(x->db), prints, nprints,
				  dup_bare_open(x->scratch, g));
	sqlite3_clear_bindings(q);
	free(blob);
	free(items);
	free(marks);
}

void dup_index_end_file(struct dup_index *x, size_t games)
{
	sqlite3_stmt *q = dup_ix_stmt(x, Q_COUNT, "UPDATE files SET games = ? WHERE id = ?");
	if (q) {
		sqlite3_bind_int64(q, 1, (long long)games);
		sqlite3_bind_int64(q, 2, x->file);
		dup_ix_done(x, q, "cannot update the index");
	}
}

size_t dup_index_prune(struct dup_index *x, struct buf *removed)
{
	if (!dup_ix_exec(x, "CREATE TEMP TABLE IF NOT EXISTS seen (id INTEGER PRIMARY KEY)",
		  "cannot note the files seen"))
		return 0;
	sqlite3_stmt *q;
	if (!dup_ix_usable(x))
		return 0;
	if (sqlite3_prepare_v2(x->db, "SELECT id, path FROM files WHERE id NOT IN (SELECT id "
			       "FROM temp.seen) ORDER BY path", -1, &q, NULL) != SQLITE_OK) {
		dup_ix_failed(x, "cannot read the index");
		return 0;
	}
	long long *gone = NULL;
	size_t n = 0, cap = 0;
	int rc;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		const char *path = (const char *)sqlite3_column_text(q, 1);
		struct stat st;
		/* Gone, or no longer a file (a directory in its place) */
		if (path && (stat(path, &st) ? errno == ENOENT || errno == ENOTDIR
			     : !S_ISREG(st.st_mode))) {
			gone = xgrow(gone, &cap, n + 1, sizeof *gone);
			gone[n++] = sqlite3_column_int64(q, 0);
			char *shown = display_path(path);
			buf_printf(removed, "%s\n", shown);
			free(shown);
		}
	}
	if (rc != SQLITE_DONE)
		dup_ix_failed(x, "cannot read the index");
	sqlite3_finalize(q);
	for (size_t i = 0; i < n; i++)
		drop(x, gone[i]);
	free(gone);
	return n;
}

bool dup_index_failed(struct dup_index *x, struct buf *err)
{
	dup_ix_usable(x);
	if (x->failed)
		buf_adds(err, x->err.data);
	return x->failed;
}

bool dup_index_new(const struct dup_index *x)
{
	return x->made;
}

/* Whether the index holds more than DUP_INDEX_GAME_BYTES a game (none:
 * any page at all). An update's rows go where their keys fall in each
 * B-tree (the prints by hash, the games' indexes by MD5), splitting
 * pages that are then part empty, and a file gone leaves its pages free:
 * a dense collection's 2,000 games added 500 at a time 1,050 bytes a
 * game, 944 when made at once; half of them gone, 2,101. The pages and
 * the count of games are read from the pages' header and the least
 * index of games (11 ms at 100,000 games, where an update reads its
 * files and groups them all again: 8.5 s of CPU, the VACUUM 0.56 s). */
static bool over_bound(struct dup_index *x)
{
	long long pages = dup_ix_number(x, "PRAGMA page_count"),
		  size = dup_ix_number(x, "PRAGMA page_size"),
		  games = dup_ix_number(x, "SELECT count(*) FROM games");
	return pages > 0 && size > 0 && games >= 0 && pages * size > games * DUP_INDEX_GAME_BYTES;
}

bool dup_index_commit(struct dup_index *x, struct buf *err)
{
	if (!dup_ix_usable(x)) {
		buf_adds(err, x->err.data);
		return false;
	}
	for (int i = 0; i < Q_MAX; i++) {
		sqlite3_finalize(x->q[i]);
		x->q[i] = NULL;
	}
	if (!dup_ix_exec(x, "COMMIT", "cannot write the index")) {
		buf_adds(err, x->err.data);
		return false;
	}
	x->in_tx = false;
	x->committed = true;
	/* An index made whole by this run (new, or brought up from an older
	 * version: its games all made again) is written again compactly: the
	 * groups' columns, written after the games, grew their rows, which
	 * left a fifth of the games' pages empty (a dense collection's index
	 * 1,026 -> 909 bytes a game). So is one this run added games to or
	 * took them out of that is left over DUP_INDEX_GAME_BYTES a game
	 * (over_bound). Committed already: when it cannot be (another run
	 * reading it, no room for the copy), the index is as it was, whole. */
	if (x->made || x->rebuilt || (x->changed && over_bound(x)))
		sqlite3_exec(x->db, "VACUUM", NULL, NULL, NULL);
	return true;
}

#endif
