/* indexread: the games of `jgflint duplicates --index`'s SQLite database
 * read back (dup/index.h): all of them, or (--against) those that the
 * games read now can be grouped with, looked up by their hashes; and the
 * groups written to it. */
#include "dup/index.h"

#ifdef HAVE_SQLITE3

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/charset.h"
#include "base/dom.h"
#include "base/paths.h"
#include "dup/indexdb.h"
#include "dup/u64set.h"

static const char *intern(struct dup_index *x, const char *format)
{
	for (size_t i = 0; i < x->nformats; i++)
		if (!strcmp(x->formats[i], format))
			return x->formats[i];
	x->formats = xgrow(x->formats, &x->formats_cap, x->nformats + 1, sizeof *x->formats);
	return x->formats[x->nformats++] = xstrdup(format);
}

static char *column(sqlite3_stmt *q, int i)
{
	const char *s = (const char *)sqlite3_column_text(q, i);
	return s && *s ? xstrdup(s) : NULL;
}


/* The columns of a game's row as from_row reads them (an index is read at
 * this version only: dup_index_open refuses an older one to a reader, and
 * an update brings it up first). */
#define ROW_COLUMNS "f.path, g.game, f.games, g.format, g.handicap_moves, g.comments, " \
	"g.black, g.white, g.date, g.result, g.event, g.id, g.dyer, g.sgfinfo, g.normal, " \
	"g.to_move, g.komi, g.handicap, g.rules, g.variations, g.open, g.illegal, g.tree, " \
	"g.tree_swapped, g.comment_hash, g.comment_bytes, g.comment_items, g.round, " \
	"g.markup_hash, g.markup_items, g.black_rank, g.white_rank, g.black_twice"

/* Whether each text column of a row is valid UTF-8 (as every value
 * jgflint writes is): a report must not hand on bytes a page's damage
 * made. */
static bool texts_ok(sqlite3_stmt *q)
{
	static const int text[] = { 0, 3, 6, 7, 8, 9, 10, 12, 18, 27, 30, 31 };
	for (size_t i = 0; i < sizeof text / sizeof *text; i++) {
		const char *v = (const char *)sqlite3_column_text(q, text[i]);
		if (v && !charset_valid_utf8(v, (size_t)sqlite3_column_bytes(q, text[i])))
			return false;
	}
	return true;
}

/* A game from its row; false when the row is not one jgflint wrote (a
 * page damaged in a way SQLite's checks pass): its file not in the index,
 * its number not one of the file's games, a text not UTF-8, an element
 * of its normal form no game has, or the opening hash it is looked up by
 * not that of its normal form. */
