/* indexschema: the index's schema (dup/indexdb.h): made in a new index,
 * an older one brought up to it, and what an older one lacks. */
#include "dup/index.h"

#ifdef HAVE_SQLITE3

#include <stdio.h>

#include "base/buf.h"
#include "dup/indexdb.h"

/* Schema version 7, as the man page's DUPLICATES section documents it:
 * version 1's (schema), and what --against looks a game up by (games.open,
 * the prints table) and the groups (games.relation, kept, why) (schema2),
 * the terms (schema3), the variations (schema4), the first illegal move
 * (schema5), the hashes of the variations and comments (schema6), and the
 * comment text's length (schema7). */
static const char schema[] =
	"CREATE TABLE files ("
	" id INTEGER PRIMARY KEY,"
	" path TEXT NOT NULL UNIQUE,"
	" size INTEGER NOT NULL,"
	" mtime_ns INTEGER NOT NULL,"
	" md5 TEXT NOT NULL,"
	" games INTEGER NOT NULL DEFAULT 0,"
	" indexed TEXT NOT NULL);"
	"CREATE TABLE games ("
	" id INTEGER PRIMARY KEY,"
	" file INTEGER NOT NULL REFERENCES files(id),"
	" game INTEGER NOT NULL,"
	" format TEXT NOT NULL,"
	" width INTEGER NOT NULL,"
	" height INTEGER NOT NULL,"
	" moves INTEGER NOT NULL,"
	" handicap_moves INTEGER NOT NULL,"
	" comments INTEGER NOT NULL,"
	" black TEXT, white TEXT, date TEXT, result TEXT, event TEXT,"
	" key TEXT NOT NULL,"
	" dyer TEXT,"
	" sgfinfo TEXT,"
	" normal BLOB NOT NULL,"
	" UNIQUE (file, game));"
	"CREATE INDEX games_key ON games(key);"
	"CREATE INDEX games_dyer ON games(dyer);"
	"CREATE INDEX games_sgfinfo ON games(sgfinfo);";
/* Version 3's: the terms a game was played under, which the report
 * compares (komi and handicap as numbers, rules as written). */
static const char schema3[] =
	"ALTER TABLE games ADD COLUMN komi REAL;"
	"ALTER TABLE games ADD COLUMN handicap INTEGER;"
	"ALTER TABLE games ADD COLUMN rules TEXT;";
/* Version 4's: the variations off a game's main line, which the copy
 * kept is chosen by (a copy with them kept, the other deleted). */
static const char schema4[] =
	"ALTER TABLE games ADD COLUMN variations INTEGER NOT NULL DEFAULT 0;";
/* Version 5's: the main line's first illegal move, which the copy kept is
 * never chosen for where another has none; and the setup on a main line
 * read as the position it makes (its normal form, its key). */
static const char schema5[] =
	"ALTER TABLE games ADD COLUMN illegal INTEGER NOT NULL DEFAULT 0;";
/* Version 6's: what the report compares besides a game's key: the hashes
 * of its moves with its variations (colours as played, and swapped; 0:
 * its key says them; NULL: too many to read) and of its comments. */
static const char schema6[] =
	"ALTER TABLE games ADD COLUMN tree INTEGER DEFAULT 0;"
	"ALTER TABLE games ADD COLUMN tree_swapped INTEGER DEFAULT 0;"
	"ALTER TABLE games ADD COLUMN comment_hash INTEGER NOT NULL DEFAULT 0;";
/* Version 7's: the amount of a game's comment text, which the copy kept
 * is chosen by after their number; and the hash of its comments made
 * with the move each stands after, its blanks collapsed (version 6's
 * dropped them, and the place). */
static const char schema7[] =
	"ALTER TABLE games ADD COLUMN comment_bytes INTEGER NOT NULL DEFAULT 0;";
