/* Depth tests: deep but valid records load, are located and are freed
 * without recursion; any deeper input ends in one json-depth diagnostic at
 * the bracket that crosses the limit. Run under ASan in CI, these also prove
 * that no stage overflows the stack. */
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "lint/lint.h"
#include "read/scan.h"
#include "tap.h"

/* Loads and lints b; with loader_only, the rules do not run. */
static struct document load(const struct buf *b, bool loader_only)
{
	struct document doc;
	document_load_buffer(&doc, "deep", b->data, b->len);
	if (loader_only)
		document_locate(&doc);
	else
		lint_document(&doc, NULL);
	return doc;
}

/* The move of level i of a nested record: a legal game. Black fills rows
 * 0, 4, 8, ..., white rows 2, 6, 10, ... (never a capture: the rows between
 * stay empty), then both pass. */
static void level_move(struct buf *b, size_t i)
{
	const char *color = i % 2 ? "white" : "black";
	size_t k = i / 2;
	if (k < 95)
		buf_printf(b, "{\"move\":{\"color\":\"%s\",\"x\":%zu,\"y\":%zu}}", color,
			   k % 19, 4 * (k / 19) + (i % 2 ? 2 : 0));
	else
		buf_printf(b, "{\"move\":{\"color\":\"%s\",\"pass\":true}}", color);
}

/* A record whose tree nests `levels` variations, one inside the other: a
 * legal game. With siblings, each variations node also holds a second
 * variation (a pass instead of that level's move), so the replay must save
 * every level's position; with bottom, the innermost variation ends with a
 * move on an occupied point. */
static void nested_variations(struct buf *b, size_t levels, bool siblings, bool bottom)
{
	buf_adds(b, "{\"record\":{\"format\":\"JGF\",\"version\":2},\"tree\":[{}");
	for (size_t i = 0; i < levels; i++) {
		buf_adds(b, ",{\"variations\":[[");
		level_move(b, i);
	}
	if (bottom)
		buf_printf(b, ",{\"move\":{\"color\":\"%s\",\"x\":0,\"y\":0}}",
			   levels % 2 ? "white" : "black");
	for (size_t i = levels; i-- > 0;) {
		buf_adds(b, "]");
		if (siblings)  /* an alternative to level i's move */
			buf_printf(b, ",[{\"move\":{\"color\":\"%s\",\"pass\":true}}]",
				   i % 2 ? "white" : "black");
		buf_adds(b, "]}");
	}
	buf_adds(b, "]}\n");
}

static void repeat(struct buf *b, const char *s, size_t n)
{
	for (size_t i = 0; i < n; i++)
		buf_adds(b, s);
}

int main(void)
{
	tap_init();
	struct buf b = BUF_INIT;

	nested_variations(&b, 5000, false, false);
	struct document doc = load(&b, false);
	tap_ok(doc.root && doc.diags.len == 0, "5,000 levels of nested variations are checked cleanly");
	document_free(&doc);

	buf_truncate(&b, 0);
	nested_variations(&b, 5000, true, false);
	doc = load(&b, false);
	tap_ok(doc.root && doc.diags.len == 0,
	       "5,000 levels of nested variations with a sibling at each level replay cleanly");
	document_free(&doc);

	/* The replay reaches the bottom: 5,000 variations deep, move 5,001 is
	 * on (0, 0), where move 1 stands. */
	buf_truncate(&b, 0);
	nested_variations(&b, 5000, true, true);
	doc = load(&b, false);
	const struct diag *bottom = doc.diags.len == 1 ? &doc.diags.items[0] : NULL;
	tap_ok(bottom && strcmp(bottom->rule->id, "occupied-point") == 0 &&
	       strstr(bottom->message, "move 5001 ") && strstr(bottom->message, "move 1 ") &&
	       strlen(bottom->pointer) > 5000 * strlen("/1/variations/0"),
	       "an occupied point 5,000 variations deep is found (got %zu findings: %s)",
	       doc.diags.len, doc.diags.len ? doc.diags.items[0].message : "none");
	document_free(&doc);

	/* Exactly the limit, with a finding at the bottom to locate. */
	buf_truncate(&b, 0);
	repeat(&b, "{\"a\":", JGF_MAX_DEPTH - 1);
	buf_adds(&b, "{\"x\":1,\"x\":2}");
	repeat(&b, "}", JGF_MAX_DEPTH - 1);
	doc = load(&b, true);
	unsigned long want_col = (JGF_MAX_DEPTH - 1) * 5 + 8;
	tap_ok(doc.root && doc.diags.len == 1 && doc.diags.items[0].line == 1 &&
	       doc.diags.items[0].col == want_col &&
	       strcmp(doc.diags.items[0].rule->id, "json-duplicate-key") == 0,
	       "%d levels load; a duplicate key at the bottom is at 1:%lu", JGF_MAX_DEPTH, want_col);
	document_free(&doc);

	static const char *const openers[] = { "[", "{\"a\":", "{\"variations\":[[" };
	for (size_t k = 0; k < 3; k++) {
		size_t n = 1000000;
		buf_truncate(&b, 0);
		repeat(&b, openers[k], n);
		doc = load(&b, false);
		/* The bracket that opens level JGF_MAX_DEPTH + 1 (0-based: JGF_MAX_DEPTH)
		 * is the r-th bracket of repetition u. */
		const char *unit = openers[k];
		size_t brackets = 0;
		for (const char *c = unit; *c; c++)
			brackets += *c == '{' || *c == '[';
		size_t u = JGF_MAX_DEPTH / brackets, r = JGF_MAX_DEPTH % brackets, at = 0;
		for (size_t seen = 0;; at++)
			if ((unit[at] == '{' || unit[at] == '[') && seen++ == r)
				break;
		unsigned long col = u * strlen(unit) + at + 1;
		const struct diag *d = doc.diags.len ? &doc.diags.items[0] : NULL;
		tap_ok(!doc.root && doc.diags.len == 1 && strcmp(d->rule->id, "json-depth") == 0 &&
		       d->line == 1 && d->col == col,
		       "1,000,000 levels of %s end in json-depth at 1:%lu (got %s at 1:%lu)",
		       openers[k], col, d ? d->rule->id : "nothing", d ? d->col : 0);
		document_free(&doc);
	}

	/* Deep, closed, valid JSON, but not an object: loaded, then classified. */
	buf_truncate(&b, 0);
	repeat(&b, "[", JGF_MAX_DEPTH);
	repeat(&b, "]", JGF_MAX_DEPTH);
	doc = load(&b, false);
	tap_ok(doc.parsed && doc.diags.len == 1 &&
	       strcmp(doc.diags.items[0].rule->id, "not-an-object") == 0,
	       "%d nested arrays are valid JSON but not a record", JGF_MAX_DEPTH);
	document_free(&doc);

	buf_free(&b);
	return tap_done();
}
