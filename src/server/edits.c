/* edits: LSP's shapes of a change (a TextEdit, a finding's fix as
 * TextEdits, a WorkspaceEdit, a CreateFile), for the fix-all job and the
 * code actions alike. */
#include "server/edits.h"

#include <stddef.h>
#include <json-c/json.h>

#include "base/dom.h"
#include "server/doc.h"
#include "server/session.h"
#include "server/text.h"

json_object *text_edit(const struct snap *s, size_t start, size_t end, const char *text,
		       size_t len, enum encoding enc)
{
	json_object *e = dom_object();
	dom_add(e, "range", json_range(s, start, end, enc));
	dom_add(e, "newText", dom_string_len(text, len));
	return e;
}

json_object *finding_edits(const struct snap *s, const struct finding *f, enum encoding enc,
			   size_t max_bytes)
{
	size_t total = 0;
	if (!f->nedits)
		return NULL;
	json_object *arr = dom_array();
	for (size_t k = 0; k < f->nedits; k++) {
		const struct edit *e = &f->edits[k];
		total += e->len;
		if (total > max_bytes) {
			json_object_put(arr);
			return NULL;
		}
		dom_push(arr, text_edit(s, e->start, e->end, e->text, e->len, enc));
	}
	return arr;
}

json_object *workspace_edit(const char *uri, json_object *version, json_object *edits)
{
	json_object *we = dom_object();
	if (S.doc_changes) {
		json_object *tde = dom_object();
		json_object *td = dom_object();
		dom_add(td, "uri", dom_string(uri));
		dom_add(td, "version", version);
		dom_add(tde, "textDocument", td);
		dom_add(tde, "edits", edits);
		json_object *dc = dom_array();
		dom_push(dc, tde);
		dom_add(we, "documentChanges", dc);
	} else {
		json_object_put(version);
		json_object *ch = dom_object();
		dom_add(ch, uri, edits);
		dom_add(we, "changes", ch);
	}
	return we;
}

void create_file_with(json_object *changes, const char *uri, const char *text)
{
	json_object *cf = dom_object();
	dom_add(cf, "kind", dom_string("create"));
	dom_add(cf, "uri", dom_string(uri));
	json_object *opt = dom_object();
	dom_add(opt, "overwrite", dom_bool(0));
	dom_add(opt, "ignoreIfExists", dom_bool(0));
	dom_add(cf, "options", opt);
	dom_push(changes, cf);
	json_object *tde = dom_object();
	json_object *td = dom_object();
	dom_add(td, "uri", dom_string(uri));
	dom_add(td, "version", NULL);
	dom_add(tde, "textDocument", td);
	json_object *edits = dom_array();
	json_object *e = dom_object();
	json_object *r = dom_object();
	dom_add(r, "start", json_position((struct lsp_pos){ 0, 0 }));
	dom_add(r, "end", json_position((struct lsp_pos){ 0, 0 }));
	dom_add(e, "range", r);
	dom_add(e, "newText", dom_string(text));
	dom_push(edits, e);
	dom_add(tde, "edits", edits);
	dom_push(changes, tde);
}
