/* config: settings from the command line and .jgflint.json, and applying
 * them to a file's findings. The configuration file is read by the same
 * loader as records, so its syntax errors, duplicate keys and unknown
 * settings are located findings like any other. */
#include "config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "catalog.h"
#include "fix.h"
#include "jstring.h"
#include "lint.h"
#include "pointer.h"
#include "record.h"
#include "similar.h"

extern const struct rule rule_config_error;

void settings_init(struct settings *s)
{
	*s = (struct settings){ .warnings_as_errors = -1, .max_warnings = -1,
				.max_findings = -1 };
}

static void rule_list_free(struct rule_list *l)
{
	for (size_t i = 0; i < l->len; i++)
		free(l->items[i]);
	free(l->items);
	*l = (struct rule_list){ 0 };
}

void settings_free(struct settings *s)
{
	rule_list_free(&s->select);
	rule_list_free(&s->ignore);
	rule_list_free(&s->extensions);
	rule_list_free(&s->exclude);
	for (size_t i = 0; i < s->nseverities; i++)
		free(s->severities[i].rule);
	free(s->severities);
	for (size_t i = 0; i < s->npath_ignores; i++) {
		free(s->path_ignores[i].glob);
		free((char *)s->path_ignores[i].re.pattern);
		regex_free(&s->path_ignores[i].re);
		rule_list_free(&s->path_ignores[i].rules);
	}
	free(s->path_ignores);
	settings_init(s);
}

void rule_list_add(struct rule_list *l, const char *item)
{
	l->items = xgrow(l->items, &l->cap, l->len + 1, sizeof *l->items);
	l->items[l->len++] = xstrdup(item);
}

void rule_list_add_csv(struct rule_list *l, const char *csv)
{
	while (*csv) {
		size_t n = strcspn(csv, ",");
		char *item = xstrndup(csv, n);
		if (*item)
			rule_list_add(l, item);
		free(item);
		csv += n + (csv[n] == ',');
	}
}

/* Whether item (a rule id, a category, or "all") covers rule. */
static bool covers(const char *item, const struct rule *rule)
{
	return strcmp(item, "all") == 0 || strcmp(item, rule->id) == 0 ||
	       strcmp(item, rule->category) == 0;
}

bool rule_name_known(const char *item)
{
	if (strcmp(item, "all") == 0 || catalog_find(item))
		return true;
	for (const struct rule *const *r = rule_registry; *r; r++)
		if (strcmp((*r)->category, item) == 0)
			return true;
	return false;
}

const char *closest_name(const char *name, const char *const *candidates, size_t n)
{
	const char *best = NULL;
	size_t best_d = SIZE_MAX, len = strlen(name);
	for (size_t i = 0; i < n; i++)   /* `JSON`, `Error`: the case is the slip */
		if (strcasecmp(name, candidates[i]) == 0)
			return candidates[i];
	for (size_t i = 0; i < n; i++) {
		size_t d = edit_distance(name, candidates[i]);
		if (d < best_d)
			best_d = d, best = candidates[i];
	}
	/* Close enough to be a slip, not another word. */
	return best && best_d <= (len < 6 ? 1 : len < 12 ? 2 : 3) ? best : NULL;
}

const char *rule_name_suggest(const char *name)
{
	size_t n = 0;
	for (const struct rule *const *r = rule_registry; *r; r++)
		n++;
	const char **names = xcalloc(2 * n + 1, sizeof *names);
	n = 0;
	names[n++] = "all";
	for (const struct rule *const *r = rule_registry; *r; r++)
		names[n++] = (*r)->id, names[n++] = (*r)->category;
	const char *best = closest_name(name, names, n);
	free(names);
	return best;
}

/* " (did you mean 'x'?)" or a pointer to the rule list, in quote style q. */
static const char *suggestion(struct buf *b, const char *name, char q)
{
	const char *s = rule_name_suggest(name);
	buf_truncate(b, 0);
	if (s)
		buf_printf(b, "; did you mean %c%s%c?", q, s, q);
	else
		buf_adds(b, " (jgflint --list-rules lists them)");
	return b->data;
}

