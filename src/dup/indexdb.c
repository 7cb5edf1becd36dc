/* indexdb: the index's database as its other files use it (dup/indexdb.h):
 * its statements run and their failures kept, its checks, a file's row,
 * a game's normal form decoded and the hashes it is looked up by. What
 * index.c (open, update), indexschema.c (the schema) and indexread.c (the
 * games read back) share, calling none of them. */
#ifdef HAVE_SQLITE3

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/paths.h"
#include "dup/indexdb.h"

/* Notes the first failure: the run then commits nothing, and runs no
 * other statement (after an error SQLite may have rolled the transaction
 * back by itself: a statement then would be committed on its own). */
void dup_ix_failed(struct dup_index *x, const char *what)
{
	/* SQLite's "disk I/O error" of a write the system refused: why, as
	 * every report says it. The library keeps the system's error only on
	 * some paths (none for a write past the file size limit): the errno
	 * its failed call left, when it is one of the two a write gets from a
	 * file too large or a full disk */
	int sys = errno;
	if (!x->failed) {
		buf_printf(&x->err, "%s: %s: %s", x->path, what, sqlite3_errmsg(x->db));
		if (sqlite3_errcode(x->db) == SQLITE_IOERR) {   /* (SQLITE_FULL's words say it) */
			if (sys != EFBIG && sys != ENOSPC)
				sys = sqlite3_system_errno(x->db);
			if (sys == EFBIG || sys == ENOSPC)
				buf_printf(&x->err, " (%s)", write_errno_words(sys));
		}
	}
	x->failed = true;
}

/* Whether a statement may run: nothing failed, and the transaction the
 * index was opened in is still open (SQLite ends it by itself after some
 * errors, SQLITE_FULL, SQLITE_IOERR, SQLITE_NOMEM: what runs then would
 * be committed a statement at a time). */
bool dup_ix_usable(struct dup_index *x)
{
	if (x->failed)
		return false;
	if (x->in_tx && sqlite3_get_autocommit(x->db)) {
		buf_printf(&x->err, "%s: SQLite ended the update's transaction after an error", x->path);
		x->failed = true;
		x->in_tx = false;
		return false;
	}
	return true;
}

sqlite3_stmt *dup_ix_stmt(struct dup_index *x, int which, const char *sql)
{
	if (!dup_ix_usable(x))
		return NULL;
	if (!x->q[which] && sqlite3_prepare_v2(x->db, sql, -1, &x->q[which], NULL) != SQLITE_OK) {
		dup_ix_failed(x, "cannot query the index");
		return NULL;
	}
	sqlite3_reset(x->q[which]);
	sqlite3_clear_bindings(x->q[which]);
	return x->q[which];
}

/* Runs a statement that returns no row. */
bool dup_ix_done(struct dup_index *x, sqlite3_stmt *q, const char *what)
{
	if (!q)
		return false;
	int rc = sqlite3_step(q);
	sqlite3_reset(q);
	if (rc != SQLITE_DONE && rc != SQLITE_ROW) {
		dup_ix_failed(x, what);
		return false;
	}
	return true;
}

bool dup_ix_exec(struct dup_index *x, const char *sql, const char *what)
{
	if (!dup_ix_usable(x))
		return false;
	if (sqlite3_exec(x->db, sql, NULL, NULL, NULL) != SQLITE_OK) {
		dup_ix_failed(x, what);
		return false;
	}
	return true;
}

/* A one-number query (a pragma, a count); -1 when it fails. */
long long dup_ix_number(struct dup_index *x, const char *sql)
{
	sqlite3_stmt *q;
	long long v = -1;
	if (sqlite3_prepare_v2(x->db, sql, -1, &q, NULL) != SQLITE_OK)
		return -1;
	if (sqlite3_step(q) == SQLITE_ROW)
		v = sqlite3_column_int64(q, 0);
	sqlite3_finalize(q);
	return v;
}

/* An index of at most this many pages is checked whole by PRAGMA
 * integrity_check (at most some 30 ms of CPU: 4 MB, a few thousand games),
 * which finds what quick_check does not: an index's entries that are not
 * its table's (a row an --against lookup would miss). A larger one gets
 * quick_check, and what is read of it is checked as it is read. */
