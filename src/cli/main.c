/* jgflint: the command line. Parses options into run options (run.h),
 * or answers --help, --version, --list-rules and --explain itself. */
#include <errno.h>
#include <getopt.h>
#include <poll.h>
#include <stdbool.h>
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <unistd.h>

#ifdef __GLIBC__
#include <malloc.h>
#endif

#include <json-c/json.h>

#include "base/buf.h"
#include "base/charset.h"
#include "base/dom.h"
#include "base/fail.h"
#include "base/paths.h"
#include "config/config.h"
#include "core/catalog.h"
#include "cli/convert_cli.h"
#include "read/load.h"
#include "core/settings.h"
#include "base/similar.h"
#include "base/size.h"
#include "cli/cmdline.h"
#include "cli/duplicates.h"
#include "cli/hooks.h"
#include "cli/run.h"
#include "cli/show.h"
#include "cli/stream.h"
#include "cli/usage.h"
#include "cli/temps.h"
#include "cli/write.h"
#include "server/server.h"

/* Checks that every item names a rule or a category; says which do not. */
static bool rule_list_valid(const struct rule_list *l, const char *what)
{
	bool ok = true;
	struct buf hint = BUF_INIT;
	for (size_t i = 0; i < l->len; i++) {
		if (!rule_name_known(l->items[i])) {
			fprintf(stderr, "jgflint: %s: no rule or category named '%s'%s\n", what,
				l->items[i], rule_name_hint(&hint, l->items[i], '\''));
			ok = false;
		}
	}
	buf_free(&hint);
	return ok;
}

/* Every rule, or those of one category. */
static int list_rules(bool json, const char *category)
{
	if (json) {
		const struct rule *const *rules;
		size_t n = catalog_sorted(&rules);
		json_object *arr = dom_array();
		for (size_t i = 0; i < n; i++) {
			json_object *r = dom_object();
			dom_add(r, "id", dom_string(rules[i]->id));
			dom_add(r, "category", dom_string(rules[i]->category));
			dom_add(r, "severity",
					       dom_string(severity_name(rules[i]->severity)));
			dom_add(r, "fix", dom_string(catalog_fixability(rules[i])));
			dom_add(r, "summary", dom_string(rules[i]->summary));
			dom_add(r, "explanation",
					       dom_string(catalog_explanation(rules[i])));
			const char *url = catalog_doc_url(rules[i]);
			dom_add(r, "url", url ? dom_string(url) : NULL);
			dom_push(arr, r);
		}
		puts(dom_json(arr, JSON_C_TO_STRING_PRETTY |
				JSON_C_TO_STRING_SPACED | JSON_C_TO_STRING_NOSLASHESCAPE, NULL));
		json_object_put(arr);
		return EXIT_CLEAN;
	}
	struct buf list = BUF_INIT;
	catalog_list(&list, category);
	fputs(list.data ? list.data : "", stdout);
	buf_free(&list);
	return EXIT_CLEAN;
}

static int explain(const char *id)
{
	const struct rule *r = catalog_find(id);
	if (!r && rule_name_known(id))   /* a category, or all: its rules */
		return list_rules(false, strcmp(id, "all") == 0 ? NULL : id);
	if (!r) {
		const char *near = rule_name_suggest(id);
		if (near)
			fprintf(stderr, "jgflint: no rule named '%s'; did you mean '%s'?\n", id, near);
		else
			fprintf(stderr, "jgflint: no rule named '%s' (jgflint --list-rules lists them)\n", id);
		return EXIT_TROUBLE;
	}
	struct buf text = BUF_INIT;
	catalog_explain(&text, r);
	const char *url = catalog_doc_url(r);
	if (url)
		buf_printf(&text, "\nPage\n  %s\n", url);
	fputs(text.data, stdout);
	buf_free(&text);
	return EXIT_CLEAN;
}

/* --format NAME[=PATH]; PATH `-` is standard output, as everywhere else. */
static bool add_output(struct run_options *o, const char *arg)
{
	const char *eq = strchr(arg, '=');
	char *name = xstrndup(arg, eq ? (size_t)(eq - arg) : strlen(arg));
	const char *path = eq && strcmp(eq + 1, "-") != 0 ? eq + 1 : NULL;
	const struct format *f = format_find(name);
	bool ok = f != NULL;
	bool to_stdout = false;
	for (size_t i = 0; ok && !path && i < o->noutputs; i++)
		to_stdout |= !o->outputs[i].path;
	const char *const *formats = format_names();
	size_t nformats = 0;
	while (formats[nformats])
		nformats++;
	const char *near = ok ? NULL : closest_name(name, formats, nformats);
	if (!ok && strcmp(name, "gcc") == 0)   /* shellcheck's */
		fprintf(stderr, "jgflint: unknown format 'gcc': concise writes PATH:LINE:COL: "
			"SEVERITY: MESSAGE [RULE-ID], as shellcheck's gcc format\n");
	else if (near)
		fprintf(stderr, "jgflint: unknown format '%s'; did you mean '%s'?\n", name, near);
	else if (!ok)
		fprintf(stderr, "jgflint: unknown format '%s' (%s)\n", name, format_names_text());
	else if (to_stdout)
		fprintf(stderr, "jgflint: two formats to standard output would be mixed; write one of "
			"them to a file: --format %s=PATH\n", name), ok = false;
	else if (o->noutputs == MAX_OUTPUTS)
		fprintf(stderr, "jgflint: at most %d --format options\n", MAX_OUTPUTS), ok = false;
	else if (eq && !eq[1])
		fprintf(stderr, "jgflint: --format %s= needs a file name\n", name), ok = false;
	else
		o->outputs[o->noutputs++] = (struct output){ .format = f, .path = path,
							     .named = eq && !path };
	free(name);
	return ok;
}

