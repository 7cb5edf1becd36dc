/* server_int: what the files of src/server/ share. The server is a front
 * end on the library's public header and the base layer (allocation that
 * fails as the whole program does, json-c through base/dom, strings, the
 * line table of base/locate); tests/layers.py holds it to lib/ and base/.
 *
 * Its files call one way, each only those below it (tests/layers.py
 * refuses a call circle between them):
 *
 *     server.c     options and the main loop
 *     dispatch.c   messages in (the envelope, the lifecycle, each method
 *                  to its handler)
 *     requests.c   requests that wait for a job (hover, diagnostics,
 *                  commands and code actions), answered when it is done
 *     commands.c   workspace/executeCommand (the convert action's command,
 *                  and jgflint.convertToSgf)
 *     actions.c    code actions
 *     ignore.c     the "ignore this rule" action's edit of .jgflint.json
 *     documents.c  open documents, what their jobs bring back, and every
 *                  document again when a configuration changes
 *     waiting.c    the requests waiting, failed when their document changes
 *     jobs.c       the worker threads: lint, fix-all and convert jobs
 *     settings.c   the client's settings and the configuration files
 *     edits.c      TextEdit, WorkspaceEdit and CreateFile
 *     session.c    what initialize negotiated, and the messages out
 *     transport.c  Content-Length framing on two threads
 *     events.c     the main loop's queue (messages in, jobs done)
 *     ids.c        request ids as the client wrote them
 *     texts.c      documents' texts taken out of messages before json-c
 *     text.c       snapshots of a text, LSP positions, file:// URIs
 *     places.c     findings placed in the editor's text (a file the editor
 *                  decoded in another character set)
 *     markdown.c   a rule's documentation for hovers
 *     log.c        what the server says on standard error */
#ifndef JGF_SERVER_INT_H
#define JGF_SERVER_INT_H

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <pthread.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "base/dom.h"
#include "base/stamp.h"
#include "lib/jgflint.h"

/* ---- logging (log.c: standard error; never standard output) ---- */
extern int server_verbose;
void slog(const char *fmt, ...) __attribute__((format(printf, 1, 2)));

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
struct texts;

struct event {
	enum event_kind kind;
	json_object *msg;
	struct texts *texts;   /* the document texts msg's placeholders stand for */
	int code;
	char *text;
	struct job *job;
	struct event *next;
};

/* The main loop's queue (events.c); its taker frees what an event carries. */
void events_push(struct event *e);
struct event *events_pop(void);   /* blocks */
struct event *events_try_pop(void);   /* NULL when there is none */

/* The ids a message carries (its own, and the one $/cancelRequest names)
 * serialised as the client wrote them in body (ids.c). */
void keep_id_texts(json_object *msg, const char *body, size_t len);

/* ---- texts (texts.c): a document's text taken out of its message ---- */

/* json-c's parse of a message's body (json_tokener_parse_ex over all of
 * it), but each long string of a "text" member decoded here, into *texts,
 * and json-c given a placeholder for it; *end is where json-c stopped in
 * body. A message json-c does not read whole is json-c's own parse of it
 * (and *texts is NULL). */
json_object *parse_taking_texts(json_tokener *tok, const char *body, size_t len, size_t *end,
				struct texts **texts);
void texts_free(struct texts *t);
/* The texts of the message the main loop handles now (NULL after it). */
void texts_handling(struct texts *t);
/* A string of that message: its text (json-c's, or the one taken out for
 * it), which message_text_take hands over (malloc'd, NUL-terminated). */
const char *message_text(json_object *s, size_t *len);
char *message_text_take(json_object *s, size_t *len);

/* Starts the reader thread over fd in and the writer thread over fd out. */
void transport_start(int in, int out);
/* Queues one message (serialised here; the reference is dropped). */
void transport_send(json_object *msg);
/* Queues one message already serialised (copied). */
void transport_send_bytes(const char *body, size_t len);
/* Waits until everything queued is written (or the output failed). */
void transport_flush(void);
/* Ends the reader, if the input has not, and joins it: always, since a
 * thread that ends unjoined is a leak to ThreadSanitizer. */
void transport_reap(void);
/* After a session (server_session_reset): ends and joins the reader
 * (transport_reap) and drops the input. */
void transport_stop(void);

/* ---- text (text.c): documents, lines and position encodings ---- */

enum encoding { ENC_UTF16, ENC_UTF8, ENC_UTF32 };

/* An immutable text with its line table (base/locate's); shared by
 * reference between the main loop and the workers. Lines end at LF, CR LF
 * or a lone CR. */
