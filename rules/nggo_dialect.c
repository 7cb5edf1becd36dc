/* nggo-dialect: ngGo's own "JGF version 1", recognised by the engine's
 * classification (core/record.c). Emitted by: engine/engine.c, which hands
 * such a record to this rule's hook alone; the fix migrates it to JGF v2. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "base/dom.h"
#include "engine/check.h"

extern const struct rule rule_nggo_dialect;

/* Whether obj has a member key, of any type (null too: member() cannot
 * tell a null from no member, and a second member of a key present is a
 * duplicate key). */
static bool has(json_object *obj, const char *key)
{
	json_object *v;
	return has_member(obj, key, &v);
}

/* ngGo's colour letters (E: setup that clears). */
static const char *color_name(const char *key)
{
	return strcmp(key, "B") == 0 ? "black" : strcmp(key, "W") == 0 ? "white" :
	       strcmp(key, "E") == 0 ? "clear" : NULL;
}

/* [x, y] or a label's [x, y, text] as a JGF point; a point already an
 * object stays as it is. */
static json_object *point(json_object *p)
{
	if (!json_object_is_type(p, json_type_array) || json_object_array_length(p) < 2)
		return json_object_get(p);
	json_object *o = dom_object();
	dom_add(o, "x", json_object_get(json_object_array_get_idx(p, 0)));
	dom_add(o, "y", json_object_get(json_object_array_get_idx(p, 1)));
	if (json_object_array_length(p) > 2)
		dom_add(o, "text", json_object_get(json_object_array_get_idx(p, 2)));
	return o;
}

static json_object *coords(json_object *list)
{
	if (!json_object_is_type(list, json_type_array))
		return json_object_get(list);
	json_object *out = dom_array();
	for (size_t i = 0; i < json_object_array_length(list); i++)
		dom_push(out, point(json_object_array_get_idx(list, i)));
	return out;
}

/* {"B": [x, y]} or {"W": "pass"}, with whatever else the move holds. */
static json_object *move_v2(json_object *move)
{
	json_object *o = dom_object();
	json_object_object_foreach(move, key, val) {
		const char *color = color_name(key);
		if (!color || !strcmp(color, "clear"))
			continue;
		dom_add(o, "color", dom_string(color));
		if (json_object_is_type(val, json_type_string))
			dom_add(o, "pass", dom_bool(1));
		else if (json_object_is_type(val, json_type_array) && json_object_array_length(val) >= 2) {
			dom_add(o, "x", json_object_get(json_object_array_get_idx(val, 0)));
			dom_add(o, "y", json_object_get(json_object_array_get_idx(val, 1)));
		}
	}
	json_object_object_foreach(move, k2, v2) {
		if (!color_name(k2))
			dom_add(o, k2, json_object_get(v2));
	}
	return o;
}

/* Setup keyed B/W/E, score keyed by colour letter, markup keyed by type:
 * as JGF's arrays of entries ({type or color, coords}). */
static json_object *entries_v2(json_object *keyed, const char *field, bool letters)
{
	json_object *out = dom_array();
	json_object_object_foreach(keyed, key, val) {
		const char *name = letters ? color_name(key) : key;
		json_object *e = dom_object();
		dom_add(e, field, dom_string(name ? name : key));
		dom_add(e, "coords", coords(val));
		dom_push(out, e);
	}
	return out;
}

static void replace_built(struct check *c, struct diag *d, const char *rel, json_object *v)
{
	check_fix_replace_value(c, d, FIX_SAFE, rel, v);
	json_object_put(v);
}

