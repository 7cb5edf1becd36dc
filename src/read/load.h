/* load: reads one input (a file or standard input) and turns it into a
 * document: the text, the json-c DOM when the text is valid JSON, and the
 * diagnostics found on the way. */
#ifndef JGF_LOAD_H
#define JGF_LOAD_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <json-c/json.h>

#include "core/diag.h"
#include "core/words.h"
#include "base/buf.h"
#include "base/dom.h"
#include "base/locate.h"
#include "base/stamp.h"
#include "core/record.h"
#include "read/scan.h"

/* Larger inputs are refused (the locator uses 32-bit offsets). */
#define JGF_MAX_FILE_SIZE ((size_t)1 << 30)

struct document {
	char *path;          /* as reported: the argument, or "<stdin>" for "-" */
	char *text;          /* the whole input, NUL-terminated */
	size_t len;
	size_t body;         /* offset of the JSON text, after a byte order mark */
	bool parsed;         /* the text is valid JSON and root is its DOM */
	json_object *root;   /* the DOM (NULL for a JSON null, or when not parsed) */
	bool lent;           /* root and loc are another document's (document_lend):
			      * not given back with this one */
	size_t depth;        /* deepest nesting of objects and arrays */
	bool streamed;       /* the DOM holds all but the tree's nodes, which the
			      * walk reads one at a time (tree; scan.h) */
	struct scan_tree tree;
	bool made;           /* streamed, its text a converter's (document_load_shaped):
			      * its nodes are read without the scan's checks */
	struct locator *loc;
	struct diag_list diags;
	/* What the record is (document_record), once asked: the check in
	 * place and the engine ask it of the same DOM. */
	struct record_info rec;
	bool classified;
	bool io_failed;      /* the input could not be read at all */
	struct file_stamp stamp; /* the file as read (not for standard input) */
	size_t estimate;     /* the memory its DOM takes, estimated (0: small) */
	size_t reserved;     /* its part of a shared budget (load_share_budget) */
	pthread_t reserver;  /* the thread that took it */
	/* A record read from SGF, checked where the SGF is: its findings name
	 * its fields and places as the SGF writes them (core/words.h); NULL
	 * (JGF's own words) for any other. */
	const struct words *words;
	/* The file's own bytes, where the text held was decoded from others
	 * (SGF in another set than UTF-8, or after a byte order mark), kept
	 * for the reports that give places in the file's bytes (-f rdjson's
	 * columns): NULL when the text is the file, or no finding is left. */
	struct charset_file *file;
};

/* The memory budget of one document: a file whose DOM, estimated from its
 * text before building it, would need more is refused with json-too-large.
 * The default is half of the smallest of physical memory, RLIMIT_AS and
 * RLIMIT_DATA, read at the first load and again after each
 * load_set_memory_budget (0: the default). */
void load_set_memory_budget(size_t bytes);
size_t load_memory_budget(void);
/* With on, the documents this thread loads share the budget with those of
 * the other threads that turned it on: one that would take more than what
 * the others leave waits for them, so that a run's jobs, checked at once,
 * stay within the budget together. The CLI turns it on for each job (a file
 * of a run, a line of --stream) and off after it; the library never does.
 * A document gives its part back when freed, or by load_release once only
 * its findings (and text) are kept. */
void load_share_budget(bool on);
void load_release(struct document *doc);   /* after freeing what it can */
/* Whether the budget holds the document twice, as fixing it needs (the
 * document and its next version). */
bool load_room_to_fix(const struct document *doc);
/* Why not, for a message: "fixing it would take about 1.2 GB ...". */
void load_why_no_room_to_fix(struct buf *out, const struct document *doc);
/* What holding text as a DOM costs, estimated from the text alone in one
 * cheap pass (containers and values counted outside strings). */
size_t load_estimate_memory(const char *text, size_t len);
/* The same for a record checked as it streams (its lines, arrays and
 * objects counted, strings or not). */
size_t load_estimate_streamed(const char *text, size_t len);

/* The size from which a document is streamed (scan_json_streamed: the DOM
 * of a large tree takes 6 to 12 times its text): a converter's record
 * (record) always, one read to be linted never, as the output formats, the
 * library and the editor server read the DOM of a finding's node (a
 * point's name, positions). */
size_t load_stream_min(bool record);
/* Test hook: sets load_stream_min for both (bytes; 0 is every document,
 * SIZE_MAX the default), for the tests that compare the two
 * (tests/stream_same.sh). Only the test program calls it (cli/hooks.c),
 * from JGFLINT_STREAM_MIN, before its threads start (CONTRIBUTING.md). */
