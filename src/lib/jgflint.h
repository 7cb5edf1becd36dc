/* libjgflint: the JGF (JSON Go Format) validator, linter, fixer and
 * converter of the jgflint program, as a C library.
 *
 *     jgf_result *r = jgf_lint(NULL, "game.jgf", text, len, 0);
 *     for (size_t i = 0; r && i < jgf_result_count(r); i++)
 *             printf("%lu:%lu: %s [%s]\n", jgf_finding_line(r, i),
 *                    jgf_finding_column(r, i), jgf_finding_message(r, i),
 *                    jgf_finding_rule(r, i));
 *     jgf_result_free(r);
 *
 * Types are opaque; everything a function returns is released by its
 * matching free (a string returned with a result lives as long as the
 * result; catalogue strings live for ever; strings the caller owns are
 * released with jgf_free). Every function may be called from any thread; a
 * configuration may be shared by threads once built.
 *
 * The library never writes to standard output or standard error, never
 * ends the process, and reads the file system only in the functions that
 * say so (jgf_config_load, jgf_config_discover). When memory runs out, a
 * function that returns an object returns NULL (memory the failed call had
 * taken may not all be given back). A document whose text would need more
 * memory than the budget (half the smaller of physical memory and the
 * process's limits) is not built: it gets a json-too-large finding, as in
 * the program.
 *
 * Link with `pkg-config --cflags --libs jgflint`. */
#ifndef JGFLINT_H
#define JGFLINT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) && defined(JGFLINT_BUILDING)
#define JGF_API __attribute__((visibility("default")))
#else
#define JGF_API
#endif

enum jgf_severity { JGF_INFO = 0, JGF_WARNING = 1, JGF_ERROR = 2 };
/* "error", "warning" or "info", as configurations and messages name them;
 * NULL for another value. */
JGF_API const char *jgf_severity_name(enum jgf_severity severity);

/* The version of jgflint.h, the one a program was compiled against
 * (jgf_version() is the library's at run time); configure.ac's version
 * (tests/release.sh checks that they agree). */
#define JGF_VERSION_MAJOR 0
#define JGF_VERSION_MINOR 2
#define JGF_VERSION_PATCH 0
#define JGF_VERSION "0.2.0"
/* MAJOR * 10000 + MINOR * 100 + PATCH, for #if JGF_VERSION_NUMBER >= 200. */
#define JGF_VERSION_NUMBER (JGF_VERSION_MAJOR * 10000 + JGF_VERSION_MINOR * 100 + JGF_VERSION_PATCH)

/* The library's version, e.g. "0.2.0". */
JGF_API const char *jgf_version(void);

/* Frees a string a function of the library handed to the caller. */
JGF_API void jgf_free(void *p);

/* The memory one document may take, for the whole process (as
 * --max-memory): a document whose DOM, estimated from its text, would need
 * more gets json-too-large instead of being built. 0 restores the default
 * (half the memory the machine and the process's limits allow, read again). */
JGF_API void jgf_set_memory_budget(size_t bytes);

/* ---- Configurations ---- */

/* Which rules run and how severe, in two layers as in the program: a
 * configuration file's settings (.jgflint.json), and over them the
 * caller's (as the command line's), which jgf_config_select, _ignore and
 * _severity set. A new one runs every rule at its default severity (as
 * jgflint without options). NULL only when memory runs out. */
typedef struct jgf_config jgf_config;

JGF_API jgf_config *jgf_config_new(void);
/* Rule ids or categories, comma-separated (as --select and --ignore).
 * Return 0, or -1 when an item names no rule or category (nothing is
 * changed then). */
JGF_API int jgf_config_select(jgf_config *cfg, const char *rules);
JGF_API int jgf_config_ignore(jgf_config *cfg, const char *rules);
/* Reports rule (a rule id, a category or "all") at severity (as --severity
 * RULE=LEVEL); -1 for an unknown rule or severity. */
