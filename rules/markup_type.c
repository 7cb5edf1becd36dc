/* markup-type: a custom markup type that is most likely a default one
 * misspelt (Seki's "select" for "selected", "Circle", "circles", "cross"). */
#include <stdio.h>
#include <string.h>

#include "engine/check.h"
#include "base/dom.h"
#include "core/schema.h"

extern const struct rule rule_markup_type;

/* The fix: safe for "select" (Seki's spelling) and a matter of case or
 * spaces; unsafe for the rest (an alias, plural or typo is a guess). */
static void fix_type(struct check *c, bool same, const char *meant_type, struct diag *d)
{
	char json[24];
	snprintf(json, sizeof json, "\"%s\"", meant_type);
	check_fix_replace(c, d, same ? FIX_SAFE : FIX_UNSAFE, "/type", json);
}

static void check_markup(struct check *c, json_object *obj, const struct schema *schema)
{
	(void)schema;   /* the markup's only: .objects */
	json_object *type = member(obj, "type");
	if (!json_object_is_type(type, json_type_string))
		return;  /* missing: markup-entry's; another type: wrong-type's */
	const char *s = json_object_get_string(type);
	size_t len = (size_t)json_object_get_string_len(type);
	bool same;
	const char *d = schema_markup_meant(s, len, &same);
	if (!d || strcmp(s, d) == 0)
		return;
	fix_type(c, same, d, check_report(c, &rule_markup_type, "/type", false,
		     "markup type %s is not one of the default types (circle, triangle, square, "
		     "mark, label, selected), so it is treated as custom markup; if the default "
		     "is meant, write \"%s\"",
		     dom_json(type, JSON_C_TO_STRING_PLAIN |
						    JSON_C_TO_STRING_NOSLASHESCAPE, NULL), d));
}

const struct rule rule_markup_type = {
	.id = "markup-type",
	.category = "points",
	.severity = SEV_INFO,
	.about_game = true,
	.summary = "a custom markup type that looks like a misspelt default type",
	.explanation =
		"What it checks\n"
		"  The default markup types are circle, triangle, square, mark, label and\n"
		"  selected. Any other type is allowed as custom markup, and stays\n"
		"  silent (Seki's diamond, happy and sad, for instance), unless it is a\n"
		"  near-miss of a default type: another case (\"Circle\"), a plural\n"
		"  (\"circles\"), a one-letter typo (\"triange\"), an abbreviation or\n"
		"  synonym (\"tri\", \"sq\", \"cross\" or \"x\" for mark, SGF's \"TR\", \"CR\",\n"
		"  \"MA\", \"LB\", \"SL\"), or \"select\", which Seki writes for \"selected\".\n"
		"  Such a type is displayed as custom markup, if at all, instead of the\n"
		"  default the writer probably meant.\n"
		"\n"
		"Fix\n"
		"  Safe: \"select\" (Seki's spelling) and the default types in other case\n"
		"  become the default type. Unsafe: an alias, plural or typo (\"cross\",\n"
		"  \"circles\", \"triange\") becomes the default it probably means.\n"
		"\n"
		"Fails\n"
		"  \"markup\": [ { \"type\": \"select\", \"coords\": [ { \"x\": 8, \"y\": 7 } ] } ]\n"
		"\n"
		"Passes\n"
		"  \"markup\": [ { \"type\": \"selected\", \"coords\": [ { \"x\": 8, \"y\": 7 } ] },\n"
		"              { \"type\": \"diamond\", \"coords\": [ { \"x\": 9, \"y\": 7 } ] } ]\n",
	.fix = FIX_SAFE | FIX_UNSAFE,
	.on_object = check_markup,
	.objects = (const struct schema *const[]){ &schema_markup, NULL },
};
