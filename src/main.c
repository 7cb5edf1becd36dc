/* jgflint: command line. Parses options, lints each input in order, prints
 * the report and a summary, and maps the outcome to the exit status. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#include "buf.h"
#include "catalog.h"
#include "diff.h"
#include "fix.h"
#include "lint.h"
#include "report.h"
#include "write.h"

enum { EXIT_CLEAN = 0, EXIT_FINDINGS = 1, EXIT_TROUBLE = 2 };

static const char usage[] =
	"Usage: jgflint [OPTION]... FILE...\n"
	"Check JGF (JSON Go Format) game records against the JGF specification.\n"
	"\n"
	"Each FILE is read and checked; `-` reads standard input. Findings are\n"
	"reported sorted by position, then a summary on standard error.\n"
	"\n"
	"Options:\n"
	"  --fix             apply safe fixes in place (atomically), then report what\n"
	"                    remains; with `-`, write the fixed document to stdout\n"
	"  --unsafe-fixes    with --fix or --diff, also apply unsafe fixes (which move\n"
	"                    data JGF v2 has no place for)\n"
	"  --diff            print a unified diff of what --fix would change; write\n"
	"                    nothing\n"
	"  --format FORMAT[=PATH]\n"
	"                    text (default on a terminal: each finding with its source\n"
	"                    line and a caret), concise (default otherwise:\n"
	"                    PATH:LINE:COL: SEVERITY: MESSAGE [RULE-ID]), json, sarif\n"
	"                    (SARIF 2.1.0) or github (GitHub Actions annotations,\n"
	"                    the default when GITHUB_ACTIONS is set); with =PATH,\n"
	"                    written to PATH; may be given several times\n"
	"  --color WHEN      auto (default: on a terminal, unless NO_COLOR is set;\n"
	"                    FORCE_COLOR forces it), always or never\n"
	"  --statistics      count findings per rule instead of listing them\n"
	"  -q, --quiet       report errors only, and no summary\n"
	"  --list-rules      list every rule: id, category, default severity, fixes\n"
	"                    (safe, unsafe or -), summary\n"
	"  --explain RULE    explain a rule, with a failing and a passing example\n"
	"  -h, --help        show this help and exit\n"
	"  -V, --version     show the version and exit\n"
	"\n"
	"Exit status:\n"
	"  0  no errors (warnings and infos may have been reported); with --diff,\n"
	"     nothing to change\n"
	"  1  at least one error was found (after fixing, with --fix); with --diff,\n"
	"     some file would change\n"
	"  2  usage error, or a file could not be read\n";

static int list_rules(void)
{
	const struct rule *const *rules;
	size_t n = catalog_sorted(&rules);
	static const char *const fixability[] = { "-", "safe", "unsafe", "safe+unsafe" };
	for (size_t i = 0; i < n; i++)
		printf("%-24s %-9s %-8s %-10s %s\n", rules[i]->id, rules[i]->category,
		       severity_name(rules[i]->severity), fixability[rules[i]->fix],
		       rules[i]->summary);
	return EXIT_CLEAN;
}

static int explain(const char *id)
{
	const struct rule *r = catalog_find(id);
	if (!r) {
		fprintf(stderr, "jgflint: no rule named '%s' (jgflint --list-rules lists them)\n", id);
		return EXIT_TROUBLE;
	}
	static const char *const fixability[] = {
		"", ", fixable with --fix", ", fixable with --fix --unsafe-fixes",
		", fixable with --fix (some fixes need --unsafe-fixes)"
	};
	printf("%s (%s, %s%s)\n\n%s\n\n%s", r->id, r->category, severity_name(r->severity),
	       fixability[r->fix], r->summary, r->explanation);
	return EXIT_CLEAN;
}

static void plural(struct buf *b, size_t n, const char *word)
{
	buf_printf(b, "%zu %s%s", n, word, n == 1 ? "" : "s");
}

/* One --format: a format and where it goes. */
struct output {
	enum format format;
	const char *path;     /* NULL: standard output */
	FILE *file;
	struct reporter *reporter;
};

#define MAX_OUTPUTS 8

struct options {
	bool fix;          /* write fixed files */
	bool diff;         /* print what --fix would change, write nothing */
	bool unsafe;       /* include unsafe fixes */
	bool quiet;        /* errors only, no summary */
	bool statistics;   /* counts per rule */
	enum { COLOR_AUTO, COLOR_ALWAYS, COLOR_NEVER } color;
	struct output outputs[MAX_OUTPUTS];
	size_t noutputs;
};

struct totals {
	struct summary sum;
	bool changed;      /* --diff: some file would change */
	bool trouble;      /* an input could not be read or written */
};

/* "json-bom, v1-leftover (2)" */
static void describe_tally(struct buf *b, const struct fix_tally *t)
{
	for (size_t i = 0; i < t->len; i++) {
		buf_printf(b, "%s%s", i ? ", " : "", t->items[i].rule->id);
		if (t->items[i].count > 1)
			buf_printf(b, " (%zu)", t->items[i].count);
	}
}