JGF_API int jgf_config_severity(jgf_config *cfg, const char *rule, enum jgf_severity severity);
/* At most n findings of each rule per document, then one finding that
 * counts the rest (as --max-findings; the default is 1,000, 0 shows all);
 * -1 for a negative n. */
JGF_API int jgf_config_max_findings(jgf_config *cfg, long n);
JGF_API void jgf_config_free(jgf_config *cfg);

typedef struct jgf_result jgf_result;

/* A configuration from the text of a configuration file (the format of
 * .jgflint.json), named name in messages. dir is the directory the file
 * stands in (per-path-ignores and baseline are relative to it), or NULL for
 * the working directory. *problems (when problems is not NULL) receives the
 * file's own findings (config-error, JSON syntax, ...) as a result, or NULL
 * when it has none; the settings that are valid apply all the same. Reads
 * nothing from the file system. NULL only when memory runs out. */
JGF_API jgf_config *jgf_config_parse(const char *name, const char *data, size_t len,
				     const char *dir, jgf_result **problems);
/* The same, reading the configuration file at path. A file that cannot be
 * read is a problem (io-error). */
JGF_API jgf_config *jgf_config_load(const char *path, jgf_result **problems);
/* The configuration the program would apply to the file at path: the
 * nearest .jgflint.json in its directory or above (read), or a new default
 * configuration when there is none. */
JGF_API jgf_config *jgf_config_discover(const char *path, jgf_result **problems);
/* The configuration file jgf_config_discover would read for the file at
 * path (the nearest .jgflint.json), or NULL when there is none; looks up
 * the names only, reads no file. Free it with jgf_free. */
JGF_API char *jgf_config_find(const char *path);
/* The configuration file a configuration was read from, or NULL. */
JGF_API const char *jgf_config_path(const jgf_config *cfg);

/* ---- Checking and fixing ---- */

/* Flags of jgf_lint. */
#define JGF_FIX 1u           /* apply the safe fixes (as --fix) */
#define JGF_UNSAFE_FIXES 2u  /* with JGF_FIX, the unsafe ones too */

/* Checks the len bytes at data (need not be NUL-terminated), named name in
 * messages (may be NULL: "<buffer>"), with cfg (NULL: the defaults). A
 * configuration's per-path-ignores match name: relative to the
 * configuration's directory, or absolute below it. With JGF_FIX the
 * findings are those that remain after fixing, in the fixed text. NULL
 * only when memory runs out. */
JGF_API jgf_result *jgf_lint(const jgf_config *cfg, const char *name, const char *data,
			     size_t len, unsigned flags);
JGF_API void jgf_result_free(jgf_result *r);

/* The findings, sorted by position: i runs from 0 to jgf_result_count(r) - 1. */
JGF_API size_t jgf_result_count(const jgf_result *r);
/* The text format the input was checked in, where it is ("SGF", "UGF",
 * "UGZ" (a UGF record compressed with LHA, its places those of the UGF),
 * "GIB" or "NGF": its findings are its reader's and those of the records
 * its games read as, at their places in the text), or NULL for JSON. */
JGF_API const char *jgf_result_format(const jgf_result *r);
/* How many findings have this severity. */
JGF_API size_t jgf_result_count_severity(const jgf_result *r, enum jgf_severity severity);
JGF_API const char *jgf_finding_rule(const jgf_result *r, size_t i);
JGF_API enum jgf_severity jgf_finding_severity(const jgf_result *r, size_t i);
JGF_API const char *jgf_finding_message(const jgf_result *r, size_t i);
/* The RFC 6901 JSON pointer of the value concerned, or NULL. */
JGF_API const char *jgf_finding_pointer(const jgf_result *r, size_t i);
/* 1-based; columns count Unicode code points. 0 for a finding about the
 * whole document. */
JGF_API unsigned long jgf_finding_line(const jgf_result *r, size_t i);
JGF_API unsigned long jgf_finding_column(const jgf_result *r, size_t i);
/* Just past the value the finding is about (line and column as above); 0
 * when unknown. */
