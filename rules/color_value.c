/* color-value: the colours in the tree (a move's `color`, a node's `turn`, a
 * score entry's `color`) are lowercase English colour names, and moves and
 * score entries have one. */
#include <stdio.h>
#include <string.h>

#include "check.h"
#include "player_color.h"

extern const struct rule rule_color_value;

/* A wrong colour is usually written the same way throughout a record (every
 * move "B" or "W"): each wrong value is reported at its first use only
 * (check_first_use). */

/* Checks the colour at obj.key; missing is the message for a missing one,
 * or NULL when the key is optional. */
static void check_color(struct check *c, json_object *obj, const char *key, const char *missing)
{
	json_object *color = member(obj, key);
	if (!color) {
		if (missing)
			check_report(c, &rule_color_value, "", false, "%s", missing);
		return;
	}
	if (!json_object_is_type(color, json_type_string))
		return; /* wrong-type's */
	const char *s = json_object_get_string(color);
	size_t len = (size_t)json_object_get_string_len(color);
	if (jgf_color_name_ok(s, len) || !check_first_use(c, &rule_color_value, s, len))
		return;
	char subject[16];
	snprintf(subject, sizeof subject, "`%s`", key);
	struct buf msg = BUF_INIT, rel = BUF_INIT;
	jgf_color_name_problem(&msg, subject, s, len);
	buf_printf(&rel, "/%s", key);
	check_report(c, &rule_color_value, rel.data, false,
		     "%s (reported at its first use; later uses are not reported again)", msg.data);
	buf_free(&msg);
	buf_free(&rel);
}

static void check_object(struct check *c, json_object *obj, const struct schema *schema)
{
	if (schema == &schema_move)
		check_color(c, obj, "color", "the move has no `color`; add `color`, the colour of "
			    "the player who moves (e.g. \"color\": \"black\")");
	else if (schema == &schema_node)
		check_color(c, obj, "turn", NULL);
	else if (schema == &schema_score)
		check_color(c, obj, "color", "the score entry has no `color`; add `color`, the "
			    "colour whose territory these points are (e.g. \"color\": \"black\")");
}

const struct rule rule_color_value = {
	.id = "color-value",
	.category = "tree",
	.severity = SEV_ERROR,
	.summary = "a colour in the tree is missing or not a lowercase English colour name",
	.explanation =
		"What it checks\n"
		"  Every move and every score entry has a `color`, and the colours used\n"
		"  in the tree (a move's `color`, a node's `turn`, a score entry's\n"
		"  `color`) are full English colour names in lower case, like the\n"
		"  players' colours: \"black\", \"white\", \"red\", \"light blue\".\n"
		"  Capitalised names, SGF's letters \"B\" and \"W\", and colour codes are\n"
		"  errors. A wrong value is usually repeated all through a record, so\n"
		"  each one is reported at its first use only.\n"
		"\n"
		"Why\n"
		"  Readers find the player of a move by comparing its colour with the\n"
		"  players' colours exactly; a move by \"B\" or \"Black\" belongs to nobody.\n"
		"\n"
		"Fails\n"
		"  { \"tree\": [ {}, { \"move\": { \"color\": \"B\", \"x\": 3, \"y\": 3 } },\n"
		"                  { \"move\": { \"x\": 15, \"y\": 15 } } ] }\n"
		"\n"
		"Passes\n"
		"  { \"tree\": [ {}, { \"move\": { \"color\": \"black\", \"x\": 3, \"y\": 3 } },\n"
		"                  { \"move\": { \"color\": \"white\", \"x\": 15, \"y\": 15 } } ] }\n",
	.on_object = check_object,
};
