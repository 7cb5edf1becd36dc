/* color-value: the colours in the tree (a move's `color`, a node's `turn`, a
 * score entry's `color`) are lowercase English colour names, and moves and
 * score entries have one. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/check.h"
#include "player_color.h"

extern const struct rule rule_color_value;

/* A wrong colour is usually written the same way throughout a record
 * (every move "B" or "W"): each wrong value is reported at its first use,
 * whose finding counts its uses and carries the fix of every one of them
 * (check_use: word 0 is the finding's index plus one, word 1 the uses).
 * Uses more than DEEPEST_FIXED levels of variations deep are neither
 * counted nor fixed (json-depth's: deep trees stay as they are). */
#define DEEPEST_FIXED 64

/* The fix of the wrong colour s (len bytes) at rel, added to d: a colour
 * with one right spelling ("Black", "B") gets it; a misspelt one ("whtie")
 * the name it most likely means, unsafely. */
static void fix_use(struct check *c, struct diag *d, const char *rel, const char *s, size_t len)
{
	char name[64];
	const char *near = NULL;
	if (strlen(s) != len ||
	    !(jgf_color_name_fix(s, len, name, sizeof name) || (near = jgf_color_name_near(s, len))))
		return;
	if (near)
		snprintf(name, sizeof name, "%s", near);
	char *json = fix_json_string(name, strlen(name));
	check_fix_replace(c, d, near ? FIX_UNSAFE : FIX_SAFE, rel, json);
	free(json);
}

/* Checks the colour at obj.key; missing is the message for a missing one,
 * or NULL when the key is optional. */
static void check_color(struct check *c, json_object *color, const char *key, const char *missing)
{
	if (!color) {
		if (missing)
			check_report(c, &rule_color_value, "", false, "%s", missing);
		return;
	}
	if (!json_object_is_type(color, json_type_string))
		return; /* wrong-type's */
	const char *s = json_object_get_string(color);
	size_t len = (size_t)json_object_get_string_len(color);
	if (jgf_color_name_ok(s, len))
		return;
	char rel[16];
	snprintf(rel, sizeof rel, "/%s", key);
	bool first, counted = c->node && c->node->variation_depth <= DEEPEST_FIXED;
	long *use = check_use(c, &rule_color_value, s, len, &first);
	if (!first) {
		if (counted && use[0]) {
			use[1]++;
			fix_use(c, &c->doc->diags.items[use[0] - 1], rel, s, len);
		}
		return;
	}
	char subject[16];
	snprintf(subject, sizeof subject, "`%s`", key);
	struct buf msg = BUF_INIT;
	jgf_color_name_problem(&msg, subject, s, len);
	struct diag *d = check_report(c, &rule_color_value, rel, false, "%s", msg.data);
	use[0] = (long)c->doc->diags.len;
	use[1] = counted;
	if (counted)
		fix_use(c, d, rel, s, len);
	buf_free(&msg);
}

/* After the walk: a finding names the later uses it counted. */
static void name_later_uses(struct check *c, const char *value, size_t len, long *use)
{
	(void)value;
	(void)len;
	if (!use[0] || use[1] <= 1)
		return;
	struct diag *d = &c->doc->diags.items[use[0] - 1];
	struct buf msg = BUF_INIT;
	buf_printf(&msg, "%s (reported at its first use; its %ld later use%s not reported again)",
		   d->message, use[1] - 1, use[1] == 2 ? " is" : "s are");
	free(d->message);
	d->message = buf_detach(&msg);
}

static void check_end(struct check *c, json_object *root)
{
	(void)root;
	check_each_use(c, &rule_color_value, name_later_uses);
}

static void check_object(struct check *c, json_object *obj, const struct schema *schema)
{
	if (schema == &schema_move)   /* the node's move: its color read with its members */
		check_color(c, c->node && c->node->move == obj ? c->node->color : member(obj, "color"),
			    "color", "the move has no `color`; add "
			    "`color`, the colour of the player who moves (e.g. \"color\": \"black\")");
	else if (schema == &schema_node)   /* the node visited: its turn read with its members */
		check_color(c, c->node && c->node->node == obj ? c->node->turn : member(obj, "turn"),
			    "turn", NULL);
	else if (schema == &schema_score)
		check_color(c, member(obj, "color"), "color", "the score entry has no `color`; add "
			    "`color`, the colour whose territory these points are (e.g. \"color\": "
			    "\"black\")");
}

const struct rule rule_color_value = {
	.id = "color-value",
	.category = "tree",
	.severity = SEV_ERROR,
	.reads = READS_TREE,
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
	.objects = (const struct schema *const[]){ &schema_move, &schema_node,
						     &schema_score, NULL },
	.on_record_end = check_end,
};
