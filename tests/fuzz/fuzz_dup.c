/* libFuzzer target: `jgflint duplicates` over arbitrary records, and its
 * SQLite index under injected faults (issue 47). The input is a byte of
 * options (bit 0 --swap-colors, bits 1-3 --max-differ), a byte choosing
 * the write at which the index's file system fails (0: none; its 6 high
 * bits) and for how many writes (its 2 low bits, plus one), then records separated by
 * NUL bytes (bit 4 of the first: --keys, and the faults are I/O errors), each a file of any format duplicates reads. Every record is
 * grouped (the report made piece by piece), the first half is indexed, then the
 * second half is indexed while writes fail: the update must be all there
 * or not at all (never part of it committed), and the index, read back,
 * grouped with --against's marks. Any crash, leak or sanitizer report is a
 * bug, and so is an index left half updated. Built by `make fuzz` when
 * SQLite is (without it, the index's part is skipped). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/buf.h"
#include "cli/dupout.h"
#include "dup/dup.h"
#include "dup/dupread.h"
#include "dup/index.h"
#include "read/load.h"

#ifdef HAVE_SQLITE3
#include <sqlite3.h>

/* A VFS over the default one whose writes, truncations and syncs fail
 * from the fail_at-th (0: never) to the one before fail_at + fail_len,
 * with fail_rc: a disk full for a while (SQLite's rollback deletes the
 * journal, which makes room for what comes after). */
static sqlite3_vfs *real_vfs, fault_vfs;
static long writes, fail_at, fail_len;
static int fail_rc;

struct fault_file {
	sqlite3_file base;
	sqlite3_file *real;
};

static int failing(void)
{
	if (!fail_at)
		return 0;
	writes++;
	return writes >= fail_at && writes < fail_at + fail_len;
}

#define REAL(f) (((struct fault_file *)(f))->real)
static int f_close(sqlite3_file *f)
{
	int rc = REAL(f)->pMethods ? REAL(f)->pMethods->xClose(REAL(f)) : SQLITE_OK;
	free(REAL(f));
	return rc;
}
static int f_read(sqlite3_file *f, void *p, int n, sqlite3_int64 off)
{
	return REAL(f)->pMethods->xRead(REAL(f), p, n, off);
}
static int f_write(sqlite3_file *f, const void *p, int n, sqlite3_int64 off)
{
	if (failing())
		return fail_rc;
	return REAL(f)->pMethods->xWrite(REAL(f), p, n, off);
}
static int f_truncate(sqlite3_file *f, sqlite3_int64 size)
{
	if (failing())
		return fail_rc == SQLITE_FULL ? SQLITE_IOERR_TRUNCATE : fail_rc;
	return REAL(f)->pMethods->xTruncate(REAL(f), size);
}
static int f_sync(sqlite3_file *f, int flags)
{
	if (failing())
		return SQLITE_IOERR_FSYNC;
	return REAL(f)->pMethods->xSync(REAL(f), flags);
}
static int f_size(sqlite3_file *f, sqlite3_int64 *size)
{
	return REAL(f)->pMethods->xFileSize(REAL(f), size);
}
static int f_lock(sqlite3_file *f, int l)
{
	return REAL(f)->pMethods->xLock(REAL(f), l);
}
static int f_unlock(sqlite3_file *f, int l)
{
	return REAL(f)->pMethods->xUnlock(REAL(f), l);
}
static int f_reserved(sqlite3_file *f, int *out)
{
	return REAL(f)->pMethods->xCheckReservedLock(REAL(f), out);
}
static int f_control(sqlite3_file *f, int op, void *arg)
{
	return REAL(f)->pMethods->xFileControl(REAL(f), op, arg);
}
static int f_sector(sqlite3_file *f)
{
	return REAL(f)->pMethods->xSectorSize(REAL(f));
}
static int f_device(sqlite3_file *f)
{
	return REAL(f)->pMethods->xDeviceCharacteristics(REAL(f));
}
static const sqlite3_io_methods fault_io = {
	1, f_close, f_read, f_write, f_truncate, f_sync, f_size, f_lock, f_unlock, f_reserved,
	f_control, f_sector, f_device, NULL, NULL, NULL, NULL, NULL, NULL,
};

static int f_open(sqlite3_vfs *vfs, const char *name, sqlite3_file *file, int flags, int *out)
{
	(void)vfs;
	struct fault_file *ff = (struct fault_file *)file;
	ff->base.pMethods = NULL;
	ff->real = calloc(1, (size_t)real_vfs->szOsFile);
	if (!ff->real)
		return SQLITE_NOMEM;
	int rc = real_vfs->xOpen(real_vfs, name, ff->real, flags, out);
	if (rc != SQLITE_OK) {
		free(ff->real);
		ff->real = NULL;
		return rc;
	}
	ff->base.pMethods = &fault_io;
	return SQLITE_OK;
}

