/* schema: the JGF v2 data model (seed 003), with the v1 keys (seed 001) and
 * the extension keys the reference implementation writes. */
#include "core/schema.h"

#include "base/dom.h"
#include "base/similar.h"

#include <math.h>
#include <pthread.h>
#include <string.h>
#include <strings.h>

#define END { NULL, 0, 0, false }

static const struct field root_fields[] = {
	{ "record", J_OBJECT, 0, false },
	{ "source", J_OBJECT, 0, false },
	{ "game", J_OBJECT, 0, false },
	/* An object keyed by colour is Seki's shape, reported by its own rule. */
	{ "players", J_ARRAY | J_OBJECT, J_OBJECT, false },
	{ "event", J_OBJECT, 0, false },
	{ "rules", J_OBJECT, 0, false },
	{ "board", J_OBJECT, 0, false },
	{ "settings", J_OBJECT, 0, false },
	{ "meta", J_OBJECT, 0, false },
	{ "tree", J_ARRAY, 0, false },  /* nodes: checked as they are visited */
	END
};
const struct schema schema_root = { "the record", root_fields, false, SCHEMA_ROOT };

static const struct field record_fields[] = {
	{ "format", J_STRING, 0, false },
	/* A string is Seki's "2.0.0", reported by its own rule. */
	{ "version", J_INT | J_STRING, 0, false },
	{ "charset", J_STRING, 0, false },
	{ "generator", J_STRING, 0, false },
	{ "transcriber", J_STRING, 0, false },
	END
};
const struct schema schema_record = { "record", record_fields, false, SCHEMA_RECORD };

static const struct field source_fields[] = {
	{ "name", J_STRING, 0, false },
	{ "url", J_STRING, 0, false },
	{ "copyright", J_STRING, 0, false },
	END
};
const struct schema schema_source = { "source", source_fields, false, SCHEMA_SOURCE };

static const struct field game_fields[] = {
	{ "type", J_STRING, 0, false },
	{ "name", J_STRING, 0, false },
	{ "result", J_STRING, 0, false },
	{ "date", J_STRING, 0, false },
	{ "dates", J_ARRAY, J_STRING, false },
	{ "opening", J_STRING, 0, false },
	{ "annotator", J_STRING, 0, false },
	{ "description", J_STRING, 0, false },
	END
};
const struct schema schema_game = { "game", game_fields, false, SCHEMA_GAME };

static const struct field player_fields[] = {
	{ "color", J_STRING, 0, false },
	{ "name", J_STRING, 0, false },
	{ "rank", J_STRING, 0, false },
	{ "team", J_STRING, 0, false },
	{ "country", J_STRING, 0, false },
	{ "pro", J_BOOL, 0, true },
	{ "ai", J_BOOL, 0, true },
	END
};
const struct schema schema_player = { "player", player_fields, false, SCHEMA_PLAYER };

static const struct field event_fields[] = {
	{ "name", J_STRING, 0, false },
	{ "location", J_STRING, 0, false },
	{ "round", J_STRING, 0, false },
	END
};
const struct schema schema_event = { "event", event_fields, false, SCHEMA_EVENT };

static const struct field rules_fields[] = {
	{ "ruleset", J_STRING, 0, false },
	{ "allowSuicide", J_BOOL, 0, false },
	{ "disallowRepeats", J_BOOL, 0, false },
	{ "komi", J_NUMBER, 0, false },
	{ "handicap", J_INT, 0, false },
	{ "time", J_NUMBER, 0, false },
	{ "overtime", J_STRING, 0, false },
	{ "ruleSet", J_STRING, 0, true },
	{ "mainTime", J_NUMBER, 0, true },
	{ "overTime", J_STRING, 0, true },
	/* Extensions the reference implementation writes. */
	{ "numberOfPeriods", J_INT, 0, false },
	{ "timePerPeriod", J_NUMBER, 0, false },
	END
};
const struct schema schema_rules = { "rules", rules_fields, false, SCHEMA_RULES };

static const struct field board_fields[] = {
	{ "size", J_INT, 0, false },
	{ "width", J_INT, 0, false },
	{ "height", J_INT, 0, false },
	{ "cutOffTop", J_INT, 0, false },
	{ "cutOffBottom", J_INT, 0, false },
	{ "cutOffLeft", J_INT, 0, false },
	{ "cutOffRight", J_INT, 0, false },
	END
};
const struct schema schema_board = { "board", board_fields, false, SCHEMA_BOARD };

