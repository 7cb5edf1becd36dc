/* board-size-large: a board larger than 52 lines in either direction: SGF
 * coordinates (a-z, A-Z) and Seki stop at 52. One warning per board. */
#include <stdio.h>

#include "base/dom.h"
#include "engine/check.h"

extern const struct rule rule_board_size_large;

static void check_large(struct check *c, json_object *board, const struct schema *schema)
{
	(void)schema;   /* the board's only: .objects */
	static const char *const keys[] = { "size", "width", "height" };
	for (size_t i = 0; i < 3; i++) {
		json_object *v = member(board, keys[i]);
		if (!(json_type_bits(v) & J_INT) || json_object_get_double(v) <= 52)
			continue;
		char rel[16];
		snprintf(rel, sizeof rel, "/%s", keys[i]);
		check_report(c, &rule_board_size_large, rel, false,
			     "`%s` is %s: no SGF tool or Seki can show more than 52×52 (SGF "
			     "coordinates run from a to Z), so few programs can show this board",
			     keys[i], dom_json(v, JSON_C_TO_STRING_SPACED, NULL));
		return;
	}
}

const struct rule rule_board_size_large = {
	.id = "board-size-large",
	.category = "sections",
	.severity = SEV_WARNING,
	.summary = "a board larger than 52×52",
	.explanation =
		"What it checks\n"
		"  A board whose `size`, `width` or `height` is above 52. JGF itself has\n"
		"  no limit, but SGF coordinates (a to z, then A to Z) stop at 52, and\n"
		"  Seki cannot show a larger board, so such a record cannot be\n"
		"  converted or displayed. One warning per board.\n"
		"\n"
		"Fails\n"
		"  { \"board\": { \"size\": 61 } }\n"
		"\n"
		"Passes\n"
		"  { \"board\": { \"width\": 52, \"height\": 52 } }\n",
	.on_object = check_large,
	.objects = (const struct schema *const[]){ &schema_board, NULL },
};
