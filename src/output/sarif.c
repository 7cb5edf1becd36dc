/* sarif: SARIF 2.1.0, for code scanning (GitHub, GitLab, Azure DevOps):
 * the rule catalogue, each finding's region in code points, its pointer as
 * a logical location, its fix as replacements, and a fingerprint. */
#include "output/format.h"

#include <stdint.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

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

static size_t rule_index(const struct rule *rule)
{
	const struct rule *const *rules;
	size_t n = catalog_sorted(&rules);
	for (size_t i = 0; i < n; i++)
		if (rules[i] == rule)
			return i;
	return 0;
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
	json_object *rep = json_object_new_object(), *region = json_object_new_object();
	json_object *content = NULL;
	if (e->start < doc->body) {
		report_json_add(region, "byteOffset", json_object_new_int64((int64_t)e->start));
		report_json_add(region, "byteLength", json_object_new_int64((int64_t)(e->end - e->start)));
		if (e->text[0]) {
			struct buf b = BUF_INIT;
			base64(&b, (const unsigned char *)e->text, strlen(e->text));
			content = json_object_new_object();
			report_json_add(content, "binary", json_object_new_string(b.data));
			buf_free(&b);
		}
	} else {
		unsigned long l1, c1, l2, c2;
		locator_linecol(doc->loc, e->start, &l1, &c1);
		locator_linecol(doc->loc, e->end, &l2, &c2);
		report_json_add(region, "startLine", json_object_new_int64((int64_t)l1));
		report_json_add(region, "startColumn", json_object_new_int64((int64_t)c1));
		report_json_add(region, "endLine", json_object_new_int64((int64_t)l2));
		report_json_add(region, "endColumn", json_object_new_int64((int64_t)c2));
		content = json_object_new_object();
		report_json_add(content, "text", json_object_new_string(e->text));
	}
	report_json_add(rep, "deletedRegion", region);
	if (content)
		report_json_add(rep, "insertedContent", content);
	return rep;
}

/* The finding's fix: its edits as replacements in the artifact. */
static void fix(json_object *res, const struct document *doc, size_t i, json_object *artifact)
{
	size_t n;
	struct fix_edit *e = fix_edits(doc, i, &n);
	if (n && doc->loc) {
		json_object *reps = json_object_new_array();
		for (size_t k = 0; k < n; k++)
			json_object_array_add(reps, replacement(doc, &e[k]));
		json_object *change = json_object_new_object(), *loc = NULL;
		json_object_deep_copy(artifact, &loc, NULL);
		report_json_add(change, "artifactLocation", loc);
		report_json_add(change, "replacements", reps);
		json_object *changes = json_object_new_array();
		json_object_array_add(changes, change);
		json_object *f = json_object_new_object(), *desc = json_object_new_object();
		report_json_add(desc, "text", json_object_new_string(
			doc->diags.items[i].fix->safety == FIX_UNSAFE ?
			"jgflint --fix --unsafe-fixes (an unsafe fix: it moves data)" : "jgflint --fix"));
		report_json_add(f, "description", desc);
		report_json_add(f, "artifactChanges", changes);
		json_object *fixes = json_object_new_array();
		json_object_array_add(fixes, f);
		report_json_add(res, "fixes", fixes);
	}
	fix_edits_free(e, n);
}

static void finding(struct reporter *r, const struct document *doc, const struct doc_view *view,
		    size_t i, size_t nth)
{
	(void)view;
	const struct diag *d = &doc->diags.items[i];
	json_object *res = json_object_new_object();
	report_json_add(res, "ruleId", json_object_new_string(d->rule->id));
	report_json_add(res, "ruleIndex", json_object_new_int64((int64_t)rule_index(d->rule)));
	report_json_add(res, "level", json_object_new_string(sarif_level(d->severity)));
	json_object *msg = json_object_new_object();
	report_json_add(msg, "text", json_object_new_string(d->message));
	report_json_add(res, "message", msg);

	struct buf uri = BUF_INIT;
	const char *path = report_project_path(doc->path);
	bool absolute = path[0] == '/';
	if (absolute)
		buf_adds(&uri, "file://");
	uri_path(&uri, path);
	json_object *artifact = json_object_new_object();
	report_json_add(artifact, "uri", json_object_new_string(uri.data ? uri.data : ""));
	if (!absolute)
		report_json_add(artifact, "uriBaseId", json_object_new_string("%SRCROOT%"));
	buf_free(&uri);
	json_object *phys = json_object_new_object();
	report_json_add(phys, "artifactLocation", artifact);
	if (d->line) {
		json_object *region = json_object_new_object();
		report_json_add(region, "startLine", json_object_new_int64((int64_t)d->line));
		report_json_add(region, "startColumn", json_object_new_int64((int64_t)d->col));
		if (d->end_line) {
			report_json_add(region, "endLine", json_object_new_int64((int64_t)d->end_line));
			report_json_add(region, "endColumn", json_object_new_int64((int64_t)d->end_col));
		}
		report_json_add(phys, "region", region);
	}
	json_object *loc = json_object_new_object();
	report_json_add(loc, "physicalLocation", phys);
	if (d->pointer) {
		json_object *logical = json_object_new_object();
		report_json_add(logical, "fullyQualifiedName", json_object_new_string(d->pointer));
		report_json_add(logical, "kind", json_object_new_string("member"));
		json_object *logicals = json_object_new_array();
		json_object_array_add(logicals, logical);
		report_json_add(loc, "logicalLocations", logicals);
	}
	json_object *locs = json_object_new_array();
	json_object_array_add(locs, loc);
	report_json_add(res, "locations", locs);
	if (d->fix)
		fix(res, doc, i, artifact);
	json_object *fp = json_object_new_object();
	char *f = report_fingerprint(doc, d, nth);
	report_json_add(fp, "jgflint/v2", json_object_new_string(f));
	free(f);
	report_json_add(res, "partialFingerprints", fp);
	report_add_result(r, res);
}

