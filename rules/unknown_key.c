/* unknown-key: a key the specification does not define, with a suggestion
 * when it is close to one that it does. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/check.h"
#include "base/similar.h"
#include "base/pointer.h"

extern const struct rule rule_unknown_key;

/* The closest known key, if it is close enough to be a likely typo. */
static const char *suggest(const struct schema *schema, const char *key)
{
	size_t len = strlen(key), best = SIZE_MAX;
	const char *found = NULL;
	for (const struct field *f = schema->fields; f->key; f++) {
		if (f->legacy)
			continue;
		size_t d = edit_distance(key, f->key);
		if (d < best)
			best = d, found = f->key;
	}
	size_t limit = len <= 3 ? 1 : len <= 6 ? 2 : 3;
	return best <= limit ? found : NULL;
}

/* The known keys an object's renames write, so that two typos of one key
 * (`coments`, `comentss`) are not both offered it: together they would
 * write the key twice. */
struct renames {
	const char *to[8];  /* schema keys, compared by address */
	size_t n;
};

static bool renamed_to(const struct renames *r, const char *near)
{
	for (size_t i = 0; i < r->n; i++)
		if (r->to[i] == near)
			return true;
	return r->n == sizeof r->to / sizeof *r->to;   /* past the list: offer no more */
}

/* The unsafe fix: the key becomes the known one it is closest to, when no
 * other known key is as close, the object does not hold it already and no
 * earlier key of the object is renamed to it. */
static void fix_near_key(struct check *c, struct diag *d, const struct schema *schema,
		       json_object *obj, const char *rel, const char *key, const char *near,
		       struct renames *renames)
{
	size_t best = edit_distance(key, near), ties = 0;
	for (const struct field *f = schema->fields; f->key; f++)
		ties += !f->legacy && edit_distance(key, f->key) == best;
	if (ties == 1 && !member(obj, near) && !renamed_to(renames, near)) {
		check_fix_rename(c, d, FIX_UNSAFE, rel, near);
		renames->to[renames->n++] = near;
	}
}


/* The one section schema (record, source, game, event, rules, board) other
 * than self that has key, or NULL (none, or several: `name`). */
static const char *section_of(const char *key, const struct schema *self)
{
	static const char *const sections[] = { "record", "source", "game", "event", "rules",
						"board" };
	const char *found = NULL;
	for (size_t i = 0; i < sizeof sections / sizeof *sections; i++) {
		const struct schema *s = schema_section(sections[i]);
		const struct field *f = s != self ? schema_field(s, key) : NULL;
		if (f && !f->legacy) {
			if (found)
				return NULL;
			found = sections[i];
		}
	}
	return found;
}

/* A key that is valid one level off (or in a sibling section): where the
 * schema has it. */
struct place {
	char pointer[64];   /* the object it belongs in (absolute; "" the record) */
	char words[32];     /* how the message names it */
};

static bool belongs_elsewhere(struct check *c, const struct schema *schema, const char *key,
			      struct place *p)
{
	const char *here = c->ptr.data ? c->ptr.data : "";
	size_t len = c->ptr.len;
	const char *section;
	const struct field *f;
	if (schema == &schema_node && (f = schema_field(&schema_move, key)) && !f->legacy) {
		/* "timeLeft" beside the move: the node's move. */
		if ((size_t)snprintf(p->pointer, sizeof p->pointer, "%s/move", here) >= sizeof p->pointer)
			return false;
		snprintf(p->words, sizeof p->words, "`move`");
		return true;
	}
	if (schema == &schema_move && (f = schema_field(&schema_node, key)) && !f->legacy &&
	    len >= 5 && strcmp(here + len - 5, "/move") == 0 && len - 5 < sizeof p->pointer) {
		/* "comments" inside the move: its node, beside `move`. */
		memcpy(p->pointer, here, len - 5);
		p->pointer[len - 5] = '\0';
		snprintf(p->words, sizeof p->words, "the node, beside `move`");
		return true;
	}
	if (schema == &schema_root && (section = section_of(key, NULL))) {
		/* "komi" at the top: the one section that has it. */
		snprintf(p->pointer, sizeof p->pointer, "/%s", section);
		snprintf(p->words, sizeof p->words, "`%s`", section);
		return true;
	}
	if (schema_section(here[0] == '/' ? here + 1 : here) == schema) {
		if ((f = schema_field(&schema_root, key))) {
			/* "tree" inside `game`: the top level. */
			p->pointer[0] = '\0';
			snprintf(p->words, sizeof p->words, "the record's top level");
			return true;
		}
		if ((section = section_of(key, schema))) {
			/* "komi" in `game`: `rules`. */
			snprintf(p->pointer, sizeof p->pointer, "/%s", section);
			snprintf(p->words, sizeof p->words, "`%s`", section);
			return true;
		}
	}
	return false;
}

