/* cmdline: the program's options, one table for every subcommand, and
 * the subcommands' words (cmdline.h). */
#include "cli/cmdline.h"

#include <errno.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <strings.h>
#include <sys/stat.h>

#include "base/buf.h"
#include "base/similar.h"

#define CHECK CLI_CHECK
#define DUPLICATES CLI_DUPLICATES
#define SERVER CLI_SERVER

/* Every option, and the subcommands that take it. */
static const struct cli_option {
	const char *name;
	int has_arg, val;
	unsigned commands;
} table[] = {
	{ "help", no_argument, 'h', CHECK | DUPLICATES | SERVER },
	{ "version", no_argument, 'V', CHECK },
	{ "list-rules", no_argument, OPT_LIST_RULES, CHECK },
	{ "explain", required_argument, OPT_EXPLAIN, CHECK },
	{ "fix", no_argument, OPT_FIX, CHECK },
	{ "unsafe-fixes", no_argument, OPT_UNSAFE_FIXES, CHECK },
	{ "diff", no_argument, OPT_DIFF, CHECK },
	{ "format", required_argument, OPT_FORMAT, CHECK | DUPLICATES },
	{ "output-format", required_argument, OPT_FORMAT, CHECK },
	{ "output-file", required_argument, OPT_OUTPUT_FILE, CHECK | DUPLICATES },
	{ "color", required_argument, OPT_COLOR, CHECK },
	{ "no-board", no_argument, OPT_NO_BOARD, CHECK },
	{ "statistics", no_argument, OPT_STATISTICS, CHECK },
	{ "quiet", no_argument, 'q', CHECK | DUPLICATES },
	{ "verbose", no_argument, 'v', CHECK | SERVER },
	{ "show-fixes", no_argument, OPT_SHOW_FIXES, CHECK },
	{ "show-settings", no_argument, OPT_SHOW_SETTINGS, CHECK },
	{ "show-files", no_argument, OPT_SHOW_FILES, CHECK },
	{ "exit-zero", no_argument, OPT_EXIT_ZERO, CHECK | DUPLICATES },
	{ "allow-no-files", no_argument, OPT_ALLOW_NO_FILES, CHECK },
	{ "select", required_argument, OPT_SELECT, CHECK },
	{ "ignore", required_argument, OPT_IGNORE, CHECK },
	{ "severity", required_argument, OPT_SEVERITY, CHECK },
	{ "warnings-as-errors", no_argument, OPT_WARNINGS_AS_ERRORS, CHECK },
	{ "max-warnings", required_argument, OPT_MAX_WARNINGS, CHECK },
	{ "config", required_argument, OPT_CONFIG, CHECK },
	{ "no-config", no_argument, OPT_NO_CONFIG, CHECK },
	{ "extensions", required_argument, OPT_EXTENSIONS, CHECK },
	{ "stdin-filename", required_argument, OPT_STDIN_FILENAME, CHECK },
	{ "baseline", required_argument, OPT_BASELINE, CHECK },
	{ "write-baseline", required_argument, OPT_WRITE_BASELINE, CHECK },
	{ "jobs", required_argument, 'j', CHECK },
	{ "fix-hard-links", no_argument, OPT_FIX_HARD_LINKS, CHECK },
	{ "max-findings", required_argument, OPT_MAX_FINDINGS, CHECK },
	{ "max-memory", required_argument, OPT_MAX_MEMORY, CHECK | SERVER },
	{ "exclude", required_argument, OPT_EXCLUDE, CHECK },
	{ "force-exclude", no_argument, OPT_FORCE_EXCLUDE, CHECK },
	{ "follow-symlinks", no_argument, OPT_FOLLOW_SYMLINKS, CHECK },
	{ "convert", no_argument, OPT_CONVERT, CHECK },
	{ "output", required_argument, OPT_OUTPUT, CHECK },
	{ "force", no_argument, OPT_FORCE, CHECK },
	{ "stream", no_argument, OPT_STREAM, CHECK },
	{ "id-field", required_argument, OPT_ID_FIELD, CHECK },
	{ "encoding", required_argument, OPT_ENCODING, CHECK | DUPLICATES },
	{ "to", required_argument, OPT_TO, CHECK },
	{ "sgf-pass-tt", no_argument, OPT_SGF_PASS_TT, CHECK },
	{ "sgf-compress", no_argument, OPT_SGF_COMPRESS, CHECK },
	{ "sgf-collection", no_argument, OPT_SGF_COLLECTION, CHECK },
	{ "max-differ", required_argument, OPT_MAX_DIFFER, DUPLICATES },
	{ "swap-colors", no_argument, OPT_SWAP_COLORS, DUPLICATES },
	{ "keys", no_argument, OPT_KEYS, DUPLICATES },
	{ "index", required_argument, OPT_INDEX, DUPLICATES },
	{ "against", required_argument, OPT_AGAINST, DUPLICATES },
	{ "indexes", no_argument, OPT_INDEXES, DUPLICATES },
	/* Editors pass these (vscode-languageclient: --stdio,
	 * --clientProcessId=N); the server takes and ignores them. */
	{ "stdio", no_argument, OPT_STDIO, SERVER },
	{ "clientProcessId", required_argument, OPT_CLIENT_PROCESS_ID, SERVER },
};
#define NOPTIONS (sizeof table / sizeof *table)

