/* junit: a JUnit XML report, as GitLab's and Jenkins' test reports read
 * it: one <testsuite> per file, named by its path, one failing <testcase>
 * per finding (named by rule and position, the finding as its <failure>),
 * and one passing <testcase> for a file without findings, so a clean run
 * shows its files as passed tests. Totals of a <testsuites> are optional in
 * JUnit and are left out: the report is written as the files are checked. */
#include "output/format.h"

#include "base/jstring.h"
#include "core/catalog.h"

static void begin(struct reporter *r)
{
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<testsuites name=\"jgflint\">\n", r->out);
}

static void document_begin(struct reporter *r, const struct document *doc, size_t shown)
{
	fputs("  <testsuite name=\"", r->out);
	report_put_xml(r->out, doc->path);
	fprintf(r->out, "\" tests=\"%zu\" failures=\"%zu\" errors=\"0\" skipped=\"0\" time=\"0\">\n",
		shown ? shown : 1, shown);
	if (!shown) {
		fputs("    <testcase classname=\"", r->out);
		report_put_xml(r->out, doc->path);
		fputs("\" name=\"jgflint\" time=\"0\"/>\n", r->out);
	}
}

static void document_end(struct reporter *r, const struct document *doc, size_t shown)
{
	(void)doc, (void)shown;
	fputs("  </testsuite>\n", r->out);
}

static void finding(struct reporter *r, const struct document *doc, const struct doc_view *view,
		    size_t i, size_t nth)
{
	(void)view, (void)nth;
	const struct diag *d = &doc->diags.items[i];
	fputs("    <testcase classname=\"", r->out);
	report_put_xml(r->out, doc->path);
	fputs("\" name=\"", r->out);
	struct buf name = BUF_INIT;
	if (d->line)
		buf_printf(&name, "%s at %lu:%lu", d->rule->id, d->line, d->col);
	else
		buf_adds(&name, d->rule->id);
	report_put_xml(r->out, name.data);
	fputs("\" time=\"0\">\n      <failure type=\"", r->out);
	report_put_xml(r->out, severity_name(d->severity));
	fputs("\" message=\"", r->out);
	report_put_xml(r->out, d->message);
	fputs("\">", r->out);
	buf_truncate(&name, 0);
	report_finding_text(&name, doc, d);
	report_put_xml(r->out, name.data);
	fputs("</failure>\n    </testcase>\n", r->out);
	buf_free(&name);
}

static void end(struct reporter *r, const struct summary *sum)
{
	(void)sum;
	fputs("</testsuites>\n", r->out);
}

const struct format format_junit = {
	.name = "junit",
	.finding = finding,
	.begin = begin,
	.document_begin = document_begin,
	.document_end = document_end,
	.end = end,
};
