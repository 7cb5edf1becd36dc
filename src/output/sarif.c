/* sarif: SARIF 2.1.0, for code scanning (GitHub, GitLab, Azure DevOps):
 * the rules it reported, each finding's region in code points, its pointer as
 * a logical location, its fix as replacements, a fingerprint, and for a
 * finding about a position the points it involves as related locations
 * (the moves and setups in the record that are them or placed their
 * stones). */
#include "output/format.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "base/dom.h"
#include "base/locate.h"
#include "core/catalog.h"
#include "core/fixop.h"
#include "lint/edit.h"

/* Percent-encodes a path for a URI reference (RFC 3986 path characters). */
static void uri_path(struct buf *out, const char *path)
{
	static const char ok[] = "-._~!$&'()*+,;=:@/";
	for (const unsigned char *p = (const unsigned char *)path; *p; p++) {
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') || (*p >= '0' && *p <= '9') ||
		    (*p && strchr(ok, *p)))
			buf_addc(out, (char)*p);
		else
			buf_printf(out, "%%%02X", *p);
	}
}

/* The rules the run reported, in the order of their first finding: the
 * driver's rules, which each result's ruleIndex counts. SARIF lets a tool
 * list only those; the whole catalogue was most of a small report (250 KB
 * of the 336 KB of one SGF file's). */
struct reported {
	const struct rule **rules;
	size_t n, cap;
};

static void begin(struct reporter *r)
{
	r->state = xcalloc(1, sizeof(struct reported));
}

static size_t rule_index(struct reporter *r, const struct rule *rule)
{
	struct reported *seen = r->state;
	for (size_t i = 0; i < seen->n; i++)
		if (seen->rules[i] == rule)
			return i;
	seen->rules = xgrow(seen->rules, &seen->cap, seen->n + 1, sizeof *seen->rules);
	seen->rules[seen->n] = rule;
	return seen->n++;
}

static void end(struct reporter *r, const struct summary *sum)
{
	(void)sum;
	struct reported *seen = r->state;
	free(seen->rules);
	free(seen);
	r->state = NULL;
}

static const char *sarif_level(enum severity s)
{
	return s == SEV_ERROR ? "error" : s == SEV_WARNING ? "warning" : "note";
}

/* Standard base64 of n bytes (RFC 4648), for SARIF's artifactContent.binary. */
static void base64(struct buf *out, const unsigned char *p, size_t n)
{
	static const char digits[] =
		"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
	for (size_t i = 0; i < n; i += 3) {
		unsigned long v = (unsigned long)p[i] << 16;
		if (i + 1 < n)
			v |= (unsigned long)p[i + 1] << 8;
		if (i + 2 < n)
			v |= p[i + 2];
		buf_addc(out, digits[v >> 18 & 63]);
		buf_addc(out, digits[v >> 12 & 63]);
		buf_addc(out, i + 1 < n ? digits[v >> 6 & 63] : '=');
		buf_addc(out, i + 2 < n ? digits[v & 63] : '=');
	}
}

/* One SARIF replacement. SARIF 2.1.0 (3.57) wants a text region for a text
 * file, and the inserted content of a binary region as `binary`: so an edit
 * of the text is a line/column region (columns in code points, as
 * columnKind says, not counting a byte order mark), and only an edit of
 * the byte order mark itself, which no text region can name, is a byte
 * region. */
static json_object *replacement(const struct document *doc, const struct fix_edit *e)
{
	json_object *rep = dom_object(), *region = dom_object();
	json_object *content = NULL;
	if (e->start < doc->body) {
		dom_add(region, "byteOffset", dom_int((int64_t)e->start));
		dom_add(region, "byteLength", dom_int((int64_t)(e->end - e->start)));
		if (e->text[0]) {
			struct buf b = BUF_INIT;
			base64(&b, (const unsigned char *)e->text, strlen(e->text));
			content = dom_object();
			dom_add(content, "binary", dom_string(b.data));
			buf_free(&b);
		}
	} else {
		unsigned long l1, c1, l2, c2;
		locator_linecol(doc->loc, e->start, &l1, &c1);
		locator_linecol(doc->loc, e->end, &l2, &c2);
		dom_add(region, "startLine", dom_int((int64_t)l1));
		dom_add(region, "startColumn", dom_int((int64_t)c1));
		dom_add(region, "endLine", dom_int((int64_t)l2));
		dom_add(region, "endColumn", dom_int((int64_t)c2));
		content = dom_object();
		dom_add(content, "text", dom_string(e->text));
	}
	dom_add(rep, "deletedRegion", region);
	if (content)
		dom_add(rep, "insertedContent", content);
	return rep;
}

