/* TEMPORARY (delete at merge): the draft of the API additions
 * (/work/notes/api-draft.h), as the server relies on them, until they are in
 * src/lib/jgflint.h. Only the functions the server calls are declared here;
 * see README in the report for the list. */
#ifndef JGF_SERVER_API_DRAFT_TMP_H
#define JGF_SERVER_API_DRAFT_TMP_H

#include <stddef.h>

/* ---- results: more about each finding ---- */
/* Where the finding's value ends: 1-based line, column in code points just
 * past it; 0 when unknown. */
JGF_API unsigned long jgf_finding_end_line(const jgf_result *r, size_t i);
JGF_API unsigned long jgf_finding_end_column(const jgf_result *r, size_t i);
/* The same positions as byte offsets into jgf_result_text(r) (the text the
 * findings are about: the input, or with JGF_FIX the fixed text).
 * start == end == 0 and jgf_finding_line == 0 for a finding about the whole
 * document. end is start when unknown. */
JGF_API size_t jgf_finding_offset(const jgf_result *r, size_t i);
JGF_API size_t jgf_finding_end_offset(const jgf_result *r, size_t i);
/* The fix the finding carries: 0 (none), JGF_FIX (safe) or JGF_UNSAFE_FIXES. */
JGF_API unsigned jgf_finding_fix(const jgf_result *r, size_t i);
/* The fix as byte edits of jgf_result_text(r): k runs from 0 to
 * jgf_finding_edit_count(r, i) - 1, in text order, non-overlapping;
 * bytes [*start, *end) become *text (NUL-terminated, lives with r).
 * Returns 0, or -1 when k is out of range. */
JGF_API size_t jgf_finding_edit_count(const jgf_result *r, size_t i);
JGF_API int jgf_finding_edit(const jgf_result *r, size_t i, size_t k, size_t *start,
                             size_t *end, const char **text);
/* The rule's documentation page (as SARIF's helpUri). */
JGF_API const char *jgf_finding_url(const jgf_result *r, size_t i);

/* The result in an output format, exactly what `jgflint --format FORMAT NAME`
 * prints for this one document (json: {"diagnostics": [...], "summary": {...}}
 * with files 1; concise; text without colour; sarif; github; gitlab).
 * NULL for an unknown format or when memory runs out. Free with jgf_free. */
JGF_API char *jgf_result_report(const jgf_result *r, const char *format);
JGF_API void jgf_free(void *p);

/* ---- rules ---- */
/* The index of the rule with this id in the catalogue order, or -1. */
JGF_API long jgf_rule_find(const char *id);
/* Its documentation page. */
JGF_API const char *jgf_rule_url(size_t i);
/* What `jgflint --explain NAME` prints (a rule, a category or "all"), or
 * NULL when NAME names none. Free with jgf_free. */
JGF_API char *jgf_explain(const char *name);

/* ---- configurations from .jgflint.json ---- */
/* A configuration file's text (name for messages and, with its directory,
 * for per-path-ignores): its settings are the configuration-file layer of the
 * new jgf_config (jgf_config_select & co. still override it, as the command
 * line overrides the file). *problems (if not NULL) receives the file's own
 * findings (config-error, JSON syntax...) as a result, or NULL when none.
 * NULL only when memory runs out. Reads nothing from the file system. */
JGF_API jgf_config *jgf_config_parse(const char *name, const char *data, size_t len,
                                     jgf_result **problems);
/* The same, reading the file at path (the only calls that read files). */
JGF_API jgf_config *jgf_config_load(const char *path, jgf_result **problems);
/* The configuration the CLI would apply to the file at path: the nearest
 * .jgflint.json in its directory or above, read; a new default configuration
 * when there is none. */
JGF_API jgf_config *jgf_config_discover(const char *path, jgf_result **problems);
/* The configuration file a jgf_config was read from (absolute), or NULL. */
JGF_API const char *jgf_config_path(const jgf_config *cfg);

/* ---- conversion (as jgflint --convert) ---- */
typedef struct jgf_conversion jgf_conversion;
/* Converts SGF, SGF-in-JSON or UGF/UGI bytes named name (e.g. "game.sgf")
 * into JGF v2 records, linted as --convert lints them. NULL only when memory
 * runs out. */
JGF_API jgf_conversion *jgf_convert(const char *name, const char *data, size_t len);
/* 0: every game converted; 1: a source game has errors or is not Go;
 * 2: not convertible (not SGF, SGF-in-JSON or UGF/UGI, or no game). */
JGF_API int jgf_conversion_status(const jgf_conversion *c);
JGF_API size_t jgf_conversion_count(const jgf_conversion *c);
/* The name --convert would write record i under, beside the input:
 * "game.jgf", or "game-1.jgf" ... "game-n.jgf" for n games. */
JGF_API const char *jgf_conversion_name(const jgf_conversion *c, size_t i);
JGF_API const char *jgf_conversion_text(const jgf_conversion *c, size_t i, size_t *len);
/* What --convert says on the way (notes, "kept under meta.sgf: ...",
 * errors), one line each, as it prints them; "" when nothing. */
JGF_API const char *jgf_conversion_messages(const jgf_conversion *c);
JGF_API void jgf_conversion_free(jgf_conversion *c);

#endif
