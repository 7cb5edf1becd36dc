/* libjgflint: the JGF (JSON Go Format) validator, linter and fixer of the
 * jgflint program, as a C library.
 *
 *     jgf_result *r = jgf_lint(NULL, "game.jgf", text, len, 0);
 *     for (size_t i = 0; i < jgf_result_count(r); i++)
 *             printf("%lu:%lu: %s [%s]\n", jgf_finding_line(r, i),
 *                    jgf_finding_column(r, i), jgf_finding_message(r, i),
 *                    jgf_finding_rule(r, i));
 *     jgf_result_free(r);
 *
 * Types are opaque; everything a function returns is released by its
 * matching free (a string returned with a result lives as long as the
 * result; catalogue strings live for ever). Every function may be called
 * from any thread; a configuration may be shared by threads once built.
 * Link with `pkg-config --cflags --libs jgflint`. */
#ifndef JGFLINT_H
#define JGFLINT_H

#include <stddef.h>

#ifdef __cplusplus
extern "C" {
#endif

#if defined(__GNUC__) && defined(JGFLINT_BUILDING)
#define JGF_API __attribute__((visibility("default")))
#else
#define JGF_API
#endif

enum jgf_severity { JGF_INFO = 0, JGF_WARNING = 1, JGF_ERROR = 2 };

/* The library's version, e.g. "0.1.0". */
JGF_API const char *jgf_version(void);

/* A configuration: which rules run and how severe. A new one runs every
 * rule at its default severity (as jgflint without options). */
typedef struct jgf_config jgf_config;

JGF_API jgf_config *jgf_config_new(void);
/* Rule ids or categories, comma-separated (as --select and --ignore).
 * Return 0, or -1 when an item names no rule or category (nothing is
 * changed then). */
JGF_API int jgf_config_select(jgf_config *cfg, const char *rules);
JGF_API int jgf_config_ignore(jgf_config *cfg, const char *rules);
/* Reports rule at severity (as --severity RULE=LEVEL); -1 for an unknown
 * rule or severity. */
JGF_API int jgf_config_severity(jgf_config *cfg, const char *rule, enum jgf_severity severity);
JGF_API void jgf_config_free(jgf_config *cfg);

/* Flags of jgf_lint. */
#define JGF_FIX 1u           /* apply the safe fixes (as --fix) */
#define JGF_UNSAFE_FIXES 2u  /* with JGF_FIX, the unsafe ones too */

/* The outcome of checking one document. */
typedef struct jgf_result jgf_result;

/* Checks the len bytes at data (need not be NUL-terminated), named name in
 * messages (may be NULL), with cfg (NULL: the defaults). With JGF_FIX the
 * findings are those that remain after fixing. Never returns NULL: like
 * the program, the library aborts when memory runs out. */
JGF_API jgf_result *jgf_lint(const jgf_config *cfg, const char *name, const char *data,
			     size_t len, unsigned flags);
JGF_API void jgf_result_free(jgf_result *r);

/* The findings, sorted by position: i runs from 0 to jgf_result_count(r) - 1. */
JGF_API size_t jgf_result_count(const jgf_result *r);
/* How many findings have this severity. */
JGF_API size_t jgf_result_count_severity(const jgf_result *r, enum jgf_severity severity);
JGF_API const char *jgf_finding_rule(const jgf_result *r, size_t i);
JGF_API enum jgf_severity jgf_finding_severity(const jgf_result *r, size_t i);
JGF_API const char *jgf_finding_message(const jgf_result *r, size_t i);
/* The RFC 6901 JSON pointer of the value concerned, or NULL. */
JGF_API const char *jgf_finding_pointer(const jgf_result *r, size_t i);
/* 1-based; columns count Unicode code points. 0 for a finding about the
 * whole document. */
JGF_API unsigned long jgf_finding_line(const jgf_result *r, size_t i);
JGF_API unsigned long jgf_finding_column(const jgf_result *r, size_t i);

/* The document's text: with JGF_FIX, fixed (the input unchanged when
 * nothing applied or it is not valid JSON). *len (if not NULL) is its
 * length; the text is also NUL-terminated. */
JGF_API const char *jgf_result_text(const jgf_result *r, size_t *len);
/* How many fixes were applied. */
JGF_API size_t jgf_result_fixes(const jgf_result *r);

/* The rule catalogue, sorted by category then id: i runs from 0 to
 * jgf_rule_count() - 1. */
JGF_API size_t jgf_rule_count(void);
JGF_API const char *jgf_rule_id(size_t i);
JGF_API const char *jgf_rule_category(size_t i);
JGF_API enum jgf_severity jgf_rule_severity(size_t i);
JGF_API const char *jgf_rule_summary(size_t i);
/* What it checks and why, with a failing and a passing example. */
JGF_API const char *jgf_rule_explanation(size_t i);
/* Which fixes it offers: 0, JGF_FIX (safe), JGF_UNSAFE_FIXES, or both. */
JGF_API unsigned jgf_rule_fixes(size_t i);

#ifdef __cplusplus
}
#endif

#endif
