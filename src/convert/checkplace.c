/* checkplace: the check in place as the front ends ask it (the CLI, the
 * library, the page and the editor server): what the file holds
 * (inplace.c's conversion_check_held), and first what its name promises
 * when it holds another format (named.c's misnamed-file). */
#include <stdlib.h>

#include "core/catalog.h"
#include "core/diag.h"
#include "convert/conversion.h"
#include "convert/named.h"
#include "lint/pipeline.h"

/* misnamed-file first among out's findings, at the file's start (1:1,
 * which no locating gives once the check has placed the others). */
static size_t named_first(struct checked *out, char *misnamed, size_t nbugs)
{
	if (misnamed) {
		struct diag_list first = { 0 };
		struct diag *d = diag_at(&first, &rule_misnamed_file, 0, NULL, "%s", misnamed);
		d->line = d->col = 1;
		diag_list_take(&first, &out->doc.diags);
		out->doc.diags = first;
		free(misnamed);
	}
	return nbugs;
}

/* Asked before the check, which takes doc's text. */
size_t conversion_check(struct checked *out, struct document *doc, const struct check_request *req,
			struct buf *bugs)
{
	char *misnamed = named_mismatch(doc);
	return named_first(out, misnamed, conversion_check_held(out, doc, req, bugs, false, false));
}

size_t conversion_check_line(struct checked *out, struct document *doc,
			     const struct check_request *req, struct buf *bugs)
{
	return conversion_check_held(out, doc, req, bugs, true, false);
}

size_t conversion_check_repairs(struct checked *out, struct document *doc,
				const struct check_request *req, struct buf *bugs)
{
	char *misnamed = named_mismatch(doc);
	return named_first(out, misnamed, conversion_check_held(out, doc, req, bugs, false, true));
}
