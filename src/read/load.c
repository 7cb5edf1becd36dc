/* load: reading inputs, strict scanning, and building the json-c DOM. */
#include "read/load.h"

#include <errno.h>
#include <fcntl.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <stdint.h>
#include <sys/resource.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/buf.h"
#include "core/catalog.h"
#include "read/scan.h"
#include "core/schema.h"
#include "read/sniff.h"


static size_t budget;   /* 0: not set, derived from the machine */

void load_set_memory_budget(size_t bytes)
{
	__atomic_store_n(&budget, bytes, __ATOMIC_RELAXED);   /* the library's callers may race */
}

static size_t smaller(size_t a, rlim_t b)
{
	return b != RLIM_INFINITY && b < a ? (size_t)b : a;
}

size_t load_memory_budget(void)
{
	size_t set = __atomic_load_n(&budget, __ATOMIC_RELAXED);
	if (set)
		return set;
	long pages = sysconf(_SC_PHYS_PAGES), page = sysconf(_SC_PAGESIZE);
	size_t m = pages > 0 && page > 0 && (size_t)pages <= SIZE_MAX / (size_t)page ?
		   (size_t)pages * (size_t)page : SIZE_MAX;
	struct rlimit rl;
	if (getrlimit(RLIMIT_AS, &rl) == 0)
		m = smaller(m, rl.rlim_cur);
	if (getrlimit(RLIMIT_DATA, &rl) == 0)
		m = smaller(m, rl.rlim_cur);
	/* Half: the process needs room besides the document (its text, the
	 * locator, the findings, other jobs). */
	return m / 2;
}

bool load_parse_size(const char *arg, size_t *out)
{
	char *end;
	errno = 0;
	if (*arg < '0' || *arg > '9')
		return false;
	unsigned long long n = strtoull(arg, &end, 10);
	int shift = 0;
	if (*end == 'K' || *end == 'k')
		shift = 10, end++;
	else if (*end == 'M' || *end == 'm')
		shift = 20, end++;
	else if (*end == 'G' || *end == 'g')
		shift = 30, end++;
	if (errno || *end || n == 0 || n > (SIZE_MAX >> shift))
		return false;
	*out = (size_t)n << shift;
	return true;
}

/* What json-c 0.16 allocates on 64-bit glibc, measured (max RSS of 50 MB
 * records, malloc overhead included): an object with its 16-entry hash
 * table, an array with its 32 slots, any other value, and a member's entry
 * beyond the first table's. */
#define COST_OBJECT 800
#define COST_ARRAY 400
#define COST_VALUE 96

size_t load_estimate_memory(const char *text, size_t len)
{
	size_t objects = 0, arrays = 0, commas = 0;
	bool in_string = false;
	for (size_t i = 0; i < len; i++) {
		char c = text[i];
		if (in_string) {
			if (c == '\\')
				i++;
			else if (c == '"')
				in_string = false;
		} else if (c == '"') {
			in_string = true;
		} else if (c == '{') {
			objects++;
		} else if (c == '[') {
			arrays++;
		} else if (c == ',') {
			commas++;
		}
	}
	/* Every value but the first follows a comma or opens a container; string
	 * values are copied (len bounds their bytes), the text is held too. */
	return 2 * len + objects * COST_OBJECT + arrays * COST_ARRAY + (commas + 1) * COST_VALUE;
}

/* The most memory a DOM takes per byte of text (`[{},{},…]`): smaller
 * files cannot exceed the budget and are not estimated. */
#define MAX_COST_PER_BYTE (COST_OBJECT / 3 + 2 * COST_VALUE)

/* "512 bytes", "12 KB", "563 MB", "1.5 GB" (powers of 1024, as --max-memory). */
static void human_size(char *out, size_t len, size_t n)
{
	if (n >= (size_t)1 << 30)
		snprintf(out, len, "%.1f GB", (double)n / (1 << 30));
	else if (n >= (size_t)1 << 20)
		snprintf(out, len, "%zu MB", (n + (1 << 19)) >> 20);
	else if (n >= 1024)
		snprintf(out, len, "%zu KB", (n + 512) >> 10);
	else
		snprintf(out, len, "%zu bytes", n);
}

/* Refuses a document the budget cannot hold, before building its DOM. */
static bool too_large(struct document *doc)
{
	size_t limit = load_memory_budget();
	if (doc->len <= limit / MAX_COST_PER_BYTE)
		return false;
	size_t need = load_estimate_memory(doc->text, doc->len);
	if (need <= limit)
		return false;
	char size[32], want[32], have[32];
	human_size(size, sizeof size, doc->len);
	human_size(want, sizeof want, need);
	human_size(have, sizeof have, limit);
	diag_file(&doc->diags, &rule_json_too_large, "reading this %s file as a document would "
		  "take about %s of memory, more than the %s budget (--max-memory); it was "
		  "not checked", size, want, have);
	return true;
}

