/* libFuzzer target: arbitrary bytes through the whole pipeline (loader,
 * scanner, locator, every check, the reporter). Built by `make fuzz`; any
 * crash, leak or sanitizer report is a bug. */
#include <stdint.h>
#include <stdio.h>

#include "lint.h"
#include "report.h"

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size);

int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size)
{
	static FILE *sink;
	if (!sink)
		sink = fopen("/dev/null", "w");
	struct document doc;
	document_load_buffer(&doc, "fuzz", (const char *)data, size);
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
