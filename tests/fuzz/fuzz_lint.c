/* libFuzzer target: arbitrary bytes through the whole pipeline (loader,
 * scanner, locator, every check, the reporter). Built by `make fuzz`; any
 * crash, leak or sanitizer report is a bug, and so is a DOM that differs from
 * the one json-c's own parser builds from the same text. */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>

#include "../unit/dom_same.h"
#include "lint.h"
#include "report.h"
#include "scan.h"

/* Text the scanner accepts, json-c's parser must accept as the same DOM. */
static void check_dom(const struct document *doc)
{
	json_tokener *tok = json_tokener_new_ex(JGF_MAX_DEPTH + 2);
	json_object *ref = json_tokener_parse_ex(tok, doc->text + doc->body,
						 (int)(doc->len - doc->body + 1));
	struct buf path = BUF_INIT, why = BUF_INIT;
	if (json_tokener_get_error(tok) != json_tokener_success ||
	    !same(doc->root, ref, &path, &why, 0)) {
		fprintf(stderr, "DOM differs from json-c's: %s\n", why.data ? why.data : "json-c failed");
		abort();
	}
	json_tokener_free(tok);
	json_put_deep(ref, doc->depth);
	buf_free(&path);
	buf_free(&why);
}

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	if (!sink)
		sink = fopen("/dev/null", "w");
	struct document doc;
	document_load_buffer(&doc, "fuzz", (const char *)data, size);
	if (doc.parsed)
		check_dom(&doc);
	lint_document(&doc);
	/* Every located finding must also resolve through the pointer index. */
	for (size_t i = 0; doc.root && i < doc.diags.len; i++) {
		size_t off;
		if (doc.diags.items[i].pointer)
			locator_find(doc.loc, doc.diags.items[i].pointer, true, &off);
	}
	static const struct report_options ro = { 0 };
	for (enum format f = FORMAT_TEXT; f <= FORMAT_GITHUB; f++) {
		struct reporter *r = reporter_new(f, sink, &ro);
		reporter_document(r, &doc);
		reporter_finish(r, &(struct summary){ 0 });
	}
	document_free(&doc);
	return 0;
}
