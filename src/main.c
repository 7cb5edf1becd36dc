/* jgflint: the command line. Parses options into run options (run.h),
 * or answers --help, --version, --list-rules and --explain itself. */
#include <errno.h>
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "catalog.h"
#include "run.h"
#include "stream.h"

static const char usage[] =
	"Usage: jgflint [OPTION]... PATH...\n"
	"Check JGF (JSON Go Format) game records against the JGF specification.\n"
	"\n"
	"Each PATH is a file, a directory (searched recursively for *.jgf, hidden\n"
	"directories skipped) or `-` for standard input. Findings are reported\n"
	"file by file in a stable order, then a summary on standard error.\n"
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
	"  --select RULES    run only these rules (ids or categories, comma-separated)\n"
	"  --ignore RULES    do not run these rules (ids or categories)\n"
	"  --severity RULE=LEVEL\n"
	"                    report RULE as error, warning or info (repeatable)\n"
	"  --warnings-as-errors\n"
	"                    exit 1 when there is any warning\n"
	"  --max-warnings N  exit 1 when there are more than N warnings\n"
	"  --config FILE     use this configuration file instead of searching for\n"
	"                    .jgflint.json upward from each file\n"
	"  --extensions EXTS file endings searched in directories (default .jgf)\n"
	"  --stdin-filename NAME\n"
	"                    name standard input in reports and for configuration\n"
	"  --baseline FILE   do not report the findings FILE records; report its\n"
	"                    entries that no longer match\n"
	"  --write-baseline FILE\n"
	"                    record every finding of this run in FILE (exit 0)\n"
	"  -j, --jobs N      check N files at once (default: one per CPU); the\n"
	"                    output is the same as with one\n"
	"  --stream          read JSON Lines (one record a line) from standard input\n"
	"                    and write one JSON line per input line, in order: its\n"
	"                    line number, counts and findings; with --fix, the\n"
	"                    fixed record; a blank line gives {\"line\": N,\n"
	"                    \"blank\": true, ...} (with --fix, a blank line)\n"
	"  --id-field PATH   with --stream, copy each record's value at PATH\n"
	"                    (dotted, e.g. game.name) into its line as \"id\"\n"
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
	"  2  usage error, a file could not be read or written, or a configuration\n"
	"     file has problems\n";

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

/* --format NAME[=PATH] */
static bool add_output(struct run_options *o, const char *arg)
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

/* --severity RULE=LEVEL */
static bool add_severity(struct settings *s, const char *arg)
{
	const char *eq = strchr(arg, '=');
	enum severity level;
	char *rule = xstrndup(arg, eq ? (size_t)(eq - arg) : strlen(arg));
	bool ok = eq && catalog_find(rule) && severity_from_name(eq + 1, &level);
	if (!ok)
		fprintf(stderr, "jgflint: --severity takes RULE=LEVEL, a rule id and error, warning "
			"or info, not '%s'\n", arg);
	else {
		s->severities = xgrow(s->severities, &s->severities_cap, s->nseverities + 1,
				      sizeof *s->severities);
		s->severities[s->nseverities++] = (struct severity_override){ rule, level };
		rule = NULL;
	}
	free(rule);
	return ok;
}

static bool parse_count(const char *arg, const char *option, long *out)
{
	char *end;
	errno = 0;
	long n = strtol(arg, &end, 10);
	if (errno || *end || end == arg || n < 0) {
		fprintf(stderr, "jgflint: %s takes a non-negative number, not '%s'\n", option, arg);
		return false;
	}
	*out = n;
	return true;
}

