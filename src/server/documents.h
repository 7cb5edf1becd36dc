/* documents: open documents, what their jobs bring back, and every document
 * again when a configuration changes (documents.c). */
#ifndef JGF_SERVER_DOCUMENTS_H
#define JGF_SERVER_DOCUMENTS_H

#include <stdint.h>
#include <json-c/json.h>

#include "server/doc.h"

extern struct doc *docs;

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

#endif
