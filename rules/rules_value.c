/* rules-value: the numbers in `rules` that cannot be negative. Komi may be
 * anything (negative komi exists; JSON has no NaN). Values of the wrong type
 * are wrong-type's. Seki's extension keys (numberOfPeriods, timePerPeriod)
 * are not JGF's to judge: Seki 4.3 itself writes negative ones. */
#include <stdio.h>

#include "engine/check.h"

extern const struct rule rule_rules_value;

static const struct {
	const char *key;
	bool integer;
	const char *what;   /* what the value means */
	const char *zero;   /* what 0 means */
} limits[] = {
	{ "handicap", true, "the number of handicap stones", "0 for an even game" },
	{ "time", false, "the main time in seconds", "0 for no main time" },
	{ "mainTime", false, "the main time in seconds (JGF v1)", "0 for no main time" },
};

static void check_rules(struct check *c, json_object *rules, const struct schema *schema)
{
	(void)schema;   /* the rules's only: .objects */
	for (size_t i = 0; i < sizeof limits / sizeof *limits; i++) {
		json_object *v = member(rules, limits[i].key);
		/* Values of the wrong type are wrong-type's (a fraction where an
		 * integer belongs too); integers beyond 64 bits count. */
		unsigned want = limits[i].integer ? J_INT : J_NUMBER;
		bool negative = (json_type_bits(v) & want) && json_object_get_double(v) < 0;
		if (!negative)
			continue;
		char rel[32];
		struct buf found = BUF_INIT;
		snprintf(rel, sizeof rel, "/%s", limits[i].key);
		describe_value(&found, v);
		check_report(c, &rule_rules_value, rel, false,
			     "`%s` is %s and cannot be negative, found %s; write %s",
			     limits[i].key, limits[i].what, found.data, limits[i].zero);
		buf_free(&found);
	}
}

const struct rule rule_rules_value = {
	.id = "rules-value",
	.category = "sections",
	.severity = SEV_ERROR,
	.summary = "a negative handicap or main time in rules",
	.explanation =
		"What it checks\n"
		"  In `rules`: `handicap` is 0 or more (0 for an even game, usually 2\n"
		"  to 9); `time` (and JGF v1's `mainTime`), the main time in seconds,\n"
		"  is 0 or more. `komi` may be any number, negative included (reverse\n"
		"  komi). Values of the wrong type are reported by wrong-type. Seki's\n"
		"  extension keys `numberOfPeriods` and `timePerPeriod` are not JGF's\n"
		"  and are not judged (Seki 4.3 itself writes negative ones).\n"
		"\n"
		"Fails\n"
		"  { \"rules\": { \"handicap\": -2, \"time\": -60 } }\n"
		"\n"
		"Passes\n"
		"  { \"rules\": { \"handicap\": 0, \"time\": 0, \"komi\": -5.5 } }\n",
	.on_object = check_rules,
	.objects = (const struct schema *const[]){ &schema_rules, NULL },
};
