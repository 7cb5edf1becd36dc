/* lint: runs the checks on a loaded document and locates the findings. */
#include "lint/lint.h"

#include <stdint.h>

#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "core/catalog.h"
#include "engine/engine.h"
#include "core/fix.h"
#include "core/record.h"
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

/* Every syntax problem the repair meets, beside the scanner's first: each
 * comment, unquoted or single-quoted key or string and trailing comma, each
 * string ended at its line's end, and what it cannot get past (a `01` after
 * a comment), each where it is. Past a string whose end was guessed, what
 * stops the repair may be the guess's doing: it is not reported, and the
 * guess's finding says the rest was not checked. */
static void report_repair_problems(struct document *doc, const struct repair_problems *problems)
{
	const struct repair_problems rp = *problems;
	/* With nothing to repair, the scanner's first error says it all. */
	size_t repairs = rp.len && rp.items[rp.len - 1].blocks ? rp.len - 1 : rp.len;
	size_t guess = SIZE_MAX;   /* the last guess's finding */
	size_t guess_item = 0;     /* and its problem */
	/* The scanner's error, when the repair does not get past it (a bracket
	 * out of place), is where the text is broken: quotes after it are not
	 * to be trusted. */
	size_t stop = SIZE_MAX, first = SIZE_MAX;
	for (size_t k = 0; k < doc->diags.len; k++)
		if (doc->diags.items[k].rule == &rule_json_syntax && doc->diags.items[k].has_offset &&
		    doc->diags.items[k].offset < first)
			first = doc->diags.items[k].offset;
	bool repaired = false;
	for (size_t i = 0; i < rp.len && !repaired; i++)
		repaired = !rp.items[i].blocks && rp.items[i].at == first;
	if (!repaired)
		stop = first;
	for (size_t i = 0; repairs && i < rp.len; i++) {
		const struct repair_problem *p = &rp.items[i];
		if (p->guess && p->at > stop)
			continue;
		/* The scanner found the bracket after this comma one too many
		 * (`"a": 1, }"b": 2`): the repair, which takes the comma for a
		 * trailing one and keeps the bracket, reads the rest wrongly. */
		if (p->closer && p->closer == first)
			break;
		/* A comma before a `}` or `]` the text breaks at (`[1, 2,}`): the
		 * bracket is the defect, the comma only its doing. */
		if (p->closer && rp.items[rp.len - 1].blocks && rp.items[rp.len - 1].at == p->closer) {
			for (size_t k = 0; k < doc->diags.len; k++)
				if (doc->diags.items[k].rule == &rule_json_syntax &&
				    doc->diags.items[k].has_offset && doc->diags.items[k].offset == p->at) {
					diag_free(&doc->diags.items[k]);
					memmove(&doc->diags.items[k], &doc->diags.items[k + 1],
						(doc->diags.len - k - 1) * sizeof *doc->diags.items);
					doc->diags.len--;
					break;
				}
			continue;
		}
		if (p->blocks && guess != SIZE_MAX) {
			struct diag *d = &doc->diags.items[guess];
			char *message = xasprintf("%s; the rest of the file was not checked (%s)",
						  d->message, rp.items[guess_item].unsure);
			free(d->message);
			d->message = message;
			break;
		}
		size_t known = SIZE_MAX;
		for (size_t k = 0; k < doc->diags.len && known == SIZE_MAX; k++)
			if (doc->diags.items[k].has_offset && doc->diags.items[k].offset == p->at)
				known = k;
		if (known == SIZE_MAX) {
			diag_at(&doc->diags, p->rule ? p->rule : &rule_json_syntax, p->at, NULL, "%s",
				p->message);
			known = doc->diags.len - 1;
		}
		if (p->guess) {
			guess = known;
			guess_item = i;
		}
	}
}

/* Each repair its own fix (its edit, apart from the others'), on the
 * finding at its place, so that every finding --fix repairs is marked and
 * counted, and an editor offers each: when every syntax finding is one of
 * them and their edits together make text, the repair's. False, with
 * nothing attached, otherwise. */
static bool fix_each_repair(struct document *doc, const struct repair_problems *rp,
			    enum fix_safety safety, const char *text, size_t len)
{
	size_t *found = xcalloc(rp->len + 1, sizeof *found);
	size_t unfixed = 0, fixed = 0;
	for (size_t k = 0; k < doc->diags.len; k++)
		unfixed += doc->diags.items[k].rule == &rule_json_syntax && !doc->diags.items[k].fix;
	struct buf made = BUF_INIT;
	size_t from = 0, next = 0;
	bool ok = true;
	for (size_t i = 0; ok && i < rp->len; i++) {
		const struct repair_problem *p = &rp->items[i];
		if (!p->text)
			continue;
		ok = p->start >= from && p->start >= doc->body && p->end >= p->start &&
		     p->end <= doc->len;
		/* Looked for from the last one's on: the findings are in the
		 * problems' order (the scanner's first aside), so that a file
		 * of many costs time in their number, not its square. */
		found[i] = SIZE_MAX;
		for (size_t n = 0; n < doc->diags.len && found[i] == SIZE_MAX; n++) {
			size_t k = (next + n) % doc->diags.len;
			const struct diag *d = &doc->diags.items[k];
			if (d->rule == &rule_json_syntax && !d->fix && d->has_offset && d->offset == p->at)
				found[i] = k;
		}
		ok = ok && found[i] != SIZE_MAX;
		if (!ok)
			break;
		next = found[i] + 1;
		fixed++;
		buf_add(&made, doc->text + from, p->start - from);
		buf_adds(&made, p->text);
		from = p->end;
	}
	if (ok) {
		buf_add(&made, doc->text + from, doc->len - from);
		ok = fixed == unfixed && made.len == len && memcmp(made.data, text, len) == 0;
	}
	for (size_t i = 0; ok && i < rp->len; i++)
		if (rp->items[i].text)
			fix_bytes(&doc->diags.items[found[i]], safety, rp->items[i].start,
				  rp->items[i].end, rp->items[i].text);
	buf_free(&made);
	free(found);
	return ok;
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
	size_t first = (size_t)(d - doc->diags.items);
	struct repair_problems rp;
	repair_problems(doc->text, doc->len, true, &rp);
	report_repair_problems(doc, &rp);
	d = &doc->diags.items[first];   /* the list may have moved */
	size_t len;
	enum fix_safety safety = FIX_SAFE;
	char *text = parsing_repair(doc, false, &len);
	if (!text) {
		safety = FIX_UNSAFE;
		text = parsing_repair(doc, true, &len);
	}
	/* Else the whole repair is the first finding's fix. */
	if (text && !fix_each_repair(doc, &rp, safety, text, len))
		fix_bytes(d, safety, doc->body, doc->len, text + doc->body);
	free(text);
	repair_problems_free(&rp);
}