#define CHEAP_CHECK_PAGES 1024

/* The first line of PRAGMA integrity or quick check: "ok", or its first
 * fault (SQLite's message when the pragma fails). */
static void integrity(struct dup_index *x, bool whole, char first[200])
{
	sqlite3_stmt *q;
	const char *sql = whole ? "PRAGMA integrity_check(1)" : "PRAGMA quick_check(1)";
	if (sqlite3_prepare_v2(x->db, sql, -1, &q, NULL) == SQLITE_OK) {
		if (sqlite3_step(q) == SQLITE_ROW) {
			const char *v = (const char *)sqlite3_column_text(q, 0);
			snprintf(first, 200, "%s", v ? v : "");
		} else {
			snprintf(first, 200, "%s", sqlite3_errmsg(x->db));
		}
		sqlite3_finalize(q);
	} else {
		snprintf(first, 200, "%s", sqlite3_errmsg(x->db));
	}
}

/* Whether an index SQLite opens can be trusted: PRAGMA integrity_check
 * when it is cheap (CHEAP_CHECK_PAGES); else, with whole (a run that
 * reads it whole), quick_check (the pages, the records, the indexes'
 * order: a second or so on 100,000 games, too long for one --against
 * look-up, whose rows are checked as they are read); with whole, each
 * file's games all in it (what an update cut short by an older jgflint
 * could leave: files whose games were committed in part). Else why, in
 * err. */
bool dup_ix_verify(struct dup_index *x, bool whole, struct buf *err)
{
	const char *what = NULL;
	char first[200] = "";
	long long pages = dup_ix_number(x, "PRAGMA page_count");
	bool cheap = pages >= 0 && pages <= CHEAP_CHECK_PAGES;
	if (cheap || whole)
		integrity(x, cheap, first);
	if ((cheap || whole) && strcmp(first, "ok")) {
		what = cheap ? "PRAGMA integrity_check" : "PRAGMA quick_check";
	} else if (whole) {
		long long short_files = dup_ix_number(x, "SELECT count(*) FROM files f WHERE f.games <> "
					       "(SELECT count(*) FROM games g WHERE g.file = f.id)");
		if (short_files < 0)
			snprintf(first, sizeof first, "%s", sqlite3_errmsg(x->db));
		else if (short_files > 0)
			snprintf(first, sizeof first, "%lld file%s without all of %s games (an update "
				 "cut short)", short_files, short_files == 1 ? "" : "s",
				 short_files == 1 ? "its" : "their");
		if (short_files)
			what = "its files and games disagree";
	}
	if (!what) {
		x->checked |= whole;
		return true;
	}
	buf_printf(err, "%s is a damaged jgflint index (%s: %s): it is left as it is; remove "
		   "it and index the collection again", x->path, what, first);
	return false;
}

bool dup_ix_verified(struct dup_index *x, struct buf *err)
{
	return dup_ix_verify(x, true, err);
}

/* The id of the file at abs in the index (its size and time in *size and
 * *mtime_ns when not NULL); -1 when it is not there. */
long long dup_ix_file_id(struct dup_index *x, const char *abs, long long *size,
			long long *mtime_ns)
{
	sqlite3_stmt *q = dup_ix_stmt(x, Q_CHECK, "SELECT id, size, mtime_ns FROM files WHERE path = ?");
	if (!q)
		return -1;
	sqlite3_bind_text(q, 1, abs, -1, SQLITE_STATIC);
	int rc = sqlite3_step(q);
	long long id = rc == SQLITE_ROW ? sqlite3_column_int64(q, 0) : -1;
	if (rc == SQLITE_ROW && size)
		*size = sqlite3_column_int64(q, 1);
	if (rc == SQLITE_ROW && mtime_ns)
		*mtime_ns = sqlite3_column_int64(q, 2);
	if (rc != SQLITE_ROW && rc != SQLITE_DONE)
		dup_ix_failed(x, "cannot read the index");
	sqlite3_reset(q);
	return id;
}

static int cmp_given(const void *a, const void *b)
{
	return strcmp(((const struct given *)a)->abs, ((const struct given *)b)->abs);
}

