/* dup: finding the same game twice across a collection (`jgflint
 * duplicates`). Each game, whatever format it was read from, becomes its
 * canonical key (the main line as a sequence, setup and handicap
 * normalised, the lexicographic minimum over the board's symmetries) and a
 * few facts about it (players, date, result, event, komi, handicap, rules,
 * comments); the keys
 * are spooled to a temporary file, so that what is held in memory is a
 * small, fixed part a game, whatever its length. dup_finish then groups
 * the games: identical, one the beginning of another (prefix), or the same
 * but for a few moves (near). Nothing here reads or writes a user's file. */
#ifndef JGF_DUP_H
#define JGF_DUP_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <json-c/json.h>

#include "convert/sgf.h"

/* A game shorter than this many moves is never matched on its moves
 * alone: two short games are the same game only when their players and
 * date agree too, and never a prefix or a near match of another. */
#define DUP_MIN_MOVES 20
/* Nor is a game shorter than this a near copy (its moves within
 * --max-differ of another's) on its moves alone: two different games can
 * share a common opening of 30 moves and end a move after they part (a
 * trap, a resignation); they are one game only when their players and date
 * agree too. Over a longer game, a few moves apart are a copy's mistakes,
 * but for a last move (near copies whose ends differ: dupset.c's
 * near_parts). */
#define DUP_NEAR_MIN_MOVES 50
/* Two copies of one day that share their first this many moves, colours
 * as played, are one game whatever players they name (a copy writing them
 * exchanged and spelt otherwise, Lee Sedol and Cho Chikun against Cho
 * Chi-hun and Yi Se-tol): two games of one day share 50 to 60 moves of a
 * fuseki at most, not 100. */
#define DUP_SURE_MOVES 100


struct dup_options {
	bool swap_colors;     /* a game with the colours swapped is the same game */
	int max_differ;       /* near: at most this many differing moves (0: no near matches) */
	bool keys;            /* the report lists every game's keys */
	bool only_new;        /* report only groups with a game not from an index
			       * (--against), and list only those games' keys */
};

/* One element of a key: what happened (the top 3 bits: DUP_B, DUP_W a
 * move, DUP_AB, DUP_AW, DUP_AE a setup change on the main line after the
 * first move) and where (the low 13 bits: y * 52 + x, or DUP_PASS). */
enum { DUP_B = 0, DUP_W = 1, DUP_AB = 2, DUP_AW = 3, DUP_AE = 4,
       /* In a game's variations only (struct dup_game's vars): where one
	* begins (its point: the main line's element it branches after, as
	* far as 13 bits number it) and ends. */
       DUP_VAR_OPEN = 5, DUP_VAR_CLOSE = 6 };
#define DUP_PASS 0x1FFF
#define DUP_TAG(e) ((unsigned)(e) >> 13)
#define DUP_POINT(e) ((unsigned)(e) & 0x1FFF)

