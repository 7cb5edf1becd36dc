/* schema: the JGF data model as data: which keys each kind of object has,
 * and the JSON types their values may take. Rules that check keys and types
 * read it; the engine uses it to name what it visits. */
#ifndef JGF_SCHEMA_H
#define JGF_SCHEMA_H

#include <stdbool.h>
#include <json-c/json.h>

#include "base/dom.h"

struct field {
	const char *key;
	unsigned types;      /* allowed J_* bits */
	unsigned elems;      /* for arrays: allowed element types; 0 = not checked here */
	bool legacy;         /* a JGF v1 key, recognised so it is not "unknown" */
};

/* Each schema's index, for tables by schema (the engine's rules by the
 * objects they check). */
enum schema_id {
	SCHEMA_ROOT, SCHEMA_RECORD, SCHEMA_SOURCE, SCHEMA_GAME, SCHEMA_PLAYER, SCHEMA_EVENT,
	SCHEMA_RULES, SCHEMA_BOARD, SCHEMA_SETTINGS, SCHEMA_NODE, SCHEMA_MOVE, SCHEMA_SETUP,
	SCHEMA_SCORE, SCHEMA_MARKUP, SCHEMA_POINT, SCHEMA_MARKUP_POINT, SCHEMA_COMMENT,
	SCHEMA_COUNT
};

struct schema {
	const char *name;    /* how messages name the object: "game", "move", … */
	const struct field *fields;  /* ends with a NULL key */
	bool open;           /* custom keys are allowed (settings) */
	enum schema_id id;
};

extern const struct schema schema_root, schema_record, schema_source, schema_game,
	schema_player, schema_event, schema_rules, schema_board, schema_settings,
	schema_node, schema_move, schema_setup, schema_score, schema_markup,
	schema_point, schema_markup_point, schema_comment;

const struct field *schema_field(const struct schema *s, const char *key);
/* The schemas' own string for a key of len bytes (any schema), or NULL: the
 * loader shares these in the DOM rather than copying each key. */
const char *schema_known_key(const char *key, size_t len);
/* The schema of the section under a top-level key, or NULL (meta, unknown). */
const struct schema *schema_section(const char *key);

/* The default markup type (circle, triangle, square, mark, label,
 * selected) a type of len bytes most likely means, itself for a default,
 * or NULL for a deliberate custom type; *safe says the two are one
 * spelling (another case, spaces, Seki's "select"), which --fix renames
 * safely and duplicates counts as the default; an alias, plural or typo
 * is a guess. One table: markup-type's and the duplicates' marks'. */
const char *schema_markup_meant(const char *type, size_t len, bool *safe);

#endif
