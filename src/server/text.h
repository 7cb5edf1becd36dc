/* text: snapshots of a text, LSP positions in their encodings, file:// URIs
 * (text.c). */
#ifndef JGF_SERVER_TEXT_H
#define JGF_SERVER_TEXT_H

#include <pthread.h>
#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <json-c/json.h>

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

#endif
