/* player-color: every player has a colour, written as a lowercase English
 * colour name. Also defines the colour-name test the tree rules share
 * (player_color.h). */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/check.h"
#include "player_color.h"
#include "base/pointer.h"
#include "base/regex.h"
#include "base/similar.h"

extern const struct rule rule_player_color;

/* Colour names jgflint recognises; a name of several words ends in one of
 * these and has colours or shade words before it ("light blue", "blue-green"). */
static const char *const colors[] = {
	"black", "white", "red", "green", "blue", "yellow", "orange", "purple", "pink",
	"brown", "grey", "gray", "cyan", "magenta", "violet", "gold", "silver",
	"indigo", "turquoise", "teal", "navy", "maroon", "olive", "lime", "aqua",
	"beige", "tan", "ivory", "cream", "crimson", "scarlet", "amber", "bronze",
	"copper", "lavender", "coral", "salmon", "khaki", "azure", "emerald",
	"fuchsia", "charcoal", NULL
};
static const char *const shades[] = {
	"light", "dark", "pale", "deep", "bright", NULL
};

static bool word_in(const char *const *list, const char *w, size_t len)
{
	for (; *list; list++)
		if (strlen(*list) == len && memcmp(*list, w, len) == 0)
			return true;
	return false;
}

/* Lowercase ASCII words separated by single spaces or hyphens. */
static struct regex grammar = REGEX("[a-z]+(?:[ -][a-z]+)*");

bool jgf_color_name_ok(const char *s, size_t len)
{
	/* Nearly every colour in a record: no need for the grammar. */
	if (len == 5 && (memcmp(s, "black", 5) == 0 || memcmp(s, "white", 5) == 0))
		return true;
	if (!regex_match(&grammar, s, len))
		return false;
	/* Words are separated by single spaces or hyphens (the grammar says so). */
	for (size_t start = 0; start < len;) {
		size_t end = start;
		while (end < len && s[end] != ' ' && s[end] != '-')
			end++;
		bool last = end == len;
		if (!word_in(colors, s + start, end - start) &&
		    (last || !word_in(shades, s + start, end - start)))
			return false;
		start = end + 1;
	}
	return true;
}

const char *jgf_color_name_near(const char *s, size_t len)
{
	char name[32];
	if (len < 3 || len >= sizeof name)
		return NULL;
	memcpy(name, s, len);
	name[len] = '\0';
	size_t n = 0;
	while (colors[n])
		n++;
	return regex_match(&grammar, s, len) ? closest_name(name, colors, n) : NULL;
}

/* "\"text\"", cut after 40 bytes at a character boundary. */
static void quote(struct buf *out, const char *s, size_t len)
{
	size_t shown = len;
	if (shown > 40)
		for (shown = 40; ((unsigned char)s[shown] & 0xC0) == 0x80; shown--)
			;
	buf_addc(out, '"');
	for (size_t i = 0; i < shown; i++) /* a NUL would end the message */
		if (s[i])
			buf_addc(out, s[i]);
		else
			buf_adds(out, "\\u0000");
	buf_adds(out, shown < len ? "…\"" : "\"");
}

static bool space(char ch) { return ch == ' ' || ch == '\t' || ch == '\n' || ch == '\r'; }

bool jgf_color_name_fix(const char *s, size_t len, char *out, size_t size)
{
	if (len == 1 && strchr("bBwW", s[0])) {
		snprintf(out, size, "%s", s[0] == 'b' || s[0] == 'B' ? "black" : "white");
		return true;
	}
	size_t from = 0, to = len;
	while (from < to && space(s[from]))
		from++;
	while (to > from && space(s[to - 1]))
		to--;
	if (to - from >= size || to == from)
		return false;
	for (size_t i = 0; i < to - from; i++) {
		char ch = s[from + i];
		out[i] = ch >= 'A' && ch <= 'Z' ? (char)(ch - 'A' + 'a') : ch;
	}
	out[to - from] = '\0';
	return jgf_color_name_ok(out, to - from) && (to - from != len || memcmp(out, s, len) != 0);
}

void jgf_color_name_problem(struct buf *out, const char *subject, const char *s, size_t len)
{
	buf_adds(out, subject);
	if (len == 0) {
		buf_adds(out, " is empty; write a colour name such as \"black\" or \"white\"");
		return;
	}
	if (len == 1 && strchr("bBwW", s[0])) {
		bool black = s[0] == 'b' || s[0] == 'B';
		buf_printf(out, " must be a full colour name, not the SGF letter \"%c\": write \"%s\"",
			   s[0], black ? "black" : "white");
		return;
	}
	/* The same name in other case or with spaces around it. */
	size_t from = 0, to = len;
	while (from < to && space(s[from]))
		from++;
	while (to > from && space(s[to - 1]))
		to--;
	char fixed[64];
	if (to - from < sizeof fixed) {
		size_t n = to - from;
		for (size_t i = 0; i < n; i++) {
			char ch = s[from + i];
			fixed[i] = ch >= 'A' && ch <= 'Z' ? (char)(ch - 'A' + 'a') : ch;
		}
		fixed[n] = '\0';
		if (jgf_color_name_ok(fixed, n)) {
			buf_adds(out, from == 0 && to == len ? " must be lower case" :
				 " must be a colour name alone, without spaces around it");
			buf_printf(out, ": write \"%s\", found ", fixed);
			quote(out, s, len);
			return;
		}
	}
	if (regex_match(&grammar, s, len)) {
		buf_adds(out, " must be an English colour name such as \"black\", \"white\", \"red\" or "
			 "\"light blue\", found ");
		quote(out, s, len);
		buf_adds(out, ", which is not a colour name jgflint knows");
		const char *near = jgf_color_name_near(s, len);
		if (near)
			buf_printf(out, "; did you mean \"%s\"?", near);
		return;
	}
	buf_adds(out, " must be a lowercase English colour name such as \"black\" or \"white\", found ");
	quote(out, s, len);
}

