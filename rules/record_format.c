/* record-format: a JGF v2 record says so with record.format = "JGF". JGF v1
 * had no format key, so v1 records are left alone; a record without any
 * `record` section is record-version's. */
#include <stdlib.h>
#include <string.h>
#include <strings.h>

#include "engine/check.h"

extern const struct rule rule_record_format;

static void check_format(struct check *c, json_object *root)
{
	json_object *record = member(root, "record");
	if (!json_object_is_type(record, json_type_object))
		return; /* missing: record-version; another type: wrong-type */
	if (c->rec->version == 1)
		return; /* JGF v1 has no format */
	json_object *format = member(record, "format");
	if (!format) {
		struct diag *d = check_report(c, &rule_record_format, "/record", false,
					      "`record` has no `format`; a JGF v2 record says what it "
					      "is: add \"format\": \"JGF\"");
		check_fix_insert(c, d, FIX_SAFE, "/record", "format", "\"JGF\"", true);
		return;
	}
	if (!json_object_is_type(format, json_type_string))
		return; /* wrong-type */
	const char *s = json_object_get_string(format);
	size_t len = (size_t)json_object_get_string_len(format);
	if (len == 3 && memcmp(s, "JGF", 3) == 0)
		return;
	struct buf found = BUF_INIT;
	describe_value(&found, format);
	bool capitals = len == 3 && strcasecmp(s, "JGF") == 0;
	struct diag *d = check_report(c, &rule_record_format, "/record/format", false,
				      "`format` must be \"JGF\"%s, found %s",
				      capitals ? " (in capitals)" : "", found.data);
	if (capitals)  /* another value may name another format: left to the user */
		check_fix_replace(c, d, FIX_SAFE, "/record/format", "\"JGF\"");
	buf_free(&found);
}

const struct rule rule_record_format = {
	.id = "record-format",
	.category = "format",
	.severity = SEV_ERROR,
	.summary = "record.format is missing or not \"JGF\" in a v2 record",
	.fix = FIX_SAFE,
	.explanation =
		"What it checks\n"
		"  A JGF v2 record (any record whose version is not 1) carries\n"
		"  `record.format` with the string \"JGF\", exactly so, in capitals. A\n"
		"  missing `format` or another value is an error. JGF v1 records had\n"
		"  no `format` key and are not checked (v1-record suggests migrating\n"
		"  them).\n"
		"\n"
		"Fix\n"
		"  Safe: a missing `format` is added as \"JGF\"; \"jgf\" in other case\n"
		"  becomes \"JGF\".\n"
		"\n"
		"Why\n"
		"  `format` is how a reader tells a JGF record from other JSON files\n"
		"  that also end in .jgf.\n"
		"\n"
		"Fails\n"
		"  { \"record\": { \"version\": 2 }, \"tree\": [ {} ] }\n"
		"  { \"record\": { \"format\": \"jgf\", \"version\": 2 }, \"tree\": [ {} ] }\n"
		"\n"
		"Passes\n"
		"  { \"record\": { \"format\": \"JGF\", \"version\": 2 }, \"tree\": [ {} ] }\n"
		"  { \"record\": { \"version\": 1 }, \"tree\": [ {} ] }\n",
	.on_record = check_format,
};
