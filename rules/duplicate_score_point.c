/* duplicate-score-point: a point scored twice in one node, within one
 * score entry or across its entries (the spec: "points must be unique"). */
#include <stdint.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/dom.h"
#include "core/record.h"
#include "engine/check.h"
#include "engine/pointset.h"

extern const struct rule rule_duplicate_score_point;

/* The colour of a score entry, when it is a reasonable string. */
static json_object *entry_color(json_object *entry)
{
	json_object *color = member(entry, "color");
	if (!json_object_is_type(color, json_type_string) || json_object_get_string_len(color) > 40)
		return NULL;
	return color;
}

static void report(struct check *c, json_object *score, size_t i, size_t j, long long x,
		   long long y, const struct first *f)
{
	char rel[64], at[48], words[POINT_WORDS_SIZE];
	snprintf(rel, sizeof rel, "/score/%zu/coords/%zu", i, j);
	pointset_locate(c, "score", f, at, sizeof at);
	point_words(c->rec->width, c->rec->height, x, y, words);
	if (f->entry == i) {
		check_report(c, &rule_duplicate_score_point, rel, false,
			     "%s is listed twice in this score entry (first as point %u, "
			     "at %s): points must be unique, so remove this one",
			     words, (unsigned)f->index, at);
		return;
	}
	json_object *first_color = entry_color(json_object_array_get_idx(score, f->entry));
	json_object *color = entry_color(json_object_array_get_idx(score, i));
	struct buf which = BUF_INIT;
	buf_printf(&which, "score entry %u", (unsigned)f->entry);
	if (first_color)
		buf_printf(&which, " (%s)", dom_json(first_color,
			   JSON_C_TO_STRING_PLAIN | JSON_C_TO_STRING_NOSLASHESCAPE, NULL));
	const char *fix = first_color && color &&
			  strcmp(json_object_get_string(first_color), json_object_get_string(color))
			  ? "keep it only in the entry of the colour whose territory it is"
			  : "remove this one";
	check_report(c, &rule_duplicate_score_point, rel, false,
		     "%s is already scored in this node: %s has it as point %u, at %s; "
		     "points must be unique, so %s", words, which.data, (unsigned)f->index, at, fix);
	buf_free(&which);
}

static void check_node(struct check *c, const struct node_visit *n)
{
	json_object *score = n->score;
	if (!json_object_is_type(score, json_type_array) || !json_object_array_length(score))
		return;
	struct point_set set;
	pointset_init(&set);
	size_t entries = json_object_array_length(score);
	for (size_t i = 0; i < entries; i++) {
		json_object *coords = member(json_object_array_get_idx(score, i), "coords");
		if (!json_object_is_type(coords, json_type_array))
			continue;
		size_t m = json_object_array_length(coords);
		for (size_t j = 0; j < m; j++) {
			json_object *pt = json_object_array_get_idx(coords, j);
			long long x, y;
			if (!get_int(member(pt, "x"), &x) || !get_int(member(pt, "y"), &y))
				continue;
			const struct first *f = pointset_add(&set, x, y, i, j);
			if (f)
				report(c, score, i, j, x, y, f);
		}
	}
	pointset_free(&set);
}

const struct rule rule_duplicate_score_point = {
	.id = "duplicate-score-point",
	.category = "points",
	.severity = SEV_ERROR,
	.reads = READS_TREE_BOARD,
	.summary = "a point is scored twice in one node",
	.explanation =
		"What it checks\n"
		"  The `score` of a node marks territory: an array of entries, each with a\n"
		"  colour and its coords. The specification says its points must be\n"
		"  unique: a point may appear once in all the entries of one node\n"
		"  together. Each repeat is reported, naming where the point first\n"
		"  appears. Score points may lie on stones (Japanese counting leaves\n"
		"  living stones out, Chinese counting counts them in); that is fine.\n"
		"\n"
		"Why\n"
		"  A point listed twice is counted twice, and a point listed for both\n"
		"  colours belongs to neither.\n"
		"\n"
		"Fails\n"
		"  \"score\": [ { \"color\": \"black\", \"coords\": [ { \"x\": 0, \"y\": 0 } ] },\n"
		"             { \"color\": \"white\", \"coords\": [ { \"x\": 0, \"y\": 0 } ] } ]\n"
		"\n"
		"Passes\n"
		"  \"score\": [ { \"color\": \"black\", \"coords\": [ { \"x\": 0, \"y\": 0 } ] },\n"
		"             { \"color\": \"white\", \"coords\": [ { \"x\": 0, \"y\": 1 } ] } ]\n",
	.on_node = check_node,
};
