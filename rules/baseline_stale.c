/* baseline-stale: a baseline entry that matched nothing, located in the
 * baseline file. Emitted by: cli/baseline.c. */
#include "core/rule.h"

const struct rule rule_baseline_stale = {
	.id = "baseline-stale",
	.category = "config",
	.severity = SEV_WARNING,
	.summary = "a baseline entry no longer matches any finding",
	.explanation =
		"What it checks\n"
		"  With --baseline FILE, the findings FILE records are not reported. An\n"
		"  entry that matched no finding in the run (the problem was fixed, or\n"
		"  the file moved) is reported at its place in FILE, so the baseline can\n"
		"  shrink: remove the entry, or write the baseline again with\n"
		"  --write-baseline. An entry that counts more findings than it matched\n"
		"  is reported too.\n"
		"\n"
		"Fails\n"
		"  a baseline entry { \"path\": \"a.jgf\", \"rule\": \"rank-format\",\n"
		"  \"pointer\": \"/players/0/rank\", \"count\": 1 } after the rank was fixed\n"
		"\n"
		"Passes\n"
		"  a baseline whose every entry still matches a finding\n",
};
