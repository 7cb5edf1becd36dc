/* unknown-key: a key the specification does not define, with a suggestion
 * when it is close to one that it does. */
#include <string.h>

#include "engine/check.h"
#include "base/similar.h"
#include "base/pointer.h"

extern const struct rule rule_unknown_key;

/* The closest known key, if it is close enough to be a likely typo. */
static const char *suggest(const struct schema *schema, const char *key)
{
	size_t len = strlen(key), best = SIZE_MAX;
	const char *found = NULL;
	for (const struct field *f = schema->fields; f->key; f++) {
		if (f->legacy)
			continue;
		size_t d = edit_distance(key, f->key);
		if (d < best)
			best = d, found = f->key;
	}
	size_t limit = len <= 3 ? 1 : len <= 6 ? 2 : 3;
	return best <= limit ? found : NULL;
}

/* The unsafe fix: the key becomes the known one it is closest to, when no
 * other known key is as close and the object does not hold it already. */
static void fix_near_key(struct check *c, struct diag *d, const struct schema *schema,
		       json_object *obj, const char *rel, const char *key, const char *near)
{
	size_t best = edit_distance(key, near), ties = 0;
	for (const struct field *f = schema->fields; f->key; f++)
		ties += !f->legacy && edit_distance(key, f->key) == best;
	if (ties == 1 && !member(obj, near))
		check_fix_rename(c, d, FIX_UNSAFE, rel, near);
}

static void check_keys(struct check *c, json_object *obj, const struct schema *schema)
{
	if (schema->open)
		return;
	struct buf rel = BUF_INIT;
	json_object_object_foreach(obj, key, val) {
		(void)val;
		if (schema_field(schema, key))
			continue;
		buf_truncate(&rel, 0);
		pointer_push_key(&rel, key, strlen(key));
		const char *near = suggest(schema, key);
		if (near)
			fix_near_key(c, check_report(c, &rule_unknown_key, rel.data, true,
						   "unknown key `%s` in %s; did you mean `%s`?", key,
						   schema->name, near),
				   schema, obj, rel.data, key, near);
		else if (schema == &schema_root)
			check_report(c, &rule_unknown_key, rel.data, true,
				     "unknown key `%s` in %s; custom data belongs under `meta`", key,
				     schema->name);
		else
			check_report(c, &rule_unknown_key, rel.data, true,
				     "unknown key `%s` in %s; readers ignore it (custom data belongs "
				     "under the record's `meta`)", key, schema->name);
	}
	buf_free(&rel);
}

const struct rule rule_unknown_key = {
	.id = "unknown-key",
	.category = "schema",
	.severity = SEV_WARNING,
	.summary = "a key the JGF specification does not define",
	.explanation =
		"What it checks\n"
		"  Every key of the record's sections, players, nodes, moves, setup,\n"
		"  score and markup entries and points. A key that the specification\n"
		"  does not define is ignored by readers, so it is usually a typo; when\n"
		"  it is close to a known key, the message names it. Free-form data\n"
		"  belongs under `meta`, which is not checked, and custom player\n"
		"  instructions under `settings` are allowed. Keys of JGF v1 and the\n"
		"  extensions Seki writes (rules.numberOfPeriods, rules.timePerPeriod)\n"
		"  are known.\n"
		"\n"
		"Fix\n"
		"  Unsafe: a key with one closest known key (`coments`) is renamed to it,\n"
		"  unless the object already holds that key.\n"
		"\n"
		"Fails\n"
		"  { \"tree\": [ {}, { \"move\": { \"color\": \"black\", \"x\": 3, \"y\": 3 },\n"
		"                 \"coments\": [ \"a good move\" ] } ] }\n"
		"\n"
		"Passes\n"
		"  { \"tree\": [ {}, { \"move\": { \"color\": \"black\", \"x\": 3, \"y\": 3 },\n"
		"                 \"comments\": [ \"a good move\" ] } ] }\n",
	.fix = FIX_UNSAFE,
	.on_object = check_keys,
};
