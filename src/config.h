/* config: which rules run and how severe they are, for a given file. Settings
 * come from the command line and from a configuration file (.jgflint.json,
 * found upward from each checked file, or named by --config); the command
 * line wins. */
#ifndef JGF_CONFIG_H
#define JGF_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "diag.h"
#include "load.h"
#include "regex.h"

#define CONFIG_FILE_NAME ".jgflint.json"

/* A list of rule ids or categories, as given. */
struct rule_list {
	char **items;
	size_t len, cap;
};

struct severity_override {
	char *rule;
	enum severity severity;
};

struct path_ignore {
	char *glob;            /* relative to the config file's directory */
	struct regex re;       /* the glob, translated */
	struct rule_list rules;
};

struct settings {
	bool has_select;
	struct rule_list select;      /* only these run (when has_select) */
	struct rule_list ignore;      /* these do not run */
	struct severity_override *severities;
	size_t nseverities, severities_cap;
	struct path_ignore *path_ignores;
	size_t npath_ignores, path_ignores_cap;
	struct rule_list extensions;  /* of files found in directories */
	struct rule_list exclude;     /* globs of paths directory walks skip */
	int warnings_as_errors;       /* -1: not set */
	long max_warnings;            /* -1: not set */
	long max_findings;            /* per rule per file; -1: not set (1,000), 0: no cap */
};

struct config {
	char *dir;                    /* its directory (absolute), for per-path globs */
	struct settings file;         /* the settings it holds */
	struct document doc;          /* the file as read, with its problems */
	bool valid;                   /* no problems: doc.diags holds none */
	bool reported;                /* its problems were reported already */
	char *baseline;               /* its `baseline`, resolved, or NULL */
	size_t warnings;              /* warnings of the files it applies to, in this run */
};

void settings_init(struct settings *s);
void settings_free(struct settings *s);
/* Translates a glob (`*`, `?`, `**`) into a regex over a relative path; a
 * glob without `/` matches the name in any directory. Free the result. */
char *glob_to_regex(const char *glob);
void rule_list_add(struct rule_list *l, const char *item);
/* Adds comma-separated items. */
void rule_list_add_csv(struct rule_list *l, const char *csv);
/* Checks that every item names a rule or a category; reports on stderr. */
bool rule_list_valid(const struct rule_list *l, const char *what);
/* Whether item is a rule id, a category or "all". */
bool rule_name_known(const char *item);
bool severity_from_name(const char *name, enum severity *out);
/* The level NAME is likely a slip for (`eror`, `warn`), or NULL. */
const char *severity_suggest(const char *name);
/* Whether item is a rule id, a category or "all". */
bool rule_name_known(const char *item);
/* The rule id, category or "all" closest to name, when it is a likely
 * slip of the keyboard; else NULL. */
const char *rule_name_suggest(const char *name);
/* The candidate closest to name by edit distance, if close enough. */
const char *closest_name(const char *name, const char *const *candidates, size_t n);
/* The absolute path of a file that need not exist: its directory resolved
 * (symbolic links included), then its name; NULL when the directory does
 * not exist. Free it. */
char *absolute_path(const char *path);
/* The part of the absolute path abs below the directory dir, or NULL when
 * abs is not below it. */
const char *relative_to(const char *abs, const char *dir);
/* An absolute path as reports show it: relative to the working directory
 * when below it (as the paths of checked files are), else as it is. Free it. */
char *display_path(const char *abs);

/* Reads a configuration file. Its problems (syntax, unknown settings, bad
 * values) are located findings in c->doc.diags, reported like any file's;
 * the settings that are valid still apply. */
struct config *config_load(const char *path);
void config_free(struct config *c);

/* The configuration that applies to a file: the one given with --config
 * (config_set_fixed), else the nearest .jgflint.json in the file's directory
 * or above, read once per directory; NULL when there is none. */
struct config *config_for(const char *file);
void config_set_fixed(struct config *c);
/* --no-config: no configuration file applies. */
void config_set_none(void);
void config_cache_free(void);

/* Whether any rule of category runs for path (a stage can skip its work). */
bool config_category_enabled(const struct settings *cli, const struct config *cfg,
			     const char *path, const char *category);

/* Whether rule runs for path, and at which severity. */
bool config_rule_setting(const struct settings *cli, const struct config *cfg, const char *path,
			 const struct rule *rule, enum severity *severity);

/* Drops the findings of rules that are not selected for path, and applies
 * severity overrides: the command line's settings over the file's. */
void config_apply(const struct settings *cli, const struct config *cfg, const char *path,
		  struct diag_list *diags);

#endif
