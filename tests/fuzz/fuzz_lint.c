/* libFuzzer target: arbitrary bytes through the whole pipeline (loader,
 * scanner, locator, every check, the reporter, the fixer and the atomic
 * write into a temporary directory). Built by `make fuzz`; any crash, leak
 * or sanitizer report is a bug, and so is a DOM that differs from the one
 * json-c's own parser builds from the same text, a fix that makes invalid
 * JSON, a write that fails, and a written file that is not the fixed text
 * or leaves a temporary file behind. */
#include <dirent.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "../unit/dom_same.h"
#include "core/fix.h"
#include "lint/fixjgf.h"
#include "lint/fixloop.h"
#include "lint/lint.h"
#include "output/report.h"
#include "cli/write.h"

static char *scratch_dir;

static void remove_scratch(void)
{
	DIR *d = opendir(scratch_dir);
	for (struct dirent *e; d && (e = readdir(d));) {
		if (strcmp(e->d_name, ".") && strcmp(e->d_name, ".."))
			unlinkat(dirfd(d), e->d_name, 0);
	}
	if (d)
		closedir(d);
	rmdir(scratch_dir);
}

/* Entries of the scratch directory besides "." and "..". */
static size_t scratch_entries(void)
{
	size_t n = 0;
	DIR *d = opendir(scratch_dir);
	for (struct dirent *e; d && (e = readdir(d));)
		n += strcmp(e->d_name, ".") && strcmp(e->d_name, "..");
	if (d)
		closedir(d);
	return n;
}

/* --fix on the document as run.c does it: the text is a file in the
 * scratch directory, read (with its stamp), fixed in memory and written
 * back with write_fixed, then read back. */
static void fix_and_write(const struct document *doc, bool unsafe)
{
	/* In memory first: most inputs have nothing to fix, and need no file. */
	struct document probe;
	document_load_buffer(&probe, "fuzz", doc->text, doc->len);
	lint_document(&probe, NULL);
	struct fix_tally tally = { 0 };
	if (probe.parsed && !fix_document(&probe, NULL, unsafe, &tally)) {
		fprintf(stderr, "a fix produced invalid JSON\n");
		abort();
	}
	bool fixes = tally.total > 0;
	fix_tally_free(&tally);
	document_free(&probe);
	if (!fixes)
		return;
	if (!scratch_dir) {
		/* On tmpfs where there is one: the writer's fsync is then free. */
		static char shm[] = "/dev/shm/jgflint-fuzz-XXXXXX", tmp[] = "/tmp/jgflint-fuzz-XXXXXX";
		scratch_dir = mkdtemp(shm);
		if (!scratch_dir)
			scratch_dir = mkdtemp(tmp);
		if (!scratch_dir)
			abort();
		atexit(remove_scratch);
	}
	struct buf path = BUF_INIT;
	buf_printf(&path, "%s/record.jgf", scratch_dir);
	FILE *f = fopen(path.data, "w");
	if (!f || fwrite(doc->text, 1, doc->len, f) != doc->len || fclose(f) != 0)
		abort();
	struct document fixed;
	document_load_file(&fixed, path.data);
	lint_document(&fixed, NULL);
	struct file_stamp was = fixed.stamp;
	fixed.stamp = (struct file_stamp){ 0 };
	char *original = xstrndup(fixed.text ? fixed.text : "", fixed.len);
	size_t original_len = fixed.len;
	if (fixed.parsed && !fix_document(&fixed, NULL, unsafe, &tally)) {
		fprintf(stderr, "a fix produced invalid JSON\n");
		abort();
	}
	if (tally.total) {
		int err = write_fixed(path.data, &was, original, original_len, fixed.text, fixed.len, false);
		if (err) {
			fprintf(stderr, "write_fixed failed: %s\n", write_error(err, &was));
			abort();
		}
		struct document back;
		document_load_file(&back, path.data);
		if (back.io_failed || back.len != fixed.len || memcmp(back.text, fixed.text, fixed.len)) {
			fprintf(stderr, "the written file is not the fixed text\n");
			abort();
		}
		document_free(&back);
	}
	if (scratch_entries() != 1) {
		fprintf(stderr, "the writer left a temporary file behind\n");
		abort();
	}
	unlink(path.data);
	buf_free(&path);
	stamp_free(&was);
	free(original);
	fix_tally_free(&tally);
	document_free(&fixed);
}

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
	lint_document(&doc, NULL);
	/* Every located finding must also resolve through the pointer index. */
	for (size_t i = 0; doc.root && i < doc.diags.len; i++) {
		size_t off;
		if (doc.diags.items[i].pointer)
			locator_find(doc.loc, doc.diags.items[i].pointer, true, &off);
	}
	static const struct report_options ro = { 0 };
	for (const char *const *name = format_names(); *name; name++) {
		struct reporter *r = reporter_new(format_find(*name), sink, &ro);
		reporter_document(r, &doc, NULL);
		reporter_finish(r, &(struct summary){ 0 });
	}
	if (doc.parsed)
		fix_and_write(&doc, size && (data[size - 1] & 1));
	document_free(&doc);
	return 0;
}
