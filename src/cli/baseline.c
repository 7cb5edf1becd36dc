/* baseline: entries keyed by path, rule and JSON pointer (SGF checked in
 * place: its place in the game tree, diag.place; not line numbers, which
 * shift when a file is edited), each with a count. Paths are relative
 * to the baseline file's directory and normalised, so the baseline matches
 * however the files are named on the command line (`dir`, `./dir`, an
 * absolute path, or from inside `dir`). Each entry also keeps its message:
 * a finding whose pointer matches no entry (--fix moved its value: Seki's
 * players object became an array, a node was split and the nodes after it
 * moved) matches an entry of its file and rule with the same message
 * (positions in it aside), so the findings --fix leaves are still known. */
#include "cli/baseline.h"

#include <errno.h>
#include <json-c/json.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/bound.h"
#include "base/buf.h"
#include "base/dom.h"
#include "core/catalog.h"
#include "config/config.h"
#include "convert/sgfplace.h"
#include "base/paths.h"
#include "core/fix.h"
#include "base/jstring.h"
#include "lint/lint.h"
#include "core/record.h"
#include "cli/write.h"

/* baseline-stale's words: an entry that matches no finding, one that
 * matches fewer than it counts. */
#define SAY_STALE_NONE "baseline entry for %s [%s] at %s matches no finding any more; " \
	"remove it (or write the baseline again with --write-baseline)"
#define SAY_STALE_FEWER "baseline entry for %s [%s] at %s counts %zu findings but matched " \
	"%zu; lower its count"


/* What an entry's where is: a finding's JSON pointer, its place in the SGF
 * checked in place (diag.place), or its message without either. */
enum where_kind { WHERE_POINTER, WHERE_PLACE, WHERE_MESSAGE };

struct entry {
	char *path, *rule, *where;  /* where: the pointer, place, or message */
	enum where_kind kind;
	char *message;              /* with a pointer or place: the message, or NULL (an
				       older baseline), for a finding whose value moved */
	size_t count;               /* findings it stands for */
	size_t used;                /* findings it suppressed in this run */
	size_t index;               /* in the file's "findings" array */
	bool checked;               /* its file was checked in this run */
};

struct baseline {
	char *path;
	char *dir;                  /* absolute directory of the baseline file, or NULL */
	struct document doc;        /* the file as read (for locating stale entries) */
	struct entry *items;
	size_t len, cap;
	size_t findings, files;     /* recorded */
};

/* Lexically normalised: no `.` components, `x/..` folded, no repeated or
 * trailing slashes. */
static char *normalise(const char *path)
{
	struct part { const char *s; size_t n; } *parts = NULL;
	size_t len = 0, cap = 0;
	bool abs = path[0] == '/';
	while (*path) {
		size_t n = strcspn(path, "/");
		bool dotdot = n == 2 && path[0] == '.' && path[1] == '.';
		if (n == 0 || (n == 1 && path[0] == '.'))
			;
		else if (dotdot && len && !(parts[len - 1].n == 2 && parts[len - 1].s[0] == '.' &&
					     parts[len - 1].s[1] == '.'))
			len--;
		else if (!(dotdot && abs)) {   /* `/..` is `/` */
			parts = xgrow(parts, &cap, len + 1, sizeof *parts);
			parts[len++] = (struct part){ path, n };
		}
		path += n + (path[n] == '/');
	}
	struct buf out = BUF_INIT;
	for (size_t i = 0; i < len; i++) {
		if (i || abs)
			buf_addc(&out, '/');
		buf_add(&out, parts[i].s, parts[i].n);
	}
	if (!out.len)
		buf_adds(&out, abs ? "/" : ".");
	free(parts);
	return buf_detach(&out);
}

