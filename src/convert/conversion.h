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
				   * decode_sgf_set's), where a repair is written */
	struct sgf_stream stream; /* SGF: the games after the last one converted */
	size_t next;              /* the game stream gives next */
	struct sgf_node *first;   /* SGF of one game: that game, read when counted (not
				   * read twice), until game_at takes it */
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
/* The next game of a streamed conversion (the caller's to free), or NULL:
 * *end is set when there is none; else the game is larger than the memory
 * budget (as conversion_take_game refuses it). */
struct sgf_node *conversion_next_game(struct conversion *c, bool *end);
void conversion_free(struct conversion *c);

/* check_document for every input lint mode reads: SGF, UGF/UGI, GIB and NGF
 * text, and OGS's game JSON, is checked where it is, nothing written. Its findings are the
 * readers' (each repair, character set, ...) and, for each game, those of
 * the record it reads as that are the game's own (go rules, about_game),
 * all at their line:col in the source; doc becomes its decoded text (the
 * source's lines, in UTF-8), which the text format quotes. A finding of the
 * record that is a converter bug is said in bugs, a line each, never shown
 * as the file's; returns how many. With req->fix, or for anything else,
 * check_document. A file (or a library's buffer: the page's, the editor
 * server's) named .jgf, in any case, was asked to be JGF: checked in
 * place, its findings begin with a foreign-format error that says what it
 * is and how to convert it; one named for another format jgflint reads
 * (.sgf, .gib, .ngf, .ugf, .ugi, .ugz, .json) that holds another, with a
 * misnamed-file error (convert/named.c). */
size_t conversion_check(struct checked *out, struct document *doc, const struct check_request *req,
			struct buf *bugs);
/* Test hook: every record converted gets a byte that is no UTF-8, a
 * converter bug the check must catch. Only a program built with test
 * hooks calls it, from JGFLINT_TEST_BREAK_RECORD (CONTRIBUTING.md). */
void conversion_test_break_records(bool on);
/* conversion_check of a --stream line, which is JGF by definition: one
 * checked in place gets that foreign-format error whatever its name. */
size_t conversion_check_line(struct checked *out, struct document *doc,
			     const struct check_request *req, struct buf *bugs);

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

/* --convert's reading of doc (conversion_read_taking: SGF whose bytes are
 * its text takes doc's text), for conversion_check_games: false, with
 * c->format NULL, when it is none of the formats (or doc could not be
 * read). */
bool conversion_check_read(struct conversion *c, struct document *doc, const char *encoding);
/* conversion_check of what conversion_check_read read (c is freed; doc is
 * taken over), each game's record given to sink as it is checked: the
 * findings --convert reports, the same as a check in place. SGF-in-JSON's
 * are at their places in the JSON. offer: doc is a file (not a --stream
 * line), whose findings --fix repairs carry their fixes, as a check's. */
size_t conversion_check_games(struct checked *out, struct conversion *c, struct document *doc,
			      const struct check_request *req, struct buf *bugs,
			      const struct conversion_sink *sink, bool offer);

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

/* --fix and --diff on SGF where it is (convert/sgffix.c; conversion_check
 * calls it for SGF text asked to be fixed): the repairs of the readers'
 * findings that have a fix, safe ones (and with req->unsafe the unsafe
 * ones too), written into the file's own bytes, round after round until
 * none applies; every other byte (comments, line breaks, property order,
 * the character set) kept. out->bytes gets the fixed file, out->original
 * the input, out->doc the check of the fixed file (decoded); a repair
 * that cannot be placed in the bytes is said in out->tally's notes. */
struct sgf_note;
struct diag;
size_t sgf_fix_in_place(struct checked *out, struct document *doc,
			const struct check_request *req, struct buf *bugs);
/* conversion_check of what doc holds (line: a --stream line), without
 * the misnamed-file finding of what its name promises (checkplace.c's
 * conversion_check and conversion_check_repairs add it). */
size_t conversion_check_held(struct checked *out, struct document *doc,
			     const struct check_request *req, struct buf *bugs, bool line,
			     bool repairs);
/* conversion_check (without fix), the readers' repairs given their fixes,
 * whether or not they can be written in the file's bytes: sgf_fix_in_place's
 * rounds. */
size_t conversion_check_repairs(struct checked *out, struct document *doc,
				const struct check_request *req, struct buf *bugs);
/* The fixes of doc's findings (a check of SGF in place, its decoded
 * text) that --fix cannot write into the file's len bytes at bytes, read
 * in set (conversion's set), taken off: a check offers only what --fix
 * repairs. */
void sgf_fix_offer(struct document *doc, const char *bytes, size_t len, const char *set);
/* Whether --fix writes in a file read in set (conversion's set): one set
 * that keeps ASCII, a character told on the bytes (not UTF-16, nor a set
 * with shifts). */
bool sgf_fix_set_writable(const char *set);
/* A reader's note's repair attached to its finding d as an edit of the
 * decoded text (len bytes) from start, the byte of the note's fix_at. */
void sgf_fix_attach(struct diag *d, const struct sgf_note *n, const char *text, size_t len,
		    size_t start);

#endif