bool rule_list_valid(const struct rule_list *l, const char *what)
{
	bool ok = true;
	struct buf hint = BUF_INIT;
	for (size_t i = 0; i < l->len; i++) {
		if (!rule_name_known(l->items[i])) {
			fprintf(stderr, "jgflint: %s: no rule or category named '%s'%s\n", what,
				l->items[i], suggestion(&hint, l->items[i], '\''));
			ok = false;
		}
	}
	buf_free(&hint);
	return ok;
}

bool severity_from_name(const char *name, enum severity *out)
{
	static const char *const names[] = { "info", "warning", "error" };
	for (int i = 0; i < 3; i++) {
		if (strcmp(name, names[i]) == 0) {
			*out = (enum severity)i;
			return true;
		}
	}
	return false;
}

const char *severity_suggest(const char *name)
{
	static const char *const names[] = { "error", "warning", "info" };
	const char *near = closest_name(name, names, 3);
	for (int i = 0; !near && *name && i < 3; i++)   /* `warn`, `err` */
		if (strncmp(names[i], name, strlen(name)) == 0)
			near = names[i];
	return near;
}

/* One byte of a glob, literally (the regex matches bytes). */
static void literal(struct buf *re, unsigned char c)
{
	if ((c >= 'a' && c <= 'z') || (c >= 'A' && c <= 'Z') || (c >= '0' && c <= '9'))
		buf_addc(re, (char)c);
	else
		buf_printf(re, "\\x{%x}", c);
}

/* The bracket expression at g ("[a-z]", "[!0-9]", "[]x]", with backslash
 * escapes, as fnmatch(3) and gitignore(5) read them) as a regex class that
 * never matches `/`; returns where the glob goes on, or NULL when the `[`
 * is not closed (it is then a literal `[`). A reversed range (z-a) matches
 * nothing, as in fnmatch, rather than making a regex that does not compile. */
static const char *bracket(struct buf *re, const char *g)
{
	const char *p = g + 1;
	bool negated = *p == '!' || *p == '^';
	p += negated;
	const char *first = p;
	while (*p && (*p != ']' || p == first))
		p += p[0] == '\\' && p[1] ? 2 : 1;
	if (!*p)
		return NULL;
	struct buf set = BUF_INIT;
	for (const char *c = first; c < p;) {
		c += *c == '\\' && c + 1 < p;
		unsigned char lo = (unsigned char)*c++, hi = lo;
		if (*c == '-' && c + 1 < p) {   /* a range; a `-` last is literal */
			c++;
			c += *c == '\\' && c + 1 < p;
			hi = (unsigned char)*c++;
		}
		if (lo <= hi)
			buf_printf(&set, "\\x{%x}-\\x{%x}", lo, hi);
	}
	if (negated)
		buf_printf(re, "[^/%s]", set.len ? set.data : "");
	else
		buf_printf(re, set.len ? "(?!/)[%s]" : "(?!)", set.len ? set.data : "");
	buf_free(&set);
	return p;
}

/* Translates a glob (`*`, `?`, `**`, `[...]`, `\` quoting the next
 * character) into a regex over a relative path; a glob without `/` matches
 * the file name in any directory. */
char *glob_to_regex(const char *glob)
{
	struct buf re = BUF_INIT;
	if (!strchr(glob, '/'))
		buf_adds(&re, "(?:.*/)?");
	for (const char *g = glob; *g; g++) {
		const char *end;
		if (g[0] == '*' && g[1] == '*' && g[2] == '/')
			buf_adds(&re, "(?:.*/)?"), g += 2;
		else if (g[0] == '*' && g[1] == '*')
			buf_adds(&re, ".*"), g++;
		else if (*g == '*')
			buf_adds(&re, "[^/]*");
		else if (*g == '?')
			buf_adds(&re, "[^/]");
		else if (*g == '[' && (end = bracket(&re, g)))
			g = end;
		else if (*g == '\\' && g[1])
			literal(&re, (unsigned char)*++g);
		else
			literal(&re, (unsigned char)*g);
	}
	return buf_detach(&re);
}

