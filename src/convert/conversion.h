/* conversion: one input of --convert, from its bytes to JGF v2 records:
 * its format (SGF, SGF-in-JSON, UGF/UGI, UGZ, GIB, NGF, OGS), its character set, the reader it
 * needs, then each game mapped (convert.h), serialised as --convert writes
 * it and linted. Nothing here touches the file system: the CLI writes what
 * it makes, the library hands it out. */
#ifndef JGF_CONVERSION_H
#define JGF_CONVERSION_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"
#include "convert/named.h"
#include "convert/sgf.h"
#include "lint/pipeline.h"
#include "read/load.h"

struct conversion {
	const char *format;       /* "SGF", "UGF", "UGZ", "GIB", "NGF", "OGS" or "SGF-in-JSON";
				   * NULL: none */
	const char *source;       /* what meta.SOURCE is called: "sgf", "ugf", "gib", "ngf", "ogs" */
	struct sgf_games games;   /* for SGF, games.len only: the games are read one
				   * at a time from text as conversion_game asks */
	struct sgf_notes notes;   /* about the input as a whole */
	char *text;               /* SGF: the text, decoded */
	size_t text_len;
	char set[64];             /* SGF: the one set text was read in ("" when several:
				   * decode_sgf_in's), where a repair is written */
	struct sgf_stream stream; /* SGF: the games after the last one converted */
	size_t next;              /* the game stream gives next */
	struct sgf_node *first;   /* SGF of one game: that game, read when counted (not
				   * read twice), until game_at takes it; read ahead: the
				   * game read ahead */
	struct sgf_game_info first_info;
	int blank;                /* none of the formats: 1 an empty file, 2 white space only */
	char *plain;              /* GIB, NGF, UGF, OGS checked in place: the text, decoded */
	size_t plain_len;
	size_t taken;             /* text is the document's own bytes (1 + the length of
				   * the byte order mark moved off its start); 0: a copy */
	const char *why_not;      /* format NULL: a format this build does not read
				   * (UGZ without liblhasa), and why, or NULL */
	bool unreadable;          /* UGZ whose archive could not be inflated: no game,
				   * and a note (a finding) that says why */
	bool streamed;            /* SGF read by conversion_read_streaming: games.len is 0,
				   * conversion_next_game gives the games */
	bool ahead;               /* SGF read by conversion_read_ahead: games.len counts the
				   * games read so far, first the one read ahead */
};

/* Reads a loaded document (parsed as JSON or not) into games. False, with
 * format NULL, when it is none of the formats --convert reads. */
bool conversion_read(struct conversion *c, struct document *doc);
/* The same, text formats read in the character set encoding names
 * (--encoding; NULL: as each file declares or as detected). */
bool conversion_read_as(struct conversion *c, struct document *doc, const char *encoding);
/* conversion_read_as, and SGF whose bytes are its text as they are (UTF-8,
 * or ASCII in a set that reads it so) takes doc's text (doc->text is NULL
 * after; free doc as before): the input is not held twice. */
bool conversion_read_taking(struct conversion *c, struct document *doc, const char *encoding);
/* conversion_read_taking, but an SGF collection's games are not counted
 * first (that pass reads every game as taking it does: a third of what
 * `jgflint duplicates` spends on a game): streamed is set, games.len is 0,
 * and conversion_next_game gives the games in order. Other formats are
 * read as conversion_read_taking reads them. */
bool conversion_read_streaming(struct conversion *c, struct document *doc, const char *encoding);
/* conversion_read_input for a check in place (keep, take), but SGF's games
 * are read once, in order, one game ahead of the one conversion_game_at
 * hands out (a pass that counted them first read every file twice): games.len
 * is the games read so far, and more than 1 as soon as game 0 is handed out
 * when the file holds more; the reader's notes of a game are in notes once
 * the game before it is handed out, all of them once the last is. Text
 * formats are read in encoding when not NULL (--encoding). A game of one
 * line and at least line_from nodes (0: none), the last of its file, is
 * handed out with them read, the rest read as it is converted (sgf_more,
 * sgf_stream's pause_from): its notes once it is freed. bare: its records
 * are made bare (struct convert_shape's), so that a UGF section kept under
 * meta is read as its first two lines (ugf_read). */
