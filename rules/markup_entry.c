/* markup-entry: a markup entry without its `type` or its `coords`. */
#include "engine/check.h"

extern const struct rule rule_markup_entry;

static void check_markup(struct check *c, json_object *obj, const struct schema *schema)
{
	(void)schema;   /* the markup's only: .objects */
	json_object *type = member(obj, "type");
	bool no_type = !type, no_coords = !member(obj, "coords");
	if (no_type && no_coords)
		check_report(c, &rule_markup_entry, "", false,
			     "this markup entry has neither `type` nor `coords`: write what is marked "
			     "and where, e.g. {\"type\": \"circle\", \"coords\": [{\"x\": 3, \"y\": 3}]}");
	else if (no_type)
		check_report(c, &rule_markup_entry, "", false,
			     "this markup entry has no `type`: add one, e.g. \"type\": \"circle\" "
			     "(circle, triangle, square, mark, label, selected, or a custom type)");
	else if (no_coords)
		check_report(c, &rule_markup_entry, "", false,
			     "this markup entry has no `coords`: add the marked points, e.g. "
			     "\"coords\": [{\"x\": 3, \"y\": 3}]");
	if (json_object_is_type(type, json_type_string) && json_object_get_string_len(type) == 0)
		check_report(c, &rule_markup_entry, "/type", false,
			     "a markup `type` must not be empty: name the markup, e.g. \"circle\"");
}

const struct rule rule_markup_entry = {
	.id = "markup-entry",
	.category = "points",
	.severity = SEV_ERROR,
	.reads = READS_GIVEN,
	.summary = "a markup entry lacks its type or its coords",
	.explanation =
		"What it checks\n"
		"  Every entry of a node's `markup` is an object with a `type` (a\n"
		"  non-empty string: circle, triangle, square, mark, label, selected, or\n"
		"  a custom type) and `coords` (the array of points it marks). An entry\n"
		"  without either is reported. (A `type` or `coords` of another JSON type\n"
		"  is wrong-type's.)\n"
		"\n"
		"Why\n"
		"  Without a type a reader cannot draw the markup; without coords there\n"
		"  is nothing to draw.\n"
		"\n"
		"Fails\n"
		"  \"markup\": [ { \"coords\": [ { \"x\": 3, \"y\": 3 } ] }, { \"type\": \"circle\" } ]\n"
		"\n"
		"Passes\n"
		"  \"markup\": [ { \"type\": \"circle\", \"coords\": [ { \"x\": 3, \"y\": 3 } ] } ]\n",
	.on_object = check_markup,
	.objects = (const struct schema *const[]){ &schema_markup, NULL },
};