/* abs (absolute, normalised) relative to dir (the same). */
static char *relative(const char *abs, const char *dir)
{
	size_t common = 0;    /* length of the shared leading components */
	for (size_t i = 0;; i++) {
		bool end_a = abs[i] == '/' || !abs[i], end_d = dir[i] == '/' || !dir[i];
		if (end_a && end_d)
			common = i;
		if (abs[i] != dir[i] || !abs[i])
			break;
	}
	struct buf b = BUF_INIT;
	for (const char *d = dir + common; *d; d++)
		if (*d == '/' && d[1])
			buf_adds(&b, b.len ? "/.." : "..");
	const char *rest = abs + common;
	while (*rest == '/')
		rest++;
	if (*rest)
		buf_printf(&b, "%s%s", b.len ? "/" : "", rest);
	if (!b.len)
		buf_addc(&b, '.');
	return buf_detach(&b);
}

/* The key of a checked path: relative to the baseline's directory. */
static char *key_of(const struct baseline *b, const char *path)
{
	char *abs = b->dir && path[0] != '<' ? absolute_path(path) : NULL;
	struct buf escaped = BUF_INIT;   /* entries hold names as JSON can: escaped */
	utf8_escape_invalid(&escaped, abs ? abs : path);
	free(abs);
	char *norm = normalise(escaped.data);
	buf_free(&escaped);
	if (!b->dir || norm[0] != '/')
		return norm;
	char *rel = relative(norm, b->dir);
	free(norm);
	return rel;
}

/* Its where; a place's words made in words, which the caller frees. */
static const char *where_of(const struct diag *d, struct buf *words)
{
	if (d->pointer)
		return d->pointer;
	return diag_place_words(d, words) ? words->data : d->message;
}

static enum where_kind kind_of(const struct diag *d)
{
	return d->pointer ? WHERE_POINTER : d->places ? WHERE_PLACE : WHERE_MESSAGE;
}

/* The length of a position LINE:COL at s, or 0. */
static size_t position_at(const char *s)
{
	size_t n = strspn(s, "0123456789");
	if (!n || s[n] != ':')
		return 0;
	size_t m = strspn(s + n + 1, "0123456789");
	return m ? n + 1 + m : 0;
}

/* Messages compared with the positions in them (`first at 18:5`) aside:
 * --fix moves lines. */
static bool same_message(const char *a, const char *b)
{
	for (;;) {
		size_t pa = position_at(a), pb = position_at(b);
		if (pa && pb) {
			a += pa, b += pb;
			continue;
		}
		if (*a != *b)
			return false;
		if (!*a)
			return true;
		a++, b++;
	}
}

/* Entries [from, to) of b by rule and where: find looked through them all
 * for each finding, the square of a file's findings (a baseline of R47's
 * file 4,000 deep: 3.1 G instructions of 3.4 G). Linear probing keeps the
 * entries of one rule and where in the order they were added. */
struct entry_index {
	size_t *slot;   /* an entry's index + 1, 0 empty */
	size_t mask;
};

static size_t key_hash(const char *rule, const char *where)
{
	uint64_t h = UINT64_C(0xcbf29ce484222325);
	for (const char *s = rule; *s; s++)
		h = (h ^ (unsigned char)*s) * UINT64_C(0x100000001b3);
	h = (h ^ 0xff) * UINT64_C(0x100000001b3);
	for (const char *s = where; *s; s++)
		h = (h ^ (unsigned char)*s) * UINT64_C(0x100000001b3);
	return (size_t)(h ^ (h >> 31));
}

/* Room for n entries. */
static void index_init(struct entry_index *x, size_t n)
{
	size_t cap = 16;
	while (cap < 2 * n + 2)
		cap *= 2;
	x->slot = xcalloc(cap, sizeof *x->slot);
	x->mask = cap - 1;
}

static void index_add(struct entry_index *x, const struct baseline *b, size_t i)
{
	size_t h = key_hash(b->items[i].rule, b->items[i].where) & x->mask;
	while (x->slot[h])
		h = (h + 1) & x->mask;
	x->slot[h] = i + 1;
}

