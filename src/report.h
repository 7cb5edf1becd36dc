/* report: writes a document's sorted diagnostics in an output format. */
#ifndef JGF_REPORT_H
#define JGF_REPORT_H

#include <stdio.h>
#include "load.h"

/* One line per diagnostic: PATH:LINE:COL: SEVERITY: MESSAGE [RULE-ID]
 * (PATH: SEVERITY: … for diagnostics about the whole file). */
void report_concise(FILE *out, const struct document *doc);

#endif
