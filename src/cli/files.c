/* files: recursive directory walk in a stable order.
 *
 * Entries are examined with fstatat relative to their directory's
 * descriptor, which is closed before descending (a deep tree holds no
 * descriptor per level), and what the walk skips is decided by globs over paths
 * relative to the directory each glob belongs to (a .gitignore's, the
 * configuration's, the walked directory's), translated once into regexes
 * the way per-path-ignores are. */
#include "cli/files.h"

#include <dirent.h>
#include <errno.h>
#include <fcntl.h>
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "base/buf.h"
#include "base/jstring.h"
#include "base/paths.h"
#include "base/regex.h"

struct dir_id {
	dev_t dev;
	ino_t ino;
};

/* One glob: it applies below base (an offset into the walk's path: the
 * directory it belongs to ends there). */
struct filter {
	size_t base;
	struct regex re;
	bool negated;      /* a .gitignore's "!pattern": included again */
	bool dir_only;     /* "pattern/": directories only */
	bool gitignore;    /* the last matching .gitignore pattern decides */
	char *prefix;      /* a .gitignore above the walked directory: the walked
			      directory's path relative to it, with a '/' */
};

struct walk {
	const struct walk_options *o;
	struct buf path;             /* the directory or entry being looked at */
	struct buf scratch;
	struct dir_id *seen;
	size_t nseen, seen_cap;
	struct filter *filters;
	size_t nfilters, filters_cap;
	struct file_list *out;
	const struct rule_list *extensions;   /* of the configuration in effect */
	size_t strip;                /* 2 when walking `.`: its files without `./` */
	bool ok;
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
	if (!ext || ext->len == 0)
		return n > 4 && strcasecmp(name + n - 4, ".jgf") == 0;
	for (size_t i = 0; i < ext->len; i++) {
		size_t e = strlen(ext->items[i]);
		if (n > e && strcasecmp(name + n - e, ext->items[i]) == 0)
			return true;
	}
	return false;
}

/* Where the directory w->path names ends: globs below it are matched
 * against what follows the '/'. */
static size_t dir_base(const struct walk *w)
{
	return w->path.len - (w->path.data[w->path.len - 1] == '/');
}

/* The regex of an exclusion glob: a leading "/" anchors it to its
 * directory; a trailing "/" (`build/`) makes it match directories only. */
static char *exclusion_regex(const char *glob, bool *dir_only)
{
	size_t n = strlen(glob);
	char *copy = xstrndup(glob, n);
	if (n > 1 && copy[n - 1] == '/' && copy[n - 2] != '\\') {
		copy[--n] = '\0';
		*dir_only = true;
	}
	bool anchored = copy[0] == '/';
	char *re = glob_to_regex(anchored ? copy + 1 : copy);
	if (anchored && !strchr(copy + 1, '/') && strncmp(re, "(?:.*/)?", 8) == 0)
		memmove(re, re + 8, strlen(re + 8) + 1);
	free(copy);
	return re;
}

static void add_filter(struct walk *w, size_t base, const char *glob, bool negated,
		       bool dir_only, bool gitignore)
{
	char *re = exclusion_regex(glob, &dir_only);
	w->filters = xgrow(w->filters, &w->filters_cap, w->nfilters + 1, sizeof *w->filters);
	w->filters[w->nfilters++] = (struct filter){ base, { re, NULL, true }, negated, dir_only,
						      gitignore, NULL };
}

static void drop_filters(struct walk *w, size_t keep)
{
	while (w->nfilters > keep) {
		struct filter *f = &w->filters[--w->nfilters];
		free((char *)f->re.pattern);
		free(f->prefix);
		regex_free(&f->re);
	}
}

/* The patterns of dir's .gitignore (gitignore(5): comments, blank lines,
 * "!" to include again, a trailing "/" for directories, a "/" at the start
 * or in the middle anchors to the directory). */