/* The first entry x holds with that rule and place (and, when message is
 * given, that message); with free_only, one that has findings left to
 * match (two findings at one place with different messages are two
 * entries). */
static struct entry *find(struct baseline *b, const struct entry_index *x, const char *rule,
			  const char *where, const char *message, bool free_only)
{
	for (size_t h = key_hash(rule, where) & x->mask; x->slot[h]; h = (h + 1) & x->mask) {
		struct entry *e = &b->items[x->slot[h] - 1];
		if (strcmp(e->rule, rule) == 0 && strcmp(e->where, where) == 0 &&
		    (!message || (e->message && strcmp(e->message, message) == 0)) &&
		    (!free_only || e->used < e->count))
			return e;
	}
	return NULL;
}

/* The entry among items [from, to) with that rule and message that has
 * findings left to match: a finding whose value moved. */
static struct entry *find_moved(struct baseline *b, size_t from, size_t to, const char *rule,
				const char *message)
{
	for (size_t i = from; i < to; i++) {
		struct entry *e = &b->items[i];
		if (e->used < e->count && e->message && strcmp(e->rule, rule) == 0 &&
		    same_message(e->message, message))
			return e;
	}
	return NULL;
}

static int by_path(const void *a, const void *b)
{
	const struct entry *x = a, *y = b;
	int c = strcmp(x->path, y->path);
	return c ? c : x->index < y->index ? -1 : x->index > y->index;
}

/* The entries of path: [*from, *to) in the items, sorted by path when read,
 * so a large baseline costs a binary search per file. */
struct path_ask {
	const struct baseline *b;
	const char *path;
};

static bool path_not_below(const void *ctx, size_t i)
{
	const struct path_ask *a = ctx;
	return strcmp(a->b->items[i].path, a->path) >= 0;
}

static void entries_of(const struct baseline *b, const char *path, size_t *from, size_t *to)
{
	struct path_ask a = { b, path };
	size_t lo = bound_first(0, b->len, path_not_below, &a);
	*from = lo;
	while (lo < b->len && strcmp(b->items[lo].path, path) == 0)
		lo++;
	*to = lo;
}

static struct entry *add(struct baseline *b, const char *path, const char *rule, const char *where,
			 enum where_kind kind, const char *message)
{
	b->items = xgrow(b->items, &b->cap, b->len + 1, sizeof *b->items);
	struct entry *e = &b->items[b->len++];
	*e = (struct entry){ xstrdup(path), xstrdup(rule), xstrdup(where), kind,
			     message ? xstrdup(message) : NULL, 0, 0, 0, false };
	return e;
}

struct baseline *baseline_new(const char *path)
{
	struct baseline *b = xcalloc(1, sizeof(struct baseline));
	b->path = xstrdup(path);
	char *abs = absolute_path(path);
	if (abs) {
		char *slash = strrchr(abs, '/');
		slash[slash == abs ? 1 : 0] = '\0';
		b->dir = normalise(abs);
		free(abs);
	}
	return b;
}

void baseline_record(struct baseline *b, const struct document *doc)
{
	char *key = key_of(b, doc->path);
	b->files += doc->diags.len > 0;
	struct entry_index x;   /* each file is recorded once: its entries follow */
	index_init(&x, doc->diags.len);
	for (size_t i = 0; i < doc->diags.len; i++) {
		const struct diag *d = &doc->diags.items[i];
		/* Repeats (the same rule, place and message) are one entry, counted */
		const char *message = kind_of(d) != WHERE_MESSAGE ? d->message : NULL;
		struct buf words = BUF_INIT;
		const char *where = where_of(d, &words);
		struct entry *e = find(b, &x, d->rule->id, where, message, false);
		if (!e) {
			e = add(b, key, d->rule->id, where, kind_of(d), message);
			index_add(&x, b, b->len - 1);
		}
		buf_free(&words);
		e->count++;
		b->findings++;
	}
	free(x.slot);
	free(key);
}

