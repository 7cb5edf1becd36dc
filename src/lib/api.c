/* api: libjgflint's public functions (jgflint.h; the positions and boards
 * are lib/position.c's, the conversions lib/conversions.c's), through the
 * same door the program checks by (door/door.h), the same reporters and
 * the same configuration files. Only these functions are exported (the library is
 * built with -fvisibility=hidden).
 *
 * Each entry point that allocates sets a trap (base/fail.h, TRAPPED in
 * lib/result.h): when memory runs out deep inside, the failure unwinds to
 * it and the call returns NULL (or -1) instead of ending the caller's
 * process. */
#define JGFLINT_BUILDING 1
#include "lib/jgflint.h"

#include <stdatomic.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/fail.h"
#include "base/jstring.h"
#include "base/paths.h"
#include "config/config.h"
#include "door/door.h"
#include "core/catalog.h"
#include "core/fixop.h"
#include "core/record.h"
#include "core/settings.h"
#include "lint/edit.h"
#include "lint/fixwords.h"
#include "lib/result.h"
#include "lint/pipeline.h"
#include "output/diff.h"
#include "output/format.h"
#include "output/report.h"
#include "read/load.h"

const char *jgf_version(void)
{
	return PACKAGE_VERSION;
}

void jgf_free(void *p)
{
	free(p);
}

void jgf_set_memory_budget(size_t bytes)
{
	load_set_memory_budget(bytes);
}

/* ---- Configurations ---- */

struct jgf_config {
	struct settings cli;    /* the caller's layer, over the file's */
	struct config *file;    /* a configuration file's, or NULL */
};

static jgf_config *config_new(void)
{
	jgf_config *cfg = xcalloc(1, sizeof *cfg);
	settings_init(&cfg->cli);
	return cfg;
}