static bool from_row(struct dup_index *x, struct dup_game *g, sqlite3_stmt *q)
{
	long long game = sqlite3_column_int64(q, 1), count = sqlite3_column_int64(q, 2);
	if (!sqlite3_column_text(q, 0) || game < 1 || game > count || !texts_ok(q) ||
	    !dup_ix_decode(g, sqlite3_column_blob(q, 14), (size_t)sqlite3_column_bytes(q, 14)))
		return false;
	g->handicap_moves = (size_t)sqlite3_column_int64(q, 4);
	int to_move = sqlite3_column_int(q, 15);
	g->to_move = to_move == DUP_B + 1 || to_move == DUP_W + 1 ? to_move : 0;
	g->comments = (size_t)sqlite3_column_int64(q, 5);
	g->black = column(q, 6);
	g->white = column(q, 7);
	g->date = column(q, 8);
	g->result = column(q, 9);
	g->event = column(q, 10);
	g->round = column(q, 27);
	g->black_rank = column(q, 30);
	g->white_rank = column(q, 31);
	g->black_twice = sqlite3_column_int(q, 32) != 0;
	/* komi REAL and handicap INTEGER as SQLite writes them as text, as
	 * dup_game_from_jgf keeps them (6.0 is 6) */
	const char *komi = (const char *)sqlite3_column_text(q, 16);
	const char *handicap = (const char *)sqlite3_column_text(q, 17);
	if (komi)
		dup_number_text(strtod(komi, NULL), g->komi);
	if (handicap)
		dup_number_text(strtod(handicap, NULL), g->handicap);
	g->rules = column(q, 18);
	g->variations = (size_t)sqlite3_column_int64(q, 19);
	long long illegal = sqlite3_column_int64(q, 21);
	if (illegal < 0 || (size_t)illegal > g->moves)
		return false;
	g->illegal = (size_t)illegal;
	g->vars_unknown = sqlite3_column_type(q, 22) == SQLITE_NULL;
	g->tree_hash = (uint64_t)sqlite3_column_int64(q, 22);
	g->tree_swap_hash = (uint64_t)sqlite3_column_int64(q, 23);
	g->comment_hash = (uint64_t)sqlite3_column_int64(q, 24);
	long long bytes = sqlite3_column_int64(q, 25);
	g->comment_bytes = bytes > 0 ? (size_t)bytes : 0;
	/* the texts are those the hash sums (a row of another version's
	 * items, or damaged, is refused) */
	if (!dup_ix_items_read(&g->comment_items, &g->ncomment_items, &g->comment_items_cap,
			       g->comment_hash, sqlite3_column_blob(q, 26),
			       (size_t)sqlite3_column_bytes(q, 26)))
		return false;
	g->mark_hash = (uint64_t)sqlite3_column_int64(q, 28);
	if (!dup_ix_items_read(&g->mark_items, &g->nmark_items, &g->mark_items_cap, g->mark_hash,
			       sqlite3_column_blob(q, 29), (size_t)sqlite3_column_bytes(q, 29)))
		return false;
	const char *dyer = (const char *)sqlite3_column_text(q, 12);
	snprintf(g->dyer, sizeof g->dyer, "%s", dyer ? dyer : "");
	/* sgfinfo's MD5, 16 bytes (NULL: not defined) */
	if (sqlite3_column_type(q, 13) != SQLITE_NULL &&
	    !dup_ix_hex(sqlite3_column_blob(q, 13), (size_t)sqlite3_column_bytes(q, 13), g->sgfinfo))
		return false;
	return dup_ix_hashes(x, g, NULL, NULL) == (uint64_t)sqlite3_column_int64(q, 20);
}

/* Notes, for dup_index_group, the game the set has just added. */
static void note_loaded(struct dup_index *x, const char *shown, long long game, long long id)
{
	if (!x->nshown || strcmp(x->shown[x->nshown - 1], shown)) {
		x->shown = xgrow(x->shown, &x->shown_cap, x->nshown + 1, sizeof *x->shown);
		x->shown[x->nshown++] = xstrdup(shown);
	}
	x->loaded = xgrow(x->loaded, &x->loaded_cap, x->nloaded + 1, sizeof *x->loaded);
	x->loaded[x->nloaded++] = (struct loaded){ x->shown[x->nshown - 1], (uint32_t)game, id };
}

/* Adds the games of q's rows (ROW_COLUMNS, by path), but those of the
 * files in skip (sorted, nskip); returns how many. */
static size_t load_rows(struct dup_index *x, struct dup_set *s, sqlite3_stmt *q,
			char *const *skip, size_t nskip, bool mark)
{
	size_t added = 0;
	char *shown = NULL, *last = NULL;
	int rc;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		const char *path = (const char *)sqlite3_column_text(q, 0);
		if (path && nskip && bsearch(&path, skip, nskip, sizeof *skip, by_string))
			continue;
		struct dup_game g;
		dup_game_init(&g);
		g.indexed = mark;
		if (!from_row(x, &g, q)) {
			dup_game_free(&g);
			if (!x->failed)
				buf_printf(&x->err, "%s is a damaged jgflint index (games.id %lld is not a "
					   "game jgflint wrote: %s): it is left as it is; remove it and "
					   "index the collection again", x->path,
					   (long long)sqlite3_column_int64(q, 11), path && texts_ok(q)
					   ? "its row disagrees with itself or its file" : "no file holds it");
			x->failed = true;
			break;
		}
		if (!last || strcmp(last, path)) {
			free(last);
			free(shown);
			last = xstrdup(path);
			shown = dup_ix_shown(x, path);
		}
		const char *format = (const char *)sqlite3_column_text(q, 3);
		if (format && !strcmp(format, "NGF"))   /* indexed by a jgflint that kept them */
			dup_game_ngf_placeholders(&g);
		long long game = sqlite3_column_int64(q, 1), count = sqlite3_column_int64(q, 2);
		dup_set_add(s, &g, shown, game > 0 ? (size_t)game - 1 : 0,
			    count > 0 ? (size_t)count : 1, intern(x, format ? format : "?"));
		if (x->update)
			note_loaded(x, shown, game, sqlite3_column_int64(q, 11));
		dup_game_free(&g);
		added++;
	}
	if (rc != SQLITE_DONE && rc != SQLITE_ROW)
		dup_ix_failed(x, "cannot read the index");
	free(last);
	free(shown);
	return added;
}

