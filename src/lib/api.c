/* api: libjgflint's public functions (jgflint.h; the positions and boards
 * are lib/position.c's), over the same pipeline the program runs
 * (lint/pipeline.h), the same reporters, the same conversion and the same
 * configuration files. Only these functions are exported (the library is
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
#include "convert/conversion.h"
#include "convert/sgftojson.h"
#include "convert/sgfwrite.h"
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
	conversion_check(&c, &doc, &(struct check_request){ &ls, flags & JGF_FIX,
							     flags & JGF_UNSAFE_FIXES }, &bugs);
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

/* ---- Converting ---- */

struct record {
	char *name;
	struct converted rec;
};

struct jgf_conversion {
	bool sgfjson;   /* target "sgfjson": the records named .json */
	int status;
	struct record *records;
	size_t len;
	struct buf messages;
};

/* Target "sgf": record name's ending .sgf; what SGF cannot hold a note of
 * messages. */
static void sgf_lost(jgf_conversion *c, char *name, const struct buf *lost)
{
	size_t n = strlen(name);
	if (n >= 4 && !strcmp(name + n - 4, ".jgf"))
		memcpy(name + n - 4, ".sgf", 4);
	struct buf shown = BUF_INIT, json = BUF_INIT;
	if (c->sgfjson && n >= 4)   /* as the record will be named (as_sgfjson) */
		buf_printf(&json, "%.*s.json", (int)(n - 4), name);
	shown_text(&shown, json.len ? json.data : name);
	buf_free(&json);
	for (char *line = lost->data, *nl; line && *line; line = nl + 1) {
		nl = strchr(line, '\n');
		buf_printf(&c->messages, "%s: note: not in SGF: %.*s\n", shown.data,
			   (int)(nl - line), line);
	}
	buf_free(&shown);
}

/* Target "sgf": rec's JGF text replaced by its SGF (as --convert --to sgf
 * writes it), named so. */
static void record_to_sgf(jgf_conversion *c, char *name, struct converted *rec)
{
	struct buf sgf = BUF_INIT, lost = BUF_INIT;
	char *text = rec->text;   /* taken over by the writer */
	rec->text = NULL;
	if (!sgf_write_text(text, rec->len, &(struct sgfwrite_options){ 0 }, &sgf, &lost)) {
		buf_free(&sgf);
		buf_free(&lost);
		return;
	}
	rec->len = sgf.len;
	rec->text = buf_detach(&sgf);
	sgf_lost(c, name, &lost);
	buf_free(&lost);
}

/* Target "sgf" of a JGF record (any version --fix reads): fixed as --fix
 * fixes it, then written as SGF (sgf_write_fixed). False when doc is not a
 * JSON record. */
static bool jgf_record_to_sgf(jgf_conversion *c, struct document *doc, const char *name,
			      const char *src)
{
	if (!doc->parsed || !json_object_is_type(doc->root, json_type_object))
		return false;
	c->records = xcalloc(2, sizeof *c->records);
	struct buf sgf = BUF_INIT, lost = BUF_INIT;
	struct checked found = { 0 };
	bool written = sgf_write_fixed(doc, &(struct sgfwrite_options){ 0 }, &sgf, &lost,
				       NULL, &found);
	/* The record's findings as --convert --to sgf reports them (it writes
	 * the record, it does not vouch for it): the concise report's lines,
	 * the notes on what SGF cannot hold, then the report's closing count
	 * of what --fix would fix. */
	struct buf end = BUF_INIT;
	if (report_concise_text(&found.doc, &c->messages, &end) && c->status == EXIT_CLEAN)
		c->status = EXIT_FINDINGS;
	if (!written) {
		buf_printf(&c->messages, "%s: error: the record could not be fixed to JGF v2: not "
			   "written\n", src);
		c->status = EXIT_TROUBLE;
	} else {
		char *record_name = conversion_record_name(name, NULL, NULL, 0, 1);
		sgf_lost(c, record_name, &lost);
		struct converted rec = { .len = sgf.len };
		rec.text = sgf.data ? buf_detach(&sgf) : xstrdup("");
		c->records[c->len++] = (struct record){ record_name, rec };
	}
	buf_add(&c->messages, end.data ? end.data : "", end.len);
	buf_free(&end);
	checked_free(&found);
	buf_free(&sgf);
	buf_free(&lost);
	return true;
}

