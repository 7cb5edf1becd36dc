/* session: what initialize negotiated (S), and the messages the server
 * sends (responses, errors, notifications, its own requests), queued on
 * the transport. Every file that answers or tells the client calls down
 * to here, never back to dispatch.c, which takes the messages in. */
#include "server/session.h"

#include <stdarg.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

#include "base/dom.h"
#include "server/log.h"
#include "server/transport.h"

struct session S;

const char *member_string(json_object *obj, const char *key)
{
	json_object *v = member_of_type(obj, key, json_type_string);
	return v ? json_object_get_string(v) : NULL;
}

void send_response(json_object *id, json_object *result)
{
	json_object *m = dom_object();
	dom_add(m, "jsonrpc", dom_string("2.0"));
	dom_add(m, "id", json_object_get(id));
	dom_add(m, "result", result);
	transport_send(m);
}

void send_error(json_object *id, int code, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *text = xvasprintf(fmt, ap);
	va_end(ap);
	json_object *m = dom_object();
	json_object *e = dom_object();
	dom_add(e, "code", dom_int(code));
	dom_add(e, "message", dom_string(text));
	dom_add(m, "jsonrpc", dom_string("2.0"));
	dom_add(m, "id", json_object_get(id));
	dom_add(m, "error", e);
	if (server_verbose)
		slog("error %d: %s", code, text);
	free(text);
	transport_send(m);
}

void send_notification(const char *method, json_object *params)
{
	json_object *m = dom_object();
	dom_add(m, "jsonrpc", dom_string("2.0"));
	dom_add(m, "method", dom_string(method));
	dom_add(m, "params", params);
	transport_send(m);
}

static long next_request_id = 1;

void send_request(const char *method, json_object *params)
{
	json_object *m = dom_object();
	char id[32];
	snprintf(id, sizeof id, "jgflint-%ld", next_request_id++);
	dom_add(m, "jsonrpc", dom_string("2.0"));
	dom_add(m, "id", dom_string(id));
	dom_add(m, "method", dom_string(method));
	dom_add(m, "params", params);
	transport_send(m);
}

void tell(const char *method, int type, const char *fmt, ...)
{
	va_list ap;
	va_start(ap, fmt);
	char *text = xvasprintf(fmt, ap);
	va_end(ap);
	slog("%s", text);
	json_object *p = dom_object();
	dom_add(p, "type", dom_int(type));
	dom_add(p, "message", dom_string(text));
	free(text);
	send_notification(method, p);
}