char *dup_ix_shown(struct dup_index *x, const char *abs)
{
	if (!x->given_sorted && x->ngiven) {
		sort_items(x->given, x->ngiven, sizeof *x->given, cmp_given);
		x->given_sorted = true;
	}
	struct given want = { (char *)abs, NULL };
	const struct given *at = x->ngiven ? bsearch(&want, x->given, x->ngiven, sizeof *x->given,
						     cmp_given) : NULL;
	return at ? xstrdup(at->given) : display_path(abs);
}

void dup_ix_add_prints(struct dup_index *x, long long id, const struct print *prints, size_t n,
		       uint64_t bare)
{
	for (size_t i = 0; i < n + (bare != 0); i++) {
		sqlite3_stmt *q = dup_ix_stmt(x, Q_PRINT, "INSERT OR IGNORE INTO prints (hash, game, pos) "
				       "VALUES (?, ?, ?)");
		if (!q)
			return;
		sqlite3_bind_int64(q, 1, (sqlite3_int64)(i < n ? prints[i].hash : bare));
		sqlite3_bind_int64(q, 2, id);
		sqlite3_bind_int64(q, 3, i < n ? (sqlite3_int64)prints[i].pos : DUP_IX_BARE_POS);
		dup_ix_done(x, q, "cannot add to the index");
	}
}

/* The hashes --against looks g up by, as a set without --swap-colors has
 * them: its opening's (the return value) and its fingerprints. */
uint64_t dup_ix_hashes(struct dup_index *x, const struct dup_game *g, struct print **prints,
		       size_t *n)
{
	if (!x->scratch)
		x->scratch = dup_set_new(&(struct dup_options){ .max_differ = 2 });
	return dup_lookup_hashes(x->scratch, g, prints, n);
}

size_t dup_ix_normal_prints(struct dup_index *x, const unsigned char *normal, size_t bytes,
			    struct print **prints, uint64_t *bare)
{
	struct dup_game g;
	dup_game_init(&g);
	size_t n = 0;
	*prints = NULL;
	*bare = 0;
	if (dup_ix_decode(&g, normal, bytes)) {
		dup_ix_hashes(x, &g, prints, &n);
		*bare = dup_bare_open(x->scratch, &g);
	}
	dup_game_free(&g);
	return n;
}

bool dup_ix_unhex(const char *hex, unsigned char out[16])
{
	for (int i = 0; i < 32; i++) {
		char c = hex[i];
		int v = c >= '0' && c <= '9' ? c - '0' : c >= 'a' && c <= 'f' ? c - 'a' + 10 : -1;
		if (v < 0)
			return false;
		out[i / 2] = (unsigned char)(i % 2 ? out[i / 2] << 4 | v : v);
	}
	return !hex[32];
}

bool dup_ix_hex(const void *blob, size_t bytes, char hex[33])
{
	*hex = 0;
	if (bytes != 16 || !blob)
		return false;
	for (int i = 0; i < 16; i++)
		snprintf(hex + 2 * i, 3, "%02x", ((const unsigned char *)blob)[i]);
	return true;
}

void dup_ix_items_blob(const uint64_t *items, size_t n, unsigned char *out)
{
	for (size_t i = 0; i < n; i++)
		for (int j = 0; j < 8; j++)
			out[8 * i + j] = (unsigned char)(items[i] >> (56 - 8 * j));
}

bool dup_ix_items_read(uint64_t **items, size_t *nitems, size_t *cap, uint64_t sum,
		       const unsigned char *b, size_t bytes)
{
	if (bytes % 8 || (bytes && !b))
		return false;
	size_t n = bytes / 8;
	if (n) {
		*items = xmalloc(n * sizeof **items);
		*nitems = *cap = n;
	}
	for (size_t i = 0; i < n; i++) {
		uint64_t v = 0;
		for (int j = 0; j < 8; j++)
			v = v << 8 | b[8 * i + j];
		(*items)[i] = v;
		if (i && v < (*items)[i - 1])
			return false;   /* sorted, as written */
	}
	return dup_comment_sum(*items, n) == sum;
}

