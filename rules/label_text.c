/* label-text: every point of a `label` markup entry needs the text shown. */
#include <stdint.h>
#include <string.h>

#include "engine/check.h"
#include "base/similar.h"

extern const struct rule rule_label_text;

/* Whether the point has a misspelt `text` ("txt", "Text") that unknown-key
 * reports with a "did you mean `text`?": that finding is the one to fix. */
static bool text_misspelt(json_object *point)
{
	json_object_object_foreach(point, key, val) {
		(void)val;
		if (schema_field(&schema_markup_point, key))
			continue;
		size_t len = strlen(key), best = SIZE_MAX;
		const char *near = NULL;
		for (const struct field *f = schema_markup_point.fields; f->key; f++) {
			size_t d = edit_distance(key, f->key);
			if (d < best)
				best = d, near = f->key;
		}
		size_t limit = len <= 3 ? 1 : len <= 6 ? 2 : 3;
		if (best <= limit && strcmp(near, "text") == 0)
			return true;
	}
	return false;
}

static void check_point(struct check *c, const struct point_visit *p)
{
	if (p->kind != POINT_MARKUP)
		return;
	json_object *type = member(p->entry, "type");
	if (!json_object_is_type(type, json_type_string) ||
	    strcmp(json_object_get_string(type), "label") != 0)
		return;
	json_object *text = member(p->point, "text");
	if (!text) {
		if (!text_misspelt(p->point))
			check_report(c, &rule_label_text, "", false,
				     "this point of a label entry has no `text`: add `text`, the label "
				     "shown, e.g. \"A\"");
	} else if (json_object_is_type(text, json_type_string) &&
		   json_object_get_string_len(text) == 0) {
		check_report(c, &rule_label_text, "/text", false,
			     "a label needs a non-empty `text`, found \"\": write the label shown, "
			     "e.g. \"A\"");
	}
}

const struct rule rule_label_text = {
	.id = "label-text",
	.category = "points",
	.severity = SEV_ERROR,
	.reads = READS_GIVEN,
	.summary = "a label markup point has no text, or an empty one",
	.explanation =
		"What it checks\n"
		"  Every point of a markup entry of type \"label\" carries the text shown on\n"
		"  the board, in `text`: a non-empty string (\"A\", \"1\", ...). A point\n"
		"  without it, or with \"\", is reported. (A `text` that is not a string is\n"
		"  wrong-type's; a misspelt key such as `txt` is unknown-key's.)\n"
		"\n"
		"Why\n"
		"  A label without text shows nothing, or an empty box.\n"
		"\n"
		"Fails\n"
		"  \"markup\": [ { \"type\": \"label\",\n"
		"                \"coords\": [ { \"x\": 8, \"y\": 5 }, { \"x\": 9, \"y\": 5, \"text\": \"\" } ] } ]\n"
		"\n"
		"Passes\n"
		"  \"markup\": [ { \"type\": \"label\",\n"
		"                \"coords\": [ { \"x\": 8, \"y\": 5, \"text\": \"A\" } ] } ]\n",
	.on_point = check_point,
};
