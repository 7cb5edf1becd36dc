/* seki-draw-result: Seki writes a draw as "D"; the specification writes "0". */
#include "engine/check.h"

extern const struct rule rule_seki_draw_result;

static void check_draw(struct check *c, json_object *game, const struct schema *schema)
{
	(void)schema;   /* the game's only: .objects */
	json_object *result = member(game, "result");
	if (json_object_is_type(result, json_type_string) &&
	    json_object_get_string_len(result) == 1 && json_object_get_string(result)[0] == 'D') {
		struct diag *d = check_report(c, &rule_seki_draw_result, "/result", false,
					      "`result` \"D\" is how Seki writes a draw; the JGF result "
					      "grammar writes a draw (jigo) as \"0\": write \"result\": \"0\"");
		check_fix_replace(c, d, FIX_SAFE, "/result", "\"0\"");
	}
}

const struct rule rule_seki_draw_result = {
	.id = "seki-draw-result",
	.category = "sections",
	.severity = SEV_WARNING,
	.summary = "game.result is Seki's draw \"D\" instead of \"0\"",
	.fix = FIX_SAFE,
	.explanation =
		"What it checks\n"
		"  Seki 4.3 writes a drawn game's result as \"D\". The result grammar of\n"
		"  the specification writes a draw (jigo) as \"0\".\n"
		"\n"
		"Fix\n"
		"  Safe: \"D\" becomes \"0\".\n"
		"\n"
		"Fails\n"
		"  { \"game\": { \"result\": \"D\" } }\n"
		"\n"
		"Passes\n"
		"  { \"game\": { \"result\": \"0\" } }\n",
	.on_object = check_draw,
	.objects = (const struct schema *const[]){ &schema_game, NULL },
};