/* Reading the file: every problem is a finding at its place. */
struct reader {
	struct config *cfg;
	struct buf ptr;
	struct buf hint;
};

#define PROBLEM(rd, rel, at_key, ...) do { \
	size_t len_ = (rd)->ptr.len; \
	buf_adds(&(rd)->ptr, (rel)); \
	diag_ptr(&(rd)->cfg->doc.diags, &rule_config_error, (rd)->ptr.data, (at_key), __VA_ARGS__); \
	buf_truncate(&(rd)->ptr, len_); \
} while (0)

static void read_list(struct reader *rd, json_object *v, const char *key, struct rule_list *out,
		      bool rules)
{
	if (!json_object_is_type(v, json_type_array)) {
		PROBLEM(rd, "", false, "`%s` must be an array of %s", key,
			rules ? "rule ids or categories" : "strings");
		return;
	}
	size_t n = json_object_array_length(v), base = rd->ptr.len;
	for (size_t i = 0; i < n; i++) {
		json_object *e = json_object_array_get_idx(v, i);
		buf_truncate(&rd->ptr, base);
		pointer_push_index(&rd->ptr, i);
		if (!json_object_is_type(e, json_type_string))
			PROBLEM(rd, "", false, "each element of `%s` must be a string", key);
		else if (rules && !rule_name_known(json_object_get_string(e)))
			PROBLEM(rd, "", false, "no rule or category named \"%s\"%s",
				json_object_get_string(e),
				suggestion(&rd->hint, json_object_get_string(e), '"'));
		else
			rule_list_add(out, json_object_get_string(e));
	}
	buf_truncate(&rd->ptr, base);
}

/* path as written in a configuration file: relative to its directory. */
static char *resolve(const char *dir, const char *path)
{
	struct buf b = BUF_INIT;
	if (path[0] == '/')
		buf_adds(&b, path);
	else
		buf_printf(&b, "%s/%s", dir, path);
	return buf_detach(&b);
}