static int f_delete(sqlite3_vfs *vfs, const char *name, int sync)
{
	(void)vfs;
	if (failing())
		return SQLITE_IOERR_DELETE;
	return real_vfs->xDelete(real_vfs, name, sync);
}

/* The counts of an index, read as a keeper's sqlite3 would. */
static void counts(const char *path, long long *files, long long *games)
{
	sqlite3 *db;
	*files = *games = -1;
	if (sqlite3_open_v2(path, &db, SQLITE_OPEN_READWRITE, "unix") == SQLITE_OK) {
		sqlite3_stmt *q;
		if (sqlite3_prepare_v2(db, "SELECT (SELECT count(*) FROM files), (SELECT count(*) "
				       "FROM games)", -1, &q, NULL) == SQLITE_OK) {
			if (sqlite3_step(q) == SQLITE_ROW) {
				*files = sqlite3_column_int64(q, 0);
				*games = sqlite3_column_int64(q, 1);
			}
			sqlite3_finalize(q);
		}
	}
	sqlite3_close_v2(db);
}
#endif

static char *scratch, *index_path, *journal_path;

int LLVMFuzzerInitialize(int *argc, char ***argv)
{
	(void)argc, (void)argv;
	static char shm[] = "/dev/shm/jgflint-fuzz-dup-XXXXXX";
	static char tmp[] = "/tmp/jgflint-fuzz-dup-XXXXXX";
	scratch = mkdtemp(shm);
	if (!scratch)
		scratch = mkdtemp(tmp);
	if (!scratch)
		abort();
	size_t n = strlen(scratch) + 32;
	index_path = malloc(n);
	journal_path = malloc(n);
	if (!index_path || !journal_path)
		abort();
	snprintf(index_path, n, "%s/x.db", scratch);
	snprintf(journal_path, n, "%s/x.db-journal", scratch);
#ifdef HAVE_SQLITE3
	real_vfs = sqlite3_vfs_find(NULL);
	fault_vfs = *real_vfs;
	fault_vfs.zName = "fault";
	fault_vfs.szOsFile = (int)sizeof(struct fault_file);
	fault_vfs.xOpen = f_open;
	fault_vfs.xDelete = f_delete;
	sqlite3_vfs_register(&fault_vfs, 1);   /* the index opens the default */
	/* A small page cache: an update spills pages to the file before its
	 * commit, so that writes fail in the middle of it too (where SQLite
	 * may end the transaction by itself), not only at the commit. */
	sqlite3_soft_heap_limit64(1);
#endif
	return 0;
}

/* The records of the input: [start, end) pairs, at most max. */
static size_t split(const uint8_t *data, size_t size, size_t (*at)[2], size_t max)
{
	size_t n = 0, start = 0;
	for (size_t i = 0; i <= size && n < max; i++)
		if (i == size || !data[i]) {
			at[n][0] = start;
			at[n][1] = i;
			n++;
			start = i + 1;
		}
	return n;
}

/* A sink's hooks that hand each piece to three writers (ctx: their array). */
static void every_key(void *ctx, json_object *v)
{
	for (int f = 0; f < 3; f++)
		dup_out_key(((struct dup_out **)ctx)[f], v);
}

static void every_group(void *ctx, json_object *v)
{
	for (int f = 0; f < 3; f++)
		dup_out_group(((struct dup_out **)ctx)[f], v);
}

static void every_fragment(void *ctx, json_object *v)
{
	for (int f = 0; f < 3; f++)
		dup_out_fragment(((struct dup_out **)ctx)[f], v);
}

/* The report, made piece by piece, written in each format as the program
 * writes it (cli/dupout.c); the json one must be one JSON document whose
 * counts are the totals. */
