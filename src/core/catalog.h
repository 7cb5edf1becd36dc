/* catalog: lookups over the rule registry, and the descriptors of the rules
 * that the scanner, the loader, the engine, the replay, the configuration
 * and the baseline emit themselves (their units live in rules/ like every
 * other rule, without hooks). */
#ifndef JGF_CATALOG_H
#define JGF_CATALOG_H

#include <stddef.h>
#include "base/buf.h"
#include "core/rule.h"

const char *severity_name(enum severity sev);
const struct rule *catalog_find(const char *id);
/* All rules sorted by category, then id. Returns the count; *out is static. */
size_t catalog_sorted(const struct rule *const **out);
/* The address of the rule's page, BASE/ID.html, or NULL when there is no
 * page to link: BASE is configure's --with-rule-docs-url (else the pages
 * make install puts in DOCDIR/rules; empty, none) unless a front end
 * chose another before the first lookup. */
const char *catalog_doc_url(const struct rule *rule);
/* The base of the rule pages' addresses for this process ("" for none):
 * call it before anything looks a rule up. */
void catalog_set_doc_base(const char *base);
/* The text of --explain RULE (and of its page): the rule, its category,
 * severity and fixes, summary and explanation; --explain adds the page's
 * address. */
void catalog_explain(struct buf *out, const struct rule *r);
/* What --list-rules prints, a line a rule, of category (NULL: all). */
void catalog_list(struct buf *out, const char *category);
/* "-", "safe", "unsafe" or "safe+unsafe". */
const char *catalog_fixability(const struct rule *r);

/* The descriptors of the rules that other stages emit, by emitter: each
 * rule's unit in rules/ documents it and names its emitters ("Emitted by:"),
 * without hooks (tests/layers.sh checks that both agree). */
/* read/: the scanner and the loader */
extern const struct rule rule_io_error;
extern const struct rule rule_json_syntax;
extern const struct rule rule_json_encoding;
extern const struct rule rule_json_bom;
extern const struct rule rule_json_duplicate_key;
extern const struct rule rule_json_key_nul;
extern const struct rule rule_json_too_large;
extern const struct rule rule_json_number_range;
extern const struct rule rule_json_depth;
/* engine/engine.c: what the record is, before the walk */
extern const struct rule rule_not_an_object;
extern const struct rule rule_foreign_format;
extern const struct rule rule_nggo_dialect;
/* config/config.c and cli/baseline.c: the files beside the records */
extern const struct rule rule_config_error;
extern const struct rule rule_baseline_stale;

#endif