/* The finding's fix: its edits as replacements in the artifact. */
static void fix(json_object *res, const struct document *doc, size_t i, json_object *artifact)
{
	size_t n;
	struct fix_edit *e = fix_edits(doc, i, &n);
	if (n && doc->loc && fix_text_said(doc->diags.items[i].fix)) {
		json_object *reps = dom_array();
		for (size_t k = 0; k < n; k++)
			dom_push(reps, replacement(doc, &e[k]));
		json_object *change = dom_object(), *loc = NULL;
		json_object_deep_copy(artifact, &loc, NULL);
		dom_add(change, "artifactLocation", loc);
		dom_add(change, "replacements", reps);
		json_object *changes = dom_array();
		dom_push(changes, change);
		json_object *f = dom_object(), *desc = dom_object();
		dom_add(desc, "text", dom_string(
			doc->diags.items[i].fix->safety == FIX_UNSAFE ?
			"jgflint --fix --unsafe-fixes (an unsafe fix: it moves data)" : "jgflint --fix"));
		dom_add(f, "description", desc);
		dom_add(f, "artifactChanges", changes);
		json_object *fixes = dom_array();
		dom_push(fixes, f);
		dom_add(res, "fixes", fixes);
	}
	fix_edits_free(e, n);
}

/* A location: the region from line:col to end_line:end_col of artifact (a
 * copy is taken), the pointer as its logical location. */
static json_object *location(json_object *artifact, unsigned long line, unsigned long col,
			     unsigned long end_line, unsigned long end_col, const char *pointer)
{
	json_object *phys = dom_object(), *loc = NULL;
	json_object_deep_copy(artifact, &loc, NULL);
	dom_add(phys, "artifactLocation", loc);
	if (line) {
		json_object *region = dom_object();
		dom_add(region, "startLine", dom_int((int64_t)line));
		dom_add(region, "startColumn", dom_int((int64_t)col));
		if (end_line) {
			dom_add(region, "endLine", dom_int((int64_t)end_line));
			dom_add(region, "endColumn", dom_int((int64_t)end_col));
		}
		dom_add(phys, "region", region);
	}
	json_object *o = dom_object();
	dom_add(o, "physicalLocation", phys);
	if (pointer) {
		json_object *logical = dom_object();
		dom_add(logical, "fullyQualifiedName", dom_string(pointer));
		dom_add(logical, "kind", dom_string("member"));
		json_object *logicals = dom_array();
		dom_push(logicals, logical);
		dom_add(o, "logicalLocations", logicals);
	}
	return o;
}

/* The points of a finding about a position, each where the record has the
 * move or setup that is it or placed its stone, and said in words. */
static json_object *related(const struct diag *d, json_object *artifact)
{
	json_object *arr = dom_array();
	for (size_t k = 0; k < d->npoints; k++) {
		const struct diag_point *p = &d->points[k];
		json_object *o = location(artifact, p->line, p->col, p->end_line, p->end_col,
					  p->pointer);
		dom_add(o, "id", dom_int((int64_t)k));
		struct buf text = BUF_INIT;
		report_point_text(&text, p);
		json_object *msg = dom_object();
		dom_add(msg, "text", dom_string(text.data));
		buf_free(&text);
		dom_add(o, "message", msg);
		dom_push(arr, o);
	}
	return arr;
}

static void finding(struct reporter *r, const struct document *doc, const struct doc_view *view,
		    size_t i, size_t nth)
{
	(void)view;
	const struct diag *d = &doc->diags.items[i];
	json_object *res = dom_object();
	dom_add(res, "ruleId", dom_string(d->rule->id));
	dom_add(res, "ruleIndex", dom_int((int64_t)rule_index(r, d->rule)));
	dom_add(res, "level", dom_string(sarif_level(d->severity)));
	json_object *msg = dom_object();
	dom_add(msg, "text", dom_string(d->message));
	dom_add(res, "message", msg);

	struct buf uri = BUF_INIT;
	const char *path = report_project_path(doc->path);
	bool absolute = path[0] == '/';
	if (absolute)
		buf_adds(&uri, "file://");
	uri_path(&uri, path);
	json_object *artifact = dom_object();
	dom_add(artifact, "uri", dom_string(uri.data ? uri.data : ""));
	if (!absolute)
		dom_add(artifact, "uriBaseId", dom_string("%SRCROOT%"));
	buf_free(&uri);
	json_object *locs = dom_array();
	dom_push(locs, location(artifact, d->line, d->col, d->end_line, d->end_col, d->pointer));
	dom_add(res, "locations", locs);
	if (d->npoints)
		dom_add(res, "relatedLocations", related(d, artifact));
	if (d->fix)
		fix(res, doc, i, artifact);
	json_object_put(artifact);
	json_object *fp = dom_object();
	char *f = report_fingerprint(doc, d, nth);
	dom_add(fp, "jgflint/v2", dom_string(f));
	free(f);
	dom_add(res, "partialFingerprints", fp);
	report_add_result(r, res);
}

