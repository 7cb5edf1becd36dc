/* duplicate-player-color: two players with the same colour. */
#include <stdlib.h>
#include <string.h>

#include "engine/check.h"

extern const struct rule rule_duplicate_player_color;

struct entry {
	const char *s;
	size_t len;
	size_t index;  /* in `players` */
};

static int compare_colors(const struct entry *a, const struct entry *b)
{
	size_t n = a->len < b->len ? a->len : b->len;
	int d = memcmp(a->s, b->s, n);
	if (d)
		return d;
	return a->len < b->len ? -1 : a->len > b->len;
}

/* By colour, then by index, so that the first of equal colours comes first. */
static int by_color(const void *pa, const void *pb)
{
	const struct entry *a = pa, *b = pb;
	int d = compare_colors(a, b);
	if (d)
		return d;
	return a->index < b->index ? -1 : a->index > b->index;
}

static void check_duplicates(struct check *c, json_object *root)
{
	/* An object keyed by colour cannot repeat one (json-duplicate-key). */
	json_object *players = member(root, "players");
	if (!json_object_is_type(players, json_type_array))
		return;
	size_t n = json_object_array_length(players), m = 0;
	if (n < 2)
		return;
	/* Sorted rather than compared pairwise: `players` is untrusted and may be long. */
	struct entry *e = xcalloc(n, sizeof *e);
	for (size_t i = 0; i < n; i++) {
		json_object *color = member(json_object_array_get_idx(players, i), "color");
		if (json_object_is_type(color, json_type_string))
			e[m++] = (struct entry){ json_object_get_string(color),
						 (size_t)json_object_get_string_len(color), i };
	}
	sort_items(e, m, sizeof *e, by_color);
	/* Whether some player is black, white: two black players and no white
	 * one are usually a white player written as black. */
	bool has[2] = { false, false };
	for (size_t i = 0; i < m; i++)
		for (int k = 0; k < 2; k++)
			has[k] |= e[i].len == 5 && memcmp(e[i].s, k ? "white" : "black", 5) == 0;
	struct buf rel = BUF_INIT, found = BUF_INIT;
	for (size_t i = 1, first = 0; i < m; i++) {
		if (compare_colors(&e[i], &e[first]) != 0) {
			first = i;
			continue;
		}
		buf_truncate(&rel, 0);
		buf_printf(&rel, "/players/%zu/color", e[i].index);
		buf_truncate(&found, 0);
		describe_value(&found, member(json_object_array_get_idx(players, e[i].index), "color"));
		int k = e[i].len != 5 ? -1 : memcmp(e[i].s, "black", 5) == 0 ? 0 :
			memcmp(e[i].s, "white", 5) == 0 ? 1 : -1;
		const char *other = k < 0 || has[!k] ? NULL : k ? "black" : "white";
		if (other)
			check_report(c, &rule_duplicate_player_color, rel.data, false,
				     "player %zu has the same `color` as player %zu, %s, and no player "
				     "is %s; give each player a colour of their own (one of them is "
				     "probably %s)", e[i].index, e[first].index, found.data, other,
				     other);
		else
			check_report(c, &rule_duplicate_player_color, rel.data, false,
				     "player %zu has the same `color` as player %zu, %s; give each "
				     "player a colour of their own", e[i].index, e[first].index,
				     found.data);
	}
	buf_free(&rel);
	buf_free(&found);
	free(e);
}

const struct rule rule_duplicate_player_color = {
	.id = "duplicate-player-color",
	.category = "players",
	.severity = SEV_ERROR,
	.summary = "two players have the same colour",
	.explanation =
		"What it checks\n"
		"  No two players in `players` share a `color`. Moves, setup and score\n"
		"  name their player by colour only, so two players of one colour cannot\n"
		"  be told apart. The second (and any later) player is reported, with\n"
		"  the index of the first. When they are black (or white) and no player\n"
		"  is white (black), the message names the missing colour; moves by it\n"
		"  are then not reported by undeclared-color, as a consequence of this.\n"
		"\n"
		"Fails\n"
		"  { \"players\": [ { \"color\": \"black\", \"name\": \"Kuro\" },\n"
		"                 { \"color\": \"black\", \"name\": \"Shiro\" } ] }\n"
		"\n"
		"Passes\n"
		"  { \"players\": [ { \"color\": \"black\", \"name\": \"Kuro\" },\n"
		"                 { \"color\": \"white\", \"name\": \"Shiro\" } ] }\n",
	.on_record = check_duplicates,
};
