/* ignore: the "ignore this rule" code action, the page's "Ignore RULE"
 * button in an editor. The page adds the rule to its settings' "ignore"
 * list; here the settings are the configuration file that applies to the
 * document (the nearest .jgflint.json, jgf_config_discover's), so the
 * action adds the rule to that file's "ignore" list, as one small edit of
 * its text (the rest of the file as it was written), or creates
 * .jgflint.json beside the document when none applies. The editor applies
 * the edit (undo, unsaved buffer) and the server reads the file again when
 * it is saved, as for any change of a configuration file. */
#include "server/ignore.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "base/dom.h"
#include "lib/jgflint.h"
#include "server/doc.h"
#include "server/documents.h"
#include "server/edits.h"
#include "server/jobs.h"
#include "server/session.h"
#include "server/text.h"

/* A configuration file is small; a larger one is not edited. */
#define MAX_CONFIG_BYTES ((size_t)1 << 20)

static size_t skip_ws(const char *t, size_t len, size_t i)
{
	while (i < len && strchr(" \t\r\n", t[i]) && t[i])
		i++;
	return i;
}

/* Past the string that starts at t[i] (a '"'). */
static size_t skip_string(const char *t, size_t len, size_t i)
{
	for (i++; i < len && t[i] != '"'; i++)
		if (t[i] == '\\')
			i++;
	return i < len ? i + 1 : len;
}

/* Past the value that starts at t[i] (the text is valid JSON). */
static size_t skip_value(const char *t, size_t len, size_t i)
{
	if (i < len && t[i] == '"')
		return skip_string(t, len, i);
	if (i < len && (t[i] == '[' || t[i] == '{')) {
		int depth = 0;
		while (i < len) {
			if (t[i] == '"') {
				i = skip_string(t, len, i);
				continue;
			}
			if (t[i] == '[' || t[i] == '{')
				depth++;
			else if ((t[i] == ']' || t[i] == '}') && --depth == 0)
				return i + 1;
			i++;
		}
		return len;
	}
	while (i < len && !strchr(",}] \t\r\n", t[i]))
		i++;
	return i;
}

/* The rule as a JSON string, built by json-c. */
static char *quoted(const char *rule)
{
	json_object *s = dom_string(rule);
	char *q = xstrdup(dom_json(s, JSON_C_TO_STRING_PLAIN, NULL));
	json_object_put(s);
	return q;
}

/* The configuration at text + i (len bytes in all) read, when it can take
 * rule in its "ignore": a JSON object, its "ignore" (if any) a list that
 * does not hold rule; else NULL and *why says why. */
static json_object *config_read(const char *text, size_t len, size_t i, const char *rule,
				char **why)
{
	json_tokener *tok = json_tokener_new();
	if (!tok)
		die_oom();
	json_tokener_set_flags(tok, JSON_TOKENER_STRICT);
	json_object *root = json_tokener_parse_ex(tok, text + i, (int)(len - i));
	bool parsed = root && json_tokener_get_error(tok) == json_tokener_success &&
		      skip_ws(text, len, i + json_tokener_get_parse_end(tok)) == len;
	json_tokener_free(tok);
	json_object *ignore = NULL;
	bool has_ignore = parsed && json_object_is_type(root, json_type_object) &&
			  json_object_object_get_ex(root, "ignore", &ignore);
	if (!parsed || !json_object_is_type(root, json_type_object)) {
		*why = xstrdup("the configuration file is not a JSON object");
	} else if (has_ignore && !json_object_is_type(ignore, json_type_array)) {
		*why = xstrdup("the configuration file's \"ignore\" is not a list");
	} else {
		for (size_t k = 0; has_ignore && k < json_object_array_length(ignore); k++) {
			json_object *v = json_object_array_get_idx(ignore, k);
			if (v && json_object_is_type(v, json_type_string) &&
			    !strcmp(json_object_get_string(v), rule))
				*why = xasprintf("the configuration file ignores %s already", rule);
		}
	}
	if (*why) {
		json_object_put(root);
		return NULL;
	}
	return root;
}

