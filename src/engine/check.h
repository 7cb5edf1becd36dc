/* check: what a rule sees. The engine walks a JGF record once and calls the
 * hooks of every rule (rule.h) with a check context: the document, the
 * record-wide facts, and the JSON pointer of what is being visited. Rules
 * never print; they report findings through the functions below. */
#ifndef JGF_CHECK_H
#define JGF_CHECK_H

#include <stdbool.h>
#include <stddef.h>
#include <json-c/json.h>

#include "base/buf.h"
#include "core/fix.h"
#include "read/load.h"
#include "core/record.h"
#include "core/rule.h"
#include "core/schema.h"

struct check_memo;
struct node_visit;
struct locator;

struct hooks;

struct check {
	struct document *doc;
	const struct record_info *rec;
	struct buf ptr;   /* pointer of the visited value ("" for the root) */
	struct check_memo *memo;   /* per-record state of rules, see below */
	size_t nmemo, memo_cap;
	const struct node_visit *node;   /* the node being visited, NULL outside the tree */
	/* A streamed document (load.h): where the visited node stands (its
	 * offset, SIZE_MAX outside the tree; its pointer, the start of ptr),
	 * and locators of the node and of the record without its tree, made
	 * on first use (check_locator). */
	size_t node_start, node_ptr_len;
	struct locator *node_loc, *head_loc;
	const struct hooks *hooks;   /* the rules that run, by hook (engine.c) */
};

/* A node of the tree (tree[0] is the root node). A streamed document's
 * walk holds one node at a time (and the one before it): a rule sees the
 * node and these facts of its sequence, never the sequence itself (a
 * streamed DOM's tree and variations hold stubs: read/scan.h). */
struct node_visit {
	json_object *node;     /* any JSON value: nodes that are not objects are visited too */
	json_object *prev;     /* the node before it in its sequence, or NULL */
	size_t seq_len;        /* the length of its sequence: the tree, or a variation */
	size_t index;          /* its index there */
	size_t first_variations; /* the index of the first node before it in its sequence
				    whose `variations` is an array, or SIZE_MAX */
	bool is_root;
	size_t variation_depth; /* 0 on the main line */
	/* Its members of these names (NULL when absent or null, and for a
	 * node that is no object), read in one pass over its keys before the
	 * rules see it: each rule looking them up cost a lint more than the
	 * pass. */
	json_object *move, *setup, *score, *markup, *variations, *turn;
	/* The members of move (when an object) that move-shape, move-time
	 * and the point visit read, in one pass over its keys: whether each
	 * is there (a JSON null too), and the last of each name's value (as
	 * each of their loops took it; NULL for null); and its color, the
	 * first of the name, as member() gives it (color-value's and
	 * undeclared-color's). */
	bool has_x, has_y, has_pass;
	json_object *x, *y, *pass, *time_left, *periods_left, *color;
};

enum point_kind { POINT_MOVE, POINT_SETUP, POINT_SCORE, POINT_MARKUP };

/* A point: a move with coordinates, or one element of setup, score or
 * markup coords. The check pointer is that of the point object. */
struct point_visit {
	json_object *point;    /* the object holding x and y (for moves: the move) */
	enum point_kind kind;
	json_object *node;
	json_object *entry;    /* the setup, score or markup entry (NULL for moves) */
	size_t entry_index;
	size_t index;          /* index in entry.coords (0 for moves) */
	bool has_xy;           /* x and y are both integers */
	long long x, y;
};

/* Reports at the visited value plus rel, a relative pointer ("" or
 * "/komi"; keys in it must already be escaped, see pointer_push_key). With
 * at_key, the position is that of the member's key. Returns the finding, to
 * attach a fix to (fix.h); it stays valid until the next report. */
struct diag *check_report(struct check *c, const struct rule *rule, const char *rel, bool at_key,
			  const char *fmt, ...) __attribute__((format(printf, 5, 6)));

/* The absolute pointer of rel, written to out: rel is relative to the
 * visited value ("" the value itself, "/move" its member), or, when it
 * starts with '#', from the record's root ("#/players"; "#" the root). */
const char *check_pointer(struct check *c, const char *rel, struct buf *out);