void baseline_counts(const struct baseline *b, size_t *entries, size_t *findings, size_t *files)
{
	*entries = b->len;
	*findings = b->findings;
	*files = b->files;
}

int baseline_write(const struct baseline *b, const char *path)
{
	json_object *root = dom_object(), *arr = dom_array();
	dom_add(root, "jgflint-baseline", dom_int(1));
	for (size_t i = 0; i < b->len; i++) {
		const struct entry *e = &b->items[i];
		json_object *o = dom_object();
		dom_add(o, "path", dom_string(e->path));
		dom_add(o, "rule", dom_string(e->rule));
		static const char *const keys[] = { "pointer", "place", "message" };
		dom_add(o, keys[e->kind], dom_string(e->where));
		if (e->message)
			dom_add(o, "message", dom_string(e->message));
		dom_add(o, "count", dom_int((int64_t)e->count));
		dom_push(arr, o);
	}
	dom_add(root, "findings", arr);
	struct buf text = BUF_INIT;
	buf_adds(&text, dom_json(root, JSON_C_TO_STRING_PRETTY |
			JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE, NULL));
	buf_addc(&text, '\n');
	json_object_put(root);
	/* A new file is created directly; an existing one is replaced
	 * atomically; what is no regular file (a FIFO, a device) is written as
	 * it is, never waiting for a FIFO's reader. */
	int err = 0;
	struct stat st;
	FILE *f;
	if (stat(path, &st) == 0 && !S_ISREG(st.st_mode)) {
		int fd = S_ISDIR(st.st_mode) ? (err = EISDIR, -1) : write_open_special(path, &err);
		if (fd >= 0) {
			for (size_t at = 0; at < text.len && !err;) {
				ssize_t n = write(fd, text.data + at, text.len - at);
				if (n > 0)
					at += (size_t)n;
				else if (n < 0 && errno != EINTR)
					err = errno;
			}
			if (close(fd) != 0 && !err)
				err = errno;
		}
	} else if (stat(path, &st) == 0) {
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
		enum where_kind kind = member(o, "pointer") ? WHERE_POINTER :
				       member(o, "place") ? WHERE_PLACE : WHERE_MESSAGE;
		static const char *const keys[] = { "pointer", "place", "message" };
		json_object *where = member(o, keys[kind]);
		long long count = 1;
		if (!json_object_is_type(path, json_type_string) || !json_object_is_type(rule, json_type_string) ||
		    !json_object_is_type(where, json_type_string) ||
		    (member(o, "count") && (!get_int(member(o, "count"), &count) || count < 1)))
			return bad(b->path, "each finding needs path, rule, pointer, place or message, "
				   "and a positive count");
		char *key = normalise(json_object_get_string(path));
		json_object *message = kind != WHERE_MESSAGE ? member(o, "message") : NULL;
		if (message && !json_object_is_type(message, json_type_string))
			return bad(b->path, "a finding's message must be a string");
		/* a long place of an earlier version's whole words, as places
		 * are now written (sgf_place_bounded) */
		struct buf bounded = BUF_INIT;
		bool was_long = kind == WHERE_PLACE &&
				sgf_place_bounded(json_object_get_string(where), &bounded);
		struct entry *e = add(b, key, json_object_get_string(rule),
				      was_long ? bounded.data : json_object_get_string(where),
				      kind, message ? json_object_get_string(message) : NULL);
		buf_free(&bounded);
		free(key);
		e->count = (size_t)count;
		e->index = i;
	}
	sort_items(b->items, b->len, sizeof *b->items, by_path);
	return true;
}

