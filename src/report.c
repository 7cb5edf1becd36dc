/* report: output formats. Text that comes from the input (keys, paths) may
 * hold control characters; they are escaped so that one diagnostic stays one
 * line. */
#include "report.h"

#include "catalog.h"

static void put_escaped(FILE *out, const char *s)
{
	for (; *s; s++) {
		unsigned char c = (unsigned char)*s;
		if (c == '\n')
			fputs("\\n", out);
		else if (c == '\r')
			fputs("\\r", out);
		else if (c == '\t')
			fputs("\\t", out);
		else if (c < 0x20 || c == 0x7F)
			fprintf(out, "\\u%04x", c);
		else
			putc(c, out);
	}
}

void report_concise(FILE *out, const struct document *doc)
{
	for (size_t i = 0; i < doc->diags.len; i++) {
		const struct diag *d = &doc->diags.items[i];
		put_escaped(out, doc->path);
		if (d->line)
			fprintf(out, ":%lu:%lu", d->line, d->col);
		fprintf(out, ": %s: ", severity_name(d->severity));
		put_escaped(out, d->message);
		fprintf(out, " [%s]\n", d->rule->id);
	}
}
