/* board-size: board.size, width and height are positive integers. Values of
 * the wrong type are wrong-type's; boards too large to show are
 * board-size-large's. */
#include <stdio.h>

#include "engine/check.h"

extern const struct rule rule_board_size;

static void check_size(struct check *c, json_object *board, const struct schema *schema)
{
	(void)schema;   /* the board's only: .objects */
	static const char *const keys[] = { "size", "width", "height" };
	for (size_t i = 0; i < 3; i++) {
		json_object *v = member(board, keys[i]);
		if (!(json_type_bits(v) & J_INT) || json_object_get_double(v) > 0)
			continue;
		char rel[16];
		struct buf found = BUF_INIT;
		snprintf(rel, sizeof rel, "/%s", keys[i]);
		describe_value(&found, v);
		check_report(c, &rule_board_size, rel, false,
			     "`%s` must be a positive number of lines (19, 13, 9, …), found %s",
			     keys[i], found.data);
		buf_free(&found);
	}
}

const struct rule rule_board_size = {
	.id = "board-size",
	.category = "sections",
	.severity = SEV_ERROR,
	.summary = "board.size, width or height is 0 or negative",
	.explanation =
		"What it checks\n"
		"  `board.size` (a square board), `board.width` and `board.height` are\n"
		"  numbers of lines: positive integers such as 19, 13 or 9. Zero or a\n"
		"  negative number is an error. (A value that is not an integer is\n"
		"  reported by wrong-type, a board larger than 52 by board-size-large.)\n"
		"\n"
		"Fails\n"
		"  { \"board\": { \"size\": 0 } }\n"
		"\n"
		"Passes\n"
		"  { \"board\": { \"size\": 19 } }\n"
		"  { \"board\": { \"width\": 19, \"height\": 1 } }\n",
	.on_object = check_size,
	.objects = (const struct schema *const[]){ &schema_board, NULL },
};
