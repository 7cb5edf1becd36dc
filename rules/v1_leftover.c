/* v1-leftover: JGF v1 keys in a record that does not declare version 1. Early
 * v2 files kept ruleSet, mainTime and overTime after the version bump; v2
 * readers ignore them. In a v1 record they are right (v1-record notes it). */
#include <stdio.h>
#include <string.h>

#include "check.h"

extern const struct rule rule_v1_leftover;

static void check_renames(struct check *c, json_object *rules)
{
	static const struct { const char *v1, *v2; } renames[] = {
		{ "ruleSet", "ruleset" }, { "mainTime", "time" }, { "overTime", "overtime" },
	};
	for (size_t i = 0; i < sizeof renames / sizeof *renames; i++) {
		json_object *old = member(rules, renames[i].v1);
		if (!old)
			continue;
		char rel[32];
		snprintf(rel, sizeof rel, "/%s", renames[i].v1);
		json_object *cur = member(rules, renames[i].v2);
		if (!cur)
			check_report(c, &rule_v1_leftover, rel, true,
				     "`%s` is the JGF v1 spelling, which JGF v2 readers ignore; "
				     "rename it to `%s`", renames[i].v1, renames[i].v2);
		else if (json_object_equal(old, cur))
			check_report(c, &rule_v1_leftover, rel, true,
				     "`%s` is the JGF v1 spelling of `%s`, which this object also "
				     "has with the same value; remove `%s` (renaming it would "
				     "conflict with `%s`)", renames[i].v1, renames[i].v2,
				     renames[i].v1, renames[i].v2);
		else
			check_report(c, &rule_v1_leftover, rel, true,
				     "`%s` is the JGF v1 spelling of `%s`, which this object also "
				     "has with another value; renaming it would conflict: keep the "
				     "right value under `%s` and remove `%s`", renames[i].v1,
				     renames[i].v2, renames[i].v2, renames[i].v1);
	}
}

static void check_object(struct check *c, json_object *obj, const struct schema *schema)
{
	if (schema != &schema_rules && schema != &schema_player && schema != &schema_comment)
		return;
	json_object *record = member(c->doc->root, "record");
	if (json_object_is_type(record, json_type_object) && c->rec->version == 1)
		return;
	if (schema == &schema_rules) {
		check_renames(c, obj);
	} else if (schema == &schema_player) {
		static const char *const gone[] = { "pro", "ai" };
		for (size_t i = 0; i < 2; i++) {
			char rel[8];
			if (!member(obj, gone[i]))
				continue;
			snprintf(rel, sizeof rel, "/%s", gone[i]);
			check_report(c, &rule_v1_leftover, rel, true,
				     "`%s` is a JGF v1 player key that JGF v2 does not have; remove "
				     "it (or keep it under the record's `meta`)", gone[i]);
		}
	} else {
		check_report(c, &rule_v1_leftover, "", false,
			     "a comment object {name, timestamp, comment} is JGF v1; JGF v2 "
			     "comments are strings: write its `comment` text as a string");
	}
}

const struct rule rule_v1_leftover = {
	.id = "v1-leftover",
	.category = "format",
	.severity = SEV_WARNING,
	.summary = "a JGF v1 key in a record that is not JGF v1",
	.explanation =
		"What it checks\n"
		"  In a record whose version is not 1, the keys JGF v2 renamed or\n"
		"  dropped: rules.ruleSet (now `ruleset`), rules.mainTime (now `time`),\n"
		"  rules.overTime (now `overtime`), the players' `pro` and `ai`, and\n"
		"  comment objects {name, timestamp, comment} (v2 comments are\n"
		"  strings). Players written as an object keyed by colour are checked\n"
		"  too. When an object has both spellings, the message says that\n"
		"  renaming would conflict.\n"
		"\n"
		"Why\n"
		"  Early v2 files kept the v1 names after the version bump; a v2 reader\n"
		"  looks for `ruleset`, `time` and `overtime` and ignores the rest.\n"
		"\n"
		"Fails\n"
		"  { \"record\": { \"format\": \"JGF\", \"version\": 2 },\n"
		"    \"rules\": { \"ruleSet\": \"Japanese\", \"mainTime\": 3600 }, \"tree\": [ {} ] }\n"
		"\n"
		"Passes\n"
		"  { \"record\": { \"format\": \"JGF\", \"version\": 2 },\n"
		"    \"rules\": { \"ruleset\": \"Japanese\", \"time\": 3600 }, \"tree\": [ {} ] }\n",
	.on_object = check_object,
};