/* A text that does not parse is written by --fix only as its repair
 * makes it (fixjgf.c's repair_document; the fixes of the text repaired
 * after): every other fix of it, a byte order mark's, is offered as the
 * repair is, unsafe with an unsafe one, and none without one (a check
 * offered the byte order mark's fix of text cut short as safe, and --fix
 * left it: fix_mutations test 8). */
static void offer_as_repair(struct document *doc)
{
	enum fix_safety repair = FIX_NONE;
	for (size_t i = 0; i < doc->diags.len; i++)
		if (doc->diags.items[i].rule == &rule_json_syntax && doc->diags.items[i].fix)
			repair = doc->diags.items[i].fix->safety;
	for (size_t i = 0; i < doc->diags.len; i++) {
		struct diag *d = &doc->diags.items[i];
		if (!d->fix || d->rule == &rule_json_syntax ||
		    (repair != FIX_NONE && d->fix->safety >= repair))
			continue;
		if (repair == FIX_NONE) {
			fix_free(d->fix);
			d->fix = NULL;
		} else {
			d->fix->safety = repair;
		}
	}
}

static size_t map_recovered(const void *ctx, size_t at)
{
	return repair_recovery_map(ctx, at);
}

/* Where the repair reader resumes with certainty (its reading of the text,
 * every repair made and every string that meets a line break ended there,
 * is JSON), the rest of the record is checked as it would be without the
 * defect, as ruff's error-resilient parser does: the rules' findings on
 * that reading, at their places in the text, without fixes (--fix repairs
 * the syntax first and then checks the record again). False when nothing
 * past the defect could be checked. */
static bool lint_recovered(struct document *doc, const struct lint_settings *ls)
{
	struct repair_recovery r;
	if (!repair_recover(doc->text, doc->len, &r))
		return false;
	struct document next;
	document_load_buffer(&next, doc->path, r.text, r.len);
	bool checked = next.parsed;
	if (checked && next.root) {
		/* SGF-in-JSON and OGS's JSON are checked where they are by
		 * their conversion, which a text broken as this one is not
		 * given: nothing of it is checked here either. */
		checked = !document_record(&next)->convertible;
	}
	if (checked) {
		engine_run(&next, ls);
		for (size_t i = 0; i < next.diags.len; i++)
			if (next.diags.items[i].rule == &rule_json_syntax)
				checked = false;   /* not JSON after all: nothing taken */
		if (checked)
			document_take_findings(doc, &next, map_recovered, &r);
	}
	document_free(&next);
	repair_recovery_free(&r);
	return checked;
}

/* A syntax error no reading gets past: no rule saw the record, which its
 * finding where the reading stops says (unless a guess's finding already
 * does, or the file is empty). */
static void say_not_checked(struct document *doc)
{
	size_t at = doc->body;
	while (at < doc->len && doc->text[at] && strchr(" \t\r\n", doc->text[at]))
		at++;
	if (at == doc->len)
		return;   /* an empty file: there is nothing else */
	struct diag *last = NULL;
	for (size_t i = 0; i < doc->diags.len; i++) {
		struct diag *d = &doc->diags.items[i];
		if (d->rule != &rule_json_syntax)
			continue;
		if (strstr(d->message, "was not checked"))
			return;
		if (!last || (d->has_offset && last->has_offset && d->offset > last->offset))
			last = d;   /* where the reading stops */
	}
	if (!last)
		return;
	size_t n = strlen(last->message);
	bool question = n && last->message[n - 1] == '?';
	char *message = xasprintf("%s%s", last->message,
				  question ? " Nothing else in the record was checked."
					   : "; nothing else in the record was checked");
	free(last->message);
	last->message = message;
}

void lint_document(struct document *doc, const struct lint_settings *ls)
{
	if (doc->parsed) {
		engine_run(doc, ls);
	} else if (doc->text) {
		attach_repair(doc);
		offer_as_repair(doc);
		if (!lint_recovered(doc, ls))
			say_not_checked(doc);
	}
	settings_apply(ls, &doc->diags);
	document_locate(doc);
}