/* Each subcommand's short options: all of them, those that take an
 * argument (`-j 2`, `-j2`, `-qj2`, `-f json` as shellcheck and eslint
 * take it), and the switches. */
#define SHORT_OPTIONS "hVqvj:o:f:"
#define DUPLICATES_SHORT_OPTIONS "hqo:"
#define SERVER_SHORT_OPTIONS "hv"
static const struct { const char *all, *with_argument, *switches; } shorts[] = {
	[CHECK] = { SHORT_OPTIONS, "jof", "hVqv" },
	[DUPLICATES] = { DUPLICATES_SHORT_OPTIONS, "o", "hq" },
	[SERVER] = { SERVER_SHORT_OPTIONS, "", "hv" },
};

const struct option *cli_options(void)
{
	static struct option opts[NOPTIONS + 1];   /* filled once, before any thread */
	if (!opts[0].name)
		for (size_t i = 0; i < NOPTIONS; i++)
			opts[i] = (struct option){ table[i].name, table[i].has_arg, NULL, table[i].val };
	return opts;
}

const char *cli_option_near(const char *word)
{
	const char *names[NOPTIONS];
	size_t n = 0;
	for (size_t k = 0; k < NOPTIONS; k++)
		if (table[k].commands & CHECK)
			names[n++] = table[k].name;
	return closest_name(word, names, n);
}

const char *cli_short_options(enum cli_command command)
{
	return shorts[command].all;
}

/* How the subcommand is named in what is said: "jgflint", "jgflint duplicates". */
static const char *program(enum cli_command command)
{
	return command == DUPLICATES ? "jgflint duplicates" : command == SERVER ? "jgflint server"
										: "jgflint";
}

/* A subcommand's word: "check", "duplicates", "server". */
static const char *word(unsigned commands)
{
	return commands & CHECK ? "check" : commands & DUPLICATES ? "duplicates" : "server";
}

const char *cli_try_help(enum cli_command command)
{
	return command == DUPLICATES ? "Try 'jgflint duplicates --help'.\n"
	       : command == SERVER ? "Try 'jgflint server --help'.\n"
				   : "Try 'jgflint --help' for more information.\n";
}

/* Options of the tools people come from, and what jgflint has instead. */
static const struct { const char *name, *instead; } foreign_options[] = {
	{ .name = "print-config", .instead = "--show-settings PATH prints the settings that apply "
					     "to a file (as eslint's --print-config)" },
	{ .name = "isolated", .instead = "--no-config uses no configuration file (as ruff's "
					 "--isolated)" },
	{ .name = "rule", .instead = "--explain RULE explains a rule (as ruff's rule RULE); "
				     "--list-rules lists them" },
	{ .name = "fix-only", .instead = "--fix applies the fixes (as ruff's --fix-only), then "
					 "reports the findings left; -q leaves out their warnings" },
	{ .name = "exit-non-zero-on-fix", .instead = "--diff exits 1 when --fix would change a "
						     "file (run it before --fix, for ruff's "
						     "--exit-non-zero-on-fix)" },
};

/* A short option word (`-q`, `-j2`, `-fix`): false after saying why it is
 * wrong; *skip, whether the next word is its argument. */
static bool short_word(const char *a, enum cli_command command, const char **names, size_t n,
		       bool *skip)
{
	if (command == CHECK && a[1] == 'S') {   /* shellcheck's -S LEVEL */
		fprintf(stderr, "jgflint: unknown option '-S': --severity LEVEL reports "
			"only findings of LEVEL and above (as shellcheck's -S)\n%s",
			cli_try_help(command));
		return false;
	}
	/* `-fix`, `-diff`, a long option with one dash: getopt would take
	 * `-f ix` or say `-d` is unknown. */
	const char *near = strlen(a + 1) > 2 ? closest_name(a + 1, names, n) : NULL;
	if (near) {
		fprintf(stderr, "%s: unknown option '%s'; did you mean '--%s'?\n%s", program(command),
			a, near, cli_try_help(command));
		return false;
	}
	const char *j = strpbrk(a + 1, shorts[command].with_argument);
	*skip = j && strspn(a + 1, shorts[command].switches) == (size_t)(j - a - 1) && !j[1];
	return true;
}

