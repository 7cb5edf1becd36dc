/* seki-players-object: `players` written as an object keyed by colour, the
 * shape Seki 4.3 writes, instead of the specification's array. */
#include <stdlib.h>
#include <string.h>

#include "engine/check.h"
#include "base/pointer.h"

extern const struct rule rule_seki_players_object;

/* The text of players written as the specification's array: the original
 * text of each player object with its colour added as the first member,
 * black first, then white, then the others as found. NULL where there is
 * nothing safe to do, *why saying why. */
static char *players_array(struct check *c, json_object *players, const char **why)
{
	/* Players that are all objects, and none of them with its own `color`
	 * (which would then be written twice): the array keeps every byte. */
	bool colour_inside = false, not_object = false;
	json_object_object_foreach(players, name, held) {
		(void)name;
		colour_inside |= member(held, "color") != NULL;
		not_object |= !json_object_is_type(held, json_type_object);
	}
	size_t len = (size_t)json_object_object_length(players);
	*why = colour_inside ? "a player already has its `color`, which would be written twice" :
	       !len ? "it holds no player" : not_object ? "a player is not an object" : NULL;
	if (*why)
		return NULL;
	const char *t = c->doc->text;
	struct buf ptr = BUF_INIT, out = BUF_INIT;
	struct span whole, *kids = NULL;
	check_pointer(c, "/players", &ptr);
	size_t n = locator_span(c->doc->loc, ptr.data, &whole) ?
		   locator_children(c->doc->loc, ptr.data, &kids) : 0;
	bool ok = n == len;   /* else a key given twice, which the DOM holds once */
	/* The order: black, white, then the rest as they stand. */
	size_t *order = xcalloc(n + 1, sizeof *order), k = 0;
	for (int pass = 0; ok && pass < 3; pass++) {
		size_t i = 0;
		json_object_object_foreach(players, colour, player) {
			bool black = strcmp(colour, "black") == 0, white = strcmp(colour, "white") == 0;
			if ((pass == 0 && black) || (pass == 1 && white) || (pass == 2 && !black && !white))
				order[k++] = i;
			(void)player;
			i++;
		}
	}
	if (ok) {
		/* Keep the object's own layout: its space after `{` separates the
		 * elements, its space before `}` closes the array. */
		const char *open_ws = t + whole.start + 1;
		int open_len = (int)(kids[0].key_start - whole.start - 1);
		buf_addc(&out, '[');
		for (size_t j = 0; j < n; j++) {
			const struct span *s = &kids[order[j]];
			char *colour = fix_json_string(t + s->key_start + 1, s->key_end - s->key_start - 2);
			buf_printf(&out, "%s%.*s", j ? "," : "", open_len, open_ws);
			/* The player object, with "color" first, spaced like its members. */
			struct buf member_ptr = BUF_INIT;
			buf_add(&member_ptr, ptr.data, ptr.len);
			char *key = xstrndup(t + s->key_start + 1, s->key_end - s->key_start - 2);
			pointer_push_key(&member_ptr, key, strlen(key));
			free(key);
			struct span *inner;
			size_t m = locator_children(c->doc->loc, member_ptr.data, &inner);
			if (m == 0) {
				buf_printf(&out, "{\"color\": %s}", colour);
			} else {
				const char *ws = t + s->start + 1;
				int ws_len = (int)(inner[0].key_start - s->start - 1);
				int sep_len = (int)(inner[0].start - inner[0].key_end);
				/* On one line ({"name": …}), a space after the comma. */
				buf_printf(&out, "{%.*s\"color\"%.*s%s,%s", ws_len, ws, sep_len,
					   t + inner[0].key_end, colour, ws_len ? "" : " ");
				buf_add(&out, ws, s->end - s->start - 1);
			}
			free(inner);
			free(colour);
			buf_free(&member_ptr);
		}
		const struct span *last = &kids[n - 1];
		buf_add(&out, t + last->end, whole.end - 1 - last->end);
		buf_addc(&out, ']');
	}
	free(order);
	free(kids);
	buf_free(&ptr);
	if (!ok) {
		buf_free(&out);
		*why = "a colour is written twice";
		return NULL;
	}
	return buf_detach(&out);
}

static void check_shape(struct check *c, json_object *root)
{
	/* The values inside are other rules' business, whatever their type. */
	json_object *players = member(root, "players");
	if (!json_object_is_type(players, json_type_object))
		return;
	const char *why;
	char *array = players_array(c, players, &why);
	/* The words promise --fix only where the fix is attached. */
	struct diag *d = check_report(c, &rule_seki_players_object, "/players", false,
				      "`players` is an object keyed by colour (as Seki 4.3 writes it), "
				      "but the specification wants an array of player objects, each "
				      "with its `color`: write [{\"color\": \"black\", \"name\": …}, "
				      "{\"color\": \"white\", …}] (%s%s)",
				      array ? "`jgflint --fix` does" : "by hand: `--fix` leaves it, as ",
				      array ? "" : why);
	if (array)
		check_fix_replace(c, d, FIX_SAFE, "/players", array);
	free(array);
}

const struct rule rule_seki_players_object = {
	.id = "seki-players-object",
	.category = "players",
	.severity = SEV_WARNING,
	.summary = "players is an object keyed by colour (Seki 4.3's shape), not an array",
	.fix = FIX_SAFE,
	.explanation =
		"What it checks\n"
		"  The specification makes `players` an array of player objects, each\n"
		"  naming its colour in `color`, so that a game may have more than two\n"
		"  players. Seki 4.3 writes an object keyed by colour instead. Readers\n"
		"  that follow the specification find no players in such a file.\n"
		"  Only the shape is reported here; the colours (the keys) and the\n"
		"  players inside are checked by the other players rules.\n"
		"  `--fix` writes the array: black first, then white, then the other\n"
		"  colours as they stand, each player object as it was with its colour\n"
		"  added as `color` (not when a player is not an object or already has\n"
		"  a `color`, when there is no player, or when a colour is given twice:\n"
		"  the finding says which).\n"
		"\n"
		"Fix\n"
		"  Safe: the object keyed by colour becomes the array of players, each\n"
		"  with its `color`, black first.\n"
		"\n"
		"Fails\n"
		"  { \"players\": { \"black\": { \"name\": \"Kuro\", \"rank\": \"5d\" },\n"
		"                 \"white\": { \"name\": \"Shiro\", \"rank\": \"3d\" } } }\n"
		"\n"
		"Passes\n"
		"  { \"players\": [ { \"color\": \"black\", \"name\": \"Kuro\", \"rank\": \"5d\" },\n"
		"                 { \"color\": \"white\", \"name\": \"Shiro\", \"rank\": \"3d\" } ] }\n",
	.on_record = check_shape,
};
