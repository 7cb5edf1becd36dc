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

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	if (!sink)
		sink = fopen("/dev/null", "w");
	struct document doc;
	document_load_buffer(&doc, "fuzz", (const char *)data, size);
	/* Text the scanner accepts, json-c's parser must accept as the same DOM. */
	struct buf why = BUF_INIT;
	if (doc.parsed && !same_as_json_c(&doc, &why)) {
		fprintf(stderr, "DOM differs from json-c's: %s\n", why.data);
		abort();
	}
	buf_free(&why);
	lint_document(&doc);
	/* Every located finding must also resolve through the pointer index. */
	for (size_t i = 0; doc.root && i < doc.diags.len; i++) {
		size_t off;
		if (doc.diags.items[i].pointer)
			locator_find(doc.loc, doc.diags.items[i].pointer, true, &off);
	}
	static const struct report_options ro = { 0 };
	for (enum format f = FORMAT_TEXT; f <= FORMAT_GITLAB; f++) {
		struct reporter *r = reporter_new(f, sink, &ro);
		reporter_document(r, &doc);
		reporter_finish(r, &(struct summary){ 0 });
	}
	document_free(&doc);
	return 0;
}