bool conversion_read_ahead(struct conversion *c, struct document *doc, const char *encoding,
			   size_t line_from, bool bare);
/* The next game of a streamed conversion (the caller's to free), or NULL:
 * *end is set when there is none; else the game is larger than the memory
 * budget (as conversion_take_game refuses it). */
struct sgf_node *conversion_next_game(struct conversion *c, bool *end);
void conversion_free(struct conversion *c);

/* Test hook: every record converted gets a byte that is no UTF-8, a
 * converter bug the check must catch. Only the test program calls it
 * (cli/hooks.c), from JGFLINT_TEST_BREAK_RECORD (CONTRIBUTING.md). */
void conversion_test_break_records(bool on);
/* --convert: what a check of the games does with each game's record. */
struct converted;
struct conversion_sink {
	const char *src;   /* the input, as messages show it */
	/* The record of game g as messages show it (the sink's to keep),
	 * asked before the game is converted. */
	const char *(*name)(void *ctx, struct conversion *c, size_t g);
	/* Game g checked: its record (text NULL when not written), the
	 * properties kept and what --convert says of it (log: notes, then what
	 * was not written and why); the findings are the check's. */
	void (*game)(void *ctx, struct conversion *c, size_t g, struct converted *rec);
	void *ctx;
};

/* Appends notes as --convert prints them, a line each ("SRC:L:C: note: ...";
 * src as messages show it). */
void conversion_print_notes(struct buf *out, const char *src, const struct sgf_notes *notes);
/* Only the notes that name no rule: those with one are a check's findings. */
void conversion_print_plain_notes(struct buf *out, const char *src, const struct sgf_notes *notes);

struct converted {
	char *text;               /* the record as --convert writes it; NULL when the
				   * game could not be converted (it is not Go) */
	size_t len;
	char *kept;               /* the properties kept under meta.SOURCE, or NULL */
	struct buf log;           /* what --convert says of the game, a line each: its
				   * notes, the source game's own findings at their
				   * positions in the source, and converter bugs */
	size_t log_notes;         /* the length of log's notes, the lines before the
				   * findings (-q shows only what follows) */
	bool errors;              /* the source game has errors, or is not Go */
	size_t bugs;              /* findings outside go in the record (converter bugs) */
	bool refused;             /* a record jgflint could not check (too deep, too
				   * large for 1 GiB or the memory budget) or that
				   * its check finds broken (a converter bug of
				   * error severity): text is NULL, not written; an
				   * output failure (exit 2) */
};

/* Converts game g of c, once (a game of GIB, NGF, UGF or SGF-in-JSON is
 * freed as it is converted). src and name are the input and the record as
 * messages show them. */
void conversion_game(struct conversion *c, size_t g, const char *src, const char *name,
		     struct converted *out);
void converted_free(struct converted *out);
/* Game g of c as read, not converted, the caller's to free (sgf_node_free),
 * as conversion_game takes it (jgflint duplicates reads the tree itself);
 * NULL when taken already or over the memory budget. */
struct sgf_node *conversion_take_game(struct conversion *c, size_t g);

/* When c has nothing to convert (none of the formats, or no game), appends
 * the error --convert prints (nothing for a UGZ file not inflated: its
 * finding is reported) and returns true. The formats it names include JGF
 * with to_sgf (--to sgf reads JGF records); doc, c's document (or NULL):
 * a text that opens as JSON but does not parse is said by its first syntax
 * error instead of the formats (it is most likely one of them). */
bool conversion_nothing(struct buf *out, const char *src, const struct conversion *c,
			const struct document *doc, bool to_sgf);
/* The line --convert prints after writing a record that kept properties
 * under meta.SOURCE (nothing otherwise). */
void conversion_kept(struct buf *out, const char *name, const struct conversion *c,
		     const struct converted *rec);

#endif