int main(int argc, char **argv)
{
	enum { OPT_LIST_RULES = 256, OPT_EXPLAIN, OPT_FIX, OPT_UNSAFE_FIXES, OPT_DIFF,
	       OPT_FORMAT, OPT_COLOR, OPT_STATISTICS, OPT_SELECT, OPT_IGNORE, OPT_SEVERITY,
	       OPT_WARNINGS_AS_ERRORS, OPT_MAX_WARNINGS, OPT_CONFIG, OPT_EXTENSIONS,
	       OPT_STDIN_FILENAME, OPT_BASELINE, OPT_WRITE_BASELINE,
	       OPT_STREAM, OPT_ID_FIELD };
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
		{ "select", required_argument, NULL, OPT_SELECT },
		{ "ignore", required_argument, NULL, OPT_IGNORE },
		{ "severity", required_argument, NULL, OPT_SEVERITY },
		{ "warnings-as-errors", no_argument, NULL, OPT_WARNINGS_AS_ERRORS },
		{ "max-warnings", required_argument, NULL, OPT_MAX_WARNINGS },
		{ "config", required_argument, NULL, OPT_CONFIG },
		{ "extensions", required_argument, NULL, OPT_EXTENSIONS },
		{ "stdin-filename", required_argument, NULL, OPT_STDIN_FILENAME },
		{ "baseline", required_argument, NULL, OPT_BASELINE },
		{ "write-baseline", required_argument, NULL, OPT_WRITE_BASELINE },
		{ "jobs", required_argument, NULL, 'j' },
		{ "stream", no_argument, NULL, OPT_STREAM },
		{ "id-field", required_argument, NULL, OPT_ID_FIELD },
		{ NULL, 0, NULL, 0 },
	};
	struct run_options o = { 0 };
	settings_init(&o.cli);
	int c, status = EXIT_TROUBLE;
	bool stream = false;
	const char *id_field = NULL;
	long n;
	while ((c = getopt_long(argc, argv, "hVqj:", options, NULL)) != -1) {
		switch (c) {
		case 'h':
			fputs(usage, stdout);
			status = EXIT_CLEAN;
			goto done;
		case 'V':
			puts("jgflint " PACKAGE_VERSION);
			status = EXIT_CLEAN;
			goto done;
		case OPT_LIST_RULES:
			status = list_rules();
			goto done;
		case OPT_EXPLAIN:
			status = explain(optarg);
			goto done;
		case OPT_FIX: o.fix = true; break;
		case OPT_UNSAFE_FIXES: o.unsafe = true; break;
		case OPT_DIFF: o.diff = true; break;
		case OPT_STATISTICS: o.statistics = true; break;
		case 'q': o.quiet = true; break;
		case OPT_FORMAT:
			if (!add_output(&o, optarg))
				goto done;
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
				goto done;
			}
			break;
		case OPT_SELECT:
			o.cli.has_select = true;
			rule_list_add_csv(&o.cli.select, optarg);
			break;
		case OPT_IGNORE:
			rule_list_add_csv(&o.cli.ignore, optarg);
			break;
		case OPT_SEVERITY:
			if (!add_severity(&o.cli, optarg))
				goto done;
			break;
		case OPT_WARNINGS_AS_ERRORS:
			o.cli.warnings_as_errors = 1;
			break;
		case OPT_MAX_WARNINGS:
			if (!parse_count(optarg, "--max-warnings", &n))
				goto done;
			o.cli.max_warnings = n;
			break;
		case OPT_CONFIG: o.config = optarg; break;
		case OPT_EXTENSIONS:
			rule_list_add_csv(&o.cli.extensions, optarg);
			break;
		case OPT_STDIN_FILENAME: o.stdin_filename = optarg; break;
		case OPT_BASELINE: o.baseline = optarg; break;
		case OPT_WRITE_BASELINE: o.write_baseline = optarg; break;
		case OPT_STREAM: stream = true; break;
		case OPT_ID_FIELD: id_field = optarg; break;
		case 'j':
			if (!parse_count(optarg, "--jobs", &n))
				goto done;
			o.jobs = n;
			break;
		default:
			fputs("Try 'jgflint --help' for more information.\n", stderr);
			goto done;
		}
	}
	if (stream || id_field) {
		/* Standard input only; one line out per line in: no reports. */
		if (!stream)
			fputs("jgflint: --id-field goes with --stream\n", stderr);
		else if (optind < argc && !(optind + 1 == argc && strcmp(argv[optind], "-") == 0))
			fputs("jgflint: --stream reads standard input: give no PATH (or `-`)\n", stderr);
		else if (o.diff || o.noutputs || o.statistics || o.baseline || o.write_baseline)
			fputs("jgflint: --stream writes its own JSON lines: it does not go with "
			      "--diff, --format, --statistics or baselines\n", stderr);
		else if (o.unsafe && !o.fix)
			fputs("jgflint: --unsafe-fixes goes with --fix or --diff\n", stderr);
		else if (rule_list_valid(&o.cli.select, "--select") &&
			 rule_list_valid(&o.cli.ignore, "--ignore"))
			status = stream_run(&o, id_field);
	} else if (optind >= argc) {
		fputs("jgflint: no input files (give `-` to read standard input)\n"
		      "Try 'jgflint --help' for more information.\n", stderr);
	} else if (o.unsafe && !o.fix && !o.diff) {
		fputs("jgflint: --unsafe-fixes goes with --fix or --diff\n", stderr);
	} else if (o.fix && o.diff) {
		fputs("jgflint: --diff shows what --fix would do; give one of them\n", stderr);
	} else if (rule_list_valid(&o.cli.select, "--select") &&
		   rule_list_valid(&o.cli.ignore, "--ignore")) {
		status = run(&o, argv + optind, (size_t)(argc - optind));
	}
done:
	settings_free(&o.cli);
	return status;
}