static void parse(struct document *doc)
{
	if (too_large(doc))
		return;
	doc->loc = locator_new(doc->text, doc->len, scan_bom_length(doc->text, doc->len));
	/* SGF and UGF text would only give JSON syntax errors: name it instead. */
	enum text_format f = sniff_text(doc->text, doc->len);
	if (f != TEXT_OTHER) {
		diag_at(&doc->diags, &rule_foreign_format, 0, NULL,
			"%s; convert it with `jgflint --convert %s`", sniff_description(f),
			document_arg(doc));
		return;
	}
	/* Most keys of a record are the schema's: the DOM shares those. */
	struct scan_result res = scan_json(doc->text, doc->len, doc->loc, &doc->diags,
					   schema_known_key);
	doc->body = res.body;
	doc->depth = res.depth;
	doc->parsed = res.parsable;
	if (doc->parsed)
		doc->root = res.root;
	else
		json_put_deep(res.root, res.depth);
}

void document_load_buffer(struct document *doc, const char *name,
			  const char *data, size_t len)
{
	*doc = (struct document){ .path = xstrdup(name) };
	if (len > JGF_MAX_FILE_SIZE) {
		diag_file(&doc->diags, &rule_io_error, "file is larger than 1 GiB, jgflint's limit");
		doc->io_failed = true;
		return;
	}
	doc->text = xmalloc(len + 1);
	memcpy(doc->text, data, len);
	doc->text[len] = '\0';
	doc->len = len;
	parse(doc);
}

/* Reads all of fd into doc->text; returns 0 or an errno value. */
static int read_all(struct document *doc, int fd)
{
	struct buf b = BUF_INIT;
	for (;;) {
		buf_reserve(&b, 65536);
		ssize_t n = read(fd, b.data + b.len, b.cap - b.len - 1);
		if (n < 0 && errno == EINTR)
			continue;
		if (n < 0) {
			int e = errno;
			buf_free(&b);
			return e;
		}
		if (n == 0)
			break;
		b.len += (size_t)n;
		/* JSON text holds no NUL byte: one can only come after the document,
		 * where the scan stops at the first byte that is not white space.
		 * Nothing after it can change the findings, so reading stops there
		 * (and /dev/zero or /dev/urandom are refused after one read). */
		if (memchr(b.data + b.len - (size_t)n, '\0', (size_t)n))
			break;
		if (b.len > JGF_MAX_FILE_SIZE) {
			buf_free(&b);
			return EFBIG;
		}
	}
	b.data[b.len] = '\0';
	doc->len = b.len;
	doc->text = buf_detach(&b);
	return 0;
}

void document_load_file(struct document *doc, const char *path)
{
	bool is_stdin = strcmp(path, "-") == 0;
	*doc = (struct document){ .path = xstrdup(is_stdin ? "<stdin>" : path) };
	int fd = is_stdin ? STDIN_FILENO : open(path, O_RDONLY | O_CLOEXEC);
	int err = fd < 0 ? errno : 0;
	struct stat st;
	if (!err && fstat(fd, &st) == 0 && S_ISDIR(st.st_mode))
		err = EISDIR;
	if (!err)
		err = read_all(doc, fd);
	if (!err && !is_stdin)
		stamp_take(&doc->stamp, path, fd);
	if (fd >= 0 && !is_stdin)
		close(fd);
	if (err) {
		diag_file(&doc->diags, &rule_io_error, "cannot read %s: %s",
			  is_stdin ? "standard input" : "the file",
			  err == EFBIG ? "larger than 1 GiB, jgflint's limit" : strerror(err));
		doc->io_failed = true;
		return;
	}
	parse(doc);
}

/* Gives every diagnostic its line and column. Pointers are resolved only
 * here, for findings, so clean files never build the locator's index. */
static void locate_all(struct document *doc)
{
	for (size_t i = 0; i < doc->diags.len; i++) {
		struct diag *d = &doc->diags.items[i];
		struct span sp;
		bool has_end = false;
		if (!d->has_offset && d->pointer && doc->parsed) {
			has_end = locator_find(doc->loc, d->pointer, d->at_key, &d->offset) &&
				  locator_span(doc->loc, d->pointer, &sp);
			d->has_offset = true;
		}
		/* Start before end: the locator counts on from its last position. */
		if (d->has_offset)
			locator_linecol(doc->loc, d->offset, &d->line, &d->col);
		if (has_end)
			d->end_offset = d->at_key && sp.key_end != SIZE_MAX ? sp.key_end : sp.end;
		else if (!d->has_offset || d->end_offset <= d->offset || d->end_offset > doc->len)
			d->end_offset = d->offset;   /* unknown (the scanner may know it: scan.c) */
		if (d->end_offset > d->offset) {
			locator_linecol(doc->loc, d->end_offset, &d->end_line, &d->end_col);
			/* A byte order mark has no column of its own: an offset only. */
			if (d->end_line == d->line && d->end_col == d->col)
				d->end_line = d->end_col = 0;
		}
	}
}

void document_locate(struct document *doc)
{
	locate_all(doc);
	diag_list_sort(&doc->diags);
}

void document_free(struct document *doc)
{
	json_put_deep(doc->root, doc->depth);
	locator_free(doc->loc);
	diag_list_free(&doc->diags);
	free(doc->text);
	free(doc->path);
	stamp_free(&doc->stamp);
	*doc = (struct document){0};
}

const char *document_arg(const struct document *doc)
{
	return strcmp(doc->path, "<stdin>") == 0 ? "-" : doc->path;
}