/* Per-record state for rules. Records are checked on several threads at
 * once, so a rule keeps no state of its own between hooks: it asks here.
 * check_first_use is true the first time rule meets value (len bytes) in
 * this record; check_word is a word of rule's own, zero at the start of
 * each record. */
bool check_first_use(struct check *c, const struct rule *rule, const char *value, size_t len);
long *check_word(struct check *c, const struct rule *rule);
/* check_first_use's, with two words of rule's own for the value, zero at
 * its first use (a rule that reports a value at its first use and counts
 * the others); check_each_use goes through the values met, in order. */
long *check_use(struct check *c, const struct rule *rule, const char *value, size_t len,
		bool *first);
void check_each_use(struct check *c, const struct rule *rule,
		    void (*fn)(struct check *c, const char *value, size_t len, long *words));
/* Frees what the walk of a record kept (memo, pointer, locators). */
void check_free(struct check *c);

/* Fixes for a finding d: the one way a rule attaches them (fix.h says
 * what each op does). Pointers are as check_pointer takes them: relative
 * to the visited value, or from the root with '#'. */
void check_fix_replace(struct check *c, struct diag *d, enum fix_safety safety, const char *rel,
		       const char *json);
void check_fix_rename(struct check *c, struct diag *d, enum fix_safety safety, const char *rel,
		      const char *key);
void check_fix_insert(struct check *c, struct diag *d, enum fix_safety safety,
		      const char *object_rel, const char *key, const char *json, bool first);
/* The same, inserting before the member with the key anchor (last when
 * the object has none, or anchor is NULL). */
void check_fix_insert_before(struct check *c, struct diag *d, enum fix_safety safety,
			     const char *object_rel, const char *key, const char *json,
			     const char *anchor);
void check_fix_remove(struct check *c, struct diag *d, enum fix_safety safety, const char *rel);

/* The value at rel becomes value (json-c builds the text; value stays the
 * caller's). */
void check_fix_replace_value(struct check *c, struct diag *d, enum fix_safety safety,
			     const char *rel, json_object *value);
/* The object at rel loses the members keys names (separated by ' '). */
void check_fix_remove_keys(struct check *c, struct diag *d, enum fix_safety safety, const char *rel,
			   const char *keys);
/* The array at array_rel gets json as its last element. */
void check_fix_append(struct check *c, struct diag *d, enum fix_safety safety,
		      const char *array_rel, const char *json);
/* Splits the visited node (fix_split) into the nodes JGF wants: the root
 * keeps all but `move` and `variations`, which follow it in that order; any
 * other node with both `setup` and `move` gives the setup (and `turn`, which
 * belongs to it) a node of its own before it (setup applies first, as in
 * SGF) and keeps the rest with the move; `variations` beside anything else goes to a last node of its own.
 * False when the node needs no split. */
bool check_fix_split_node(struct check *c, struct diag *d, enum fix_safety safety,
			  const struct node_visit *n);
/* The visited element and those after it move to the end of the array at
 * dest_rel (fix_move_tail). */
void check_fix_move_tail(struct check *c, struct diag *d, enum fix_safety safety,
			 const char *dest_rel);
/* Bytes [start, end) of the record's text become text, for what is no
 * value of its own (the braces around a value it wraps). */
void check_fix_bytes(struct check *c, struct diag *d, enum fix_safety safety, size_t start,
		     size_t end, const char *text);
/* d keeps no fix: what the rule attached so far is dropped (a fix found
 * impossible half way). */
void check_fix_drop(struct check *c, struct diag *d);

/* Where the value at rel stands in the source text (for fixes that keep
 * the original text of a value); false if it cannot be found. */
bool check_span(struct check *c, const char *rel, struct span *out);
/* The value pointer (absolute) names in the DOM, or NULL: a streamed
 * document's DOM holds the nodes of the tree only while they are visited
 * (from the visited node, its values resolve). */
json_object *check_resolve(struct check *c, const char *pointer);
/* The locator that finds pointer (absolute), and *rel, pointer relative to
 * what it indexes: the document's; for a streamed document, the visited
 * node's or the record's without its tree, when pointer is in them (the
 * document's indexes every value, which a streamed check avoids). */
struct locator *check_locator(struct check *c, const char *pointer, const char **rel);

#endif