/* --severity RULE=LEVEL, or --severity LEVEL (as shellcheck's): only that
 * level and above are reported. */
static bool add_severity(struct settings *s, const char *arg)
{
	const char *eq = strchr(arg, '=');
	enum severity level;
	if (!eq && severity_from_name(arg, &level)) {
		s->min_severity = (int)level;
		return true;
	}
	char *rule = xstrndup(arg, eq ? (size_t)(eq - arg) : strlen(arg));
	bool known = rule_name_known(rule);
	bool ok = eq && known && severity_from_name(eq + 1, &level);
	const char *near = !eq ? NULL : !known ? rule_name_suggest(rule) : severity_suggest(eq + 1);
	if (ok) {
		s->severities = xgrow(s->severities, &s->severities_cap, s->nseverities + 1,
				      sizeof *s->severities);
		s->severities[s->nseverities++] = (struct severity_override){ rule, level };
		rule = NULL;
	} else if (eq && !known) {
		fprintf(stderr, "jgflint: --severity: no rule or category named '%s'", rule);
		if (near)
			fprintf(stderr, "; did you mean '%s'?\n", near);
		else
			fputs(" (jgflint --list-rules lists them)\n", stderr);
	} else if (near) {
		fprintf(stderr, "jgflint: --severity: no level '%s' (error, warning or info); did you "
			"mean '%s'?\n", eq + 1, near);
	} else {
		fprintf(stderr, "jgflint: --severity takes LEVEL (report only that level and above) or "
			"RULE=LEVEL, a rule id, category or all and error, warning or info, not '%s'",
			arg);
		near = !eq ? severity_suggest(arg) : NULL;
		if (near)
			fprintf(stderr, "; did you mean '%s'?", near);
		fputc('\n', stderr);
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

/* An empty argument (`--select "$UNSET"`) is a slip, never a request: an
 * empty --select would check nothing and pass. */
static bool nonempty(const char *arg, const char *option, const char *what)
{
	if (arg[strspn(arg, ", ")])
		return true;
	fprintf(stderr, "jgflint: %s needs %s, not an empty argument\n", option, what);
	return false;
}

/* --format html to standard output unnamed: not to a terminal (write.c's
 * one check, duplicates' too). False after saying where to write it. */
static bool html_outputs_ok(const struct run_options *o)
{
	for (size_t i = 0; i < o->noutputs; i++) {
		const struct output *out = &o->outputs[i];
		if (out->format == &format_html &&
		    !write_page_ok("jgflint", out->path ? out->path : out->named ? "-" : NULL,
				   "--format html=report.html, or -o report.html"))
			return false;
	}
	return true;
}

/* --extensions takes endings (.sgf,.gib), which a walk matches at the end
 * of a name, as a configuration's `extensions` does (config_ending_ok). False
 * after saying what to give. */
static bool extensions_ok(const char *arg)
{
	bool ok = true;
	struct buf fit = BUF_INIT;
	for (const char *p = arg; *p;) {
		size_t n = strcspn(p, ",");
		ok &= !n || config_ending_ok(p, n, &fit);
		p += n + (p[n] == ',');
	}
	if (!ok) {
		fprintf(stderr, "jgflint: --extensions takes file endings, not patterns or paths "
			"('%s')", arg);
		if (fit.len)
			fprintf(stderr, ": --extensions %s", fit.data);
		fputc('\n', stderr);
	}
	buf_free(&fit);
	return ok;
}

/* --diff writes the diff to standard output: a report in a format of its
 * own (json, sarif, github, gitlab, junit, checkstyle, rdjson, html) cannot
 * share it. */
static bool diff_outputs_ok(const struct run_options *o)
{
	for (size_t i = 0; i < o->noutputs; i++) {
		const struct output *out = &o->outputs[i];
		if (!out->path && !format_for_terminal(out->format)) {
			fprintf(stderr, "jgflint: --diff writes the diff to standard output; write the "
				"report to a file: --format %s=PATH\n", format_name(out->format));
			return false;
		}
	}
	return true;
}

/* A failure with no trap (base/fail.h) ends the run. write and _exit:
 * stdio and atexit handlers may need memory or locks another thread holds. */
static _Noreturn void die(const char *why)
{
	write_remove_temporaries();
	ssize_t ignored = write(STDERR_FILENO, "jgflint: ", 9);
	ignored = write(STDERR_FILENO, why, strlen(why));
	ignored = write(STDERR_FILENO, "\n", 1);
	(void)ignored;
	_exit(2);
}

static void print_note(const char *note)
{
	fputs(note, stderr);
}

/* What the command line asks for. */
struct command {
	struct run_options o;
	struct convert_options conv;
	bool convert, stream, list_rules, show_settings, show_files;
	bool to_given;              /* --to */
	const char *id_field, *explain;
	const char *output_file;    /* -o, --output-file */
	enum cli_command sub;       /* check, duplicates (its options in dup) or server */
	struct duplicates_command dup;
	struct server_options server;
	int other;                  /* the first option besides --list-rules, --explain
				       and --format: what those two do not take */
};

enum parsed { PARSED, DONE, BAD };

static bool parse_color(struct run_options *o, const char *arg)
{
	static const char *const whens[] = { "auto", "always", "never" };
	for (int i = 0; i < 3; i++) {
		if (strcmp(arg, whens[i]) == 0) {
			o->color = i == 0 ? COLOR_AUTO : i == 1 ? COLOR_ALWAYS : COLOR_NEVER;
			return true;
		}
	}
	const char *near = closest_name(arg, whens, 3);
	fprintf(stderr, "jgflint: --color takes auto, always or never, not '%s'", arg);
	if (near)
		fprintf(stderr, "; did you mean '%s'?", near);
	fputc('\n', stderr);
	return false;
}

/* A switch, an option without an argument (getopt_long's c): false when
 * c is none. */
static bool take_switch(struct command *cmd, int c)
{
	struct run_options *o = &cmd->o;
	switch (c) {
	case OPT_LIST_RULES: cmd->list_rules = true; break;
	case OPT_FIX: o->fix = true; break;
	case OPT_UNSAFE_FIXES: o->unsafe = true; break;
	case OPT_FIX_HARD_LINKS: o->fix_hard_links = true; break;
	case OPT_DIFF: o->diff = true; break;
	case OPT_STATISTICS: o->statistics = true; break;
	case 'q': o->quiet = true; break;
	case 'v': o->verbose = true; break;
	case OPT_SHOW_FIXES: o->show_fixes = true; break;
	case OPT_SHOW_SETTINGS: cmd->show_settings = true; break;
	case OPT_SHOW_FILES: cmd->show_files = true; break;
	case OPT_EXIT_ZERO: o->exit_zero = true; break;
	case OPT_ALLOW_NO_FILES: o->allow_no_files = true; break;
	case OPT_FORCE_EXCLUDE: o->force_exclude = true; break;
	case OPT_FOLLOW_SYMLINKS: o->follow_symlinks = true; break;
	case OPT_NO_CONFIG: o->no_config = true; break;
	case OPT_NO_BOARD: o->no_board = true; break;
	case OPT_WARNINGS_AS_ERRORS: o->cli.warnings_as_errors = 1; break;
	case OPT_CONVERT: cmd->convert = true; break;
	case OPT_FORCE: cmd->conv.force = true; break;
	case OPT_SGF_PASS_TT: cmd->conv.pass_tt = true; break;
	case OPT_SGF_COMPRESS: cmd->conv.compress = true; break;
	case OPT_SGF_COLLECTION: cmd->conv.collection = true; break;
	case OPT_STREAM: cmd->stream = true; break;
	default: return false;
	}
	return true;
}

/* --version; the test program (tests/jgflint-hooks) says on a line of its
 * own that it reads the test suite's switches (cli/hooks.h). */
static void print_version(void)
{
	puts("jgflint " PACKAGE_VERSION);
	const char *hooks = cli_test_hooks_version();
	if (hooks)
		puts(hooks);
}

/* An option of --convert (getopt_long's c, with its argument): false when
 * c is none; *p what became of it. */
static bool take_convert_option(struct command *cmd, int c, const char *arg, enum parsed *p)
{
	*p = PARSED;
	switch (c) {
	case OPT_OUTPUT: cmd->conv.output = arg; break;
	case OPT_ENCODING: cmd->conv.encoding = cmd->o.cli.encoding = arg; break;
	case OPT_TO:
		if (strcmp(arg, "sgf") && strcmp(arg, "jgf") && strcmp(arg, "sgfjson"))
		{
			fprintf(stderr, "jgflint: --to: '%s' is not a format --convert writes (jgf, sgf, "
				"sgfjson)\n", arg);
			*p = BAD;
			return true;
		}
		cmd->conv.to_sgfjson = !strcmp(arg, "sgfjson");
		cmd->conv.to_sgf = !strcmp(arg, "sgf") || cmd->conv.to_sgfjson;
		cmd->to_given = true;
		break;
	case OPT_ID_FIELD: cmd->id_field = arg; break;
	default: return false;
	}
	return true;
}

/* An option that names a file (getopt_long's c, with its argument): false
 * when c is none; *p what became of it. */
static bool take_file_option(struct command *cmd, int c, const char *arg, enum parsed *p)
{
	struct run_options *o = &cmd->o;
	*p = BAD;
	switch (c) {
	case OPT_OUTPUT_FILE:
		if (cmd->output_file) {
			fputs("jgflint: -o (--output-file) names one file; give it once\n", stderr);
			return true;
		}
		if (!nonempty(arg, "--output-file", "a file name"))
			return true;
		cmd->output_file = arg;
		break;
	case OPT_CONFIG:
		if (!nonempty(arg, "--config", "a file name"))
			return true;
		o->config = arg;
		break;
	case OPT_BASELINE:
		if (!nonempty(arg, "--baseline", "a file name"))
			return true;
		o->baseline = arg;
		break;
	case OPT_WRITE_BASELINE:
		if (!nonempty(arg, "--write-baseline", "a file name"))
			return true;
		o->write_baseline = arg;
		break;
	default: return false;
	}
	*p = PARSED;
	return true;
}

/* One option (getopt_long's c, with its argument). */
static enum parsed take_option(struct command *cmd, int c, const char *arg, char **argv)
{
	struct run_options *o = &cmd->o;
	long n;
	size_t size;
	enum parsed p;
	if (take_switch(cmd, c))
		return PARSED;
	if (take_convert_option(cmd, c, arg, &p) || take_file_option(cmd, c, arg, &p))
		return p;
	switch (c) {
	case 'h':
		fputs(cli_usage, stdout);
		return DONE;
	case 'V':
		print_version();
		return DONE;
	case OPT_EXPLAIN: cmd->explain = arg; break;
	case OPT_FORMAT:
	case OPT_FORMAT_SHORT: return add_output(o, arg) ? PARSED : BAD;
	case OPT_COLOR: return parse_color(o, arg) ? PARSED : BAD;
	case OPT_SELECT:
		if (!nonempty(arg, "--select", "rule ids or categories"))
			return BAD;
		o->cli.has_select = true;
		rule_list_add_csv(&o->cli.select, arg);
		break;
	case OPT_IGNORE: rule_list_add_csv(&o->cli.ignore, arg); break;
	case OPT_SEVERITY: return add_severity(&o->cli, arg) ? PARSED : BAD;
	case OPT_MAX_WARNINGS:
		if (!parse_count(arg, "--max-warnings", &n))
			return BAD;
		o->cli.max_warnings = n;
		break;
	case OPT_EXTENSIONS:
		if (!extensions_ok(arg))
			return BAD;
		rule_list_add_csv(&o->cli.extensions, arg);
		break;
	case OPT_STDIN_FILENAME: o->stdin_filename = arg; break;
	case 'j':
		if (!parse_count(arg, "--jobs", &n))
			return BAD;
		o->jobs = n;
		break;
	case OPT_MAX_FINDINGS:
		if (!parse_count(arg, "--max-findings", &n))
			return BAD;
		o->cli.max_findings = n;
		break;
	case OPT_MAX_MEMORY:
		if (!size_parse(arg, &size)) {
			fprintf(stderr, "jgflint: --max-memory takes a size (bytes, or with K, M "
				"or G), not '%s'\n", arg);
			return BAD;
		}
		load_set_memory_budget(size);
		break;
	case OPT_EXCLUDE: rule_list_add(&o->cli.exclude, arg); break;
	default:
		cli_bad_option(argv, CLI_CHECK);
		return BAD;
	}
	return PARSED;
}

/* An option of jgflint server (the editor passes --stdio and
 * --clientProcessId, which it has no use for). */
static bool server_option(struct server_options *s, int c, const char *arg)
{
	switch (c) {
	case 'v': s->verbose = true; break;
	case OPT_MAX_MEMORY:
		if (!size_parse(arg, &s->max_memory)) {
			fprintf(stderr, "jgflint server: --max-memory takes a size (bytes, or with K, "
				"M or G), not '%s'\n", arg);
			return false;
		}
		break;
	case OPT_STDIO: case OPT_CLIENT_PROCESS_ID: break;
	}
	return true;
}

/* An option of a subcommand other than check, from the same table. */
static enum parsed take_sub_option(struct command *cmd, int c, char **argv)
{
	if (c == 'h') {
		fputs(cmd->sub == CLI_SERVER ? server_usage : duplicates_usage, stdout);
		return DONE;
	}
	if (c == '?' || c == ':') {
		cli_bad_option(argv, cmd->sub);
		return BAD;
	}
	if (cmd->sub == CLI_SERVER)
		return server_option(&cmd->server, c, optarg) ? PARSED : BAD;
	return duplicates_option(&cmd->dup, c, optarg) ? PARSED : BAD;
}

static enum parsed parse_options(int argc, char **argv, struct command *cmd)
{
	if (!cli_options_exact(argc, argv, cmd->sub))
		return BAD;
	opterr = 0;
	for (int c; (c = getopt_long(argc, argv, cli_short_options(cmd->sub), cli_options(),
				     NULL)) != -1;) {
		if (cmd->sub != CLI_CHECK) {   /* its options, in the same table */
			enum parsed p = take_sub_option(cmd, c, argv);
			if (p != PARSED)
				return p;
			continue;
		}
		if (!cmd->other && c != OPT_LIST_RULES && c != OPT_EXPLAIN && c != OPT_FORMAT &&
		    c != OPT_FORMAT_SHORT)
			cmd->other = c;
		enum parsed p = take_option(cmd, c, optarg, argv);
		if (p != PARSED)
			return p;
	}
	return PARSED;
}

/* --select and --ignore that leave no rule to run (`--select go --ignore
 * go`): said, as asked for together they cannot both hold. */
static bool rules_left(const struct run_options *o)
{
	if (!o->cli.has_select || !o->cli.ignore.len)
		return true;
	const struct rule *const *rules;
	size_t n = catalog_sorted(&rules);
	struct lint_settings ls = { .cli = &o->cli };
	enum severity sev;
	for (size_t i = 0; i < n; i++)
		if (settings_rule(&ls, rules[i], &sev))
			return true;
	struct buf sel = BUF_INIT, ign = BUF_INIT;
	for (size_t i = 0; i < o->cli.select.len; i++)
		buf_printf(&sel, "%s%s", i ? "," : "", o->cli.select.items[i]);
	for (size_t i = 0; i < o->cli.ignore.len; i++)
		buf_printf(&ign, "%s%s", i ? "," : "", o->cli.ignore.items[i]);
	fprintf(stderr, "jgflint: --ignore %s turns off every rule --select %s turns on: no rule "
		"would run; give one of them (or --select the rules to keep)\n", ign.data, sel.data);
	buf_free(&sel);
	buf_free(&ign);
	return false;
}

static bool rules_valid(const struct run_options *o)
{
	return rule_list_valid(&o->cli.select, "--select") &&
	       rule_list_valid(&o->cli.ignore, "--ignore") && rules_left(o);
}

/* Whether --encoding (NULL: none given) names a set iconv knows; else said. */
static bool encoding_known(const char *encoding)
{
	if (!encoding || charset_known(encoding))
		return true;
	fprintf(stderr, "jgflint: --encoding: '%s' is not a character set iconv knows (such "
		"as Shift_JIS, EUC-KR, GB2312, Big5, UTF-8; `iconv -l` lists them)\n", encoding);
	return false;
}

/* --stream: standard input only; one line out per line in, no reports; a
 * line of SGF read in the set --encoding names, checked or converted. */
static int stream_command(struct command *cmd, int npaths, char **paths)
{
	const struct run_options *o = &cmd->o;
	if (!encoding_known(o->cli.encoding))
		return EXIT_TROUBLE;
	if (!cmd->stream)
		fputs("jgflint: --id-field goes with --stream\n", stderr);
	else if (npaths > 0 && !(npaths == 1 && strcmp(paths[0], "-") == 0))
		fputs("jgflint: --stream reads standard input: give no PATH (or `-`)\n", stderr);
	else if (o->diff || o->noutputs || o->statistics || o->baseline || o->write_baseline)
		fputs("jgflint: --stream writes its own JSON lines: it does not go with "
		      "--diff, --format, --statistics or baselines\n", stderr);
	else if (o->unsafe && !o->fix)
		fputs("jgflint: --unsafe-fixes goes with --fix or --diff\n", stderr);
	else if (cmd->convert && o->fix)
		fputs("jgflint: --stream --convert writes each line's records in its output "
		      "line; it does not go with --fix\n", stderr);
	else if (cmd->convert && (cmd->conv.output || cmd->conv.force || cmd->conv.collection))
		fputs("jgflint: --stream --convert writes each line's records in its output "
		      "line: --output, --force and --sgf-collection write files\n", stderr);
	else if (!cmd->convert && (cmd->conv.output || cmd->conv.force || cmd->to_given ||
				   cmd->conv.pass_tt || cmd->conv.compress || cmd->conv.collection))
		fputs("jgflint: --to, --sgf-pass-tt and --sgf-compress go with --stream --convert\n",
		      stderr);
	else if ((cmd->conv.pass_tt || cmd->conv.compress) && !cmd->conv.to_sgf)
		fputs("jgflint: --sgf-pass-tt and --sgf-compress go with --to sgf\n", stderr);
	else if (rules_valid(o))
		return stream_run(&cmd->o, cmd->id_field, cmd->output_file,
				  cmd->convert ? &cmd->conv : NULL);
	return EXIT_TROUBLE;
}

/* Options that do not go together with the files of a run or --convert;
 * the message, or NULL. */
static const char *conflict(const struct command *cmd)
{
	const struct run_options *o = &cmd->o;
	if (o->no_config && o->config)
		return "--config names a configuration and --no-config forbids one; give one of them";
	if ((cmd->conv.output || cmd->conv.force) && !cmd->convert)
		return "--output and --force go with --convert";
	bool sgf_opts = cmd->conv.pass_tt || cmd->conv.compress || cmd->conv.collection;
	if ((cmd->to_given || sgf_opts) && !cmd->convert)
		return "--to, --sgf-pass-tt, --sgf-compress and --sgf-collection go with --convert";
	if (sgf_opts && !cmd->conv.to_sgf)
		return "--sgf-pass-tt, --sgf-compress and --sgf-collection go with --to sgf";
	if (cmd->conv.compress && cmd->conv.to_sgfjson)
		return "--sgf-compress goes with --to sgf: SGF-in-JSON lists every point";
	if (cmd->convert && (o->fix || o->diff))
		return "--convert writes new files; it does not go with --fix or --diff";
	if (cmd->convert && o->follow_symlinks)
		return "--follow-symlinks goes with checking and --fix; --convert's walks do not "
		       "follow symbolic links";
	if (cmd->convert)
		return NULL;
	if (o->unsafe && !o->fix && !o->diff && !o->show_fixes)
		return "--unsafe-fixes goes with --fix or --diff";
	if (o->fix_hard_links && !o->fix)
		return "--fix-hard-links goes with --fix";
	return NULL;
}

/* -o FILE: the output meant for standard output goes to FILE: the format
 * --format named without a file, else concise (beside the formats written
 * to their own files); false after saying why it cannot. */
static bool output_file(struct run_options *o, const char *file)
{
	const char *path = strcmp(file, "-") == 0 ? NULL : file;
	for (size_t i = 0; i < o->noutputs; i++) {
		if (!o->outputs[i].path) {
			o->outputs[i].path = path;
			o->outputs[i].named = !path;
			return true;
		}
	}
	if (o->noutputs == MAX_OUTPUTS) {
		fprintf(stderr, "jgflint: at most %d --format options\n", MAX_OUTPUTS);
		return false;
	}
	o->outputs[o->noutputs++] = (struct output){ .format = &format_concise, .path = path,
						     .named = !path };
	return true;
}

/* --statistics counts in the formats that can (text, concise, json): with
 * none of them, it would be silently ignored. */
static bool statistics_ok(const struct run_options *o)
{
	if (!o->statistics || !o->noutputs)
		return true;
	for (size_t i = 0; i < o->noutputs; i++)
		if (o->outputs[i].format->statistics)
			return true;
	fprintf(stderr, "jgflint: --statistics counts findings per rule in the text, concise or "
		"json format; %s lists each finding: give one of those (--format %s=PATH keeps "
		"it too)\n", format_name(o->outputs[0].format), format_name(o->outputs[0].format));
	return false;
}

/* --list-rules and --explain check nothing: an option of a run beside them
 * would be silently ignored. */
static bool info_options_ok(const struct command *cmd, int npaths)
{
	const char *what = cmd->list_rules ? "--list-rules" : "--explain";
	if (cmd->list_rules && cmd->explain) {
		fputs("jgflint: --list-rules lists every rule and --explain explains one; give one "
		      "of them\n", stderr);
		return false;
	}
	if (cmd->other || cmd->output_file) {
		fprintf(stderr, "jgflint: %s does not go with %s: it %s and checks no file\n", what,
			cmd->other ? cli_option_name(cmd->other) : "-o",
			cmd->list_rules ? "lists the rules" : "explains a rule");
		return false;
	}
	if (npaths > 0) {
		fprintf(stderr, "jgflint: %s checks no file; give no PATH\n", what);
		return false;
	}
	if (cmd->explain && cmd->o.noutputs) {
		fputs("jgflint: --explain writes text; it does not go with --format\n", stderr);
		return false;
	}
	return true;
}

/* What the command line asks for, done; the exit status. */
static int dispatch(struct command *cmd, int npaths, char **paths)
{
	struct run_options *o = &cmd->o;
	if ((cmd->list_rules || cmd->explain) && !info_options_ok(cmd, npaths))
		return EXIT_TROUBLE;
	if (o->quiet && o->verbose) {
		fputs("jgflint: --quiet reports less and --verbose more; give one of them\n", stderr);
		return EXIT_TROUBLE;
	}
	if (cmd->output_file && (cmd->show_settings || cmd->show_files)) {
		fprintf(stderr, "jgflint: -o names the file of a report; %s writes no report\n",
			cmd->show_settings ? "--show-settings" : "--show-files");
		return EXIT_TROUBLE;
	}
	if (cmd->output_file && !cmd->stream && !cmd->id_field && !output_file(o, cmd->output_file))
		return EXIT_TROUBLE;
	if (!statistics_ok(o))
		return EXIT_TROUBLE;
	if (cmd->list_rules) {
		bool json = o->noutputs == 1 && o->outputs[0].format == &format_json &&
			    !o->outputs[0].path;
		if (o->noutputs && !json) {
			fputs("jgflint: --list-rules writes text, or JSON with --format json\n", stderr);
			return EXIT_TROUBLE;
		}
		return list_rules(json, NULL);
	}
	if (cmd->explain)
		return explain(cmd->explain);
	if (cmd->stream || cmd->id_field)
		return stream_command(cmd, npaths, paths);
	if (cmd->show_settings && cmd->show_files) {
		fputs("jgflint: --show-settings shows the settings of one PATH and --show-files "
		      "lists the files of a check; give one of them\n", stderr);
		return EXIT_TROUBLE;
	}
	if (cmd->show_settings) {
		/* Without a PATH, those of the working directory (as ruff's). */
		if (npaths > 1) {
			fputs("jgflint: --show-settings shows the settings of one PATH\n", stderr);
			return EXIT_TROUBLE;
		}
		return rules_valid(o) ? show_settings(o, npaths ? paths[0] : ".") : EXIT_TROUBLE;
	}
	if (npaths == 0) {
		fputs("jgflint: no input files (give `-` to read standard input)\n"
		      "Try 'jgflint --help' for more information.\n", stderr);
		return EXIT_TROUBLE;
	}
	if (cmd->show_files) {
		if (cmd->convert || o->fix || o->diff) {
			fprintf(stderr, "jgflint: --show-files lists the files a check reads and "
				"checks nothing; it does not go with %s\n",
				cmd->convert ? "--convert" : o->fix ? "--fix" : "--diff");
			return EXIT_TROUBLE;
		}
		return show_files(o, paths, (size_t)npaths);
	}
	const char *why = conflict(cmd);
	if (why) {
		fprintf(stderr, "jgflint: %s\n", why);
		return EXIT_TROUBLE;
	}
	if (!html_outputs_ok(o))
		return EXIT_TROUBLE;
	if (!encoding_known(o->cli.encoding))
		return EXIT_TROUBLE;
	/* --fix --diff is --diff, as in ruff, whose --diff implies the fix: the
	 * diff of what --fix would write, and nothing written. */
	if (o->diff)
		o->fix = false;
	if (cmd->convert) {
		cmd->conv.quiet = o->quiet;
		cmd->conv.extensions = &o->cli.extensions;
		cmd->conv.run = o;
		return rules_valid(o) ? convert_files(paths, (size_t)npaths, &cmd->conv, NULL) :
					EXIT_TROUBLE;
	}
	if (o->diff && !diff_outputs_ok(o))
		return EXIT_TROUBLE;
	return rules_valid(o) ? run(o, paths, (size_t)npaths) : EXIT_TROUBLE;
}

#ifdef __EMSCRIPTEN__
static void choose_rule_pages(const char *argv0)
{
	(void)argv0;   /* the host names the pages (Module.ruleDocsUrl) */
}
#else
/* A file:// address as the RULE_DOCS_URL of the build names it: the path's
 * bytes outside RFC 3986's unreserved characters and '/' percent-encoded. */
static char *file_url(const char *path)
{
	struct buf b = BUF_INIT;
	buf_adds(&b, "file://");
	for (const unsigned char *p = (const unsigned char *)path; *p; p++)
		if ((*p >= 'a' && *p <= 'z') || (*p >= 'A' && *p <= 'Z') ||
		    (*p >= '0' && *p <= '9') || strchr("/-._~", *p))
			buf_addc(&b, (char)*p);
		else
			buf_printf(&b, "%%%02X", *p);
	return buf_detach(&b);
}

/* Whether DIR holds the rule pages (their index). */
static bool has_rule_pages(const char *dir)
{
	char *index = xasprintf("%s/index.html", dir);
	bool yes = access(index, R_OK) == 0;
	free(index);
	return yes;
}

/* Rule links name pages that are there to be read: the pages beside the
 * program when it runs where it was built (make puts them in rule-pages/),
 * else the installed ones (configure's file://DOCDIR/rules), else none. A
 * web address is taken as configured; the WebAssembly's host names its own.
 * The program is /proc/self/exe, else (no /proc, as in a chroot) argv0 when
 * it names a path. */
static void choose_rule_pages(const char *argv0)
{
	static const char scheme[] = "file://";
	const char *configured = RULE_DOCS_URL;   /* a variable: "" is a build's too */
	if (strncmp(configured, scheme, sizeof scheme - 1) != 0)
		return;
	static char *built;   /* the process's base from here on */
	char *exe = realpath("/proc/self/exe", NULL);
	if (!exe && argv0 && strchr(argv0, '/'))
		exe = realpath(argv0, NULL);
	char *slash = exe ? strrchr(exe, '/') : NULL;
	if (slash) {
		char *dir = xasprintf("%.*s/rule-pages", (int)(slash - exe), exe);
		if (has_rule_pages(dir))
			built = file_url(dir);
		free(dir);
	}
	free(exe);
	if (built)
		catalog_set_doc_base(built);
	else if (!has_rule_pages(configured + sizeof scheme - 1))
		catalog_set_doc_base("");
}
#endif

/* How long a server at a terminal waits for an editor's first bytes before
 * taking it that a person started it. */
#define SERVER_SILENCE_MS 1000

/* jgflint server: the editor gives it documents, never a PATH. */
static int serve(const struct server_options *opts, int nwords, char **words)
{
	if (nwords) {
		fprintf(stderr, "jgflint server: takes no PATH, only options ('%s'): the editor "
			"sends it the documents\n%s", words[0], cli_try_help(CLI_SERVER));
		return EXIT_TROUBLE;
	}
	/* Typed at a terminal, it would wait in silence for an editor's messages,
	 * so it says what it is; but an editor may run it on a pseudo-terminal
	 * too (Emacs' default, ssh -t), where the words would stand before the
	 * first header of its stream. An editor speaks first and at once: the
	 * note waits for a person's silence (REVIEW.md R21). */
	struct pollfd in = { .fd = STDIN_FILENO, .events = POLLIN };
	if (isatty(STDIN_FILENO) && poll(&in, 1, SERVER_SILENCE_MS) == 0)
		fputs("jgflint server: a Language Server Protocol server, which an editor starts "
		      "and speaks to on standard input (man jgflint, EDITORS, says how to set one "
		      "up); it waits for its messages here: Ctrl-D ends it\n", stderr);
	return server_main(opts);
}

int main(int argc, char **argv)
{
	fail_set_handler(die);
#ifdef __GLIBC__
	/* glibc raises its threshold for mapping a block of its own to the
	 * largest it freed (up to 32 MB): after one large record, the next
	 * one's text and record went on the heap, where what they left grew
	 * it (two Kogo stand-ins peaked at 24.4 MB, one at 20.0). Fixed at
	 * its default, a large block is mapped and given back when freed. */
	mallopt(M_MMAP_THRESHOLD, 128 * 1024);
	/* Fixing it fixes the heap's trim threshold at 128 KB too: a record's
	 * DOM freed gave its heap back (brk) and the next one faulted it in
	 * again, 2.5 brk and 3.5 page faults a record of --to sgf. Half a
	 * megabyte kept at the heap's top is most records' DOM. */
	mallopt(M_TRIM_THRESHOLD, 512 * 1024);
#endif
	choose_rule_pages(argv[0]);
	struct command cmd = { .sub = CLI_CHECK };
	if (!cli_subcommand(&argc, argv, &cmd.sub))
		return EXIT_TROUBLE;
	if (cmd.sub == CLI_DUPLICATES)
		duplicates_init(&cmd.dup);
	cli_test_hooks(cmd.sub);   /* the test program's; none in jgflint */
	/* The server's descriptors stay as it was given them (it writes no
	 * file through write.c), and its threads say nothing of the
	 * configuration files they read but to the editor. */
	if (cmd.sub != CLI_SERVER) {
		config_set_note_sink(print_note);
		write_init();
	}
	/* A user who points TMPDIR at a roomier disk (or a build under a
	 * small /tmp) expects the spools kept there. */
	temp_dir_set(getenv("TMPDIR"));
	settings_init(&cmd.o.cli);
	int status = EXIT_TROUBLE;
	switch (parse_options(argc, argv, &cmd)) {
	case DONE: status = EXIT_CLEAN; break;
	case BAD: break;
	case PARSED:
		if (cmd.sub == CLI_SERVER) {
			settings_free(&cmd.o.cli);
			return serve(&cmd.server, argc - optind, argv + optind);
		}
		status = cmd.sub == CLI_DUPLICATES
			 ? duplicates_run(&cmd.dup, argc - optind, argv + optind)
			 : dispatch(&cmd, argc - optind, argv + optind);
		break;
	}
	settings_free(&cmd.o.cli);
	if (!write_close_stdout())
		status = EXIT_TROUBLE;
	return status;
}