JGF_API unsigned long jgf_finding_end_line(const jgf_result *r, size_t i);
JGF_API unsigned long jgf_finding_end_column(const jgf_result *r, size_t i);
/* The same two positions as byte offsets into jgf_result_text(r): for
 * editors that count in other units. (With JGF_FIX, a text kept in its own
 * character set, an SGF fixed where it is or a file of another format left
 * as it is, is placed as read: decoded to UTF-8, jgf_result_text of a
 * jgf_lint of it without JGF_FIX.) The end is the start when unknown;
 * both are 0 for a finding about the whole document. (A byte order mark
 * spans bytes 0 to 3 but has no column: its end line is 0.) */
JGF_API size_t jgf_finding_offset(const jgf_result *r, size_t i);
JGF_API size_t jgf_finding_end_offset(const jgf_result *r, size_t i);
/* The address of the rule's documentation page (jgf_rule_url's: NULL
 * when there is none to link). */
JGF_API const char *jgf_finding_url(const jgf_result *r, size_t i);
/* The fix the finding carries: 0 (none), JGF_FIX (safe) or JGF_UNSAFE_FIXES. */
JGF_API unsigned jgf_finding_fix(const jgf_result *r, size_t i);
/* What the fix does, in a few words for an editor's menu: "replace \"3 kyu\"
 * with \"3k\"", "rename \"coments\" to \"comments\"", "remove the byte order
 * mark" (text from the record shown as messages show it); NULL when the
 * finding has no fix. */
JGF_API const char *jgf_finding_fix_description(const jgf_result *r, size_t i);
/* The fix as byte edits of jgf_result_text(r), in text order and not
 * overlapping: k runs from 0 to jgf_finding_edit_count(r, i) - 1; bytes
 * [*start, *end) become *text (NUL-terminated, living as long as r). Edits
 * of different findings may overlap: apply one finding's fix at a time
 * (jgf_lint with JGF_FIX applies all that fit, round after round). Returns
 * 0, or -1 when i or k is out of range. */
JGF_API size_t jgf_finding_edit_count(const jgf_result *r, size_t i);
JGF_API int jgf_finding_edit(const jgf_result *r, size_t i, size_t k, size_t *start,
			     size_t *end, const char **text);

/* The document's text: with JGF_FIX, fixed (the input unchanged when
 * nothing applied or it is not valid JSON). *len (if not NULL) is its
 * length; the text is also NUL-terminated. */
JGF_API const char *jgf_result_text(const jgf_result *r, size_t *len);
/* How many fixes were applied. */
JGF_API size_t jgf_result_fixes(const jgf_result *r);
/* The result as `jgflint --format FORMAT NAME` writes it for this one
 * document, byte for byte: "json", "sarif", "gitlab", "github", "junit",
 * "checkstyle", "rdjson", "html", "concise", or "text" (without colours;
 * the page's WebAssembly module, web/, has "json" and "concise" alone);
 * with JGF_FIX, as `jgflint --fix --format FORMAT` reports what remains.
 * NULL for an unknown format, or when memory runs out. Free it with
 * jgf_free. */
JGF_API char *jgf_result_report(const jgf_result *r, const char *format);
/* With JGF_FIX, what `jgflint --diff -q NAME` prints: the unified diff from
 * the input to jgf_result_text(r), "" when nothing changed (or without
 * JGF_FIX). NULL when memory runs out. Free it with jgf_free. */
JGF_API char *jgf_result_diff(const jgf_result *r);

/* The RFC 6901 pointer of the innermost value at byte offset of the len
 * bytes at data (a member's key counts as part of its value): for an
 * editor, the value under the cursor ("/tree/5/move/x"). NULL when the
 * text is not valid JSON, offset is in no value, or memory runs out. Free
 * it with jgf_free. */
JGF_API char *jgf_pointer_at(const char *data, size_t len, size_t offset);

/* ---- Positions: the board at a node ---- */

