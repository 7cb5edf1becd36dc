/* report: writes findings in an output format. A reporter receives each
 * document in turn (with its sorted findings) and the run's summary at the
 * end; formats that are one document (json, sarif, gitlab) are written then.
 * Each format is one file of output/ (format.h says what it defines). */
#ifndef JGF_REPORT_H
#define JGF_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "output/format.h"
#include "read/load.h"

/* The format called name, or NULL. */
const struct format *format_find(const char *name);
const char *format_name(const struct format *f);
/* The formats' names, ", "-separated ("text, concise, ..."), and as a
 * NULL-terminated list. */
const char *format_names_text(void);
const char *const *format_names(void);
/* Whether the format is for people reading a terminal (text, concise): it
 * can share standard output with a diff, and counts what --fix would repair. */
bool format_for_terminal(const struct format *f);

/* Counts doc's findings into sum: by severity, and those --fix (with
 * unsafe, --fix --unsafe-fixes) would repair. */
void summary_add(struct summary *sum, const struct document *doc, bool unsafe);

struct reporter *reporter_new(const struct format *format, FILE *out,
			      const struct report_options *opts);
/* doc's findings must be located and sorted (lint_document does). view is
 * the document's view (report_view) when its text was freed, or NULL. */
void reporter_document(struct reporter *r, const struct document *doc,
		       const struct doc_view *view);
/* Whether a reporter of this format needs doc's whole text and locator:
 * json and SARIF locate the edits of fixes in them. */
bool report_needs_text(const struct format *format, const struct document *doc);
/* Whether the format reads a document's view (text, html). */
bool format_wants_view(const struct format *f);
/* Whether the format reads the places of SGF's findings (json, SARIF,
 * GitLab: format.places). */
bool format_reads_places(const struct format *f);
/* With quotes, the view the text and html formats read of doc (else an
 * empty one): its quoted lines cut to columns, as report_options', and with
 * boards the positions of findings about positions. Then, unless keep_text,
 * frees what no reporter reads of a checked (and fixed) document: the DOM,
 * the locator and the text, keeping its path and located findings. Called
 * on the worker that built the document, so that documents waiting to be
 * reported in order hold little memory and are freed into the arena they
 * came from. */
void report_view(struct document *doc, bool keep_text, bool quotes, bool boards, size_t columns,
		 struct doc_view *view);
void doc_view_free(struct doc_view *view);
/* Writes what is written at the end, and frees the reporter (not out). */
void reporter_finish(struct reporter *r, const struct summary *sum);

/* The concise report of one checked document, as the program prints it
 * (its findings sorted and located): each finding's line into lines, what
 * the report says at its end (the count of what --fix fixes) into end;
 * whether a finding is an error. */
bool report_concise_text(struct document *doc, struct buf *lines, struct buf *end);

#endif
