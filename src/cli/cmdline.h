/* cmdline: the program's options, one table for every subcommand that
 * takes them (`jgflint check`, `jgflint duplicates`, `jgflint server`):
 * spelt out whole, with a did-you-mean, anywhere among the paths. main.c
 * parses with it. */
#ifndef JGF_CMDLINE_H
#define JGF_CMDLINE_H

#include <getopt.h>
#include <stdbool.h>

/* The subcommands the table serves (a bit each: an option says which take it). */
enum cli_command { CLI_CHECK = 1, CLI_DUPLICATES = 2, CLI_SERVER = 4 };

/* getopt_long's codes of the long options without a short one. */
enum {
	OPT_LIST_RULES = 256, OPT_EXPLAIN, OPT_FIX, OPT_UNSAFE_FIXES, OPT_DIFF,
	OPT_FORMAT, OPT_COLOR, OPT_STATISTICS, OPT_SELECT, OPT_IGNORE, OPT_SEVERITY,
	OPT_WARNINGS_AS_ERRORS, OPT_MAX_WARNINGS, OPT_CONFIG, OPT_EXTENSIONS,
	OPT_STDIN_FILENAME, OPT_BASELINE, OPT_WRITE_BASELINE, OPT_SHOW_FIXES, OPT_SHOW_SETTINGS,
	OPT_EXIT_ZERO, OPT_ALLOW_NO_FILES, OPT_FORCE_EXCLUDE, OPT_NO_CONFIG, OPT_FIX_HARD_LINKS,
	OPT_MAX_FINDINGS, OPT_MAX_MEMORY, OPT_EXCLUDE, OPT_CONVERT, OPT_OUTPUT, OPT_FORCE,
	OPT_STREAM, OPT_ID_FIELD, OPT_ENCODING, OPT_TO, OPT_SGF_PASS_TT, OPT_SGF_COMPRESS,
	OPT_SGF_COLLECTION, OPT_FOLLOW_SYMLINKS, OPT_SHOW_FILES, OPT_NO_BOARD,
	/* jgflint duplicates' own */
	OPT_MAX_DIFFER, OPT_SWAP_COLORS, OPT_KEYS, OPT_INDEX, OPT_AGAINST, OPT_INDEXES,
	/* jgflint server's own */
	OPT_STDIO, OPT_CLIENT_PROCESS_ID,
};
#define OPT_OUTPUT_FILE 'o'
#define OPT_FORMAT_SHORT 'f'

/* The table as getopt_long takes it (every subcommand's options). */
const struct option *cli_options(void);
/* The name of check's long option that word is, or nearly is (a slip of
 * the keyboard: closest_name), without its dashes ("fix"); NULL if none. */
const char *cli_option_near(const char *word);
/* getopt_long's short options of a subcommand. */
const char *cli_short_options(enum cli_command command);
/* getopt_long takes any unambiguous prefix (`--fi` for `--fix`, which
 * writes files) and any option of the table: every long option must be
 * spelt out and be one of the subcommand's, and one that is not gets a
 * did-you-mean. Returns false after saying why. */
bool cli_options_exact(int argc, char **argv, enum cli_command command);
/* Says what is wrong with the option getopt_long could not take (unknown,
 * or missing or given an argument it does not take). */
void cli_bad_option(char **argv, enum cli_command command);
/* "Try 'jgflint --help' ...": the line after a usage error. */
const char *cli_try_help(enum cli_command command);
/* How the command line spells option c ("--fix", "-q"). */
const char *cli_option_name(int c);
/* The index of the first operand (not an option, nor an option's
 * argument: `-j 2`, `--format json`), or 0 when there is none before the
 * end or `--` (after which every word is a path). */
int cli_first_operand(int argc, char **argv);
/* The subcommand the command line names, as ruff takes them: the first
 * operand, after options too (`jgflint -q check .`, `jgflint --verbose
 * server`), whatever the working directory holds (a file named check or
 * help is ./check, ./help). `check PATH...` (ruff's check) is `PATH...`;
 * duplicates and server take their options from the same table, before
 * or after the word (*command says which); `rule RULE`, `version` and
 * `help [SUBCOMMAND]`, as ruff's, become --explain RULE, --version and the
 * subcommand's --help (version and help take no PATH: `jgflint *` over a
 * folder holding a file named help fails rather than checks nothing). A
 * first word that names no file and is a slip for a subcommand or an
 * option without its dashes (`jgflint chek .`, `jgflint fix .`) is a
 * usage error naming it. False after saying why the command line cannot
 * be. */
bool cli_subcommand(int *argc, char **argv, enum cli_command *command);

#endif
