/* outputs: a run's reports, opened and closed (cli/run.c, --convert's
 * report). */
#ifndef JGF_OUTPUTS_H
#define JGF_OUTPUTS_H

#include <stdbool.h>

#include "cli/options.h"
#include "output/format.h"

/* Opens every output (the default format when none is asked for); with
 * `--fix -`, standard output carries the fixed document, so findings meant
 * for it go to standard error. False, after saying why, when a file cannot
 * be written: none is begun. */
bool outputs_open(struct run_options *o, bool fixed_to_stdout);
/* Finishes every report and puts each file in place; false after saying
 * why one could not be written. */
bool outputs_close(struct run_options *o, const struct summary *sum);

#endif
