/* concise: one line a finding, as compilers write them and editors and CI
 * log parsers read them: PATH:LINE:COL: SEVERITY: [*] MESSAGE [RULE-ID]. */
#include "output/format.h"

#include "base/jstring.h"
#include "core/catalog.h"

void concise_line(struct reporter *r, const struct document *doc, const struct diag *d)
{
	fputs(report_paint(r, BOLD), r->out);
	struct buf path = BUF_INIT;
	utf8_escape_invalid(&path, doc->path);
	report_put_escaped(r->out, path.data);
	buf_free(&path);
	if (d->line)
		fprintf(r->out, ":%lu:%lu", d->line, d->col);
	fprintf(r->out, ":%s %s%s%s: %s%s", report_paint(r, RESET),
		report_paint(r, report_severity_color(d->severity)), severity_name(d->severity),
		report_paint(r, RESET), report_fixable(r, d) ? "[*] " : "", report_paint(r, BOLD));
	report_put_escaped(r->out, d->message);
	fprintf(r->out, "%s [%s]\n", report_paint(r, RESET), d->rule->id);
}

static void finding(struct reporter *r, const struct document *doc, const struct doc_view *view,
		    size_t i, size_t nth)
{
	(void)view, (void)nth;
	concise_line(r, doc, &doc->diags.items[i]);
}

const struct format format_concise = {
	.name = "concise",
	.terminal = true,
	.statistics = true,
	.finding = finding,
};