/* skip (nskip paths) sorted, in a copy (freed by the caller). */
static char **sorted_copy(char *const *skip, size_t nskip)
{
	char **sorted = xmalloc((nskip ? nskip : 1) * sizeof *sorted);
	if (nskip) {   /* skip is NULL when there is none */
		memcpy(sorted, skip, nskip * sizeof *sorted);
		sort_items(sorted, nskip, sizeof *sorted, by_string);
	}
	return sorted;
}

/* Whether the index may be read whole: checked whole first (an update
 * checked it when it was opened). */
static bool checked(struct dup_index *x)
{
	if (x->checked || x->failed)
		return !x->failed;
	struct buf why = BUF_INIT;
	if (!dup_ix_verified(x, &why)) {
		buf_adds(&x->err, why.data);
		x->failed = true;
	}
	buf_free(&why);
	return !x->failed;
}

size_t dup_index_load(struct dup_index *x, struct dup_set *s, char *const *skip, size_t nskip,
		      bool mark)
{
	sqlite3_stmt *q;
	if (!checked(x) || !dup_ix_usable(x))
		return 0;
	/* Its table scanned whole (NOT INDEXED: a damaged entry of an index
	 * can neither hide a row nor give a column the row does not hold),
	 * LEFT JOIN: a game whose file is not in the index is said, not left
	 * out */
	const char *sql = "SELECT " ROW_COLUMNS " FROM games g NOT INDEXED LEFT JOIN files f ON "
			  "g.file = f.id ORDER BY f.path, g.game";
	if (sqlite3_prepare_v2(x->db, sql, -1, &q, NULL) != SQLITE_OK) {
		dup_ix_failed(x, "cannot read the index");
		return 0;
	}
	char **sorted = sorted_copy(skip, nskip);
	size_t added = load_rows(x, s, q, sorted, nskip, mark);
	sqlite3_finalize(q);
	free(sorted);
	return added;
}

/* ---- --against: the games looked up ---- */

/* A game of the index as the search needs it: its file, its key. */
struct sharer {
	long long id, file;
	unsigned char key[16];   /* its MD5 (0s when it cannot be read) */
};

/* The search for the games of the index the games read now can be grouped
 * with: every game that shares an opening hash or (near copies) a
 * fingerprint with one of them, and so on from each game found, so that
 * each game found comes with all those it could be linked to (its group,
 * the games a fragment begins), as a run over the whole index has them. */
struct search {
	struct dup_index *x;
	struct dup_set *s;
	struct u64set skip;      /* files.id of the files read now */
	struct u64set found;     /* games.id found */
	struct u64set opens, prints, bares;   /* the hashes looked up (by_open, by_print, by_bare) */
	long long *queue;      /* the games found, in order, and where the next */
	size_t nqueue, queue_cap, next;   /* ... to look up from is */
	bool near;             /* near copies are looked for (--max-differ > 0) */
	struct sharer *info;   /* games' files and keys read (game_info) */
	size_t ninfo, info_cap;
};

/* The test program's switches (cli/hooks.h). */
static bool query_plan, against_whole;

void dup_index_test_query_plan(bool on)
{
	query_plan = on;
}

void dup_index_test_against_whole(bool on)
{
	against_whole = on;
}

/* A statement of the search (and, for the tests, with query_plan: its
 * query plan on standard error, which must search by an index, never scan
 * the games). */
static sqlite3_stmt *search_stmt(struct dup_index *x, int which, const char *sql)
{
	bool fresh = !x->q[which];
	sqlite3_stmt *q = dup_ix_stmt(x, which, sql);
	if (!q || !fresh || !query_plan)
		return q;
	char *explain = xmalloc(strlen(sql) + 32);
	sprintf(explain, "EXPLAIN QUERY PLAN %s", sql);
	sqlite3_stmt *e;
	if (sqlite3_prepare_v2(x->db, explain, -1, &e, NULL) == SQLITE_OK) {
		while (sqlite3_step(e) == SQLITE_ROW)
			fprintf(stderr, "query plan: %s\n", (const char *)sqlite3_column_text(e, 3));
		sqlite3_finalize(e);
	}
	free(explain);
	return q;
}