/* One input's games as its check gives them (conversion_sink), as the
 * CLI's --convert takes them: each named, its notes and what was kept
 * said, its record kept. */
struct convert_input {
	jgf_conversion *c;
	const char *name;          /* the input's */
	bool to_sgf;
	char *record_name;         /* of the game being checked */
	struct buf shown_name;     /* ... as messages show it */
};

static const char *convert_game_name(void *ctx, struct conversion *conv, size_t g)
{
	struct convert_input *in = ctx;
	free(in->record_name);
	in->record_name = conversion_record_name(in->name, NULL, NULL, g, conv->games.len);
	buf_truncate(&in->shown_name, 0);
	return shown_text(&in->shown_name, in->record_name);
}

static void convert_game_done(void *ctx, struct conversion *conv, size_t g, struct converted *rec)
{
	struct convert_input *in = ctx;
	jgf_conversion *c = in->c;
	(void)g;
	if (rec->text && in->to_sgf)
		record_to_sgf(c, in->record_name, rec);
	buf_add(&c->messages, rec->log.data ? rec->log.data : "", rec->log.len);
	if (rec->errors && c->status == EXIT_CLEAN)
		c->status = EXIT_FINDINGS;
	if (rec->refused || rec->bugs)
		c->status = EXIT_TROUBLE;
	if (rec->text && !in->to_sgf)
		conversion_kept(&c->messages, in->shown_name.data, conv, rec);
	if (rec->text) {
		c->records[c->len++] = (struct record){ in->record_name, *rec };
		*rec = (struct converted){ 0 };   /* taken */
		in->record_name = NULL;
	}
}

/* The findings of a conversion's check, a line each as --convert prints
 * them ([*]: what --fix repairs); an error makes the status 1 where it was 0. */
static void add_findings(jgf_conversion *c, struct checked *ck)
{
	struct summary sum = { 0 };
	diag_list_sort(&ck->doc.diags);
	summary_add(&sum, &ck->doc, false);
	for (size_t i = 0; i < ck->doc.diags.len; i++) {
		const struct diag *d = &ck->doc.diags.items[i];
		report_finding_marked(&c->messages, &ck->doc, d, d->fix && d->fix->safety != FIX_UNSAFE);
		buf_addc(&c->messages, '\n');
		if (d->severity == SEV_ERROR && c->status == EXIT_CLEAN)
			c->status = EXIT_FINDINGS;
	}
	report_fixable_text(&c->messages, &sum, false);
}

/* What --convert prints of an input, in its order: the notes that name no
 * rule, each game's notes and what was kept, then the check's findings (the
 * CLI's report of the input, one line each). */
static jgf_conversion *convert(const char *name, const char *data, size_t len, bool to_sgf,
			       bool sgfjson)
{
	jgf_conversion *c = xcalloc(1, sizeof *c);
	c->sgfjson = sgfjson;
	struct document doc;
	if (to_sgf && len <= JGF_MAX_FILE_SIZE && !sgf_write_whole(len)) {
		/* A large JGF record is only read through (sgf_write_fixed): streamed */
		char *text = xmalloc(len + 1);
		memcpy(text, data, len);
		text[len] = '\0';
		document_load_record(&doc, name, text, len);
	} else {
		document_load_buffer(&doc, name, data, len);
	}
	struct buf shown_src = BUF_INIT;
	const char *src = shown_text(&shown_src, doc.path);
	struct conversion conv;
	if (!conversion_check_read(&conv, &doc, NULL)) {
		if (to_sgf && jgf_record_to_sgf(c, &doc, name, src)) {
			;
		} else if (conversion_no_game(&doc)) {
			/* Named for a format it holds nothing of: the finding that
			 * says what it holds, as --convert reports it */
			struct checked ck;
			struct buf bugs = BUF_INIT;
			conversion_check(&ck, &doc, &(struct check_request){ 0 }, &bugs);
			buf_free(&bugs);
			add_findings(c, &ck);
			checked_free(&ck);
			c->status = EXIT_TROUBLE;
		} else {
			conversion_nothing(&c->messages, src, &conv, &doc, to_sgf);
			c->status = EXIT_TROUBLE;
		}
		buf_adds(&c->messages, "");
		document_free(&doc);
		buf_free(&shown_src);
		return c;
	}
	conversion_print_plain_notes(&c->messages, src, &conv.notes);
	if (conversion_nothing(&c->messages, src, &conv, &doc, to_sgf))
		c->status = EXIT_TROUBLE;
	c->records = xcalloc(conv.games.len + 1, sizeof *c->records);
	struct convert_input in = { .c = c, .name = name, .to_sgf = to_sgf, .shown_name = BUF_INIT };
	struct conversion_sink sink = { .src = src, .name = convert_game_name,
					.game = convert_game_done, .ctx = &in };
	struct checked ck;
	struct buf bugs = BUF_INIT;
	if (conversion_check_games(&ck, &conv, &doc, &(struct check_request){ 0 }, &bugs, &sink, 1))
		c->status = EXIT_TROUBLE;
	free(in.record_name);
	buf_free(&in.shown_name);
	buf_free(&bugs);
	add_findings(c, &ck);
	buf_adds(&c->messages, "");
	checked_free(&ck);
	document_free(&doc);
	buf_free(&shown_src);
	return c;
}