static void read_setting(struct reader *rd, const char *key, json_object *v)
{
	struct settings *s = &rd->cfg->file;
	long long n;
	if (strcmp(key, "select") == 0) {
		s->has_select = true;
		read_list(rd, v, key, &s->select, true);
	} else if (strcmp(key, "ignore") == 0) {
		read_list(rd, v, key, &s->ignore, true);
	} else if (strcmp(key, "extensions") == 0) {
		read_list(rd, v, key, &s->extensions, false);
	} else if (strcmp(key, "exclude") == 0) {
		read_list(rd, v, key, &s->exclude, false);
	} else if (strcmp(key, "warnings-as-errors") == 0) {
		if (json_object_is_type(v, json_type_boolean))
			s->warnings_as_errors = json_object_get_boolean(v);
		else
			PROBLEM(rd, "", false, "`warnings-as-errors` must be true or false");
	} else if (strcmp(key, "max-warnings") == 0) {
		if (get_int(v, &n) && n >= 0 && n <= LONG_MAX)
			s->max_warnings = (long)n;
		else
			PROBLEM(rd, "", false, "`max-warnings` must be a non-negative integer");
	} else if (strcmp(key, "severity") == 0) {
		if (!json_object_is_type(v, json_type_object)) {
			PROBLEM(rd, "", false, "`severity` must be an object: {\"RULE\": \"error\"}");
			return;
		}
		size_t base = rd->ptr.len;
		json_object_object_foreach(v, rule, sev) {
			enum severity level;
			buf_truncate(&rd->ptr, base);
			pointer_push_key(&rd->ptr, rule, strlen(rule));
			if (!rule_name_known(rule))
				PROBLEM(rd, "", true, "no rule or category named \"%s\"%s", rule,
					suggestion(&rd->hint, rule, '"'));
			else if (!json_object_is_type(sev, json_type_string) ||
				 !severity_from_name(json_object_get_string(sev), &level)) {
				const char *near = json_object_is_type(sev, json_type_string) ?
					severity_suggest(json_object_get_string(sev)) : NULL;
				if (near)
					PROBLEM(rd, "", false, "a severity is \"error\", \"warning\" or "
						"\"info\"; did you mean \"%s\"?", near);
				else
					PROBLEM(rd, "", false, "a severity is \"error\", \"warning\" or "
						"\"info\"");
			}
			else {
				s->severities = xgrow(s->severities, &s->severities_cap, s->nseverities + 1,
						      sizeof *s->severities);
				s->severities[s->nseverities++] = (struct severity_override){ xstrdup(rule), level };
			}
		}
		buf_truncate(&rd->ptr, base);
	} else if (strcmp(key, "per-path-ignores") == 0) {
		if (!json_object_is_type(v, json_type_object)) {
			PROBLEM(rd, "", false, "`per-path-ignores` must be an object: {\"GLOB\": [\"RULE\", …]}");
			return;
		}
		size_t base = rd->ptr.len;
		json_object_object_foreach(v, glob, rules) {
			buf_truncate(&rd->ptr, base);
			pointer_push_key(&rd->ptr, glob, strlen(glob));
			s->path_ignores = xgrow(s->path_ignores, &s->path_ignores_cap, s->npath_ignores + 1,
						sizeof *s->path_ignores);
			struct path_ignore *pi = &s->path_ignores[s->npath_ignores++];
			*pi = (struct path_ignore){ .glob = xstrdup(glob) };
			pi->re = (struct regex){ glob_to_regex(glob), NULL, true };
			read_list(rd, rules, glob, &pi->rules, true);
		}
		buf_truncate(&rd->ptr, base);
	} else if (strcmp(key, "baseline") == 0) {
		if (json_object_is_type(v, json_type_string) && json_object_get_string_len(v) > 0)
			rd->cfg->baseline = resolve(rd->cfg->dir, json_object_get_string(v));
		else
			PROBLEM(rd, "", false, "`baseline` must be the path of a baseline file, "
				"relative to this file's directory");
	} else {
		static const char *const known[] = { "select", "ignore", "severity", "per-path-ignores",
			"extensions", "exclude", "warnings-as-errors", "max-warnings", "baseline" };
		const char *near = closest_name(key, known, sizeof known / sizeof *known);
		if (near)
			PROBLEM(rd, "", true, "unknown setting `%s`; did you mean `%s`?", key, near);
		else
			PROBLEM(rd, "", true, "unknown setting `%s`; the settings are select, ignore, "
				"severity, per-path-ignores, extensions, exclude, warnings-as-errors, max-warnings "
				"and baseline", key);
	}
}

struct config *config_load(const char *path)
{
	struct config *cfg = xcalloc(1, sizeof *cfg);
	settings_init(&cfg->file);
	document_load_file(&cfg->doc, path);
	char *abs = realpath(path, NULL);
	if (abs) {
		*strrchr(abs, '/') = '\0';
		cfg->dir = abs;
	} else {
		cfg->dir = xstrdup(".");
	}
	size_t blank = cfg->doc.body;
	while (blank < cfg->doc.len && strchr(" \t\r\n", cfg->doc.text[blank]))
		blank++;
	if (!cfg->doc.io_failed && blank == cfg->doc.len) {
		/* The loader speaks of records; a configuration has its own words. */
		diag_list_free(&cfg->doc.diags);
		diag_at(&cfg->doc.diags, &rule_config_error, blank, NULL,
			"the configuration file is %s: it must be a JSON object of settings (`{}` "
			"for none)", cfg->doc.len ? "only white space" : "empty");
	} else if (cfg->doc.parsed && !json_object_is_type(cfg->doc.root, json_type_object)) {
		diag_ptr(&cfg->doc.diags, &rule_config_error, "", false,
			 "a configuration file is a JSON object of settings");
	} else if (cfg->doc.parsed) {
		struct reader rd = { cfg, BUF_INIT, BUF_INIT };
		json_object_object_foreach(cfg->doc.root, key, val) {
			buf_truncate(&rd.ptr, 0);
			pointer_push_key(&rd.ptr, key, strlen(key));
			read_setting(&rd, key, val);
		}
		buf_free(&rd.ptr);
		buf_free(&rd.hint);
	}
	lint_locate(&cfg->doc);
	cfg->valid = cfg->doc.diags.len == 0;
	return cfg;
}

