/* lint: runs the checks on a loaded document and locates the findings. */
#include "lint/lint.h"

#include <stdint.h>

#include <stdlib.h>
#include <string.h>

#include "base/bound.h"
#include "base/buf.h"
#include "core/catalog.h"
#include "engine/engine.h"
#include "core/fix.h"
#include "core/record.h"
#include "core/settings.h"
#include "read/repair.h"

/* The document's findings that have an offset, by offset (at one place,
 * the first listed first), each with its index in the list: the finding
 * at a problem's place is found in log of their number, where a walk of
 * them all for each problem made a file of n problems cost n squared. The
 * problems come in the text's order but for a few bytes back (a string
 * closed on its line) and the last (what stops the repair): each is added
 * at the end or near it. */
struct placed {
	struct place {
		size_t at, k;
	} *items;
	size_t len, cap;
};

struct place_ask {
	const struct place *items;
	size_t at;
};

static bool place_past(const void *ctx, size_t i)
{
	const struct place_ask *a = ctx;
	return a->items[i].at > a->at;
}

static bool place_not_before(const void *ctx, size_t i)
{
	const struct place_ask *a = ctx;
	return a->items[i].at >= a->at;
}

static void placed_add(struct placed *x, size_t at, size_t k)
{
	x->items = xgrow(x->items, &x->cap, x->len + 1, sizeof *x->items);
	size_t i = bound_first(0, x->len, place_past, &(struct place_ask){ x->items, at });
	memmove(&x->items[i + 1], &x->items[i], (x->len - i) * sizeof *x->items);
	x->items[i] = (struct place){ at, k };
	x->len++;
}

/* Where in x the findings at offset at begin. */
static size_t placed_from(const struct placed *x, size_t at)
{
	return bound_first(0, x->len, place_not_before, &(struct place_ask){ x->items, at });
}

/* The index of the first finding at offset at (a syntax one without a fix
 * when unfixed_syntax), or SIZE_MAX. */
static size_t placed_find(const struct placed *x, const struct diag_list *diags, size_t at,
			  bool unfixed_syntax)
{
	for (size_t i = placed_from(x, at); i < x->len && x->items[i].at == at; i++) {
		const struct diag *d = &diags->items[x->items[i].k];
		if (!unfixed_syntax || (d->rule == &rule_json_syntax && !d->fix))
			return x->items[i].k;
	}
	return SIZE_MAX;
}

/* The syntax finding at offset at, out of the list and of x. */
static void placed_drop_syntax(struct placed *x, struct diag_list *diags, size_t at)
{
	size_t i = placed_from(x, at);
	while (i < x->len && x->items[i].at == at &&
	       diags->items[x->items[i].k].rule != &rule_json_syntax)
		i++;
	if (i == x->len || x->items[i].at != at)
		return;
	size_t k = x->items[i].k;
	memmove(&x->items[i], &x->items[i + 1], (x->len - i - 1) * sizeof *x->items);
	x->len--;
	diag_free(&diags->items[k]);
	memmove(&diags->items[k], &diags->items[k + 1], (diags->len - k - 1) * sizeof *diags->items);
	diags->len--;
	for (size_t n = 0; n < x->len; n++)
		x->items[n].k -= x->items[n].k > k;
}

/* Every syntax problem the repair meets, beside the scanner's first: each
 * comment, unquoted or single-quoted key or string and trailing comma, each
 * string ended at its line's end, and what it cannot get past (a `01` after
 * a comment), each where it is. Past a string whose end was guessed, what
 * stops the repair may be the guess's doing: it is not reported, and the
 * guess's finding says the rest was not checked. x: the findings by
 * offset, those added here too. */
static void report_repair_problems(struct document *doc, const struct repair_problems *rp,
				   struct placed *x)
{
	/* With nothing to repair, the scanner's first error says it all. */
	size_t repairs = rp->len && rp->items[rp->len - 1].blocks ? rp->len - 1 : rp->len;
	size_t guess = SIZE_MAX;   /* the last guess's finding */
	size_t guess_item = 0;     /* and its problem */
	/* The scanner's error, when the repair does not get past it (a bracket
	 * out of place), is where the text is broken: quotes after it are not
	 * to be trusted. */
	size_t stop = SIZE_MAX, first = SIZE_MAX;
	for (size_t k = 0; k < doc->diags.len; k++) {
		const struct diag *d = &doc->diags.items[k];
		if (d->has_offset)
			placed_add(x, d->offset, k);
		if (d->rule == &rule_json_syntax && d->has_offset && d->offset < first)
			first = d->offset;
	}
	bool repaired = false;
	for (size_t i = 0; i < rp->len && !repaired; i++)
		repaired = !rp->items[i].blocks && rp->items[i].at == first;
	if (!repaired)
		stop = first;
	/* A comma before a `}` or `]` the text breaks at (`[1, 2,}`): the
	 * bracket is the defect, the comma only its doing. Its finding leaves
	 * the list after the others are added, which keeps their indices. */
	size_t dropped = SIZE_MAX;
	for (size_t i = 0; repairs && i < rp->len; i++) {
		const struct repair_problem *p = &rp->items[i];
		if (p->guess && p->at > stop)
			continue;
		/* The scanner found the bracket after this comma one too many
		 * (`"a": 1, }"b": 2`): the repair, which takes the comma for a
		 * trailing one and keeps the bracket, reads the rest wrongly. */
		if (p->closer && p->closer == first)
			break;
		if (p->closer && rp->items[rp->len - 1].blocks && rp->items[rp->len - 1].at == p->closer) {
			dropped = p->at;
			continue;
		}
		if (p->blocks && guess != SIZE_MAX) {
			struct diag *d = &doc->diags.items[guess];
			char *message = xasprintf("%s; the rest of the file was not checked (%s)",
						  d->message, rp->items[guess_item].unsure);
			free(d->message);
			d->message = message;
			break;
		}
		size_t known = placed_find(x, &doc->diags, p->at, false);
		if (known == SIZE_MAX) {
			diag_at(&doc->diags, p->rule ? p->rule : &rule_json_syntax, p->at, NULL, "%s",
				p->message);
			known = doc->diags.len - 1;
			placed_add(x, p->at, known);
		}
		if (p->guess) {
			guess = known;
			guess_item = i;
		}
	}
	if (dropped != SIZE_MAX)
		placed_drop_syntax(x, &doc->diags, dropped);
}

