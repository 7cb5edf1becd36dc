/* config: configuration files (.jgflint.json): reading one into settings,
 * and finding the one that applies to a file. A configuration file is read
 * by the same loader as records, so its syntax errors, duplicate keys and
 * unknown settings are located findings like any other. */
#include "config/config.h"

#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>
#include <unistd.h>

#include "core/catalog.h"
#include "base/dom.h"
#include "base/jstring.h"
#include "base/paths.h"
#include "base/pointer.h"
#include "base/similar.h"

/* config-error's words of a file that holds no object of settings (the
 * others are said at their settings, by PROBLEM's callers). */
#define SAY_NO_SETTINGS "the configuration file is %s: it must be a JSON object of settings " \
	"(`{}` for none)"
#define SAY_NOT_OBJECT "a configuration file is a JSON object of settings"


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
				rule_name_hint(&rd->hint, json_object_get_string(e), '"'));
		else
			rule_list_add(out, json_object_get_string(e));
	}
	buf_truncate(&rd->ptr, base);
}

bool config_ending_ok(const char *entry, size_t len, struct buf *fit)
{
	const char *end = entry + len, *dot = memchr(entry, '.', len);
	bool ok = true;
	for (const char *q = entry; q < end; q++)
		if (*q == '/' || *q == '*' || *q == '?' || *q == '[')
			ok = false, dot = dot && q > dot ? NULL : dot;
	if (ok)
		buf_printf(fit, "%s%.*s", fit->len ? "," : "", (int)len, entry);
	else if (dot && dot + 1 < end)   /* '*.sgf': .sgf */
		buf_printf(fit, "%s%.*s", fit->len ? "," : "", (int)(end - dot), dot);
	return ok;
}

