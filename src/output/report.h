/* report: writes diagnostics in an output format. A reporter receives each
 * document in turn (with its sorted diagnostics) and the run's summary at
 * the end; formats that are one document (json, sarif) are written then. */
#ifndef JGF_REPORT_H
#define JGF_REPORT_H

#include <stdbool.h>
#include <stdio.h>

#include "read/load.h"

enum format {
	FORMAT_TEXT,     /* each finding with its source line and a caret */
	FORMAT_CONCISE,  /* PATH:LINE:COL: SEVERITY: MESSAGE [RULE-ID] */
	FORMAT_JSON,     /* one JSON document: every finding, and a summary */
	FORMAT_SARIF,    /* SARIF 2.1.0, for code scanning */
	FORMAT_GITHUB,   /* GitHub Actions workflow commands */
	FORMAT_GITLAB,   /* GitLab Code Quality report (a JSON array) */
};

/* Returns false for an unknown name. */
bool format_from_name(const char *name, enum format *out);
const char *format_name(enum format f);

struct summary {
	size_t files;        /* files checked */
	size_t counts[3];    /* findings by severity */
	size_t fixes;        /* fixes applied (or, with --diff, that would be) */
	size_t fixed_files;
	size_t baselined;    /* findings a baseline suppressed */
	size_t fixable;      /* findings --fix would repair */
	size_t unsafe_fixable; /* more that --fix --unsafe-fixes would */
	int status;          /* the exit status, as far as known when reporting */
};

struct report_options {
	bool color;          /* ANSI colours (text format) */
	bool statistics;     /* counts per rule instead of each finding */
	bool quiet;          /* errors only */
	bool unsafe;         /* --unsafe-fixes: unsafe fixes count as fixable */
};

struct reporter;

struct reporter *reporter_new(enum format format, FILE *out, const struct report_options *opts);
/* doc's diagnostics must be located and sorted (lint_document does). */
void reporter_document(struct reporter *r, const struct document *doc);
/* Whether a reporter of this format needs doc's whole text and locator:
 * json and SARIF locate the edits of fixes in them. */
bool report_needs_text(enum format format, const struct document *doc);
/* Unless keep_text, frees what no reporter reads of a checked (and fixed)
 * document: the DOM, the locator and the text, keeping its path and located
 * diagnostics; with text_format, also the window of each finding's line
 * the text format quotes and its point name (struct diag's view fields).
 * Called on the worker that built the document, so that documents waiting
 * to be reported in order hold little memory and are freed into the arena
 * they came from. */
void report_view(struct document *doc, bool keep_text, bool text_format);
/* Writes what is written at the end, and frees the reporter (not out). */
void reporter_finish(struct reporter *r, const struct summary *sum);

#endif