static void report(struct dup_set *set, bool keys)
{
	static const char *const formats[] = { "json", "text", "html" };
	struct dup_out *out[3];
	for (int f = 0; f < 3; f++)
		out[f] = dup_out_new(formats[f], keys);
	struct dup_totals t;
	/* Each piece to the three writers */
	struct dup_report_sink sink = { every_key, every_group, every_fragment, out };
	bool searched = dup_set_each(set, &sink, &t);
	for (int f = 0; searched && f < 3; f++) {
		char *text = NULL;
		size_t len = 0;
		FILE *mem = open_memstream(&text, &len);
		if (!mem || !dup_out_write(out[f], mem, &t, "summary", NULL))
			abort();
		fclose(mem);
		if (!f) {
			json_object *r = json_tokener_parse(text), *groups, *fragments;
			if (!r || !json_object_object_get_ex(r, "groups", &groups) ||
			    !json_object_object_get_ex(r, "fragments", &fragments) ||
			    json_object_array_length(groups) != t.groups ||
			    json_object_array_length(fragments) != t.fragments) {
				fprintf(stderr, "the json report is not the document it counts:\n%s", text);
				abort();
			}
			json_object_put(r);
		}
		free(text);
	}
	for (int f = 0; f < 3; f++)
		dup_out_free(out[f]);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	if (size < 3)
		return 0;
	struct dup_options o = { .swap_colors = data[0] & 1, .max_differ = (data[0] >> 1) & 7,
				 .keys = data[0] & 16 };
	int fault = data[1];
	data += 2;
	size -= 2;
	size_t at[16][2];
	size_t n = split(data, size, at, 16);
	struct buf log = BUF_INIT;
	/* Every record, grouped. */
	struct dup_set *set = dup_set_new(&o);
	for (size_t i = 0; i < n; i++) {
		struct document doc;
		char name[32];
		snprintf(name, sizeof name, "r%zu.sgf", i);
		document_load_buffer(&doc, name, (const char *)data + at[i][0], at[i][1] - at[i][0]);
		dup_read_document(set, &doc, name, NULL, &log);
		document_free(&doc);
	}
	report(set, o.keys);
	dup_set_free(set);
#ifdef HAVE_SQLITE3
	/* The index: the first half, then the second under faults. */
	unlink(index_path);
	unlink(journal_path);
	writes = fail_at = 0;
	long long want_files[2] = { 0, 0 }, want_games[2] = { 0, 0 };
	for (int phase = 0; phase < 2; phase++) {
		if (phase) {
			fail_at = fault >> 2;
			fail_len = 1 + (fault & 3);
			fail_rc = o.keys ? SQLITE_IOERR_WRITE : SQLITE_FULL;
			writes = 0;
		}
		struct buf err = BUF_INIT;
		struct dup_index *x = dup_index_open(index_path, true, &err);
		buf_free(&err);
		if (!x) {
			if (!phase)
				goto out;
			break;
		}
		size_t from = phase ? n / 2 : 0, to = phase ? n : n / 2;
		long long files = 0, games = 0;
		for (size_t i = from; i < to; i++) {
			struct document doc;
			char name[32];
			snprintf(name, sizeof name, "/fuzz/r%zu.sgf", i);
			document_load_buffer(&doc, name, (const char *)data + at[i][0],
					     at[i][1] - at[i][0]);
			dup_index_check(x, name, (long long)(at[i][1] - at[i][0]), 1);
			dup_index_begin_file(x, name, (long long)(at[i][1] - at[i][0]), 1,
					     "00000000000000000000000000000000");
			size_t g = dup_read_games(dup_index_add, x, o.keys, &doc, name, NULL, &log);
			dup_index_end_file(x, g);
			files++;
			games += (long long)g;
			document_free(&doc);
		}
		struct dup_set *s = dup_set_new(&(struct dup_options){ .max_differ = o.max_differ,
								       .only_new = true });
		dup_index_load(x, s, NULL, 0, true);
		err = (struct buf)BUF_INIT;
		bool committed = dup_index_commit(x, &err);
		buf_free(&err);
		dup_index_close(x);
		report(s, false);
		dup_set_free(s);
		fail_at = 0;
		long long got_files, got_games;
		counts(index_path, &got_files, &got_games);
		long long before_files = phase ? want_files[0] : 0, before_games = phase ? want_games[0] : 0;
		if (committed) {
			want_files[phase] = before_files + files;
			want_games[phase] = before_games + games;
		} else {
			want_files[phase] = before_files;
			want_games[phase] = before_games;
		}
		/* All of the update, or none of it: never a part. */
		if (got_files >= 0 && (got_files != want_files[phase] || got_games != want_games[phase])) {
			fprintf(stderr, "phase %d (%s): the index holds %lld files and %lld games, "
				"not %lld and %lld\n", phase, committed ? "committed" : "failed",
				got_files, got_games, want_files[phase], want_games[phase]);
			abort();
		}
		if (!committed && !phase)
			break;
	}
out:
	fail_at = 0;
#endif
	(void)fault;
	buf_free(&log);
	return 0;
}