/* The position at a node of a record's tree: the board after that node's
 * setup and move, as a board editor shows it when the node is current. It
 * comes from the replay behind the go rules (occupied-point, suicide,
 * ko-retake, ...), so it never disagrees with them. Coordinates are JGF's:
 * x counts columns from the left, y rows from the top, both from 0. A line
 * the replay stops (an illegal move, or a value it cannot read) gives the
 * position before the node where it stops, and says so
 * (jgf_position_stopped). */
typedef struct jgf_position jgf_position;

enum jgf_color { JGF_EMPTY = 0, JGF_BLACK = 1, JGF_WHITE = 2 };

/* The position at the node pointer names, or the node it is inside
 * ("/tree/5/move/x" is in "/tree/5"; "/tree/2/variations/1/0" is the first
 * node of the second variation of node 2), in the document a result
 * checked (with JGF_FIX, the fixed one). NULL only when memory runs out;
 * a position that cannot be given has jgf_position_error. */
JGF_API jgf_position *jgf_result_position(const jgf_result *r, const char *pointer);
/* The position at the node finding i is about: its jgf_finding_node,
 * else the node its pointer is inside. The positions of every finding
 * with a node come from one replay of the document, made at the first
 * call and kept with the result; on a file checked in place (SGF, GIB,
 * NGF, UGF: jgf_result_format), the position the check kept, its nodes
 * named as jgf_finding_node names them. */
JGF_API jgf_position *jgf_finding_position(const jgf_result *r, size_t i);
/* The board under finding i as `jgflint --format text` draws it: the
 * caption, the part of the board around its points with the columns and
 * rows named as players name them, X and O, + on star points, the move or
 * setup point in [ ] and the stones it involves in ( ), and a legend of the
 * marks, a line each (the text format's lines without their gutter and
 * bar). NULL for a finding with no board (no node: not a go rule's, or a
 * position the replay cannot give) or when memory runs out; jgf_free
 * releases it. One drawer for the terminal and every front end. */
JGF_API char *jgf_finding_board(const jgf_result *r, size_t i);

/* A finding about a position (a go rule's: occupied-point, suicide,
 * ko-retake, superko, setup-no-effect, setup-no-liberties,
 * same-color-twice, turn-mismatch; handicap-mismatch, at rules.handicap,
 * the position where the handicap is judged with black's stones then)
 * names the node of that position (its pointer; on a file checked in
 * place, which has none, as a player names it: "game 2, variation 2 at
 * move 11, move 14"), as
 * jgf_finding_position gives it (NULL for other findings), and the points it
 * involves: k from 0 to jgf_finding_point_count(r, i) - 1. */
JGF_API const char *jgf_finding_node(const jgf_result *r, size_t i);
JGF_API size_t jgf_finding_point_count(const jgf_result *r, size_t i);
/* What point k is to the finding:
 *   "move"      the move the finding is about
 *   "stone"     the stone standing on the point (of the move, or of the setup)
 *   "capture"   a stone the move captures (the ko of ko-retake; superko)
 *   "chain"     a stone of the chain left without liberties (suicide,
 *               setup-no-liberties; suicide's move is its "move")
 *   "setup"     the setup point the finding is about
 *   "previous"  the previous move, of the same colour (same-color-twice)
 * NULL when i or k is out of range. */
JGF_API const char *jgf_finding_point_role(const jgf_result *r, size_t i, size_t k);
/* Its x and y (from 0, from the left and the top); -1 out of range. */
JGF_API int jgf_finding_point_x(const jgf_result *r, size_t i, size_t k);
JGF_API int jgf_finding_point_y(const jgf_result *r, size_t i, size_t k);
/* Its name as players read it ("D16"; jgf_point_name), "" beyond 25
 * columns. */
JGF_API const char *jgf_finding_point_name(const jgf_result *r, size_t i, size_t k);
/* The colour of its stone or move (JGF_EMPTY for a setup that clears it). */
JGF_API enum jgf_color jgf_finding_point_color(const jgf_result *r, size_t i, size_t k);
/* The move it is, or that placed its stone (its number on the line, from
 * 1): 0 for a stone set up. */
