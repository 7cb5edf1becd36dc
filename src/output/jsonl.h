/* jsonl: --stream's output, one JSON line per input line: its line number,
 * the value of --id-field, counts by severity and the findings, with
 * columns counted from the start of the input line. */
#ifndef JGF_JSONL_H
#define JGF_JSONL_H

#include <stdbool.h>
#include <stddef.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "read/load.h"

struct jsonl_line {
	unsigned long lineno;     /* of the input line, 1-based */
	bool with_id;             /* --id-field was given: the line has "id" */
	json_object *id;          /* its value in the record, or NULL */
	bool blank;               /* the input line was blank */
	bool quiet;               /* errors only */
	/* --stream --convert: members added after "findings" (taken over:
	 * jsonl_findings puts it), or NULL. */
	json_object *more;
};

/* Appends the line for doc (its findings located and sorted) to out,
 * without the line break; counts are doc's findings by severity. */
void jsonl_findings(struct buf *out, const struct jsonl_line *line, const size_t counts[3],
		    const struct document *doc);

#endif