/* The fix: a colour value with one right spelling gets it (a colour key
 * waits for seki-players-object's fix, which makes it a value). */
static void fix_name(struct check *c, struct diag *d, const char *rel, bool at_key,
		     const char *s, size_t len)
{
	char name[64];
	const char *near = NULL;
	if (!at_key && (jgf_color_name_fix(s, len, name, sizeof name) ||
			(near = jgf_color_name_near(s, len)))) {
		char *json = fix_json_string(near ? near : name, strlen(near ? near : name));
		check_fix_replace(c, d, near ? FIX_UNSAFE : FIX_SAFE, rel, json);
		free(json);
	}
}

static void report_name(struct check *c, const char *rel, bool at_key, const char *subject,
			const char *s, size_t len)
{
	struct buf msg = BUF_INIT;
	jgf_color_name_problem(&msg, subject, s, len);
	fix_name(c, check_report(c, &rule_player_color, rel, at_key, "%s", msg.data), rel, at_key,
		 s, len);
	buf_free(&msg);
}

/* A colour to suggest for a player without one. */
static const char *unused_color(const struct check *c)
{
	if (!record_color_declared(c->rec, "black"))
		return "black";
	if (!record_color_declared(c->rec, "white"))
		return "white";
	return "red";
}

static void check_color_member(struct check *c, struct buf *rel, json_object *player)
{
	json_object *color = member(player, "color");
	if (!json_object_is_type(color, json_type_string))
		return; /* missing, or wrong-type's */
	const char *s = json_object_get_string(color);
	size_t len = (size_t)json_object_get_string_len(color);
	if (jgf_color_name_ok(s, len))
		return;
	size_t base = rel->len;
	buf_adds(rel, "/color");
	report_name(c, rel->data, false, "`color`", s, len);
	buf_truncate(rel, base);
}

static void check_players(struct check *c, json_object *root)
{
	json_object *players = member(root, "players");
	struct buf rel = BUF_INIT;
	if (json_object_is_type(players, json_type_array)) {
		size_t n = json_object_array_length(players);
		for (size_t i = 0; i < n; i++) {
			json_object *p = json_object_array_get_idx(players, i);
			if (!json_object_is_type(p, json_type_object))
				continue; /* wrong-type's */
			buf_truncate(&rel, 0);
			buf_printf(&rel, "/players/%zu", i);
			if (!member(p, "color"))
				check_report(c, &rule_player_color, rel.data, false,
					     "player %zu has no `color`; add the colour of their stones, "
					     "e.g. \"color\": \"%s\"", i, unused_color(c));
			else
				check_color_member(c, &rel, p);
		}
	} else if (json_object_is_type(players, json_type_object)) {
		/* Seki's shape: the key is the colour; a `color` inside is optional. */
		json_object_object_foreach(players, key, val) {
			buf_truncate(&rel, 0);
			buf_adds(&rel, "/players");
			pointer_push_key(&rel, key, strlen(key));
			if (!jgf_color_name_ok(key, strlen(key)))
				report_name(c, rel.data, true, "the colour key of `players`", key,
					    strlen(key));
			check_color_member(c, &rel, val);
		}
	}
	buf_free(&rel);
}

const struct rule rule_player_color = {
	.id = "player-color",
	.category = "players",
	.severity = SEV_ERROR,
	.summary = "a player's colour is missing or not a lowercase English colour name",
	.explanation =
		"What it checks\n"
		"  Every player in `players` has a `color`, the colour of their stones,\n"
		"  written as a full English colour name in lower case: \"black\",\n"
		"  \"white\", and for games of more than two players other colours such\n"
		"  as \"red\" or \"light blue\". Capitalised names (\"Black\"), SGF's\n"
		"  letters (\"B\", \"W\") and colour codes (\"#000000\") are errors. When\n"
		"  `players` is an object keyed by colour (Seki's shape), the keys are\n"
		"  checked the same way and no `color` is needed inside.\n"
		"\n"
		"Fix\n"
		"  Safe: a player's colour in other case, with spaces around it, or as the\n"
		"  SGF letter becomes the colour name.\n"
		"  Unsafe: a misspelt colour name (\"whtie\") becomes the name the message\n"
		"  suggests (\"white\").\n"
		"\n"
		"Why\n"
		"  Moves, setup and score name their player by this colour, and readers\n"
		"  compare the names exactly: a player \"Black\" owns none of the moves\n"
		"  of \"black\".\n"
		"\n"
		"Fails\n"
		"  { \"players\": [ { \"color\": \"B\", \"name\": \"Kuro\" },\n"
		"                 { \"name\": \"Shiro\" } ] }\n"
		"\n"
		"Passes\n"
		"  { \"players\": [ { \"color\": \"black\", \"name\": \"Kuro\" },\n"
		"                 { \"color\": \"white\", \"name\": \"Shiro\" } ] }\n",
	.fix = FIX_SAFE | FIX_UNSAFE,
	.on_record = check_players,
};