/* A long option that is none of the subcommand's: said, with what it is. */
static void unknown_long(const char *name, size_t len, enum cli_command command,
			 const char **names, size_t n)
{
	for (size_t k = 0; k < NOPTIONS; k++)
		if (!strcmp(table[k].name, name)) {   /* another subcommand's */
			fprintf(stderr, "%s: --%s is an option of jgflint %s, not of %s\n%s",
				program(command), name, word(table[k].commands), word(command),
				cli_try_help(command));
			return;
		}
	for (size_t k = 0; command == CHECK &&
	     k < sizeof foreign_options / sizeof *foreign_options; k++) {
		if (strcmp(name, foreign_options[k].name) == 0) {
			fprintf(stderr, "jgflint: unknown option '--%s': %s\n%s", name,
				foreign_options[k].instead, cli_try_help(command));
			return;
		}
	}
	const char *near = closest_name(name, names, n);
	for (size_t k = 0; !near && k < n; k++)   /* an abbreviation */
		if (len && strncmp(names[k], name, len) == 0)
			near = names[k];
	if (near)
		fprintf(stderr, "%s: unknown option '--%s'; did you mean '--%s'?\n", program(command),
			name, near);
	else
		fprintf(stderr, "%s: unknown option '--%s'\n", program(command), name);
	fputs(cli_try_help(command), stderr);
}

bool cli_options_exact(int argc, char **argv, enum cli_command command)
{
	const char *names[NOPTIONS];
	size_t n = 0;
	for (size_t k = 0; k < NOPTIONS; k++)
		if (table[k].commands & command)
			names[n++] = table[k].name;
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--") == 0)
			return true;
		if (a[0] != '-' || !a[1])
			continue;
		bool skip = false;
		if (a[1] != '-') {
			if (!short_word(a, command, names, n, &skip))
				return false;
			i += skip;
			continue;
		}
		size_t len = strcspn(a + 2, "=");
		const struct cli_option *found = NULL;
		for (size_t k = 0; k < NOPTIONS && !found; k++)
			if ((table[k].commands & command) && strlen(table[k].name) == len &&
			    strncmp(table[k].name, a + 2, len) == 0)
				found = &table[k];
		if (found) {
			i += found->has_arg == required_argument && !a[2 + len];
			continue;
		}
		char *name = xstrndup(a + 2, len);
		unknown_long(name, len, command, names, n);
		free(name);
		return false;
	}
	return true;
}

void cli_bad_option(char **argv, enum cli_command command)
{
	const char *prog = program(command);
	if (strncmp(argv[optind - 1], "--", 2) == 0)
		fprintf(stderr, "%s: option '%.*s' %s\n", prog,
			(int)strcspn(argv[optind - 1], "="), argv[optind - 1],
			strchr(argv[optind - 1], '=') ? "takes no argument" : "needs an argument");
	else if (optopt > 0 && optopt < 256 && optopt != ':' &&
		 strchr(shorts[command].all, optopt))
		fprintf(stderr, "%s: option '-%c' needs an argument\n", prog, optopt);
	else
		fprintf(stderr, "%s: unknown option '-%c'\n", prog, optopt);
	fputs(cli_try_help(command), stderr);
}

const char *cli_option_name(int c)
{
	static char name[40];
	for (size_t k = 0; k < NOPTIONS; k++) {
		if (table[k].val == c) {
			snprintf(name, sizeof name, "--%s", table[k].name);
			return name;
		}
	}
	snprintf(name, sizeof name, "-%c", c);
	return name;
}

int cli_first_operand(int argc, char **argv)
{
	for (int i = 1; i < argc; i++) {
		const char *a = argv[i];
		if (strcmp(a, "--") == 0)
			return 0;
		if (a[0] != '-' || !a[1])
			return i;
		if (a[1] != '-') {
			const char *j = strpbrk(a + 1, shorts[CHECK].with_argument);
			i += j && strspn(a + 1, shorts[CHECK].switches) == (size_t)(j - a - 1) && !j[1];
			continue;
		}
		size_t len = strcspn(a + 2, "=");
		for (size_t k = 0; k < NOPTIONS; k++)
			if (strlen(table[k].name) == len && strncmp(table[k].name, a + 2, len) == 0) {
				i += table[k].has_arg == required_argument && !a[2 + len];
				break;
			}
	}
	return 0;
}

