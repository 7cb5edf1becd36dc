/* actions: code actions. Each finding's fix is a quick fix (safe ones
 * first, preferred); a document's safe fixes together are one fix-all
 * action, as jgflint --fix makes them; a record in another format (SGF,
 * UGF, GIB, NGF) gets an action that converts it beside itself, as
 * jgflint --convert does (a CreateFile edit, or for a client that cannot
 * create files the command of commands.c); each rule found in the range
 * can be ignored in the configuration file (ignore.c). */
#include "server/actions.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "base/dom.h"
#include "lib/jgflint.h"
#include "server/commands.h"
#include "server/doc.h"
#include "server/edits.h"
#include "server/ignore.h"
#include "server/session.h"
#include "server/text.h"

static json_object *context_only(json_object *params)
{
	return member_of_type(member_of_type(params, "context", json_type_object), "only",
			      json_type_array);
}

/* Whether a code action of kind is asked for by only (NULL: any). */
static bool kind_wanted(json_object *only, const char *kind)
{
	if (!only)
		return true;
	for (size_t i = 0; i < json_object_array_length(only); i++) {
		json_object *v = json_object_array_get_idx(only, i);
		if (!v || !json_object_is_type(v, json_type_string))
			continue;
		const char *k = json_object_get_string(v);
		size_t n = strlen(k);
		if (!strncmp(kind, k, n) && (kind[n] == '\0' || kind[n] == '.'))
			return true;
	}
	return false;
}


void code_action_wants(const struct doc *d, json_object *params, bool *fixall, bool *convert)
{
	json_object *only = context_only(params);
	const struct lint_out *l = d->lint;
	*fixall = !d->is_config && l->linted && kind_wanted(only, "source.fixAll.jgflint") &&
		  (only || l->safe_fixes);
	*convert = !d->is_config && d->path && l->foreign && kind_wanted(only, "quickfix");
}

/* The bytes of the snapshot the request's range covers. */
static void request_range(const struct snap *s, json_object *params, size_t *rs, size_t *re)
{
	json_object *range = member_of_type(params, "range", json_type_object);
	struct lsp_pos a, b;
	parse_position(member_of_type(range, "start", json_type_object), &a);
	parse_position(member_of_type(range, "end", json_type_object), &b);
	*rs = snap_offset(s, a, S.enc);
	*re = snap_offset(s, b, S.enc);
	if (*re < *rs) {
		size_t t = *rs;
		*rs = *re;
		*re = t;
	}
}

/* The quick fix of one finding, or NULL when its edits are not offered. */
static json_object *quick_fix(const struct doc *d, const struct finding *f)
{
	json_object *edits = finding_edits(d->lint->snap, f, S.enc, (size_t)-1);
	if (!edits)
		return NULL;
	json_object *act = dom_object();
	/* What the fix does, as ruff titles its fixes. */
	char *title = xasprintf("jgflint (%s): %s%s", f->rule >= 0 ? jgf_rule_id((size_t)f->rule) : "?",
				f->fix_description ? f->fix_description : "fix",
				f->fix == JGF_FIX ? "" : " (unsafe fix: review the result)");
	dom_add(act, "title", dom_string(title));
	free(title);
	dom_add(act, "kind", dom_string("quickfix"));
	json_object *ds = dom_array();
	dom_push(ds, json_object_get(f->diag));
	dom_add(act, "diagnostics", ds);
	dom_add(act, "isPreferred", dom_bool(f->fix == JGF_FIX));
	dom_add(act, "edit", workspace_edit(d->uri, dom_int(d->version), edits));
	return act;
}

/* The "ignore this rule" actions of the findings in [rs, re], one per
 * rule, after the fixes (ignore.c). */
static void ignore_actions(json_object *actions, const struct doc *d, size_t rs, size_t re)
{
	const struct lint_out *l = d->lint;
	if (!d->path)
		return;   /* no file, no configuration file */
	bool *seen = xcalloc(jgf_rule_count(), sizeof *seen);
	for (size_t i = 0; i < l->n; i++) {
		const struct finding *f = &l->f[i];
		if (f->rule < 0 || (size_t)f->rule >= jgf_rule_count() || seen[f->rule] ||
		    f->start > re || rs > f->end)
			continue;
		seen[f->rule] = true;
		json_object *act = ignore_action(d, f);
		if (act)
			dom_push(actions, act);
	}
	free(seen);
}