static void read_gitignore(struct walk *w, int dir, const char *prefix)
{
	size_t first = w->nfilters;
	int fd = openat(dir, ".gitignore", O_RDONLY | O_CLOEXEC | O_NONBLOCK);
	if (fd < 0)
		return;
	struct stat st;
	FILE *f = fstat(fd, &st) == 0 && S_ISREG(st.st_mode) ? fdopen(fd, "r") : NULL;
	if (!f) {
		close(fd);
		return;
	}
	struct buf line = BUF_INIT;
	for (int c = 0; c != EOF;) {
		buf_truncate(&line, 0);
		while ((c = getc(f)) != EOF && c != '\n')
			buf_addc(&line, (char)c);
		char *p = line.data;
		if (!p || !*p || *p == '#')
			continue;
		size_t n = line.len;
		while (n && (p[n - 1] == ' ' || p[n - 1] == '\r') && !(n > 1 && p[n - 2] == '\\'))
			p[--n] = '\0';
		bool negated = *p == '!';
		if (negated || (*p == '\\' && (p[1] == '!' || p[1] == '#')))
			p++, n--;
		bool dir_only = n && p[n - 1] == '/';
		if (dir_only)
			p[--n] = '\0';
		if (n)
			add_filter(w, dir_base(w), p, negated, dir_only, true);
	}
	buf_free(&line);
	fclose(f);
	for (size_t i = first; prefix && i < w->nfilters; i++)
		w->filters[i].prefix = xstrdup(prefix);
}

/* Inside a git work tree, the .gitignore files of the directories from its
 * top (the nearest directory upward holding .git) down to the walked
 * directory's parent apply too, as git applies them. */
