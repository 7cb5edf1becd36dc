/* ugf-move-number: a UGF [Data] move numbered out of sequence: moves lost,
 * doubled or out of order. Emitted by: convert/ugf.c. */
#include "core/rule.h"

const struct rule rule_ugf_move_number = {
	.id = "ugf-move-number",
	.category = "ugf",
	.severity = SEV_ERROR,
	.summary = "a UGF [Data] move out of sequence: moves lost, doubled or out of order",
	.explanation =
		"What it checks\n"
		"  `[Data]` numbers moves 1, 2, ... (0: setup stones). A gap lost\n"
		"  moves; a number repeated or out of place is a line doubled or moved.\n"
		"\n"
		"Fails\n"
		"    [Data]\n"
		"    CC,B1,1,0\n"
		"    EE,B1,3,0\n"
		"\n"
		"Passes\n"
		"    [Data]\n"
		"    CC,B1,1,0\n"
		"    EE,W1,2,0\n",
};