/* The subcommands' words, in the order of enum word. */
enum word { WORD_CHECK, WORD_RULE, WORD_DUPLICATES, WORD_SERVER, WORD_VERSION, WORD_HELP, NWORDS };
static const char *const words[] = { "check", "rule", "duplicates", "server", "version", "help" };

static enum word word_of(const char *a)
{
	enum word k = 0;
	while (k < NWORDS && strcmp(a, words[k]))
		k++;
	return k;
}

/* A first word that names nothing here and is a slip for a subcommand
 * (`jgflint chek .`, `jgflint rules`) or an option written without its
 * dashes (`jgflint fix .`, `jgflint list-rules`): said as a usage error
 * naming what it most likely is, where it was checked as a file that
 * cannot be read. A word with a '/' or a '.' is a path. */
static bool slipped(const char *a)
{
	struct stat st;
	if (strpbrk(a, "/.") || lstat(a, &st) == 0 || errno != ENOENT)
		return false;
	const char *option = cli_option_near(a), *word = closest_name(a, words, NWORDS);
	if (!option && !word)
		return false;
	bool as_option = option && (!word || strcasecmp(option, a) == 0);
	fprintf(stderr, "jgflint: '%s' is no file here, nor a subcommand; did you mean '%s%s'?%s\n%s",
		a, as_option ? "--" : "", as_option ? option : word,
		!as_option && !strcmp(word, "rule") ? " (jgflint rule RULE explains a rule, "
						      "jgflint --list-rules lists them)" : "",
		cli_try_help(CLI_CHECK));
	return true;
}

/* Removes argv[i]. */
static void drop_word(int *argc, char **argv, int i)
{
	memmove(argv + i, argv + i + 1, (size_t)(*argc - i) * sizeof *argv);
	--*argc;
}

/* `jgflint help [SUBCOMMAND]`, as ruff's help: that subcommand's --help.
 * Its word sub becomes --help; false after saying why it cannot be. */
static bool help_subcommand(int *argc, char **argv, int sub, enum cli_command *command)
{
	static char help[] = "--help";
	int next = cli_first_operand(*argc - sub, argv + sub);
	if (next) {
		enum word k = word_of(argv[sub + next]);
		if (k == NWORDS) {
			fprintf(stderr, "jgflint help: '%s' is not a subcommand (", argv[sub + next]);
			for (k = 0; k < NWORDS; k++)
				fprintf(stderr, "%s%s", k ? ", " : "", words[k]);
			fprintf(stderr, ")\n%s", cli_try_help(CLI_CHECK));
			return false;
		}
		*command = k == WORD_DUPLICATES ? CLI_DUPLICATES : k == WORD_SERVER ? CLI_SERVER
										    : CLI_CHECK;
		drop_word(argc, argv, sub + next);
		int more = cli_first_operand(*argc - sub, argv + sub);
		if (more) {
			fprintf(stderr, "jgflint help: takes one subcommand, not '%s' too\n%s",
				argv[sub + more], cli_try_help(CLI_CHECK));
			return false;
		}
	}
	argv[sub] = help;
	return true;
}

bool cli_subcommand(int *argc, char **argv, enum cli_command *command)
{
	static char explain[] = "--explain", version[] = "--version";
	int sub = cli_first_operand(*argc, argv), more;
	switch (sub ? word_of(argv[sub]) : NWORDS) {
	case WORD_DUPLICATES:
		*command = CLI_DUPLICATES;
		drop_word(argc, argv, sub);
		return true;
	case WORD_SERVER:
		*command = CLI_SERVER;
		/* fall through */
	case WORD_CHECK:
		drop_word(argc, argv, sub);
		return true;
	case WORD_RULE:
		if (!cli_first_operand(*argc - sub, argv + sub)) {
			fprintf(stderr, "jgflint rule: give a RULE to explain (jgflint --list-rules "
				"lists them)\n%s", cli_try_help(CLI_CHECK));
			return false;
		}
		argv[sub] = explain;
		return true;
	case WORD_VERSION:
		if ((more = cli_first_operand(*argc - sub, argv + sub))) {
			fprintf(stderr, "jgflint version: takes no PATH ('%s')\n%s", argv[sub + more],
				cli_try_help(CLI_CHECK));
			return false;
		}
		argv[sub] = version;
		return true;
	case WORD_HELP:
		return help_subcommand(argc, argv, sub, command);
	default:
		return !sub || !slipped(argv[sub]);
	}
}