struct baseline *baseline_load(const char *path)
{
	struct baseline *b = baseline_new(path);
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
	char *key = key_of(b, doc->path);
	size_t from, to;
	entries_of(b, key, &from, &to);
	for (size_t i = from; i < to; i++)
		b->items[i].checked = true;
	/* By place first; then what is left by message, for values --fix
	 * (or an edit) moved. */
	bool *matched = xcalloc(doc->diags.len + 1, sizeof *matched);
	struct entry_index x;
	index_init(&x, to - from);
	for (size_t i = from; i < to; i++)
		index_add(&x, b, i);
	for (size_t i = 0; i < doc->diags.len; i++) {
		struct diag *d = &doc->diags.items[i];
		struct buf words = BUF_INIT;
		struct entry *e = find(b, &x, d->rule->id, where_of(d, &words), NULL, true);
		buf_free(&words);
		if (e)
			e->used++, matched[i] = true;
	}
	for (size_t i = 0; i < doc->diags.len; i++) {
		struct diag *d = &doc->diags.items[i];
		struct entry *e = matched[i] || kind_of(d) == WHERE_MESSAGE ? NULL :
				  find_moved(b, from, to, d->rule->id, d->message);
		if (e)
			e->used++, matched[i] = true;
	}
	for (size_t i = 0; i < doc->diags.len; i++) {
		struct diag *d = &doc->diags.items[i];
		if (matched[i]) {
			removed++;
			diag_free(d);
			continue;
		}
		doc->diags.items[kept++] = *d;
	}
	doc->diags.len = kept;
	free(x.slot);
	free(matched);
	free(key);
	return removed;
}

/* Whether the file an entry names is gone. */
static bool gone(const struct baseline *b, const char *path)
{
	struct buf full = BUF_INIT;
	if (b->dir && path[0] != '/')
		buf_printf(&full, "%s/%s", b->dir, path);
	else
		buf_adds(&full, path);
	struct stat st;
	bool missing = stat(full.data, &st) != 0 && errno == ENOENT;
	buf_free(&full);
	return missing;
}

void baseline_scope_directory(struct baseline *b, const char *dir)
{
	/* "dir/." so that a symbolic link to a directory is resolved, as the
	 * directory part of each file's path is. */
	struct buf inside = BUF_INIT;
	buf_printf(&inside, "%s/.", dir);
	char *key = key_of(b, inside.data);
	buf_free(&inside);
	size_t n = strlen(key);
	bool all = strcmp(key, ".") == 0;
	for (size_t i = 0; i < b->len; i++) {
		const char *p = b->items[i].path;
		/* A file the walk left out (excluded, ignored) may still match. */
		if (!b->items[i].checked && (all ? p[0] != '/' && strncmp(p, "../", 3) != 0 :
					     strncmp(p, key, n) == 0 && p[n] == '/'))
			b->items[i].checked = gone(b, p);
	}
	free(key);
}

void baseline_stale(struct baseline *b, struct document *out)
{
	document_load_buffer(out, b->path, b->doc.text, b->doc.len);
	/* Keep the document's own findings (none: it was read) out of it. */
	diag_list_free(&out->diags);
	for (size_t i = 0; i < b->len; i++) {
		const struct entry *e = &b->items[i];
		if (e->used >= e->count || !e->checked)
			continue;
		char ptr[64];
		snprintf(ptr, sizeof ptr, "/findings/%zu", e->index);
		/* The pointer "" is the whole document. */
		const char *where = e->where[0] ? e->where : "the document root";
		if (e->used == 0)
			diag_ptr(&out->diags, &rule_baseline_stale, ptr, false, SAY_STALE_NONE,
				 e->path, e->rule, where);
		else
			diag_ptr(&out->diags, &rule_baseline_stale, ptr, false, SAY_STALE_FEWER,
				 e->path, e->rule, where, e->count, e->used);
	}
	document_locate(out);
}

void baseline_free(struct baseline *b)
{
	if (!b)
		return;
	for (size_t i = 0; i < b->len; i++) {
		free(b->items[i].path);
		free(b->items[i].rule);
		free(b->items[i].where);
		free(b->items[i].message);
	}
	free(b->items);
	document_free(&b->doc);
	free(b->path);
	free(b->dir);
	free(b);
}
