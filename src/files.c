/* files: recursive directory walk in a stable order. */
#include "files.h"

#include <dirent.h>
#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>

#include "buf.h"

struct dir_id {
	dev_t dev;
	ino_t ino;
};

struct visited {
	struct dir_id *items;
	size_t len, cap;
};

static void add(struct file_list *l, char *path)
{
	l->items = xgrow(l->items, &l->cap, l->len + 1, sizeof *l->items);
	l->items[l->len++] = path;
}

void files_free(struct file_list *l)
{
	for (size_t i = 0; i < l->len; i++)
		free(l->items[i]);
	free(l->items);
	*l = (struct file_list){ 0 };
}

bool files_is_directory(const char *path)
{
	struct stat st;
	return stat(path, &st) == 0 && S_ISDIR(st.st_mode);
}

static bool wanted(const char *name, const struct rule_list *ext)
{
	size_t n = strlen(name);
	if (ext->len == 0)
		return n > 4 && strcmp(name + n - 4, ".jgf") == 0;
	for (size_t i = 0; i < ext->len; i++) {
		size_t e = strlen(ext->items[i]);
		if (n > e && strcmp(name + n - e, ext->items[i]) == 0)
			return true;
	}
	return false;
}

static int by_name(const void *a, const void *b)
{
	return strcmp(*(char *const *)a, *(char *const *)b);
}

static bool walk(const char *dir, const struct rule_list *ext, struct visited *seen,
		 struct file_list *out)
{
	struct stat st;
	if (stat(dir, &st) != 0)
		return false;
	for (size_t i = 0; i < seen->len; i++)
		if (seen->items[i].dev == st.st_dev && seen->items[i].ino == st.st_ino)
			return true;   /* a loop, or a second way in: once is enough */
	seen->items = xgrow(seen->items, &seen->cap, seen->len + 1, sizeof *seen->items);
	seen->items[seen->len++] = (struct dir_id){ st.st_dev, st.st_ino };

	DIR *d = opendir(dir);
	if (!d) {
		fprintf(stderr, "jgflint: cannot read directory %s: %s\n", dir, strerror(errno));
		return false;
	}
	struct file_list names = { 0 };
	for (struct dirent *e; (e = readdir(d));) {
		if (e->d_name[0] == '.' && (!e->d_name[1] || (e->d_name[1] == '.' && !e->d_name[2])))
			continue;
		add(&names, xstrdup(e->d_name));
	}
	closedir(d);
	if (names.len)
		qsort(names.items, names.len, sizeof *names.items, by_name);
	bool ok = true;
	struct buf path = BUF_INIT;
	for (size_t i = 0; i < names.len; i++) {
		const char *name = names.items[i];
		buf_truncate(&path, 0);
		buf_printf(&path, "%s%s%s", dir, dir[strlen(dir) - 1] == '/' ? "" : "/", name);
		if (files_is_directory(path.data)) {
			if (name[0] != '.')
				ok &= walk(path.data, ext, seen, out);
		} else if (strncmp(name, ".jgflint-", 9) == 0) {
			/* Written by write.c; only a killed run leaves one behind. */
			fprintf(stderr, "jgflint: %s: a temporary file left by an interrupted "
				"`jgflint --fix` (a fixed copy never put in place or, with "
				"--fix-hard-links, a backup of the original), not a record: compare "
				"and remove it\n", path.data);
		} else if (wanted(name, ext)) {
			add(out, xstrdup(path.data));
		}
	}
	buf_free(&path);
	files_free(&names);
	return ok;
}

bool files_collect(const char *path, const struct rule_list *extensions, struct file_list *out)
{
	if (!files_is_directory(path)) {
		add(out, xstrdup(path));
		return true;
	}
	struct visited seen = { 0 };
	bool ok = walk(path, extensions, &seen, out);
	free(seen.items);
	return ok;
}
