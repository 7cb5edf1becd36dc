/* komi-value: a komi no game has: more than 150 points either way, or not
 * a multiple of 0.5. Most are a server's multiplied komi (Fox writes 7.5
 * as 750); the message names the value it most likely means. */
#include <math.h>
#include <stdio.h>

#include "base/dom.h"
#include "core/komi.h"
#include "engine/check.h"

extern const struct rule rule_komi_value;

static void check_rules(struct check *c, json_object *rules, const struct schema *schema)
{
	(void)schema;   /* the rules's only: .objects */
	json_object *v = member(rules, "komi");
	if (!(json_type_bits(v) & J_NUMBER))
		return;   /* missing, or wrong-type's */
	double komi = json_object_get_double(v);
	if (komi_plausible(komi) || !isfinite(komi))
		return;   /* (beyond a double: json-number-range's) */
	const char *text = dom_json(v, JSON_C_TO_STRING_PLAIN, NULL);
	const char *what = fabs(komi) > KOMI_MAX ? "more points than any game gives" :
			   "not a multiple of 0.5 (komi is counted in half points)";
	double points;
	char how[128];
	if (komi_likely(komi, &points, how, sizeof how))
		check_report(c, &rule_komi_value, "/komi", false,
			     "komi %s is %s: most likely %g points (%s); write \"komi\": %g if so",
			     text, what, points, how, points);
	else
		check_report(c, &rule_komi_value, "/komi", false,
			     "komi %s is %s: write the komi in points, such as 6.5 or 7.5", text, what);
}

const struct rule rule_komi_value = {
	.id = "komi-value",
	.category = "sections",
	.severity = SEV_WARNING,
	.summary = "a komi no game has: beyond 150 points, or not in half points",
	.explanation =
		"What it checks\n"
		"  `rules.komi` is the number of points white receives (negative when\n"
		"  black does). A game's komi is at most 150 points either way and a\n"
		"  multiple of 0.5 (6.5, 7.5, 0, -5.5). Any other number is reported at\n"
		"  its value, with the komi it most likely means when the number is one\n"
		"  multiplied: ×100 (Fox writes 7.5 as 750), stones ×100 (375 for 3.75\n"
		"  stones, 7.5 points under Chinese counting), or ×10 (Tygem writes 6.5\n"
		"  as 65, which is itself a komi a game could have, and not reported).\n"
		"  Values of the wrong type are reported by wrong-type.\n"
		"\n"
		"Why\n"
		"  A reader shows the komi as written and scores the game with it: a\n"
		"  komi of 750 decides every game for white. It is almost always a\n"
		"  server's own scaled number copied into the record; `jgflint\n"
		"  --convert` keeps such a KM under meta.sgf and says what it means.\n"
		"\n"
		"Fails\n"
		"  { \"rules\": { \"komi\": 750 } }\n"
		"  { \"rules\": { \"komi\": 6.3 } }\n"
		"\n"
		"Passes\n"
		"  { \"rules\": { \"komi\": 6.5 } }\n"
		"  { \"rules\": { \"komi\": -7.5 } }\n",
	.on_object = check_rules,
	.objects = (const struct schema *const[]){ &schema_rules, NULL },
};
