/* checkstyle: a Checkstyle XML report, as Jenkins' warnings plugin,
 * reviewdog (-f=checkstyle) and other code review tools read it: one
 * <file> per file checked, one <error> per finding with its line, column
 * (in code points, as everywhere in jgflint), severity (error, warning or
 * info), message and source (jgflint.RULE). */
#include "output/format.h"

#include "base/jstring.h"
#include "core/catalog.h"

static void begin(struct reporter *r)
{
	fputs("<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<checkstyle version=\"4.3\">\n", r->out);
}

static void document_begin(struct reporter *r, const struct document *doc, size_t shown)
{
	fputs("  <file name=\"", r->out);
	report_put_xml(r->out, doc->path);
	fputs(shown ? "\">\n" : "\"/>\n", r->out);
}

static void document_end(struct reporter *r, const struct document *doc, size_t shown)
{
	(void)doc;
	if (shown)
		fputs("  </file>\n", r->out);
}

static void finding(struct reporter *r, const struct document *doc, const struct doc_view *view,
		    size_t i, size_t nth)
{
	(void)view, (void)nth;
	const struct diag *d = &doc->diags.items[i];
	/* A finding about the whole file (it could not be read) is at line 0. */
	fprintf(r->out, "    <error line=\"%lu\"", d->line);
	if (d->line)
		fprintf(r->out, " column=\"%lu\"", d->col);
	fprintf(r->out, " severity=\"%s\" message=\"", severity_name(d->severity));
	report_put_xml(r->out, d->message);
	fputs("\" source=\"jgflint.", r->out);
	report_put_xml(r->out, d->rule->id);
	fputs("\"/>\n", r->out);
}

static void end(struct reporter *r, const struct summary *sum)
{
	(void)sum;
	fputs("</checkstyle>\n", r->out);
}

const struct format format_checkstyle = {
	.name = "checkstyle",
	.finding = finding,
	.begin = begin,
	.document_begin = document_begin,
	.document_end = document_end,
	.end = end,
};