JGF_API unsigned long jgf_finding_point_move(const jgf_result *r, size_t i, size_t k);
/* The node of that move or setup, and the value in the record that names
 * the point there ("/tree/43/move", "/tree/0/setup/1/coords/3"), with its
 * line and column (as jgf_finding_line's; 0 when unknown). */
JGF_API const char *jgf_finding_point_node(const jgf_result *r, size_t i, size_t k);
JGF_API const char *jgf_finding_point_pointer(const jgf_result *r, size_t i, size_t k);
JGF_API unsigned long jgf_finding_point_line(const jgf_result *r, size_t i, size_t k);
JGF_API unsigned long jgf_finding_point_column(const jgf_result *r, size_t i, size_t k);
/* The same from the len bytes at data (named name, which may be NULL),
 * without checking them: for a board beside an editor. */
JGF_API jgf_position *jgf_position_read(const char *name, const char *data, size_t len,
					const char *pointer);
/* The position at the move or setup at byte offset of the len bytes at
 * data (named name, which may be NULL), as jgf_position_read gives it at
 * its node: for a board beside an editor, under the cursor. A JGF record's
 * node is the one whose move or setup holds offset; in any other format
 * jgf_convert reads as text (SGF, GIB, NGF, UGF), the node the move or
 * setup property holding offset made in the record jgf_convert makes of
 * its game (a node the reader split or joined is found all the same).
 * NULL when offset is on no move or setup, the position has an error, or
 * memory runs out. */
JGF_API jgf_position *jgf_position_at(const char *name, const char *data, size_t len,
				      size_t offset);
JGF_API void jgf_position_free(jgf_position *p);
/* A text read once for the positions at node after node (a board beside
 * an editor, stepped through a large record): jgf_positions_read parses
 * it (NULL only when memory runs out), jgf_positions_at gives the position
 * at a node as jgf_position_read does, from the text kept parsed (free each
 * with jgf_position_free), jgf_positions_free releases it. Each position
 * replays only the line from the root to its node. */
typedef struct jgf_positions jgf_positions;
JGF_API jgf_positions *jgf_positions_read(const char *name, const char *data, size_t len);
JGF_API jgf_position *jgf_positions_at(const jgf_positions *ps, const char *pointer);
JGF_API void jgf_positions_free(jgf_positions *ps);
/* The board at the position's node as `jgflint --format text` draws a
 * finding's (jgf_finding_board): the node's move and the stones its setup
 * places marked, with its caption and legend. NULL for a position with an
 * error or when memory runs out; jgf_free releases it. */
JGF_API char *jgf_position_board(const jgf_position *p);

/* Why there is no position, a sentence ("the pointer names no node of the
 * tree", "the record is not a game of Go (game.type)", "the text is not
 * valid JSON", ...); NULL when there is one. The functions below give 0,
 * NULL or JGF_EMPTY for a position with an error. */
JGF_API const char *jgf_position_error(const jgf_position *p);
/* The node's pointer, as written canonically ("/tree/5"). */
JGF_API const char *jgf_position_node(const jgf_position *p);
JGF_API int jgf_position_width(const jgf_position *p);
JGF_API int jgf_position_height(const jgf_position *p);
/* The rows and columns board.cutOffTop, ...Bottom, ...Left and ...Right
 * hide (0 each when they are not valid); any pointer may be NULL. */
JGF_API void jgf_position_cut_offs(const jgf_position *p, int *top, int *bottom, int *left,
				   int *right);
/* The stone at (x, y): JGF_EMPTY off the board too. */
JGF_API enum jgf_color jgf_position_stone(const jgf_position *p, int x, int y);
/* The move that placed it (its number on the line, from 1, passes
 * counted), 0 for a stone set up (or no stone); and the pointer of the
 * node that placed it, move or setup (NULL for no stone). */
