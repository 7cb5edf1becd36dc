/* setup-type: each setup entry has a type black, white or clear, and coords. */
#include <stdio.h>
#include <string.h>
#include <strings.h>

#include "engine/check.h"

extern const struct rule rule_setup_type;

/* What a wrong type most likely meant, or NULL. */
static const char *hint(const char *s)
{
	static const struct { const char *found, *meant; } hints[] = {
		{ "b", "black" }, { "ab", "black" }, { "add_black", "black" },
		{ "addblack", "black" },
		{ "w", "white" }, { "aw", "white" }, { "add_white", "white" },
		{ "addwhite", "white" },
		{ "e", "clear" }, { "ae", "clear" }, { "empty", "clear" }, { "erase", "clear" },
		{ "remove", "clear" }, { "none", "clear" }, { "add_empty", "clear" },
		{ "addempty", "clear" },
		/* the right words in the wrong case: "Black", "WHITE" */
		{ "black", "black" }, { "white", "white" }, { "clear", "clear" },
	};
	for (size_t i = 0; i < sizeof hints / sizeof *hints; i++)
		if (strcasecmp(s, hints[i].found) == 0)
			return hints[i].meant;
	return NULL;
}

/* The fix: every hint is an SGF or case spelling of one type. */
static void fix_type(struct check *c, struct diag *d, const char *rel, const char *meant)
{
	char json[16];
	snprintf(json, sizeof json, "\"%s\"", meant);
	check_fix_replace(c, d, FIX_SAFE, rel, json);
}

static void check_node(struct check *c, const struct node_visit *n)
{
	json_object *setup = n->setup;
	if (!json_object_is_type(setup, json_type_array))
		return;
	size_t count = json_object_array_length(setup);
	for (size_t i = 0; i < count; i++) {
		json_object *entry = json_object_array_get_idx(setup, i);
		if (!json_object_is_type(entry, json_type_object))
			continue; /* wrong-type's */
		char rel[48];
		json_object *type, *coords;
		if (!has_member(entry, "type", &type)) {
			snprintf(rel, sizeof rel, "/setup/%zu", i);
			check_report(c, &rule_setup_type, rel, false,
				     "this setup entry has no `type`: give `\"type\": \"black\"`, "
				     "`\"white\"` or `\"clear\"` (clear removes stones)");
		} else if (json_object_is_type(type, json_type_string)) {
			const char *s = json_object_get_string(type);
			/* A string with a NUL in it is none of them. */
			bool nul = strlen(s) != (size_t)json_object_get_string_len(type);
			if (nul || (strcmp(s, "black") && strcmp(s, "white") && strcmp(s, "clear"))) {
				const char *meant = nul ? NULL : hint(s);
				struct buf found = BUF_INIT;
				if (nul)
					buf_adds(&found, "a string with a NUL character (\\u0000) in it");
				else
					describe_value(&found, type);
				snprintf(rel, sizeof rel, "/setup/%zu/type", i);
				if (meant)
					fix_type(c, check_report(c, &rule_setup_type, rel, false,
								 "a setup `type` is \"black\", \"white\" or "
								 "\"clear\", found %s: write \"%s\"",
								 found.data, meant),
						 rel, meant);
				else
					check_report(c, &rule_setup_type, rel, false,
						     "a setup `type` is \"black\", \"white\" or "
						     "\"clear\" (clear removes stones), found %s",
						     found.data);
				buf_free(&found);
			}
		}
		if (!has_member(entry, "coords", &coords)) {
			snprintf(rel, sizeof rel, "/setup/%zu", i);
			check_report(c, &rule_setup_type, rel, false,
				     "this setup entry has no `coords`: give the points as "
				     "`\"coords\": [ { \"x\": …, \"y\": … } ]`");
		}
	}
}

const struct rule rule_setup_type = {
	.id = "setup-type",
	.category = "tree",
	.severity = SEV_ERROR,
	.reads = READS_GIVEN,
	.summary = "a setup entry's type is not black, white or clear, or it has no coords",
	.explanation =
		"What it checks\n"
		"  Each entry of a node's `setup` has a `type`, \"black\" or \"white\" to\n"
		"  place stones or \"clear\" to remove them, and a `coords` array of the\n"
		"  points. A missing `type` or `coords` is an error, and so is any other\n"
		"  type; SGF's names (\"AB\", \"AW\", \"AE\") and the like get a hint.\n"
		"\n"
		"Fix\n"
		"  Safe: an SGF or case spelling of a type (\"AB\", \"Empty\", \"WHITE\")\n"
		"  becomes the type it spells.\n"
		"\n"
		"Why\n"
		"  A reader cannot tell what an entry of another type means, so the\n"
		"  stones it was meant to place or remove go missing.\n"
		"\n"
		"Fails\n"
		"  { \"setup\": [ { \"type\": \"AB\", \"coords\": [ { \"x\": 3, \"y\": 3 } ] },\n"
		"               { \"type\": \"white\" } ] }\n"
		"\n"
		"Passes\n"
		"  { \"setup\": [ { \"type\": \"black\", \"coords\": [ { \"x\": 3, \"y\": 3 } ] },\n"
		"               { \"type\": \"clear\", \"coords\": [ { \"x\": 4, \"y\": 4 } ] } ],\n"
		"    \"turn\": \"white\" }\n",
	.fix = FIX_SAFE,
	.on_node = check_node,
};
