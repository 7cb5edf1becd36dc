/* server_int: what the files of src/server/ share. The server is a front
 * end: it includes only the library's public header, json-c and libc
 * (tests/layers.py holds it to lib/ and base/). */
#ifndef JGF_SERVER_INT_H
#define JGF_SERVER_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <pthread.h>
#include <json-c/json.h>

#include "lib/jgflint.h"

/* ---- logging (standard error; never standard output) ---- */
extern int server_verbose;
void slog(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
#include <stdarg.h>
char *vxasprintf(const char *fmt, va_list ap);
char *xasprintf(const char *fmt, ...) __attribute__((format(printf, 1, 2)));
void *xalloc(size_t n);   /* zeroed; aborts when memory runs out */
char *xdup(const char *s);

/* ---- transport (transport.c): Content-Length framing ---- */

/* The largest message body read; a longer one is skipped and answered
 * with an error. */
#define MAX_MESSAGE_BYTES ((size_t)1 << 30)

/* What the reader thread and the workers hand the main loop. */
enum event_kind {
	EV_MESSAGE,       /* msg: a parsed JSON value */
	EV_BAD_MESSAGE,   /* code, text: answered with an error whose id is null */
	EV_EOF,           /* standard input ended (or failed) */
	EV_JOB_DONE,      /* job */
};

struct job;

struct event {
	enum event_kind kind;
	json_object *msg;
	int code;
	char *text;
	struct job *job;
	struct event *next;
};

void events_push(struct event *e);
struct event *events_pop(void);   /* blocks */

/* Starts the reader thread over fd in and the writer thread over fd out. */
void transport_start(int in, int out);
/* Queues one message (serialised here; the reference is dropped). */
void transport_send(json_object *msg);
/* Queues one message already serialised (copied). */
void transport_send_bytes(const char *body, size_t len);
/* Waits until everything queued is written (or the output failed). */
void transport_flush(void);

/* ---- text (text.c): documents, lines and position encodings ---- */

enum encoding { ENC_UTF16, ENC_UTF8, ENC_UTF32 };

/* An immutable text with its line starts; shared by reference between the
 * main loop and the workers. Lines end at LF, CR LF or a lone CR. */
struct checkpoint;
struct snap {
	int refs;             /* atomic */
	char *text;           /* NUL-terminated */
	size_t len;
	size_t *lines;        /* start offset of each line */
	size_t nlines;
	/* For long lines: the UTF-16 and UTF-32 units before every 4 KiB of
	 * the text, built on first use (under lock). */
	pthread_mutex_t lock;
	struct checkpoint *ck[3];
	size_t nck[3];
};

struct snap *snap_new(char *text, size_t len);   /* takes text (malloc'd) */
struct snap *snap_ref(struct snap *s);
void snap_unref(struct snap *s);

struct lsp_pos {
	uint32_t line, character;
};

/* The line (0-based) the byte offset is on. */
size_t snap_line(const struct snap *s, size_t offset);

/* A byte offset as an LSP position (an offset inside a character counts
 * as its start). */
struct lsp_pos snap_position(const struct snap *s, size_t offset, enum encoding enc);
/* An LSP position as a byte offset: past the end of a line is its end, past
 * the last line the end of the text; inside a character, its start. */
size_t snap_offset(const struct snap *s, struct lsp_pos p, enum encoding enc);
/* The end of the text as a position. */
struct lsp_pos snap_end(const struct snap *s, enum encoding enc);
json_object *json_position(struct lsp_pos p);
json_object *json_range(const struct snap *s, size_t start, size_t end, enum encoding enc);
/* Reads {line, character}; false when it is not one. */
bool parse_position(json_object *o, struct lsp_pos *out);

/* file:// URIs: the path (percent-decoded), or NULL for another scheme or a
 * malformed one. */
char *uri_to_path(const char *uri);
/* The URI of the file named name (a base name) beside the document uri. */
char *uri_sibling(const char *uri, const char *name);

/* ---- markdown (markdown.c) ---- */

/* A rule's hover text: summary, the finding's message, the explanation
 * (as the rule pages render it) and a link to its page. Free it. */
char *rule_markdown(size_t rule, const char *message, const char *severity);

/* ---- json helpers ---- */
json_object *jstr(const char *s);
json_object *jstrn(const char *s, size_t n);
/* obj[key] when it has that type (json_type_null: any), else NULL. */
json_object *jget(json_object *obj, const char *key, enum json_type type);
const char *jget_str(json_object *obj, const char *key);
bool jget_bool_path(json_object *obj, const char *path);

#endif