/* The quick fixes of the findings in [rs, re]: safe ones first. */
static void quick_fixes(json_object *actions, const struct doc *d, size_t rs, size_t re)
{
	const struct lint_out *l = d->lint;
	for (int pass = 0; pass < 2; pass++) {
		for (size_t i = 0; i < l->n; i++) {
			const struct finding *f = &l->f[i];
			if (!f->fix || (pass == 0) != (f->fix == JGF_FIX))
				continue;
			if (f->start > re || rs > f->end)
				continue;
			json_object *act = quick_fix(d, f);
			if (act)
				dom_push(actions, act);
		}
	}
}


/* The action that converts a foreign-format document, or NULL when a
 * record it would write exists and the client shows no disabled action. */
static json_object *convert_action(const struct doc *d)
{
	const struct conv_out *c = d->conv;
	const struct lint_out *l = d->lint;
	json_object *act = dom_object();
	char *title = c->n == 0 ? xstrdup("jgflint: convert to JGF") :
		      c->n == 1 ? xasprintf("jgflint: convert to JGF (%s)", c->names[0]) :
		      xasprintf("jgflint: convert to JGF (%s … %s, %zu records)", c->names[0],
				c->names[c->n - 1], c->n);
	dom_add(act, "title", dom_string(title));
	free(title);
	dom_add(act, "kind", dom_string("quickfix"));
	json_object *ds = dom_array();
	for (size_t i = 0; i < l->n; i++)
		if (l->f[i].foreign)
			dom_push(ds, json_object_get(l->f[i].diag));
	dom_add(act, "diagnostics", ds);
	dom_add(act, "isPreferred", dom_bool(0));
	const char *existing = NULL;
	for (size_t i = 0; i < c->n && !existing; i++)
		if (c->exists[i])
			existing = c->names[i];
	if (existing || c->refused) {
		if (!S.disabled_support) {
			json_object_put(act);
			return NULL;
		}
		json_object *dis = dom_object();
		char *why = c->refused ? xstrdup(c->refused) :
			    xasprintf("%s exists: jgflint --convert does not replace a file", existing);
		dom_add(dis, "reason", dom_string(why));
		free(why);
		dom_add(act, "disabled", dis);
		return act;
	}
	if (!S.create_files || !S.doc_changes) {
		/* A client that cannot create files: the server writes them. */
		json_object *cmd = dom_object();
		dom_add(cmd, "title", json_object_get(member(act, "title")));
		dom_add(cmd, "command", dom_string(CONVERT_COMMAND));
		json_object *args = dom_array();
		dom_push(args, dom_string(d->uri));
		dom_add(cmd, "arguments", args);
		dom_add(act, "command", cmd);
		return act;
	}
	json_object *dc = dom_array();
	for (size_t i = 0; i < c->n; i++) {
		char *u = uri_sibling(d->uri, c->names[i]);
		create_file_with(dc, u, c->texts[i]);
		free(u);
	}
	json_object *we = dom_object();
	dom_add(we, "documentChanges", dc);
	dom_add(act, "edit", we);
	return act;
}

static json_object *fix_all_action(const struct doc *d)
{
	json_object *act = dom_object();
	char *title = xasprintf("jgflint: fix all (%zu safe fix%s, as jgflint --fix)",
				d->fix->fixes, d->fix->fixes == 1 ? "" : "es");
	dom_add(act, "title", dom_string(title));
	free(title);
	dom_add(act, "kind", dom_string("source.fixAll.jgflint"));
	json_object *edits = dom_array();
	dom_push(edits, json_object_get(d->fix->edit));
	dom_add(act, "edit", workspace_edit(d->uri, dom_int(d->version), edits));
	return act;
}

void answer_code_action(const struct doc *d, json_object *id, json_object *params)
{
	json_object *actions = dom_array();
	if (!d->is_config && kind_wanted(context_only(params), "quickfix")) {
		size_t rs, re;
		request_range(d->lint->snap, params, &rs, &re);
		quick_fixes(actions, d, rs, re);
		ignore_actions(actions, d, rs, re);
	}
	bool fixall, convert;
	code_action_wants(d, params, &fixall, &convert);
	json_object *act;
	if (convert && d->conv && (d->conv->n || d->conv->refused) && (act = convert_action(d)))
		dom_push(actions, act);
	if (fixall && d->fix && d->fix->edit)
		dom_push(actions, fix_all_action(d));
	send_response(id, actions);
}