static void read_gitignores_above(struct walk *w, const char *path)
{
	char *abs = realpath(path, NULL);
	if (!abs)
		return;
	struct buf probe = BUF_INIT;
	size_t top = strlen(abs);
	bool found = false;
	for (;;) {
		buf_truncate(&probe, 0);
		buf_add(&probe, abs, top);
		buf_adds(&probe, "/.git");
		if (access(probe.data, F_OK) == 0) {
			found = true;
			break;
		}
		if (top == 0)
			break;
		while (top > 0 && abs[top - 1] != '/')
			top--;
		if (top > 0)
			top--;   /* the '/' itself */
	}
	for (size_t end = top; found && end < strlen(abs);) {
		/* abs[0, end) is a directory above the walked one ("" is "/"). */
		buf_truncate(&probe, 0);
		buf_add(&probe, abs, end);
		int fd = open(end ? probe.data : "/", O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		buf_truncate(&probe, 0);
		buf_adds(&probe, abs + end + 1);
		buf_addc(&probe, '/');
		if (fd >= 0) {
			read_gitignore(w, fd, probe.data);
			close(fd);
		}
		for (end++; abs[end] && abs[end] != '/'; end++)
			;
	}
	buf_free(&probe);
	free(abs);
}

/* Whether the entry at w->path is skipped by the filters. */
static bool filtered(struct walk *w, bool is_dir)
{
	bool ignored = false;
	for (size_t i = 0; i < w->nfilters; i++) {
		const struct filter *f = &w->filters[i];
		if ((f->dir_only && !is_dir) || (f->gitignore && ignored == !f->negated))
			continue;
		const char *rel = w->path.data + f->base + 1;
		if (f->prefix) {
			buf_truncate(&w->scratch, 0);
			buf_adds(&w->scratch, f->prefix);
			buf_adds(&w->scratch, rel);
			rel = w->scratch.data;
		}
		if (!regex_match((struct regex *)&f->re, rel, strlen(rel)))
			continue;
		if (!f->gitignore)
			return true;
		ignored = !f->negated;
	}
	return ignored;
}

/* A file the walk left for its ending: given to notice when it ends in
 * one of noticed and no glob leaves it out. */
static void notice(struct walk *w, const char *name)
{
	const struct rule_list *l = w->o->noticed;
	size_t n = strlen(name);
	for (size_t i = 0; l && w->o->notice && i < l->len; i++) {
		size_t e = strlen(l->items[i]);
		if (n > e && strcasecmp(name + n - e, l->items[i]) == 0) {
			if (strcmp(name, CONFIG_FILE_NAME) != 0 && !filtered(w, false))
				w->o->notice(w->o->notice_ctx, w->path.data + w->strip, i);
			return;
		}
	}
}

static const char *kind_of(mode_t m)
{
	return S_ISFIFO(m) ? "a FIFO (named pipe)" : S_ISSOCK(m) ? "a socket" :
	       S_ISCHR(m) ? "a character device" : S_ISBLK(m) ? "a block device" :
	       "not a regular file";
}

static void walk_dir(struct walk *w, int fd);

/* Says that the directory at path cannot be read, with errno's reason. */
static void cannot_read_dir(const struct walk_options *o, const char *path)
{
	if (o->quiet)
		return;
	const char *why = strerror(errno);
	struct buf shown = BUF_INIT;
	fprintf(stderr, "jgflint: cannot read directory %s: %s\n", shown_text(&shown, path), why);
	buf_free(&shown);
}

/* The entry `name` of the directory whose path is w->path; mode is 0 when
 * it could not be examined. */
static void entry(struct walk *w, const char *name, mode_t mode)
{
	size_t len = w->path.len;
	buf_printf(&w->path, "%s%s", w->path.data[len - 1] == '/' ? "" : "/", name);
	bool known = mode != 0, is_dir = S_ISDIR(mode), is_link = S_ISLNK(mode);
	if (!is_dir && strncmp(name, ".jgflint-", 9) == 0) {
		/* Written by write.c; only a killed run leaves one behind. */
		if (w->o->quiet)
			goto done;
		struct buf shown = BUF_INIT;
		fprintf(stderr, "jgflint: %s: a temporary file left by an interrupted "
			"`jgflint --fix` (a fixed copy never put in place or, with "
			"--fix-hard-links, a backup of the original), not a record: compare "
			"and remove it\n", shown_text(&shown, w->path.data));
		buf_free(&shown);
		goto done;
	}
	/* A configuration file is not a record, whatever the extensions. */
	if (is_dir ? name[0] == '.' || strcmp(name, "node_modules") == 0
		   : !wanted(name, w->extensions) || strcmp(name, CONFIG_FILE_NAME) == 0) {
		if (!is_dir && (!known || S_ISREG(mode)))
			notice(w, name);
		goto done;
	}
	if (filtered(w, is_dir)) {
		if (w->o->skipped)
			++*w->o->skipped;
		goto done;
	}
	if (is_link) {
		/* Not followed: its target may lie anywhere (--follow-symlinks). */
		if (w->o->links)
			++*w->o->links;
		goto done;
	}
	if (w->path.len >= PATH_MAX) {
		if (!w->o->quiet)
			fprintf(stderr, "jgflint: %.60s…: the path is longer than PATH_MAX (%d bytes); "
				"%s not checked\n", w->path.data, PATH_MAX,
				is_dir ? "the files below it were" : "it was");
		w->ok = false;
	} else if (is_dir) {
		/* By path: the parent is closed by now, so that a deep tree does
		 * not hold a descriptor per level. */
		int sub = open(w->path.data, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
		if (sub < 0) {
			cannot_read_dir(w->o, w->path.data);
			w->ok = false;
		} else {
			walk_dir(w, sub);
		}
	} else if (!known || S_ISREG(mode)) {
		/* unreadable: reported when read; below `.`, named as `jgflint a.jgf` names it */
		add(w->out, xstrdup(w->path.data + w->strip));
	} else if (!w->o->quiet) {
		struct buf shown = BUF_INIT;
		fprintf(stderr, "jgflint: note: %s is %s, not a regular file; skipped\n",
			shown_text(&shown, w->path.data), kind_of(mode));
		buf_free(&shown);
	}
done:
	buf_truncate(&w->path, len);
}

/* A configuration met below the walked directory (names holds a
 * .jgflint.json, and it is the one that applies here: not --config's nor
 * the walked directory's) adds its exclude, relative to its directory,
 * for the walk below it: the same files are skipped whichever directory
 * is walked; so do its extensions, unless --extensions gave them. */
static void nested_config(struct walk *w, const struct file_list *names)
{
	bool found = false;
	for (size_t i = 0; i < names->len && !found; i++)
		found = strcmp(names->items[i], CONFIG_FILE_NAME) == 0;
	if (!found)
		return;
	size_t len = w->path.len;
	buf_printf(&w->path, "/%s", CONFIG_FILE_NAME);
	const struct config *cfg = config_for(w->path.data);
	buf_truncate(&w->path, len);
	char *here = cfg && cfg != w->o->cfg ? realpath(w->path.data, NULL) : NULL;
	if (here && strcmp(here, cfg->dir) == 0) {
		for (size_t i = 0; i < cfg->file.exclude.len; i++)
			add_filter(w, dir_base(w), cfg->file.exclude.items[i], false, false, false);
		if (!w->o->cli_extensions)
			w->extensions = &cfg->file.extensions;
	}
	free(here);
}

/* The directory open as fd (closed here), whose path is w->path. */
static void walk_dir(struct walk *w, int fd)
{
	struct stat st;
	if (fstat(fd, &st) != 0) {
		close(fd);
		return;
	}
	for (size_t i = 0; i < w->nseen; i++) {
		if (w->seen[i].dev == st.st_dev && w->seen[i].ino == st.st_ino) {
			close(fd);   /* a loop, or a second way in: once is enough */
			return;
		}
	}
	w->seen = xgrow(w->seen, &w->seen_cap, w->nseen + 1, sizeof *w->seen);
	w->seen[w->nseen++] = (struct dir_id){ st.st_dev, st.st_ino };

	DIR *d = fdopendir(fd);
	if (!d) {
		cannot_read_dir(w->o, w->path.data);
		close(fd);
		w->ok = false;
		return;
	}
	struct file_list names = { 0 };
	errno = 0;
	for (struct dirent *e; (e = readdir(d));) {
		if (e->d_name[0] == '.' && (!e->d_name[1] || (e->d_name[1] == '.' && !e->d_name[2])))
			continue;
		add(&names, xstrdup(e->d_name));
	}
	if (errno) {
		cannot_read_dir(w->o, w->path.data);
		w->ok = false;
	}
	if (names.len)
		sort_items(names.items, names.len, sizeof *names.items, by_string);
	mode_t *modes = xcalloc(names.len + 1, sizeof *modes);
	for (size_t i = 0; i < names.len; i++) {
		/* A symbolic link stays one (S_IFLNK) unless the walk follows them. */
		int flags = w->o->follow_symlinks ? 0 : AT_SYMLINK_NOFOLLOW;
		modes[i] = fstatat(dirfd(d), names.items[i], &st, flags) == 0 ? st.st_mode : 0;
	}
	size_t nfilters = w->nfilters;
	const struct rule_list *extensions = w->extensions;
	read_gitignore(w, dirfd(d), NULL);
	nested_config(w, &names);
	closedir(d);
	for (size_t i = 0; i < names.len; i++)
		entry(w, names.items[i], modes[i]);
	drop_filters(w, nfilters);
	w->extensions = extensions;
	free(modes);
	files_free(&names);
}

bool files_collect(const char *path, const struct walk_options *o, struct file_list *out)
{
	if (!files_is_directory(path)) {
		add(out, xstrdup(path));
		return true;
	}
	struct walk w = { .o = o, .out = out, .extensions = o->extensions, .ok = true,
			  .strip = strcmp(path, ".") == 0 ? 2 : 0 };
	buf_adds(&w.path, path);
	/* --exclude globs are relative to the walked directory and, as for
	 * named paths (--force-exclude), to the working directory. */
	char *walked = o->exclude && o->exclude->len ? realpath(path, NULL) : NULL;
	char *cwd = walked ? getcwd(NULL, 0) : NULL;
	const char *from_cwd = walked && cwd ? relative_to(walked, cwd) : NULL;
	for (size_t i = 0; o->exclude && i < o->exclude->len; i++) {
		const char *g = o->exclude->items[i];
		add_filter(&w, dir_base(&w), g, false, false, false);
		if (from_cwd && strchr(g, '/')) {
			add_filter(&w, dir_base(&w), g, false, false, false);
			struct buf prefix = BUF_INIT;
			buf_printf(&prefix, "%s/", from_cwd);
			w.filters[w.nfilters - 1].prefix = buf_detach(&prefix);
		}
	}
	free(walked);
	free(cwd);
	/* The configuration's, relative to its directory: below it, paths are
	 * matched with the walked directory's path from there before them, so
	 * globs naming directories or with `**` hold whichever one is walked. */
	char *abs = o->cfg && o->cfg->file.exclude.len ? realpath(path, NULL) : NULL;
	size_t dl = abs ? strlen(o->cfg->dir) : 0;
	if (abs && strcmp(o->cfg->dir, "/") == 0)
		dl = 0;
	if (abs && strncmp(abs, o->cfg->dir, dl) == 0 && (abs[dl] == '/' || !abs[dl])) {
		size_t first = w.nfilters;
		for (size_t i = 0; i < o->cfg->file.exclude.len; i++)
			add_filter(&w, dir_base(&w), o->cfg->file.exclude.items[i], false, false, false);
		for (size_t i = first; abs[dl] && i < w.nfilters; i++) {
			struct buf prefix = BUF_INIT;   /* the walked directory, relative, and a '/' */
			buf_printf(&prefix, "%s/", abs + dl + 1);
			w.filters[i].prefix = buf_detach(&prefix);
		}
	}
	free(abs);
	read_gitignores_above(&w, path);
	int fd = open(path, O_RDONLY | O_DIRECTORY | O_CLOEXEC);
	if (fd < 0) {
		cannot_read_dir(w.o, path);
		w.ok = false;
	} else {
		walk_dir(&w, fd);
	}
	drop_filters(&w, 0);
	free(w.filters);
	free(w.seen);
	buf_free(&w.path);
	buf_free(&w.scratch);
	return w.ok;
}

/* Whether one of globs matches rel (a path relative to the globs'
 * directory) or one of the directories on it, as a walk meets them. */
static bool excluded_below(const struct rule_list *globs, const char *rel, bool is_dir)
{
	bool hit = false;
	for (size_t i = 0; i < globs->len && !hit; i++) {
		bool dir_only = false;
		struct regex re = { exclusion_regex(globs->items[i], &dir_only), NULL, true };
		for (const char *end = rel; !hit && end;) {
			end = strchr(end + (end != rel), '/');
			size_t n = end ? (size_t)(end - rel) : strlen(rel);
			bool dir = end || is_dir;
			hit = n && (dir || !dir_only) && regex_match(&re, rel, n);
		}
		free((char *)re.pattern);
		regex_free(&re);
	}
	return hit;
}

bool files_force_excluded(const char *path, const struct walk_options *o)
{
	bool is_dir = files_is_directory(path);
	char *abs = absolute_path(path), *cwd = getcwd(NULL, 0);
	const char *rel;
	bool hit = false;
	if (abs && cwd && o->exclude && (rel = relative_to(abs, cwd)))
		hit = excluded_below(o->exclude, rel, is_dir);
	if (abs && !hit && o->cfg && (rel = relative_to(abs, o->cfg->dir)))
		hit = excluded_below(&o->cfg->file.exclude, rel, is_dir);
	/* Walks never enter node_modules: neither does a path named below the
	 * working directory (a repository that itself lies under some
	 * node_modules is still checked). */
	static char *node_modules_glob[] = { "node_modules/" };
	static const struct rule_list node_modules = { node_modules_glob, 1, 1 };
	if (abs && cwd && !hit && (rel = relative_to(abs, cwd)))
		hit = excluded_below(&node_modules, rel, is_dir);
	free(abs);
	free(cwd);
	return hit;
}
