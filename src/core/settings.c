/* settings: which rules run for a file and how severe they are, from the
 * two layers that apply to it. */
#include "core/settings.h"

#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "core/catalog.h"
#include "base/similar.h"

const struct settings settings_defaults = { .warnings_as_errors = -1, .max_warnings = -1,
					    .max_findings = -1, .min_severity = -1 };

void settings_init(struct settings *s)
{
	*s = settings_defaults;
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
/* (The first bytes compared before the call: every rule's hooks are asked
 * about each item of a list for every file.) */
static bool covers(const char *item, const struct rule *rule)
{
	return (item[0] == 'a' && strcmp(item, "all") == 0) ||
	       (item[0] == rule->id[0] && strcmp(item, rule->id) == 0) ||
	       (item[0] == rule->category[0] && strcmp(item, rule->category) == 0);
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

const char *rule_name_hint(struct buf *b, const char *name, char q)
{
	const char *s = rule_name_suggest(name);
	buf_truncate(b, 0);
	if (s)
		buf_printf(b, "; did you mean %c%s%c?", q, s, q);
	else
		buf_adds(b, " (jgflint --list-rules lists them)");
	return b->data;
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
	if (strcmp(name, "warn") == 0) {   /* eslint's spelling */
		*out = SEV_WARNING;
		return true;
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

static bool list_covers(const struct rule_list *l, const struct rule *rule)
{
	for (size_t i = 0; i < l->len; i++)
		if (covers(l->items[i], rule))
			return true;
	return false;
}

static bool enabled(const struct lint_settings *ls, const struct rule *rule)
{
	const struct settings *cli = ls->cli, *f = ls->file;
	if (cli->has_select ? !list_covers(&cli->select, rule) :
	    f && f->has_select && !list_covers(&f->select, rule))
		return false;
	if (list_covers(&cli->ignore, rule) || (f && list_covers(&f->ignore, rule)))
		return false;
	const char *rel = ls->rel_path;
	for (size_t i = 0; f && rel && i < f->npath_ignores; i++) {
		struct path_ignore *pi = &f->path_ignores[i];
		if (list_covers(&pi->rules, rule) && regex_match(&pi->re, rel, strlen(rel)))
			return false;
	}
	return true;
}

/* How closely ITEM names RULE: its id 3, its category 2, all 1, not 0. */
static int specificity(const char *item, const struct rule *rule)
{
	return strcmp(item, rule->id) == 0 ? 3 : strcmp(item, rule->category) == 0 ? 2 :
	       strcmp(item, "all") == 0 ? 1 : 0;
}

/* The severity S gives RULE: a rule id beats its category, which beats
 * all, whatever their order (a configuration's "severity" is a JSON
 * object, and its keys have none); among equals, the last given. */
static bool override(const struct settings *s, const struct rule *rule, enum severity *out)
{
	int best = 0;
	for (size_t i = 0; i < s->nseverities; i++) {
		int k = specificity(s->severities[i].rule, rule);
		if (k && k >= best) {
			best = k;
			*out = s->severities[i].severity;
		}
	}
	return best > 0;
}

bool settings_category_enabled(const struct lint_settings *ls, const char *category)
{
	if (!ls)
		return true;
	bool any = false;
	for (const struct rule *const *r = rule_registry; *r && !any; r++)
		any = strcmp((*r)->category, category) == 0 && enabled(ls, *r);
	return any;
}

bool settings_every_rule(const struct lint_settings *ls)
{
	if (!ls)
		return true;
	const struct settings *cli = ls->cli, *f = ls->file;
	return !cli->has_select && !cli->ignore.len &&
	       (!f || (!f->has_select && !f->ignore.len && (!f->npath_ignores || !ls->rel_path)));
}

bool settings_rule(const struct lint_settings *ls, const struct rule *rule, enum severity *severity)
{
	*severity = rule->severity;
	if (!ls)
		return true;
	if (!override(ls->cli, rule, severity) && ls->file)
		override(ls->file, rule, severity);
	return enabled(ls, rule);
}

void settings_apply(const struct lint_settings *ls, struct diag_list *diags)
{
	if (!ls)
		return;
	size_t kept = 0;
	for (size_t i = 0; i < diags->len; i++) {
		struct diag *d = &diags->items[i];
		if (!enabled(ls, d->rule)) {
			diag_free(d);
			diags->partial = true;
			continue;
		}
		if (!override(ls->cli, d->rule, &d->severity) && ls->file)
			override(ls->file, d->rule, &d->severity);
		if (ls->cli->min_severity >= 0 && (int)d->severity < ls->cli->min_severity) {
			diag_free(d);
			diags->partial = true;
			continue;
		}
		diags->items[kept++] = *d;
	}
	diags->len = kept;
}

int outcome_status(const struct outcome *o)
{
	/* --exit-zero covers --diff's "would change" too (as ruff's does). */
	return o->trouble || o->nothing ? EXIT_TROUBLE :
	       o->exit_zero ? EXIT_CLEAN :
	       o->diff ? (o->changed ? EXIT_FINDINGS : EXIT_CLEAN) :
	       o->recording ? EXIT_CLEAN :
	       o->errors || o->warnings_fail ? EXIT_FINDINGS : EXIT_CLEAN;
}

bool settings_warnings_fail(const struct settings *cli, const struct settings *file,
			    const char *file_name, size_t here, size_t total, struct buf *why)
{
	bool cli_as = cli->warnings_as_errors >= 0, cli_max = cli->max_warnings >= 0;
	bool as_errors = cli_as ? cli->warnings_as_errors > 0 : file && file->warnings_as_errors > 0;
	long max = cli_max ? cli->max_warnings : file ? file->max_warnings : -1;
	if (as_errors && (cli_as ? total : here) > 0) {
		size_t n = cli_as ? total : here;
		if (why) {
			buf_printf(why, "jgflint: %zu warning%s, and ", n, n == 1 ? "" : "s");
			if (cli_as)
				buf_adds(why, "--warnings-as-errors");
			else
				buf_printf(why, "\"warnings-as-errors\" in %s", file_name);
			buf_printf(why, " makes %s fail the run\n", n == 1 ? "it" : "them");
		}
		return true;
	}
	if (!as_errors && max >= 0 && (cli_max ? total : here) > (size_t)max) {
		size_t n = cli_max ? total : here;
		if (why) {
			buf_printf(why, "jgflint: %zu warning%s, more than ", n, n == 1 ? "" : "s");
			if (cli_max)
				buf_printf(why, "--max-warnings %ld\n", max);
			else
				buf_printf(why, "\"max-warnings\": %ld in %s\n", max, file_name);
		}
		return true;
	}
	return false;
}

size_t settings_findings_cap(const struct settings *s)
{
	return s->max_findings < 0 ? 1000 : (size_t)s->max_findings;
}
