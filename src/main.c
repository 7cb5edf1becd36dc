/* jgflint: command line. Parses options, lints each input in order, prints
 * the report and a summary, and maps the outcome to the exit status. */
#include <getopt.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "buf.h"
#include "catalog.h"
#include "lint.h"
#include "report.h"

enum { EXIT_CLEAN = 0, EXIT_FINDINGS = 1, EXIT_TROUBLE = 2 };

static const char usage[] =
	"Usage: jgflint [OPTION]... FILE...\n"
	"Check JGF (JSON Go Format) game records against the JGF specification.\n"
	"\n"
	"Each FILE is read and checked; `-` reads standard input. Every finding is\n"
	"printed as one line, sorted by position:\n"
	"  PATH:LINE:COL: SEVERITY: MESSAGE [RULE-ID]\n"
	"followed by a summary on standard error.\n"
	"\n"
	"Options:\n"
	"  --list-rules      list every rule: id, default severity, summary\n"
	"  --explain RULE    explain a rule, with a failing and a passing example\n"
	"  -h, --help        show this help and exit\n"
	"  -V, --version     show the version and exit\n"
	"\n"
	"Exit status:\n"
	"  0  no errors (warnings and infos may have been reported)\n"
	"  1  at least one error was found\n"
	"  2  usage error, or a file could not be read\n";

static int list_rules(void)
{
	const struct rule *const *rules;
	size_t n = catalog_sorted(&rules);
	for (size_t i = 0; i < n; i++)
		printf("%-22s %-8s %-10s %s\n", rules[i]->id, rules[i]->category,
		       severity_name(rules[i]->severity), rules[i]->summary);
	return EXIT_CLEAN;
}

static int explain(const char *id)
{
	const struct rule *r = catalog_find(id);
	if (!r) {
		fprintf(stderr, "jgflint: no rule named '%s' (jgflint --list-rules lists them)\n", id);
		return EXIT_TROUBLE;
	}
	printf("%s (%s, %s)\n\n%s\n\n%s", r->id, r->category, severity_name(r->severity),
	       r->summary, r->explanation);
	return EXIT_CLEAN;
}

static void plural(struct buf *b, size_t n, const char *word)
{
	buf_printf(b, "%zu %s%s", n, word, n == 1 ? "" : "s");
}

int main(int argc, char **argv)
{
	enum { OPT_LIST_RULES = 256, OPT_EXPLAIN };
	static const struct option options[] = {
		{ "help", no_argument, NULL, 'h' },
		{ "version", no_argument, NULL, 'V' },
		{ "list-rules", no_argument, NULL, OPT_LIST_RULES },
		{ "explain", required_argument, NULL, OPT_EXPLAIN },
		{ NULL, 0, NULL, 0 },
	};
	int c;
	while ((c = getopt_long(argc, argv, "hV", options, NULL)) != -1) {
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

	size_t counts[3] = { 0 }, files = 0;
	bool io_failed = false;
	for (int i = optind; i < argc; i++) {
		struct document doc;
		document_load_file(&doc, argv[i]);
		lint_document(&doc);
		report_concise(stdout, &doc);
		for (int s = SEV_INFO; s <= SEV_ERROR; s++)
			counts[s] += diag_list_count(&doc.diags, (enum severity)s);
		io_failed |= doc.io_failed;
		files += !doc.io_failed;
		document_free(&doc);
	}
	fflush(stdout);

	struct buf sum = BUF_INIT;
	plural(&sum, files, "file");
	buf_adds(&sum, " checked: ");
	plural(&sum, counts[SEV_ERROR], "error");
	buf_adds(&sum, ", ");
	plural(&sum, counts[SEV_WARNING], "warning");
	buf_adds(&sum, ", ");
	plural(&sum, counts[SEV_INFO], "info");
	fprintf(stderr, "%s\n", sum.data);
	buf_free(&sum);

	if (io_failed)
		return EXIT_TROUBLE;
	return counts[SEV_ERROR] ? EXIT_FINDINGS : EXIT_CLEAN;
}