/* Target "sgfjson": each record's SGF as SGF-in-JSON (sgf_to_json, as
 * --convert --to sgfjson writes it), named .json; one that does not read
 * back (a bug) is dropped with an error. */
static jgf_conversion *as_sgfjson(jgf_conversion *c)
{
	size_t kept = 0;
	for (size_t i = 0; i < c->len; i++) {
		struct record *r = &c->records[i];
		struct buf json = BUF_INIT, shown = BUF_INIT;
		size_t n = strlen(r->name);
		if (n >= 4 && !strcmp(r->name + n - 4, ".sgf")) {
			char *named = xasprintf("%.*s.json", (int)(n - 4), r->name);
			free(r->name);
			r->name = named;
		}
		if (sgf_to_json(r->rec.text, r->rec.len, &json)) {
			free(r->rec.text);
			r->rec.len = json.len;
			r->rec.text = buf_detach(&json);
			c->records[kept++] = *r;
		} else {
			shown_text(&shown, r->name);
			buf_printf(&c->messages, "%s: error: the SGF written does not read back: not "
				   "written as SGF-in-JSON (please report this)\n", shown.data);
			c->status = EXIT_TROUBLE;
			free(r->name);
			converted_free(&r->rec);
		}
		buf_free(&json);
		buf_free(&shown);
	}
	c->len = kept;
	return c;
}

jgf_conversion *jgf_convert(const char *name, const char *data, size_t len)
{
	TRAPPED(jgf_conversion *, NULL, convert(name ? name : "<buffer>", data ? data : "",
						data ? len : 0, false, false));
}

jgf_conversion *jgf_convert_to(const char *name, const char *data, size_t len, const char *target)
{
	if (!target || (strcmp(target, "jgf") && strcmp(target, "sgf") && strcmp(target, "sgfjson")))
		return NULL;
	if (!strcmp(target, "sgfjson"))
		TRAPPED(jgf_conversion *, NULL, as_sgfjson(convert(name ? name : "<buffer>",
								   data ? data : "", data ? len : 0,
								   true, true)));
	TRAPPED(jgf_conversion *, NULL, convert(name ? name : "<buffer>", data ? data : "",
						data ? len : 0, !strcmp(target, "sgf"), false));
}

int jgf_conversion_status(const jgf_conversion *c)
{
	return c->status;
}

size_t jgf_conversion_count(const jgf_conversion *c)
{
	return c->len;
}

const char *jgf_conversion_name(const jgf_conversion *c, size_t i)
{
	return i < c->len ? c->records[i].name : NULL;
}

const char *jgf_conversion_text(const jgf_conversion *c, size_t i, size_t *len)
{
	if (i >= c->len)
		return NULL;
	if (len)
		*len = c->records[i].rec.len;
	return c->records[i].rec.text;
}

const char *jgf_conversion_messages(const jgf_conversion *c)
{
	return c->messages.data;
}

void jgf_conversion_free(jgf_conversion *c)
{
	if (!c)
		return;
	for (size_t i = 0; i < c->len; i++) {
		free(c->records[i].name);
		converted_free(&c->records[i].rec);
	}
	free(c->records);
	buf_free(&c->messages);
	free(c);
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
	return r ? r->explanation : NULL;
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
