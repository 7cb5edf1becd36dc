/* indexschema: the index's schema (dup/indexdb.h): made in a new index,
 * an older one brought up to it, and what an older one lacks. */
#include "dup/index.h"

#ifdef HAVE_SQLITE3

#include <stdio.h>

#include "base/buf.h"
#include "dup/indexdb.h"

/* Schema version 16, as the man page's DUPLICATES section documents it:
 * the files, and their games (what a group shows of each, its keys and
 * normal form, the hashes --against looks it up by, its terms, its
 * variations, its first illegal move, the hashes of its variations and
 * comments, its comment texts, its round, its markup's hash and marks,
 * its players' ranks given apart from their names, whether its record
 * plays two black moves in a row before white's first, and the group the
 * last run put it in) with the fingerprints near copies are found by. The games' key
 * and sgfinfo are MD5s of 16 bytes, their normal form as indexdb.c's
 * dup_ix_normal writes it (version 10 kept the MD5s as 32 hex digits and
 * the normal form in 16 bits an element: 1,300 bytes a game of a dense
 * collection's index). */
static const char files_schema[] =
	"CREATE TABLE files ("
	" id INTEGER PRIMARY KEY,"
	" path TEXT NOT NULL UNIQUE,"
	" size INTEGER NOT NULL,"
	" mtime_ns INTEGER NOT NULL,"
	" md5 TEXT NOT NULL,"
	" games INTEGER NOT NULL DEFAULT 0,"
	" indexed TEXT NOT NULL);";
/* The prints table is searched by hash alone: a game's fingerprints are
 * made again from its normal form where they are wanted
 * (dup_ix_normal_prints), not looked up by an index of the table by game
 * (prints_game, which indexes made before kept: a fifth of a dense
 * collection's index, 436 bytes a game). */
static const char games_schema[] =
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
	" key BLOB NOT NULL,"
	" dyer TEXT,"
	" sgfinfo BLOB,"
	" normal BLOB NOT NULL,"
	" open INTEGER NOT NULL DEFAULT 0,"
	" relation TEXT,"
	" kept INTEGER,"
	" why TEXT,"
	" to_move INTEGER NOT NULL DEFAULT 0,"
	" komi REAL,"
	" handicap INTEGER,"
	" rules TEXT,"
	" variations INTEGER NOT NULL DEFAULT 0,"
	" illegal INTEGER NOT NULL DEFAULT 0,"
	" tree INTEGER DEFAULT 0,"
	" tree_swapped INTEGER DEFAULT 0,"
	" comment_hash INTEGER NOT NULL DEFAULT 0,"
	" comment_bytes INTEGER NOT NULL DEFAULT 0,"
	" comment_items BLOB,"
	" round TEXT,"
	" markup_hash INTEGER NOT NULL DEFAULT 0,"
	" markup_items BLOB,"
	" black_rank TEXT, white_rank TEXT,"
	" black_twice INTEGER NOT NULL DEFAULT 0,"
	" UNIQUE (file, game));"
	"CREATE INDEX games_key ON games(key);"
	"CREATE INDEX games_dyer ON games(dyer);"
	"CREATE INDEX games_sgfinfo ON games(sgfinfo);"
	"CREATE INDEX games_open ON games(open, file);"
	"CREATE INDEX games_kept ON games(kept);"
	"CREATE TABLE prints ("
	" hash INTEGER NOT NULL,"
	" game INTEGER NOT NULL REFERENCES games(id),"
	" pos INTEGER NOT NULL,"
	" PRIMARY KEY (hash, game, pos)) WITHOUT ROWID;";
/* An index before version 16 holds no ranks given apart from the
 * players' names (SGF's BR and WR), nor whether a game's record plays two
 * black moves in a row before white's first (struct dup_game's
 * black_twice), before 15 its games' variations hashed with
 * their setup as written (not the position it makes; an emptied point
 * not turned with the board), their arrows,
 * lines and dimmed points unread, DD's rectangles as their corners and
 * its main line's marks hashed with their points (not turned with a
 * middle's alignment: REVIEW.md R169), before 14 its games' marks read
 * otherwise (no arrows, lines or dimmed points; a mark's type as spelt),
 * before 13
 * no markup, before 12 its games'
 * comments of variations and positions hashed otherwise (not at their
 * nodes), before 11 its games in
 * another form, and before 10 without some of what this version compares
 * (dup_ix_lacks), which
 * nothing it holds gives: its games and fingerprints are dropped (with
 * prints_game, where it has one) and its files marked to be read again
 * (a size no file has, no content hash), which the update does
 * (dup_index_stale), so that no game is reported with what it was never
 * read for, nor read in a form it was not written in. */
static const char games_dropped[] = "DROP TABLE IF EXISTS prints; DROP TABLE games;";
static const char stale[] = "UPDATE files SET size = -1, md5 = '';";

bool dup_ix_made(struct dup_index *x)
{
	char pragmas[96];
	snprintf(pragmas, sizeof pragmas, "PRAGMA application_id = %d; PRAGMA user_version = %d;",
		 DUP_INDEX_APPLICATION_ID, DUP_INDEX_VERSION);
	x->version = DUP_INDEX_VERSION;
	return dup_ix_exec(x, files_schema, "cannot make the index") &&
	       dup_ix_exec(x, games_schema, "cannot make the index") &&
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
	       : version < 10 ? "rounds, which tell records without moves apart"
	       : version < 11 ? "keys and moves in version 11's smaller form"
	       : version < 12 ? "comments of variations and positions compared at their nodes"
	       : version < 13 ? "markup (marks and labels) compared at its nodes"
	       : version < 14 ? "arrows, lines and dimmed points (AR, LN, DD) among their marks, "
				"and marks' types as the check reads them"
	       : version < 15 ? "variations' setup read as the position it makes, an emptied point "
				"turned with "
		 "the board, and their comments and marks placed by it; arrows, lines and dimmed "
		 "points of their variations, and dimmed "
		 "rectangles' points, among their marks, and their main line's marks by their "
		 "points (compared through a middle excerpt's alignment)"
	       : "players' ranks given apart from their names (BR, WR) compared, and whether "
		 "their records play two black moves in a row before white's first (a move "
		 "inserted or lost, which the copy kept never has)";
}

/* An index of an older version brought up to this one in the update's
 * transaction: its games and fingerprints dropped and made again, its
 * files to be read again (games_dropped). Else why in err. */
bool dup_ix_upgraded(struct dup_index *x, struct buf *err)
{
	static const char why[] = "cannot bring the index up to this jgflint's schema";
	if (x->version >= DUP_INDEX_VERSION)
		return true;
	char pragma[64];
	snprintf(pragma, sizeof pragma, "PRAGMA user_version = %d", DUP_INDEX_VERSION);
	if (!dup_ix_exec(x, games_dropped, why) || !dup_ix_exec(x, games_schema, why) ||
	    !dup_ix_exec(x, stale, why) || !dup_ix_exec(x, pragma, why)) {
		buf_adds(err, x->err.data);
		return false;
	}
	x->version = DUP_INDEX_VERSION;
	x->rebuilt = true;
	return true;
}

#endif