/* Version 8's: each comment text of a game hashed with its place, sorted
 * (8 bytes each, NULL: none), which tells whether a copy's texts are all
 * among the kept copy's; and the places counted after a handicap played
 * as moves is taken off (version 7's counted them before). */
static const char schema8[] =
	"ALTER TABLE games ADD COLUMN comment_items BLOB;";
/* Version 9 adds no column: comment_items holds each text with its place
 * (dup_comment_item, big-endian), summing to comment_hash again (version
 * 8's held each text alone in the machine's order, and comment_hash
 * another sum); its files are read again. */
/* Version 10's: the event's round (SGF's RO), which tells records without
 * moves apart (a two-game match of one day). */
static const char schema10[] = "ALTER TABLE games ADD COLUMN round TEXT;";
/* An index before version 3 holds no game's terms, before 4 no game's
 * variations, before 5 no game's illegal move (and its games' setup on
 * the main line as written), before 6 no hashes of their variations and
 * comments, before 7 no comment text's length (and another hash of the
 * comments), before 8 no comment texts one by one, before 9 no comment
 * text's place beside it, before 10 no round, and nothing it holds gives them: its files
 * are marked to be read again (a size no file has, no content hash),
 * which the update does (dup_index_stale), so that no game is reported
 * with what it was never read for. */
static const char stale[] = "UPDATE files SET size = -1, md5 = '';";
/* Version 2's additions, also how a version 1 index is brought up to it.
 * The prints table is searched by hash alone: a game's fingerprints are
 * made again from its normal form where they are wanted
 * (dup_ix_normal_prints), not looked up by an index of the table by game
 * (prints_game, which indexes made before kept: a fifth of a dense
 * collection's index, 436 bytes a game). */
static const char schema2[] =
	"ALTER TABLE games ADD COLUMN open INTEGER NOT NULL DEFAULT 0;"
	"ALTER TABLE games ADD COLUMN relation TEXT;"
	"ALTER TABLE games ADD COLUMN kept INTEGER;"
	"ALTER TABLE games ADD COLUMN why TEXT;"
	"ALTER TABLE games ADD COLUMN to_move INTEGER NOT NULL DEFAULT 0;"
	"CREATE INDEX games_open ON games(open, file);"
	"CREATE INDEX games_kept ON games(kept);"
	"CREATE TABLE prints ("
	" hash INTEGER NOT NULL,"
	" game INTEGER NOT NULL REFERENCES games(id),"
	" pos INTEGER NOT NULL,"
	" PRIMARY KEY (hash, game, pos)) WITHOUT ROWID;";

bool dup_ix_made(struct dup_index *x)
{
	char pragmas[96];
	snprintf(pragmas, sizeof pragmas, "PRAGMA application_id = %d; PRAGMA user_version = %d;",
		 DUP_INDEX_APPLICATION_ID, DUP_INDEX_VERSION);
	x->version = DUP_INDEX_VERSION;
	return dup_ix_exec(x, schema, "cannot make the index") &&
	       dup_ix_exec(x, schema2, "cannot make the index") &&
	       dup_ix_exec(x, schema3, "cannot make the index") &&
	       dup_ix_exec(x, schema4, "cannot make the index") &&
	       dup_ix_exec(x, schema5, "cannot make the index") &&
	       dup_ix_exec(x, schema6, "cannot make the index") &&
	       dup_ix_exec(x, schema7, "cannot make the index") &&
	       dup_ix_exec(x, schema8, "cannot make the index") &&
	       dup_ix_exec(x, schema10, "cannot make the index") &&
	       dup_ix_exec(x, pragmas, "cannot make the index");
}

const char *dup_ix_lacks(long long version)
{
	return version < 3 ? "komi, handicap, rules, variations, illegal moves and comments compared"
	       : version < 4 ? "variations, illegal moves and comments compared"
	       : version < 5 ? "illegal moves, setup read as positions and comments compared"
	       : version < 6 ? "variations and comments compared"
	       : version < 7 ? "comments compared by the move they stand after, and their text's "
			       "length"
	       : version < 8 ? "comments compared one by one"
	       : version < 9 ? "comments compared by the move each stands after"
	       : "rounds, which tell records without moves apart";
}