static void migrate_nodes(struct check *c, struct diag *d, json_object *seq, struct buf *rel,
			  size_t depth)
{
	size_t base = rel->len;
	if (depth > 64 || !json_object_is_type(seq, json_type_array))
		return;
	for (size_t i = 0; i < json_object_array_length(seq); i++) {
		json_object *node = json_object_array_get_idx(seq, i), *v;
		buf_truncate(rel, base);
		buf_printf(rel, "/%zu", i);
		size_t at = rel->len;
		if (json_object_is_type(node, json_type_array)) {
			/* ngGo's variations: an array among the nodes, of the lines
			 * of play (ngGo's JGF.md, and its jgf2sgf writer) — v2's
			 * variations node, {"variations": [...]}, around it. */
			struct span sp;
			if (!check_span(c, rel->data, &sp))
				continue;
			check_fix_bytes(c, d, FIX_SAFE, sp.start, sp.start, "{\"variations\": ");
			check_fix_bytes(c, d, FIX_SAFE, sp.end, sp.end, "}");
			for (size_t j = 0; j < json_object_array_length(node); j++) {
				buf_truncate(rel, at);
				buf_printf(rel, "/%zu", j);
				migrate_nodes(c, d, json_object_array_get_idx(node, j), rel, depth + 1);
			}
			continue;
		}
		if (!json_object_is_type(node, json_type_object))
			continue;
#define REL(s) (buf_truncate(rel, at), buf_adds(rel, s), rel->data)
		if (has(node, "root"))
			check_fix_remove_keys(c, d, FIX_SAFE, REL(""), "root");
		if (json_object_is_type(v = member(node, "move"), json_type_object) && !has(v, "color"))
			replace_built(c, d, REL("/move"), move_v2(v));
		if (json_object_is_type(v = member(node, "setup"), json_type_object))
			replace_built(c, d, REL("/setup"), entries_v2(v, "type", true));
		if (json_object_is_type(v = member(node, "score"), json_type_object))
			replace_built(c, d, REL("/score"), entries_v2(v, "color", true));
		if (json_object_is_type(v = member(node, "markup"), json_type_object))
			replace_built(c, d, REL("/markup"), entries_v2(v, "type", false));
		if (json_object_is_type(v = member(node, "turn"), json_type_string) &&
		    color_name(json_object_get_string(v)))
			replace_built(c, d, REL("/turn"),
				      dom_string(color_name(json_object_get_string(v))));
		json_object *vars = member(node, "variations");
		for (size_t j = 0; json_object_is_type(vars, json_type_array) &&
				   j < json_object_array_length(vars); j++) {
			buf_truncate(rel, at);
			buf_printf(rel, "/variations/%zu", j);
			migrate_nodes(c, d, json_object_array_get_idx(vars, j), rel, depth + 1);
		}
#undef REL
	}
	buf_truncate(rel, base);
}

/* The text of the value at rel as written, appended to out. */
static void text_of(struct check *c, const char *rel, struct buf *out)
{
	struct span sp;
	if (check_span(c, rel, &sp))
		buf_add(out, c->doc->text + sp.start, sp.end - sp.start);
}

/* A member for meta: the pointer it had, and its text. */
static void to_meta(struct check *c, struct buf *meta, const char *rel)
{
	char *key = fix_json_string(rel, strlen(rel));
	buf_printf(meta, "%s%s: ", meta->len ? ", " : "", key);
	free(key);
	text_of(c, rel, meta);
}

/* The key after `key` in the root object, to insert before (NULL: last). */
static const char *key_after(json_object *root, const char *key)
{
	bool next = false;
	json_object_object_foreach(root, k, v) {
		(void)v;
		if (next)
			return k;
		next = strcmp(k, key) == 0;
	}
	return NULL;
}

/* record: format and version 2, application as generator (beside one,
 * under meta); a record without one (ngGo's moves alone) gets it. */
static void migrate_record(struct check *c, struct diag *d, json_object *record, struct buf *meta)
{
	if (!record) {
		check_fix_insert(c, d, FIX_SAFE, "", "record", "{\"format\": \"JGF\", \"version\": 2}",
				 true);
		return;
	}
	if (!json_object_is_type(record, json_type_object))
		return;
	if (!has(record, "format"))
		check_fix_insert(c, d, FIX_SAFE, "/record", "format", "\"JGF\"", true);
	if (has(record, "version"))
		check_fix_replace(c, d, FIX_SAFE, "/record/version", "2");
	else
		check_fix_insert(c, d, FIX_SAFE, "/record", "version", "2", false);
	if (has(record, "application") && !has(record, "generator"))
		check_fix_rename(c, d, FIX_SAFE, "/record/application", "generator");
	else if (has(record, "application")) {
		to_meta(c, meta, "/record/application");
		check_fix_remove(c, d, FIX_UNSAFE, "/record/application");
	}
}

/* game: players to the root, komi, handicap and the rule set into `rules`
 * (what does not fit, under meta). */