jgf_config *jgf_config_new(void)
{
	TRAPPED(jgf_config *, NULL, config_new());
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

static int select_rules(jgf_config *cfg, const char *rules)
{
	if (add_rules(&cfg->cli.select, rules) != 0)
		return -1;
	cfg->cli.has_select = true;
	return 0;
}

int jgf_config_select(jgf_config *cfg, const char *rules)
{
	TRAPPED(int, -1, select_rules(cfg, rules));
}

int jgf_config_ignore(jgf_config *cfg, const char *rules)
{
	TRAPPED(int, -1, add_rules(&cfg->cli.ignore, rules));
}

static int set_severity(jgf_config *cfg, const char *rule, enum jgf_severity severity)
{
	if (!rule || !rule_name_known(rule) || (unsigned)severity > JGF_ERROR)
		return -1;
	struct settings *s = &cfg->cli;
	s->severities = xgrow(s->severities, &s->severities_cap, s->nseverities + 1,
			      sizeof *s->severities);
	s->severities[s->nseverities++] = (struct severity_override){ xstrdup(rule),
								      (enum severity)severity };
	return 0;
}

int jgf_config_severity(jgf_config *cfg, const char *rule, enum jgf_severity severity)
{
	TRAPPED(int, -1, set_severity(cfg, rule, severity));
}

int jgf_config_max_findings(jgf_config *cfg, long n)
{
	if (n < 0)
		return -1;
	cfg->cli.max_findings = n;
	return 0;
}

void jgf_config_free(jgf_config *cfg)
{
	if (!cfg)
		return;
	settings_free(&cfg->cli);
	config_free(cfg->file);
	free(cfg);
}

/* A result of the configuration file's own problems, or NULL. */
static jgf_result *problems_of(struct config *file);

/* A configuration over file (taken), its problems to *problems. */
static jgf_config *config_over(struct config *file, jgf_result **problems)
{
	jgf_config *cfg = config_new();
	cfg->file = file;
	if (problems)
		*problems = file ? problems_of(file) : NULL;
	return cfg;
}

jgf_config *jgf_config_parse(const char *name, const char *data, size_t len, const char *dir,
			     jgf_result **problems)
{
	if (problems)
		*problems = NULL;
	TRAPPED(jgf_config *, NULL,
		config_over(config_parse(name ? name : "<buffer>", data ? data : "", data ? len : 0,
					 dir), problems));
}

jgf_config *jgf_config_load(const char *path, jgf_result **problems)
{
	if (problems)
		*problems = NULL;
	TRAPPED(jgf_config *, NULL, config_over(config_load(path), problems));
}

static jgf_config *discover(const char *path, jgf_result **problems)
{
	char *found = config_find(path);
	if (!found)
		return config_new();
	jgf_config *cfg = config_over(config_load(found), problems);
	free(found);
	return cfg;
}

jgf_config *jgf_config_discover(const char *path, jgf_result **problems)
{
	if (problems)
		*problems = NULL;
	TRAPPED(jgf_config *, NULL, discover(path, problems));
}

static char *pointer_at(const char *data, size_t len, size_t offset)
{
	struct document doc;
	document_load_buffer(&doc, "<buffer>", data, len);
	struct buf out = BUF_INIT;
	bool found = doc.parsed && doc.loc && locator_pointer_at(doc.loc, offset, &out);
	document_free(&doc);
	if (!found) {
		buf_free(&out);
		return NULL;
	}
	return buf_detach(&out);
}

char *jgf_pointer_at(const char *data, size_t len, size_t offset)
{
	TRAPPED(char *, NULL, pointer_at(data, len, offset));
}

char *jgf_config_find(const char *path)
{
	TRAPPED(char *, NULL, config_find(path));
}

const char *jgf_config_path(const jgf_config *cfg)
{
	return cfg->file ? cfg->file->doc.path : NULL;
}

/* ---- Checking and fixing ---- */

static const char *rule_url(const struct rule *r);

/* The edits of every finding's fix, and the counts the reports give. */
static void finish_result(jgf_result *r, size_t max_findings)
{
	r->sum.files = !r->doc.io_failed;
	r->sum.fixes = r->fixes;
	r->sum.fixed_files = r->fixes > 0;
	summary_add(&r->sum, &r->doc, r->unsafe);
	diag_list_cap(&r->doc.diags, max_findings);
	r->edits = xcalloc(r->doc.diags.len + 1, sizeof *r->edits);
	r->fix_descriptions = xcalloc(r->doc.diags.len + 1, sizeof *r->fix_descriptions);
	for (size_t i = 0; i < r->doc.diags.len; i++) {
		const struct fix *fix = r->doc.diags.items[i].fix;
		if (!fix)
			continue;
		r->edits[i].items = fix_edits(&r->doc, i, &r->edits[i].len);
		r->fix_descriptions[i] = describe_fix(&r->doc, fix, r->edits[i].items,
						     r->edits[i].len);
	}
}

static jgf_result *problems_of(struct config *file)
{
	if (!file->doc.diags.len)
		return NULL;
	jgf_result *r = xcalloc(1, sizeof *r);
	document_load_buffer(&r->doc, file->doc.path, file->doc.text ? file->doc.text : "",
			     file->doc.len);
	diag_list_free(&r->doc.diags);
	/* The configuration's findings, moved: the document is its text. */
	r->doc.diags = file->doc.diags;
	file->doc.diags = (struct diag_list){ 0 };
	r->doc.io_failed = file->doc.io_failed;
	finish_result(r, 0);
	return r;
}

/* The path per-path-ignores match: name relative to the configuration's
 * directory (absolute names below it), without asking the file system. */
static char *relative_name(const jgf_config *cfg, const char *name)
{
	if (!cfg || !cfg->file || !cfg->file->file.npath_ignores)
		return NULL;
	if (name[0] != '/')
		return xstrdup(name[0] == '.' && name[1] == '/' ? name + 2 : name);
	const char *rel = relative_to(name, cfg->file->dir);
	return rel ? xstrdup(rel) : NULL;
}

static jgf_result *lint(const jgf_config *cfg, const char *name, const char *data, size_t len,
			unsigned flags)
{
	static const struct settings defaults = { .warnings_as_errors = -1, .max_warnings = -1,
						  .max_findings = -1 };
	/* The lint's replay keeps each go finding's position, for its board
	 * (jgf_finding_board, the editor's hover): never a replay again; on a
	 * record checked in place, with each stone's move and node
	 * (jgf_finding_position: its record is gone). */
	struct lint_settings ls = { .cli = cfg ? &cfg->cli : &defaults,
				    .file = cfg && cfg->file ? &cfg->file->file : NULL,
				    .rel_path = relative_name(cfg, name), .positions = true,
				    .traced_in_place = true };
	jgf_result *r = xcalloc(1, sizeof *r);
	struct document doc;
	document_load_buffer(&doc, name, data, len);
	struct checked c;
	/* SGF, UGF, GIB and NGF are checked in place, as by the program; a
	 * converter bug, which it says on standard error, is not the file's. */
	struct buf bugs = BUF_INIT;
	door_check(&c, &doc, &(struct door_request){ .settings = &ls, .fix = flags & JGF_FIX,
						      .unsafe = flags & JGF_UNSAFE_FIXES, .bugs = &bugs });
	buf_free(&bugs);
	r->doc = c.doc;
	r->read_as = c.read_as;
	r->fixes = c.tally.total;
	r->unsafe = flags & JGF_UNSAFE_FIXES;
	if (checked_changed(&c)) {
		r->original = c.original, r->original_len = c.original_len;
		c.original = NULL;
	}
	r->bytes = c.bytes, r->bytes_len = c.bytes_len;   /* what jgflint --fix writes */
	c.bytes = NULL;
	c.doc = (struct document){ 0 };
	checked_free(&c);
	free(ls.rel_path);
	finish_result(r, settings_findings_cap(ls.cli));
	return r;
}

jgf_result *jgf_lint(const jgf_config *cfg, const char *name, const char *data, size_t len,
		     unsigned flags)
{
	TRAPPED(jgf_result *, NULL, lint(cfg, name ? name : "<buffer>", data ? data : "",
					 data ? len : 0, flags));
}

const char *jgf_result_format(const jgf_result *r)
{
	return r ? r->read_as : NULL;
}

void jgf_result_free(jgf_result *r)
{
	if (!r)
		return;
	for (size_t i = 0; i < r->doc.diags.len; i++) {
		fix_edits_free(r->edits[i].items, r->edits[i].len);
		free(r->fix_descriptions[i]);
	}
	struct position *positions = atomic_load(&r->positions);
	for (size_t i = 0; positions && i < r->doc.diags.len; i++)
		position_free(&positions[i]);
	free(positions);
	free(r->edits);
	free(r->original);
	free(r->bytes);
	free(r->fix_descriptions);
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

const struct diag *result_finding(const jgf_result *r, size_t i)
{
	return i < r->doc.diags.len ? &r->doc.diags.items[i] : NULL;
}

const char *jgf_finding_rule(const jgf_result *r, size_t i)
{
	const struct diag *d = result_finding(r, i);
	return d ? d->rule->id : NULL;
}

enum jgf_severity jgf_finding_severity(const jgf_result *r, size_t i)
{
	const struct diag *d = result_finding(r, i);
	return d ? (enum jgf_severity)d->severity : JGF_INFO;
}

const char *jgf_finding_message(const jgf_result *r, size_t i)
{
	const struct diag *d = result_finding(r, i);
	return d ? d->message : NULL;
}

const char *jgf_finding_pointer(const jgf_result *r, size_t i)
{
	const struct diag *d = result_finding(r, i);
	return d ? d->pointer : NULL;
}

unsigned long jgf_finding_line(const jgf_result *r, size_t i)
{
	const struct diag *d = result_finding(r, i);
	return d ? d->line : 0;
}

unsigned long jgf_finding_column(const jgf_result *r, size_t i)
{
	const struct diag *d = result_finding(r, i);
	return d ? d->col : 0;
}

unsigned long jgf_finding_end_line(const jgf_result *r, size_t i)
{
	const struct diag *d = result_finding(r, i);
	return d ? d->end_line : 0;
}

unsigned long jgf_finding_end_column(const jgf_result *r, size_t i)
{
	const struct diag *d = result_finding(r, i);
	return d ? d->end_col : 0;
}

size_t jgf_finding_offset(const jgf_result *r, size_t i)
{
	const struct diag *d = result_finding(r, i);
	return d && d->line && d->has_offset ? d->offset : 0;
}

size_t jgf_finding_end_offset(const jgf_result *r, size_t i)
{
	const struct diag *d = result_finding(r, i);
	return d && d->line && d->has_offset ? d->end_offset : 0;
}

unsigned jgf_finding_fix(const jgf_result *r, size_t i)
{
	const struct diag *d = result_finding(r, i);
	return !d || !d->fix ? 0 : d->fix->safety == FIX_UNSAFE ? JGF_UNSAFE_FIXES : JGF_FIX;
}

size_t jgf_finding_edit_count(const jgf_result *r, size_t i)
{
	return i < r->doc.diags.len ? r->edits[i].len : 0;
}

int jgf_finding_edit(const jgf_result *r, size_t i, size_t k, size_t *start, size_t *end,
		     const char **text)
{
	if (i >= r->doc.diags.len || k >= r->edits[i].len)
		return -1;
	const struct fix_edit *e = &r->edits[i].items[k];
	*start = e->start;
	*end = e->end;
	*text = e->text;
	return 0;
}

const char *jgf_finding_fix_description(const jgf_result *r, size_t i)
{
	return i < r->doc.diags.len ? r->fix_descriptions[i] : NULL;
}

const char *jgf_finding_url(const jgf_result *r, size_t i)
{
	const struct diag *d = result_finding(r, i);
	return d ? rule_url(d->rule) : NULL;
}

const char *jgf_result_text(const jgf_result *r, size_t *len)
{
	if (len)   /* SGF fixed where it is: its bytes, not the text shown */
		*len = r->bytes ? r->bytes_len : r->doc.len;
	return r->bytes ? r->bytes : r->doc.text ? r->doc.text : "";
}

size_t jgf_result_fixes(const jgf_result *r)
{
	return r->fixes;
}

static char *report(const jgf_result *r, const struct format *format)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	if (!out)
		die_oom();
	struct summary sum = r->sum;
	sum.status = sum.counts[SEV_ERROR] ? EXIT_FINDINGS : EXIT_CLEAN;
	struct report_options opts = { .unsafe = r->unsafe, .in_memory = true };
	struct reporter *rep = reporter_new(format, out, &opts);
	reporter_document(rep, &r->doc, NULL);
	reporter_finish(rep, &sum);
	if (fclose(out) != 0)
		die_oom();
	return text;
}

char *jgf_result_report(const jgf_result *r, const char *format)
{
	const struct format *f = format ? format_find(format) : NULL;
	if (!f)
		return NULL;
	TRAPPED(char *, NULL, report(r, f));
}

static char *diff(const jgf_result *r)
{
	char *text = NULL;
	size_t len = 0;
	FILE *out = open_memstream(&text, &len);
	if (!out)
		die_oom();
	/* As --diff: nothing for a text that does not parse (never written). */
	if (r->original && (r->doc.parsed || r->bytes))
		diff_unified(out, r->doc.path, r->original, r->original_len,
			     r->bytes ? r->bytes : r->doc.text, r->bytes ? r->bytes_len : r->doc.len);
	if (fclose(out) != 0)
		die_oom();
	return text;
}

char *jgf_result_diff(const jgf_result *r)
{
	TRAPPED(char *, NULL, diff(r));
}

/* ---- The points of a go finding ---- */

const char *jgf_finding_node(const jgf_result *r, size_t i)
{
	const struct diag *d = result_finding(r, i);
	return d ? d->node : NULL;
}

size_t jgf_finding_point_count(const jgf_result *r, size_t i)
{
	const struct diag *d = result_finding(r, i);
	return d ? d->npoints : 0;
}

static const struct diag_point *finding_point(const jgf_result *r, size_t i, size_t k)
{
	const struct diag *d = result_finding(r, i);
	return d && k < d->npoints ? &d->points[k] : NULL;
}

const char *jgf_finding_point_role(const jgf_result *r, size_t i, size_t k)
{
	const struct diag_point *p = finding_point(r, i, k);
	return p ? diag_role_name((enum point_role)p->role) : NULL;
}

int jgf_finding_point_x(const jgf_result *r, size_t i, size_t k)
{
	const struct diag_point *p = finding_point(r, i, k);
	return p ? p->x : -1;
}

int jgf_finding_point_y(const jgf_result *r, size_t i, size_t k)
{
	const struct diag_point *p = finding_point(r, i, k);
	return p ? p->y : -1;
}

const char *jgf_finding_point_name(const jgf_result *r, size_t i, size_t k)
{
	const struct diag_point *p = finding_point(r, i, k);
	return p ? p->name : NULL;
}

enum jgf_color jgf_finding_point_color(const jgf_result *r, size_t i, size_t k)
{
	const struct diag_point *p = finding_point(r, i, k);
	return p ? (enum jgf_color)p->color : JGF_EMPTY;
}

unsigned long jgf_finding_point_move(const jgf_result *r, size_t i, size_t k)
{
	const struct diag_point *p = finding_point(r, i, k);
	return p ? p->move : 0;
}

const char *jgf_finding_point_node(const jgf_result *r, size_t i, size_t k)
{
	const struct diag_point *p = finding_point(r, i, k);
	return p ? p->node : NULL;
}

const char *jgf_finding_point_pointer(const jgf_result *r, size_t i, size_t k)
{
	const struct diag_point *p = finding_point(r, i, k);
	return p ? p->pointer : NULL;
}

unsigned long jgf_finding_point_line(const jgf_result *r, size_t i, size_t k)
{
	const struct diag_point *p = finding_point(r, i, k);
	return p ? p->line : 0;
}

unsigned long jgf_finding_point_column(const jgf_result *r, size_t i, size_t k)
{
	const struct diag_point *p = finding_point(r, i, k);
	return p ? p->col : 0;
}

/* ---- The rule catalogue ---- */

static size_t sorted_rules(const struct rule *const **rules)
{
	TRAPPED(size_t, 0, catalog_sorted(rules));
}

static const struct rule *rule_at(size_t i)
{
	const struct rule *const *rules;
	size_t n = sorted_rules(&rules);
	return i < n ? rules[i] : NULL;
}

size_t jgf_rule_count(void)
{
	const struct rule *const *rules;
	return sorted_rules(&rules);
}

long jgf_rule_find(const char *id)
{
	const struct rule *const *rules;
	size_t n = sorted_rules(&rules);
	for (size_t i = 0; id && i < n; i++)
		if (strcmp(rules[i]->id, id) == 0)
			return (long)i;
	return -1;
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

const char *jgf_severity_name(enum jgf_severity severity)
{
	return (unsigned)severity <= JGF_ERROR ? severity_name((enum severity)severity) : NULL;
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
	return r ? catalog_explanation(r) : NULL;
}

unsigned jgf_rule_fixes(size_t i)
{
	const struct rule *r = rule_at(i);
	return r ? r->fix : 0;
}

static const char *rule_url(const struct rule *r)
{
	TRAPPED(const char *, NULL, catalog_doc_url(r));
}

const char *jgf_rule_url(size_t i)
{
	const struct rule *r = rule_at(i);
	return r ? rule_url(r) : NULL;
}

static char *explain(const char *name)
{
	struct buf text = BUF_INIT;
	const struct rule *r = catalog_find(name);
	if (r)
		catalog_explain(&text, r);
	else if (rule_name_known(name))   /* a category, or all: its rules */
		catalog_list(&text, strcmp(name, "all") == 0 ? NULL : name);
	else
		return NULL;
	return buf_detach(&text);
}

char *jgf_explain(const char *name)
{
	if (!name)
		return NULL;
	TRAPPED(char *, NULL, explain(name));
}
