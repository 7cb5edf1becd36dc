/* dispatch: messages in (the JSON-RPC envelope, the lifecycle, each
 * method to its handler) and out, and what initialize negotiates. */
#include "server/dispatch.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

#include "base/dom.h"
#include "lib/jgflint.h"
#include "server/commands.h"
#include "server/doc.h"
#include "server/documents.h"
#include "server/ignore.h"
#include "server/log.h"
#include "server/requests.h"
#include "server/rpc.h"
#include "server/session.h"
#include "server/settings.h"
#include "server/text.h"
#include "server/waiting.h"

/* The value a pointer names in obj is true. */
static bool flag(json_object *obj, const char *pointer)
{
	json_object *v = dom_resolve(obj, pointer);
	return v && json_object_is_type(v, json_type_boolean) && json_object_get_boolean(v);
}

static bool array_has_string(json_object *arr, const char *s)
{
	if (!arr || !json_object_is_type(arr, json_type_array))
		return false;
	for (size_t i = 0; i < json_object_array_length(arr); i++) {
		json_object *v = json_object_array_get_idx(arr, i);
		if (v && json_object_is_type(v, json_type_string) &&
		    !strcmp(json_object_get_string(v), s))
			return true;
	}
	return false;
}

static json_object *initialize(json_object *params)
{
	json_object *caps = member_of_type(params, "capabilities", json_type_object);
	json_object *encs = dom_resolve(caps, "/general/positionEncodings");
	if (array_has_string(encs, "utf-8"))
		S.enc = ENC_UTF8;
	else if (array_has_string(encs, "utf-32"))
		S.enc = ENC_UTF32;
	else
		S.enc = ENC_UTF16;
	S.doc_changes = flag(caps, "/workspace/workspaceEdit/documentChanges");
	S.create_files = array_has_string(
		dom_resolve(caps, "/workspace/workspaceEdit/resourceOperations"), "create");
	S.pull = dom_resolve(caps, "/textDocument/diagnostic") != NULL;
	S.refresh = flag(caps, "/workspace/diagnostics/refreshSupport");
	S.watch_dynamic = flag(caps, "/workspace/didChangeWatchedFiles/dynamicRegistration");
	S.disabled_support = flag(caps, "/textDocument/codeAction/disabledSupport");
	S.markdown = array_has_string(dom_resolve(caps, "/textDocument/hover/contentFormat"),
				      "markdown");
	read_settings(member_of_type(params, "initializationOptions", json_type_object));

	json_object *c = dom_object();
	static const char *const enc_names[] = { "utf-16", "utf-8", "utf-32" };
	dom_add(c, "positionEncoding", dom_string(enc_names[S.enc]));
	json_object *sync = dom_object();
	dom_add(sync, "openClose", dom_bool(1));
	dom_add(sync, "change", dom_int(2));
	json_object *save = dom_object();
	dom_add(save, "includeText", dom_bool(0));
	dom_add(sync, "save", save);
	dom_add(c, "textDocumentSync", sync);
	dom_add(c, "hoverProvider", dom_bool(1));
	json_object *ca = dom_object();
	json_object *kinds = dom_array();
	dom_push(kinds, dom_string("quickfix"));
	dom_push(kinds, dom_string("source.fixAll.jgflint"));
	dom_add(ca, "codeActionKinds", kinds);
	dom_add(ca, "resolveProvider", dom_bool(0));
	dom_add(c, "codeActionProvider", ca);
	json_object *ec = dom_object();
	json_object *commands = dom_array();
	dom_push(commands, dom_string(CONVERT_COMMAND));
	dom_push(commands, dom_string(SGF_COMMAND));
	dom_push(commands, dom_string(IGNORE_COMMAND));
	dom_add(ec, "commands", commands);
	dom_add(c, "executeCommandProvider", ec);
	if (S.pull) {
		json_object *dp = dom_object();
		dom_add(dp, "identifier", dom_string("jgflint"));
		dom_add(dp, "interFileDependencies", dom_bool(0));
		dom_add(dp, "workspaceDiagnostics", dom_bool(0));
		dom_add(c, "diagnosticProvider", dp);
	}
	json_object *r = dom_object();
	dom_add(r, "capabilities", c);
	json_object *info = dom_object();
	dom_add(info, "name", dom_string("jgflint"));
	dom_add(info, "version", dom_string(jgf_version()));
	dom_add(r, "serverInfo", info);
	return r;
}