static void migrate_game(struct check *c, struct diag *d, json_object *root, json_object *game,
			 struct buf *meta)
{
	if (!json_object_is_type(game, json_type_object))
		return;
	json_object *rules = member(root, "rules");
	struct buf text = BUF_INIT, gone = BUF_INIT;
	const char *anchor = key_after(root, "game");
	if (has(game, "players")) {
		/* Beside players of the root's own, under meta: left
		 * in game, they would keep the record ngGo's. */
		if (has(root, "players")) {
			to_meta(c, meta, "/game/players");
		} else {
			text_of(c, "/game/players", &text);
			check_fix_insert_before(c, d, FIX_SAFE, "", "players", text.data, anchor);
		}
		buf_adds(&gone, "players ");
	}
	/* komi, handicap and the rule set: into `rules` */
	static const char *const moved[][2] = {
		{ "komi", "komi" }, { "handicap", "handicap" }, { "rules", "ruleset" },
	};
	buf_truncate(&text, 0);
	for (size_t i = 0; i < 3; i++) {
		json_object *v;
		if (!has_member(game, moved[i][0], &v))
			continue;
		char rel[16];
		snprintf(rel, sizeof rel, "/game/%s", moved[i][0]);
		buf_printf(&gone, "%s ", moved[i][0]);
		bool fits = (i < 2 || json_object_is_type(v, json_type_string)) &&
			    !has(rules, moved[i][1]);
		if (!fits) {
			to_meta(c, meta, rel);
		} else if (json_object_is_type(rules, json_type_object)) {
			struct buf one = BUF_INIT;
			text_of(c, rel, &one);
			check_fix_insert(c, d, FIX_SAFE, "/rules", moved[i][1], one.data, false);
			buf_free(&one);
		} else {
			buf_printf(&text, "%s\"%s\": ", text.len ? ", " : "{", moved[i][1]);
			text_of(c, rel, &text);
		}
	}
	if (text.len) {
		buf_addc(&text, '}');
		if (!has(root, "rules")) {
			check_fix_insert_before(c, d, FIX_SAFE, "", "rules", text.data, anchor);
		} else {
			/* A `rules` that is not an object ("rules":
			 * "Japanese", which v1 has no place for) goes
			 * under meta as the ruleset does, and the object
			 * takes its place: one member of the key. */
			to_meta(c, meta, "/rules");
			check_fix_replace(c, d, FIX_UNSAFE, "/rules", text.data);
		}
	}
	if (gone.len) {
		gone.data[--gone.len] = '\0';
		check_fix_remove_keys(c, d, FIX_SAFE, "/game", gone.data);
	}
	buf_free(&text);
	buf_free(&gone);
}

/* What v2 has no place for, gathered in meta: under meta.nggo when the
 * record has a meta already (its keys are the writer's), else as meta
 * itself, before the tree. */
static void migrate_meta(struct check *c, struct diag *d, json_object *root, const struct buf *meta)
{
	if (!meta->len)
		return;
	struct buf wrapped = BUF_INIT;
	buf_printf(&wrapped, "{%s}", meta->data);
	if (json_object_is_type(member(root, "meta"), json_type_object))
		check_fix_insert(c, d, FIX_UNSAFE, "/meta", "nggo", wrapped.data, false);
	else if (!has(root, "meta"))
		check_fix_insert_before(c, d, FIX_UNSAFE, "", "meta", wrapped.data,
					has(root, "tree") ? "tree" : NULL);
	else {
		/* A meta that is no object: kept under its own pointer. */
		struct buf own = BUF_INIT;
		to_meta(c, &own, "/meta");
		buf_truncate(&wrapped, 0);
		buf_printf(&wrapped, "{%s, %s}", own.data, meta->data);
		check_fix_replace(c, d, FIX_UNSAFE, "/meta", wrapped.data);
		buf_free(&own);
	}
	buf_free(&wrapped);
}

/* The migration: what v2 holds moves to its place as written (players,
 * komi, handicap and the rule set out of `game`); moves, setup, markup,
 * score and turn are rewritten in v2's shape; what v2 has no place for
 * (board.cutoff, an application beside a generator) goes under meta with
 * its old pointer, which makes the fix unsafe. */