/* --fix and --diff: fixes doc in memory, then writes, prints or diffs it. */
static void fix_file(struct document *doc, const char *arg, const struct options *o,
		     struct totals *t)
{
	bool is_stdin = strcmp(arg, "-") == 0;
	char *original = xstrndup(doc->text, doc->len);
	size_t original_len = doc->len;
	struct fix_tally tally = { 0 };
	if (!fix_document(doc, o->unsafe, &tally)) {
		fprintf(stderr, "jgflint: %s: internal error: a fix produced invalid JSON; "
			"the file was not changed (please report this)\n", doc->path);
		t->trouble = true;
	} else if (o->diff) {
		if (tally.total) {
			diff_unified(stdout, doc->path, original, original_len, doc->text, doc->len);
			t->changed = true;
		}
	} else if (is_stdin) {
		fwrite(doc->text, 1, doc->len, stdout);
	} else if (tally.total) {
		int err = write_atomic(arg, doc->text, doc->len);
		if (err) {
			fprintf(stderr, "jgflint: %s: cannot write the fixed file: %s; it was not changed\n",
				doc->path, strerror(err));
			t->trouble = true;
			fix_tally_free(&tally);
			tally = (struct fix_tally){ 0 };
		}
	}
	if (tally.total) {
		struct buf b = BUF_INIT;
		describe_tally(&b, &tally);
		fprintf(stderr, "%s: %s %zu problem%s: %s\n", doc->path, o->diff ? "would fix" : "fixed",
			tally.total, tally.total == 1 ? "" : "s", b.data);
		buf_free(&b);
		t->sum.fixes += tally.total;
		t->sum.fixed_files++;
	}
	fix_tally_free(&tally);
	free(original);
}

static void check_file(const char *arg, const struct options *o, struct totals *t)
{
	struct document doc;
	document_load_file(&doc, arg);
	lint_document(&doc);
	/* A file with syntax errors is never rewritten. */
	if ((o->fix || o->diff) && doc.parsed)
		fix_file(&doc, arg, o, t);
	if (!o->diff)
		for (size_t i = 0; i < o->noutputs; i++)
			reporter_document(o->outputs[i].reporter, &doc);
	for (int s = SEV_INFO; s <= SEV_ERROR; s++)
		t->sum.counts[s] += diag_list_count(&doc.diags, (enum severity)s);
	t->trouble |= doc.io_failed;
	t->sum.files += !doc.io_failed;
	document_free(&doc);
}

/* --format NAME[=PATH] */
static bool add_output(struct options *o, const char *arg)
{
	const char *eq = strchr(arg, '=');
	char *name = xstrndup(arg, eq ? (size_t)(eq - arg) : strlen(arg));
	enum format f;
	bool ok = format_from_name(name, &f);
	if (!ok)
		fprintf(stderr, "jgflint: unknown format '%s' (text, concise, json, sarif, github)\n", name);
	else if (o->noutputs == MAX_OUTPUTS)
		fprintf(stderr, "jgflint: at most %d --format options\n", MAX_OUTPUTS), ok = false;
	else if (eq && !eq[1])
		fprintf(stderr, "jgflint: --format %s= needs a file name\n", name), ok = false;
	else
		o->outputs[o->noutputs++] = (struct output){ f, eq ? eq + 1 : NULL, NULL, NULL };
	free(name);
	return ok;
}

static bool want_color(const struct options *o, FILE *f)
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

/* Opens every output; with `--fix -`, standard output carries the fixed
 * document, so findings meant for it go to standard error. */
static bool open_outputs(struct options *o, bool fixed_to_stdout)
{
	if (o->noutputs == 0) {
		const char *gha = getenv("GITHUB_ACTIONS");
		enum format f = gha && *gha ? FORMAT_GITHUB : isatty(STDOUT_FILENO) ? FORMAT_TEXT
										  : FORMAT_CONCISE;
		o->outputs[o->noutputs++] = (struct output){ f, NULL, NULL, NULL };
	}
	for (size_t i = 0; i < o->noutputs; i++) {
		struct output *out = &o->outputs[i];
		out->file = out->path ? fopen(out->path, "w") : fixed_to_stdout ? stderr : stdout;
		if (!out->file) {
			fprintf(stderr, "jgflint: cannot write %s: %s\n", out->path, strerror(errno));
			return false;
		}
		struct report_options ro = { want_color(o, out->file), o->statistics, o->quiet };
		out->reporter = reporter_new(out->format, out->file, &ro);
	}
	return true;
}

static bool close_outputs(struct options *o, const struct summary *sum)
{
	bool ok = true;
	for (size_t i = 0; i < o->noutputs; i++) {
		struct output *out = &o->outputs[i];
		if (out->reporter)
			reporter_finish(out->reporter, sum);
		if (out->path && out->file && fclose(out->file) != 0) {
			fprintf(stderr, "jgflint: cannot write %s: %s\n", out->path, strerror(errno));
			ok = false;
		}
	}
	return ok;
}