struct checkpoint;
struct locator;
struct snap {
	int refs;             /* atomic */
	char *text;           /* NUL-terminated */
	size_t len;
	struct locator *lines;   /* built before the snapshot is shared */
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

/* The line (0-based) the byte offset is on, and where a line starts. */
size_t snap_line(const struct snap *s, size_t offset);
size_t snap_line_start(const struct snap *s, size_t line);

/* A byte offset as an LSP position (an offset inside a character counts
 * as its start). */
struct lsp_pos snap_position(const struct snap *s, size_t offset, enum encoding enc);
/* An LSP position as a byte offset: past the end of a line is its end, past
 * the last line the end of the text; inside a character, its start. */
size_t snap_offset(const struct snap *s, struct lsp_pos p, enum encoding enc);
json_object *json_position(struct lsp_pos p);
json_object *json_range(const struct snap *s, size_t start, size_t end, enum encoding enc);
/* Reads {line, character}; false when it is not one. */
bool parse_position(json_object *o, struct lsp_pos *out);

/* text with each maximal subpart of bytes that are not UTF-8 as U+FFFD
 * (*out_len its length; free it), or NULL when it is UTF-8. */
char *utf8_repaired(const char *text, size_t len, size_t *out_len);

/* file:// URIs: the path (percent-decoded), or NULL for another scheme or a
 * malformed one. */
char *uri_to_path(const char *uri);
/* The file:// URI of an absolute path (percent-encoded). */
char *path_to_uri(const char *path);
/* The URI of the file named name (a base name) beside the document uri. */
char *uri_sibling(const char *uri, const char *name);

/* ---- places (places.c) ---- */

/* An offset in one text to be placed in another. */
struct place_mark {
	size_t at;      /* in the text the library read */
	bool end;       /* the end of a range (placed before what follows) */
	size_t *out;    /* where it falls in the editor's text */
};
/* Places the n marks of from (the library's text) in to (the editor's
 * text of the same file, whatever set it was decoded in) by their ASCII
 * characters, which both keep in order; sorts m. Whether each character
 * beyond ASCII of from was found as itself: the editor decoded the file
 * as the library did. */
bool places_align(const char *from, size_t flen, const char *to, size_t tlen,
		  struct place_mark *m, size_t n);
/* The character set (as Vim's ++enc and Emacs name it) in which bytes
 * decode to text, among those an SGF is written in; NULL when none does. */
const char *places_charset(const char *bytes, size_t len, const char *text, size_t tlen);

/* ---- markdown (markdown.c) ---- */

/* A rule's hover text: summary, the finding's message, the explanation
 * and a link to its page; in Markdown (as the rule pages render it) or in
 * plain text. Free it. */
char *rule_hover(size_t rule, const char *message, enum jgf_severity severity, bool markdown);

/* ---- the session (session.c; dispatch.c takes the messages in) ---- */

/* JSON-RPC and LSP error codes. */
#define E_PARSE -32700
#define E_INVALID_REQUEST -32600
#define E_METHOD_NOT_FOUND -32601
#define E_INVALID_PARAMS -32602
#define E_INTERNAL -32603
#define E_NOT_INITIALIZED -32002
#define E_REQUEST_FAILED -32803
#define E_CANCELLED -32800
#define E_CONTENT_MODIFIED -32801

enum state { ST_NEW, ST_RUNNING, ST_SHUTDOWN };

/* What initialize negotiated. */
struct session {
	enum state state;
	enum encoding enc;
	bool doc_changes;      /* workspaceEdit.documentChanges */
	bool create_files;     /* workspaceEdit.resourceOperations has "create" */
	bool pull;             /* the client pulls diagnostics: none are pushed */
	bool refresh;          /* workspace.diagnostics.refreshSupport */
	bool watch_dynamic;
	bool disabled_support; /* codeAction.disabledSupport */
	bool markdown;         /* hover contentFormat has markdown */
	uint64_t next_doc_id;
	int exit_code;         /* -1 until exit (or the end of the input) */
};
extern struct session S;

/* A member of obj by RFC 6901 pointer ("/a/b"), or NULL. */
#define jpath(obj, pointer) dom_resolve((obj), (pointer))
/* The string member of obj, or NULL. */
const char *member_string(json_object *obj, const char *key);

void send_response(json_object *id, json_object *result);
void send_error(json_object *id, int code, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
void send_notification(const char *method, json_object *params);
void send_request(const char *method, json_object *params);
/* window/showMessage or window/logMessage (type 1 error .. 4 log). */
void tell(const char *method, int type, const char *fmt, ...)
	__attribute__((format(printf, 3, 4)));
/* Handles one message from the client (dispatch.c). */
void handle_message(json_object *msg);

/* ---- settings (settings.c) ---- */

/* A configuration shared by a document and its jobs. */
struct cfgref {
	int refs;
	jgf_config *cfg;
	struct file_stamp stamp;   /* its file's, when read */
};
struct cfgref *cfgref_ref(struct cfgref *c);
void cfgref_unref(struct cfgref *c);
/* What the CLI would apply to path (NULL: no file, the defaults), with the
 * client's settings over it; a configuration file's problems are told once
 * until the configurations are reloaded. */
struct cfgref *config_for_path(const char *path);
/* Whether the configuration file of the file at path changed since c was
 * read (written, removed, or another one now applies): for clients that do
 * not watch files (Neovim 0.7), each lint asks. */
bool config_changed(const struct cfgref *c, const char *path);
/* {select, ignore, severity} from initializationOptions or settings (also
 * under a "jgflint" key). */
void read_settings(json_object *o);
/* Whether settings of didChangeConfiguration are the server's. */
bool settings_are_ours(json_object *settings);
/* Forgets the client's settings (the end of a session). */
void client_settings_free(void);
/* Forgets which configuration files' problems were told: told again. */
void configs_forget_told(void);
bool is_config_name(const char *uri);

/* ---- documents and jobs (documents.c, jobs.c) ---- */

/* A finding as the server keeps it between requests: what hovers and code
 * actions need, copied out of the library's result, which goes with its
 * DOM as soon as the diagnostics are made (a 30 MB record's DOM is some
 * hundreds of MB: an open document keeps its text, not that). */
struct edit {
	size_t start, end;      /* bytes of the snapshot's text */
	char *text;
	size_t len;
};

struct finding {
	size_t start, end;      /* bytes; 0, 0 for the whole document */
	bool located;           /* not about the whole document */
	long rule;              /* in the catalogue, or -1 */
	enum jgf_severity severity;
	unsigned fix;           /* 0, JGF_FIX or JGF_UNSAFE_FIXES */
	char *message;
	char *fix_description;
	struct edit *edits;     /* the fix's, in text order; none if any is out of the text */
	size_t nedits;
	bool foreign;           /* foreign-format, or checked in place: --convert reads it */
	json_object *diag;      /* its Diagnostic */
	char *board;            /* a go finding's board (jgf_finding_board: --format text's),
				 * the first MAX_POSITIONS */
};

struct lint_out {
	struct snap *snap;
	bool linted;            /* false when memory ran out, or for a configuration file */
	struct finding *f;
	size_t n;
	json_object *diags;     /* the array of Diagnostic */
	char *publish;          /* the publishDiagnostics message, serialised */
	size_t publish_len;
	bool foreign;           /* a foreign-format finding */
	bool safe_fixes;        /* a finding with a safe fix */
};

struct fix_out {
	size_t fixes;
	json_object *edit;      /* one TextEdit, or NULL when nothing changes */
};

struct conv_out {
	int status;
	size_t n;
	char **names;           /* base names */
	char **texts;
	bool *exists;
	char *messages;
	char *refused;          /* why nothing was converted (then n is 0) */
};

enum job_kind { J_LINT, J_FIX, J_CONVERT, J_SGF, NKINDS };

struct doc {
	uint64_t id;
	char *uri;
	char *path;             /* NULL when not a file:// URI */
	char *name;             /* for the library: the path, or the URI */
	bool is_config;         /* a .jgflint.json */
	int64_t version;
	unsigned long gen;
	bool modified;          /* changed since opened or saved: not the file's text */
	struct snap *snap;
	struct cfgref *cfg;
	struct lint_out *lint;  /* of gen, when done */
	struct fix_out *fix;
	struct conv_out *conv;
	struct conv_out *sgf;   /* its conversion to SGF (jgflint.convertToSgf) */
	bool pending[NKINDS];   /* a job of gen is queued or running */
	struct doc *next;
};

extern struct doc *docs;

struct job {
	enum job_kind kind;
	uint64_t doc_id;
	unsigned long gen;
	int64_t version;
	char *uri, *name, *path;
	bool is_config;
	bool modified;
	bool push;
	enum encoding enc;
	struct snap *snap;
	struct cfgref *cfg;
	int cancelled;
	struct lint_out *lint;
	struct fix_out *fix;
	struct conv_out *conv;  /* J_CONVERT's, or J_SGF's */
	struct job *next;
};

struct doc *doc_find(const char *uri);
struct doc *doc_by_id(uint64_t id);
void did_open(json_object *params);
void did_change(json_object *params);
void did_close(json_object *params);
/* didSave: the id of the document whose results it dropped (its waiting
 * requests to retry), or 0. */
uint64_t did_save(json_object *params);
/* Forgets every document (the end of a session). */
void docs_free(void);
/* The document's text or settings changed: a new generation. */
void doc_changed(struct doc *d);
/* A configuration file or the settings changed: every document again. */
void reload_configs(void);
/* A worker's job came back: the id of the document whose results it
 * brought (its waiting requests to retry), or 0 (a stale result). */
uint64_t job_done(struct job *j);

/* Starts the worker threads; false when one cannot start. */
bool workers_start(void);
/* Whether a worker is inside the library. */
bool workers_busy(void);
/* Cancels every queued job and waits until no worker runs one. */
void workers_quiesce(void);
/* Queues a job of kind for d's current generation: a job of the same kind
 * for d still waiting in the queue is brought up to date instead. */
void enqueue(struct doc *d, enum job_kind kind);
/* Cancels d's queued jobs of kind (all kinds: NKINDS). */
void cancel_queued(uint64_t doc_id, int kind);
void job_free(struct job *j);
/* The file at path, whole, when it is a regular file (a URI may name a
 * FIFO or /dev/zero) of at most max bytes; false otherwise. */
bool file_read_whole(const char *path, struct buf *out, size_t max);
void lint_out_free(struct lint_out *o);
void fix_out_free(struct fix_out *o);
void conv_out_free(struct conv_out *o);

/* ---- edits (edits.c) ---- */

json_object *text_edit(const struct snap *s, size_t start, size_t end, const char *text,
		       size_t len, enum encoding enc);
/* The edits of a finding's fix (NULL when it has none, or more than
 * max_bytes of text). */
json_object *finding_edits(const struct snap *s, const struct finding *f, enum encoding enc,
			   size_t max_bytes);
/* A WorkspaceEdit of edits to uri: documentChanges, naming the document's
 * version (taken; NULL: JSON null, a file not open), when the client takes
 * them, else changes. */
json_object *workspace_edit(const char *uri, json_object *version, json_object *edits);
/* Appends to a documentChanges array a CreateFile of uri (never replacing
 * a file) and the edit that writes text in it. */
void create_file_with(json_object *changes, const char *uri, const char *text);

/* ---- requests that wait for a result (waiting.c, requests.c) ---- */

/* A request waiting, in arrival order on preqs. */
struct preq {
	json_object *id;
	char *method;
	json_object *params;
	uint64_t doc_id;
	unsigned long gen;
	struct preq *next;
};
extern struct preq *preqs;
void preq_free(struct preq *q);

/* Takes a hover, code action or pulled diagnostics request: answered now,
 * or when the result it needs is there. */
void request_for_document(struct doc *d, json_object *id, const char *method,
			  json_object *params);
/* Answers with an error every waiting request of doc (all documents: 0)
 * older than gen. */
void fail_waiting(uint64_t doc_id, unsigned long gen, int code, const char *why);
/* The document's results changed: the requests waiting on it again. */
void retry_waiting(uint64_t doc_id);
void cancel_request(json_object *id);
/* Forgets the waiting requests, unanswered (the end of a session). */
void requests_free(void);

/* ---- code actions (actions.c) ---- */

/* What a code action request wants beyond the lint result. */
void code_action_wants(const struct doc *d, json_object *params, bool *fixall, bool *convert);
void answer_code_action(const struct doc *d, json_object *id, json_object *params);

/* ---- the "ignore this rule" action (ignore.c) ---- */

/* Where and what to insert in a configuration file's text (len bytes) so
 * that its "ignore" list has rule: *at and *insert (free it); false, with
 * *why (free it), when the text is not an object whose "ignore" is a list,
 * or has the rule already. */
bool ignore_edit(const char *text, size_t len, const char *rule, size_t *at, char **insert,
		 char **why);
/* The action that ignores f's rule in the configuration file of d (or a
 * new one beside it); NULL when there is none to offer. */
json_object *ignore_action(const struct doc *d, const struct finding *f);

/* ---- commands (commands.c) ---- */

/* Whether commands write files (the fuzz target's sessions do not). */
extern bool server_writes_files;
/* Converts a document's record beside it, as the convert action's edit. */
#define CONVERT_COMMAND "jgflint.convert"
/* Answers with the document's record (or the games it holds) as SGF, as
 * jgflint --convert --to sgf --sgf-collection writes it; writes nothing. */
#define SGF_COMMAND "jgflint.convertToSgf"
/* Writes .jgflint.json beside a document with {"ignore": [RULE]}
 * (arguments: the document's URI, the rule), the "ignore this rule" action
 * of a client that cannot create files through an edit; never over a file. */
#define IGNORE_COMMAND "jgflint.ignoreRule"
void ignore_command(const struct doc *d, json_object *id, json_object *params);
/* The job a command waits for: J_SGF or J_CONVERT. */
enum job_kind command_job(json_object *params);
void answer_command(const struct doc *d, json_object *id, json_object *params);
/* The document a command's arguments name, or NULL. */
const char *command_uri(json_object *params);

#endif