/* extensions: file endings, as --extensions takes them (config_ending_ok). */
static void read_endings(struct reader *rd, json_object *v, struct rule_list *out)
{
	if (!json_object_is_type(v, json_type_array)) {
		PROBLEM(rd, "", false, "`extensions` must be an array of file endings: [\".sgf\"]");
		return;
	}
	size_t n = json_object_array_length(v), base = rd->ptr.len;
	for (size_t i = 0; i < n; i++) {
		json_object *e = json_object_array_get_idx(v, i);
		const char *s = json_object_get_string(e);
		size_t len = (size_t)json_object_get_string_len(e);
		buf_truncate(&rd->ptr, base);
		pointer_push_index(&rd->ptr, i);
		buf_truncate(&rd->hint, 0);
		if (!json_object_is_type(e, json_type_string))
			PROBLEM(rd, "", false, "each element of `extensions` must be a string");
		else if (!len)
			PROBLEM(rd, "", false, "an empty ending would take every file: give one as "
				"\".sgf\"");
		else if (memchr(s, '\0', len))
			PROBLEM(rd, "", false, "a file ending holds no NUL character (\\u0000)");
		else if (!config_ending_ok(s, len, &rd->hint) && rd->hint.len)
			PROBLEM(rd, "", false, "`extensions` takes file endings, not patterns or "
				"paths (\"%s\"): write \"%s\"", s, rd->hint.data);
		else if (!rd->hint.len)
			PROBLEM(rd, "", false, "`extensions` takes file endings, not patterns or "
				"paths (\"%s\"): write one as \".sgf\"", s);
		else
			rule_list_add(out, s);
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

/* max-warnings: a number; "10" in quotes says how to write it. */
static void read_max_warnings(struct reader *rd, json_object *v)
{
	struct settings *s = &rd->cfg->file;
	long long n;
	if (get_int(v, &n) && n >= 0 && n <= LONG_MAX) {
		s->max_warnings = (long)n;
	} else {
		/* "10", a number in quotes: the number to write instead. */
		const char *str = json_object_is_type(v, json_type_string) ?
				  json_object_get_string(v) : NULL;
		char *end = NULL;
		long long k = str && *str >= '0' && *str <= '9' ? strtoll(str, &end, 10) : -1;
		buf_truncate(&rd->hint, 0);
		describe_value(&rd->hint, v);
		if (end && !*end && k >= 0 && k <= LONG_MAX)
			PROBLEM(rd, "", false, "`max-warnings` must be a non-negative integer, "
				"found %s; write the number without quotes: %lld", rd->hint.data, k);
		else
			PROBLEM(rd, "", false, "`max-warnings` must be a non-negative integer, "
				"found %s", rd->hint.data);
	}
}

/* severity: {"RULE": "error"}, each rule or category known. */
static void read_severities(struct reader *rd, json_object *v)
{
	struct settings *s = &rd->cfg->file;
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
				rule_name_hint(&rd->hint, rule, '"'));
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
}

/* per-path-ignores: {"GLOB": ["RULE", …]}. */
static void read_path_ignores(struct reader *rd, json_object *v)
{
	struct settings *s = &rd->cfg->file;
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
}

static void read_setting(struct reader *rd, const char *key, json_object *v)
{
	struct settings *s = &rd->cfg->file;
	if (strcmp(key, "select") == 0) {
		s->has_select = true;
		read_list(rd, v, key, &s->select, true);
	} else if (strcmp(key, "ignore") == 0) {
		read_list(rd, v, key, &s->ignore, true);
	} else if (strcmp(key, "extensions") == 0) {
		read_endings(rd, v, &s->extensions);
	} else if (strcmp(key, "exclude") == 0) {
		read_list(rd, v, key, &s->exclude, false);
	} else if (strcmp(key, "warnings-as-errors") == 0) {
		if (json_object_is_type(v, json_type_boolean)) {
			s->warnings_as_errors = json_object_get_boolean(v);
		} else {
			buf_truncate(&rd->hint, 0);
			describe_value(&rd->hint, v);
			PROBLEM(rd, "", false, "`warnings-as-errors` must be true or false, found %s",
				rd->hint.data);
		}
	} else if (strcmp(key, "max-warnings") == 0) {
		read_max_warnings(rd, v);
	} else if (strcmp(key, "severity") == 0) {
		read_severities(rd, v);
	} else if (strcmp(key, "per-path-ignores") == 0) {
		read_path_ignores(rd, v);
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

/* Reads the settings of cfg->doc, loaded. */
static void read_settings(struct config *cfg)
{
	size_t blank = cfg->doc.body;
	while (blank < cfg->doc.len && strchr(" \t\r\n", cfg->doc.text[blank]))
		blank++;
	if (!cfg->doc.io_failed && blank == cfg->doc.len) {
		/* The loader speaks of records; a configuration has its own words. */
		diag_list_free(&cfg->doc.diags);
		diag_at(&cfg->doc.diags, &rule_config_error, blank, NULL, SAY_NO_SETTINGS,
			cfg->doc.len ? "only white space" : "empty");
	} else if (cfg->doc.parsed && !json_object_is_type(cfg->doc.root, json_type_object)) {
		diag_ptr(&cfg->doc.diags, &rule_config_error, "", false, SAY_NOT_OBJECT);
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
	document_locate(&cfg->doc);
	cfg->valid = cfg->doc.diags.len == 0;
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
	read_settings(cfg);
	return cfg;
}

struct config *config_parse(const char *name, const char *data, size_t len, const char *dir)
{
	struct config *cfg = xcalloc(1, sizeof *cfg);
	settings_init(&cfg->file);
	document_load_buffer(&cfg->doc, name, data, len);
	cfg->dir = xstrdup(dir ? dir : ".");
	read_settings(cfg);
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

static void (*note_sink)(const char *note);

void config_set_note_sink(void (*sink)(const char *note))
{
	note_sink = sink;
}

/* Whether path is a configuration file to read: a FIFO named like one
 * would block the lookup, so only a regular file is (with a note). */
static bool config_file_at(const char *path)
{
	struct stat st;
	if (stat(path, &st) != 0)
		return false;
	if (S_ISREG(st.st_mode))
		return true;
	if (note_sink) {
		struct buf note = BUF_INIT;
		buf_adds(&note, "jgflint: note: ");
		shown_text(&note, path);
		buf_adds(&note, " is not a regular file; ignored\n");
		note_sink(note.data);
		buf_free(&note);
	}
	return false;
}

char *config_find(const char *file)
{
	char *dir = directory_of(file);
	while (dir) {
		struct buf path = BUF_INIT;
		buf_printf(&path, "%s/%s", strcmp(dir, "/") == 0 ? "" : dir, CONFIG_FILE_NAME);
		if (config_file_at(path.data)) {
			free(dir);
			return buf_detach(&path);
		}
		buf_free(&path);
		char *slash = strrchr(dir, '/');
		if (strcmp(dir, "/") == 0 || !slash) {
			free(dir);
			dir = NULL;
		} else {
			slash[slash == dir ? 1 : 0] = '\0';
		}
	}
	return NULL;
}

static struct config *lookup_dir(const char *dir)
{
	for (size_t i = 0; i < cache.len; i++)
		if (strcmp(cache.items[i].dir, dir) == 0)
			return cache.items[i].cfg;
	struct buf path = BUF_INIT;
	buf_printf(&path, "%s/%s", dir, CONFIG_FILE_NAME);
	struct config *cfg = NULL;
	if (config_file_at(path.data)) {
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

struct lint_settings config_settings(const struct settings *cli, const struct config *cfg,
				     const char *path)
{
	struct lint_settings ls = { .cli = cli, .file = cfg ? &cfg->file : NULL };
	char *abs = cfg && cfg->file.npath_ignores ? absolute_path(path) : NULL;
	const char *rel = abs ? relative_to(abs, cfg->dir) : NULL;
	ls.rel_path = rel ? xstrdup(rel) : NULL;
	free(abs);
	return ls;
}

void config_settings_done(struct lint_settings *ls)
{
	free(ls->rel_path);
	ls->rel_path = NULL;
}
