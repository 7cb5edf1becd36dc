/* outputs: a run's reports (--format, and -o's files): each file written
 * whole and put in place at the end (cli/write.c's pending files), the
 * default format, colour and the terminal's width. */
#include "cli/outputs.h"

#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/ioctl.h>
#include <unistd.h>

#include "cli/write.h"
#include "output/format.h"
#include "output/report.h"

static bool want_color(const struct run_options *o, FILE *f)
{
	if (o->color != COLOR_AUTO)
		return o->color == COLOR_ALWAYS;
	const char *force = getenv("FORCE_COLOR"), *no = getenv("NO_COLOR");
	if (force && *force && strcmp(force, "0") != 0)
		return true;
	if (no && *no)
		return false;
	return isatty(fileno(f));
}

/* The width of the terminal f writes to: COLUMNS when set (as git and
 * less read it), else the terminal's own; 0 when f is no terminal. */
static size_t terminal_columns(FILE *f)
{
	const char *env = getenv("COLUMNS");
	char *end;
	long n = env && *env ? strtol(env, &end, 10) : 0;
	if (n > 0 && !*end)
		return (size_t)n;
	struct winsize ws;
	if (isatty(fileno(f)) && ioctl(fileno(f), TIOCGWINSZ, &ws) == 0 && ws.ws_col > 0)
		return ws.ws_col;
	return 0;
}

bool outputs_open(struct run_options *o, bool fixed_to_stdout)
{
	/* --write-baseline records the findings: it lists them only in the
	 * formats asked for. */
	if (o->noutputs == 0 && !o->write_baseline) {
		const char *gha = getenv("GITHUB_ACTIONS");
		const struct format *f = gha && *gha ? &format_github :
					 isatty(STDOUT_FILENO) ? &format_text : &format_concise;
		o->outputs[o->noutputs++] = (struct output){ .format = f };
	}
	/* Every file first: a report is begun only when all can be written.
	 * Each is written to a temporary file, put in place once complete, so
	 * that no report is left cut off or empty, and none is lost to an
	 * output that fails, a full disk or an interrupted run. */
	for (size_t i = 0; i < o->noutputs; i++) {
		struct output *out = &o->outputs[i];
		if (!out->path) {
			out->file = fixed_to_stdout ? stderr : stdout;
			continue;
		}
		int err = write_begin(&out->pending, out->path);
		if (err) {
			fprintf(stderr, "jgflint: cannot write %s: %s\n", out->path,
				write_error(err, NULL));
			for (size_t k = 0; k < i; k++)
				if (o->outputs[k].path)
					write_abandon(&o->outputs[k].pending);
			return false;
		}
		out->file = out->pending.file;
	}
	for (size_t i = 0; i < o->noutputs; i++) {
		struct output *out = &o->outputs[i];
		struct report_options ro = { .color = want_color(o, out->file), .statistics = o->statistics,
					      .quiet = o->quiet, .unsafe = o->unsafe, .no_board = o->no_board,
					      .columns = out->format == &format_text ?
							 terminal_columns(out->file) : 0 };
		if (out->format == &format_text)
			o->text_columns = ro.columns;
		out->reporter = reporter_new(out->format, out->file, &ro);
	}
	return true;
}

bool outputs_close(struct run_options *o, const struct summary *sum)
{
	bool ok = true;
	for (size_t i = 0; i < o->noutputs; i++) {
		struct output *out = &o->outputs[i];
		if (out->reporter)
			reporter_finish(out->reporter, sum);
		out->reporter = NULL;
		int err = out->path && out->file ? write_commit(&out->pending) : 0;
		if (err) {
			fprintf(stderr, "jgflint: cannot write %s: %s; %s\n", out->path,
				write_error(err, NULL), write_outcome(&out->pending));
			ok = false;
		}
		out->file = NULL;
	}
	return ok;
}
