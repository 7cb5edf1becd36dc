/* pipeline: lint, then (when asked) fix, for every front end. */
#include "lint/pipeline.h"

#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/jstring.h"
#include "core/fix.h"
#include "lint/fixjgf.h"
#include "lint/lint.h"

/* out's document, linted with req's settings, fixed as req asks. */
static void fixed(struct checked *out, const struct check_request *req)
{
	/* A file with syntax errors is never rewritten, unless the repairs of
	 * repair.h (the specifications' JavaScript style) make it JSON. */
	if (!req->fix || out->doc.io_failed || !out->doc.text)
		return;
	if (!load_room_to_fix(&out->doc)) {
		/* Within the budget once, not twice: checked, not fixed, and no
		 * fix offered (marked fixable or carried by json and SARIF). */
		for (size_t i = 0; i < out->doc.diags.len; i++) {
			fix_free(out->doc.diags.items[i].fix);
			out->doc.diags.items[i].fix = NULL;
		}
		struct buf note = BUF_INIT;
		buf_adds(&note, "jgflint: note: ");
		shown_text(&note, out->doc.path);
		buf_adds(&note, ": not fixed: ");
		load_why_no_room_to_fix(&note, &out->doc);
		buf_addc(&note, '\n');
		out->tally.notes_len = note.len;
		out->tally.notes = buf_detach(&note);
		return;
	}
	out->original = xstrndup(out->doc.text, out->doc.len);
	out->original_len = out->doc.len;
	/* The file as read stays with the document: fixing builds new ones. */
	struct file_stamp stamp = out->doc.stamp;
	out->doc.stamp = (struct file_stamp){ 0 };
	if (!fix_document(&out->doc, req->settings, req->unsafe, &out->tally)) {
		/* Fixes that break the text only together (a bug): none applies. */
		char *name = xstrdup(out->doc.path);
		document_free(&out->doc);
		document_load_buffer(&out->doc, name, out->original, out->original_len);
		free(name);
		lint_document(&out->doc, req->settings);
		/* Nothing was applied; the notes on fixes left out still hold. */
		free(out->tally.items);
		out->tally.items = NULL;
		out->tally.len = out->tally.cap = out->tally.total = 0;
		out->fix_broke = true;
	}
	out->doc.stamp = stamp;
}

void check_document(struct checked *out, struct document *doc, const struct check_request *req)
{
	*out = (struct checked){ .doc = *doc };
	*doc = (struct document){ 0 };
	lint_document(&out->doc, req->settings);
	fixed(out, req);
}

void check_linted(struct checked *out, struct document *doc, const struct check_request *req)
{
	*out = (struct checked){ .doc = *doc };
	*doc = (struct document){ 0 };
	fixed(out, req);
}

bool checked_changed(const struct checked *c)
{
	if (c->bytes)
		return c->original && (c->bytes_len != c->original_len ||
				       memcmp(c->bytes, c->original, c->original_len) != 0);
	return c->original && (c->doc.len != c->original_len ||
			       memcmp(c->doc.text, c->original, c->original_len) != 0);
}

void checked_free(struct checked *c)
{
	document_free(&c->doc);
	free(c->original);
	free(c->bytes);
	fix_tally_free(&c->tally);
	*c = (struct checked){ 0 };
}
