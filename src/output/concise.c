/* concise: one line a finding, as compilers write them and editors and CI
 * log parsers read them: PATH:LINE:COL: SEVERITY: [*] MESSAGE [RULE-ID]. */
#include "output/format.h"

#include "base/digits.h"
#include "base/jstring.h"
#include "core/catalog.h"

void concise_line(struct reporter *r, const struct document *doc, const struct diag *d)
{
	fputs(report_paint(r, BOLD), r->out);
	struct buf path = BUF_INIT;
	utf8_escape_invalid(&path, doc->path);
	report_put_escaped(r->out, path.data);
	buf_free(&path);
	if (d->line) {   /* ":LINE:COL", without fprintf's formatting */
		char at[2 * DIGITS_MAX + 2], *p = digits_before(at + sizeof at, d->col);
		*--p = ':';
		p = digits_before(p, d->line);
		*--p = ':';
		fwrite(p, 1, (size_t)(at + sizeof at - p), r->out);
	}
	/* (the words put one by one: formatted, they were most of a line's
	 * cost, 9.5 M of the 15.0 M of R47's findings file's 3,003 lines) */
	const char *words[] = { ":", report_paint(r, RESET), " ",
				report_paint(r, report_severity_color(d->severity)),
				severity_name(d->severity), report_paint(r, RESET), ": ",
				report_fixable(r, d) ? "[*] " : "", report_paint(r, BOLD) };
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		fputs(words[i], r->out);
	report_put_escaped(r->out, d->message);
	fputs(report_paint(r, RESET), r->out);
	fputs(" [", r->out);
	fputs(d->rule->id, r->out);
	fputs("]\n", r->out);
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
