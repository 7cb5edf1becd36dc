/* requests: hover, code actions and pulled diagnostics need a document's
 * lint result (code actions also its fix-all or conversion); they wait for
 * it in arrival order, so that they can be cancelled, and are answered
 * ContentModified when the document changes under them. */
#include "server/server_int.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>

struct preq {
	json_object *id;
	char *method;
	json_object *params;
	uint64_t doc_id;
	unsigned long gen;
	struct preq *next;
};

static struct preq *preqs;

static void preq_free(struct preq *q)
{
	json_object_put(q->id);
	json_object_put(q->params);
	free(q->method);
	free(q);
}

void fail_waiting(uint64_t doc_id, unsigned long gen, int code, const char *why)
{
	for (struct preq **pp = &preqs; *pp;) {
		struct preq *q = *pp;
		if ((doc_id == 0 || q->doc_id == doc_id) && q->gen < gen) {
			send_error(q->id, code, "%s", why);
			*pp = q->next;
			preq_free(q);
		} else {
			pp = &q->next;
		}
	}
}

/* Documents up to this size get the board on hover over a move or a setup
 * (two reads of the text on the main loop; a larger one's would hold it
 * up). */
#define MOVE_HOVER_MAX_BYTES ((size_t)4 << 20)

/* Whether ptr is inside a node's move or setup: "/tree/5/move/x",
 * "/tree/2/variations/0/1/setup/0". */
static bool in_move_or_setup(const char *ptr)
{
	if (!ptr || strncmp(ptr, "/tree/", 6))
		return false;
	for (const char *seg = ptr; (seg = strchr(seg, '/'));) {
		seg++;
		size_t len = strcspn(seg, "/");
		if ((len == 4 && !strncmp(seg, "move", 4)) || (len == 5 && !strncmp(seg, "setup", 5)))
			return true;
	}
	return false;
}

/* An SGF this large gets no board on hover over a move: the game is
 * converted (and its record checked) on the main loop. */
#define SGF_MOVE_HOVER_MAX_BYTES ((size_t)1 << 20)

/* An SGF point's coordinate ('a' 0 .. 'z' 25, 'A' 26 .. 'Z' 51), or -1. */
static int sgf_coord(char c)
{
	return c >= 'a' && c <= 'z' ? c - 'a' : c >= 'A' && c <= 'Z' ? c - 'A' + 26 : -1;
}

/* Whether p is the position after the SGF move or setup id[value] whose
 * node is ptr: a tree the converter repaired otherwise gets no board. */
static bool sgf_position_is(const jgf_position *p, const char *ptr, const char *id,
			    const char *value, size_t left)
{
	if (jgf_position_error(p) || !jgf_position_node(p) || strcmp(jgf_position_node(p), ptr))
		return false;
	if (!strcmp(id, "AB") || !strcmp(id, "AW") || !strcmp(id, "AE"))
		return true;
	enum jgf_color color;
	int x, y;
	const char *node = jgf_position_last_move_node(p);
	if (!jgf_position_last_move(p, &color, &x, &y) || !node || strcmp(node, ptr) ||
	    color != (id[0] == 'B' ? JGF_BLACK : JGF_WHITE))
		return false;
	/* A point's two letters, unless the move is a pass ([] or [tt]). */
	bool point = left >= 4 && value[3] == ']' && sgf_coord(value[1]) >= 0 &&
		     sgf_coord(value[2]) >= 0;
	return !point || x < 0 || (x == sgf_coord(value[1]) && y == sgf_coord(value[2]));
}

/* The position at the SGF move or setup at off: the game converted as
 * jgflint --convert converts it, then its record's position there. */
static jgf_position *sgf_position_at(const struct doc *d, size_t off)
{
	const struct snap *s = d->lint->snap;
	size_t game, value;
	char id[4];
	char *ptr = s->len <= SGF_MOVE_HOVER_MAX_BYTES ?
			    sgf_node_at(s->text, s->len, off, &game, id, &value) : NULL;
	if (!ptr || (strcmp(id, "B") && strcmp(id, "W") && strcmp(id, "AB") && strcmp(id, "AW") &&
		     strcmp(id, "AE"))) {
		free(ptr);
		return NULL;
	}
	jgf_conversion *c = jgf_convert_to(d->path ? d->path : d->name, s->text, s->len, "jgf");
	jgf_position *p = NULL;
	if (c && game < jgf_conversion_count(c)) {
		size_t len;
		const char *text = jgf_conversion_text(c, game, &len);
		p = jgf_position_read(NULL, text, len, ptr);
		if (p && !sgf_position_is(p, ptr, id, s->text + value, s->len - value)) {
			jgf_position_free(p);
			p = NULL;
		}
	}
	jgf_conversion_free(c);
	free(ptr);
	return p;
}

/* Hover over a move or a setup (no finding there): the board at its node. */
static void answer_hover_move(const struct doc *d, struct preq *q, size_t off)
{
	const struct snap *s = d->lint->snap;
	jgf_position *p = NULL;
	if (d->lint->sgf) {
		p = sgf_position_at(d, off);
	} else {
		char *ptr = s->len <= MOVE_HOVER_MAX_BYTES ? jgf_pointer_at(s->text, s->len, off) :
							     NULL;
		p = in_move_or_setup(ptr) ? jgf_position_read(d->name, s->text, s->len, ptr) : NULL;
		jgf_free(ptr);
	}
	if (!p || jgf_position_error(p)) {
		jgf_position_free(p);
		send_response(q->id, NULL);
		return;
	}
	char *board = jgf_position_board(p);
	jgf_position_free(p);
	struct buf b = BUF_INIT;
	if (board && S.markdown)
		buf_printf(&b, "```text\n%s```\n", board);
	else if (board)
		buf_adds(&b, board);
	jgf_free(board);
	json_object *h = dom_object();
	json_object *c = dom_object();
	dom_add(c, "kind", dom_string(S.markdown ? "markdown" : "plaintext"));
	dom_add(c, "value", dom_string(b.data ? b.data : ""));
	buf_free(&b);
	dom_add(h, "contents", c);
	send_response(q->id, h);
}

static void answer_hover(struct doc *d, struct preq *q)
{
	const struct lint_out *l = d->lint;
	struct lsp_pos p;
	parse_position(member_of_type(q->params, "position", json_type_object), &p);
	size_t off = snap_offset(l->snap, p, S.enc);
	char *text = NULL;
	size_t best = (size_t)-1, bs = 0, be = 0;
	bool any = false;
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
	if (!any) {
		answer_hover_move(d, q, off);
		return;
	}
	json_object *h = dom_object();
	json_object *c = dom_object();
	dom_add(c, "kind", dom_string(S.markdown ? "markdown" : "plaintext"));
	dom_add(c, "value", dom_string(text));
	free(text);
	dom_add(h, "contents", c);
	dom_add(h, "range", json_range(l->snap, bs, be, S.enc));
	send_response(q->id, h);
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

void requests_free(void)
{
	while (preqs) {
		struct preq *q = preqs;
		preqs = q->next;
		preq_free(q);
	}
}