/* Where the value of the object's "ignore" at open lies in text ([*vs,
 * *ve): the last one, as json-c keeps the last of duplicate keys), and its
 * first member (*first); false when no member is spelt "ignore". */
static bool ignore_span(const char *text, size_t len, size_t open, size_t *vs, size_t *ve,
			size_t *first)
{
	bool found = false;
	*first = skip_ws(text, len, open + 1);
	for (size_t k = *first; k < len && text[k] == '"';) {
		size_t ke = skip_string(text, len, k);
		bool is_ignore = ke - k == 8 && !memcmp(text + k, "\"ignore\"", 8);
		size_t v = skip_ws(text, len, skip_ws(text, len, ke) + 1);
		size_t e = skip_value(text, len, v);
		if (is_ignore) {
			found = true;
			*vs = v;
			*ve = e;
		}
		k = skip_ws(text, len, e);
		if (k < len && text[k] == ',')
			k = skip_ws(text, len, k + 1);
	}
	return found;
}

bool ignore_edit(const char *text, size_t len, const char *rule, size_t *at, char **insert,
		 char **why)
{
	*insert = *why = NULL;
	*at = 0;
	if (len > MAX_CONFIG_BYTES) {
		*why = xstrdup("the configuration file is too large to edit here");
		return false;
	}
	size_t i = 0;
	if (len >= 3 && !memcmp(text, "\xEF\xBB\xBF", 3))
		i = 3;
	i = skip_ws(text, len, i);
	char *q = quoted(rule);
	if (i == len) {   /* an empty file: a whole configuration */
		*at = len;
		*insert = xasprintf("{\n  \"ignore\": [%s]\n}\n", q);
		free(q);
		return true;
	}
	json_object *root = config_read(text, len, i, rule, why);
	if (!root) {
		free(q);
		return false;
	}
	json_object *ignore = NULL;
	bool has_ignore = json_object_object_get_ex(root, "ignore", &ignore);
	size_t open = i, first, vs = 0, ve = 0;
	bool found = ignore_span(text, len, open, &vs, &ve, &first);
	if (has_ignore && (!found || ve <= vs || text[ve - 1] != ']')) {
		/* A key spelt with escapes: not edited by hand. */
		*why = xstrdup("the configuration file's \"ignore\" is not where it can be edited");
	} else if (has_ignore && json_object_array_length(ignore) > 0) {
		size_t last = ve - 1;
		while (last > vs && strchr(" \t\r\n", text[last - 1]))
			last--;
		*at = last;
		*insert = xasprintf(", %s", q);
	} else if (has_ignore) {
		*at = vs + 1;
		*insert = xstrdup(q);
	} else if (json_object_object_length(root) == 0) {
		*at = open + 1;
		*insert = xasprintf("\"ignore\": [%s]", q);
	} else {
		/* First, indented as the first member is. */
		*at = open + 1;
		size_t wl = first - (open + 1);
		*insert = wl ? xasprintf("%.*s\"ignore\": [%s],", (int)wl, text + open + 1, q) :
			  xasprintf("\"ignore\": [%s], ", q);
	}
	json_object_put(root);
	free(q);
	return *insert != NULL;
}

/* The nearest configuration file's path, shown short: its base name when
 * it is beside the document. */
static const char *shown_config(const char *config, const char *doc_path)
{
	const char *cs = strrchr(config, '/'), *ds = strrchr(doc_path, '/');
	if (cs && ds && cs - config == ds - doc_path && !strncmp(config, doc_path, (size_t)(cs - config)))
		return cs + 1;
	return config;
}

/* The open document of the configuration file at path, if any. */
static const struct doc *open_config(const char *path)
{
	for (const struct doc *d = docs; d; d = d->next)
		if (d->is_config && d->path && !strcmp(d->path, path))
			return d;
	return NULL;
}

