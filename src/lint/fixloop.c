/* fixloop: --fix on a document: apply the fixes of its findings, lint the
 * result, and again until nothing changes, leaving out a fix that makes
 * things worse (isolated by trying each fix of the round alone). */
#include "lint/fixloop.h"

#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "core/catalog.h"
#include "lint/edit.h"
#include "core/fix.h"
#include "base/jstring.h"
#include "lint/lint.h"
#include "read/repair.h"

void fix_tally_add(struct fix_tally *t, const struct rule *rule)
{
	t->total++;
	for (size_t i = 0; i < t->len; i++) {
		if (t->items[i].rule == rule) {
			t->items[i].count++;
			return;
		}
	}
	t->items = xgrow(t->items, &t->cap, t->len + 1, sizeof *t->items);
	t->items[t->len++] = (struct fix_count){ rule, 1 };
}

void fix_tally_free(struct fix_tally *t)
{
	free(t->items);
	free(t->notes);
	*t = (struct fix_tally){ 0 };
}

/* Errors per rule: a short list, as there are few rules. */
struct rule_errors {
	const struct rule *rule;
	size_t before, after;
};

static void count_errors(const struct document *doc, struct rule_errors **out, size_t *n,
			 size_t *cap, bool before)
{
	for (size_t i = 0; i < doc->diags.len; i++) {
		const struct diag *d = &doc->diags.items[i];
		if (d->severity != SEV_ERROR)
			continue;
		size_t j = 0;
		while (j < *n && (*out)[j].rule != d->rule)
			j++;
		if (j == *n) {
			*out = xgrow(*out, cap, *n + 1, sizeof **out);
			(*out)[(*n)++] = (struct rule_errors){ d->rule, 0, 0 };
		}
		if (before)
			(*out)[j].before++;
		else
			(*out)[j].after++;
	}
}

/* Why next is worse than doc, or NULL: it does not parse, or some rule
 * outside the go category reports more errors than before (a repaired
 * line lets the replay see further, which is no error the fix made). */
static const char *worse(const struct document *doc, const struct document *next)
{
	if (!next->parsed)
		return "the file would not parse";
	struct rule_errors *counts = NULL;
	size_t n = 0, cap = 0;
	count_errors(doc, &counts, &n, &cap, true);
	count_errors(next, &counts, &n, &cap, false);
	const char *why = NULL;
	for (size_t j = 0; j < n && !why; j++)
		if (counts[j].after > counts[j].before && strcmp(counts[j].rule->category, "go") != 0)
			why = counts[j].rule->id;
	free(counts);
	return why;
}

/* Applies the fixes not skipped and lints the result into next; NULL when
 * none applied. */
static bool try_fixes(struct document *doc, const struct lint_settings *ls, bool unsafe,
		      bool *applied, const bool *skip, struct document *next)
{
	size_t len;
	char *text = fix_apply_some(doc, unsafe, &len, applied, skip);
	if (!text)
		return false;
	document_load_buffer(next, doc->path, text, len);
	free(text);
	lint_document(next, ls);
	return true;
}

/* Fixes left out: known by rule and message (positions move as other
 * fixes apply), one per line. They stay out while the text stays as it
 * is, and are tried again once other fixes have changed it: the fix that
 * made one worse may have been applied since (a comment renamed beside
 * `variations`, once the move beside them has moved out). */
static bool banned(const struct buf *out, const struct diag *d)
{
	size_t idlen = strlen(d->rule->id), mlen = strlen(d->message);
	for (const char *p = out->data; p && *p; p = strchr(p, '\n') + 1)
		if (strncmp(p, d->rule->id, idlen) == 0 && p[idlen] == ' ' &&
		    strncmp(p + idlen + 1, d->message, mlen) == 0 && p[idlen + 1 + mlen] == '\n')
			return true;
	return false;
}

/* A round made things worse: tries each fix alone and leaves out those
 * that do it, saying so. */
static void find_culprits(struct document *doc, const struct lint_settings *ls, bool unsafe,
			  const bool *applied, bool *skip, struct buf *notes, struct buf *out)
{
	size_t n = doc->diags.len;
	bool *only = xcalloc(n + 1, sizeof *only), *got = xcalloc(n + 1, sizeof *got);
	for (size_t i = 0; i < n; i++) {
		if (!applied[i])
			continue;
		for (size_t j = 0; j < n; j++)
			only[j] = j != i || skip[j];
		struct document next;
		if (!try_fixes(doc, ls, unsafe, got, only, &next))
			continue;
		const char *why = worse(doc, &next);
		if (why) {
			const struct diag *d = &doc->diags.items[i];
			buf_adds(notes, "jgflint: note: ");
			shown_text(notes, doc->path);
			buf_printf(notes, ":%lu:%lu: the %s fix was not applied: %s%s%s\n",
				   d->line, d->col, d->rule->id,
				   next.parsed ? "it would add a " : "", why, next.parsed ? " error" : "");
			skip[i] = true;
			buf_printf(out, "%s %s\n", d->rule->id, d->message);
		}
		document_free(&next);
	}
	free(only);
	free(got);
}

