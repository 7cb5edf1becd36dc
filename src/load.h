/* load: reads one input (a file or standard input) and turns it into a
 * document: the text, the json-c DOM when the text is valid JSON, and the
 * diagnostics found on the way. */
#ifndef JGF_LOAD_H
#define JGF_LOAD_H

#include <stdbool.h>
#include <stddef.h>
#include <json-c/json.h>

#include "diag.h"
#include "locate.h"
#include "stamp.h"

struct settings;
struct config;

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
	/* Which rules apply and how severe (config.h); NULL: every rule, as is. */
	const struct settings *cli;
	const struct config *cfg;
};

/* The memory budget of one document: a file whose DOM, estimated from its
 * text before building it, would need more is refused with json-too-large.
 * The default is half of the smallest of physical memory, RLIMIT_AS and
 * RLIMIT_DATA. */
void load_set_memory_budget(size_t bytes);
size_t load_memory_budget(void);
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
void document_free(struct document *doc);

/* json_object_put without recursion: json-c's own put recurses once per
 * level and overflows the stack on deep documents. */
void json_put_iterative(json_object *root);
/* Frees a DOM of the given depth: json-c's own put where recursion is
 * harmless (it is faster), json_put_iterative beyond. */
void json_put_deep(json_object *root, size_t depth);

/* How a command line names the document's input: "-" for standard input. */
const char *document_arg(const struct document *doc);

#endif
