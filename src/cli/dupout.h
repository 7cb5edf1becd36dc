/* dupout: `jgflint duplicates`' report written as text, json or html
 * piece by piece, as dup_set_each hands the pieces on: each is written at
 * once to a spool (a temporary file) and freed, so that the report is
 * never held whole, and the spool is copied out at the end behind what
 * only the end knows (the counts in json's head, the summary in html's). */
#ifndef JGF_DUPOUT_H
#define JGF_DUPOUT_H

#include <stdbool.h>
#include <stdio.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "dup/dup.h"

struct dup_out;

/* A report in format (text, json or html); keys: with --keys (json lists
 * "keys" then, even none). */
struct dup_out *dup_out_new(const char *format, bool keys);
/* The hooks of a struct dup_report_sink whose ctx is the dup_out. */
void dup_out_key(void *out, json_object *key);
void dup_out_group(void *out, json_object *group);
void dup_out_fragment(void *out, json_object *fragment);
/* The report whole to to, byte for byte what the report made as one
 * json-c document wrote: totals its counts, summary the html page's
 * header, index json's "index" (NULL: none). False (errno set) when the
 * spool cannot be read back. */
bool dup_out_write(struct dup_out *o, FILE *to, const struct dup_totals *totals,
		   const char *summary, json_object *index);
void dup_out_free(struct dup_out *o);

/* The summary's end: "N duplicates in M groups" or "no duplicates", then
 * its fragments ("; 1 prefix and 2 middles of several different games"). */
void dup_out_summary(struct buf *summary, const struct dup_totals *totals);

#endif
