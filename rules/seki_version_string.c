/* seki-version-string: record.version written as a string such as "2.0.0"
 * (what Seki 4.3 writes) instead of the number the specification shows. */
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "engine/check.h"
#include "base/regex.h"

extern const struct rule rule_seki_version_string;

static void check_version_string(struct check *c, json_object *root)
{
	json_object *version = member(member(root, "record"), "version");
	long long major = c->rec->version;
	/* Not a version at all, or no such JGF version: record-version's. */
	if (!c->rec->version_string || (major != 1 && major != 2))
		return;
	const char *s = json_object_get_string(version);
	struct diag *d = check_report(c, &rule_seki_version_string, "/record/version", false,
				      "`version` is the string \"%s\"%s, but the JGF version is a "
				      "number: write \"version\": %lld", s,
				      strcmp(s, "2.0.0") ? "" : " (as Seki 4.3 writes it)", major);
	char number[24];
	snprintf(number, sizeof number, "%lld", major);
	check_fix_replace(c, d, FIX_SAFE, "/record/version", number);
}

const struct rule rule_seki_version_string = {
	.id = "seki-version-string",
	.category = "format",
	.severity = SEV_WARNING,
	.fix = FIX_SAFE,
	.summary = "record.version is a string such as \"2.0.0\" instead of the number 2",
	.explanation =
		"What it checks\n"
		"  The specification writes `record.version` as the number 2 (or 1 for\n"
		"  JGF v1). Seki 4.3 writes the string \"2.0.0\"; other producers write\n"
		"  \"2\" or \"2.0\". The message names the number to write, taken from the\n"
		"  major version of the string. A string that is no version number at\n"
		"  all (\"two\") is an error reported by record-version.\n"
		"\n"
		"Fix\n"
		"  Safe: the string becomes the number of its major version.\n"
		"\n"
		"Why\n"
		"  A reader that checks `version === 2` does not accept \"2.0.0\".\n"
		"\n"
		"Fails\n"
		"  { \"record\": { \"format\": \"JGF\", \"version\": \"2.0.0\" }, \"tree\": [ {} ] }\n"
		"\n"
		"Passes\n"
		"  { \"record\": { \"format\": \"JGF\", \"version\": 2 }, \"tree\": [ {} ] }\n",
	.on_record = check_version_string,
};