static json_object *rules(void)
{
	const struct rule *const *all;
	size_t n = catalog_sorted(&all);
	json_object *arr = json_object_new_array();
	for (size_t i = 0; i < n; i++) {
		const struct rule *rule = all[i];
		json_object *o = json_object_new_object(), *t;
		report_json_add(o, "id", json_object_new_string(rule->id));
		report_json_add(o, "name", json_object_new_string(rule->id));
		t = json_object_new_object();
		report_json_add(t, "text", json_object_new_string(rule->summary));
		report_json_add(o, "shortDescription", t);
		t = json_object_new_object();
		report_json_add(t, "text", json_object_new_string(rule->explanation));
		report_json_add(o, "fullDescription", t);
		t = json_object_new_object();
		struct buf help = BUF_INIT;
		buf_printf(&help, "%s\n\n%s\nRun `jgflint --explain %s` for this text.", rule->summary,
			   rule->explanation, rule->id);
		report_json_add(t, "text", json_object_new_string(help.data));
		buf_free(&help);
		report_json_add(o, "help", t);
		report_json_add(o, "helpUri", json_object_new_string(catalog_doc_url(rule)));
		t = json_object_new_object();
		report_json_add(t, "level", json_object_new_string(sarif_level(rule->severity)));
		report_json_add(o, "defaultConfiguration", t);
		t = json_object_new_object();
		report_json_add(t, "category", json_object_new_string(rule->category));
		report_json_add(o, "properties", t);
		json_object_array_add(arr, o);
	}
	return arr;
}

static json_object *wrap(struct reporter *r, json_object *results, const struct summary *sum)
{
	(void)r;
	json_object *driver = json_object_new_object();
	report_json_add(driver, "name", json_object_new_string("jgflint"));
	report_json_add(driver, "version", json_object_new_string(PACKAGE_VERSION));
	report_json_add(driver, "semanticVersion", json_object_new_string(PACKAGE_VERSION));
	report_json_add(driver, "rules", rules());
	json_object *tool = json_object_new_object();
	report_json_add(tool, "driver", driver);
	json_object *run = json_object_new_object();
	report_json_add(run, "tool", tool);
	char cwd[4096];
	if (getcwd(cwd, sizeof cwd)) {
		struct buf uri = BUF_INIT;
		buf_adds(&uri, "file://");
		uri_path(&uri, cwd);
		buf_addc(&uri, '/');
		json_object *base = json_object_new_object(), *root = json_object_new_object();
		report_json_add(root, "uri", json_object_new_string(uri.data));
		report_json_add(base, "%SRCROOT%", root);
		report_json_add(run, "originalUriBaseIds", base);
		buf_free(&uri);
	}
	report_json_add(run, "columnKind", json_object_new_string("unicodeCodePoints"));
	/* Lines (of regions, and of the replacements of fixes) end as the
	 * locator ends them: a lone CR too, which SARIF's default omits. */
	json_object *newlines = json_object_new_array();
	json_object_array_add(newlines, json_object_new_string("\r\n"));
	json_object_array_add(newlines, json_object_new_string("\n"));
	json_object_array_add(newlines, json_object_new_string("\r"));
	report_json_add(run, "newlineSequences", newlines);
	json_object *inv = json_object_new_object(), *invs = json_object_new_array();
	report_json_add(inv, "executionSuccessful", json_object_new_boolean(sum->status != 2));
	report_json_add(inv, "exitCode", json_object_new_int(sum->status));
	json_object_array_add(invs, inv);
	report_json_add(run, "invocations", invs);
	report_json_add(run, "results", results);
	json_object *runs = json_object_new_array();
	json_object_array_add(runs, run);
	json_object *doc = json_object_new_object();
	report_json_add(doc, "$schema", json_object_new_string(
		"https://json.schemastore.org/sarif-2.1.0.json"));
	report_json_add(doc, "version", json_object_new_string("2.1.0"));
	report_json_add(doc, "runs", runs);
	return doc;
}

const struct format format_sarif = {
	.name = "sarif",
	.document = true,
	.results_level = 3,
	.occurrences = true,
	.finding = finding,
	.wrap = wrap,
	.edits = true,
};
