/* record-version: record.version must say which JGF the record is: the
 * integer 1 or 2. A version string such as Seki's "2.0.0" is
 * seki-version-string's; a value of another JSON type is wrong-type's. */
#include <stdlib.h>

#include "engine/check.h"
#include "base/regex.h"

extern const struct rule rule_record_version;

/* A version string seki-version-string handles: "2", "2.0", "2.0.0", "1.0.0"
 * with a major version this linter knows. */
static bool seki_style(const struct check *c)
{
	return c->rec->version_string && (c->rec->version == 1 || c->rec->version == 2);
}

static void check_version(struct check *c, json_object *root)
{
	json_object *record = member(root, "record");
	if (!record) {
		check_report(c, &rule_record_version, "", false,
			     "the record has no `record` section, so readers cannot tell which JGF "
			     "it is; add \"record\": {\"format\": \"JGF\", \"version\": 2}");
		return;
	}
	if (!json_object_is_type(record, json_type_object))
		return; /* wrong-type */
	json_object *version = member(record, "version");
	long long n;
	if (!version) {
		check_report(c, &rule_record_version, "/record", false,
			     "`record` has no `version`; add \"version\": 2 (JGF v2; 1 only for a "
			     "JGF v1 record)");
	} else if (get_int(version, &n)) {
		if (n != 1 && n != 2)
			check_report(c, &rule_record_version, "/record/version", false,
				     "`version` must be 2 (JGF v2) or 1 (JGF v1), the only JGF versions "
				     "there are, found %lld; write 2", n);
	} else if ((json_type_bits(version) & J_INT) ||
		   (json_object_is_type(version, json_type_string) && !seki_style(c))) {
		/* An integer beyond 64 bits (1e30), or a string that is no version. */
		struct buf found = BUF_INIT;
		describe_value(&found, version);
		check_report(c, &rule_record_version, "/record/version", false,
			     "`version` must be the number 2 (JGF v2) or 1 (JGF v1), found %s; "
			     "write \"version\": 2", found.data);
		buf_free(&found);
	}
}

const struct rule rule_record_version = {
	.id = "record-version",
	.category = "format",
	.severity = SEV_ERROR,
	.summary = "record.version is missing or not 1 or 2",
	.explanation =
		"What it checks\n"
		"  Every record has a `record` section whose `version` is the integer 2\n"
		"  (JGF v2, the current specification) or 1 (JGF v1). A missing `record`\n"
		"  section, a missing `version`, another number (0, 3) or a string that\n"
		"  is no version number (\"two\") is an error. A version written as a\n"
		"  string such as \"2.0.0\" is reported by seki-version-string instead.\n"
		"\n"
		"Why\n"
		"  Readers decide by the version which keys to expect: v1 and v2 name\n"
		"  several keys differently.\n"
		"\n"
		"Fails\n"
		"  { \"record\": { \"format\": \"JGF\", \"version\": 3 }, \"tree\": [ {} ] }\n"
		"  { \"record\": { \"format\": \"JGF\" }, \"tree\": [ {} ] }\n"
		"\n"
		"Passes\n"
		"  { \"record\": { \"format\": \"JGF\", \"version\": 2 }, \"tree\": [ {} ] }\n",
	.on_record = check_version,
};
