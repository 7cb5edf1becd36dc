/* gitlab: a GitLab Code Quality report, one JSON array of issues with
 * description, check_name, fingerprint, severity (info, minor, major,
 * critical or blocker) and location.path/lines.begin. */
#include "output/format.h"

#include <stdlib.h>

#include "base/dom.h"
#include "base/jstring.h"

static void finding(struct reporter *r, const struct document *doc, const struct doc_view *view,
		    size_t i, size_t nth)
{
	(void)view;
	static const char *const severities[] = { "info", "minor", "major" };
	const struct diag *d = &doc->diags.items[i];
	json_object *o = dom_object(), *loc = dom_object();
	json_object *lines = dom_object();
	dom_add(o, "description", dom_string(d->message));
	dom_add(o, "check_name", dom_string(d->rule->id));
	char *f = report_fingerprint(doc, d, nth);
	dom_add(o, "fingerprint", dom_string(f));
	free(f);
	dom_add(o, "severity", dom_string(severities[d->severity]));
	struct buf path = BUF_INIT;   /* valid UTF-8, as the json format writes names */
	utf8_escape_invalid(&path, report_project_path(doc->path));
	dom_add(loc, "path", dom_string(path.data));
	buf_free(&path);
	dom_add(lines, "begin", dom_int(d->line ? (int64_t)d->line : 1));
	dom_add(loc, "lines", lines);
	dom_add(o, "location", loc);
	report_add_result(r, o);
}

static json_object *wrap(struct reporter *r, json_object *results, const struct summary *sum)
{
	(void)r, (void)sum;
	return results;
}

const struct format format_gitlab = {
	.name = "gitlab",
	.document = true,
	.results_level = 0,
	.occurrences = true,
	.finding = finding,
	.wrap = wrap,
	.places = true,
};
