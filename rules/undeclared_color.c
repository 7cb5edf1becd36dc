/* undeclared-color: when the record declares its players, every colour the
 * tree uses (moves, turn, score, black and white setup stones) is one of
 * theirs. */
#include <string.h>

#include "engine/check.h"
#include "player_color.h"

extern const struct rule rule_undeclared_color;

/* Per record (check_word): whether the players' colours are all declared
 * and valid (if not, player-color reports that, and nothing here would be
 * reliable), and whether two players are both black or both white. An
 * undeclared colour is usually used all through the record, so it is
 * reported at its first use only (check_first_use).
 *
 * Black and white are the colours of Go: a move by either with no such
 * player is a valid game whose player has no name (the SGF gave only PW),
 * a warning; with two black or two white players, the missing one is a
 * consequence of duplicate-player-color and not reported. Any other
 * colour (a third one, a typo) is an error. */
enum { DECLARED = 1, DUPLICATE = 2 };

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
	const struct record_info *rec = c->rec;
	long word = rec->players_given && declarations_valid(root) ? DECLARED : 0;
	for (size_t i = 0; i < rec->ncolors; i++)
		for (size_t j = 0; j < i; j++)
			if (strcmp(rec->colors[i], rec->colors[j]) == 0 &&
			    (strcmp(rec->colors[i], "black") == 0 ||
			     strcmp(rec->colors[i], "white") == 0))
				word |= DUPLICATE;
	*check_word(c, &rule_undeclared_color) = word;
}

/* "the players are black and white", "the only player is black", "both
 * players are black", "the players are black, black and red". */
static void describe_players(struct buf *out, const struct record_info *rec)
{
	size_t n = rec->ncolors;
	bool same = true;
	for (size_t i = 1; i < n; i++)
		same &= strcmp(rec->colors[i], rec->colors[0]) == 0;
	if (n == 1) {
		buf_printf(out, "the only player is %s", rec->colors[0]);
		return;
	}
	if (same) {
		if (n == 2)
			buf_printf(out, "both players are %s", rec->colors[0]);
		else
			buf_printf(out, "all %zu players are %s", n, rec->colors[0]);
		return;
	}
	buf_adds(out, "the players are ");
	for (size_t i = 0; i < n; i++)
		buf_printf(out, "%s%s", i == 0 ? "" : i + 1 == n ? " and " : ", ", rec->colors[i]);
}

/* The fix: black or white playing in a record whose `players` array
 * lacks them gets a player of that colour (nothing else is known of it). */
static void fix_add_player(struct check *c, struct diag *d, const char *color)
{
	if (!json_object_is_type(member(c->doc->root, "players"), json_type_array))
		return;
	if (strcmp(color, "black") == 0)
		check_fix_append(c, d, FIX_SAFE, "#/players", "{\"color\": \"black\"}");
	else if (strcmp(color, "white") == 0)
		check_fix_append(c, d, FIX_SAFE, "#/players", "{\"color\": \"white\"}");
}

/* The message begins with before, the colour in backticks, then after:
 * "move by `red`". */
static void check_declared(struct check *c, json_object *v, const char *key,
			   const char *before, const char *after)
{
	if (!json_object_is_type(v, json_type_string))
		return;
	const char *color = json_object_get_string(v);
	size_t len = (size_t)json_object_get_string_len(v);
	/* Invalid names are color-value's; valid ones hold no NUL. */
	if (!jgf_color_name_ok(color, len) || record_color_declared(c->rec, color))
		return;
	bool go_color = strcmp(color, "black") == 0 || strcmp(color, "white") == 0;
	if (go_color && (*check_word(c, &rule_undeclared_color) & DUPLICATE))
		return;  /* duplicate-player-color's */
	if (!check_first_use(c, &rule_undeclared_color, color, strlen(color)))
		return;
	struct buf msg = BUF_INIT, rel = BUF_INIT;
	buf_printf(&msg, "%s `%s`%s", before, color, after);
	buf_adds(&msg, ", but ");
	describe_players(&msg, c->rec);
	if (go_color)
		buf_printf(&msg, "; %s is a colour of Go, so the game reads the same, but its "
			   "player has no entry (no name, no rank): add a `%s` player to `players`",
			   color, color);
	else
		buf_printf(&msg, "; add a `%s` player to `players` or use a declared colour", color);
	buf_printf(&rel, "/%s", key);
	struct diag *d = check_report(c, &rule_undeclared_color, rel.data, false, "%s", msg.data);
	if (go_color)
		d->severity = SEV_WARNING;
	fix_add_player(c, d, color);
	buf_free(&msg);
	buf_free(&rel);
}

static void check_object(struct check *c, json_object *obj, const struct schema *schema)
{
	if (!*check_word(c, &rule_undeclared_color))
		return;
	if (schema == &schema_move) {   /* the node's move: its color read with its members */
		check_declared(c, c->node && c->node->move == obj ? c->node->color :
			       member(obj, "color"), "color", "move by", "");
	} else if (schema == &schema_node) {   /* the node visited: its turn read with its members */
		check_declared(c, c->node && c->node->node == obj ? c->node->turn : member(obj, "turn"),
			       "turn", "`turn` gives the next move to", "");
	} else if (schema == &schema_score) {
		check_declared(c, member(obj, "color"), "color", "score entry for", "");
	} else if (schema == &schema_setup) {
		/* Setup types are stone colours, except `clear`; only black and
		 * white are sure to be meant as colours. */
		json_object *type = member(obj, "type");
		const char *t = json_object_is_type(type, json_type_string) ?
				json_object_get_string(type) : "";
		if (strcmp(t, "black") == 0 || strcmp(t, "white") == 0)
			check_declared(c, type, "type", "setup places", " stones");
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
		"  Severity: an error for any colour but black and white (a third\n"
		"  colour, a typo). Black and white are the colours of Go, so a use of\n"
		"  black or white when `players` has no such player (the SGF gave only\n"
		"  PW, or one name) is a warning: the game is valid, its player has no\n"
		"  entry. It is not reported at all when two players are both black or\n"
		"  both white: that is duplicate-player-color's finding, and the\n"
		"  missing colour follows from it. (`--severity undeclared-color=LEVEL`\n"
		"  sets both.)\n"
		"\n"
		"Fix\n"
		"  Safe: a move, turn or setup by black or white when `players` (an\n"
		"  array) has no such player adds {\"color\": \"black\"} or {\"color\": \"white\"}.\n"
		"\n"
		"Why\n"
		"  Readers show a move's player by looking its colour up among the\n"
		"  players; a move by a colour nobody plays belongs to nobody.\n"
		"  A missing black or white player only loses the name and rank.\n"
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
	.objects = (const struct schema *const[]){ &schema_move, &schema_node,
						     &schema_score, &schema_setup, NULL },
};