JGF_API unsigned long jgf_position_stone_move(const jgf_position *p, int x, int y);
JGF_API const char *jgf_position_stone_node(const jgf_position *p, int x, int y);
/* 1 when (x, y) is a star point (hoshi), where a board shows + on an
 * empty point as --format text draws it: on a square board of 9 lines or
 * more, the four corner points and tengen (the centre of an odd side),
 * and from 15 lines the four between them on the sides too; 0 elsewhere,
 * off the board and for a position with an error. */
JGF_API int jgf_position_star(const jgf_position *p, int x, int y);
/* Who plays next: the `turn` of the node (or of one after the last move),
 * else the other colour than the last move's (black while placing handicap
 * stones as moves), else, before any move, white when only black stones
 * stand on a board with rules.handicap, else black. */
JGF_API enum jgf_color jgf_position_turn(const jgf_position *p);
/* 1 when a `turn` says who plays next, 0 when it follows from the moves. */
JGF_API int jgf_position_turn_given(const jgf_position *p);
/* The point where a ko forbids the player to move next (retaking at once
 * would be ko-retake): returns 1 and sets *x, *y; 0 when there is none. */
JGF_API int jgf_position_ko(const jgf_position *p, int *x, int *y);
/* The last move of the line up to this node: its number (0: none yet),
 * colour, and point (-1, -1 for a pass); and its node's pointer. */
JGF_API unsigned long jgf_position_last_move(const jgf_position *p, enum jgf_color *color,
					     int *x, int *y);
JGF_API const char *jgf_position_last_move_node(const jgf_position *p);
/* Moves played on the line so far, passes included. */
JGF_API unsigned long jgf_position_moves(const jgf_position *p);
/* Stones captured so far by a colour (the opponent's stones it removed,
 * and those the opponent lost to suicide where rules.allowSuicide). */
JGF_API unsigned long jgf_position_captures(const jgf_position *p, enum jgf_color by);
/* When the replay stops on the way to this node: the pointer of the node
 * where it stops (this one or an earlier one of its line); NULL when it
 * does not. The rule of the finding that stops it (NULL when a value it
 * cannot read does) and a sentence saying why. */
JGF_API const char *jgf_position_stopped(const jgf_position *p);
JGF_API const char *jgf_position_stop_rule(const jgf_position *p);
JGF_API const char *jgf_position_stop_message(const jgf_position *p);
/* The position as JSON text (free it with jgf_free; NULL when memory runs
 * out):
 *   {"node": "/tree/9", "width": 19, "height": 19, "cutOffTop": 0,
 *    "cutOffBottom": 0, "cutOffLeft": 0, "cutOffRight": 0,
 *    "columns": ["A", "B", ..., "T"], "rows": ["19", "18", ..., "1"],
 *    "stones": [{"x": 3, "y": 3, "point": "D16", "color": "black",
 *                "move": 1, "node": "/tree/1"}, ...],
 *    "turn": "white", "turnGiven": false,
 *    "ko": {"x": 2, "y": 1, "point": "C8"} or null,
 *    "lastMove": {"number": 8, "color": "black", "x": 3, "y": 3,
 *                 "point": "D16", "pass": false, "node": "/tree/8"} or null,
 *    "moves": 8, "captures": {"black": 1, "white": 0},
 *    "stopped": {"node": "/tree/9", "rule": "ko-retake", "message": "..."}
 *               or null}
 * columns and rows name the board's edges from x 0 and y 0, as jgflint's
 * boards do (letters without I and rows from the bottom; x and y on a board
 * wider than 25); stones run row by row from the top, each with the move that placed it
 * (null for a stone set up) and the node that did; "point" is the name
 * players read (jgf_point_name), null where there is none; a pass's x, y
 * and point are null. A position that cannot be given is {"error": "..."}. */
JGF_API char *jgf_position_json(const jgf_position *p);

/* A point as players name it, into out: the column as a letter from A with
 * I skipped, the row counted from the bottom, so that (3, 3) on a 19×19
 * board is "D16". Returns 0, or -1 (out "") for a point off the board or a
 * board wider than 25 columns, where x and y alone name it. */
