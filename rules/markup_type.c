/* markup-type: a custom markup type that is most likely a default one
 * misspelt (Seki's "select" for "selected", "Circle", "circles", "cross"). */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "engine/check.h"
#include "base/dom.h"
#include "base/similar.h"

extern const struct rule rule_markup_type;

static const char *const defaults[] = {
	"circle", "triangle", "square", "mark", "label", "selected",
};

/* Near-misses that are not a matter of case, plural or a typo. */
static const struct {
	const char *found, *meant;
} aliases[] = {
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

#define NELEMS(a) (sizeof (a) / sizeof *(a))

static const char *as_default(const char *s, size_t len)
{
	for (size_t i = 0; i < NELEMS(defaults); i++)
		if (strlen(defaults[i]) == len && memcmp(defaults[i], s, len) == 0)
			return defaults[i];
	for (size_t i = 0; i < NELEMS(aliases); i++)
		if (strlen(aliases[i].found) == len && memcmp(aliases[i].found, s, len) == 0)
			return aliases[i].meant;
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
		for (size_t i = 0; i < NELEMS(defaults); i++)
			if (edit_distance(low, defaults[i]) <= 1)
				return defaults[i];
	return NULL;
}

/* The fix: safe for "select" (Seki's spelling) and a matter of case or
 * spaces; unsafe for the rest (an alias, plural or typo is a guess). */
static void fix_type(struct check *c, const char *s, size_t len, const char *meant_type,
		     struct diag *d)
{
	size_t n = strlen(meant_type), i = 0, j = len;
	while (i < j && (s[i] == ' ' || s[i] == '\t'))
		i++;
	while (j > i && (s[j - 1] == ' ' || s[j - 1] == '\t'))
		j--;
	bool same = (j - i == n && strncasecmp(s + i, meant_type, n) == 0) ||
		    (j - i == 6 && strncasecmp(s + i, "select", 6) == 0 && strcmp(meant_type, "selected") == 0);
	char json[24];
	snprintf(json, sizeof json, "\"%s\"", meant_type);
	check_fix_replace(c, d, same ? FIX_SAFE : FIX_UNSAFE, "/type", json);
}

static void check_markup(struct check *c, json_object *obj, const struct schema *schema)
{
	(void)schema;   /* the markup's only: .objects */
	json_object *type = member(obj, "type");
	if (!json_object_is_type(type, json_type_string))
		return;  /* missing: markup-entry's; another type: wrong-type's */
	const char *s = json_object_get_string(type);
	size_t len = (size_t)json_object_get_string_len(type);
	for (size_t i = 0; i < NELEMS(defaults); i++)
		if (strcmp(s, defaults[i]) == 0)
			return;
	const char *d = meant(s, len);
	if (!d)
		return;
	fix_type(c, s, len, d, check_report(c, &rule_markup_type, "/type", false,
		     "markup type %s is not one of the default types (circle, triangle, square, "
		     "mark, label, selected), so it is treated as custom markup; if the default "
		     "is meant, write \"%s\"",
		     dom_json(type, JSON_C_TO_STRING_PLAIN |
						    JSON_C_TO_STRING_NOSLASHESCAPE, NULL), d));
}

const struct rule rule_markup_type = {
	.id = "markup-type",
	.category = "points",
	.severity = SEV_INFO,
	.about_game = true,
	.summary = "a custom markup type that looks like a misspelt default type",
	.explanation =
		"What it checks\n"
		"  The default markup types are circle, triangle, square, mark, label and\n"
		"  selected. Any other type is allowed as custom markup, and stays\n"
		"  silent (Seki's diamond, happy and sad, for instance), unless it is a\n"
		"  near-miss of a default type: another case (\"Circle\"), a plural\n"
		"  (\"circles\"), a one-letter typo (\"triange\"), an abbreviation or\n"
		"  synonym (\"tri\", \"sq\", \"cross\" or \"x\" for mark, SGF's \"TR\", \"CR\",\n"
		"  \"MA\", \"LB\", \"SL\"), or \"select\", which Seki writes for \"selected\".\n"
		"  Such a type is displayed as custom markup, if at all, instead of the\n"
		"  default the writer probably meant.\n"
		"\n"
		"Fix\n"
		"  Safe: \"select\" (Seki's spelling) and the default types in other case\n"
		"  become the default type. Unsafe: an alias, plural or typo (\"cross\",\n"
		"  \"circles\", \"triange\") becomes the default it probably means.\n"
		"\n"
		"Fails\n"
		"  \"markup\": [ { \"type\": \"select\", \"coords\": [ { \"x\": 8, \"y\": 7 } ] } ]\n"
		"\n"
		"Passes\n"
		"  \"markup\": [ { \"type\": \"selected\", \"coords\": [ { \"x\": 8, \"y\": 7 } ] },\n"
		"              { \"type\": \"diamond\", \"coords\": [ { \"x\": 9, \"y\": 7 } ] } ]\n",
	.fix = FIX_SAFE | FIX_UNSAFE,
	.on_object = check_markup,
	.objects = (const struct schema *const[]){ &schema_markup, NULL },
};
