/* seki-version-string: record.version written as a string such as "2.0.0"
 * (what Seki 4.3 writes) instead of the number the specification shows. */
#include <stdlib.h>
#include <string.h>

#include "check.h"
#include "regex.h"

extern const struct rule rule_seki_version_string;

static void check_version_string(struct check *c, json_object *root)
{
	static struct regex re = REGEX("([0-9]{1,9})(?:\\.[0-9]+){0,2}");
	json_object *version = member(member(root, "record"), "version");
	if (!json_object_is_type(version, json_type_string))
		return;
	const char *s = json_object_get_string(version);
	size_t start, end;
	if (!regex_match(&re, s, (size_t)json_object_get_string_len(version)) ||
	    !regex_group(&re, 1, &start, &end))
		return; /* not a version at all: record-version */
	long major = strtol(s + start, NULL, 10);
	if (major != 1 && major != 2)
		return; /* no such JGF version: record-version */
	check_report(c, &rule_seki_version_string, "/record/version", false,
		     "`version` is the string \"%s\"%s, but the JGF version is a number: write "
		     "\"version\": %ld", s, strcmp(s, "2.0.0") ? "" : " (as Seki 4.3 writes it)",
		     major);
}

const struct rule rule_seki_version_string = {
	.id = "seki-version-string",
	.category = "format",
	.severity = SEV_WARNING,
	.summary = "record.version is a string such as \"2.0.0\" instead of the number 2",
	.explanation =
		"What it checks\n"
		"  The specification writes `record.version` as the number 2 (or 1 for\n"
		"  JGF v1). Seki 4.3 writes the string \"2.0.0\"; other producers write\n"
		"  \"2\" or \"2.0\". The message names the number to write, taken from the\n"
		"  major version of the string. A string that is no version number at\n"
		"  all (\"two\") is an error reported by record-version.\n"
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
