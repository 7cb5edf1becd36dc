/* baseline: entries keyed by path, rule and JSON pointer (not line numbers,
 * which shift when a file is edited), each with a count. */
#include "baseline.h"

#include <errno.h>
#include <json-c/json.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "catalog.h"
#include "fix.h"
#include "jstring.h"
#include "lint.h"
#include "record.h"
#include "write.h"

extern const struct rule rule_baseline_stale;

struct entry {
	char *path, *rule, *where;  /* where: the pointer, or the message without one */
	size_t count;               /* findings it stands for */
	size_t used;                /* findings it suppressed in this run */
	size_t index;               /* in the file's "findings" array */
};

struct baseline {
	char *path;
	struct document doc;        /* the file as read (for locating stale entries) */
	struct entry *items;
	size_t len, cap;
};

static const char *where_of(const struct diag *d)
{
	return d->pointer ? d->pointer : d->message;
}

static struct entry *find(struct baseline *b, const char *path, const char *rule, const char *where)
{
	for (size_t i = 0; i < b->len; i++) {
		struct entry *e = &b->items[i];
		if (strcmp(e->path, path) == 0 && strcmp(e->rule, rule) == 0 && strcmp(e->where, where) == 0)
			return e;
	}
	return NULL;
}

static struct entry *add(struct baseline *b, const char *path, const char *rule, const char *where)
{
	b->items = xgrow(b->items, &b->cap, b->len + 1, sizeof *b->items);
	struct entry *e = &b->items[b->len++];
	*e = (struct entry){ xstrdup(path), xstrdup(rule), xstrdup(where), 0, 0, 0 };
	return e;
}

struct baseline *baseline_new(void)
{
	return xcalloc(1, sizeof(struct baseline));
}

void baseline_record(struct baseline *b, const struct document *doc)
{
	struct buf path = BUF_INIT;   /* entries hold names as JSON can: escaped */
	utf8_escape_invalid(&path, doc->path);
	for (size_t i = 0; i < doc->diags.len; i++) {
		const struct diag *d = &doc->diags.items[i];
		struct entry *e = find(b, path.data, d->rule->id, where_of(d));
		if (!e)
			e = add(b, path.data, d->rule->id, where_of(d));
		e->count++;
	}
	buf_free(&path);
}

int baseline_write(const struct baseline *b, const char *path)
{
	json_object *root = json_object_new_object(), *arr = json_object_new_array();
	json_object_object_add(root, "jgflint-baseline", json_object_new_int(1));
	for (size_t i = 0; i < b->len; i++) {
		const struct entry *e = &b->items[i];
		json_object *o = json_object_new_object();
		json_object_object_add(o, "path", json_object_new_string(e->path));
		json_object_object_add(o, "rule", json_object_new_string(e->rule));
		json_object_object_add(o, e->where[0] == '/' || !e->where[0] ? "pointer" : "message",
				       json_object_new_string(e->where));
		json_object_object_add(o, "count", json_object_new_int64((int64_t)e->count));
		json_object_array_add(arr, o);
	}
	json_object_object_add(root, "findings", arr);
	struct buf text = BUF_INIT;
	buf_adds(&text, json_object_to_json_string_ext(root, JSON_C_TO_STRING_PRETTY |
			JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE));
	buf_addc(&text, '\n');
	json_object_put(root);
	/* A new file is created directly; an existing one is replaced atomically. */
	int err = 0;
	FILE *f = fopen(path, "r");
	if (f) {
		fclose(f);
		err = write_atomic(path, text.data, text.len);
	} else if (!(f = fopen(path, "w"))) {
		err = errno;
	} else {
		if (fwrite(text.data, 1, text.len, f) != text.len)
			err = errno ? errno : EIO;
		if (fclose(f) != 0 && !err)
			err = errno;
	}
	buf_free(&text);
	return err;
}

static bool bad(const char *path, const char *why)
{
	fprintf(stderr, "jgflint: %s is not a jgflint baseline: %s\n", path, why);
	return false;
}

