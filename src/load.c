/* load: reading inputs, strict scanning, and building the json-c DOM. */
#include "load.h"

#include <errno.h>
#include <fcntl.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "buf.h"
#include "catalog.h"
#include "scan.h"
#include "schema.h"
#include "sniff.h"

static void parse(struct document *doc)
{
	doc->loc = locator_new(doc->text, doc->len, scan_bom_length(doc->text, doc->len));
	/* SGF and UGF text would only give JSON syntax errors: name it instead. */
	enum text_format f = sniff_text(doc->text, doc->len);
	if (f != TEXT_OTHER) {
		diag_at(&doc->diags, &rule_foreign_format, 0, NULL,
			"%s; convert it with `jgflint --convert %s`", sniff_description(f), doc->path);
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

void json_put_iterative(json_object *root)
{
	if (!root)
		return;
	size_t cap = 0, n = 0;
	json_object **stack = xgrow(NULL, &cap, 16, sizeof *stack);
	stack[n++] = root;
	while (n) {
		json_object *o = stack[--n];
		/* Take a reference to each child so that putting the parent only
		 * drops it to one; the child is freed later from this stack. */
		if (json_object_is_type(o, json_type_object)) {
			json_object_object_foreach(o, key, val) {
				(void)key;
				if (val) {
					stack = xgrow(stack, &cap, n + 1, sizeof *stack);
					stack[n++] = json_object_get(val);
				}
			}
		} else if (json_object_is_type(o, json_type_array)) {
			size_t len = json_object_array_length(o);
			for (size_t i = 0; i < len; i++) {
				json_object *val = json_object_array_get_idx(o, i);
				if (val) {
					stack = xgrow(stack, &cap, n + 1, sizeof *stack);
					stack[n++] = json_object_get(val);
				}
			}
		}
		json_object_put(o);
	}
	free(stack);
}

/* Recursion this deep is safe even in sanitizer builds' larger frames. */
#define RECURSION_SAFE_DEPTH 500

void json_put_deep(json_object *root, size_t depth)
{
	if (depth <= RECURSION_SAFE_DEPTH)
		json_object_put(root);
	else
		json_put_iterative(root);
}

void document_free(struct document *doc)
{
	json_put_deep(doc->root, doc->depth);
	locator_free(doc->loc);
	diag_list_free(&doc->diags);
	free(doc->text);
	free(doc->path);
	*doc = (struct document){0};
}
