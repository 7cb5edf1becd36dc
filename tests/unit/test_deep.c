/* Depth tests: deep but valid records load, are located and are freed
 * without recursion; any deeper input ends in one json-depth diagnostic at
 * the bracket that crosses the limit. Run under ASan in CI, these also prove
 * that no stage overflows the stack. */
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "lint.h"
#include "scan.h"
#include "tap.h"

/* Loads and lints b; with loader_only, the rules do not run. */
static struct document load(const struct buf *b, bool loader_only)
{
	struct document doc;
	document_load_buffer(&doc, "deep", b->data, b->len);
	if (loader_only)
		lint_locate(&doc);
	else
		lint_document(&doc);
	return doc;
}

/* A record whose tree nests `levels` variations, one inside the other. */
static void nested_variations(struct buf *b, size_t levels)
{
	buf_adds(b, "{\"record\":{\"format\":\"JGF\",\"version\":2},\"tree\":[{}");
	for (size_t i = 0; i < levels; i++)
		buf_printf(b, ",{\"variations\":[[{\"move\":{\"color\":\"%s\",\"x\":%zu,\"y\":%zu}}",
			   i % 2 ? "white" : "black", i % 19, i / 19 % 19);
	for (size_t i = 0; i < levels; i++)
		buf_adds(b, "]]}");
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

	nested_variations(&b, 5000);
	struct document doc = load(&b, false);
	tap_ok(doc.root && doc.diags.len == 0, "5,000 levels of nested variations are checked cleanly");
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