static void initialized(void)
{
	if (!S.watch_dynamic)
		return;
	json_object *w = dom_object();
	dom_add(w, "globPattern", dom_string("**/.jgflint.json"));
	json_object *watchers = dom_array();
	dom_push(watchers, w);
	json_object *opts = dom_object();
	dom_add(opts, "watchers", watchers);
	json_object *reg = dom_object();
	dom_add(reg, "id", dom_string("jgflint-configuration-files"));
	dom_add(reg, "method", dom_string("workspace/didChangeWatchedFiles"));
	dom_add(reg, "registerOptions", opts);
	json_object *regs = dom_array();
	dom_push(regs, reg);
	json_object *p = dom_object();
	dom_add(p, "registrations", regs);
	send_request("client/registerCapability", p);
}

/* Checks a text document request's params; answers the error and returns
 * NULL when they are not right. */
static struct doc *doc_request(json_object *id, const char *method, json_object *params)
{
	const char *uri = member_string(member_of_type(params, "textDocument", json_type_object), "uri");
	if (!uri) {
		send_error(id, E_INVALID_PARAMS, "%s: params.textDocument.uri must be a string", method);
		return NULL;
	}
	struct lsp_pos p;
	if (!strcmp(method, "textDocument/hover") &&
	    !parse_position(member_of_type(params, "position", json_type_object), &p)) {
		send_error(id, E_INVALID_PARAMS, "%s: params.position must be {line, character}",
			   method);
		return NULL;
	}
	if (!strcmp(method, "textDocument/codeAction")) {
		json_object *range = member_of_type(params, "range", json_type_object);
		json_object *ctx = member_of_type(params, "context", json_type_null);
		json_object *only = member_of_type(ctx, "only", json_type_null);
		if (!parse_position(member_of_type(range, "start", json_type_object), &p) ||
		    !parse_position(member_of_type(range, "end", json_type_object), &p)) {
			send_error(id, E_INVALID_PARAMS, "%s: params.range must be {start, end}", method);
			return NULL;
		}
		if (!ctx || !json_object_is_type(ctx, json_type_object) ||
		    (only && !json_object_is_type(only, json_type_array))) {
			send_error(id, E_INVALID_PARAMS, "%s: params.context must be a "
				   "CodeActionContext", method);
			return NULL;
		}
	}
	struct doc *d = doc_find(uri);
	if (!d)
		send_error(id, E_INVALID_PARAMS, "%s: %s is not open (textDocument/didOpen first)",
			   method, uri);
	return d;
}

static void handle_request(json_object *id, const char *method, json_object *params)
{
	if (server_verbose)
		slog("request %s", method);
	if (S.state == ST_NEW && strcmp(method, "initialize")) {
		send_error(id, E_NOT_INITIALIZED, "%s before initialize", method);
		return;
	}
	if (S.state == ST_SHUTDOWN) {
		send_error(id, E_INVALID_REQUEST, "%s after shutdown: only exit is accepted", method);
		return;
	}
	if (!strcmp(method, "initialize")) {
		if (S.state != ST_NEW) {
			send_error(id, E_INVALID_REQUEST, "initialize was already received");
			return;
		}
		if (!params || !json_object_is_type(params, json_type_object) ||
		    !member_of_type(params, "capabilities", json_type_object)) {
			send_error(id, E_INVALID_PARAMS, "initialize: params.capabilities must be an object");
			return;
		}
		send_response(id, initialize(params));
		S.state = ST_RUNNING;
		return;
	}
	if (!strcmp(method, "shutdown")) {
		S.state = ST_SHUTDOWN;
		fail_waiting(0, (unsigned long)-1, E_REQUEST_FAILED, "the server is shutting down");
		send_response(id, NULL);
		return;
	}
	if (!strcmp(method, "textDocument/hover") || !strcmp(method, "textDocument/codeAction") ||
	    !strcmp(method, "textDocument/diagnostic")) {
		struct doc *d = doc_request(id, method, params);
		if (!d)
			return;
		request_for_document(d, id, method, params);
		return;
	}
	if (!strcmp(method, "workspace/executeCommand")) {
		const char *uri = command_uri(params);
		struct doc *d = uri ? doc_find(uri) : NULL;
		const char *command = member_string(params, "command");
		if (!d)
			send_error(id, E_INVALID_PARAMS, "%s: arguments must name an open document "
				   "([uri])", method);
		else if (command && !strcmp(command, IGNORE_COMMAND))
			ignore_command(d, id, params);   /* no job to wait for */
		else
			request_for_document(d, id, method, params);
		return;
	}
	send_error(id, E_METHOD_NOT_FOUND, "%s: no such method", method);
}