/* A version 2 to 9 index brought up to version 10: the terms' columns
 * (from 2), the variations' (from 3), the illegal move's (from 4), the
 * hashes' of the variations and comments (from 5), the comment text's
 * length (from 6), the comment texts' (from 7), the round's (from 9), its
 * files to be read again.
 * Else why in err. */
static bool upgraded_terms(struct dup_index *x, struct buf *err)
{
	static const char why[] = "cannot bring the index up to this jgflint's schema";
	char pragma[64];
	snprintf(pragma, sizeof pragma, "PRAGMA user_version = %d", DUP_INDEX_VERSION);
	if ((x->version < 3 && !dup_ix_exec(x, schema3, why)) ||
	    (x->version < 4 && !dup_ix_exec(x, schema4, why)) ||
	    (x->version < 5 && !dup_ix_exec(x, schema5, why)) ||
	    (x->version < 6 && !dup_ix_exec(x, schema6, why)) ||
	    (x->version < 7 && !dup_ix_exec(x, schema7, why)) ||
	    (x->version < 8 && !dup_ix_exec(x, schema8, why)) ||
	    (x->version < 10 && !dup_ix_exec(x, schema10, why)) || !dup_ix_exec(x, stale, why) ||
	    !dup_ix_exec(x, pragma, why)) {
		buf_adds(err, x->err.data);
		return false;
	}
	x->version = DUP_INDEX_VERSION;
	return true;
}

/* An index of an older version brought up to this one in the update's
 * transaction: from version 1, the columns and table --against looks
 * games up by, filled from each game's normal form, and those of the
 * groups; from 1 to 5, the terms', the variations', the illegal move's
 * and the hashes' columns (upgraded_terms), its files to be read again.
 * Else why in err. */
bool dup_ix_upgraded(struct dup_index *x, struct buf *err)
{
	if (x->version >= DUP_INDEX_VERSION)
		return true;
	if (x->version >= 2)
		return upgraded_terms(x, err);
	sqlite3_stmt *q;
	bool ok = dup_ix_usable(x) && sqlite3_exec(x->db, schema2, NULL, NULL, NULL) == SQLITE_OK &&
		  sqlite3_prepare_v2(x->db, "SELECT id, normal FROM games", -1, &q, NULL) == SQLITE_OK;
	if (!ok) {
		dup_ix_failed(x, "cannot bring the index up to this jgflint's schema");
		buf_adds(err, x->err.data);
		return false;
	}
	int rc;
	while ((rc = sqlite3_step(q)) == SQLITE_ROW) {
		struct dup_game g;
		dup_game_init(&g);
		long long id = sqlite3_column_int64(q, 0);
		if (dup_ix_decode(&g, sqlite3_column_blob(q, 1), (size_t)sqlite3_column_bytes(q, 1))) {
			struct print *prints;
			size_t n;
			sqlite3_stmt *u = dup_ix_stmt(x, Q_UPGRADE, "UPDATE games SET open = ? WHERE id = ?");
			if (u) {
				sqlite3_bind_int64(u, 1, (sqlite3_int64)dup_ix_hashes(x, &g, &prints, &n));
				sqlite3_bind_int64(u, 2, id);
				if (dup_ix_done(x, u, "cannot bring the index up to this jgflint's schema"))
					dup_ix_add_prints(x, id, prints, n,
							  dup_bare_open(x->scratch, &g));
			}
		}
		dup_game_free(&g);
	}
	if (rc != SQLITE_DONE)
		dup_ix_failed(x, "cannot bring the index up to this jgflint's schema");
	sqlite3_finalize(q);
	if (x->failed) {
		buf_adds(err, x->err.data);
		return false;
	}
	return upgraded_terms(x, err);
}

#endif