/* The normal column (schema version 11): the board's width and height a
 * byte each; the number of setup stones and of the line's elements, each
 * as 7 bits a byte, low first, the high bit set on all bytes but the
 * last; then a stream of bits, high bit first, the last byte filled with
 * 0. Each setup stone is its colour (a bit: 0 black, 1 white) and its
 * point; each element of the line is its point where it is a move of the
 * colour expected (black first, then the colour the last move was not),
 * else ESCAPE, its tag (DUP_TAG, 3 bits) and its point. A point is
 * y * width + x, a pass width * height, in the fewest bits that hold
 * ESCAPE (width * height + 1): 9 on a 19x19 board, a move in 9 bits where
 * version 10's form took 16. */
struct bits {
	unsigned char *b;
	size_t at;   /* bits written or read */
};

static void bits_put(struct bits *s, unsigned v, int n)
{
	for (int i = n - 1; i >= 0; i--, s->at++)
		if (v >> i & 1)
			s->b[s->at / 8] |= (unsigned char)(0x80 >> s->at % 8);
}

static unsigned bits_get(struct bits *s, int n)
{
	unsigned v = 0;
	for (int i = 0; i < n; i++, s->at++)
		v = v << 1 | (s->b[s->at / 8] >> (7 - s->at % 8) & 1);
	return v;
}

/* The bits a point of a w x h board is written in. */
static int point_bits(int w, int h)
{
	int n = 1;
	while ((1u << n) <= (unsigned)(w * h + 1))
		n++;
	return n;
}

static size_t put_count(unsigned char *b, size_t n)
{
	size_t at = 0;
	for (; n >= 0x80; n >>= 7)
		b[at++] = (unsigned char)(n | 0x80);
	b[at++] = (unsigned char)n;
	return at;
}

/* A count at b[*at] (of bytes), at most max; false when it is none. */
static bool get_count(const unsigned char *b, size_t bytes, size_t *at, size_t max, size_t *n)
{
	*n = 0;
	for (int shift = 0; *at < bytes && shift < 28; shift += 7) {
		unsigned char c = b[(*at)++];
		*n |= (size_t)(c & 0x7F) << shift;
		if (!(c & 0x80))
			return *n <= max && (shift == 0 || c);   /* no trailing 0 byte */
	}
	return false;
}

unsigned char *dup_ix_normal(const struct dup_game *g, size_t *len)
{
	int w = g->width, h = g->height, pb = point_bits(w, h);
	unsigned pass = (unsigned)(w * h), escape = pass + 1;
	size_t bits = g->nsetup * (size_t)(1 + pb) + g->nline * (size_t)(2 * pb + 3);
	unsigned char *b = xcalloc(2 + 2 * 10 + (bits + 7) / 8, 1);
	size_t at = 2;
	b[0] = (unsigned char)w;
	b[1] = (unsigned char)h;
	at += put_count(b + at, g->nsetup);
	at += put_count(b + at, g->nline);
	struct bits s = { b + at, 0 };
	for (size_t i = 0; i < g->nsetup; i++) {
		unsigned p = DUP_POINT(g->setup[i]);
		bits_put(&s, DUP_TAG(g->setup[i]) == DUP_AW, 1);
		bits_put(&s, p / MAX_SIDE * (unsigned)w + p % MAX_SIDE, pb);
	}
	unsigned expected = DUP_B;
	for (size_t i = 0; i < g->nline; i++) {
		unsigned tag = DUP_TAG(g->line[i]), p = DUP_POINT(g->line[i]);
		if (tag != expected) {
			bits_put(&s, escape, pb);
			bits_put(&s, tag, 3);
		}
		bits_put(&s, p == DUP_PASS ? pass : p / MAX_SIDE * (unsigned)w + p % MAX_SIDE, pb);
		if (tag <= DUP_W)
			expected = !tag;
	}
	*len = at + (s.at + 7) / 8;
	return b;
}

/* An element of tag at point v (a w x h board's, or its pass) as the key's
 * encoding has it; 0xFFFF when it is none a game has: before the first
 * move (setup) a black or white stone, after it a move or a change of
 * setup, a pass a move's alone. */
