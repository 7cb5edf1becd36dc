/* lint: runs the checks on a loaded document and locates the findings. */
#include "lint.h"

#include <stdint.h>

#include "config.h"
#include "engine.h"

/* Gives every diagnostic its line and column. Pointers are resolved only
 * here, for findings, so clean files never build the locator's index. */
static void locate_all(struct document *doc)
{
	for (size_t i = 0; i < doc->diags.len; i++) {
		struct diag *d = &doc->diags.items[i];
		struct span sp;
		bool has_end = false;
		if (!d->has_offset && d->pointer && doc->parsed) {
			has_end = locator_find(doc->loc, d->pointer, d->at_key, &d->offset) &&
				  locator_span(doc->loc, d->pointer, &sp);
			d->has_offset = true;
		}
		/* Start before end: the locator counts on from its last position. */
		if (d->has_offset)
			locator_linecol(doc->loc, d->offset, &d->line, &d->col);
		if (has_end)
			locator_linecol(doc->loc, d->at_key && sp.key_end != SIZE_MAX ? sp.key_end : sp.end,
					&d->end_line, &d->end_col);
	}
}

void lint_locate(struct document *doc)
{
	locate_all(doc);
	diag_list_sort(&doc->diags);
}

void lint_document(struct document *doc)
{
	if (doc->parsed)
		engine_run(doc);
	if (doc->cli)
		config_apply(doc->cli, doc->cfg, doc->path, &doc->diags);
	lint_locate(doc);
}
