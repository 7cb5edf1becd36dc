/* record: what a document is (a JGF record, or which foreign format), and
 * the facts about a JGF record that many rules need (version, board size,
 * cut-offs, player colours), worked out once before the walk. */
#ifndef JGF_RECORD_H
#define JGF_RECORD_H

#include <stdbool.h>
#include <stddef.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "base/dom.h"

enum dialect {
	DIALECT_JGF,        /* JGF v1 or v2, or Seki's shape of v2 */
	DIALECT_NGGO,       /* ngGo's own "JGF version 1" */
	DIALECT_FOREIGN,    /* another format: see record_info.what */
	DIALECT_UNKNOWN,    /* not an object (what is NULL), or an object that is no record */
};

#define MAX_PLAYER_COLORS 16

struct record_info {
	enum dialect dialect;
	const char *what;       /* for foreign formats: one sentence naming it */
	bool convertible;       /* a foreign format that --convert reads (SGF-in-JSON, OGS) */
	long long version;      /* the declared version: record.version as an integer, or
				 * the major number of a string such as "2.0.0"; -1 when
				 * missing or unreadable */
	bool version_string;    /* it was written as a string */
	int width, height;      /* board size (19×19 when not given); 0 if invalid */
	bool size_conflict;     /* board.size and a width or height that differ: readers
				 * disagree on the board (board-size-conflict) */
	int cut_top, cut_bottom, cut_left, cut_right;  /* valid cut-offs, else 0 */
	bool players_given;     /* `players` declares colours */
	size_t ncolors;
	const char *colors[MAX_PLAYER_COLORS];  /* declared colours (in the DOM) */
};

void record_classify(json_object *root, struct record_info *out);
/* Whether node's move is in ngGo's shape, {"B": [x, y]} or {"W": "pass"},
 * which no JGF record holds: 1 yes, 0 a move of another shape, -1 no move.
 * The first move of the tree's first RECORD_NGGO_NODES nodes is one trait
 * of ngGo's (record_nggo_traits). */
int record_nggo_move(json_object *node);
#define RECORD_NGGO_NODES 16
/* The traits of ngGo's dialect root has, named as a message names them
 * (record.version 1, record.application, game.players, game.komi,
 * game.rules, the root node's root flag, moves as {"B": [x, y]}), into
 * names; returns how many. Two make a record ngGo's (record_classify). */
#define RECORD_NGGO_TRAITS 7
size_t record_nggo_traits(json_object *root, const char *names[RECORD_NGGO_TRAITS]);
/* Whether tree is a game tree as sgfgrove (seed 002's author's library)
 * writes SGF-in-JSON: [sequence of nodes, children game trees]. */
bool record_sgfgrove_tree(json_object *tree);
/* Whether root is an OGS game record (online-go.com's game JSON, which
 * --convert reads): game_id, or initial_state and moves, in it or in its
 * `gamedata` (the API's game object). */
bool record_ogs(json_object *root);
bool record_color_declared(const struct record_info *rec, const char *color);

/* SGF's pass `tt`, the point x 19, y 19: a pass on a board of width x
 * height up to 19×19, where it is off the board (FF[3]'s, which FF[4]
 * keeps for such boards). The one rule, which the readers, the writers
 * and the replay ask (sgf_move_pass reads it in SGF's letters). */
#define RECORD_TT 19
bool record_tt_pass(int width, int height);
/* Whether (x, y) is the point a converter writes for a pass: x and y both
 * equal to the board's size (the point just beyond its last column and
 * row), or SGF's `tt` where it is a pass, as Seki writes it. The replay
 * plays a move there as a pass; off-board says so. */
bool record_pass_point(const struct record_info *rec, long long x, long long y);

/* A point as players name it: its column as a letter from A with I
 * skipped, its row counted from the bottom, so that (3, 3) on 19×19 is
 * "D16". False (and out "") for a point off the board, or on a board wider
 * than 25 columns, which the letters do not reach: such a point is named by
 * its x and y alone. */
#define POINT_NAME_SIZE 16
bool point_name(int width, int height, long long x, long long y, char out[POINT_NAME_SIZE]);
/* A point as the messages of the point rules name it: "D16 (x 3, y 3)",
 * or "x 30, y 3" where point_name gives no name. Returns out. */
#define POINT_WORDS_SIZE 64
const char *point_words(int width, int height, long long x, long long y,
			char out[POINT_WORDS_SIZE]);

/* A JGF v1 comment object {name, timestamp, comment} as one text,
 * "name (timestamp): comment", into out: what the migration writes in its
 * place (v1-leftover's fix) and --to sgf writes in C, one reading for
 * both. False (out untouched) where it is no object of three members at
 * most, each a string. */
bool record_v1_comment_text(json_object *obj, struct buf *out);

#endif