static const struct field settings_fields[] = {
	{ "showLastMove", J_BOOL, 0, false },
	{ "showNextMove", J_BOOL, 0, false },
	{ "showSolutions", J_BOOL, 0, false },
	{ "showVariations", J_BOOL, 0, false },
	{ "showSiblingVariations", J_BOOL, 0, false },
	{ "rememberVariationPaths", J_BOOL, 0, false },
	END
};
const struct schema schema_settings = { "settings", settings_fields, true, SCHEMA_SETTINGS };

static const struct field node_fields[] = {
	{ "move", J_OBJECT, 0, false },
	{ "setup", J_ARRAY, J_OBJECT, false },
	{ "turn", J_STRING, 0, false },
	{ "score", J_ARRAY, J_OBJECT, false },
	{ "markup", J_ARRAY, J_OBJECT, false },
	/* Objects are v1 comments, reported by their own rule. */
	{ "comments", J_ARRAY, J_STRING | J_OBJECT, false },
	{ "name", J_STRING, 0, false },
	{ "solution", J_BOOL, 0, false },
	{ "variations", J_ARRAY, J_ARRAY, false },  /* of sequences of nodes */
	END
};
const struct schema schema_node = { "node", node_fields, false, SCHEMA_NODE };

static const struct field move_fields[] = {
	{ "color", J_STRING, 0, false },
	{ "x", J_INT, 0, false },
	{ "y", J_INT, 0, false },
	{ "pass", J_BOOL, 0, false },
	{ "timeLeft", J_NUMBER, 0, false },
	{ "periodsLeft", J_INT, 0, false },
	END
};
const struct schema schema_move = { "move", move_fields, false, SCHEMA_MOVE };

static const struct field setup_fields[] = {
	{ "type", J_STRING, 0, false },
	{ "coords", J_ARRAY, J_OBJECT, false },
	END
};
const struct schema schema_setup = { "setup entry", setup_fields, false, SCHEMA_SETUP };

static const struct field score_fields[] = {
	{ "color", J_STRING, 0, false },
	{ "coords", J_ARRAY, J_OBJECT, false },
	END
};
const struct schema schema_score = { "score entry", score_fields, false, SCHEMA_SCORE };

static const struct field markup_fields[] = {
	{ "type", J_STRING, 0, false },
	{ "coords", J_ARRAY, J_OBJECT, false },
	END
};
const struct schema schema_markup = { "markup entry", markup_fields, false, SCHEMA_MARKUP };

static const struct field point_fields[] = {
	{ "x", J_INT, 0, false },
	{ "y", J_INT, 0, false },
	END
};
const struct schema schema_point = { "point", point_fields, false, SCHEMA_POINT };

static const struct field markup_point_fields[] = {
	{ "x", J_INT, 0, false },
	{ "y", J_INT, 0, false },
	{ "text", J_STRING, 0, false },
	END
};
const struct schema schema_markup_point = { "markup point", markup_point_fields, false,
					    SCHEMA_MARKUP_POINT };

static const struct field comment_fields[] = {
	{ "name", J_STRING, 0, true },
	{ "timestamp", J_STRING, 0, true },
	{ "comment", J_STRING, 0, true },
	END
};
const struct schema schema_comment = { "comment", comment_fields, false, SCHEMA_COMMENT };

/* Every key of every schema, in an open-addressing table built once. */
#define KEY_SLOTS 256
static struct known_key { const char *key; size_t len; } known_keys[KEY_SLOTS];
static pthread_once_t known_keys_once = PTHREAD_ONCE_INIT;

/* Length and the two end bytes tell the schema's keys apart well enough,
 * and cost less than hashing every byte of every key of a record. */
static size_t key_slot(const char *key, size_t len)
{
	return (len * 61 + (unsigned char)key[0] * 7 + (unsigned char)key[len - 1]) & (KEY_SLOTS - 1);
}

static void known_keys_init(void)
{
	static const struct schema *const all[] = {
		&schema_root, &schema_record, &schema_source, &schema_game, &schema_player,
		&schema_event, &schema_rules, &schema_board, &schema_settings, &schema_node,
		&schema_move, &schema_setup, &schema_score, &schema_markup, &schema_point,
		&schema_markup_point, &schema_comment,
	};
	for (size_t i = 0; i < sizeof all / sizeof *all; i++) {
		for (const struct field *f = all[i]->fields; f->key; f++) {
			size_t len = strlen(f->key), h = key_slot(f->key, len);
			while (known_keys[h].key && strcmp(known_keys[h].key, f->key) != 0)
				h = (h + 1) & (KEY_SLOTS - 1);
			known_keys[h] = (struct known_key){ f->key, len };
		}
	}
}