/* Game id of file found: to be added, and looked up from in turn. */
static void found(struct search *f, long long id, long long file)
{
	if (u64set_has(&f->skip, (uint64_t)file) || !u64set_add(&f->found, (uint64_t)id))
		return;   /* a file read now stands for itself */
	f->queue = xgrow(f->queue, &f->queue_cap, f->nqueue + 1, sizeof *f->queue);
	f->queue[f->nqueue++] = id;
}

/* The games whose opening hashes as open: identical copies, and games one
 * begins or continues (and near copies that agree on their opening). */
static void by_open(struct search *f, uint64_t open)
{
	if (!u64set_add(&f->opens, open))
		return;
	sqlite3_stmt *q = search_stmt(f->x, Q_BY_OPEN, "SELECT id, file FROM games WHERE open = ?");
	if (!q)
		return;
	sqlite3_bind_int64(q, 1, (sqlite3_int64)open);
	int rc;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW)
		found(f, sqlite3_column_int64(q, 0), sqlite3_column_int64(q, 1));
	if (rc != SQLITE_DONE)
		dup_ix_failed(f->x, "cannot read the index");
	sqlite3_reset(q);
}

static int cmp_sharer(const void *a, const void *b)
{
	const struct sharer *x = a, *y = b;
	int c = memcmp(x->key, y->key, sizeof x->key);
	return c ? c : (x->id > y->id) - (x->id < y->id);
}

/* Game id's file and key, read once a search (a fingerprint's games are
 * mostly the same games from one fingerprint to the next). */
static struct sharer *game_info(struct search *f, long long id)
{
	if (2 * (f->ninfo + 1) > f->info_cap) {
		struct sharer *old = f->info;
		size_t cap = f->info_cap;
		f->info_cap = cap ? 2 * cap : 256;
		f->info = xcalloc(f->info_cap, sizeof *f->info);
		f->ninfo = 0;
		for (size_t i = 0; i < cap; i++)
			if (old[i].id) {
				size_t k = u64_spread((uint64_t)old[i].id) & (f->info_cap - 1);
				while (f->info[k].id)
					k = (k + 1) & (f->info_cap - 1);
				f->info[k] = old[i];
				f->ninfo++;
			}
		free(old);
	}
	size_t k = u64_spread((uint64_t)id) & (f->info_cap - 1);
	for (; f->info[k].id; k = (k + 1) & (f->info_cap - 1))
		if (f->info[k].id == id)
			return &f->info[k];
	struct sharer *e = &f->info[k];
	*e = (struct sharer){ id, -1, { 0 } };
	f->ninfo++;
	sqlite3_stmt *q = search_stmt(f->x, Q_GAME_INFO, "SELECT file, key FROM games WHERE id = ?");
	if (!q)
		return e;
	sqlite3_bind_int64(q, 1, id);
	if (sqlite3_step(q) == SQLITE_ROW) {
		const void *key = sqlite3_column_blob(q, 1);
		e->file = sqlite3_column_int64(q, 0);
		if (key && sqlite3_column_bytes(q, 1) == (int)sizeof e->key)
			memcpy(e->key, key, sizeof e->key);
	}
	sqlite3_reset(q);
	return e;
}

/* The games statement q returns for hash (its one parameter), *n of them. */
static long long *games_of(struct search *f, sqlite3_stmt *q, uint64_t hash, size_t *n)
{
	sqlite3_bind_int64(q, 1, (sqlite3_int64)hash);
	long long *ids = NULL;
	size_t cap = 0;
	int rc;
	*n = 0;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		ids = xgrow(ids, &cap, *n + 1, sizeof *ids);
		ids[(*n)++] = sqlite3_column_int64(q, 0);
	}
	if (rc != SQLITE_DONE)
		dup_ix_failed(f->x, "cannot read the index");
	sqlite3_reset(q);
	return ids;
}

/* Games of games_of found (their files asked only where files are
 * skipped), and the list freed. */
