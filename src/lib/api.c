/* api: libjgflint's public functions (jgflint.h), over the same stages the
 * program runs: load, lint (engine, configuration, locate), fix. Only these
 * functions are exported (the library is built with -fvisibility=hidden). */
#define JGFLINT_BUILDING 1
#include "lib/jgflint.h"

#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "core/catalog.h"
#include "lint/fixloop.h"
#include "lint/lint.h"
#include "core/settings.h"

struct jgf_config {
	struct settings s;
};

struct jgf_result {
	struct document doc;
	size_t fixes;
};

const char *jgf_version(void)
{
	return PACKAGE_VERSION;
}

jgf_config *jgf_config_new(void)
{
	jgf_config *cfg = xcalloc(1, sizeof *cfg);
	settings_init(&cfg->s);
	return cfg;
}

/* Adds the comma-separated items of csv to l if every one names something. */
static int add_rules(struct rule_list *l, const char *csv)
{
	struct rule_list items = { 0 };
	rule_list_add_csv(&items, csv ? csv : "");
	bool ok = true;
	for (size_t i = 0; i < items.len; i++)
		ok &= rule_name_known(items.items[i]);
	for (size_t i = 0; ok && i < items.len; i++)
		rule_list_add(l, items.items[i]);
	for (size_t i = 0; i < items.len; i++)
		free(items.items[i]);
	free(items.items);
	return ok ? 0 : -1;
}

int jgf_config_select(jgf_config *cfg, const char *rules)
{
	if (add_rules(&cfg->s.select, rules) != 0)
		return -1;
	cfg->s.has_select = true;
	return 0;
}

int jgf_config_ignore(jgf_config *cfg, const char *rules)
{
	return add_rules(&cfg->s.ignore, rules);
}

int jgf_config_severity(jgf_config *cfg, const char *rule, enum jgf_severity severity)
{
	if (!rule || !catalog_find(rule) || (unsigned)severity > JGF_ERROR)
		return -1;
	struct settings *s = &cfg->s;
	s->severities = xgrow(s->severities, &s->severities_cap, s->nseverities + 1,
			      sizeof *s->severities);
	s->severities[s->nseverities++] = (struct severity_override){ xstrdup(rule),
								      (enum severity)severity };
	return 0;
}

void jgf_config_free(jgf_config *cfg)
{
	if (!cfg)
		return;
	settings_free(&cfg->s);
	free(cfg);
}

jgf_result *jgf_lint(const jgf_config *cfg, const char *name, const char *data, size_t len,
		     unsigned flags)
{
	static const struct settings defaults = { .warnings_as_errors = -1, .max_warnings = -1 };
	const struct lint_settings ls = { cfg ? &cfg->s : &defaults, NULL, NULL };
	jgf_result *r = xcalloc(1, sizeof *r);
	document_load_buffer(&r->doc, name ? name : "<buffer>", data ? data : "", data ? len : 0);
	lint_document(&r->doc, &ls);
	if ((flags & JGF_FIX) && r->doc.parsed) {
		struct fix_tally tally = { 0 };
		char *original = xstrndup(r->doc.text, r->doc.len);
		size_t original_len = r->doc.len;
		if (fix_document(&r->doc, &ls, flags & JGF_UNSAFE_FIXES, &tally)) {
			r->fixes = tally.total;
		} else {
			/* A fix that breaks the text (a bug) is not applied. */
			document_free(&r->doc);
			document_load_buffer(&r->doc, name ? name : "<buffer>", original, original_len);
			lint_document(&r->doc, &ls);
		}
		free(original);
		fix_tally_free(&tally);
	}
	/* The findings and the text are all a result serves. */
	json_put_deep(r->doc.root, r->doc.depth);
	r->doc.root = NULL;
	locator_free(r->doc.loc);
	r->doc.loc = NULL;
	return r;
}

void jgf_result_free(jgf_result *r)
{
	if (!r)
		return;
	document_free(&r->doc);
	free(r);
}

size_t jgf_result_count(const jgf_result *r)
{
	return r->doc.diags.len;
}

size_t jgf_result_count_severity(const jgf_result *r, enum jgf_severity severity)
{
	return diag_list_count(&r->doc.diags, (enum severity)severity);
}

static const struct diag *finding(const jgf_result *r, size_t i)
{
	return i < r->doc.diags.len ? &r->doc.diags.items[i] : NULL;
}

const char *jgf_finding_rule(const jgf_result *r, size_t i)
{
	const struct diag *d = finding(r, i);
	return d ? d->rule->id : NULL;
}

enum jgf_severity jgf_finding_severity(const jgf_result *r, size_t i)
{
	const struct diag *d = finding(r, i);
	return d ? (enum jgf_severity)d->severity : JGF_INFO;
}

const char *jgf_finding_message(const jgf_result *r, size_t i)
{
	const struct diag *d = finding(r, i);
	return d ? d->message : NULL;
}

const char *jgf_finding_pointer(const jgf_result *r, size_t i)
{
	const struct diag *d = finding(r, i);
	return d ? d->pointer : NULL;
}

unsigned long jgf_finding_line(const jgf_result *r, size_t i)
{
	const struct diag *d = finding(r, i);
	return d ? d->line : 0;
}

unsigned long jgf_finding_column(const jgf_result *r, size_t i)
{
	const struct diag *d = finding(r, i);
	return d ? d->col : 0;
}

const char *jgf_result_text(const jgf_result *r, size_t *len)
{
	if (len)
		*len = r->doc.len;
	return r->doc.text ? r->doc.text : "";
}

size_t jgf_result_fixes(const jgf_result *r)
{
	return r->fixes;
}

static const struct rule *rule_at(size_t i)
{
	const struct rule *const *rules;
	size_t n = catalog_sorted(&rules);
	return i < n ? rules[i] : NULL;
}

size_t jgf_rule_count(void)
{
	const struct rule *const *rules;
	return catalog_sorted(&rules);
}

const char *jgf_rule_id(size_t i)
{
	const struct rule *r = rule_at(i);
	return r ? r->id : NULL;
}

const char *jgf_rule_category(size_t i)
{
	const struct rule *r = rule_at(i);
	return r ? r->category : NULL;
}

enum jgf_severity jgf_rule_severity(size_t i)
{
	const struct rule *r = rule_at(i);
	return r ? (enum jgf_severity)r->severity : JGF_INFO;
}

const char *jgf_rule_summary(size_t i)
{
	const struct rule *r = rule_at(i);
	return r ? r->summary : NULL;
}

const char *jgf_rule_explanation(size_t i)
{
	const struct rule *r = rule_at(i);
	return r ? r->explanation : NULL;
}

unsigned jgf_rule_fixes(size_t i)
{
	const struct rule *r = rule_at(i);
	return r ? r->fix : 0;
}
