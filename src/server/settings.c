/* settings: the client's settings (select, ignore, severity: from
 * initializationOptions or workspace/didChangeConfiguration) over the
 * configuration file that applies to each document, as the command line's
 * over it in the program. */
#include "server/settings.h"

#include <stdbool.h>
#include <stddef.h>
#include <stdlib.h>
#include <string.h>
#include <sys/stat.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "base/dom.h"
#include "base/stamp.h"
#include "lib/jgflint.h"
#include "server/log.h"
#include "server/session.h"

struct override_sev {
	char *rule;
	enum jgf_severity severity;
};

/* The client's settings. */
static struct {
	char *select, *ignore;
	struct override_sev *sev;
	size_t nsev;
} C;

struct cfgref *cfgref_ref(struct cfgref *c)
{
	__atomic_add_fetch(&c->refs, 1, __ATOMIC_RELAXED);
	return c;
}

void cfgref_unref(struct cfgref *c)
{
	if (c && __atomic_sub_fetch(&c->refs, 1, __ATOMIC_ACQ_REL) == 0) {
		jgf_config_free(c->cfg);
		free(c);
	}
}

/* Configuration files whose problems were told (once each until reloaded). */
static char **told;
static size_t ntold;

static bool told_before(const char *path)
{
	for (size_t i = 0; i < ntold; i++)
		if (!strcmp(told[i], path))
			return true;
	told = xrealloc(told, (ntold + 1) * sizeof *told);
	told[ntold++] = xstrdup(path);
	return false;
}

void configs_forget_told(void)
{
	for (size_t i = 0; i < ntold; i++)
		free(told[i]);
	free(told);
	told = NULL;
	ntold = 0;
}

/* The overrides as the client gave them, applied over cfg. */
static void apply_overrides(jgf_config *cfg)
{
	if (C.select && jgf_config_select(cfg, C.select) != 0)
		slog("select %s: names no rule", C.select);
	if (C.ignore && jgf_config_ignore(cfg, C.ignore) != 0)
		slog("ignore %s: names no rule", C.ignore);
	for (size_t i = 0; i < C.nsev; i++)
		jgf_config_severity(cfg, C.sev[i].rule, C.sev[i].severity);
}

/* What the CLI would apply to path (NULL: no file, the defaults), with the
 * client's overrides over it. */
struct cfgref *config_for_path(const char *path)
{
	jgf_result *problems = NULL;
	jgf_config *cfg = path ? jgf_config_discover(path, &problems) : jgf_config_new();
	if (!cfg)
		die_oom();
	const char *file = jgf_config_path(cfg);
	if (problems && file && !told_before(file)) {
		size_t n = jgf_result_count(problems);
		for (size_t i = 0; i < n; i++)
			tell("window/logMessage", 2, "%s:%lu:%lu: %s [%s]", file,
			     jgf_finding_line(problems, i), jgf_finding_column(problems, i),
			     jgf_finding_message(problems, i), jgf_finding_rule(problems, i));
		if (n)
			tell("window/showMessage", 2, "jgflint: %s has %zu problem%s (the valid settings "
			     "apply): %s", file, n, n == 1 ? "" : "s", jgf_finding_message(problems, 0));
	}
	jgf_result_free(problems);
	apply_overrides(cfg);
	struct cfgref *c = xcalloc(1, sizeof *c);
	c->refs = 1;
	c->cfg = cfg;
	struct stat st;
	if (file && stat(file, &st) == 0)
		c->stamp = (struct file_stamp){ .known = true, .dev = st.st_dev, .ino = st.st_ino,
						.size = st.st_size, .mtime = st.st_mtim };
	return c;
}

bool config_changed(const struct cfgref *c, const char *path)
{
	const char *file = jgf_config_path(c->cfg);
	char *now = path ? jgf_config_find(path) : NULL;
	bool same = (!now && !file) || (now && file && !strcmp(now, file));
	jgf_free(now);
	if (!same)
		return true;   /* one appeared, went, or another is nearer */
	struct stat st;
	return file && (!c->stamp.known || stat(file, &st) != 0 || !stamp_matches(&c->stamp, &st));
}

/* Rule names: comma-separated text, or an array of strings; the unknown
 * ones are told and left out. Returns the valid ones, comma-separated, or
 * NULL when there are none (or the value is not one of those shapes). */
