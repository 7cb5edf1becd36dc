/* expand: shell patterns, component by component, with fnmatch(3) for a
 * name and `**` for any depth of directories. */
#include "cli/expand.h"

#include <dirent.h>
#include <fnmatch.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "base/buf.h"

bool expand_is_pattern(const char *path)
{
	return strpbrk(path, "*?[") != NULL;
}

/* The names in dir (path; "" is the working directory), sorted. */
static void names_in(const char *path, struct file_list *names)
{
	DIR *d = opendir(*path ? path : ".");
	if (!d)
		return;
	for (struct dirent *e; (e = readdir(d));) {
		if (strcmp(e->d_name, ".") == 0 || strcmp(e->d_name, "..") == 0)
			continue;
		names->items = xgrow(names->items, &names->cap, names->len + 1, sizeof *names->items);
		names->items[names->len++] = xstrdup(e->d_name);
	}
	closedir(d);
	if (names->len)
		sort_items(names->items, names->len, sizeof *names->items, by_string);
}

static bool is_dir(const char *path)
{
	struct stat st;
	return stat(*path ? path : ".", &st) == 0 && S_ISDIR(st.st_mode);
}

/* A directory, not a symbolic link to one: `**` descends through these
 * only, as git's pathspecs do. Through links it left the tree, and two
 * links to `..` made its walk exponential (a run that never ended). */
static bool is_real_dir(const char *path)
{
	struct stat st;
	return lstat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static void add(struct file_list *out, const char *path)
{
	out->items = xgrow(out->items, &out->cap, out->len + 1, sizeof *out->items);
	out->items[out->len++] = xstrdup(path);
}

/* Matches rest (what is left of the pattern, without a leading '/')
 * below base (a path that exists, "" or ending in '/'). */
static void match(struct buf *base, const char *rest, struct file_list *out)
{
	size_t n = strcspn(rest, "/");
	char *comp = xstrndup(rest, n);
	const char *next = rest[n] ? rest + n + 1 : NULL;
	while (next && *next == '/')
		next++;
	size_t len = base->len;
	if (strcmp(comp, "**") == 0) {
		/* Zero directories, then each directory below, recursively. */
		if (next)
			match(base, next, out);
		else
			add(out, base->len ? base->data : ".");
		struct file_list names = { 0 };
		names_in(base->len ? base->data : "", &names);
		for (size_t i = 0; i < names.len; i++) {
			if (names.items[i][0] == '.')
				continue;
			buf_adds(base, names.items[i]);   /* lstat without the '/' */
			if (is_real_dir(base->data)) {
				buf_addc(base, '/');
				match(base, rest, out);
			}
			buf_truncate(base, len);
		}
		files_free(&names);
	} else if (!expand_is_pattern(comp)) {
		/* A plain name (its `\` quotes removed). */
		for (const char *c = comp; *c; c++)
			buf_addc(base, *c == '\\' && c[1] ? *++c : *c);
		struct stat st;
		if (next && is_dir(base->data)) {
			buf_addc(base, '/');
			match(base, next, out);
		} else if (!next && stat(base->data, &st) == 0) {
			add(out, base->data);
		}
		buf_truncate(base, len);
	} else {
		struct file_list names = { 0 };
		names_in(base->len ? base->data : "", &names);
		for (size_t i = 0; i < names.len; i++) {
			if (fnmatch(comp, names.items[i], FNM_PERIOD) != 0)
				continue;
			buf_adds(base, names.items[i]);
			if (!next)
				add(out, base->data);
			else if (is_dir(base->data)) {
				buf_addc(base, '/');
				match(base, next, out);
			}
			buf_truncate(base, len);
		}
		files_free(&names);
	}
	free(comp);
}

size_t expand_pattern(const char *pattern, struct file_list *out)
{
	size_t before = out->len;
	struct buf base = BUF_INIT;
	buf_adds(&base, "");
	while (*pattern == '/') {
		if (!base.len)
			buf_addc(&base, '/');
		pattern++;
	}
	if (*pattern)
		match(&base, pattern, out);
	buf_free(&base);
	return out->len - before;
}