/* The edit that adds rule to the configuration file at config (its text:
 * the open document's, else the file's). NULL, with *why, when it cannot. */
static json_object *edit_config(const char *config, const char *rule, char **why)
{
	const struct doc *open = open_config(config);
	struct snap *s;
	if (open) {
		s = snap_ref(open->snap);
	} else {
		struct buf file = BUF_INIT;
		if (!file_read_whole(config, &file, MAX_CONFIG_BYTES)) {
			buf_free(&file);
			*why = xstrdup("the configuration file cannot be read");
			return NULL;
		}
		size_t n = file.len;
		s = snap_new(buf_detach(&file), n);
	}
	size_t at;
	char *insert;
	json_object *we = NULL;
	if (ignore_edit(s->text, s->len, rule, &at, &insert, why)) {
		json_object *edits = dom_array();
		dom_push(edits, text_edit(s, at, at, insert, strlen(insert), S.enc));
		char *uri = open ? xstrdup(open->uri) : path_to_uri(config);
		we = workspace_edit(uri, open ? dom_int(open->version) : NULL, edits);
		free(uri);
		free(insert);
	}
	snap_unref(s);
	return we;
}

/* .jgflint.json created beside the document with the rule in "ignore". */
static json_object *create_config(const struct doc *d, const char *rule)
{
	size_t at;
	char *insert, *why;
	if (!ignore_edit("", 0, rule, &at, &insert, &why))
		return NULL;
	char *uri = uri_sibling(d->uri, ".jgflint.json");
	json_object *dc = dom_array();
	create_file_with(dc, uri, insert);
	free(uri);
	free(insert);
	json_object *we = dom_object();
	dom_add(we, "documentChanges", dc);
	return we;
}

json_object *ignore_action(const struct doc *d, const struct finding *f)
{
	const char *rule = jgf_rule_id((size_t)f->rule);
	char *config = jgf_config_find(d->path);   /* as the document's settings were found */
	char *why = NULL;
	json_object *we = NULL;
	bool cmd = false;
	char *title;
	if (config) {
		title = xasprintf("jgflint: ignore %s (add it to \"ignore\" in %s)", rule,
				  shown_config(config, d->path));
		we = edit_config(config, rule, &why);
	} else {
		title = xasprintf("jgflint: ignore %s (a new .jgflint.json beside this file)", rule);
		if (S.create_files && S.doc_changes)
			we = create_config(d, rule);
		else if (d->path)
			/* A client that cannot create files (Neovim 0.7, Eglot):
			 * the server writes it, as for the convert action. */
			cmd = true;
		else
			why = xstrdup("the document is not a file: there is no folder to write "
				      ".jgflint.json in");
	}
	jgf_free(config);
	if (!we && !cmd && !S.disabled_support) {
		free(title);
		free(why);
		return NULL;
	}
	json_object *act = dom_object();
	dom_add(act, "title", dom_string(title));
	free(title);
	dom_add(act, "kind", dom_string("quickfix"));
	json_object *ds = dom_array();
	dom_push(ds, json_object_get(f->diag));
	dom_add(act, "diagnostics", ds);
	dom_add(act, "isPreferred", dom_bool(0));
	if (we) {
		dom_add(act, "edit", we);
	} else if (cmd) {
		json_object *c = dom_object();
		dom_add(c, "title", json_object_get(member(act, "title")));
		dom_add(c, "command", dom_string(IGNORE_COMMAND));
		json_object *args = dom_array();
		dom_push(args, dom_string(d->uri));
		dom_push(args, dom_string(rule));
		dom_add(c, "arguments", args);
		dom_add(act, "command", c);
	} else {
		json_object *dis = dom_object();
		dom_add(dis, "reason", dom_string(why));
		dom_add(act, "disabled", dis);
	}
	free(why);
	return act;
}
