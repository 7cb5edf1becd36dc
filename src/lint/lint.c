/* lint: runs the checks on a loaded document and locates the findings. */
#include "lint/lint.h"

#include <stdint.h>

#include <stdlib.h>
#include <string.h>

#include "core/catalog.h"
#include "engine/engine.h"
#include "core/fix.h"
#include "core/settings.h"
#include "read/repair.h"

/* The repair of repair.h (safe, else unsafe) if it makes doc's text JSON;
 * NULL otherwise. */
static char *parsing_repair(const struct document *doc, bool unsafe, size_t *len)
{
	struct repair_count count;
	char *text = repair_js(doc->text, doc->len, unsafe, len, &count);
	if (!text)
		return NULL;
	struct document next;
	document_load_buffer(&next, doc->path, text, *len);
	bool parsed = next.parsed;
	document_free(&next);
	if (!parsed || *len < doc->body || memcmp(text, doc->text, doc->body) != 0) {
		free(text);
		return NULL;
	}
	return text;
}

/* A document that does not parse but that --fix repairs (the JavaScript
 * style of repair.h): its syntax error carries the repair as its fix, so
 * that it is marked and counted as fixable like any other, and json and
 * SARIF carry the edit (the text after a byte order mark, replaced). */
static void attach_repair(struct document *doc)
{
	struct diag *d = NULL;
	for (size_t i = 0; i < doc->diags.len && !d; i++)
		if (doc->diags.items[i].rule == &rule_json_syntax && !doc->diags.items[i].fix)
			d = &doc->diags.items[i];
	if (!d)
		return;
	size_t len;
	enum fix_safety safety = FIX_SAFE;
	char *text = parsing_repair(doc, false, &len);
	if (!text) {
		safety = FIX_UNSAFE;
		text = parsing_repair(doc, true, &len);
	}
	if (text)
		fix_bytes(d, safety, doc->body, doc->len, text + doc->body);
	free(text);
}

void lint_document(struct document *doc, const struct lint_settings *ls)
{
	if (doc->parsed)
		engine_run(doc, ls);
	else if (doc->text)
		attach_repair(doc);
	settings_apply(ls, &doc->diags);
	document_locate(doc);
}