/* Each repair its own fix (its edit, apart from the others'), on the
 * finding at its place, so that every finding --fix repairs is marked and
 * counted, and an editor offers each: when every syntax finding is one of
 * them and their edits together make text, the repair's. False, with
 * nothing attached, otherwise. */
static bool fix_each_repair(struct document *doc, const struct repair_problems *rp,
			    const struct placed *x, enum fix_safety safety)
{
	size_t *found = xcalloc(rp->len + 1, sizeof *found);
	size_t unfixed = 0, fixed = 0;
	for (size_t k = 0; k < doc->diags.len; k++)
		unfixed += doc->diags.items[k].rule == &rule_json_syntax && !doc->diags.items[k].fix;
	struct buf made = BUF_INIT;
	size_t from = 0;
	bool ok = true;
	for (size_t i = 0; ok && i < rp->len; i++) {
		const struct repair_problem *p = &rp->items[i];
		if (!p->text)
			continue;
		ok = p->start >= from && p->start >= doc->body && p->end >= p->start &&
		     p->end <= doc->len;
		found[i] = placed_find(x, &doc->diags, p->at, true);
		ok = ok && found[i] != SIZE_MAX;
		if (!ok)
			break;
		fixed++;
		buf_add(&made, doc->text + from, p->start - from);
		buf_adds(&made, p->text);
		from = p->end;
	}
	if (ok) {
		buf_add(&made, doc->text + from, doc->len - from);
		ok = fixed == unfixed && made.len == rp->text_len &&
		     memcmp(made.data, rp->text, rp->text_len) == 0;
	}
	for (size_t i = 0; ok && i < rp->len; i++)
		if (rp->items[i].text)
			fix_bytes(&doc->diags.items[found[i]], safety, rp->items[i].start,
				  rp->items[i].end, rp->items[i].text);
	buf_free(&made);
	free(found);
	return ok;
}

static struct diag *first_unfixed_syntax(struct document *doc)
{
	for (size_t i = 0; i < doc->diags.len; i++)
		if (doc->diags.items[i].rule == &rule_json_syntax && !doc->diags.items[i].fix)
			return &doc->diags.items[i];
	return NULL;
}

/* A document that does not parse but that --fix repairs (the JavaScript
 * style of repair.h): its syntax error carries the repair as its fix, so
 * that it is marked and counted as fixable like any other, and json and
 * SARIF carry the edit (the text after a byte order mark, replaced). One
 * run of the repair says it all: its problems, and its text when that is
 * JSON; with a comment among them (repair.h's unsafe repair) it is an
 * unsafe fix, else a safe one, as --fix without --unsafe-fixes would make
 * the same text; and its reading past the defect (rp's read), which
 * lint_recovered checks. Without a syntax finding, rp is the run alone
 * (its reading). */
static void attach_repair(struct document *doc, struct repair_problems *rp)
{
	repair_problems(doc->path, doc->text, doc->len, true, rp);
	if (!first_unfixed_syntax(doc))
		return;
	struct placed x = { 0 };
	report_repair_problems(doc, rp, &x);
	enum fix_safety safety = rp->count.unsafe ? FIX_UNSAFE : FIX_SAFE;
	bool fixes = rp->text && rp->text_len >= doc->body &&
		     memcmp(rp->text, doc->text, doc->body) == 0;
	struct diag *first = first_unfixed_syntax(doc);
	/* Else the whole repair is the first finding's fix. */
	if (fixes && first && !fix_each_repair(doc, rp, &x, safety))
		fix_bytes(first, safety, doc->body, doc->len, rp->text + doc->body);
	free(x.items);
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
	return repair_problems_map(ctx, at);
}

/* Where the repair reader resumes with certainty (its reading of the text,
 * every repair made and every string that meets a line break ended there,
 * is JSON), the rest of the record is checked as it would be without the
 * defect, as ruff's error-resilient parser does: the rules' findings on
 * that reading (rp's, read once), at their places in the text, without
 * fixes (--fix repairs the syntax first and then checks the record
 * again). False when nothing past the defect could be checked. */
static bool lint_recovered(struct document *doc, const struct lint_settings *ls,
			   const struct repair_problems *rp)
{
	struct document *next = rp->read;
	if (!next)
		return false;
	bool checked = next->parsed;
	if (checked && next->root) {
		/* SGF-in-JSON and OGS's JSON are checked where they are by
		 * their conversion, which a text broken as this one is not
		 * given: nothing of it is checked here either. */
		checked = !document_record(next)->convertible;
	}
	if (checked) {
		engine_run(next, ls);
		for (size_t i = 0; i < next->diags.len; i++)
			if (next->diags.items[i].rule == &rule_json_syntax)
				checked = false;   /* not JSON after all: nothing taken */
		if (checked)
			document_take_findings(doc, next, map_recovered, rp);
	}
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
		struct repair_problems rp;
		attach_repair(doc, &rp);
		offer_as_repair(doc);
		if (!lint_recovered(doc, ls, &rp))
			say_not_checked(doc);
		repair_problems_free(&rp);
	}
	settings_apply(ls, &doc->diags);
	document_locate(doc);
}
