/* documents: the open documents, owned by the main loop. Each counts its
 * generations (one per change: text or settings), and keeps the results of
 * its current generation: a job's result of an older one is dropped. */
#include "server/documents.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "base/dom.h"
#include "server/doc.h"
#include "server/jobs.h"
#include "server/log.h"
#include "server/rpc.h"
#include "server/session.h"
#include "server/settings.h"
#include "server/text.h"
#include "server/texts.h"
#include "server/transport.h"
#include "server/waiting.h"

struct doc *docs;

struct doc *doc_find(const char *uri)
{
	for (struct doc *d = docs; d; d = d->next)
		if (!strcmp(d->uri, uri))
			return d;
	return NULL;
}

struct doc *doc_by_id(uint64_t id)
{
	for (struct doc *d = docs; d; d = d->next)
		if (d->id == id)
			return d;
	return NULL;
}

/* A document closed or left at exit: its results, text and configuration
 * let go, and it freed. */
static void doc_free(struct doc *d)
{
	lint_out_free(d->lint);
	fix_out_free(d->fix);
	conv_out_free(d->conv);
	conv_out_free(d->sgf);
	snap_unref(d->snap);
	cfgref_unref(d->cfg);
	free(d->uri);
	free(d->path);
	free(d->name);
	free(d);
}

static void doc_results_clear(struct doc *d)
{
	lint_out_free(d->lint);
	fix_out_free(d->fix);
	conv_out_free(d->conv);
	conv_out_free(d->sgf);
	d->lint = NULL;
	d->fix = NULL;
	d->conv = NULL;
	d->sgf = NULL;
	cancel_queued(d->id, J_FIX);
	cancel_queued(d->id, J_CONVERT);
	cancel_queued(d->id, J_SGF);
	d->pending[J_FIX] = d->pending[J_CONVERT] = d->pending[J_SGF] = false;
}

/* A client that does not watch files is not told of a configuration file
 * that changed: each lint looks at its time. True when it had changed
 * (then every document is linted again). */
static bool reload_if_config_changed(const struct doc *d)
{
	if (S.watch_dynamic || !d->cfg || !d->path || !config_changed(d->cfg, d->path))
		return false;
	if (server_verbose)
		slog("the configuration of %s changed: read again", d->path);
	reload_configs();
	return true;
}

void doc_changed(struct doc *d)
{
	d->gen++;
	doc_results_clear(d);
	fail_waiting(d->id, d->gen, E_CONTENT_MODIFIED, "the document changed");
	enqueue(d, J_LINT);
}

static void publish_empty(const char *uri)
{
	if (S.pull)
		return;
	json_object *p = dom_object();
	dom_add(p, "uri", dom_string(uri));
	dom_add(p, "diagnostics", dom_array());
	send_notification("textDocument/publishDiagnostics", p);
}

void did_open(json_object *params)
{
	json_object *td = member_of_type(params, "textDocument", json_type_object);
	const char *uri = member_string(td, "uri");
	json_object *text = member_of_type(td, "text", json_type_string);
	json_object *ver = member_of_type(td, "version", json_type_int);
	if (!uri || !text) {
		slog("didOpen without textDocument.uri and text: ignored");
		return;
	}
	struct doc *d = doc_find(uri);
	if (d) {
		slog("%s opened again: its text is replaced", uri);
	} else {
		d = xcalloc(1, sizeof *d);
		d->id = ++S.next_doc_id;
		d->uri = xstrdup(uri);
		d->path = uri_to_path(uri);
		d->name = xstrdup(d->path ? d->path : uri);
		d->is_config = is_config_name(uri);
		d->cfg = config_for_path(d->path);
		d->next = docs;
		docs = d;
	}
	size_t len;
	char *copy = message_text_take(text, &len);
	snap_unref(d->snap);
	d->snap = snap_new(copy, len);
	d->modified = false;
	d->version = ver ? json_object_get_int64(ver) : 0;
	if (!reload_if_config_changed(d))
		doc_changed(d);
}

/* Applies one contentChange to text; false when it is not one. */
static bool apply_change(struct doc *d, json_object *ch)
{
	json_object *text = member_of_type(ch, "text", json_type_string);
	if (!text)
		return false;
	json_object *range = member_of_type(ch, "range", json_type_object);
	char *out;
	size_t len;
	if (!range) {
		out = message_text_take(text, &len);
	} else {
		size_t tl;
		const char *t = message_text(text, &tl);
		struct lsp_pos a, b;
		if (!parse_position(member_of_type(range, "start", json_type_object), &a) ||
		    !parse_position(member_of_type(range, "end", json_type_object), &b))
			return false;
		const struct snap *s = d->snap;
		size_t so = snap_offset(s, a, S.enc), eo = snap_offset(s, b, S.enc);
		if (eo < so)
			return false;
		len = s->len - (eo - so) + tl;
		out = xcalloc(1, len + 1);
		memcpy(out, s->text, so);
		memcpy(out + so, t, tl);
		memcpy(out + so + tl, s->text + eo, s->len - eo);
	}
	snap_unref(d->snap);
	d->snap = snap_new(out, len);
	return true;
}