static json_object *rules(const struct reported *seen)
{
	json_object *arr = dom_array();
	for (size_t i = 0; i < seen->n; i++) {
		const struct rule *rule = seen->rules[i];
		json_object *o = dom_object(), *t;
		dom_add(o, "id", dom_string(rule->id));
		dom_add(o, "name", dom_string(rule->id));
		t = dom_object();
		dom_add(t, "text", dom_string(rule->summary));
		dom_add(o, "shortDescription", t);
		t = dom_object();
		dom_add(t, "text", dom_string(catalog_explanation(rule)));
		dom_add(o, "fullDescription", t);
		t = dom_object();
		struct buf help = BUF_INIT;
		buf_printf(&help, "%s\n\n%s\nRun `jgflint --explain %s` for this text.", rule->summary,
			   catalog_explanation(rule), rule->id);
		dom_add(t, "text", dom_string(help.data));
		buf_free(&help);
		dom_add(o, "help", t);
		const char *url = catalog_doc_url(rule);
		if (url)
			dom_add(o, "helpUri", dom_string(url));
		t = dom_object();
		dom_add(t, "level", dom_string(sarif_level(rule->severity)));
		dom_add(o, "defaultConfiguration", t);
		t = dom_object();
		dom_add(t, "category", dom_string(rule->category));
		dom_add(o, "properties", t);
		dom_push(arr, o);
	}
	return arr;
}

static json_object *wrap(struct reporter *r, json_object *results, const struct summary *sum)
{
	json_object *driver = dom_object();
	dom_add(driver, "name", dom_string("jgflint"));
	dom_add(driver, "version", dom_string(PACKAGE_VERSION));
	dom_add(driver, "semanticVersion", dom_string(PACKAGE_VERSION));
	dom_add(driver, "rules", rules(r->state));
	json_object *tool = dom_object();
	dom_add(tool, "driver", driver);
	json_object *run = dom_object();
	dom_add(run, "tool", tool);
	char cwd[4096];
	if (getcwd(cwd, sizeof cwd)) {
		struct buf uri = BUF_INIT;
		buf_adds(&uri, "file://");
		uri_path(&uri, cwd);
		buf_addc(&uri, '/');
		json_object *base = dom_object(), *root = dom_object();
		dom_add(root, "uri", dom_string(uri.data));
		dom_add(base, "%SRCROOT%", root);
		dom_add(run, "originalUriBaseIds", base);
		buf_free(&uri);
	}
	dom_add(run, "columnKind", dom_string("unicodeCodePoints"));
	/* Lines (of regions, and of the replacements of fixes) end as the
	 * locator ends them: a lone CR too, which SARIF's default omits. */
	json_object *newlines = dom_array();
	dom_push(newlines, dom_string("\r\n"));
	dom_push(newlines, dom_string("\n"));
	dom_push(newlines, dom_string("\r"));
	dom_add(run, "newlineSequences", newlines);
	json_object *inv = dom_object(), *invs = dom_array();
	dom_add(inv, "executionSuccessful", dom_bool(sum->status != 2));
	dom_add(inv, "exitCode", dom_int(sum->status));
	dom_push(invs, inv);
	dom_add(run, "invocations", invs);
	dom_add(run, "results", results);
	json_object *runs = dom_array();
	dom_push(runs, run);
	json_object *doc = dom_object();
	dom_add(doc, "$schema", dom_string(
		"https://json.schemastore.org/sarif-2.1.0.json"));
	dom_add(doc, "version", dom_string("2.1.0"));
	dom_add(doc, "runs", runs);
	return doc;
}

const struct format format_sarif = {
	.name = "sarif",
	.document = true,
	.results_level = 3,
	.occurrences = true,
	.begin = begin,
	.finding = finding,
	.wrap = wrap,
	.end = end,
	.edits = true,
	.places = true,
};