static uint16_t element(unsigned tag, unsigned v, int w, int h)
{
	unsigned pass = (unsigned)(w * h);
	if (tag > DUP_AE || v > pass || (v == pass && tag > DUP_W))
		return 0xFFFF;
	return (uint16_t)(tag << 13 | (v == pass ? DUP_PASS
					   : v / (unsigned)w * MAX_SIDE + v % (unsigned)w));
}

bool dup_ix_decode(struct dup_game *g, const unsigned char *b, size_t bytes)
{
	size_t at = 2, nsetup, nline;
	if (!b || bytes < 4 || b[0] < 1 || b[0] > MAX_SIDE || b[1] < 1 || b[1] > MAX_SIDE ||
	    !get_count(b, bytes, &at, (size_t)b[0] * b[1], &nsetup) ||
	    !get_count(b, bytes, &at, 8 * bytes, &nline))
		return false;
	int w = b[0], h = b[1], pb = point_bits(w, h);
	unsigned escape = (unsigned)(w * h) + 1;
	/* every element one a game has, the bits all there and no more (a
	 * page damaged in a way SQLite's checks pass: a point off the board
	 * drew no board, it crashed) */
	size_t least = nsetup * (size_t)(1 + pb) + nline * (size_t)pb;
	if ((least + 7) / 8 > bytes - at)
		return false;
	struct bits s = { (unsigned char *)b + at, 0 };
	size_t total = 8 * (bytes - at);
	uint16_t *setup = xmalloc((nsetup ? nsetup : 1) * sizeof *setup);
	uint16_t *line = xmalloc((nline ? nline : 1) * sizeof *line);
	bool ok = true;
	for (size_t i = 0; ok && i < nsetup; i++) {
		unsigned tag = DUP_AB + bits_get(&s, 1), v = bits_get(&s, pb);
		setup[i] = element(tag, v, w, h);
		ok = setup[i] != 0xFFFF;
	}
	unsigned expected = DUP_B;
	for (size_t i = 0; ok && i < nline; i++) {
		unsigned tag = expected, v;
		if (s.at + (size_t)pb > total) {
			ok = false;
			break;
		}
		v = bits_get(&s, pb);
		if (v == escape) {
			if (s.at + 3 + (size_t)pb > total) {
				ok = false;
				break;
			}
			tag = bits_get(&s, 3);
			v = bits_get(&s, pb);
			ok = tag != expected;   /* as written: a move expected is not escaped */
		}
		line[i] = element(tag, v, w, h);
		ok = ok && line[i] != 0xFFFF;
		if (tag <= DUP_W)
			expected = !tag;
	}
	ok = ok && (s.at + 7) / 8 == bytes - at;
	while (ok && s.at < total)   /* the last byte filled with 0 */
		ok = !bits_get(&s, 1);
	if (!ok) {
		free(setup);
		free(line);
		return false;
	}
	g->width = w;
	g->height = h;
	g->setup = setup;
	g->nsetup = g->setup_cap = nsetup;
	g->line = line;
	g->nline = g->line_cap = nline;
	dup_game_trim(g);   /* indexed by a jgflint that kept it */
	for (size_t i = 0; i < g->nline; i++) {
		g->moves += DUP_TAG(g->line[i]) <= DUP_W;
		g->line_setup |= DUP_TAG(g->line[i]) > DUP_W;
	}
	return true;
}

size_t dup_ix_paths(struct dup_index *x, const char *sql, char ***paths)
{
	*paths = NULL;
	sqlite3_stmt *q;
	if (!dup_ix_usable(x))
		return 0;
	if (sqlite3_prepare_v2(x->db, sql, -1, &q, NULL) != SQLITE_OK) {
		dup_ix_failed(x, "cannot read the index");
		return 0;
	}
	size_t n = 0, cap = 0;
	int rc;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		const char *path = (const char *)sqlite3_column_text(q, 0);
		if (!path)
			continue;
		*paths = xgrow(*paths, &cap, n + 1, sizeof **paths);
		(*paths)[n++] = xstrdup(path);
	}
	if (rc != SQLITE_DONE)
		dup_ix_failed(x, "cannot read the index");
	sqlite3_finalize(q);
	return n;
}

#endif
