/* gitlab: a GitLab Code Quality report, one JSON array of issues with
 * description, check_name, fingerprint, severity (info, minor, major,
 * critical or blocker) and location.path/lines.begin. */
#include "output/format.h"

#include <stdlib.h>

#include "base/jstring.h"

static void finding(struct reporter *r, const struct document *doc, const struct doc_view *view,
		    size_t i, size_t nth)
{
	(void)view;
	static const char *const severities[] = { "info", "minor", "major" };
	const struct diag *d = &doc->diags.items[i];
	json_object *o = json_object_new_object(), *loc = json_object_new_object();
	json_object *lines = json_object_new_object();
	report_json_add(o, "description", json_object_new_string(d->message));
	report_json_add(o, "check_name", json_object_new_string(d->rule->id));
	char *f = report_fingerprint(doc, d, nth);
	report_json_add(o, "fingerprint", json_object_new_string(f));
	free(f);
	report_json_add(o, "severity", json_object_new_string(severities[d->severity]));
	struct buf path = BUF_INIT;   /* valid UTF-8, as the json format writes names */
	utf8_escape_invalid(&path, report_project_path(doc->path));
	report_json_add(loc, "path", json_object_new_string(path.data));
	buf_free(&path);
	report_json_add(lines, "begin", json_object_new_int64(d->line ? (int64_t)d->line : 1));
	report_json_add(loc, "lines", lines);
	report_json_add(o, "location", loc);
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
};
