/* requests: requests that wait for a job (hover, diagnostics, commands, code
 * actions), answered when it is done (requests.c). */
#ifndef JGF_SERVER_REQUESTS_H
#define JGF_SERVER_REQUESTS_H

#include <stdint.h>
#include <json-c/json.h>

#include "server/doc.h"

/* Takes a hover, code action or pulled diagnostics request: answered now,
 * or when the result it needs is there. */
void request_for_document(struct doc *d, json_object *id, const char *method,
			  json_object *params);
/* The document's results changed: the requests waiting on it again. */
void retry_waiting(uint64_t doc_id);
void cancel_request(json_object *id);

#endif