static void found_games(struct search *f, long long *ids, size_t n)
{
	bool skips = f->skip.n > 0;
	for (size_t i = 0; i < n; i++)
		if (!u64set_has(&f->found, (uint64_t)ids[i]))
			found(f, ids[i], skips ? game_info(f, ids[i])->file : -1);
	free(ids);
}

/* The games that share fingerprint hash (near copies). One more than
 * NEAR_COMMON of the set's entries share (an entry a place of a game,
 * one game of each key, as link_near counts them) finds no candidates in
 * a run over the whole index: the set is told so, and they are not
 * added (a common opening or joseki would bring in most of the index). */
static void by_print(struct search *f, uint64_t hash)
{
	if (!u64set_add(&f->prints, hash))
		return;
	sqlite3_stmt *q = search_stmt(f->x, Q_BY_PRINT, "SELECT game FROM prints WHERE hash = ?");
	if (!q)
		return;
	size_t n;
	long long *ids = games_of(f, q, hash, &n);
	bool skips = f->skip.n > 0;
	if (n > NEAR_COMMON) {   /* the entries of the first game of each key */
		struct sharer *sh = xmalloc(n * sizeof *sh);
		size_t m = 0;
		for (size_t i = 0; i < n; i++) {
			struct sharer *e = game_info(f, ids[i]);
			if (!skips || !u64set_has(&f->skip, (uint64_t)e->file))
				sh[m++] = *e;
		}
		sort_items(sh, m, sizeof *sh, cmp_sharer);
		size_t entries = 0;
		for (size_t i = 0, first = 0; i < m; i++) {
			if (i && memcmp(sh[i].key, sh[i - 1].key, sizeof sh[i].key))
				first = i;
			entries += sh[i].id == sh[first].id;
		}
		free(sh);
		if (entries > NEAR_COMMON) {
			dup_set_common(f->s, hash);
			n = 0;
		}
	}
	found_games(f, ids, n);
}

/* The games with a handicap's stones a copy of which without them has
 * the opening open (their row of the prints table at DUP_IX_BARE_POS):
 * found at --max-differ 0 too, as a run over the whole index finds them
 * (link_all's bucket of their moves alone). */
static void by_bare(struct search *f, uint64_t open)
{
	if (!u64set_add(&f->bares, open))
		return;
	sqlite3_stmt *q = search_stmt(f->x, Q_BY_BARE, "SELECT game FROM prints WHERE hash = ? AND "
				      "pos = -1");
	if (!q)
		return;
	size_t n;
	long long *ids = games_of(f, q, open, &n);
	found_games(f, ids, n);
}

/* A game's opening looked up: the games of that opening, and those of
 * stones whose moves alone have it; a game's with stones, bare (0: none),
 * the games of its moves' opening without them. */
static void by_opens(struct search *f, uint64_t open, uint64_t bare)
{
	by_open(f, open);
	by_bare(f, open);
	if (bare)
		by_open(f, bare);
}

/* Looks up from game id of the index: by its opening, its fingerprints. */
static void from_game(struct search *f, long long id)
{
	sqlite3_stmt *q = search_stmt(f->x, Q_GAME_OPEN, "SELECT open, normal FROM games WHERE id = ?");
	if (!q)
		return;
	sqlite3_bind_int64(q, 1, id);
	if (sqlite3_step(q) != SQLITE_ROW) {
		sqlite3_reset(q);
		return;
	}
	uint64_t open = (uint64_t)sqlite3_column_int64(q, 0), *hashes = NULL, bare;
	struct print *prints;
	/* its fingerprints and the opening of its moves without its stones,
	 * made again from its normal form (dup_ix_normal_prints) */
	size_t n = dup_ix_normal_prints(f->x, sqlite3_column_blob(q, 1),
					(size_t)sqlite3_column_bytes(q, 1), &prints, &bare);
	n = f->near ? n : 0;
	if (n) {
		hashes = xmalloc(n * sizeof *hashes);
		for (size_t i = 0; i < n; i++)
			hashes[i] = prints[i].hash;
	}
	sqlite3_reset(q);
	by_opens(f, open, bare);
	for (size_t i = 0; i < n; i++)
		by_print(f, hashes[i]);
	free(hashes);
}

/* The games found added to s, in the order a whole read adds them (by
 * path, then number), each of a file with all its games (else the index
 * is damaged). Returns how many. */
