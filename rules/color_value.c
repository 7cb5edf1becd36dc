/* color-value: the colours in the tree (a move's `color`, a node's `turn`, a
 * score entry's `color`) are lowercase English colour names, and moves and
 * score entries have one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/check.h"
#include "player_color.h"

extern const struct rule rule_color_value;

/* A wrong colour is usually written the same way throughout a record (every
 * move "B" or "W"): each wrong value is reported at its first use only
 * (check_first_use). */

/* Checks the colour at obj.key; missing is the message for a missing one,
 * or NULL when the key is optional. */
/* The colours of one sequence of nodes and their variations that are
 * written `wrong`, each fixed to `json` (with d NULL, only counted);
 * returns how many there are. */
static size_t fix_all(struct check *c, struct diag *d, json_object *seq, struct buf *ptr,
		      const char *wrong, const char *json, enum fix_safety safety, size_t depth)
{
	size_t base = ptr->len, n = json_object_array_length(seq), uses = 0;
	if (depth > 64)  /* json-depth's; deep trees stay as they are */
		return 0;
	for (size_t i = 0; i < n; i++) {
		json_object *node = json_object_array_get_idx(seq, i), *v;
		buf_truncate(ptr, base);
		buf_printf(ptr, "/%zu", i);
		size_t at = ptr->len;
		static const char *const where[] = { "/move/color", "/turn" };
		for (size_t k = 0; k < 2; k++) {
			v = k ? member(node, "turn") : member(member(node, "move"), "color");
			if (json_object_is_type(v, json_type_string) && strcmp(json_object_get_string(v), wrong) == 0) {
				buf_truncate(ptr, at);
				buf_adds(ptr, where[k]);
				uses++;
				if (d)
					check_fix_replace(c, d, safety, ptr->data, json);
			}
		}
		json_object *score = member(node, "score");
		for (size_t j = 0; json_object_is_type(score, json_type_array) &&
				   j < json_object_array_length(score); j++) {
			v = member(json_object_array_get_idx(score, j), "color");
			if (json_object_is_type(v, json_type_string) && strcmp(json_object_get_string(v), wrong) == 0) {
				buf_truncate(ptr, at);
				buf_printf(ptr, "/score/%zu/color", j);
				uses++;
				if (d)
					check_fix_replace(c, d, safety, ptr->data, json);
			}
		}
		json_object *vars = member(node, "variations");
		for (size_t j = 0; json_object_is_type(vars, json_type_array) &&
				   j < json_object_array_length(vars); j++) {
			json_object *line = json_object_array_get_idx(vars, j);
			if (!json_object_is_type(line, json_type_array))
				continue;
			buf_truncate(ptr, at);
			buf_printf(ptr, "/variations/%zu", j);
			uses += fix_all(c, d, line, ptr, wrong, json, safety, depth + 1);
		}
	}
	buf_truncate(ptr, base);
	return uses;
}

/* The fix: a colour with one right spelling ("Black", "B") gets it
 * everywhere in the tree (the finding is reported at its first use only);
 * a misspelt one ("whtie") the name it most likely means, unsafely. */
static void fix_color(struct check *c, struct diag *d, const char *s, size_t len)
{
	char name[64];
	json_object *tree = member(c->doc->root, "tree");
	const char *near = NULL;
	if (strlen(s) != len || !json_object_is_type(tree, json_type_array) ||
	    !(jgf_color_name_fix(s, len, name, sizeof name) || (near = jgf_color_name_near(s, len))))
		return;
	if (near)
		snprintf(name, sizeof name, "%s", near);
	char *json = fix_json_string(name, strlen(name));
	struct buf ptr = BUF_INIT;
	buf_adds(&ptr, "#/tree");   /* from the root: the fix reaches the whole tree */
	fix_all(c, d, tree, &ptr, s, json, near ? FIX_UNSAFE : FIX_SAFE, 0);
	buf_free(&ptr);
	free(json);
}

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
	/* Its other uses, named only when there are any. */
	json_object *tree = member(c->doc->root, "tree");
	struct buf walk = BUF_INIT;
	size_t uses = json_object_is_type(tree, json_type_array) ?
		      fix_all(c, NULL, tree, &walk, s, NULL, FIX_SAFE, 0) : 1;
	buf_free(&walk);
	if (uses > 1)
		buf_printf(&msg, " (reported at its first use; its %zu later use%s not reported "
			   "again)", uses - 1, uses == 2 ? " is" : "s are");
	struct diag *d = check_report(c, &rule_color_value, rel.data, false, "%s", msg.data);
	fix_color(c, d, s, len);
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
		"Fix\n"
		"  Safe: a colour in other case, with spaces around it, or as the SGF\n"
		"  letter (\"Black\", \"B\") becomes the colour name, everywhere in the tree.\n"
		"  Unsafe: a misspelt colour name (\"whtie\") becomes the name the message\n"
		"  suggests (\"white\"), everywhere in the tree.\n"
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
	.fix = FIX_SAFE | FIX_UNSAFE,
	.on_object = check_object,
};
