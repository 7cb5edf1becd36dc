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
#include "base/buf.h"
#include "base/dom.h"
#include "base/locate.h"
#include "base/stamp.h"

/* Larger inputs are refused (the locator uses 32-bit offsets). */
#define JGF_MAX_FILE_SIZE ((size_t)1 << 30)

struct document {
	char *path;          /* as reported: the argument, or "<stdin>" for "-" */
	char *text;          /* the whole input, NUL-terminated */
	size_t len;
	size_t body;         /* offset of the JSON text, after a byte order mark */
	bool parsed;         /* the text is valid JSON and root is its DOM */
	json_object *root;   /* the DOM (NULL for a JSON null, or when not parsed) */
	size_t depth;        /* deepest nesting of objects and arrays */
	struct locator *loc;
	struct diag_list diags;
	bool io_failed;      /* the input could not be read at all */
	struct file_stamp stamp; /* the file as read (not for standard input) */
	size_t estimate;     /* the memory its DOM takes, estimated (0: small) */
	size_t reserved;     /* its part of a shared budget (load_share_budget) */
	pthread_t reserver;  /* the thread that took it */
};

/* The memory budget of one document: a file whose DOM, estimated from its
 * text before building it, would need more is refused with json-too-large.
 * The default is half of the smallest of physical memory, RLIMIT_AS and
 * RLIMIT_DATA. */
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
/* "1048576", "512K", "64M", "2G" (powers of 1024); false for anything else. */
bool load_parse_size(const char *arg, size_t *out);
/* What holding text as a DOM costs, estimated from the text alone in one
 * cheap pass (containers and values counted outside strings). */
size_t load_estimate_memory(const char *text, size_t len);

/* Reads path ("-" is standard input) and parses it. */
void document_load_file(struct document *doc, const char *path);
/* Parses a copy of data under the given display name. */
void document_load_buffer(struct document *doc, const char *name,
			  const char *data, size_t len);
/* Gives every finding its line and column (pointers are resolved only
 * here, for findings, so clean files never build the locator's index),
 * then sorts them by position. */
void document_locate(struct document *doc);
void document_free(struct document *doc);

/* The command that converts the document, as a hint can give it to be run
 * as written: `jgflint --convert PATH` ("-" for standard input; quoted for
 * the shell when it needs it), with `--output converted` when the record
 * would have the input's own name (game.jgf), which --convert never
 * overwrites, and for standard input (its games cannot all go to standard
 * output). */
void document_convert_command(struct buf *out, const struct document *doc);

#endif