static size_t load_found(struct search *f)
{
	struct dup_index *x = f->x;
	if (!dup_ix_usable(x) || sqlite3_exec(x->db, "CREATE TEMP TABLE IF NOT EXISTS want (id "
					      "INTEGER PRIMARY KEY); DELETE FROM temp.want", NULL,
					      NULL, NULL) != SQLITE_OK) {
		dup_ix_failed(x, "cannot read the index");
		return 0;
	}
	for (size_t i = 0; i < f->nqueue; i++) {
		sqlite3_stmt *q = dup_ix_stmt(x, Q_WANT, "INSERT INTO temp.want (id) VALUES (?)");
		if (!q)
			return 0;
		sqlite3_bind_int64(q, 1, f->queue[i]);
		dup_ix_done(x, q, "cannot read the index");
	}
	/* CROSS JOIN: the games wanted first (SQLite would rather scan games) */
	sqlite3_stmt *q = search_stmt(x, Q_SHORT, "SELECT count(*) FROM files f WHERE f.id IN "
				      "(SELECT g.file FROM temp.want w CROSS JOIN games g ON g.id = "
				      "w.id) AND f.games <> (SELECT count(*) FROM games g WHERE "
				      "g.file = f.id)");
	long long short_files = q && sqlite3_step(q) == SQLITE_ROW ? sqlite3_column_int64(q, 0) : -1;
	if (q)
		sqlite3_reset(q);
	if (short_files != 0) {
		if (!x->failed)
			buf_printf(&x->err, "%s is a damaged jgflint index (its files and games "
				   "disagree: a file without all of its games): it is left as it is; "
				   "remove it and index the collection again", x->path);
		x->failed = true;
		return 0;
	}
	q = search_stmt(x, Q_FOUND, "SELECT " ROW_COLUMNS " FROM temp.want w CROSS JOIN games g "
			"ON g.id = w.id LEFT JOIN files f ON g.file = f.id ORDER BY f.path, "
			"g.game");
	size_t loaded = q ? load_rows(x, f->s, q, NULL, 0, true) : 0;
	/* each game an index entry found is a row of the table (a damaged
	 * entry can name one that is not) */
	if (!x->failed && loaded != f->nqueue) {
		buf_printf(&x->err, "%s is a damaged jgflint index (its indexes name %zu games "
			   "its table does not hold): it is left as it is; remove it and index the "
			   "collection again", x->path, f->nqueue - loaded);
		x->failed = true;
	}
	return x->failed ? 0 : loaded;
}

size_t dup_index_against(struct dup_index *x, struct dup_set *s, char *const *skip,
			 size_t nskip)
{
	if (s->o.swap_colors || against_whole)   /* read whole */
		return dup_index_load(x, s, skip, nskip, true);
	struct search f = { .x = x, .s = s, .near = s->o.max_differ > 0 };
	long long skipped = 0;
	for (size_t i = 0; i < nskip; i++) {
		long long id = dup_ix_file_id(x, skip[i], NULL, NULL);
		if (id >= 0 && u64set_add(&f.skip, (uint64_t)id)) {
			sqlite3_stmt *q = dup_ix_stmt(x, Q_FILE_GAMES, "SELECT games FROM files WHERE id = ?");
			if (q) {
				sqlite3_bind_int64(q, 1, id);
				skipped += sqlite3_step(q) == SQLITE_ROW ? sqlite3_column_int64(q, 0) : 0;
				sqlite3_reset(q);
			}
		}
	}
	size_t fresh = s->len, nprints = s->nprints, nbare = s->nbare;
	for (size_t i = 0, b = 0; i < fresh; i++) {
		while (b < nbare && s->bare[b].game < i)
			b++;
		by_opens(&f, s->games[i].open, b < nbare && s->bare[b].game == i ? s->bare[b].hash : 0);
	}
	for (size_t i = 0; f.near && i < nprints; i++)
		by_print(&f, s->prints[i].hash);
	while (f.next < f.nqueue && !x->failed)
		from_game(&f, f.queue[f.next++]);
	size_t added = x->failed ? 0 : load_found(&f);
	long long total = dup_ix_number(x, "SELECT coalesce(sum(games), 0) FROM files");
	size_t counted = total > skipped ? (size_t)(total - skipped) : 0;
	if (counted > added)
		dup_set_count(s, counted - added);
	free(f.queue);
	u64set_free(&f.skip);
	u64set_free(&f.found);
	u64set_free(&f.opens);
	u64set_free(&f.prints);
	u64set_free(&f.bares);
	free(f.info);
	return counted;
}

