/* requests: hover, code actions and pulled diagnostics need a document's
 * lint result (code actions also its fix-all or conversion); they wait for
 * it in arrival order, so that they can be cancelled, and are answered
 * ContentModified when the document changes under them. */
#include "server/requests.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "base/dom.h"
#include "lib/jgflint.h"
#include "server/actions.h"
#include "server/commands.h"
#include "server/doc.h"
#include "server/documents.h"
#include "server/jobs.h"
#include "server/markdown.h"
#include "server/rpc.h"
#include "server/session.h"
#include "server/text.h"
#include "server/waiting.h"

/* Documents up to this size get the board on hover over a move or a setup
 * (the text read again on the main loop; a larger one's would hold it
 * up). An SGF, GIB, NGF or UGF has its game converted and its record
 * replayed there: a quarter of that. */
#define MOVE_HOVER_MAX_BYTES ((size_t)4 << 20)
#define CONVERTED_HOVER_MAX_BYTES ((size_t)1 << 20)

/* The board at the node of the move or setup at off, as a hover shows
 * it (Markdown or plain text), or NULL. */
static char *move_board(const struct doc *d, size_t off)
{
	const struct snap *s = d->lint->snap;
	size_t max = d->lint->foreign ? CONVERTED_HOVER_MAX_BYTES : MOVE_HOVER_MAX_BYTES;
	jgf_position *p = s->len <= max ?
				  jgf_position_at(d->path ? d->path : d->name, s->text, s->len, off) : NULL;
	char *board = p ? jgf_position_board(p) : NULL;
	jgf_position_free(p);
	if (!board)
		return NULL;
	char *shown = S.markdown ? xasprintf("```text\n%s```\n", board) : xstrdup(board);
	jgf_free(board);
	return shown;
}

static void send_hover(json_object *id, const char *text, const struct snap *s, size_t start,
		       size_t end, bool range)
{
	json_object *h = dom_object();
	json_object *c = dom_object();
	dom_add(c, "kind", dom_string(S.markdown ? "markdown" : "plaintext"));
	dom_add(c, "value", dom_string(text));
	dom_add(h, "contents", c);
	if (range)
		dom_add(h, "range", json_range(s, start, end, S.enc));
	send_response(id, h);
}

static void answer_hover(struct doc *d, struct preq *q)
{
	const struct lint_out *l = d->lint;
	struct lsp_pos p;
	parse_position(member_of_type(q->params, "position", json_type_object), &p);
	size_t off = snap_offset(l->snap, p, S.enc);
	char *text = NULL;
	size_t best = (size_t)-1, bs = 0, be = 0;
	bool any = false, boards = false;
	for (size_t i = 0; i < l->n; i++) {
		const struct finding *f = &l->f[i];
		size_t s = f->start, e = f->end;
		if (!f->located || f->rule < 0 || !(s <= off && (off < e || (s == e && off == s))))
			continue;
		char *md = rule_hover((size_t)f->rule, f->message, f->severity, S.markdown);
		if (f->board) {
			/* The board first, as --format text draws it: what a player
			 * looks for. */
			struct buf b = BUF_INIT;
			if (S.markdown)
				buf_printf(&b, "```text\n%s```\n", f->board);
			else
				buf_adds(&b, f->board);
			buf_adds(&b, "\n");
			buf_adds(&b, md);
			free(md);
			md = buf_detach(&b);
			boards = true;
		}
		char *joined = text ? xasprintf("%s\n\n---\n\n%s", text, md) : xstrdup(md);
		free(text);
		free(md);
		text = joined;
		if (e - s < best) {
			best = e - s;
			bs = s;
			be = e;
		}
		any = true;
	}
	/* On a move or a setup, the board at its node first, unless a
	 * finding there draws one. */
	char *board = boards ? NULL : move_board(d, off);
	if (board && text) {
		char *joined = xasprintf("%s\n%s", board, text);
		free(text);
		text = joined;
	} else if (board) {
		text = xstrdup(board);
	}
	free(board);
	if (text)
		send_hover(q->id, text, l->snap, bs, be, any);
	else
		send_response(q->id, NULL);
	free(text);
}

