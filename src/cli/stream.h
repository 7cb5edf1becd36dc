/* stream: --stream, JSON Lines in, JSON Lines out. Each line of standard
 * input is one record; each gets exactly one line on standard output, in
 * input order (its findings as JSON, or with --fix the fixed record, and its
 * findings that remain on standard error or in -o FILE; with --convert, its
 * findings, notes and records), so the
 * output zips with the input, as Hadoop Streaming, Spark's RDD.pipe, Dask
 * and GNU parallel --pipe expect. Lines are checked on --jobs threads; at
 * most a few lines are held at once, whatever the length of the stream. */
#ifndef JGF_STREAM_H
#define JGF_STREAM_H

#include "cli/run.h"

struct convert_options;

/* conv: with --convert, each line is converted (conv->to_sgf: to SGF) and
 * its output line carries the records and notes; NULL: a check. id_field:
 * a dotted path (game.name) whose value identifies each record in the
 * output, or NULL. report (-o FILE), or NULL: where the findings
 * lines go instead of standard output; with --fix, where the lines of the
 * findings that remain go (all of them), instead of standard error (those
 * of the lines that have any). Returns the exit status. */
int stream_run(struct run_options *o, const char *id_field, const char *report,
	       const struct convert_options *conv);

#endif