/* A game as read: the main line and the facts a group shows. */
struct dup_game {
	int width, height;
	uint16_t *setup;        /* the stones before the first move: DUP_AB/DUP_AW elements */
	size_t nsetup, setup_cap;
	uint16_t *line;         /* the main line: moves and later setup */
	size_t nline, line_cap;
	size_t moves;           /* of line, the moves (passes included) */
	size_t handicap_moves;  /* black moves with white passes read as handicap stones */
	/* Two black moves in a row, no white pass between, before white's
	 * first move, as the record writes its line (before dup_game_normalise
	 * reads them as a handicap's stones): where the record declares no
	 * handicap, its players do not take turns (a copy with a black move
	 * inserted first or its second move lost: dupset.c's out_of_turn) */
	bool black_twice;
	int to_move;            /* the side to play the record gives before its first move
				 * (SGF's PL, JGF's turn): DUP_B + 1, DUP_W + 1, or 0 */
	char *black, *white, *date, *result, *event;   /* NULL when not given */
	/* the players' ranks given apart from their names (SGF's BR, WR; a
	 * JGF player's rank), as the record writes them: NULL when not given */
	char *black_rank, *white_rank;
	char *round;            /* the event's round (SGF's RO), as written: NULL when not given */
	/* The terms the game was played under, as values: komi and handicap
	 * as dup_number_text writes the number (6.50 is "6.5"; "" when not
	 * given: a game's own, no malloc), rules (JGF's rules.ruleset; NULL
	 * when not given) as written, compared whatever its case and the
	 * blanks around it. Not part of the key: copies that differ there are
	 * the same moves, never identical. */
	char komi[32], handicap[32];
	char *rules;
	size_t comments;        /* nodes of the main line with a comment */
	size_t variations;      /* variations off the main line (each node's children
				 * after its first) */
	uint16_t *vars;         /* their moves and setup, each between DUP_VAR_OPEN and
				 * DUP_VAR_CLOSE, nested as they are (freed by normalise) */
	size_t nvars, vars_cap;
	bool in_var;            /* reading a variation: its elements go to vars */
	bool vars_unknown;      /* too many to read: the variations are not compared */
	/* What the report compares besides the main line (duptree.c): the
	 * hash of the moves and setup of every variation with the main line,
	 * the least over the board's symmetries, and the same with the colours
	 * swapped (0: no variation), its variations in any order; the sum
	 * of its comments' hashes (the comments after each move of the main
	 * line as one text, its blanks collapsed, mixed with the move's
	 * number; each comment of a variation alone, mixed with its node's
	 * path) */
	uint64_t tree_hash, tree_swap_hash, comment_hash;
	size_t comment_bytes;   /* the comments' text, its blanks collapsed */
	/* Each text of comment_hash's sum under its place (dup_comment_item:
	 * the moves of the main line before it or before its variation
	 * branches, its node's path from there mixed into its hash; a
	 * position's all at the root, by their paths; DUP_TEXT_ANYWHERE, a
	 * variation's in an index of an older jgflint), which the report
	 * compares through its alignment of a near copy's moves with the kept
	 * copy's (a text after the same move is the same text; the same words
	 * after another move, or on another answer, are another). Until
	 * normalised, each text's hash (even entries) and its place (odd: the
	 * moves before it; a variation's, dupset.h's DUP_VAR_PLACE), counted again
	 * once a handicap is taken off the line. */
	uint64_t *comment_items;
	size_t ncomment_items, comment_items_cap;
	/* The comments after one move of the main line while reading them
	 * (dup_game_comment): their hash so far, the move's number, whether
	 * the text has a word yet and a blank is due before the next */
	uint64_t comment_run;
	uint64_t comment_place;
	bool comment_open, comment_words, comment_blank;
	/* Its markup (a node's marks and labels: JGF's markup, SGF's CR, TR,
	 * SQ, MA, SL, LB, ...), each mark an item as a comment's text is,
	 * placed as it is (dup_comment_item: the moves before its node, its
	 * node's path), its type, point (under the key's symmetry) and label
	 * as its hash; mark_hash their sum, and so compared by the report (a
	 * problem's labels of its answer are often its content). Until
	 * normalised, each mark's type and label hash above its point (even
	 * entries, dup_game_mark's) and its place (odd, as comment_items'). */
	uint64_t *mark_items;
	size_t nmark_items, mark_items_cap;
	uint64_t mark_hash;
	bool line_setup;        /* setup on the main line after its first move */
	size_t illegal;         /* the main line's first move no rule allows (its number
				 * from 1: on a point a stone holds, a suicide, a ko
				 * taken back at once), 0 when none */
	/* Computed by dup_game_normalise from the game as read, for keepers to
	 * cross-check with the tools they trust; "" where not defined (boards
	 * other than square ones up to 19x19): */
	char dyer[13];          /* Kombilo's symmetrised Dyer signature */
	char sgfinfo[33];       /* `sgfinfo -can`'s canonical MD5 */
	bool signatures;        /* compute them (--keys): 8 MD5s a game */
	bool readable;          /* false: no game could be read (why says) */
	bool indexed;           /* taken from an index (--against), not read now */
	char why[160];
};