JGF_API int jgf_point_name(int width, int height, int x, int y, char out[16]);

/* ---- Converting ---- */

/* SGF, SGF-in-JSON (seed 002's and sgfgrove's), UGF/UGI, Tygem GIB or
 * WBaduk NGF converted to JGF v2, as `jgflint --convert` converts a file. */
typedef struct jgf_conversion jgf_conversion;

/* Converts the len bytes at data, named name (e.g. "games/a.sgf"; it names
 * the records and is shown in messages). NULL only when memory runs out. */
JGF_API jgf_conversion *jgf_convert(const char *name, const char *data, size_t len);
/* The same with the format written, target: "jgf" (as jgf_convert), "sgf"
 * (SGF FF[4], as `jgflint --convert --to sgf` writes it: the records named
 * "a.sgf" ..., and a JGF record, fixed as --fix fixes it, taken too; what
 * SGF cannot hold is a "NAME: note: not in SGF: POINTER: what" line of the
 * messages) or "sgfjson" (that SGF as SGF-in-JSON, seed 002's shape, as
 * `--convert --to sgfjson` writes it: the records named "a.json" ...).
 * NULL for another target, or when memory runs out. */
JGF_API jgf_conversion *jgf_convert_to(const char *name, const char *data, size_t len,
				       const char *target);
/* As --convert's exit status: 0 every game converted; 1 a source game has
 * errors (a move on an occupied point) or is not Go; 2 nothing to convert
 * (none of those formats, or no game in it). */
JGF_API int jgf_conversion_status(const jgf_conversion *c);
/* The records: i runs from 0 to jgf_conversion_count(c) - 1. */
JGF_API size_t jgf_conversion_count(const jgf_conversion *c);
/* The name --convert writes record i under, beside the input: "a.jgf", or
 * "a-1.jgf" ... "a-n.jgf" for n games (with the input's directory). */
JGF_API const char *jgf_conversion_name(const jgf_conversion *c, size_t i);
/* The record, byte for byte what --convert writes; *len (if not NULL) is
 * its length. */
JGF_API const char *jgf_conversion_text(const jgf_conversion *c, size_t i, size_t *len);
/* What --convert says while converting, a line each, as it says it: notes
 * at their line:col in the source, the source games' own findings, what
 * went under meta, errors ("" when nothing; not the lines about writing). */
JGF_API const char *jgf_conversion_messages(const jgf_conversion *c);
JGF_API void jgf_conversion_free(jgf_conversion *c);

/* ---- The rule catalogue ---- */

/* Sorted by category then id: i runs from 0 to jgf_rule_count() - 1. */
JGF_API size_t jgf_rule_count(void);
/* The index of the rule with this id, or -1. */
JGF_API long jgf_rule_find(const char *id);
JGF_API const char *jgf_rule_id(size_t i);
JGF_API const char *jgf_rule_category(size_t i);
JGF_API enum jgf_severity jgf_rule_severity(size_t i);
JGF_API const char *jgf_rule_summary(size_t i);
/* What it checks and why, with a failing and a passing example. */
JGF_API const char *jgf_rule_explanation(size_t i);
/* Which fixes it offers: 0, JGF_FIX (safe), JGF_UNSAFE_FIXES, or both. */
JGF_API unsigned jgf_rule_fixes(size_t i);
/* The address of its documentation page (as SARIF's helpUri), or NULL
 * when there is none to link: the web address the build was configured
 * with (--with-rule-docs-url), or the installed pages (file://DOCDIR/rules)
 * when they are there; a library whose pages are not installed links
 * none. The program, which knows where it runs, links the pages built
 * beside it first; the library, which cannot tell where its caller's
 * build is, does not. */
JGF_API const char *jgf_rule_url(size_t i);
/* What `jgflint --explain NAME` prints for a rule id, a category or "all",
 * or NULL when NAME names none (or memory runs out). Free it with jgf_free. */
JGF_API char *jgf_explain(const char *name);

#ifdef __cplusplus
}
#endif

#endif