static char *rule_names(json_object *v, const char *what)
{
	if (!v)
		return NULL;
	struct buf joined = BUF_INIT;
	json_object *items = NULL;
	if (json_object_is_type(v, json_type_string)) {
		items = dom_array();
		const char *s = json_object_get_string(v);
		while (*s) {
			size_t n = strcspn(s, ",");
			dom_push(items, dom_string_len(s, n));
			s += n + (s[n] == ',');
		}
	} else if (json_object_is_type(v, json_type_array)) {
		items = json_object_get(v);
	} else {
		tell("window/showMessage", 2, "jgflint: %s must be a list of rule ids or categories",
		     what);
		return NULL;
	}
	jgf_config *probe = jgf_config_new();
	if (!probe)
		die_oom();
	for (size_t i = 0; i < json_object_array_length(items); i++) {
		json_object *it = json_object_array_get_idx(items, i);
		const char *name = it && json_object_is_type(it, json_type_string) ?
				   json_object_get_string(it) : NULL;
		while (name && *name == ' ')
			name++;
		if (!name || !*name || jgf_config_ignore(probe, name) != 0) {
			tell("window/showMessage", 2, "jgflint: %s: %s names no rule or category; left "
			     "out", what, name ? name : "(not a string)");
			continue;
		}
		if (joined.len)
			buf_addc(&joined, ',');
		buf_adds(&joined, name);
	}
	jgf_config_free(probe);
	json_object_put(items);
	return joined.len ? buf_detach(&joined) : NULL;
}

static bool severity_named(const char *s, enum jgf_severity *out)
{
	for (enum jgf_severity v = JGF_INFO; v <= JGF_ERROR; v++) {
		if (!strcmp(s, jgf_severity_name(v))) {
			*out = v;
			return true;
		}
	}
	return false;
}

static void add_sev(const char *rule, enum jgf_severity sev)
{
	C.sev = xrealloc(C.sev, (C.nsev + 1) * sizeof *C.sev);
	C.sev[C.nsev++] = (struct override_sev){ xstrdup(rule), sev };
}

/* {select, ignore, severity} from initializationOptions or settings (also
 * under a "jgflint" key). */
static void clear_settings(void)
{
	free(C.select);
	free(C.ignore);
	for (size_t i = 0; i < C.nsev; i++)
		free(C.sev[i].rule);
	free(C.sev);
	C.select = C.ignore = NULL;
	C.sev = NULL;
	C.nsev = 0;
}

void read_settings(json_object *o)
{
	json_object *inner = member_of_type(o, "jgflint", json_type_object);
	if (inner)
		o = inner;
	if (!o || !json_object_is_type(o, json_type_object))
		return;
	clear_settings();
	C.select = rule_names(member_of_type(o, "select", json_type_null), "select");
	C.ignore = rule_names(member_of_type(o, "ignore", json_type_null), "ignore");
	json_object *sev = member_of_type(o, "severity", json_type_null);
	if (sev && !json_object_is_type(sev, json_type_object)) {
		tell("window/showMessage", 2, "jgflint: severity must be an object of RULE: LEVEL");
		sev = NULL;
	}
	if (sev) {
		json_object_object_foreach(sev, rule, level) {
			enum jgf_severity s;
			if (!level || !json_object_is_type(level, json_type_string) ||
			    !severity_named(json_object_get_string(level), &s)) {
				tell("window/showMessage", 2, "jgflint: severity of %s must be \"error\", "
				     "\"warning\" or \"info\"", rule);
				continue;
			}
			/* A category or "all": each of its rules. */
			bool any = false;
			for (size_t i = 0; i < jgf_rule_count(); i++) {
				if (!strcmp(rule, "all") || !strcmp(rule, jgf_rule_id(i)) ||
				    !strcmp(rule, jgf_rule_category(i))) {
					add_sev(jgf_rule_id(i), s);
					any = true;
				}
			}
			if (!any)
				tell("window/showMessage", 2, "jgflint: severity: %s names no rule or "
				     "category; left out", rule);
		}
	}
}

bool is_config_name(const char *uri)
{
	const char *slash = strrchr(uri, '/');
	const char *b = slash ? slash + 1 : uri;
	return !strcmp(b, ".jgflint.json");
}

bool settings_are_ours(json_object *settings)
{
	return settings && (member_of_type(settings, "jgflint", json_type_object) ||
			    member(settings, "select") || member(settings, "ignore") ||
			    member(settings, "severity"));
}

void client_settings_free(void)
{
	clear_settings();
	configs_forget_told();
}
