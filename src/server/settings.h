/* settings: the client's settings and the configuration files (settings.c). */
#ifndef JGF_SERVER_SETTINGS_H
#define JGF_SERVER_SETTINGS_H

#include <stdbool.h>
#include <json-c/json.h>

#include "base/stamp.h"
#include "lib/jgflint.h"

/* A configuration shared by a document and its jobs. */
struct cfgref {
	int refs;
	jgf_config *cfg;
	struct file_stamp stamp;   /* its file's, when read */
};
struct cfgref *cfgref_ref(struct cfgref *c);
void cfgref_unref(struct cfgref *c);
/* What the CLI would apply to path (NULL: no file, the defaults), with the
 * client's settings over it; a configuration file's problems are told once
 * until the configurations are reloaded. */
struct cfgref *config_for_path(const char *path);
/* Whether the configuration file of the file at path changed since c was
 * read (written, removed, or another one now applies): for clients that do
 * not watch files (Neovim 0.7), each lint asks. */
bool config_changed(const struct cfgref *c, const char *path);
/* {select, ignore, severity} from initializationOptions or settings (also
 * under a "jgflint" key). */
void read_settings(json_object *o);
/* Whether settings of didChangeConfiguration are the server's. */
bool settings_are_ours(json_object *settings);
/* Forgets the client's settings (the end of a session). */
void client_settings_free(void);
/* Forgets which configuration files' problems were told: told again. */
void configs_forget_told(void);
bool is_config_name(const char *uri);

#endif
