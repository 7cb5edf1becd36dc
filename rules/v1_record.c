/* v1-record: a JGF v1 record is valid, but JGF v2 is current; one note at the
 * version says what migrating takes. Its v1 keys are not reported one by one
 * (v1-leftover is for records that claim another version). */
#include <stdio.h>

#include "engine/check.h"

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

/* Comment objects are met in the walk; the note is written after it. */
static void note_comment_object(struct check *c, json_object *obj, const struct schema *schema)
{
	(void)obj, (void)schema;   /* a comment: .objects */
	*check_word(c, &rule_v1_record) = 1;
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
	bool comment_objects = *check_word(c, &rule_v1_record);
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
		"Fix\n"
		"  Safe: the record becomes v2: `format` \"JGF\", version 2, and the v1\n"
		"  names of the rules keys renamed.\n"
		"\n"
		"Fails\n"
		"  { \"record\": { \"version\": 1 }, \"rules\": { \"ruleSet\": \"Japanese\" },\n"
		"    \"tree\": [ {} ] }\n"
		"\n"
		"Passes\n"
		"  { \"record\": { \"format\": \"JGF\", \"version\": 2 },\n"
		"    \"rules\": { \"ruleset\": \"Japanese\" }, \"tree\": [ {} ] }\n",
	.on_object = note_comment_object,
	.objects = (const struct schema *const[]){ &schema_comment, NULL },
	.on_record_end = check_v1,
};