void dup_game_init(struct dup_game *g);
void dup_game_free(struct dup_game *g);
/* Reads a JGF record's DOM (v1, v2 or Seki's shape) into g. */
void dup_game_from_jgf(struct dup_game *g, json_object *record);
/* Drops the players and date an NGF header gives where its writer knew
 * none: a player that is no player (dup_no_player: the colour's word,
 * `black 9DP`, its rank apart), and, both so, the date 2000-01-01. For a game read from NGF,
 * or indexed from it; an SGF's PB[Black] is a name. */
void dup_game_ngf_placeholders(struct dup_game *g);
/* Whether a player's name is what a writer puts where it knows none:
 * SGF's "?", "-", the colour's word (black, 黑, 흑, ...), anonymous,
 * unknown, a server's guest, blanks or nothing. No player: two games
 * naming one are not one player's (dup_day_player), nor do they agree. */
bool dup_no_player(const char *name);
/* A number as a game's komi or handicap is kept and compared, in out: the
 * shortest text that reads back as it (6.5, -0.5, 2), -0 as 0; "" (and
 * false) when v is not finite. */
bool dup_number_text(double v, char out[32]);
/* Appends a move of the main line (white or black) at (x, y), or a pass
 * where x < 0, as dup_game_from_jgf reads one; reading a variation
 * (between dup_game_var_open and dup_game_var_close), a move of it. */
void dup_game_add_move(struct dup_game *g, bool white, int x, int y);
/* Turns a read game into its normal form: handicap played as black moves
 * with white passes becomes setup stones, setup stones are sorted. The
 * Dyer signature and sgfinfo's MD5 are computed first, from the game as
 * read, as those tools read it. */
void dup_game_normalise(struct dup_game *g);
/* A variation's beginning and end, and an element of it (a move or
 * setup, as the line's), while reading it (dup_game_from_jgf). */
void dup_game_var_open(struct dup_game *g);
void dup_game_var_close(struct dup_game *g);
void dup_game_var_element(struct dup_game *g, unsigned tag, unsigned point);
/* A comment of any node of the game, len bytes of text, read after the
 * node's move: of the main line, it stands after g->moves moves. */
void dup_game_comment(struct dup_game *g, const char *text, size_t len);
/* A mark of any node (its type, as JGF names it: circle, label, ...; a
 * label's text, len bytes, or none) at point (x, y), read after the
 * node's move, placed as dup_game_comment places a text. */
void dup_game_mark(struct dup_game *g, const char *type, int x, int y, const char *label,
		   size_t len);
/* Whether g, normalised, is the record of a position (a problem, an
 * opening, a setup): fewer moves than a game is matched on, and stones
 * set up that are no handicap (a white stone, or ten or more): compared
 * by its position and side to play, not by its moves (dupset.c's key). */
bool dup_game_position(const struct dup_game *g);
/* The comments after the last move read added to the game's hash
 * (dup_game_normalise does it). */
void dup_game_comments_end(struct dup_game *g);
/* A comment's item: its place (the moves before it, DUP_TEXT_ANYWHERE a
 * variation's, DUP_TEXT_ANYWHERE - 1 those at or beyond it) in the top 16
 * bits, so that items sort by place; the text's hash in the rest. */
#define DUP_TEXT_BITS 48
#define DUP_TEXT_ANYWHERE UINT64_C(0xFFFF)
uint64_t dup_comment_item(uint64_t place, uint64_t text);
/* A mark's item (mark_items) turned by symmetry r of a width x height
 * board where its point is kept (a mark of the main line: a copy aligned
 * under r, a middle excerpt, has it at that point); else as it is. */
uint64_t dup_mark_turned(uint64_t item, int r, int width, int height);
/* The sum comment_hash (and mark_hash) is of a game's n comment items
 * (or marks). */
