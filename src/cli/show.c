/* show: --show-settings (show.h): what a run would apply to a file, its
 * configuration's and the command line's settings made one, and nothing
 * checked. */
#include "cli/show.h"

#include <json-c/json.h>
#include <stdio.h>
#include <string.h>

#include "base/dom.h"
#include "cli/files.h"
#include "cli/run.h"
#include "core/catalog.h"

static json_object *string_list(const struct rule_list *l)
{
	json_object *a = dom_array();
	for (size_t i = 0; i < l->len; i++)
		dom_push(a, dom_string(l->items[i]));
	return a;
}

int show_settings(struct run_options *o, const char *path)
{
	struct config *fixed;
	if (!run_configure(o, &fixed))
		return EXIT_TROUBLE;
	const char *name = strcmp(path, "-") == 0 && o->stdin_filename ? o->stdin_filename : path;
	struct buf probe = BUF_INIT;   /* a directory: its own configuration */
	buf_printf(&probe, files_is_directory(name) ? "%s/." : "%s", name);
	struct config *cfg = config_for(probe.data);
	buf_free(&probe);
	int status = EXIT_CLEAN;
	if (cfg && !cfg->valid) {
		fprintf(stderr, "jgflint: %s has problems (jgflint %s reports them); its valid "
			"settings are shown\n", cfg->doc.path, name);
		status = EXIT_TROUBLE;
	}
	const struct settings *f = cfg ? &cfg->file : NULL;
	json_object *root = dom_object();
	dom_add(root, "path", dom_string(name));
	dom_add(root, "configuration", cfg ? dom_string(cfg->doc.path) : NULL);
	const char *baseline = o->baseline ? o->baseline : cfg ? cfg->baseline : NULL;
	dom_add(root, "baseline", baseline ? dom_string(baseline) : NULL);
	const struct rule_list *ext = o->cli.extensions.len || !f ? &o->cli.extensions : &f->extensions;
	json_object *exts = string_list(ext);
	if (!ext->len)
		dom_push(exts, dom_string(".jgf"));
	dom_add(root, "extensions", exts);
	int wae = o->cli.warnings_as_errors >= 0 ? o->cli.warnings_as_errors :
		  f && f->warnings_as_errors >= 0 ? f->warnings_as_errors : 0;
	long max = o->cli.max_warnings >= 0 ? o->cli.max_warnings : f ? f->max_warnings : -1;
	dom_add(root, "warnings-as-errors", dom_bool(wae > 0));
	dom_add(root, "max-warnings", max >= 0 ? dom_int(max) : NULL);
	dom_add(root, "max-findings", dom_int((int64_t)settings_findings_cap(&o->cli)));
	/* What directory walks skip: the command line's, then the configuration's. */
	json_object *exclude = string_list(&o->cli.exclude);
	for (size_t i = 0; f && i < f->exclude.len; i++)
		dom_push(exclude, dom_string(f->exclude.items[i]));
	dom_add(root, "exclude", exclude);
	/* Every rule: the severity it is reported at for this file, or "off". */
	struct lint_settings ls = config_settings(&o->cli, cfg, name);
	json_object *rules = dom_object();
	const struct rule *const *sorted;
	size_t n = catalog_sorted(&sorted);
	for (size_t i = 0; i < n; i++) {
		enum severity sev;
		bool on = settings_rule(&ls, sorted[i], &sev);
		dom_add(rules, sorted[i]->id,
				       dom_string(on ? severity_name(sev) : "off"));
	}
	config_settings_done(&ls);
	dom_add(root, "rules", rules);
	puts(dom_json(root, JSON_C_TO_STRING_PRETTY | JSON_C_TO_STRING_SPACED |
					    JSON_C_TO_STRING_NOSLASHESCAPE, NULL));
	json_object_put(root);
	config_cache_free();
	config_free(fixed);
	return status;
}