void config_free(struct config *c)
{
	if (!c)
		return;
	settings_free(&c->file);
	document_free(&c->doc);
	free(c->dir);
	free(c->baseline);
	free(c);
}

/* Directory → configuration found for it (NULL when none), read once. */
struct cache_entry {
	char *dir;
	struct config *cfg;   /* shared between directories; owned by `owned` */
};

static struct {
	struct cache_entry *items;
	size_t len, cap;
	struct config **owned;
	size_t nowned, owned_cap;
	struct config *fixed;
	bool none;            /* --no-config */
	/* The directory part of the last file, as written, and its answer:
	 * files come directory by directory, so most need no realpath. */
	char *last_dir;
	struct config *last_cfg;
} cache;

void config_set_fixed(struct config *c)
{
	cache.fixed = c;
}

void config_set_none(void)
{
	cache.none = true;
}

static struct config *lookup_dir(const char *dir)
{
	for (size_t i = 0; i < cache.len; i++)
		if (strcmp(cache.items[i].dir, dir) == 0)
			return cache.items[i].cfg;
	struct buf path = BUF_INIT;
	buf_printf(&path, "%s/%s", dir, CONFIG_FILE_NAME);
	struct config *cfg = NULL;
	struct stat st;
	bool exists = stat(path.data, &st) == 0;
	if (exists && !S_ISREG(st.st_mode)) {
		/* Reading a FIFO would block the lookup: only a regular file is read. */
		struct buf shown = BUF_INIT;
		fprintf(stderr, "jgflint: note: %s is not a regular file; ignored\n",
			shown_text(&shown, path.data));
		buf_free(&shown);
		exists = false;
	}
	if (exists) {
		char *shown = display_path(path.data);
		cfg = config_load(shown);
		free(shown);
		cache.owned = xgrow(cache.owned, &cache.owned_cap, cache.nowned + 1, sizeof *cache.owned);
		cache.owned[cache.nowned++] = cfg;
	} else if (strcmp(dir, "/") != 0) {
		char *parent = xstrdup(dir);
		char *slash = strrchr(parent, '/');
		slash[slash == parent ? 1 : 0] = '\0';
		cfg = lookup_dir(parent);
		free(parent);
	}
	buf_free(&path);
	cache.items = xgrow(cache.items, &cache.cap, cache.len + 1, sizeof *cache.items);
	cache.items[cache.len++] = (struct cache_entry){ xstrdup(dir), cfg };
	return cfg;
}

/* The absolute, normalised directory a file (existing or not) is in. */
static char *directory_of(const char *file)
{
	char *copy = xstrdup(file);
	char *slash = strrchr(copy, '/');
	const char *dir = slash ? (slash == copy ? "/" : (*slash = '\0', copy)) : ".";
	char *abs = realpath(dir, NULL);
	free(copy);
	return abs;
}

struct config *config_for(const char *file)
{
	if (cache.fixed || cache.none)
		return cache.fixed;
	const char *slash = strrchr(file, '/');
	size_t n = slash ? (size_t)(slash - file) : 0;
	if (cache.last_dir && strlen(cache.last_dir) == n && strncmp(cache.last_dir, file, n) == 0)
		return cache.last_cfg;
	char *dir = directory_of(file);
	if (!dir)
		return NULL;
	struct config *cfg = lookup_dir(dir);
	free(dir);
	free(cache.last_dir);
	cache.last_dir = xstrndup(file, n);
	cache.last_cfg = cfg;
	return cfg;
}

void config_cache_free(void)
{
	for (size_t i = 0; i < cache.len; i++)
		free(cache.items[i].dir);
	for (size_t i = 0; i < cache.nowned; i++)
		config_free(cache.owned[i]);
	free(cache.items);
	free(cache.owned);
	free(cache.last_dir);
	memset(&cache, 0, sizeof cache);
}

static bool list_covers(const struct rule_list *l, const struct rule *rule)
{
	for (size_t i = 0; i < l->len; i++)
		if (covers(l->items[i], rule))
			return true;
	return false;
}