static void migrate(struct check *c, struct diag *d, json_object *root)
{
	struct buf meta = BUF_INIT;
	migrate_record(c, d, member(root, "record"), &meta);
	migrate_game(c, d, root, member(root, "game"), &meta);
	if (has(member(root, "board"), "cutoff")) {
		to_meta(c, &meta, "/board/cutoff");
		check_fix_remove_keys(c, d, FIX_UNSAFE, "/board", "cutoff");
	}
	migrate_meta(c, d, root, &meta);
	struct buf rel = BUF_INIT;
	buf_adds(&rel, "/tree");
	migrate_nodes(c, d, member(root, "tree"), &rel, 0);
	buf_free(&rel);
	buf_free(&meta);
}

static void check_dialect(struct check *c, json_object *root)
{
	if (c->rec->dialect != DIALECT_NGGO)
		return;
	const char *traits[RECORD_NGGO_TRAITS];
	size_t n = record_nggo_traits(root, traits);
	struct buf has_them = BUF_INIT;
	for (size_t i = 0; i < n; i++)
		buf_printf(&has_them, "%s%s", i ? ", " : "", traits[i]);
	migrate(c, check_report(c, &rule_nggo_dialect, "", false,
				"this is ngGo's older \"JGF version 1\" (%s), not the JGF of the "
				"specification; convert it to JGF v2", has_them.data),
		root);
	buf_free(&has_them);
}

const struct rule rule_nggo_dialect = {
	.id = "nggo-dialect",
	.category = "format",
	.severity = SEV_ERROR,
	.summary = "the file is in ngGo's older JGF dialect",
	.explanation =
		"What it checks\n"
		"  ngGo, the predecessor of Seki, published its own \"JGF version 1\":\n"
		"  record.application, game.players, game.komi and game.rules, moves as\n"
		"  {\"B\": [x, y]} or {\"W\": \"pass\"}, markup and score keyed by type or\n"
		"  colour, and a root: true flag on the root node. It shares the name but\n"
		"  not the shape of the JGF specification, so such a file is diagnosed\n"
		"  once, as a whole, instead of with hundreds of unknown keys. A record\n"
		"  is ngGo's when it has two of record.application, game.players,\n"
		"  game.komi, game.rules, the root flag and moves as {\"B\": [x, y]}\n"
		"  (with them, a declared version 1 counts too; moves that are all in\n"
		"  ngGo's shape, two or more, count twice), less one for each of\n"
		"  v2's own players at the top level and moves as {color, x, y}, and\n"
		"  does not say it is JGF v2 (record.format, or version 2): one of them\n"
		"  alone is a misplaced key or a mistyped move (unknown-key's,\n"
		"  move-shape's), and the record's other findings are found. The\n"
		"  finding names the traits the record has.\n"
		"\n"
		"Fix\n"
		"  The record is migrated to JGF v2: record.format \"JGF\" and version 2\n"
		"  (a record section added where it has none),\n"
		"  application as generator, players out of `game`, komi, handicap and\n"
		"  the rule set into `rules`, moves as {color, x, y} or {color, pass},\n"
		"  setup, markup and score as arrays of entries, turn as a colour name,\n"
		"  root: true dropped, variations written as an array among the nodes\n"
		"  (ngGo's [{node}, ..., [[line 1], [line 2]]]) as a variations node\n"
		"  {\"variations\": [[line 1], [line 2]]}. Safe when that is all. Unsafe\n"
		"  when something v2 has no place for (board.cutoff, an application\n"
		"  beside a generator, game.players beside the root's own players, a\n"
		"  `rules` or `meta` that is no object) goes under `meta`, with its old\n"
		"  pointer as the key. A migration that would leave an error the record\n"
		"  did not have (a root `players` that is no array) is not applied.\n"
		"\n"
		"Fails\n"
		"  { \"record\": { \"application\": \"ngGo\", \"version\": 1 },\n"
		"    \"game\": { \"players\": [ { \"color\": \"black\" } ] },\n"
		"    \"tree\": [ { \"root\": true }, { \"move\": { \"B\": [3, 3] } } ] }\n"
		"\n"
		"Passes\n"
		"  { \"record\": { \"format\": \"JGF\", \"version\": 2 },\n"
		"    \"players\": [ { \"color\": \"black\" } ],\n"
		"    \"tree\": [ {}, { \"move\": { \"color\": \"black\", \"x\": 3, \"y\": 3 } } ] }\n",
	.fix = FIX_SAFE | FIX_UNSAFE,
	.on_record = check_dialect,
};