uint64_t dup_comment_sum(const uint64_t *items, size_t n);
/* The tree replayed (dup_game_normalise does it): the main line's setup
 * and each variation's as the position it makes, the main line's first
 * illegal move; then the hashes of its variations (dup_game_tree_hashes). */
void dup_game_replay(struct dup_game *g);
void dup_game_tree_hashes(struct dup_game *g);
/* Drops the setup after the last move of the line (dead stones removed
 * with AE at the end, the final position marked): a copy that has it is
 * the same game as one that has not. dup_game_normalise does it first. */
void dup_game_trim(struct dup_game *g);

/* The canonical key of a normalised game: out (of *len elements, freed by
 * the caller) is the lexicographically least of its symmetric images (8 on
 * a square board, 4 otherwise; 16 and 8 with swap_colors), laid out as
 * [width, height, number of setup stones, the setup sorted, the line]. *sym
 * gets which image (0-7, +8 with the colours swapped). */
uint16_t *dup_key(const struct dup_game *g, bool swap_colors, size_t *len, int *sym);
/* The canonical key's digest as --keys prints it: the MD5 of its
 * elements, each high byte first, as 32 hex digits. */
void dup_key_hex(const uint16_t *key, size_t len, char hex[33]);
/* The number of elements before the line in a key (size, count, setup). */
size_t dup_key_head(const uint16_t *key);

/* The collection being searched. */
struct dup_set;
/* Keys spooled to a temporary file, or held in memory where none can be made. */
struct dup_set *dup_set_new(const struct dup_options *o);
/* Adds a game read from source (the file as reports name it), as game
 * index of the file (of count games in it). format is "JGF", "SGF", .... */
void dup_set_add(struct dup_set *s, const struct dup_game *g, const char *source,
		 size_t index, size_t count, const char *format);
size_t dup_set_games(const struct dup_set *s);
/* Whether its report lists the keys (the games' signatures are wanted). */
bool dup_set_keys(const struct dup_set *s);
/* The report, as `jgflint duplicates --format json` writes it (the man
 * page's DUPLICATES section describes it), handed on piece by piece as it
 * is made, so that it is never held whole (a dense collection's lists most
 * of its games): with --keys, every game's keys (an element of "keys"),
 * then each group (of "groups"), then each fragment (of "fragments"). A
 * piece is the hook's for the call only (freed after it); a hook left NULL
 * drops its pieces. */
struct dup_report_sink {
	void (*key)(void *ctx, json_object *key);
	void (*group)(void *ctx, json_object *group);
	void (*fragment)(void *ctx, json_object *fragment);
	void *ctx;
};
/* What the report counts: its "games" and "duplicates", and the pieces
 * handed on of "groups" and "fragments" (of which middles are the middle
 * of each game they copy: dup_fragment_part). */
struct dup_totals {
	size_t games, duplicates, groups, fragments, middles;
};
/* What a fragment (an element of "fragments") is of the games it copies,
 * decided by its "prefixOf" entries (one with "from" is that game's
 * middle; where every one has "line", the fragment is each game's whole
 * line but for the passes after the last move); every report says it in
 * dup_part_words' words. */
enum dup_part { DUP_PART_BEGINNING, DUP_PART_MIDDLE, DUP_PART_EITHER, DUP_PART_LINE };
enum dup_part dup_fragment_part(json_object *fragment);
/* A part's name counted ("prefix", "prefixes"; a fragment that begins one
 * game and is the middle of another, or is each one's line, counts as a
 * prefix) and what it is of each game ("the beginning of each of", "the
 * line of each of", "...: the middle of several different games"). */
struct dup_part_words {
	const char *one, *several, *of_each;
};
extern const struct dup_part_words dup_part_words[];
/* Groups the games, each piece of the report to sink. False, with errno
 * set, when the spool cannot be read back: what was handed on is then
 * not the report (the caller drops it). */
bool dup_set_each(struct dup_set *s, const struct dup_report_sink *sink,
		  struct dup_totals *totals);
void dup_set_free(struct dup_set *s);

#endif
