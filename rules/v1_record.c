/* v1-record: a JGF v1 record is valid, but JGF v2 is current; one note at the
 * version says what migrating takes. Its v1 keys are not reported one by one
 * (v1-leftover is for records that claim another version). */
#include <stdio.h>
#include <stdlib.h>

#include "check.h"

extern const struct rule rule_v1_record;

static bool player_has(json_object *players, const char *key)
{
	if (json_object_is_type(players, json_type_array)) {
		size_t n = json_object_array_length(players);
		for (size_t i = 0; i < n; i++)
			if (member(json_object_array_get_idx(players, i), key))
				return true;
	} else if (json_object_is_type(players, json_type_object)) {
		json_object_object_foreach(players, colour, player) {
			(void)colour;
			if (member(player, key))
				return true;
		}
	}
	return false;
}

/* Whether any node of the tree (variations included) has a comment object.
 * Iterative: trees can be thousands of variations deep. */
static bool has_comment_object(json_object *tree)
{
	struct frame { json_object *seq; size_t next; } *stack = NULL;
	size_t cap = 0, top = 0;
	bool found = false;
	if (!json_object_is_type(tree, json_type_array))
		return false;
	stack = xgrow(stack, &cap, 1, sizeof *stack);
	stack[top++] = (struct frame){ tree, 0 };
	while (top && !found) {
		struct frame *f = &stack[top - 1];
		if (f->next >= json_object_array_length(f->seq)) {
			top--;
			continue;
		}
		json_object *node = json_object_array_get_idx(f->seq, f->next++);
		json_object *comments = member(node, "comments");
		if (json_object_is_type(comments, json_type_array)) {
			size_t n = json_object_array_length(comments);
			for (size_t i = 0; i < n && !found; i++)
				found = json_object_is_type(json_object_array_get_idx(comments, i),
							    json_type_object);
		}
		json_object *vars = member(node, "variations");
		if (!json_object_is_type(vars, json_type_array))
			continue;
		/* Each variation is a sequence of nodes: push them all. */
		size_t n = json_object_array_length(vars);
		for (size_t i = n; i-- > 0;) {
			json_object *seq = json_object_array_get_idx(vars, i);
			if (!json_object_is_type(seq, json_type_array))
				continue;
			stack = xgrow(stack, &cap, top + 1, sizeof *stack);
			stack[top++] = (struct frame){ seq, 0 };
		}
	}
	free(stack);
	return found;
}

static void check_v1(struct check *c, json_object *root)
{
	json_object *record = member(root, "record");
	if (!json_object_is_type(record, json_type_object) || c->rec->version != 1)
		return;
	static const struct { const char *v1, *v2; } renames[] = {
		{ "ruleSet", "ruleset" }, { "mainTime", "time" }, { "overTime", "overtime" },
	};
	struct buf steps = BUF_INIT;
	if (!member(record, "format"))
		buf_adds(&steps, "add \"format\": \"JGF\", ");
	buf_adds(&steps, "set \"version\": 2");
	json_object *rules = member(root, "rules");
	size_t nrenamed = 0;
	for (size_t i = 0; i < sizeof renames / sizeof *renames; i++) {
		if (!member(rules, renames[i].v1))
			continue;
		buf_printf(&steps, "%s`%s` to `%s`", nrenamed++ ? ", " : ", rename ",
			   renames[i].v1, renames[i].v2);
	}
	bool pro = player_has(member(root, "players"), "pro");
	bool ai = player_has(member(root, "players"), "ai");
	if (pro || ai)
		buf_printf(&steps, ", remove the players' %s", pro && ai ? "`pro` and `ai`" :
			   pro ? "`pro`" : "`ai`");
	bool comment_objects = has_comment_object(member(root, "tree"));
	if (comment_objects)
		buf_adds(&steps, ", write the comment objects {name, timestamp, comment} as strings");
	struct diag *d = check_report(c, &rule_v1_record, "/record/version", false,
				      "this record is JGF v1; JGF v2 is current, and migrating takes: "
				      "%s (`jgflint --fix` migrates it%s)", steps.data,
				      pro || ai || comment_objects ? "; what v2 has no place for "
				      "needs `--unsafe-fixes` too" : "");
	buf_free(&steps);
	/* The safe part; what v2 has no place for is then v1-leftover's. */
	if (!member(record, "format"))
		check_fix_insert(c, d, FIX_SAFE, "/record", "format", "\"JGF\"", true);
	check_fix_replace(c, d, FIX_SAFE, "/record/version", "2");
	for (size_t i = 0; i < sizeof renames / sizeof *renames; i++) {
		char rel[32];
		snprintf(rel, sizeof rel, "/rules/%s", renames[i].v1);
		if (member(rules, renames[i].v1) && !member(rules, renames[i].v2))
			check_fix_rename(c, d, FIX_SAFE, rel, renames[i].v2);
	}
}

const struct rule rule_v1_record = {
	.id = "v1-record",
	.category = "format",
	.severity = SEV_INFO,
	.summary = "a JGF v1 record, which can be migrated to v2",
	.fix = FIX_SAFE,
	.explanation =
		"What it checks\n"
		"  A record whose `record.version` is 1 is valid JGF v1. One note says\n"
		"  so, with what migrating it to JGF v2 takes: `format` \"JGF\",\n"
		"  `version` 2, and the renamed keys `ruleSet` to `ruleset`, `mainTime`\n"
		"  to `time` and `overTime` to `overtime`; the players' `pro` and `ai`\n"
		"  go, and comment objects {name, timestamp, comment} become strings.\n"
		"  The v1 keys of a v1 record are not reported one by one.\n"
		"  `--fix` adds the format, sets the version and renames the keys\n"
		"  (unless the new name is taken); the players' `pro` and `ai` and the\n"
		"  comment objects are then v1-leftover findings, which\n"
		"  `--unsafe-fixes` moves (see v1-leftover).\n"
		"\n"
		"Fails\n"
		"  { \"record\": { \"version\": 1 }, \"rules\": { \"ruleSet\": \"Japanese\" },\n"
		"    \"tree\": [ {} ] }\n"
		"\n"
		"Passes\n"
		"  { \"record\": { \"format\": \"JGF\", \"version\": 2 },\n"
		"    \"rules\": { \"ruleset\": \"Japanese\" }, \"tree\": [ {} ] }\n",
	.on_record = check_v1,
};