/* The safe fix of a key one level off: it moves, as written, into the
 * object it belongs in, when that object exists and has no such key. */
static void fix_move_key(struct check *c, struct diag *d, const char *rel, const char *key,
			 const struct place *p)
{
	json_object *target = check_resolve(c, p->pointer);
	struct span span;
	json_object *there;
	if (!json_object_is_type(target, json_type_object) || has_member(target, key, &there) ||
	    !c->doc->text || !check_span(c, rel, &span) || span.end <= span.start)
		return;
	char *text = xstrndup(c->doc->text + span.start, span.end - span.start);
	struct buf to = BUF_INIT;
	buf_printf(&to, "#%s", p->pointer);
	check_fix_remove(c, d, FIX_SAFE, rel);
	check_fix_insert(c, d, FIX_SAFE, to.data, key, text, false);
	buf_free(&to);
	free(text);
}

/* How messages name where a key is: a section by its key (`record`, so
 * that it is not read as the record itself), others by what they are
 * ("node", "the record"). */
static void where(struct buf *out, const struct schema *schema)
{
	if (schema_section(schema->name) == schema)
		buf_printf(out, "`%s`", schema->name);
	else
		buf_adds(out, schema->name);
}

static void check_keys(struct check *c, json_object *obj, const struct schema *schema)
{
	if (schema->open)
		return;
	/* How the message names the object: built at the first unknown key
	 * only (every object is visited, few have one). */
	struct buf in = BUF_INIT;
	struct buf rel = BUF_INIT;
	struct renames renames = { .n = 0 };
	json_object_object_foreach(obj, key, val) {
		(void)val;
		if (schema_field(schema, key))
			continue;
		if (!in.len)
			where(&in, schema);
		buf_truncate(&rel, 0);
		pointer_push_key(&rel, key, strlen(key));
		struct place place;
		const char *near = suggest(schema, key);
		if (belongs_elsewhere(c, schema, key, &place))
			fix_move_key(c, check_report(c, &rule_unknown_key, rel.data, true,
						     "`%s` is not a key of %s: it belongs in %s", key,
						     in.data, place.words),
				     rel.data, key, &place);
		else if (near)
			fix_near_key(c, check_report(c, &rule_unknown_key, rel.data, true,
						   "unknown key `%s` in %s; did you mean `%s`?", key,
						   in.data, near),
				   schema, obj, rel.data, key, near, &renames);
		else if (schema == &schema_root)
			check_report(c, &rule_unknown_key, rel.data, true,
				     "unknown key `%s` in %s; custom data belongs under `meta`", key,
				     in.data);
		else
			check_report(c, &rule_unknown_key, rel.data, true,
				     "unknown key `%s` in %s; readers ignore it (custom data belongs "
				     "under the record's `meta`)", key, in.data);
	}
	if (rel.data) {   /* most objects have no unknown key: no calls for them */
		buf_free(&rel);
		buf_free(&in);
	}
}

const struct rule rule_unknown_key = {
	.id = "unknown-key",
	.category = "schema",
	.severity = SEV_WARNING,
	.summary = "a key the JGF specification does not define",
	.explanation =
		"What it checks\n"
		"  Every key of the record's sections, players, nodes, moves, setup,\n"
		"  score and markup entries and points. A key that the specification\n"
		"  does not define is ignored by readers, so it is usually a typo; when\n"
		"  it is close to a known key, the message names it. Free-form data\n"
		"  belongs under `meta`, which is not checked, and custom player\n"
		"  instructions under `settings` are allowed. Keys of JGF v1 and the\n"
		"  extensions Seki writes (rules.numberOfPeriods, rules.timePerPeriod)\n"
		"  are known.\n"
		"\n"
		"  A key the specification defines one level off (`timeLeft` beside the\n"
		"  move instead of in it, `comments` inside the move, `komi` at the top,\n"
		"  `handicap` in `board`) is named with the object it belongs in.\n"
		"\n"
		"Fix\n"
		"  Safe: a key one level off moves, as written, into the object it\n"
		"  belongs in, when that object exists and has no such key.\n"
		"  Unsafe: a key with one closest known key (`coments`) is renamed to it,\n"
		"  unless the object already holds that key or an earlier key of the\n"
		"  object is renamed to it (`coments` and `comentss`: only the first).\n"
		"\n"
		"Fails\n"
		"  { \"tree\": [ {}, { \"move\": { \"color\": \"black\", \"x\": 3, \"y\": 3 },\n"
		"                 \"coments\": [ \"a good move\" ] } ] }\n"
		"\n"
		"Passes\n"
		"  { \"tree\": [ {}, { \"move\": { \"color\": \"black\", \"x\": 3, \"y\": 3 },\n"
		"                 \"comments\": [ \"a good move\" ] } ] }\n",
	.fix = FIX_SAFE | FIX_UNSAFE,
	.on_object = check_keys,
};
