/* github: GitHub Actions workflow commands (::error file=...::message),
 * which the Actions runner turns into annotations on the pull request. */
#include "output/format.h"

#include "base/jstring.h"

/* Data escapes %, CR, LF; property values also : and ,. Before that,
 * invisible characters and bytes that are not UTF-8 are escaped as in the
 * other line formats: the log shows what the file holds. */
static void put_github(FILE *out, const char *text, bool property)
{
	struct buf shown = BUF_INIT, valid = BUF_INIT;
	utf8_escape_invalid(&valid, text);
	escape_invisible(&shown, valid.data, valid.len);
	buf_free(&valid);
	/* Plain bytes go out in runs, one fwrite each. */
	const char *s = shown.data ? shown.data : "", *run = s;
	for (; *s; s++) {
		const char *esc = *s == '%' ? "%25" : *s == '\r' ? "%0D" : *s == '\n' ? "%0A" :
				  property && *s == ':' ? "%3A" : property && *s == ',' ? "%2C" : NULL;
		if (esc) {
			fwrite(run, 1, (size_t)(s - run), out);
			fputs(esc, out);
			run = s + 1;
		}
	}
	fwrite(run, 1, (size_t)(s - run), out);
	buf_free(&shown);
}

static void finding(struct reporter *r, const struct document *doc, const struct doc_view *view,
		    size_t i, size_t nth)
{
	(void)view, (void)nth;
	static const char *const commands[] = { "notice", "warning", "error" };
	const struct diag *d = &doc->diags.items[i];
	fprintf(r->out, "::%s file=", commands[d->severity]);
	put_github(r->out, doc->path, true);
	if (d->line) {
		fprintf(r->out, ",line=%lu,col=%lu", d->line, d->col);
		if (d->end_line)
			fprintf(r->out, ",endLine=%lu,endColumn=%lu", d->end_line, d->end_col);
	}
	fputs(",title=", r->out);
	put_github(r->out, d->rule->id, true);
	fputs("::", r->out);
	put_github(r->out, d->message, false);
	putc('\n', r->out);
}

const struct format format_github = {
	.name = "github",
	.finding = finding,
};