/* ---- the groups ---- */

static int cmp_loaded(const void *a, const void *b)
{
	const struct loaded *x = a, *y = b;
	int c = strcmp(x->shown, y->shown);
	return c ? c : (x->game > y->game) - (x->game < y->game);
}

/* games.id of a game as the report names it (its "path" and "game", the
 * number of a game of a file of several); -1 when not indexed (standard
 * input). */
static long long id_of(struct dup_index *x, json_object *m, const char *path_key,
		       const char *game_key)
{
	json_object *path, *game;
	if (!json_object_object_get_ex(m, path_key, &path))
		return -1;
	struct loaded want = { json_object_get_string(path), 1, 0 };
	if (json_object_object_get_ex(m, game_key, &game))
		want.game = (uint32_t)json_object_get_int64(game);
	struct loaded *at = bsearch(&want, x->loaded, x->nloaded, sizeof *x->loaded, cmp_loaded);
	return at ? at->id : -1;
}

/* A game's row of its group: its relation, the kept copy, why (NULL:
 * none written). */
static void group_row(struct dup_index *x, long long id, const char *relation, long long kept,
		      const char *why)
{
	sqlite3_stmt *q = dup_ix_stmt(x, Q_GROUP, "UPDATE games SET relation = ?, kept = ?, why = ? "
				      "WHERE id = ?");
	if (!q || id < 0)
		return;
	sqlite3_bind_text(q, 1, relation, -1, SQLITE_STATIC);
	if (kept >= 0)
		sqlite3_bind_int64(q, 2, kept);
	if (why)
		sqlite3_bind_text(q, 3, why, -1, SQLITE_STATIC);
	else
		sqlite3_bind_null(q, 3);
	sqlite3_bind_int64(q, 4, id);
	dup_ix_done(x, q, "cannot write the groups to the index");
}

void dup_index_groups_begin(struct dup_index *x)
{
	if (x->nloaded)   /* for id_of */
		sort_items(x->loaded, x->nloaded, sizeof *x->loaded, cmp_loaded);
	sqlite3_stmt *q = dup_ix_stmt(x, Q_GROUP_CLEAR, "UPDATE games SET relation = NULL, kept = "
				      "NULL, why = NULL WHERE relation IS NOT NULL");
	dup_ix_done(x, q, "cannot write the groups to the index");
}

void dup_index_group(struct dup_index *x, json_object *g)
{
	json_object *games = NULL, *why = NULL;
	json_object_object_get_ex(g, "why", &why);
	long long kept = id_of(x, g, "keep", "keepGame");
	json_object_object_get_ex(g, "games", &games);
	/* why on the kept copy's row alone, the group's once (each copy's
	 * row held it: 180 bytes a game of a dense collection's index) */
	for (size_t k = 0; k < json_object_array_length(games); k++) {
		json_object *m = json_object_array_get_idx(games, k), *rel = NULL;
		json_object_object_get_ex(m, "relation", &rel);
		const char *relation = json_object_get_string(rel);
		group_row(x, id_of(x, m, "path", "game"), relation, kept,
			  relation && !strcmp(relation, "kept") ? json_object_get_string(why) : NULL);
	}
}

void dup_index_fragment(struct dup_index *x, json_object *fragment)
{
	json_object *games = NULL;
	json_object_object_get_ex(fragment, "games", &games);
	char why[96];
	snprintf(why, sizeof why, "the %s of several different games: which it copies cannot "
		 "be told", dup_part_words[dup_fragment_part(fragment)].of_each);
	for (size_t k = 0; k < json_object_array_length(games); k++)
		group_row(x, id_of(x, json_object_array_get_idx(games, k), "path", "game"),
			  "fragment", -1, why);
}

size_t dup_index_files(struct dup_index *x)
{
	long long n = dup_ix_number(x, "SELECT count(*) FROM files");
	return n > 0 ? (size_t)n : 0;
}

size_t dup_index_paths(struct dup_index *x, char ***paths)
{
	return dup_ix_paths(x, "SELECT path FROM files ORDER BY path", paths);
}


#endif
