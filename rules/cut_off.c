/* cut-off: board.cutOffTop/Bottom/Left/Right hide rows and columns when a
 * problem is shown. Each is a non-negative integer, and each pair leaves at
 * least one row (column) visible. Values of the wrong type are wrong-type's. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "base/dom.h"
#include "engine/check.h"

extern const struct rule rule_cut_off;

static const char *const keys[] = { "cutOffTop", "cutOffBottom", "cutOffLeft", "cutOffRight" };

/* A pair that together must leave one line of extent visible. Reported at
 * the key, in document order, with which the sum reaches the extent. */
static void check_pair(struct check *c, json_object *board, const char *first,
		       const char *second, long long extent, const char *line, const char *dim)
{
	if (extent <= 0)
		return; /* no valid board size: board-size's */
	long long sum = 0;
	json_object_object_foreach(board, key, val) {
		long long n;
		if (strcmp(key, first) && strcmp(key, second))
			continue;
		if (!get_int(val, &n) && (json_type_bits(val) & J_INT) &&
		    json_object_get_double(val) > 0) {
			/* Beyond 64 bits: as written, and alone more than any board. */
			char rel[16];
			snprintf(rel, sizeof rel, "/%s", key);
			check_report(c, &rule_cut_off, rel, false,
				     "`%s` %s hides the whole board, which is %lld %ss %s; leave at least "
				     "one %s visible (at most %lld)", key,
				     dom_json(val, JSON_C_TO_STRING_PLAIN, NULL), extent, line, dim, line,
				     extent - 1);
			return;
		}
		if (!get_int(val, &n) || n < 0)
			continue;
		if (n >= extent - sum) {
			const char *other = strcmp(key, first) ? first : second;
			char rel[16];
			snprintf(rel, sizeof rel, "/%s", key);
			if (sum == 0)
				check_report(c, &rule_cut_off, rel, false,
					     "`%s` %lld hides the whole board, which is %lld %ss %s; "
					     "leave at least one %s visible (at most %lld)", key, n,
					     extent, line, dim, line, extent - 1);
			else
				check_report(c, &rule_cut_off, rel, false,
					     "`%s` %lld and `%s` %lld together hide %lld %ss, and the "
					     "board is %lld %ss %s; leave at least one %s visible "
					     "(together at most %lld)", key, n, other, sum,
					     n > LLONG_MAX - sum ? LLONG_MAX : n + sum, line, extent,
					     line, dim, line, extent - 1);
			return;
		}
		sum += n;
	}
}

static void check_cut_off(struct check *c, json_object *board, const struct schema *schema)
{
	(void)schema;   /* the board's only: .objects */
	for (size_t i = 0; i < 4; i++) {
		json_object *v = member(board, keys[i]);
		if (!(json_type_bits(v) & J_INT) || json_object_get_double(v) >= 0)
			continue;
		char rel[16];
		snprintf(rel, sizeof rel, "/%s", keys[i]);
		check_report(c, &rule_cut_off, rel, false,
			     "`%s` is the number of %s hidden and cannot be negative, found %s; "
			     "write 0 to hide none", keys[i], i < 2 ? "rows" : "columns",
			     dom_json(v, JSON_C_TO_STRING_SPACED, NULL));
	}
	check_pair(c, board, "cutOffTop", "cutOffBottom", c->rec->height, "row", "high");
	check_pair(c, board, "cutOffLeft", "cutOffRight", c->rec->width, "column", "wide");
}

const struct rule rule_cut_off = {
	.id = "cut-off",
	.category = "sections",
	.severity = SEV_ERROR,
	.summary = "a negative board cut-off, or cut-offs that hide the whole board",
	.explanation =
		"What it checks\n"
		"  `cutOffTop`, `cutOffBottom`, `cutOffLeft` and `cutOffRight` are the\n"
		"  numbers of rows and columns hidden when a problem is shown: integers\n"
		"  of 0 or more. Top and bottom together must leave at least one row\n"
		"  of the board's height visible, left and right at least one column\n"
		"  of its width. The sum is reported at the cut-off that crosses the\n"
		"  limit.\n"
		"\n"
		"Fails\n"
		"  { \"board\": { \"size\": 19, \"cutOffTop\": 10, \"cutOffBottom\": 9 } }\n"
		"\n"
		"Passes\n"
		"  { \"board\": { \"size\": 19, \"cutOffTop\": 10, \"cutOffBottom\": 8 } }\n",
	.on_object = check_cut_off,
	.objects = (const struct schema *const[]){ &schema_board, NULL },
};
