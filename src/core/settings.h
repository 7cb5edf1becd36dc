/* settings: which rules run and how severe they are. Two layers apply to a
 * file: the command line's (or a library caller's) over those of its
 * configuration file. The front end finds which configuration applies and
 * passes both in; nothing here reads a file. */
#ifndef JGF_SETTINGS_H
#define JGF_SETTINGS_H

#include <stdbool.h>
#include <stddef.h>

#include "core/diag.h"
#include "base/regex.h"

/* A list of rule ids or categories (or, for extensions and exclude, of
 * file endings and globs), as given. */
struct rule_list {
	char **items;
	size_t len, cap;
};

struct severity_override {
	char *rule;
	enum severity severity;
};

struct path_ignore {
	char *glob;            /* relative to the config file's directory */
	struct regex re;       /* the glob, translated */
	struct rule_list rules;
};

struct settings {
	bool has_select;
	struct rule_list select;      /* only these run (when has_select) */
	struct rule_list ignore;      /* these do not run */
	struct severity_override *severities;
	size_t nseverities, severities_cap;
	struct path_ignore *path_ignores;
	size_t npath_ignores, path_ignores_cap;
	struct rule_list extensions;  /* of files found in directories */
	struct rule_list exclude;     /* globs of paths directory walks skip */
	int warnings_as_errors;       /* -1: not set */
	long max_warnings;            /* -1: not set */
	long max_findings;            /* per rule per file; -1: not set (1,000), 0: no cap */
	int min_severity;             /* --severity LEVEL: findings below it are dropped;
				       * -1: not set (every level) */
	const char *encoding;         /* --encoding NAME: SGF, GIB, NGF and UGF text is
				       * read in it (not freed); NULL: as each file
				       * declares or as detected */
};

/* What applies to one file. */
struct lint_settings {
	const struct settings *cli;   /* the command line's (never NULL) */
	const struct settings *file;  /* its configuration file's, or NULL */
	char *rel_path;               /* the file's path relative to that file's
				       * directory, for per-path-ignores; NULL
				       * when it is not below it (whoever fills it
				       * in frees it) */
	/* Keep the position at each go finding's node (diag.position), from
	 * the replay that finds it, for the boards a front end draws; with
	 * traced, each stone's move and node too; with traced_in_place, only
	 * on a record checked in place (SGF's: the record is gone after, and
	 * the library's jgf_finding_position cannot replay it again). */
	bool positions, traced, traced_in_place;
	/* The replay not run (the go rules' findings not made): a judgement
	 * that counts none of them (lint/fixjgf.c's check offer). */
	bool no_replay;
	/* Only the rules whose findings are the source game's (the go rules
	 * and about_game's): a check in place of the record a game reads as
	 * (convert/inplace.c), where any other finding is a converter bug,
	 * which --convert's check of what it writes and fuzz_convert look for. */
	bool source_only;
	/* A check in place gives its findings no place in the SGF's tree
	 * (diag.place, convert/sgfplace.c's sgf_places): no report and no
	 * baseline of the run reads one (a tenth of checking 10,000 nested
	 * variations with three findings each). */
	bool no_places;
};

/* What no option and no configuration asks: every rule, as is. */
extern const struct settings settings_defaults;
void settings_init(struct settings *s);
void settings_free(struct settings *s);
void rule_list_add(struct rule_list *l, const char *item);
/* Adds comma-separated items. */
void rule_list_add_csv(struct rule_list *l, const char *csv);
/* Whether item is a rule id, a category or "all". */
bool rule_name_known(const char *item);
/* The rule id, category or "all" closest to name, when it is a likely
 * slip of the keyboard; else NULL. */
const char *rule_name_suggest(const char *name);
/* What to say after "no rule named NAME": "; did you mean 'x'?" (in the
 * quotes q), or where the rules are listed; written to b. */
struct buf;
const char *rule_name_hint(struct buf *b, const char *name, char q);
/* error, warning (or eslint's warn), info. */
bool severity_from_name(const char *name, enum severity *out);
/* The level NAME is likely a slip for (`eror`, `warn`), or NULL. */
const char *severity_suggest(const char *name);

/* A NULL ls means every rule, at its default severity. */
/* Whether any rule of category runs (a stage can skip its work). */
bool settings_category_enabled(const struct lint_settings *ls, const char *category);
/* Whether every rule runs (no --select, --ignore or a configuration's
 * select, ignore or per-path-ignores that apply): nothing to ask rule by
 * rule. */
bool settings_every_rule(const struct lint_settings *ls);
/* Whether rule runs, and at which severity. */
bool settings_rule(const struct lint_settings *ls, const struct rule *rule, enum severity *severity);
/* Drops the findings of rules that do not run, and gives the others their
 * severity: the command line's over the file's; then drops those below the
 * command line's --severity LEVEL. Any dropped: diags->partial. */
void settings_apply(const struct lint_settings *ls, struct diag_list *diags);

/* The exit status of a run, computed here for every front end. */
enum { EXIT_CLEAN = 0, EXIT_FINDINGS = 1, EXIT_TROUBLE = 2 };

struct outcome {
	bool trouble;          /* something could not be read or written */
	bool nothing;          /* nothing was checked, and that was not allowed */
	bool exit_zero;        /* --exit-zero: findings do not fail the run */
	bool diff;             /* --diff: the status says whether a file would change */
	bool changed;          /* ... and one would */
	bool recording;        /* --write-baseline: findings do not fail the run */
	size_t errors;
	bool warnings_fail;    /* the warning policy fails the run (settings_warnings_fail) */
};

int outcome_status(const struct outcome *o);

/* The cap on each rule's findings in a file (--max-findings): the
 * setting, or 1,000 when it is not set; 0: no cap (diag_list_cap). */
size_t settings_findings_cap(const struct settings *s);
/* The warning policy one configuration file sets (file, named file_name;
 * both NULL for files no configuration applies to), with the command
 * line's (cli) over it: --warnings-as-errors and --max-warnings count every
 * warning of the run (total); a configuration's count those of the files it
 * applies to (here). Whether they fail the run; why (when not NULL) gets the
 * line that says so. */
bool settings_warnings_fail(const struct settings *cli, const struct settings *file,
			    const char *file_name, size_t here, size_t total, struct buf *why);

#endif
