/* undeclared-color: when the record declares its players, every colour the
 * tree uses (moves, turn, score, black and white setup stones) is one of
 * theirs. */
#include <string.h>

#include "check.h"
#include "player_color.h"

extern const struct rule rule_undeclared_color;

/* Per record (check_word): whether the players' colours are all declared
 * and valid (if not, player-color reports that, and nothing here would be
 * reliable). An undeclared colour is usually used all through the record,
 * so it is reported at its first use only (check_first_use). */

static bool declarations_valid(json_object *root)
{
	json_object *players = member(root, "players");
	size_t n = 0;
	if (json_object_is_type(players, json_type_array)) {
		n = json_object_array_length(players);
		for (size_t i = 0; i < n && n <= MAX_PLAYER_COLORS; i++) {
			json_object *color = member(json_object_array_get_idx(players, i), "color");
			if (!json_object_is_type(color, json_type_string) ||
			    !jgf_color_name_ok(json_object_get_string(color),
					       (size_t)json_object_get_string_len(color)))
				return false;
		}
	} else if (json_object_is_type(players, json_type_object)) {
		json_object_object_foreach(players, key, val) {
			(void)val;
			if (!jgf_color_name_ok(key, strlen(key)))
				return false;
			n++;
		}
	}
	/* record_info keeps at most MAX_PLAYER_COLORS colours. */
	return n > 0 && n <= MAX_PLAYER_COLORS;
}

static void start(struct check *c, json_object *root)
{
	*check_word(c, &rule_undeclared_color) = c->rec->players_given && declarations_valid(root);
}

/* "the players are black and white", "the only player is black". */
static void describe_players(struct buf *out, const struct record_info *rec)
{
	const char *names[MAX_PLAYER_COLORS];
	size_t n = 0;
	for (size_t i = 0; i < rec->ncolors; i++) {
		bool seen = false;
		for (size_t j = 0; j < n; j++)
			seen |= strcmp(names[j], rec->colors[i]) == 0;
		if (!seen)
			names[n++] = rec->colors[i];
	}
	if (n == 1) {
		buf_printf(out, "the only player is %s", names[0]);
		return;
	}
	buf_adds(out, "the players are ");
	for (size_t i = 0; i < n; i++)
		buf_printf(out, "%s%s", i == 0 ? "" : i + 1 == n ? " and " : ", ", names[i]);
}

/* The fix: black or white playing in a record whose `players` array
 * lacks them gets a player of that colour (nothing else is known of it). */
static void fix_add_player(struct check *c, struct diag *d, const char *color)
{
	if (!json_object_is_type(member(c->doc->root, "players"), json_type_array))
		return;
	if (strcmp(color, "black") == 0)
		check_fix_append(c, d, FIX_SAFE, "/players", "{\"color\": \"black\"}");
	else if (strcmp(color, "white") == 0)
		check_fix_append(c, d, FIX_SAFE, "/players", "{\"color\": \"white\"}");
}

/* The message begins with before, the colour in backticks, then after:
 * "move by `red`". */
static void check_declared(struct check *c, json_object *obj, const char *key,
			   const char *before, const char *after)
{
	json_object *v = member(obj, key);
	if (!json_object_is_type(v, json_type_string))
		return;
	const char *color = json_object_get_string(v);
	size_t len = (size_t)json_object_get_string_len(v);
	/* Invalid names are color-value's; valid ones hold no NUL. */
	if (!jgf_color_name_ok(color, len) || record_color_declared(c->rec, color) ||
	    !check_first_use(c, &rule_undeclared_color, color, strlen(color)))
		return;
	struct buf msg = BUF_INIT, rel = BUF_INIT;
	buf_printf(&msg, "%s `%s`%s", before, color, after);
	buf_adds(&msg, ", but ");
	describe_players(&msg, c->rec);
	buf_printf(&msg, "; add a `%s` player to `players` or use a declared colour (reported at "
		   "the first use of `%s` only)", color, color);
	buf_printf(&rel, "/%s", key);
	fix_add_player(c, check_report(c, &rule_undeclared_color, rel.data, false, "%s", msg.data),
		       color);
	buf_free(&msg);
	buf_free(&rel);
}

static void check_object(struct check *c, json_object *obj, const struct schema *schema)
{
	if (!*check_word(c, &rule_undeclared_color))
		return;
	if (schema == &schema_move) {
		check_declared(c, obj, "color", "move by", "");
	} else if (schema == &schema_node) {
		check_declared(c, obj, "turn", "`turn` gives the next move to", "");
	} else if (schema == &schema_score) {
		check_declared(c, obj, "color", "score entry for", "");
	} else if (schema == &schema_setup) {
		/* Setup types are stone colours, except `clear`; only black and
		 * white are sure to be meant as colours. */
		json_object *type = member(obj, "type");
		const char *t = json_object_is_type(type, json_type_string) ?
				json_object_get_string(type) : "";
		if (strcmp(t, "black") == 0 || strcmp(t, "white") == 0)
			check_declared(c, obj, "type", "setup places", " stones");
	}
}

const struct rule rule_undeclared_color = {
	.id = "undeclared-color",
	.category = "tree",
	.severity = SEV_ERROR,
	.summary = "a colour used in the tree is not one of the players' colours",
	.explanation =
		"What it checks\n"
		"  When the record declares its players, every colour the tree uses is\n"
		"  the colour of one of them: a move's `color`, a node's `turn`, a score\n"
		"  entry's `color`, and the black and white stones of setup entries.\n"
		"  An undeclared colour is reported at its first use only. Colours that\n"
		"  are not valid names are left to color-value, and nothing is checked\n"
		"  while a player's own colour is missing or invalid (player-color).\n"
		"\n"
		"Fix\n"
		"  Safe: a move, turn or setup by black or white when `players` (an\n"
		"  array) has no such player adds {\"color\": \"black\"} or {\"color\": \"white\"}.\n"
		"\n"
		"Why\n"
		"  Readers show a move's player by looking its colour up among the\n"
		"  players; a move by a colour nobody plays belongs to nobody.\n"
		"\n"
		"Fails\n"
		"  { \"players\": [ { \"color\": \"black\" }, { \"color\": \"white\" } ],\n"
		"    \"tree\": [ {}, { \"move\": { \"color\": \"red\", \"x\": 3, \"y\": 3 } } ] }\n"
		"\n"
		"Passes\n"
		"  { \"players\": [ { \"color\": \"black\" }, { \"color\": \"red\" } ],\n"
		"    \"tree\": [ {}, { \"move\": { \"color\": \"red\", \"x\": 3, \"y\": 3 } } ] }\n",
	.fix = FIX_SAFE,
	.on_record = start,
	.on_object = check_object,
};
