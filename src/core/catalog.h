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
 * chose another before the first lookup. A file:// BASE where no pages
 * are (no index.html there: not installed) links none. */
const char *catalog_doc_url(const struct rule *rule);
/* The base of the rule pages' addresses for this process ("" for none):
 * call it before anything looks a rule up. */
void catalog_set_doc_base(const char *base);
/* The rule's explanation (what it checks, why, examples): the rule's
 * own, or in the WebAssembly build, where they are kept apart, its
 * unpacked (core/explanations_web.h). */
const char *catalog_explanation(const struct rule *r);
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
extern const struct rule rule_misnamed_file;
extern const struct rule rule_nggo_dialect;
/* config/config.c and cli/baseline.c: the files beside the records */
extern const struct rule rule_config_error;
extern const struct rule rule_baseline_stale;
/* convert/: the readers' repairs, losses and reading choices (sgf_note) */
extern const struct rule rule_sgf_missing_semicolon;
extern const struct rule rule_sgf_unclosed_value;
extern const struct rule rule_sgf_duplicate_property;
extern const struct rule rule_sgf_lowercase_property;
extern const struct rule rule_sgf_property_no_value;
extern const struct rule rule_sgf_too_many_properties;
extern const struct rule rule_sgf_value_without_property;
extern const struct rule rule_sgf_stray_text;
extern const struct rule rule_sgf_text_outside;
extern const struct rule rule_sgf_stray_paren;
extern const struct rule rule_sgf_node_after_variations;
extern const struct rule rule_sgf_empty_variation;
extern const struct rule rule_sgf_empty_node;
extern const struct rule rule_sgf_unknown_property;
extern const struct rule rule_sgf_unclosed_tree;
extern const struct rule rule_sgf_cut_short;
extern const struct rule rule_sgf_deep_nesting;
extern const struct rule rule_sgf_nul_byte;
extern const struct rule rule_sgf_kept_property;
extern const struct rule rule_sgf_rank_read;
extern const struct rule rule_sgf_result_read;
extern const struct rule rule_sgf_komi_read;
extern const struct rule rule_sgf_date_read;
extern const struct rule rule_sgf_time_read;
extern const struct rule rule_sgf_number_blanks;
extern const struct rule rule_sgf_point_blanks;
extern const struct rule rule_sgf_komi_kept;
extern const struct rule rule_sgf_two_moves;
extern const struct rule rule_sgf_empty_text;
extern const struct rule rule_sgf_empty_value;
extern const struct rule rule_sgf_duplicate_point;
extern const struct rule rule_sgf_annotation_conflict;
extern const struct rule rule_sgf_annotation_without_move;
extern const struct rule rule_sgf_ff_version;
extern const struct rule rule_sgf_turn_read;
extern const struct rule rule_sgf_move_in_root;
extern const struct rule rule_sgf_setup_with_move;
extern const struct rule rule_sgf_info_outside_root;
extern const struct rule rule_sgf_point_value;
extern const struct rule rule_sgf_rectangle;
extern const struct rule rule_sgf_swallowed_property;
extern const struct rule rule_sgf_nodes_after_game;
extern const struct rule rule_sgf_value_type;
extern const struct rule rule_sgf_off_board;
extern const struct rule rule_sgf_label_value;
extern const struct rule rule_sgf_board_size;
extern const struct rule rule_sgf_not_go;
extern const struct rule rule_sgf_no_game_tree;
extern const struct rule rule_sgf_json_value_type;
extern const struct rule rule_sgf_json_node_type;
extern const struct rule rule_sgf_json_tree_type;
extern const struct rule rule_sgf_json_node_after_variations;
extern const struct rule rule_sgf_json_variations_type;
extern const struct rule rule_sgf_json_grove_variations;
extern const struct rule rule_charset_invalid_bytes;
extern const struct rule rule_charset_mismatch;
extern const struct rule rule_charset_guessed;
extern const struct rule rule_charset_ambiguous;
extern const struct rule rule_gib_handicap;
extern const struct rule rule_gib_off_board;
extern const struct rule rule_gib_cut_short;
extern const struct rule rule_gib_unclosed_game;
extern const struct rule rule_gib_unreadable_line;
extern const struct rule rule_gib_no_game;
extern const struct rule rule_ngf_komi;
extern const struct rule rule_ngf_off_board;
extern const struct rule rule_ngf_cut_short;
extern const struct rule rule_ngf_move_count;
extern const struct rule rule_ngf_gi_dialect;
extern const struct rule rule_ngf_no_game;
extern const struct rule rule_ugf_off_board;
extern const struct rule rule_ugf_unreadable_line;
extern const struct rule rule_ugf_deep_variations;
extern const struct rule rule_ugf_lost_comment;
extern const struct rule rule_ugf_data_differs;
extern const struct rule rule_ugf_no_game;
extern const struct rule rule_ugf_move_number;
extern const struct rule rule_ugf_header_guessed;
extern const struct rule rule_ugz_unreadable;
extern const struct rule rule_ogs_value_type;
extern const struct rule rule_ogs_no_moves;
extern const struct rule rule_ogs_move_shape;
extern const struct rule rule_ogs_off_board;
extern const struct rule rule_ogs_initial_state;
extern const struct rule rule_ogs_result;

#endif
