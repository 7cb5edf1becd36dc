/* v1-leftover: JGF v1 keys in a record that does not declare version 1. Early
 * v2 files kept ruleSet, mainTime and overTime after the version bump; v2
 * readers ignore them. In a v1 record they are right (v1-record notes it). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/buf.h"
#include "base/dom.h"
#include "core/record.h"
#include "engine/check.h"

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
		if (!cur) {
			struct diag *d = check_report(c, &rule_v1_leftover, rel, true,
						      "`%s` is the JGF v1 spelling, which JGF v2 readers "
						      "ignore; rename it to `%s`", renames[i].v1,
						      renames[i].v2);
			check_fix_rename(c, d, FIX_SAFE, rel, renames[i].v2);
		} else if (json_object_equal(old, cur))
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

/* Unsafe fix of a player's pro or ai: the value moves to the record's meta,
 * under a key that is the pointer it came from, so nothing is lost. */
static void keep_in_meta(struct check *c, struct diag *d, const char *rel, json_object *value)
{
	struct buf from = BUF_INIT;
	check_pointer(c, rel, &from);
	const char *json = dom_json(value, JSON_C_TO_STRING_PLAIN, NULL);
	json_object *meta = member(c->doc->root, "meta");
	check_fix_remove(c, d, FIX_UNSAFE, rel);
	if (json_object_is_type(meta, json_type_object)) {
		check_fix_insert(c, d, FIX_UNSAFE, "#/meta", from.data, json, false);
	} else if (!meta) {
		char *key = fix_json_string(from.data, from.len);
		struct buf obj = BUF_INIT;
		buf_printf(&obj, "{%s: %s}", key, json);
		check_fix_insert(c, d, FIX_UNSAFE, "#", "meta", obj.data, false);
		buf_free(&obj);
		free(key);
	} else {
		check_fix_drop(c, d);   /* meta is not an object: nowhere to keep it */
	}
	buf_free(&from);
}

/* Unsafe fix of a v1 comment object: one string keeping all three parts,
 * "name (timestamp): comment" (record_v1_comment_text). */
static void comment_as_string(struct check *c, struct diag *d, json_object *obj)
{
	struct buf s = BUF_INIT;
	if (record_v1_comment_text(obj, &s)) {
		char *json = fix_json_string(s.data ? s.data : "", s.len);
		check_fix_replace(c, d, FIX_UNSAFE, "", json);
		free(json);
	}
	buf_free(&s);
}

static void check_object(struct check *c, json_object *obj, const struct schema *schema)
{
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
			struct diag *d = check_report(c, &rule_v1_leftover, rel, true,
						      "`%s` is a JGF v1 player key that JGF v2 does not "
						      "have; remove it (or keep it under the record's "
						      "`meta`, as `--fix --unsafe-fixes` does)", gone[i]);
			keep_in_meta(c, d, rel, member(obj, gone[i]));
		}
	} else {
		struct diag *d = check_report(c, &rule_v1_leftover, "", false,
					      "a comment object {name, timestamp, comment} is JGF v1; "
					      "JGF v2 comments are strings: write its `comment` text as a "
					      "string (`--fix --unsafe-fixes` writes \"name (timestamp): "
					      "comment\")");
		comment_as_string(c, d, obj);
	}
}

const struct rule rule_v1_leftover = {
	.id = "v1-leftover",
	.category = "format",
	.severity = SEV_WARNING,
	.summary = "a JGF v1 key in a record that is not JGF v1",
	.fix = FIX_SAFE | FIX_UNSAFE,
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
		"Fix\n"
		"  Safe: ruleSet, mainTime and overTime are renamed (not when the new\n"
		"  name is taken). Unsafe: the players' `pro` and `ai` move into the\n"
		"  record's `meta`, under the pointer they came from\n"
		"  (\"/players/0/pro\": true), and each comment object becomes one\n"
		"  string, \"name (timestamp): comment\", so nothing is lost.\n"
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
	.objects = (const struct schema *const[]){ &schema_rules, &schema_player,
						     &schema_comment, NULL },
};