int main(int argc, char **argv)
{
	enum { OPT_LIST_RULES = 256, OPT_EXPLAIN, OPT_FIX, OPT_UNSAFE_FIXES, OPT_DIFF,
	       OPT_FORMAT, OPT_COLOR, OPT_STATISTICS };
	static const struct option options[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "list-rules", no_argument, NULL, OPT_LIST_RULES },
		{ "explain", required_argument, NULL, OPT_EXPLAIN },
		{ "fix", no_argument, NULL, OPT_FIX },
		{ "unsafe-fixes", no_argument, NULL, OPT_UNSAFE_FIXES },
		{ "diff", no_argument, NULL, OPT_DIFF },
		{ "format", required_argument, NULL, OPT_FORMAT },
		{ "color", required_argument, NULL, OPT_COLOR },
		{ "statistics", no_argument, NULL, OPT_STATISTICS },
		{ "quiet", no_argument, NULL, 'q' },
		{ NULL, 0, NULL, 0 },
	};
	struct options o = { 0 };
	int c;
	while ((c = getopt_long(argc, argv, "hVq", options, NULL)) != -1) {
		switch (c) {
		case 'h':
			fputs(usage, stdout);
			return EXIT_CLEAN;
		case 'V':
			puts("jgflint " PACKAGE_VERSION);
			return EXIT_CLEAN;
		case OPT_LIST_RULES:
			return list_rules();
		case OPT_EXPLAIN:
			return explain(optarg);
		case OPT_FIX:
			o.fix = true;
			break;
		case OPT_UNSAFE_FIXES:
			o.unsafe = true;
			break;
		case OPT_DIFF:
			o.diff = true;
			break;
		case OPT_FORMAT:
			if (!add_output(&o, optarg))
				return EXIT_TROUBLE;
			break;
		case OPT_COLOR:
			if (strcmp(optarg, "auto") == 0)
				o.color = COLOR_AUTO;
			else if (strcmp(optarg, "always") == 0)
				o.color = COLOR_ALWAYS;
			else if (strcmp(optarg, "never") == 0)
				o.color = COLOR_NEVER;
			else {
				fprintf(stderr, "jgflint: --color takes auto, always or never, not '%s'\n", optarg);
				return EXIT_TROUBLE;
			}
			break;
		case OPT_STATISTICS:
			o.statistics = true;
			break;
		case 'q':
			o.quiet = true;
			break;
		default:
			fputs("Try 'jgflint --help' for more information.\n", stderr);
			return EXIT_TROUBLE;
		}
	}
	if (optind >= argc) {
		fputs("jgflint: no input files (give `-` to read standard input)\n"
		      "Try 'jgflint --help' for more information.\n", stderr);
		return EXIT_TROUBLE;
	}
	if (o.unsafe && !o.fix && !o.diff) {
		fputs("jgflint: --unsafe-fixes goes with --fix or --diff\n", stderr);
		return EXIT_TROUBLE;
	}
	if (o.fix && o.diff) {
		fputs("jgflint: --diff shows what --fix would do; give one of them\n", stderr);
		return EXIT_TROUBLE;
	}
	bool stdin_fixed = false;
	for (int i = optind; i < argc; i++)
		stdin_fixed |= o.fix && strcmp(argv[i], "-") == 0;
	if (!open_outputs(&o, stdin_fixed)) {
		close_outputs(&o, &(struct summary){ 0 });
		return EXIT_TROUBLE;
	}

	struct totals t = { 0 };
	for (int i = optind; i < argc; i++)
		check_file(argv[i], &o, &t);
	if (!close_outputs(&o, &t.sum))
		t.trouble = true;
	fflush(stdout);

	if (!o.quiet) {
		struct buf sum = BUF_INIT;
		plural(&sum, t.sum.files, "file");
		buf_adds(&sum, " checked: ");
		plural(&sum, t.sum.counts[SEV_ERROR], "error");
		buf_adds(&sum, ", ");
		plural(&sum, t.sum.counts[SEV_WARNING], "warning");
		buf_adds(&sum, ", ");
		plural(&sum, t.sum.counts[SEV_INFO], "info");
		if (o.fix || o.diff) {
			buf_printf(&sum, "; %s ", o.diff ? "would fix" : "fixed");
			plural(&sum, t.sum.fixes, "problem");
			buf_adds(&sum, " in ");
			plural(&sum, t.sum.fixed_files, "file");
		}
		fprintf(stderr, "%s\n", sum.data);
		buf_free(&sum);
	}

	if (t.trouble)
		return EXIT_TROUBLE;
	if (o.diff)
		return t.changed ? EXIT_FINDINGS : EXIT_CLEAN;
	return t.sum.counts[SEV_ERROR] ? EXIT_FINDINGS : EXIT_CLEAN;
}
