/* config-error: a problem in a configuration file. Emitted by:
 * config/config.c. */
#include "core/rule.h"

const struct rule rule_config_error = {
	.id = "config-error",
	.category = "config",
	.severity = SEV_ERROR,
	.summary = "a configuration file has an unknown setting or a bad value",
	.explanation =
		"What it checks\n"
		"  .jgflint.json (or the file given with --config) is read like a record:\n"
		"  strict JSON first, then every setting. An unknown setting, a rule id\n"
		"  or category that does not exist, or a value of the wrong kind is an\n"
		"  error at its place, and jgflint exits with status 2. The valid\n"
		"  settings still apply.\n"
		"\n"
		"Fails\n"
		"  { \"ignore\": [\"rank-fromat\"], \"max-warning\": 10 }\n"
		"\n"
		"Passes\n"
		"  { \"ignore\": [\"rank-format\"], \"max-warnings\": 10 }\n",
};