void load_test_stream_min(size_t min);

/* Reads path ("-" is standard input) and parses it. */
void document_load_file(struct document *doc, const char *path);
/* The same, a JSON text in it streamed as a converter's record is
 * (load_stream_min(true)): for a JGF record that is only read through
 * (--convert --to sgf writes it out), never for one whose findings are
 * reported with the DOM of their node. Other formats are read as
 * document_load_file reads them. */
void document_load_file_record(struct document *doc, const char *path);
/* Parses a copy of data under the given display name. */
void document_load_buffer(struct document *doc, const char *name,
			  const char *data, size_t len);
/* A converter's record to check, streamed (load_stream_min): text (len
 * bytes, then a NUL; malloc'd) is taken over rather than copied. */
void document_load_record(struct document *doc, const char *name, char *text, size_t len);
/* document_load_record of a record whose maker gives what the scan of its
 * text would find (convert/convert.h's convert_shape): root, the DOM of
 * all but its tree's nodes (root.tree an empty array), depth its deepest
 * nesting, tree its sequences' spans in text (taken over, as root is).
 * The text is not scanned whole: the walk reads its nodes. */
void document_load_shaped(struct document *doc, const char *name, char *text, size_t len,
			  json_object *root, size_t depth, struct scan_tree *tree);
/* A record made as a DOM, root (depth its deepest nesting; taken over),
 * to check with no text: its findings have no line and column but those
 * that order them as the places they name are ordered (a converter's
 * record of a small game, whose findings are placed in its source). */
void document_load_dom(struct document *doc, const char *name, json_object *root, size_t depth);
/* Gives every finding its line and column (pointers are resolved only
 * here, for findings, so clean files never build the locator's index),
 * then sorts them by position. */
void document_locate(struct document *doc);
/* Moves every finding of from (a reading of doc's text made JSON: the
 * repair reader's, read/repair.h), located in from's text, to doc, their
 * places mapped into doc's text by map (from's offset to doc's); their
 * fixes, made for from's text, are dropped. */
void document_take_findings(struct document *doc, struct document *from,
			    size_t (*map)(const void *ctx, size_t at), const void *ctx);
/* Where pointer (relative to the value loc indexes) stands, as d's offset
 * and end (has_offset set): the value, or with at_key its member's key;
 * where the pointer cannot be followed, the deepest value it reaches. */
void document_place(struct diag *d, struct locator *loc, const char *pointer);
/* A streamed document's locator of the value at start (the body: the
 * record; a node), with the tree's sequences in it indexed as leaves: the
 * record without its tree's nodes, a node without its variations' nodes
 * (locator_new_within). */
struct locator *document_locator_within(const struct document *doc, size_t start);
/* A streamed document's DOM made whole, for what needs more than one node
 * at a time (ngGo's dialect, positions): read again, quietly. */
void document_whole(struct document *doc);
/* to as a document that reads as from, a checked one (parsed, not
 * streamed), for a second check that starts where from's ends (--to sgf's
 * fix loop after the report's check): its path, text and findings copied
 * (diag_list_copy), from's classification, and from's DOM and locator
 * lent, neither parsed, linted nor indexed again. They stay from's (the
 * DOM's part of the memory budget too): from must outlive to, and neither
 * may change the DOM. */
void document_lend(struct document *to, const struct document *from);
/* to as a document of text (len bytes, copied) that is from's JSON text
 * as it reads, what stood before it (a byte order mark) taken out (--fix's
 * round of that alone, lint/fixjgf.c): from's DOM, with its part of the
 * memory budget, handed to to, not parsed again; to indexes its own text.
 * from holds no DOM until document_hand_back gives it back, or to is taken
 * in its place. */
void document_hand(struct document *to, struct document *from, const char *text, size_t len);
void document_hand_back(struct document *from, struct document *to);
/* record_classify of the document's DOM (parsed), made at the first call. */
const struct record_info *document_record(struct document *doc);
void document_free(struct document *doc);

/* The command that converts the document, as a hint can give it to be run
 * as written: `jgflint --convert PATH` ("-" for standard input; quoted for
 * the shell when it needs it), with `--output converted` when the record
 * would have the input's own name (game.jgf), which --convert never
 * overwrites, and for standard input (its games cannot all go to standard
 * output). */
void document_convert_command(struct buf *out, const struct document *doc);
/* foreign-format's words, the one place they are made: what the input is
 * (a sniffed text's description, a record's classification, or what a
 * reader of its name says of it) and the command that converts it
 * (document_convert_command's; a --stream line's, line). Free it. */
char *document_foreign_words(const struct document *doc, const char *what, bool line);

#endif
