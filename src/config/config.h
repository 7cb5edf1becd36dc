/* config: configuration files. Settings come from the command line and
 * from a configuration file (.jgflint.json, found upward from each checked
 * file, or named by --config); the command line wins (settings.h). */
#ifndef JGF_CONFIG_H
#define JGF_CONFIG_H

#include <stdbool.h>
#include <stddef.h>

#include "base/buf.h"
#include "read/load.h"
#include "core/settings.h"

#define CONFIG_FILE_NAME ".jgflint.json"

struct config {
	char *dir;                    /* its directory (absolute), for per-path globs */
	struct settings file;         /* the settings it holds */
	struct document doc;          /* the file as read, with its problems */
	bool valid;                   /* no problems: doc.diags holds none */
	bool reported;                /* its problems were reported already */
	char *baseline;               /* its `baseline`, resolved, or NULL */
	size_t warnings;              /* warnings of the files it applies to, in this run */
};

/* Reads a configuration file. Its problems (syntax, unknown settings, bad
 * values) are located findings in c->doc.diags, reported like any file's;
 * the settings that are valid still apply. */
struct config *config_load(const char *path);
/* The same from a configuration's text, named name in messages; dir is its
 * directory (for per-path-ignores and the baseline), or NULL. Reads
 * nothing from the file system. */
struct config *config_parse(const char *name, const char *data, size_t len, const char *dir);
void config_free(struct config *c);

/* Whether an entry of extensions (--extensions' list, a configuration's
 * `extensions`) is a file ending (.sgf), which a walk matches at the end of
 * a name: a pattern or a path ('*.sgf', 'd/.sgf', as a shell or .gitignore
 * writes one) matches no file. Adds to fit (comma-separated) the ending it
 * is, or the one it most likely means (".sgf" of '*.sgf'), if any. */
bool config_ending_ok(const char *entry, size_t len, struct buf *fit);

/* The configuration that applies to a file: the one given with --config
 * (config_set_fixed), else the nearest .jgflint.json in the file's directory
 * or above, read once per directory; NULL when there is none. */
struct config *config_for(const char *file);
void config_set_fixed(struct config *c);
/* --no-config: no configuration file applies. */
void config_set_none(void);
void config_cache_free(void);
/* The configuration file that applies to the file at path: the nearest
 * .jgflint.json in its directory or above (not cached), or NULL. Free it. */
char *config_find(const char *path);
/* Where notes about configuration files go ("jgflint: note: ...\n"; the
 * CLI prints them); without a sink they are dropped. */
void config_set_note_sink(void (*sink)(const char *note));

/* The settings that apply to the file at path: cli's over cfg's (NULL:
 * none). When cfg has per-path-ignores, rel_path is path relative to cfg's
 * directory, resolved against the file system: free it with
 * config_settings_done. */
struct lint_settings config_settings(const struct settings *cli, const struct config *cfg,
				     const char *path);
void config_settings_done(struct lint_settings *ls);

#endif
