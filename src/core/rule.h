/* rule: what every rule unit in rules/ declares about itself. The table of
 * all rules (rule_registry) is generated from the rule units in rules/ at build time. */
#ifndef JGF_RULE_H
#define JGF_RULE_H

#include <stdbool.h>

enum severity {
	SEV_INFO,
	SEV_WARNING,
	SEV_ERROR,
};

/* Whether `--fix` may apply a fix: safe fixes change only what the finding
 * is about; unsafe ones (`--unsafe-fixes`) move data v2 has no place for.
 * A rule declares the kinds its fixes have as a bit set. */
enum fix_safety {
	FIX_NONE = 0,
	FIX_SAFE = 1,
	FIX_UNSAFE = 2,
};

/* What a rule's findings (whether it finds, how often, how severe: the
 * words of a message may read more) read of a record, so that a check
 * judging a fix that rewrites strings outside the tree (the header:
 * players, game, rules, ...) runs again only the rules whose findings can
 * change (engine.h's engine_again). Said only where it is true of every
 * hook; a rule that says nothing reads anything. */
enum rule_reads {
	READS_RECORD,       /* anything: any value, record_info, what its hooks kept */
	READS_GIVEN,        /* what each hook is given alone: the value visited and
			     * what it holds, a node's node_visit, a point's
			     * point_visit; nothing kept between hooks */
	READS_TREE,         /* the tree alone: its hooks are the tree's (nodes and what
			     * they hold, with what it keeps of them and its end
			     * hook), and read nothing outside the tree */
	READS_TREE_BOARD,   /* as READS_TREE, and record_info's board: width, height
			     * and cut-offs */
};

struct json_object;
struct check;
struct node_visit;
struct go_event;
struct point_visit;
struct schema;

struct rule {
	const char *id;          /* stable kebab-case id; never renamed or reused */
	const char *category;    /* group used by --list-rules: json, io, ... */
	enum severity severity;  /* default severity, the highest its findings have */
	const char *summary;     /* one line */
	const char *explanation; /* what it checks, why, a failing and a passing example */
	unsigned fix;            /* FIX_SAFE | FIX_UNSAFE: the kinds of fixes it offers */
	/* Its findings are about the game itself (facts that contradict each
	 * other), or about a value --convert takes from the source as written
	 * (SGF's XM carries a custom markup type: markup-type's "cross"), not
	 * how the converter writes the record: --convert reports them as the
	 * source game's, at its positions, as it does the go rules'. */
	bool about_game;
	enum rule_reads reads;   /* what its findings read (READS_RECORD unless said) */

	/* What the rule checks, as hooks the engine calls during its one walk of
	 * a JGF record (see check.h); any may be NULL. Rules emitted by other
	 * stages (the loader) have none. */
	void (*on_record)(struct check *c, struct json_object *root);
	/* After the walk: for findings about what the whole record holds. */
	void (*on_record_end)(struct check *c, struct json_object *root);
	void (*on_object)(struct check *c, struct json_object *obj, const struct schema *schema);
	/* The objects on_object is called for: these schemas (the list ends in
	 * NULL), or every object when NULL. The engine calls a rule only for
	 * its own: most look at one kind of object, and every object of a
	 * record is visited. */
	const struct schema *const *objects;
	void (*on_node)(struct check *c, const struct node_visit *n);
	void (*on_point)(struct check *c, const struct point_visit *p);
	/* A go rule: the replay's events (engine/replay.h), each given to
	 * every rule; the rule words its own kind with go_finding. */
	void (*on_go)(const struct go_event *e);
};

/* NULL-terminated, in the order the rule units were linked. */
extern const struct rule *const rule_registry[];

#endif
