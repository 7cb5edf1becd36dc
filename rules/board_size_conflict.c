/* board-size-conflict: `size` together with a `width` or `height` that
 * disagrees with it. Readers take one or the other. One error per board. */
#include <stdio.h>

#include "engine/check.h"

extern const struct rule rule_board_size_conflict;

/* A positive integer value, or 0 (not given, or board-size's). */
static long long dimension(json_object *board, const char *key)
{
	long long n;
	return get_int(member(board, key), &n) && n > 0 ? n : 0;
}

static void check_conflict(struct check *c, json_object *board, const struct schema *schema)
{
	(void)schema;   /* the board's only: .objects */
	long long size = dimension(board, "size");
	long long width = dimension(board, "width"), height = dimension(board, "height");
	bool bad_width = size && width && width != size, bad_height = size && height && height != size;
	if (!bad_width && !bad_height)
		return;
	struct buf what = BUF_INIT, keys = BUF_INIT, fix = BUF_INIT;
	if (bad_width) {
		buf_printf(&what, "`width` is %lld", width);
		buf_adds(&keys, "`width`");
	}
	if (bad_height) {
		buf_printf(&what, "%s`height` is %lld", bad_width ? " and " : "", height);
		buf_adds(&keys, bad_width ? " and `height`" : "`height`");
	}
	long long w = width ? width : size, h = height ? height : size;
	if (w == h)
		buf_printf(&fix, "write `size` %lld (or leave it out)", w);
	else
		buf_adds(&fix, "leave `size` out");
	check_report(c, &rule_board_size_conflict, bad_width ? "/width" : "/height", false,
		     "`size` is %lld but %s; readers take either one: for a %lld×%lld board %s, "
		     "for a %lld×%lld board write %lld for %s (until then the moves are not "
		     "replayed: the go rules would judge captures on one of two boards)", size,
		     what.data, w, h, fix.data, size, size, size, keys.data);
	buf_free(&keys);
	buf_free(&fix);
	buf_free(&what);
}

const struct rule rule_board_size_conflict = {
	.id = "board-size-conflict",
	.category = "sections",
	.severity = SEV_ERROR,
	.summary = "board.size disagrees with board.width or board.height",
	.explanation =
		"What it checks\n"
		"  A board may give `size` (square boards), or `width` and `height`, or\n"
		"  both when they agree (Seki writes `width` and `height` for every\n"
		"  board). A `width` or `height` that differs from `size` is an error:\n"
		"  some readers take `size`, others `width` and `height`, so the record\n"
		"  shows different boards in different programs.\n"
		"\n"
		"  Such a record is not replayed (the go rules: occupied-point, suicide\n"
		"  and the others): on one of the two boards the captures at the edge\n"
		"  differ, and findings about them would be guesses. This finding says\n"
		"  so; the go rules report nothing for the record.\n"
		"\n"
		"Fails\n"
		"  { \"board\": { \"size\": 19, \"width\": 13, \"height\": 13 } }\n"
		"\n"
		"Passes\n"
		"  { \"board\": { \"size\": 19, \"width\": 19, \"height\": 19 } }\n"
		"  { \"board\": { \"width\": 19, \"height\": 13 } }\n",
	.on_object = check_conflict,
	.objects = (const struct schema *const[]){ &schema_board, NULL },
};
