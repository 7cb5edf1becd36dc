/* session: what initialize negotiated, and the messages out (session.c). */
#ifndef JGF_SERVER_SESSION_H
#define JGF_SERVER_SESSION_H

#include <stdbool.h>
#include <stdint.h>
#include <json-c/json.h>

#include "base/dom.h"
#include "server/text.h"

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

#endif