/* path relative to dir, when it lies below it. */
const char *relative_to(const char *abs, const char *dir)
{
	size_t n = strlen(dir);
	if (strncmp(abs, dir, n) == 0 && abs[n] == '/')
		return abs + n + 1;
	if (strcmp(dir, "/") == 0 && abs[0] == '/')
		return abs + 1;
	return NULL;
}

static bool enabled(const struct settings *cli, const struct config *cfg, const char *rel,
		    const struct rule *rule)
{
	const struct settings *f = cfg ? &cfg->file : NULL;
	if (cli->has_select ? !list_covers(&cli->select, rule) :
	    f && f->has_select && !list_covers(&f->select, rule))
		return false;
	if (list_covers(&cli->ignore, rule) || (f && list_covers(&f->ignore, rule)))
		return false;
	for (size_t i = 0; f && rel && i < f->npath_ignores; i++) {
		struct path_ignore *pi = &f->path_ignores[i];
		if (list_covers(&pi->rules, rule) && regex_match(&pi->re, rel, strlen(rel)))
			return false;
	}
	return true;
}

static bool override(const struct settings *s, const struct rule *rule, enum severity *out)
{
	for (size_t i = s->nseverities; i-- > 0;) {
		if (covers(s->severities[i].rule, rule)) {
			*out = s->severities[i].severity;
			return true;
		}
	}
	return false;
}

/* The absolute path of a file that need not exist (standard input named by
 * --stdin-filename): its directory resolved, then its name. */
char *absolute_path(const char *path)
{
	char *dir = directory_of(path);
	if (!dir)
		return NULL;
	const char *slash = strrchr(path, '/');
	struct buf b = BUF_INIT;
	buf_printf(&b, "%s/%s", strcmp(dir, "/") == 0 ? "" : dir, slash ? slash + 1 : path);
	free(dir);
	return buf_detach(&b);
}

char *display_path(const char *abs)
{
	char *cwd = getcwd(NULL, 0);
	size_t n = cwd ? strlen(cwd) : 0;
	const char *rel = cwd && n > 1 && strncmp(abs, cwd, n) == 0 && abs[n] == '/' ?
			  abs + n + 1 : NULL;
	char *out = xstrdup(rel && *rel ? rel : abs);
	free(cwd);
	return out;
}

bool config_category_enabled(const struct settings *cli, const struct config *cfg,
			     const char *path, const char *category)
{
	char *abs = cfg && cfg->file.npath_ignores ? absolute_path(path) : NULL;
	const char *rel = abs ? relative_to(abs, cfg->dir) : NULL;
	bool any = false;
	for (const struct rule *const *r = rule_registry; *r && !any; r++)
		any = strcmp((*r)->category, category) == 0 && enabled(cli, cfg, rel, *r);
	free(abs);
	return any;
}

void config_apply(const struct settings *cli, const struct config *cfg, const char *path,
		  struct diag_list *diags)
{
	char *abs = cfg && cfg->file.npath_ignores ? absolute_path(path) : NULL;
	const char *rel = abs ? relative_to(abs, cfg->dir) : NULL;
	size_t kept = 0;
	for (size_t i = 0; i < diags->len; i++) {
		struct diag *d = &diags->items[i];
		if (!enabled(cli, cfg, rel, d->rule)) {
			free(d->message);
			free(d->pointer);
			fix_free(d->fix);
			continue;
		}
		if (!override(cli, d->rule, &d->severity) && cfg)
			override(&cfg->file, d->rule, &d->severity);
		diags->items[kept++] = *d;
	}
	diags->len = kept;
	free(abs);
}

bool config_rule_setting(const struct settings *cli, const struct config *cfg, const char *path,
			 const struct rule *rule, enum severity *severity)
{
	char *abs = cfg && cfg->file.npath_ignores ? absolute_path(path) : NULL;
	const char *rel = abs ? relative_to(abs, cfg->dir) : NULL;
	bool on = enabled(cli, cfg, rel, rule);
	*severity = rule->severity;
	if (!override(cli, rule, severity) && cfg)
		override(&cfg->file, rule, severity);
	free(abs);
	return on;
}
