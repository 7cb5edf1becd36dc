/* convert_cli: the --convert command: inputs to JGF v2 files, with what
 * was repaired, kept under meta and found by the linter. */
#ifndef JGF_CONVERT_CLI_H
#define JGF_CONVERT_CLI_H

#include <stdbool.h>
#include <stddef.h>

struct rule_list;
struct run_options;

struct convert_options {
	const char *output;   /* --output DIR, "-" for standard output, or NULL: beside the input */
	bool force;           /* --force: replace existing files */
	const char *encoding; /* --encoding NAME: the character set of text inputs, or NULL */
	bool quiet;           /* -q: print only problems (errors, findings, a failed summary) */
	/* --extensions: more file endings a directory walk takes; such a file is
	 * converted when its content is a format --convert reads (SGF-in-JSON
	 * in .json files), else skipped. NULL or empty: none. */
	const struct rule_list *extensions;
	bool to_sgf;          /* --to sgf: write SGF FF[4] (JGF inputs too), not JGF */
	bool to_sgfjson;      /* --to sgfjson: that SGF as SGF-in-JSON (seed 002's); to_sgf too */
	bool pass_tt;         /* --sgf-pass-tt: a pass as [tt] on boards up to 19x19 */
	bool compress;        /* --sgf-compress: point lists as rectangles (aa:cc) */
	bool collection;      /* --sgf-collection: an input's games in one SGF file */
	/* The report of the findings, as a check's (--format, --select,
	 * configurations, baselines, --statistics, --max-warnings); NULL: no
	 * report (the fuzz target). */
	struct run_options *run;
};

/* Converts every path ("-" is standard input), reporting the findings of
 * each as a check in place reports them, then makes the new records
 * durable with one sync and prints a closing summary; returns the exit
 * status: that of the report (0 clean, 1 errors or warnings the policy
 * fails on), or 2 when an input could not be read or is not a format
 * --convert reads, or an output could not be written. When
 * converter_bugs is not NULL, it counts the findings outside the go category
 * in the records written: each is a converter bug (the fuzz target's oracle). */
int convert_files(char **paths, size_t npaths, const struct convert_options *o,
		  size_t *converter_bugs);

#endif