/* A repair left out: says what stops it (a comment without
 * --unsafe-fixes, a `01` it does not repair, an unterminated string), at
 * the first syntax error, as a fix left out is said. Nothing when there is
 * nothing the repair would do. */
static void refused_repair(const struct document *doc, bool unsafe, struct fix_tally *tally)
{
	struct repair_problems rp;
	repair_problems(doc->text, doc->len, unsafe, &rp);
	const struct repair_problem *stop = rp.len && rp.items[rp.len - 1].blocks ?
					    &rp.items[rp.len - 1] : NULL;
	const struct diag *first = NULL, *at = NULL;
	for (size_t i = 0; stop && i < doc->diags.len; i++) {
		const struct diag *d = &doc->diags.items[i];
		if (d->rule == &rule_json_syntax && (!first || d->offset < first->offset))
			first = d;
		if (d->has_offset && d->offset == stop->at)
			at = d;
	}
	if (stop && first && at) {
		struct buf note = BUF_INIT;
		buf_add(&note, tally->notes, tally->notes_len);
		buf_adds(&note, "jgflint: note: ");
		shown_text(&note, doc->path);
		buf_printf(&note, ":%lu:%lu: the json-syntax fix was not applied: it stops at "
			   "%lu:%lu: %s\n", first->line, first->col, at->line, at->col, stop->message);
		free(tally->notes);
		tally->notes_len = note.len;
		tally->notes = buf_detach(&note);
	}
	repair_problems_free(&rp);
}

/* A document that does not parse: if the JavaScript style of the
 * specifications is all that keeps it from being JSON, doc becomes the
 * repaired text, linted. Anything else leaves it as it is. */
static void repair_document(struct document *doc, const struct lint_settings *ls, bool unsafe,
			    struct fix_tally *tally)
{
	struct repair_count count;
	size_t len;
	if (!doc->text)
		return;
	char *text = repair_js(doc->text, doc->len, unsafe, &len, &count);
	struct document next = { 0 };
	if (text) {
		document_load_buffer(&next, doc->path, text, len);
		free(text);
		lint_document(&next, ls);
	}
	if (!next.parsed) {
		document_free(&next);
		refused_repair(doc, unsafe, tally);
		return;
	}
	for (size_t i = 0; i < count.safe + count.unsafe; i++)
		fix_tally_add(tally, &rule_json_syntax);
	document_free(doc);
	*doc = next;
}

bool fix_document(struct document *doc, const struct lint_settings *ls, bool unsafe,
		  struct fix_tally *tally)
{
	struct buf out = BUF_INIT, notes = BUF_INIT;
	bool ok = true, changed = false;
	if (!doc->parsed)
		repair_document(doc, ls, unsafe, tally);
	for (int round = 0; round < FIX_MAX_ROUNDS && doc->parsed; round++) {
		if (changed) {
			/* The text changed: what was left out is tried again. */
			buf_truncate(&out, 0);
			buf_truncate(&notes, 0);
		}
		bool *applied = xcalloc(doc->diags.len + 1, sizeof *applied);
		bool *skip = xcalloc(doc->diags.len + 1, sizeof *skip);
		for (size_t i = 0; out.len && i < doc->diags.len; i++)
			skip[i] = doc->diags.items[i].fix && banned(&out, &doc->diags.items[i]);
		struct document next;
		bool any = try_fixes(doc, ls, unsafe, applied, skip, &next);
		if (any && worse(doc, &next)) {
			document_free(&next);
			find_culprits(doc, ls, unsafe, applied, skip, &notes, &out);
			any = try_fixes(doc, ls, unsafe, applied, skip, &next);
		}
		free(skip);
		if (any && next.len == doc->len && memcmp(next.text, doc->text, doc->len) == 0) {
			/* Fixes that give the text back as it was fix nothing:
			 * counted, they would say so for every round. */
			document_free(&next);
			any = false;
		}
		if (!any) {
			free(applied);
			break;
		}
		if (!next.parsed) {
			/* Fixes that break the text only together: keep the original. */
			free(applied);
			document_free(&next);
			ok = false;
			break;
		}
		for (size_t i = 0; i < doc->diags.len; i++)
			if (applied[i])
				fix_tally_add(tally, doc->diags.items[i].rule);
		free(applied);
		document_free(doc);
		*doc = next;
		changed = true;
	}
	/* A fix left out is one --fix will not apply: it is no longer offered
	 * (marked fixable, counted, or carried by json and SARIF). */
	for (size_t i = 0; out.len && i < doc->diags.len; i++) {
		struct diag *d = &doc->diags.items[i];
		if (d->fix && banned(&out, d)) {
			fix_free(d->fix);
			d->fix = NULL;
		}
	}
	if (notes.len) {
		/* Said once, for the fixes left out of the text as it ends. */
		struct buf all = BUF_INIT;
		buf_add(&all, tally->notes, tally->notes_len);
		buf_add(&all, notes.data, notes.len);
		free(tally->notes);
		tally->notes_len = all.len;
		tally->notes = buf_detach(&all);
	}
	buf_free(&notes);
	buf_free(&out);
	return ok;
}