static void answer_diagnostic(struct doc *d, struct preq *q)
{
	char rid[64];
	snprintf(rid, sizeof rid, "%llu-%lu", (unsigned long long)d->id, d->gen);
	const char *prev = member_string(q->params, "previousResultId");
	json_object *r = dom_object();
	dom_add(r, "resultId", dom_string(rid));
	if (prev && !strcmp(prev, rid)) {
		dom_add(r, "kind", dom_string("unchanged"));
	} else {
		dom_add(r, "kind", dom_string("full"));
		dom_add(r, "items", json_object_get(d->lint->diags));
	}
	send_response(q->id, r);
}

/* Answers q if what it needs is there, else queues the jobs it needs.
 * Returns whether it was answered. */
static bool try_answer(struct preq *q)
{
	struct doc *d = doc_by_id(q->doc_id);
	if (!d) {
		send_error(q->id, E_CONTENT_MODIFIED, "the document was closed");
		return true;
	}
	if (!d->lint) {
		if (!d->pending[J_LINT])
			enqueue(d, J_LINT);
		return false;
	}
	if (!strcmp(q->method, "textDocument/hover")) {
		answer_hover(d, q);
	} else if (!strcmp(q->method, "textDocument/diagnostic")) {
		answer_diagnostic(d, q);
	} else if (!strcmp(q->method, "workspace/executeCommand")) {
		enum job_kind kind = command_job(q->params);
		if (!(kind == J_SGF ? d->sgf : d->conv)) {
			if (!d->pending[kind])
				enqueue(d, kind);
			return false;
		}
		answer_command(d, q->id, q->params);
	} else {
		bool fixall, convert, wait = false;
		code_action_wants(d, q->params, &fixall, &convert);
		if (fixall && !d->fix) {
			if (!d->pending[J_FIX])
				enqueue(d, J_FIX);
			wait = true;
		}
		if (convert && !d->conv) {
			if (!d->pending[J_CONVERT])
				enqueue(d, J_CONVERT);
			wait = true;
		}
		if (wait)
			return false;
		answer_code_action(d, q->id, q->params);
	}
	return true;
}

void retry_waiting(uint64_t doc_id)
{
	if (!doc_id)
		return;
	for (struct preq **pp = &preqs; *pp;) {
		struct preq *q = *pp;
		if (q->doc_id == doc_id && try_answer(q)) {
			*pp = q->next;
			preq_free(q);
		} else {
			pp = &q->next;
		}
	}
}

/* Ids as the client wrote them (the transport keeps an integer's text). */
static bool id_equal(json_object *a, json_object *b)
{
	if (!a || !b)
		return !a && !b;
	if (json_object_get_type(a) != json_object_get_type(b))
		return false;
	size_t la, lb;
	const char *ta = dom_json(a, JSON_C_TO_STRING_PLAIN, &la);
	const char *tb = dom_json(b, JSON_C_TO_STRING_PLAIN, &lb);
	return la == lb && !memcmp(ta, tb, la);
}

void cancel_request(json_object *id)
{
	for (struct preq **pp = &preqs; *pp; pp = &(*pp)->next) {
		struct preq *q = *pp;
		if (!id_equal(q->id, id))
			continue;
		send_error(q->id, E_CANCELLED, "the request was cancelled");
		*pp = q->next;
		uint64_t doc_id = q->doc_id;
		preq_free(q);
		/* Jobs only waiting requests asked for go with the last of them. */
		bool needed = false;
		for (struct preq *r = preqs; r; r = r->next)
			needed |= r->doc_id == doc_id && strcmp(r->method, "textDocument/hover") &&
				  strcmp(r->method, "textDocument/diagnostic");
		struct doc *d = doc_by_id(doc_id);
		if (!needed && d) {
			cancel_queued(doc_id, J_FIX);
			cancel_queued(doc_id, J_CONVERT);
			cancel_queued(doc_id, J_SGF);
			d->pending[J_FIX] = d->pending[J_CONVERT] = d->pending[J_SGF] = false;
		}
		return;
	}
}

void request_for_document(struct doc *d, json_object *id, const char *method,
			  json_object *params)
{
	struct preq *q = xcalloc(1, sizeof *q);
	q->id = json_object_get(id);
	q->method = xstrdup(method);
	q->params = json_object_get(params);
	q->doc_id = d->id;
	q->gen = d->gen;
	if (try_answer(q)) {
		preq_free(q);
	} else {
		/* In arrival order, so that they are answered in it. */
		struct preq **pp = &preqs;
		while (*pp)
			pp = &(*pp)->next;
		*pp = q;
	}
}