const char *schema_known_key(const char *key, size_t len)
{
	pthread_once(&known_keys_once, known_keys_init);
	if (!len)
		return NULL;
	for (size_t h = key_slot(key, len); known_keys[h].key; h = (h + 1) & (KEY_SLOTS - 1))
		if (known_keys[h].len == len && memcmp(known_keys[h].key, key, len) == 0)
			return known_keys[h].key;
	return NULL;
}

const struct field *schema_field(const struct schema *s, const char *key)
{
	/* A key the loader read is a schema's own string (schema_known_key):
	 * found by its address, before any text is compared (the two rules
	 * that look up every key of every object were 3.5% of a large SGF
	 * tree's check). */
	for (const struct field *f = s->fields; f->key; f++)
		if (f->key == key)
			return f;
	for (const struct field *f = s->fields; f->key; f++)
		if (key_eq(f->key, key))
			return f;
	return NULL;
}

const struct schema *schema_section(const char *key)
{
	static const struct { const char *key; const struct schema *schema; } sections[] = {
		{ "record", &schema_record }, { "source", &schema_source },
		{ "game", &schema_game }, { "event", &schema_event },
		{ "rules", &schema_rules }, { "board", &schema_board },
		{ "settings", &schema_settings },
	};
	for (size_t i = 0; i < sizeof sections / sizeof *sections; i++)
		if (strcmp(sections[i].key, key) == 0)
			return sections[i].schema;
	return NULL;
}

#define MARKUP_N(a) (sizeof (a) / sizeof *(a))

static const char *const markup_defaults[] = {
	"circle", "triangle", "square", "mark", "label", "selected",
};

/* Near-misses that are not a matter of case, plural or a typo. */
static const struct {
	const char *found, *meant;
} markup_aliases[] = {
	{ "select", "selected" },     /* what Seki writes */
	{ "selection", "selected" },
	{ "cross", "mark" },
	{ "x", "mark" },
	{ "tri", "triangle" },
	{ "sq", "square" },
	{ "circ", "circle" },
	/* SGF's property names */
	{ "cr", "circle" },
	{ "tr", "triangle" },
	{ "ma", "mark" },
	{ "lb", "label" },
	{ "sl", "selected" },
};

static const char *as_default(const char *s, size_t len)
{
	for (size_t i = 0; i < MARKUP_N(markup_defaults); i++)
		if (strlen(markup_defaults[i]) == len && memcmp(markup_defaults[i], s, len) == 0)
			return markup_defaults[i];
	for (size_t i = 0; i < MARKUP_N(markup_aliases); i++)
		if (strlen(markup_aliases[i].found) == len && memcmp(markup_aliases[i].found, s, len) == 0)
			return markup_aliases[i].meant;
	return NULL;
}

/* The default type that type probably means, or NULL for a deliberate
 * custom type (Seki's diamond, happy, sad, or anything else). */
static const char *meant(const char *type, size_t len)
{
	char low[33];
	while (len && (*type == ' ' || *type == '\t'))
		type++, len--;
	while (len && (type[len - 1] == ' ' || type[len - 1] == '\t'))
		len--;
	if (len == 0 || len >= sizeof low)
		return NULL;
	for (size_t i = 0; i < len; i++) {
		char ch = type[i];
		if ((unsigned char)ch >= 0x80)
			return NULL;
		low[i] = ch >= 'A' && ch <= 'Z' ? (char)(ch - 'A' + 'a') : ch;
	}
	low[len] = 0;
	const char *d = as_default(low, len);
	if (d)
		return d;
	/* plurals: circles, marks, crosses */
	if (len > 2 && low[len - 1] == 's' && (d = as_default(low, len - 1)))
		return d;
	if (len > 3 && low[len - 2] == 'e' && low[len - 1] == 's' && (d = as_default(low, len - 2)))
		return d;
	/* a one-letter typo in a longer word: "triange", "squre" */
	if (len >= 5)
		for (size_t i = 0; i < MARKUP_N(markup_defaults); i++)
			if (edit_distance(low, markup_defaults[i]) <= 1)
				return markup_defaults[i];
	return NULL;
}

const char *schema_markup_meant(const char *type, size_t len, bool *safe)
{
	const char *d = meant(type, len);
	*safe = false;
	if (!d)
		return NULL;
	size_t n = strlen(d), i = 0, j = len;
	while (i < j && (type[i] == ' ' || type[i] == '\t'))
		i++;
	while (j > i && (type[j - 1] == ' ' || type[j - 1] == '\t'))
		j--;
	*safe = (j - i == n && strncasecmp(type + i, d, n) == 0) ||
		(j - i == 6 && strncasecmp(type + i, "select", 6) == 0 && strcmp(d, "selected") == 0);
	return d;
}
