/* duplicate-point: a point listed twice within one setup entry or one
 * markup entry. (Score has its own rule: its points must be unique across
 * the entries of a node too.) */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "core/record.h"
#include "engine/check.h"
#include "engine/pointset.h"

extern const struct rule rule_duplicate_point;

/* The fix: the repeat goes when it is the same value as the first (a
 * label with other text is not a repeat to drop). */
static void fix_repeat(struct check *c, struct diag *d, const char *rel, json_object *first,
		       json_object *repeat)
{
	if (json_object_equal(first, repeat))
		check_fix_remove(c, d, FIX_SAFE, rel);
}

static void check_entries(struct check *c, struct point_set *set, json_object *node,
			  const char *key)
{
	json_object *entries = member(node, key);
	if (!json_object_is_type(entries, json_type_array))
		return;
	size_t n = json_object_array_length(entries);
	for (size_t i = 0; i < n; i++) {
		json_object *coords = member(json_object_array_get_idx(entries, i), "coords");
		if (!json_object_is_type(coords, json_type_array))
			continue;
		size_t m = json_object_array_length(coords);
		if (m < 2)
			continue;
		pointset_scope(set);
		for (size_t j = 0; j < m; j++) {
			json_object *pt = json_object_array_get_idx(coords, j);
			long long x, y;
			if (!get_int(member(pt, "x"), &x) || !get_int(member(pt, "y"), &y))
				continue;
			const struct first *f = pointset_add(set, x, y, i, j);
			if (!f)
				continue;
			char rel[64], at[48];
			snprintf(rel, sizeof rel, "/%s/%zu/coords/%zu", key, i, j);
			pointset_locate(c, key, f, at, sizeof at);
			char words[POINT_WORDS_SIZE];
			point_words(c->rec->width, c->rec->height, x, y, words);
			struct diag *d = check_report(c, &rule_duplicate_point, rel, false,
				     "%s is listed twice in this %s entry: it is already "
				     "point %u of its coords (at %s); remove the repeat", words, key,
				     (unsigned)f->index, at);
			fix_repeat(c, d, rel, json_object_array_get_idx(coords, f->index), pt);
		}
	}
}

static void check_node(struct check *c, const struct node_visit *n)
{
	if (!n->setup && !n->markup)
		return;
	struct point_set set;
	pointset_init(&set);
	check_entries(c, &set, n->node, "setup");
	check_entries(c, &set, n->node, "markup");
	pointset_free(&set);
}

const struct rule rule_duplicate_point = {
	.id = "duplicate-point",
	.category = "points",
	.severity = SEV_WARNING,
	.summary = "a point is listed twice in one setup or markup entry",
	.explanation =
		"What it checks\n"
		"  The coords of one setup entry (the black stones, the white stones, the\n"
		"  points to clear) or of one markup entry (the circles, the labels, ...)\n"
		"  list each point once. A repeat is reported, naming the point it\n"
		"  repeats. The same point in different entries is not this rule's\n"
		"  concern; for score, duplicate-score-point checks the whole node.\n"
		"\n"
		"Fix\n"
		"  Safe: the repeat goes when it is the same value as the first listing.\n"
		"\n"
		"Why\n"
		"  A repeat adds nothing; it is usually a copy-and-paste slip, or a typo\n"
		"  in a point that was meant to be another one.\n"
		"\n"
		"Fails\n"
		"  \"setup\": [ { \"type\": \"black\",\n"
		"               \"coords\": [ { \"x\": 3, \"y\": 3 }, { \"x\": 3, \"y\": 3 } ] } ]\n"
		"\n"
		"Passes\n"
		"  \"setup\": [ { \"type\": \"black\",\n"
		"               \"coords\": [ { \"x\": 3, \"y\": 3 }, { \"x\": 3, \"y\": 4 } ] } ]\n",
	.fix = FIX_SAFE,
	.on_node = check_node,
};
