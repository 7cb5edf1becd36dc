/* nggo-dialect: ngGo's own "JGF version 1". Emitted by the engine's
 * classification (src/record.c). */
#include "rule.h"

const struct rule rule_nggo_dialect = {
	.id = "nggo-dialect",
	.category = "format",
	.severity = SEV_ERROR,
	.summary = "the file is in ngGo's older JGF dialect",
	.explanation =
		"What it checks\n"
		"  ngGo, the predecessor of Seki, published its own \"JGF version 1\":\n"
		"  record.application, game.players, game.komi and game.rules, moves as\n"
		"  {\"B\": [x, y]} or {\"W\": \"pass\"}, markup and score keyed by type or\n"
		"  colour, and a root: true flag on the root node. It shares the name but\n"
		"  not the shape of the JGF specification, so such a file is diagnosed\n"
		"  once, as a whole, instead of with hundreds of unknown keys.\n"
		"\n"
		"Fails\n"
		"  { \"record\": { \"application\": \"ngGo\", \"version\": 1 },\n"
		"    \"game\": { \"players\": [ { \"color\": \"black\" } ] },\n"
		"    \"tree\": [ { \"root\": true }, { \"move\": { \"B\": [3, 3] } } ] }\n"
		"\n"
		"Passes\n"
		"  { \"record\": { \"format\": \"JGF\", \"version\": 2 },\n"
		"    \"players\": [ { \"color\": \"black\" } ],\n"
		"    \"tree\": [ {}, { \"move\": { \"color\": \"black\", \"x\": 3, \"y\": 3 } } ] }\n",
};
