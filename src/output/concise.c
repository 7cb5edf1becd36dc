/* concise: one line a finding, as compilers write them and editors and CI
 * log parsers read them: PATH:LINE:COL: SEVERITY: [*] MESSAGE [RULE-ID]. */
#include "output/format.h"

#include <string.h>

#include "base/ascii.h"
#include "base/digits.h"
#include "base/jstring.h"
#include "core/catalog.h"

/* A line's parts gathered and written in one call (a call of fputs a
 * part, twelve a line, was 3.7 M of R47's file's 3,003 lines), its path
 * and words too where they hold nothing to escape (printable ASCII). */
struct parts {
	FILE *out;
	size_t n;
	char b[256];
};

static void parts_flush(struct parts *p)
{
	if (p->n)
		fwrite(p->b, 1, p->n, p->out);
	p->n = 0;
}

static void parts_add(struct parts *p, const char *s, size_t len)
{
	if (len > sizeof p->b - p->n) {
		parts_flush(p);
		if (len > sizeof p->b) {
			fwrite(s, 1, len, p->out);
			return;
		}
	}
	memcpy(p->b + p->n, s, len);
	p->n += len;
}

void concise_line(struct reporter *r, const struct document *doc, const struct diag *d)
{
	struct parts p = { .out = r->out };
	const char *bold = report_paint(r, BOLD);
	parts_add(&p, bold, strlen(bold));
	size_t len = strlen(doc->path);
	if (printable_span(doc->path, len) == len) {   /* (nothing to escape, as most paths) */
		parts_add(&p, doc->path, len);
	} else {
		parts_flush(&p);
		struct buf path = BUF_INIT;
		utf8_escape_invalid(&path, doc->path);
		report_put_escaped(r->out, path.data);
		buf_free(&path);
	}
	if (d->line) {   /* ":LINE:COL", without fprintf's formatting */
		char at[2 * DIGITS_MAX + 2], *q = digits_before(at + sizeof at, d->col);
		*--q = ':';
		q = digits_before(q, d->line);
		*--q = ':';
		parts_add(&p, q, (size_t)(at + sizeof at - q));
	}
	/* (the words put one by one: formatted, they were most of a line's
	 * cost, 9.5 M of the 15.0 M of R47's findings file's 3,003 lines) */
	const char *words[] = { ":", report_paint(r, RESET), " ",
				report_paint(r, report_severity_color(d->severity)),
				severity_name(d->severity), report_paint(r, RESET), ": ",
				report_fixable(r, d) ? "[*] " : "", report_paint(r, BOLD) };
	for (size_t i = 0; i < sizeof words / sizeof *words; i++)
		parts_add(&p, words[i], strlen(words[i]));
	len = strlen(d->message);
	if (printable_span(d->message, len) == len) {   /* (nothing to escape, as most words) */
		parts_add(&p, d->message, len);
	} else {
		parts_flush(&p);
		report_put_escaped(r->out, d->message);
	}
	const char *after[] = { report_paint(r, RESET), " [", d->rule->id, "]\n" };
	for (size_t i = 0; i < sizeof after / sizeof *after; i++)
		parts_add(&p, after[i], strlen(after[i]));
	parts_flush(&p);
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