static bool read_entries(struct baseline *b)
{
	json_object *root = b->doc.root;
	if (!b->doc.parsed || !json_object_is_type(root, json_type_object) ||
	    !member(root, "jgflint-baseline"))
		return bad(b->path, "expected a JSON object written by --write-baseline");
	json_object *arr = member(root, "findings");
	if (!json_object_is_type(arr, json_type_array))
		return bad(b->path, "`findings` must be an array");
	size_t n = json_object_array_length(arr);
	for (size_t i = 0; i < n; i++) {
		json_object *o = json_object_array_get_idx(arr, i);
		json_object *path = member(o, "path"), *rule = member(o, "rule");
		json_object *where = member(o, "pointer") ? member(o, "pointer") : member(o, "message");
		long long count = 1;
		if (!json_object_is_type(path, json_type_string) || !json_object_is_type(rule, json_type_string) ||
		    !json_object_is_type(where, json_type_string) ||
		    (member(o, "count") && (!get_int(member(o, "count"), &count) || count < 1)))
			return bad(b->path, "each finding needs path, rule, pointer or message, and a "
				   "positive count");
		struct entry *e = add(b, json_object_get_string(path), json_object_get_string(rule),
				      json_object_get_string(where));
		e->count = (size_t)count;
		e->index = i;
	}
	return true;
}

struct baseline *baseline_load(const char *path)
{
	struct baseline *b = baseline_new();
	b->path = xstrdup(path);
	document_load_file(&b->doc, path);
	if (b->doc.io_failed) {
		fprintf(stderr, "jgflint: %s: %s\n", path, b->doc.diags.items[0].message);
		baseline_free(b);
		return NULL;
	}
	if (!read_entries(b)) {
		baseline_free(b);
		return NULL;
	}
	return b;
}

size_t baseline_filter(struct baseline *b, struct document *doc)
{
	size_t kept = 0, removed = 0;
	struct buf path = BUF_INIT;
	utf8_escape_invalid(&path, doc->path);
	for (size_t i = 0; i < doc->diags.len; i++) {
		struct diag *d = &doc->diags.items[i];
		struct entry *e = find(b, path.data, d->rule->id, where_of(d));
		if (e && e->used < e->count) {
			e->used++;
			removed++;
			free(d->message);
			free(d->pointer);
			fix_free(d->fix);
			continue;
		}
		doc->diags.items[kept++] = *d;
	}
	doc->diags.len = kept;
	buf_free(&path);
	return removed;
}

void baseline_stale(struct baseline *b, struct document *out)
{
	document_load_buffer(out, b->path, b->doc.text, b->doc.len);
	/* Keep the document's own findings (none: it was read) out of it. */
	diag_list_free(&out->diags);
	for (size_t i = 0; i < b->len; i++) {
		const struct entry *e = &b->items[i];
		if (e->used >= e->count)
			continue;
		char ptr[64];
		snprintf(ptr, sizeof ptr, "/findings/%zu", e->index);
		if (e->used == 0)
			diag_ptr(&out->diags, &rule_baseline_stale, ptr, false,
				 "baseline entry for %s [%s] at %s matches no finding any more; remove it "
				 "(or write the baseline again with --write-baseline)", e->path, e->rule, e->where);
		else
			diag_ptr(&out->diags, &rule_baseline_stale, ptr, false,
				 "baseline entry for %s [%s] at %s counts %zu findings but matched %zu; "
				 "lower its count", e->path, e->rule, e->where, e->count, e->used);
	}
	lint_locate(out);
}

void baseline_free(struct baseline *b)
{
	if (!b)
		return;
	for (size_t i = 0; i < b->len; i++) {
		free(b->items[i].path);
		free(b->items[i].rule);
		free(b->items[i].where);
	}
	free(b->items);
	document_free(&b->doc);
	free(b->path);
	free(b);
}