static void handle_notification(const char *method, json_object *params)
{
	if (server_verbose)
		slog("notification %s", method);
	if (!strcmp(method, "exit")) {
		S.exit_code = S.state == ST_SHUTDOWN ? 0 : 1;
		return;
	}
	if (S.state != ST_RUNNING)
		return;   /* before initialize and after shutdown: dropped */
	if (!strcmp(method, "initialized"))
		initialized();
	else if (!strcmp(method, "textDocument/didOpen"))
		did_open(params);
	else if (!strcmp(method, "textDocument/didChange"))
		did_change(params);
	else if (!strcmp(method, "textDocument/didClose"))
		did_close(params);
	else if (!strcmp(method, "textDocument/didSave")) {
		retry_waiting(did_save(params));
	} else if (!strcmp(method, "workspace/didChangeWatchedFiles")) {
		json_object *changes = member_of_type(params, "changes", json_type_array);
		bool config = false;
		for (size_t i = 0; changes && i < json_object_array_length(changes); i++) {
			const char *uri = member_string(json_object_array_get_idx(changes, i), "uri");
			config |= uri && is_config_name(uri);
		}
		if (config)
			reload_configs();
	} else if (!strcmp(method, "workspace/didChangeConfiguration")) {
		json_object *settings = member_of_type(params, "settings", json_type_object);
		if (settings_are_ours(settings)) {
			read_settings(settings);
			reload_configs();
		}
	} else if (!strcmp(method, "$/cancelRequest")) {
		json_object *id = member_of_type(params, "id", json_type_null);
		if (id)
			cancel_request(id);
	}
	/* Anything else ($/setTrace, $/progress, unknown methods): ignored. */
}

static bool valid_id(json_object *id)
{
	return !id || json_object_is_type(id, json_type_int) ||
	       json_object_is_type(id, json_type_string);
}

void handle_message(json_object *msg)
{
	if (!json_object_is_type(msg, json_type_object)) {
		send_error(NULL, E_INVALID_REQUEST, "Invalid Request: a message is a JSON object%s",
			   json_object_is_type(msg, json_type_array) ? " (batches are not supported)" :
			   "");
		return;
	}
	json_object *id = NULL;
	bool has_id = json_object_object_get_ex(msg, "id", &id);
	json_object *idv = has_id && valid_id(id) ? id : NULL;
	const char *version = member_string(msg, "jsonrpc");
	json_object *method = member_of_type(msg, "method", json_type_null);
	json_object *params = member_of_type(msg, "params", json_type_null);
	if (!version || strcmp(version, "2.0")) {
		send_error(idv, E_INVALID_REQUEST, "Invalid Request: jsonrpc must be \"2.0\"");
		return;
	}
	if (!method) {
		if (has_id && (json_object_object_get_ex(msg, "result", NULL) ||
			       json_object_object_get_ex(msg, "error", NULL))) {
			json_object *err = member_of_type(msg, "error", json_type_object);
			if (err)
				slog("the client answered our request %s with an error: %s",
				     id ? json_object_get_string(id) : "null", member_string(err, "message") ?
				     member_string(err, "message") : "?");
			return;   /* a response to one of our requests */
		}
		send_error(idv, E_INVALID_REQUEST, "Invalid Request: no method");
		return;
	}
	if (!json_object_is_type(method, json_type_string)) {
		send_error(idv, E_INVALID_REQUEST, "Invalid Request: method must be a string");
		return;
	}
	if (has_id && !valid_id(id)) {
		send_error(NULL, E_INVALID_REQUEST, "Invalid Request: id must be a number or a string");
		return;
	}
	if (params && !json_object_is_type(params, json_type_object) &&
	    !json_object_is_type(params, json_type_array)) {
		if (has_id)
			send_error(id, E_INVALID_PARAMS, "params must be an object or an array");
		return;
	}
	const char *m = json_object_get_string(method);
	if (has_id)
		handle_request(id, m, params);
	else
		handle_notification(m, params);
}