void did_change(json_object *params)
{
	json_object *td = member_of_type(params, "textDocument", json_type_object);
	const char *uri = member_string(td, "uri");
	json_object *changes = member_of_type(params, "contentChanges", json_type_array);
	struct doc *d = uri ? doc_find(uri) : NULL;
	if (!d || !changes) {
		slog("didChange %s: %s; ignored", uri ? uri : "(no uri)",
		     !d ? "the document is not open" : "no contentChanges");
		return;
	}
	d->modified = true;
	for (size_t i = 0; i < json_object_array_length(changes); i++) {
		if (!apply_change(d, json_object_array_get_idx(changes, i))) {
			slog("didChange %s: change %zu is not a TextDocumentContentChangeEvent; "
			     "the rest are ignored", uri, i);
			break;
		}
	}
	json_object *ver = member_of_type(td, "version", json_type_int);
	if (ver)
		d->version = json_object_get_int64(ver);
	if (!reload_if_config_changed(d))
		doc_changed(d);
}

void did_close(json_object *params)
{
	const char *uri = member_string(member_of_type(params, "textDocument", json_type_object), "uri");
	struct doc **pp;
	for (pp = &docs; *pp && (!uri || strcmp((*pp)->uri, uri)); pp = &(*pp)->next)
		;
	if (!*pp) {
		slog("didClose %s: the document is not open; ignored", uri ? uri : "(no uri)");
		return;
	}
	struct doc *d = *pp;
	*pp = d->next;
	cancel_queued(d->id, NKINDS);
	fail_waiting(d->id, (unsigned long)-1, E_CONTENT_MODIFIED, "the document was closed");
	publish_empty(d->uri);
	doc_free(d);
}

uint64_t job_done(struct job *j)
{
	struct doc *d = doc_by_id(j->doc_id);
	bool current = d && j->gen == d->gen && !j->cancelled;
	if (!current) {
		if (server_verbose)
			slog("a stale result (generation %lu) is dropped", j->gen);
		job_free(j);
		return 0;
	}
	d->pending[j->kind] = false;
	if (j->kind == J_LINT && j->lint) {
		lint_out_free(d->lint);
		d->lint = j->lint;
		j->lint = NULL;
		if (d->lint->publish)
			transport_send_bytes(d->lint->publish, d->lint->publish_len);
		free(d->lint->publish);
		d->lint->publish = NULL;
	} else if (j->kind == J_FIX && j->fix) {
		/* A job asked for again after a cancel while the first still ran:
		 * both come back, and the later replaces the earlier. */
		fix_out_free(d->fix);
		d->fix = j->fix;
		j->fix = NULL;
	} else if (j->kind == J_CONVERT && j->conv) {
		conv_out_free(d->conv);
		d->conv = j->conv;
		j->conv = NULL;
		if (*d->conv->messages)
			slog("%s", d->conv->messages);
	} else if (j->kind == J_SGF && j->conv) {
		conv_out_free(d->sgf);
		d->sgf = j->conv;
		j->conv = NULL;
	}
	job_free(j);
	return d->id;
}

uint64_t did_save(json_object *params)
{
	const char *uri = member_string(member_of_type(params, "textDocument", json_type_object),
					"uri");
	if (uri && is_config_name(uri)) {
		reload_configs();
		return 0;
	}
	struct doc *d = uri ? doc_find(uri) : NULL;
	if (!d || !d->modified)
		return 0;
	/* The file holds the buffer now: a conversion reads it again. */
	d->modified = false;
	conv_out_free(d->conv);
	conv_out_free(d->sgf);
	d->conv = d->sgf = NULL;
	cancel_queued(d->id, J_CONVERT);
	cancel_queued(d->id, J_SGF);
	d->pending[J_CONVERT] = d->pending[J_SGF] = false;
	return d->id;
}

void reload_configs(void)
{
	configs_forget_told();
	for (struct doc *d = docs; d; d = d->next) {
		cfgref_unref(d->cfg);
		d->cfg = config_for_path(d->path);
		doc_changed(d);
	}
	if (S.pull && S.refresh)
		send_request("workspace/diagnostic/refresh", NULL);
}

void docs_free(void)
{
	while (docs) {
		struct doc *d = docs;
		docs = d->next;
		cancel_queued(d->id, NKINDS);
		doc_free(d);
	}
}
